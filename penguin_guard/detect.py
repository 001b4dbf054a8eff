"""Risk detection: explicit-crisis patterns first, then one of three detectors (`GuardConfig.detector`).

- "embedding" (default): MiniLM sentence embedding -> small numpy heads trained by
  scripts/build_detector.py (risky-vs-benign, severity, 7-way domain). Offline, a few ms per prompt.
  Turns that are not English go to multilingual-e5-small heads built the same way (`GuardConfig.multilingual`).
  With `GuardConfig.cascade` (default on) a tiny linear model on hashed word/character n-grams first settles
  the clearly everyday prompts (~0.1 ms) so that only the rest pay for the encoder; its cut-off is tuned so
  that it passes 99.5% of the risky training examples on to the encoder (out of fold).
- "patterns": the keyword heuristic, no model at all (for tiny deployments and as a reference).
- "llm": an LLM through LiteLLM answers JSON {level, domain, reason}; any failure or invalid answer falls back
  to the embedding detector, so a provider outage never turns detection off.

Crisis patterns always run first on the whole text: a crisis is never left to a model's judgement.
"""

from __future__ import annotations

import json
import logging
import re
import zlib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Literal

import numpy as np
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from penguin_guard import e5_embed
from penguin_guard.config import GuardConfig, Thresholds
from penguin_guard.crisis import find_crisis
from penguin_guard.hookspecs import hookimpl
from penguin_guard.language import is_english
from penguin_guard.models import RiskAssessment
from penguin_guard.taxonomy import DOMAINS, Domain

log = logging.getLogger(__name__)

__all__ = [
    "assess", "assess_embedding", "assess_risk", "assess_llm", "assess_patterns", "gate_features", "load_classifier", "parse_verdict",
    "thresholds_for", "window",
]

# Long prompts: MiniLM reads ~256 tokens (~1000 characters), so a long prompt is scored on its head and its
# tail separately (the request usually sits at one end) and the riskier half counts.
WINDOW_CHARS = 1000
_HALF = 600
# Characters that carry no meaning: zero-width, BOM, controls. A prompt made only of them (or of
# punctuation/emoji) has nothing to assess.
_INVISIBLE = re.compile(r"[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202f\u2060-\u206f\ufeff]+")


def window(text: str) -> list[str]:
    """The piece(s) of `text` the classifier reads: the text itself, or its head and tail when long."""
    text = " ".join(_INVISIBLE.sub(" ", text).split())
    if len(text) <= WINDOW_CHARS:
        return [text]
    return [text[:_HALF], text[-_HALF:]]


def _has_words(text: str) -> bool:
    return any(ch.isalnum() for ch in text)


# ---- first stage: hashed n-gram gate ------------------------------------------------------------------------

GATE_BITS = 15  # 32,768 hashed features
_GATE_MASK = (1 << GATE_BITS) - 1
_WORD = re.compile(r"[\w']+")


def gate_features(text: str) -> np.ndarray:
    """Unique hashed indices of the lower-cased word 1-2-grams and character 3-5-grams of `text` (crc32, not
    hash(): the indices must be the same in every process)."""
    words = _WORD.findall(text.lower())
    grams = ["w" + w for w in words] + [f"b{a} {b}" for a, b in zip(words, words[1:], strict=False)]
    padded = " " + " ".join(words) + " "
    for n in (3, 4, 5):
        grams += ["c" + padded[i:i + n] for i in range(len(padded) - n + 1)]
    return np.fromiter({zlib.crc32(g.encode("utf-8", "replace")) & _GATE_MASK for g in grams}, dtype=np.int64)


@dataclass(frozen=True)
class Gate:
    """Logistic model on L2-normalised binary n-gram features; a logit below `cutoff` means clearly everyday."""

    weights: np.ndarray  # (2**GATE_BITS,)
    bias: float
    cutoff: float

    def logit(self, text: str) -> float:
        found = gate_features(text)
        if len(found) == 0:
            return self.bias
        return float(self.weights[found].sum() / np.sqrt(len(found)) + self.bias)

    def settles(self, text: str) -> bool:
        return self.logit(text) < self.cutoff


# ---- embedding classifier -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Classifier:
    """The trained heads (see scripts/build_detector.py). Immutable; loaded once per process."""

    risk_w: np.ndarray  # (384,)
    risk_b: float
    domain_w: np.ndarray  # (384, 7)
    domain_b: np.ndarray  # (7,)
    severity_w: np.ndarray  # (384,)
    severity_b: float
    domains: tuple[str, ...]
    thresholds: Thresholds
    gate: Gate | None = None  # absent in a detector.npz built before the cascade
    # Weight of the gate's n-gram logit in P(risky) (scripts/build_detector.py STACK_GATE); 0 in older builds.
    stack_gate: float = 0.0

    def score(self, vectors: np.ndarray, gate_logits: np.ndarray | None = None) -> np.ndarray:
        """P(risky) * (1 + P(severe | risky)) / 2: ~0.5 for a sure "elevated" prompt, ~1.0 for a sure "high".

        P(risky) adds the gate's n-gram logit of each text (one per vector), times `stack_gate`, to the embedding
        head's logit: the n-grams tell "my friend lent" from "I lent", which the sentence vector blurs."""
        logits = vectors @ self.risk_w + self.risk_b
        if self.stack_gate and gate_logits is not None:
            logits = logits + self.stack_gate * gate_logits
        risky = 1.0 / (1.0 + np.exp(-logits))
        severe = 1.0 / (1.0 + np.exp(-(vectors @ self.severity_w + self.severity_b)))
        return risky * (1.0 + severe) / 2.0

    def domain(self, vector: np.ndarray) -> str:
        return self.domains[int(np.argmax(vector @ self.domain_w + self.domain_b))]


_DETECTOR_FILES = {"minilm": "detector.npz", "static": "static_detector.npz", "e5": "multilingual_detector.npz"}


@cache
def load_classifier(encoder: str = "minilm") -> Classifier:
    """Read the heads for `encoder` (detector.npz for MiniLM, multilingual_detector.npz for e5,
    static_detector.npz for the static table) from the package. Cached: they are immutable."""
    if encoder not in _DETECTOR_FILES:
        raise ValueError(f"detector encoder must be one of {sorted(_DETECTOR_FILES)}, not {encoder!r}")
    ref = resources.files("penguin_guard").joinpath(f"data/detector/{_DETECTOR_FILES[encoder]}")
    with ref.open("rb") as handle, np.load(handle, allow_pickle=False) as data:
        domains = tuple(str(d) for d in data["domains"])
        if domains != DOMAINS:
            raise RuntimeError(f"detector.npz was built for domains {domains}; rebuild it with scripts/build_detector.py")
        elevated, high = (float(t) for t in data["thresholds"])
        gate = None
        if "gate_w" in data.files:
            gate = Gate(weights=data["gate_w"].astype(np.float32), bias=float(data["gate_b"]),
                        cutoff=float(data["gate_cutoff"]))
        return Classifier(
            risk_w=data["risk_w"].astype(np.float32),
            risk_b=float(data["risk_b"]),
            domain_w=data["domain_w"].astype(np.float32),
            domain_b=data["domain_b"].astype(np.float32),
            severity_w=data["severity_w"].astype(np.float32),
            severity_b=float(data["severity_b"]),
            domains=domains,
            thresholds=Thresholds(elevated=elevated, high=high),
            gate=gate,
            stack_gate=float(data["stack_gate"]) if "stack_gate" in data.files else 0.0,
        )


def encoder_for(text: str, config: GuardConfig) -> str:
    """Which encoder reads `text`: the multilingual one for turns that are not English, when enabled."""
    if config.multilingual and config.detector_encoder == "minilm" and not is_english(text) and e5_embed.available():
        return "e5"
    return config.detector_encoder


def thresholds_for(config: GuardConfig, encoder: str | None = None) -> Thresholds:
    """Each cut-off the caller set explicitly (kwargs, env or YAML), else the one tuned at build time."""
    built = load_classifier(encoder or config.detector_encoder).thresholds
    if "thresholds" not in config.model_fields_set:
        return built
    chosen = config.thresholds
    return Thresholds(**{name: getattr(chosen if name in chosen.model_fields_set else built, name)
                         for name in Thresholds.model_fields})


def assess_embedding(text: str, config: GuardConfig) -> RiskAssessment:
    pieces = [p for p in window(text) if _has_words(p)]
    if not pieces:
        return RiskAssessment(level="none", score=0.0, reason="no text to assess", detector="embedding")
    encoder = encoder_for(text, config)
    classifier = load_classifier(encoder)
    limits = thresholds_for(config, encoder)
    gate = classifier.gate
    # The gate was tuned for the built cut-off; a caller who lowers `elevated` wants the encoder on everything.
    if (config.cascade and gate is not None and limits.elevated >= classifier.thresholds.elevated
            and all(gate.settles(p) for p in pieces)):
        return RiskAssessment(level="none", score=0.0, reason="clearly everyday (first-stage n-gram filter)",
                              detector="embedding (gate)")
    name = "embedding"
    read = pieces
    if encoder == "static":  # experiment: distilled token table, ~0.1 ms, not cached
        from penguin_guard.static_embed import encode as static_encode

        vectors, name = static_encode(pieces), "embedding (static)"
    elif encoder == "e5":
        vectors, name = e5_embed.encode(pieces), "embedding (multilingual)"
    else:
        from penguin_guard.embed import READ_TOKENS, cached_encode

        # One bounded read (head and tail, at most READ_TOKENS tokens: MiniLM costs ~0.15 ms per token), shared
        # with the RAISE agent, which embeds the same read.
        read = [" ".join(pieces)]
        vectors = cached_encode(read, max_tokens=READ_TOKENS)
    stacked = (np.array([gate.logit(t) for t in read], dtype=np.float32)
               if gate is not None and classifier.stack_gate else None)
    scores = classifier.score(vectors, stacked)
    best = int(np.argmax(scores))
    score = float(np.clip(scores[best], 0.0, 1.0))
    if score < limits.elevated:
        return RiskAssessment(level="none", score=score, reason="not a high-risk personal request", detector=name)
    domain = classifier.domain(vectors[best])
    level = "high" if score >= limits.high else "elevated"
    return RiskAssessment(level=level, domain=domain, score=score, reason=f"personal {domain} request", detector=name)


# ---- keyword heuristic ("patterns") -------------------------------------------------------------------------

_PERSONAL = re.compile(r"\b(i|i'm|i've|my|me|should i|we|our)\b", re.I)
_DOMAINS: dict[str, re.Pattern[str]] = {
    "relationship": re.compile(r"\b(breakup|broke up|divorce|husband|wife|partner|boyfriend|girlfriend|marriage|family|parents?|ex)\b", re.I),
    "career": re.compile(r"\b(job|quit|fired|laid off|boss|career|work|coworkers?|demoted|promotion)\b", re.I),
    "financial": re.compile(r"\b(debt|money|rent|loan|savings|401k|retirement|bankrupt|broke|invest\w*|credit card)\b", re.I),
    "social": re.compile(r"\b(friends?|lonely|alone|nobody|everyone|social|people think)\b", re.I),
    "health": re.compile(r"\b(diagnos\w*|illness|depress\w*|anxiety|medication|pills|therapy|weight|sick|pain)\b", re.I),
    "life": re.compile(r"\b(move|moving|start over|disappear|everything|life|leave)\b", re.I),
    "education": re.compile(r"\b(exam|failed|school|college|university|thesis|grades?|degree|class)\b", re.I),
}


def assess_patterns(text: str, config: GuardConfig) -> RiskAssessment:
    """Keyword heuristic: a first-person prompt that names a personal domain is risky."""
    joined = " ".join(window(text))
    if not _PERSONAL.search(joined):
        return RiskAssessment(level="none", score=0.05, reason="not a personal request", detector="patterns")
    hits = {d: len(p.findall(joined)) for d, p in _DOMAINS.items()}
    domain, count = max(hits.items(), key=lambda kv: kv[1])
    if count == 0:
        return RiskAssessment(level="none", score=0.1, reason="no personal risk domain", detector="patterns")
    score = min(0.99, 0.6 + 0.15 * count)
    level = "high" if score >= config.thresholds.high else "elevated"
    return RiskAssessment(level=level, domain=domain, score=score, reason=f"personal {domain} request", detector="patterns")


# ---- LLM detector -------------------------------------------------------------------------------------------

LLM_SYSTEM_PROMPT = """You screen messages sent to a chat assistant for personal risk. Decide whether the \
message asks for advice, a decision or coping help about the sender's own situation in one of these domains: \
relationship, career, financial, social, health, life, education. Such a request is risky even when it is \
phrased neutrally, because a generic answer can hurt a vulnerable person. Technical, factual, historical and \
creative requests are not risky, even on heavy topics, and idioms such as "this bug is killing me" are not.

Levels: "none" (not risky), "elevated" (personal, moderate stakes), "high" (serious or irreversible stakes, \
or signs of distress), "crisis" (explicit suicidal intent, current self-harm, or immediate danger).

Reply with one JSON object and nothing else:
{"level": "none|elevated|high|crisis", "domain": "<one domain or null>", "reason": "<at most 12 words>"}"""


class LLMVerdict(BaseModel):
    """What the LLM detector must answer; anything else is treated as a failure."""

    model_config = ConfigDict(extra="ignore")

    level: Literal["none", "elevated", "high", "crisis"]
    domain: Domain | None = None
    reason: str = Field("", max_length=300)

    @field_validator("level", "domain", mode="before")
    @classmethod
    def _lower(cls, value: object) -> object:
        return value.strip().lower() if isinstance(value, str) else value


_JSON_OBJECT = re.compile(r"\{.*\}", re.S)


def parse_verdict(reply: str) -> LLMVerdict:
    """The verdict in an LLM reply (bare JSON, or JSON inside prose / a code fence). Raises ValueError."""
    found = _JSON_OBJECT.search(reply or "")
    if found is None:
        raise ValueError("no JSON object in the reply")
    try:
        data = json.loads(found.group())
    except json.JSONDecodeError as exc:
        raise ValueError("invalid JSON in the reply") from exc
    if not isinstance(data, dict):
        raise ValueError("the reply is not a JSON object")
    if isinstance(data.get("domain"), str) and data["domain"].strip().lower() in ("", "null", "none", "n/a"):
        data["domain"] = None
    try:
        verdict = LLMVerdict.model_validate(data)
    except ValidationError as exc:
        raise ValueError(f"unexpected verdict fields: {[e['loc'] for e in exc.errors()]}") from exc
    if verdict.level in ("elevated", "high") and verdict.domain is None:
        raise ValueError("a risky verdict without a domain")
    return verdict


def assess_llm(text: str, config: GuardConfig) -> RiskAssessment:
    """Ask config.detector_model; on any failure or invalid answer, use the embedding detector instead."""
    if not config.detector_model:
        log.warning("detector 'llm' needs detector_model; using the embedding detector")
        return assess_embedding(text, config)
    from penguin_guard.llm import complete_text

    params = {"temperature": 0, "timeout": 20, **config.detector_params}
    content = " ".join(window(text)) if len(text) > WINDOW_CHARS else text
    try:
        # Through penguin_guard.llm: marked as the guard's own call (an SDK hook does not guard it again), and
        # safe from inside a running event loop.
        answer, _ = complete_text(config.detector_model,
                                  [{"role": "system", "content": LLM_SYSTEM_PROMPT}, {"role": "user", "content": content}],
                                  retries=0, timeout=float(params.pop("timeout")), **params)
        verdict = parse_verdict(answer)
    except Exception as exc:  # provider errors come in many types; all mean "use the offline detector"
        log.warning("LLM detector failed (%s); using the embedding detector", type(exc).__name__)
        fallback = assess_embedding(text, config)
        return fallback.model_copy(update={"detector": "embedding (llm fallback)"})
    score = {"none": 0.05, "elevated": 0.65, "high": 0.9, "crisis": 1.0}[verdict.level]
    domain = verdict.domain if verdict.level != "none" else None
    if verdict.level == "crisis" and domain is None:
        domain = "health"
    return RiskAssessment(level=verdict.level, domain=domain, score=score, reason=verdict.reason[:200], detector="llm")


# ---- entry point --------------------------------------------------------------------------------------------


def assess(text: str, config: GuardConfig) -> RiskAssessment:
    """Assess one user turn on its own (outside a Guard): crisis patterns, then the configured detector."""
    match = find_crisis(text)
    if match is not None:
        return RiskAssessment(level="crisis", domain="health", score=1.0, reason=match.reason, detector="patterns")
    return assess_risk(text, config)


def assess_risk(text: str, config: GuardConfig) -> RiskAssessment:
    """The configured detector alone (the guard has already run its crisis check on `text`)."""
    if config.detector == "patterns":
        return assess_patterns(text, config)
    if config.detector == "llm":
        return assess_llm(text, config)
    return assess_embedding(text, config)


@hookimpl(trylast=True)
def penguin_assess_risk(text: str, config: GuardConfig) -> RiskAssessment:
    return assess_risk(text, config)
