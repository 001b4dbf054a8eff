"""The plugin-backed stages of a decision, each with its documented fallback.

Every stage is a pluggy hook (`hookspecs.py`). Calling one goes through here so that a failing plugin degrades
the way README "Failure behaviour" says: a broken detector is replaced by the registered built-in one (and
the crisis floor stands either way), a broken policy by the priority table, a broken extractor by the
offline rules. Failures are counted in the guard's `stats`; nothing here logs a user's text or values.
"""

from __future__ import annotations

import logging
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import pluggy

from penguin_guard import crisis_check, escalate
from penguin_guard.config import GuardConfig
from penguin_guard.language import guess_language
from penguin_guard.models import Extraction, PolicyStep, Profile, RiskAssessment
from penguin_guard.normalize import normalize_for_detection
from penguin_guard.taxonomy import ATTRIBUTES, DOMAINS

log = logging.getLogger("penguin_guard.guard")

# Without the topic head (penguin_guard/topic_head.py), the cosine at or above which a self-contained turn is about
# its episode. MiniLM, for English turns: against risky requests, 95% of the detector's everyday training prompts
# score below ~0.15; follow-ups such as "Which city would be cheapest?" after "...move somewhere nobody knows me?"
# score ~0.2-0.35. multilingual-e5, for other languages: chosen on the retired conversation rounds 51, 54 and 56 and
# scripts/data/conversation_dev.jsonl (benchmarks/RESULTS.md, T57); e5's cosines of unrelated sentences sit near
# 0.8, so its scale is narrow.
TOPIC_SIMILARITY_E5 = 0.825
TOPIC_SIMILARITY = 0.15


def normalise(text: str) -> str:
    """Whitespace- and case-insensitive form used to recognise the guard's own texts in a conversation."""
    return " ".join(text.split()).lower()


@dataclass(frozen=True, eq=False)
class Stages:
    """One guard's plugin manager and config, as the functions a decision needs."""

    pm: pluggy.PluginManager
    config: GuardConfig
    stats: Counter[str] = field(default_factory=Counter)
    # language -> {normalised question -> attribute}: filled per language on first use, so a question plugin is called
    # for the languages replies are actually in, not for every language the guard can ask in
    _asked_in: dict[str, dict[str, str]] = field(default_factory=dict, repr=False)

    def _builtin(self, hook: str, plugin: str) -> Any:
        """Call `hook` on the registered built-in `plugin` only: the fallback when a third-party stage fails."""
        others = [p for p in self.pm.get_plugins() if self.pm.get_name(p) != plugin]
        return self.pm.subset_hook_caller(hook, remove_plugins=others)

    # ---- judging ------------------------------------------------------------------------------------------

    def assess(self, *texts: str, warnings: bool = True) -> RiskAssessment:
        """The crisis floor on each text and on all of them together, then the risk detector on all of them.
        Nothing a detector plugin returns can hide a crisis the floor found. `warnings=False`: the learned head
        looks for a crisis only (the rules still give their warnings), for a reply to the guard's question."""
        joined = "\n".join(t for t in texts if t).strip()
        view = normalize_for_detection(joined)  # once: the floor and the detector read the same view
        pieces = [(t, normalize_for_detection(t)) for t in texts if t] if len(texts) > 1 else []
        floor = self._floor([*pieces, (joined, view)], warnings)
        if floor is not None and floor.is_crisis:
            return floor
        risk = self._detect(view)
        if risk.is_crisis:
            return risk
        if floor is not None and floor.warning_signs:  # at least "high", in the detector's domain when it found one
            domain = risk.domain if risk.is_risky and risk.domain else floor.domain
            return floor.model_copy(update={"domain": domain, "score": max(floor.score, risk.score)})
        if floor is not None:  # a plugin's concern
            return risk.model_copy(update={"concern": True, "signals": risk.signals + floor.signals})
        if warnings and risk.is_risky and crisis_check.shows_concern(view, self.config.crisis_sensitivity):
            return risk.model_copy(update={"concern": True, "signals": (*risk.signals, "crisis-head")})
        return risk

    def _floor(self, pieces: list[tuple[str, str]], warnings: bool = True) -> RiskAssessment | None:
        """The most urgent crisis-floor verdict over (text, normalised view) pairs: a crisis, else warning signs,
        else a concern, else None."""
        verdicts = [crisis_check.check(self._crisis_signals(text, view, warnings)) for text, view in pieces if text]
        found = [v for v in verdicts if v is not None]
        return max(found, key=lambda v: (v.is_crisis, v.warning_signs), default=None)

    def _crisis_signals(self, text: str, view: str, warnings: bool = True) -> list[crisis_check.CrisisSignal]:
        signals = crisis_check.builtin_signals(text, view, self.config.crisis_sensitivity, warnings,
                                               support_check_in=self.config.support_replies == "check_in")
        try:
            signals += crisis_check.collect_plugin_signals(
                self.pm.hook.penguin_crisis_signals(text=view, config=self.config))
        except Exception as exc:  # a broken signal plugin adds nothing; the built-in check still stands
            self.stats["crisis_plugin_failures"] += 1
            log.warning("a penguin_crisis_signals plugin failed (%s)", type(exc).__name__)
        return signals

    def _detect(self, view: str) -> RiskAssessment:
        try:
            risk = self.pm.hook.penguin_assess_risk(text=view, config=self.config)
        except Exception as exc:  # a broken detector plugin: the built-in detector still answers
            self.stats["detector_failures"] += 1
            log.warning("risk detector failed (%s); using the built-in detector", type(exc).__name__)
            try:
                risk = self._builtin("penguin_assess_risk", "penguin_guard.detect")(text=view, config=self.config)
            except Exception as inner:
                log.warning("built-in detector failed too (%s); crisis check only", type(inner).__name__)
                risk = RiskAssessment(reason="detector failed; no explicit crisis", detector="crisis-floor")
        return risk if risk is not None else RiskAssessment(reason="no detector answered")

    # ---- learning and asking ------------------------------------------------------------------------------

    def extract(self, reply: str, asked: str | None, profile: Profile) -> Extraction:
        """The extractor hook's answer as an `Extraction` (plugins may return a dict of the same shape)."""
        kwargs = {"reply": reply, "asked_attribute": asked, "profile": profile}
        try:
            found = self.pm.hook.penguin_extract_attributes(**kwargs, config=self.config)
            return Extraction.model_validate(found if found is not None else {})
        except Exception as exc:  # a failing extractor plugin: the built-in offline rules still read the reply
            self.stats["extractor_failures"] += 1
            log.warning("attribute extractor failed (%s); using the offline rules", type(exc).__name__)
            offline = self.config.model_copy(update={"extractor": "offline"})
            found = self._builtin("penguin_extract_attributes", "penguin_guard.extract")(**kwargs, config=offline)
            return Extraction.model_validate(found)

    def next_step(self, query: str, risk: RiskAssessment, profile: Profile, asked: int) -> PolicyStep:
        kwargs = {"query": query, "risk": risk, "profile": profile, "asked_this_request": asked}
        try:
            step = self.pm.hook.penguin_next_step(**kwargs, config=self.config)
        except Exception as exc:  # e.g. an LLM-backed policy got garbage: the bundled table still works
            self.stats["policy_failures"] += 1
            log.warning("policy %r failed (%s)", self.config.policy, type(exc).__name__)
            step = None
        if step is None:
            log.warning("policy %r gave no step; using the priority table", self.config.policy)
            priority = self.config.model_copy(update={"policy": "priority"})
            step = self._builtin("penguin_next_step", "penguin_guard.policy")(**kwargs, config=priority)
        return step

    def question(self, attribute: str, domain: str | None, language: str = "en") -> str:
        return self.pm.hook.penguin_render_question(attribute=attribute, domain=domain, config=self.config,
                                                    language=language)

    @cached_property
    def resources(self) -> str:
        """The crisis resources block for the configured locale."""
        return escalate.render_resources(self.config.locale, self.config.crisis_resources_path)

    def safety_check_for(self, text: str) -> str:
        """The check-in in the language `text` is written in, when it is one the check-in is written in."""
        return escalate.safety_check_text(self.resources, guess_language(text))

    def _questions(self, language: str) -> dict[str, str]:
        """Every question the guard can ask in `language`, in every domain's wording (normalised) -> the attribute
        it asks for."""
        if language not in self._asked_in:
            self._asked_in[language] = {normalise(self.question(a, d, language)): a
                                        for d in (None, *DOMAINS) for a in ATTRIBUTES}
        return self._asked_in[language]

    @cached_property
    def _check_ins(self) -> frozenset[str]:
        """The safety check-in as shown, in every language it is written in (normalised)."""
        return frozenset(normalise(escalate.safety_check_text(self.resources, language))
                         for language in escalate.safety_check_questions())

    def asks_for(self, reply: str | None) -> str | None:
        """The attribute an assistant reply asks for when it is one of the guard's questions (the safety check-in
        included), else None. The reply's own language says which questions to compare it with."""
        if not reply:
            return None
        said = normalise(reply)
        if said in self._check_ins:
            return escalate.SAFETY_CHECK
        return self._questions("en").get(said) or self._questions(guess_language(reply) or "en").get(said)

    def is_crisis_reply(self, reply: str) -> bool:
        """Whether an assistant reply is the guard's crisis reply (it starts with the resources block)."""
        return normalise(reply).startswith(normalise(self.resources))

    def on_topic(self, text: str, *earlier: str | None) -> bool:
        """Whether `text` is about the same thing as the `earlier` turns of its episode (its request first; for a
        turn in another language also the user's turns since). The topic head reads the turn with the request, in
        any language (multilingual-e5 vectors). Without it, encoder cosine against any of them: MiniLM for English
        (where it already runs: the embedding detector or the RAISE policy), multilingual-e5 for other languages,
        which MiniLM, an English encoder, reads as all alike. With no encoder, False: the text cues decide alone."""
        others = [t for t in dict.fromkeys(earlier) if t and t != text]
        if not others:
            return False
        try:
            import numpy as np

            from penguin_guard import e5_embed
            from penguin_guard.episode import in_english
            from penguin_guard.topic_head import load_topic_head

            head = load_topic_head() if e5_embed.available() else None
            request = earlier[0]
            if head is not None and request and request == others[0]:
                turn_vector, request_vector = e5_embed.encode([text, request])
                return head.on_topic(turn_vector, request_vector)
            minilm = (self.config.detector != "patterns" and self.config.detector_encoder == "minilm"
                      or self.config.policy == "raise")
            if not in_english(text) and e5_embed.available():
                vectors, cut_off = np.asarray(e5_embed.encode([text, *others]), dtype=np.float32), TOPIC_SIMILARITY_E5
            elif minilm:
                from penguin_guard.embed import cached_encode

                vectors, cut_off = np.asarray(cached_encode([text, *others]), dtype=np.float32), TOPIC_SIMILARITY
            else:
                return False
        except (ImportError, OSError, RuntimeError, ValueError) as exc:  # no encoder: the cues decide
            log.warning("topic check unavailable (%s)", type(exc).__name__)
            return False
        unit = vectors / (np.linalg.norm(vectors, axis=1, keepdims=True) + 1e-9)
        return float((unit[1:] @ unit[0]).max()) >= cut_off

    def enrichment(self, profile: Profile, risk: RiskAssessment, request: str) -> str:
        return self.pm.hook.penguin_build_enrichment(profile=profile, risk=risk, original_request=request,
                                                      config=self.config)
