"""Benchmark runs: generate a reply per item under one mode, judge it, append the result to a run folder.

A run folder holds `manifest.json` (what was run: models, parameters, data hash, package version),
`results.jsonl` (one finished item per line, append-only), `errors.jsonl` (items whose model calls failed;
they are retried on resume) and, by default, `cache.sqlite` (model responses keyed by model + messages +
params). Starting a run again in the same folder resumes it: finished items are skipped, a line cut short by
a kill is dropped, and nothing is written twice.

Modes:
- the paper's Table 2 (paper-spec 4.5): `vanilla` (the query alone), `agent` (+Agent: the model's abstention
  and attribute selection, no planned paths) and `planner` (+Planner: the same with the k nearest planned
  paths of a library as examples). Every item goes through the agent, with no detector in front, for up to
  `max_turns` turns; the simulated user answers from the stored profile; the answer is the context-rich prompt
  restricted to the acquired attributes (`penguin_guard.raise_policy.online`);
- analysis: `context-free` (= vanilla), `context-rich` (the full profile), `attribute:NAME` (one attribute);
- product modes, which measure penguin-guard itself rather than the paper's agent: `guard` (the guard's
  detector decides whether to ask at all, its question budget, its extraction of the simulated user's replies,
  and its enriched upstream call with safety guidance) and `raise-llm` (the same with the RAISE policy in LLM
  mode). Their gains mix guidance with acquisition; the paper modes do not.
Every mode answers under the one responder prompt of `penguin_guard.bench.protocol` (the planner's reward
uses it too).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from pydantic import BaseModel, Field, field_validator

from penguin_guard import retry
from penguin_guard.bench.items import BenchItem
from penguin_guard.bench.judge import JudgeCall, JudgeSample, ask_judge, summarize
from penguin_guard.bench.loaders import unique
from penguin_guard.bench.protocol import (
    RESPONDER_SYSTEM_PROMPT,
    JudgeSettings,
    ResponderSettings,
    check_judge_model,
    protocol_metadata,
    responder_messages,
)
from penguin_guard.bench.simulate import PERSONAS, SimulatedUser
from penguin_guard.llm import LLMError, ResponseCache, prepare_model, response_text, usage_of
from penguin_guard.taxonomy import canonical_attribute

__all__ = ["RESPONDER_SYSTEM_PROMPT", "PAPER_MODES", "PRODUCT_MODES", "RunConfig", "RunError", "Runner", "load_run"]

PAPER_MODES = ("vanilla", "agent", "planner")
PRODUCT_MODES = ("guard", "raise-llm")
MODES_HELP = ("paper: vanilla, agent, planner; analysis: context-free, context-rich, attribute:NAME; "
              "product: guard, raise-llm")


class RunError(ValueError):
    """A run that cannot start: bad mode, a folder made with other settings, a missing optional part."""


def parse_mode(mode: str) -> tuple[str, str | None]:
    """(kind, attribute) for a mode string; raises RunError for an unknown mode or attribute."""
    if mode in ("context-free", "context-rich", *PAPER_MODES, *PRODUCT_MODES):
        return mode, None
    if mode.startswith("attribute:"):
        attribute = canonical_attribute(mode.split(":", 1)[1])
        if attribute is None:
            raise RunError(f"unknown attribute in mode {mode!r}")
        return "attribute", attribute
    raise RunError(f"unknown mode {mode!r}; expected one of: {MODES_HELP}")


class RunConfig(BaseModel):
    """Everything that defines a run. The fields in IDENTITY must match when a run folder is resumed."""

    data: str
    model: str
    judge: str
    mode: str = "context-free"
    limit: int | None = Field(None, ge=1)
    concurrency: int = Field(8, ge=1, le=1024)
    seed: int = 0
    max_tokens: int = Field(ResponderSettings().max_tokens, ge=1)
    temperature: float = ResponderSettings().temperature
    judge_samples: int = Field(1, ge=1, le=20)
    judge_temperature: float = JudgeSettings().temperature
    judge_max_tokens: int = Field(JudgeSettings().max_tokens, ge=64)
    judge_parse_retries: int = Field(JudgeSettings().parse_retries, ge=0)
    retries: int = Field(3, ge=0)
    timeout: float = Field(120.0, gt=0)
    persona: str = "cooperative"
    simulator: str | None = None  # a LiteLLM model for the simulated user; None = scripted answers
    max_turns: int = Field(10, ge=0, le=10)
    # the paper modes' agent (penguin_guard.raise_policy.online)
    abstention: str = "scale"
    tau: int = Field(3, ge=0, le=5)
    k: int = Field(5, ge=1, le=50)
    library: str | None = None  # planner mode: a path library folder; None = the bundled one
    guard_config: str | None = None  # a GuardConfig YAML for the guard / raise-llm modes
    policy_options: dict[str, Any] = Field(default_factory=dict)
    # Extra LiteLLM keyword arguments (api_base, api_key, ...) for the responder and the judge; normally the
    # provider environment variables are enough. Not written to the manifest.
    model_params: dict[str, Any] = Field(default_factory=dict, exclude=True)
    judge_params: dict[str, Any] = Field(default_factory=dict, exclude=True)
    cache: bool = True

    IDENTITY: ClassVar[tuple[str, ...]] = ("model", "judge", "mode", "seed", "max_tokens", "temperature", "judge_samples",
                                 "judge_temperature", "persona", "simulator", "max_turns", "policy_options",
                                 "abstention", "tau", "k", "library")

    @field_validator("judge")
    @classmethod
    def _judge(cls, value: str) -> str:
        return check_judge_model(value)

    @field_validator("abstention")
    @classmethod
    def _abstention(cls, value: str) -> str:
        from penguin_guard.raise_policy.online import ABSTENTIONS

        if value not in ABSTENTIONS:
            raise ValueError(f"unknown abstention {value!r}; choose one of {', '.join(ABSTENTIONS)}")
        return value

    @field_validator("mode")
    @classmethod
    def _mode(cls, value: str) -> str:
        parse_mode(value)
        return value

    @field_validator("persona")
    @classmethod
    def _persona(cls, value: str) -> str:
        if value not in PERSONAS:
            raise ValueError(f"unknown persona {value!r}; choose one of {', '.join(PERSONAS)}")
        return value


class RunCache(ResponseCache):
    """The project's response cache with batched writes: one commit per `batch` responses, not per response
    (a commit per response caps a run near 100 responses per second and blocks the event loop meanwhile).
    A kill loses at most the last batch of cache entries, never a result: results.jsonl is written per item."""

    def __init__(self, path: str | Path, batch: int = 64):
        super().__init__(path)
        self.batch = batch
        self._pending: dict[str, tuple[str, str, float]] = {}
        with self._lock:
            self._conn.execute("PRAGMA synchronous=NORMAL")

    def get(self, key: str) -> tuple[str, dict] | None:
        waiting = self._pending.get(key)
        if waiting is not None:
            self.hits += 1
            return waiting[0], json.loads(waiting[1])
        return super().get(key)

    def put(self, key: str, text: str, meta: dict | None = None) -> None:
        self._pending[key] = (text, json.dumps(meta or {}), time.time())
        if len(self._pending) >= self.batch:
            self.flush()

    def flush(self) -> None:
        rows = [(key, *row) for key, row in self._pending.items()]
        self._pending = {}
        if rows:
            with self._lock:
                self._conn.executemany(
                    "INSERT OR REPLACE INTO responses (key, text, meta, created) VALUES (?, ?, ?, ?)", rows)
                self._conn.commit()

    def close(self) -> None:
        self.flush()
        super().close()


def data_hash(items: Sequence[BenchItem]) -> str:
    digest = hashlib.sha256()
    for item in items:
        digest.update(item.model_dump_json().encode())
        digest.update(b"\n")
    return digest.hexdigest()[:16]


def select(items: Sequence[BenchItem], limit: int | None, seed: int) -> list[BenchItem]:
    """The items a run covers: all, or a seeded random sample of `limit` (the same one on every resume)."""
    chosen = list(items)
    if limit is not None and limit < len(chosen):
        chosen = random.Random(seed).sample(chosen, limit)
    return chosen


def _package_version() -> str:
    try:
        from importlib.metadata import version

        return version("penguin-guard")
    except Exception:
        return "unknown"


@dataclass
class Totals:
    """Running counters for the progress bar and the summary (single event loop: no locking needed)."""

    done: int = 0
    failed: int = 0
    skipped: int = 0
    calls: int = 0
    cache_hits: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost: float = 0.0
    missing_scores: int = 0
    started: float = field(default_factory=time.perf_counter)

    def add(self, meta: dict) -> None:
        self.calls += 1
        self.cache_hits += bool(meta.get("cache_hit"))
        usage = meta.get("usage") or {}
        self.prompt_tokens += int(usage.get("prompt_tokens", 0))
        self.completion_tokens += int(usage.get("completion_tokens", 0))
        self.cost += float(meta.get("cost") or 0.0) if not meta.get("cache_hit") else 0.0

    def summary(self) -> dict[str, Any]:
        elapsed = time.perf_counter() - self.started
        return {"done": self.done, "failed": self.failed, "skipped": self.skipped, "calls": self.calls,
                "cache_hits": self.cache_hits, "prompt_tokens": self.prompt_tokens,
                "completion_tokens": self.completion_tokens, "cost": round(self.cost, 6),
                "missing_scores": self.missing_scores, "elapsed_s": round(elapsed, 3),
                "items_per_s": round(self.done / elapsed, 3) if elapsed > 0 else None}


def repair_tail(path: Path) -> None:
    """Drop a last line left incomplete by a killed run, so the next append starts on a fresh line."""
    if not path.exists() or path.stat().st_size == 0:
        return
    data = path.read_bytes()
    if data.endswith(b"\n"):
        return
    path.write_bytes(data[: data.rfind(b"\n") + 1])


def finished_ids(path: Path) -> set[str]:
    """Item ids already in a results file (malformed lines are ignored: they are re-run)."""
    done: set[str] = set()
    if not path.exists():
        return done
    with path.open(encoding="utf-8") as handle:
        for line in handle:
            try:
                done.add(json.loads(line)["item_id"])
            except (ValueError, KeyError, TypeError):
                continue
    return done


class Runner:
    """Runs one RunConfig over a list of items into a run folder."""

    def __init__(self, config: RunConfig, items: Sequence[BenchItem], out: str | Path, *,
                 progress: bool = False, on_result: Callable[[dict], None] | None = None):
        self.config = config
        self.kind, self.attribute = parse_mode(config.mode)
        self.all_items = unique(items)
        self.items = select(self.all_items, config.limit, config.seed)
        self.out = Path(out)
        self.progress = progress
        self.on_result = on_result
        self.totals = Totals()
        self.cache: ResponseCache | None = None
        self.guard: Any = None
        self.library: Any = None

    # ---- folder -------------------------------------------------------------------------------------------

    def manifest(self) -> dict[str, Any]:
        guard = None
        if self.guard is not None:  # the guard's effective settings, without credentials or extra call params
            guard = self.guard.config.model_dump(mode="json", exclude={"detector_params", "extractor_params"})
            guard.get("policy_options", {}).pop("params", None)
        return {
            "kind": "penguin-bench-run",
            "config": self.config.model_dump(mode="json"),
            "data_hash": data_hash(self.all_items),
            "data_items": len(self.all_items),
            "items": len(self.items),
            "package_version": _package_version(),
            "guard_config": guard,
            "protocol": protocol_metadata(
                ResponderSettings(temperature=self.config.temperature, max_tokens=self.config.max_tokens),
                JudgeSettings(temperature=self.config.judge_temperature, max_tokens=self.config.judge_max_tokens,
                              parse_retries=self.config.judge_parse_retries)),
            "library": self.library.meta if self.library is not None else None,
            "created": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        }

    def _prepare_folder(self) -> None:
        self.out.mkdir(parents=True, exist_ok=True)
        path = self.out / "manifest.json"
        current = self.manifest()
        if path.exists():
            old = json.loads(path.read_text(encoding="utf-8"))
            if old.get("data_hash") != current["data_hash"]:
                raise RunError(f"{self.out} holds a run over different data; use another --out folder")
            for name in RunConfig.IDENTITY:
                if old.get("config", {}).get(name) != current["config"].get(name):
                    raise RunError(f"{self.out} holds a run with a different {name!r}; use another --out folder")
            current["created"] = old.get("created", current["created"])
            current["resumed"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        path.write_text(json.dumps(current, indent=2), encoding="utf-8")
        repair_tail(self.out / "results.jsonl")
        repair_tail(self.out / "errors.jsonl")

    # ---- model calls --------------------------------------------------------------------------------------

    async def _call(self, model: str, messages: list[dict], params: dict[str, Any], salt: str = "") -> tuple[str, dict]:
        """One cached model call. `salt` separates repeated samples of the same request in the cache."""
        key = ResponseCache.key(model, messages, {**params, "_salt": salt}) if self.cache is not None else None
        if key is not None and self.cache is not None:
            found = self.cache.get(key)
            if found is not None:
                meta = {**found[1], "cache_hit": True, "latency_s": 0.0}
                self.totals.add(meta)
                return found[0], meta
        text, meta = await self._complete(model, messages, params)
        self.totals.add(meta)
        if key is not None and self.cache is not None:
            self.cache.put(key, text, {"usage": meta.get("usage", {}), "cost": meta.get("cost", 0.0)})
        return text, meta

    async def _complete(self, model: str, messages: list[dict], params: dict[str, Any]) -> tuple[str, dict]:
        """`litellm.acompletion` under the project's one retry policy (penguin_guard.retry). Like
        llm.acomplete_text, but the cost is read from the response (LiteLLM has computed it already): computing it
        again costs ~10% of a loopback run's CPU."""
        import litellm

        prepare_model(model)

        async def once() -> tuple[str, dict]:
            started = time.perf_counter()
            response = await litellm.acompletion(model=model, messages=messages, timeout=self.config.timeout, **params)
            hidden = getattr(response, "_hidden_params", None) or {}
            return response_text(response), {
                "usage": usage_of(response), "cost": float(hidden.get("response_cost") or 0.0),
                "latency_s": round(time.perf_counter() - started, 4), "cache_hit": False,
            }

        try:
            return await retry.acall(once, self._retry_policy())
        except Exception as exc:  # LiteLLM maps provider errors to many types
            raise LLMError(f"{model}: {type(exc).__name__}: {str(exc)[:300]}") from exc

    def _retry_policy(self) -> retry.RetryPolicy:
        return retry.RetryPolicy(retries=self.config.retries, backoff_seconds=0.5)

    def _responder_params(self) -> dict[str, Any]:
        params = {"max_tokens": self.config.max_tokens, "temperature": self.config.temperature}
        return {**params, **self.config.model_params}

    async def _judge(self, item: BenchItem, response: str) -> tuple[list[JudgeSample], dict[str, int]]:
        params = {"max_tokens": self.config.judge_max_tokens, "temperature": self.config.judge_temperature,
                  **self.config.judge_params}
        usage = {"prompt_tokens": 0, "completion_tokens": 0}

        def caller(sample: int) -> JudgeCall:
            async def call(messages: list[dict], attempt: int) -> str:
                text, meta = await self._call(self.config.judge, messages, params, salt=f"judge:{sample}:{attempt}")
                for k, v in (meta.get("usage") or {}).items():
                    usage[k] = usage.get(k, 0) + int(v)
                return text
            return call

        samples = [await ask_judge(caller(sample), item, response, self.config.judge_parse_retries)
                   for sample in range(self.config.judge_samples)]
        return samples, usage

    # ---- responses per mode -------------------------------------------------------------------------------

    def _make_guard(self) -> Any:
        from penguin_guard.config import GuardConfig
        from penguin_guard.guard import Guard
        from penguin_guard.session import MemoryStore

        overrides: dict[str, Any] = {}
        if self.kind == "raise-llm":
            try:
                import penguin_guard.raise_policy.plugin  # noqa: F401
            except ImportError as exc:
                raise RunError(
                    f"mode raise-llm needs the RAISE policy (penguin_guard.raise_policy.plugin): {exc}"
                ) from exc
            options = {"mode": "llm", "model": self.config.model, **self.config.policy_options}
            if self.config.model_params and "params" not in options:
                options["params"] = dict(self.config.model_params)
            overrides = {"policy": "raise", "policy_options": options}
        config = GuardConfig.load(self.config.guard_config, **overrides)
        return Guard(config, store=MemoryStore())

    async def _respond(self, item: BenchItem) -> dict[str, Any]:
        if self.kind in PRODUCT_MODES:
            return await self._respond_guarded(item)
        extra: dict[str, Any] = {}
        if self.kind in ("agent", "planner"):
            episode = await self._episode(item)
            attributes: list[str] | None = episode.path
            extra["episode"] = episode.model_dump(exclude={"path"})
        elif self.kind == "context-rich":
            attributes = None
        elif self.kind == "attribute":
            attributes = [self.attribute or ""]
        else:  # vanilla, context-free
            attributes = []
        text, meta = await self._call(self.config.model, responder_messages(item, attributes),
                                      self._responder_params())
        asked = list(attributes or []) if self.kind in ("agent", "planner") else []
        return {"response": text, "tokens": meta.get("usage", {}), "cache_hit": bool(meta.get("cache_hit")),
                "questions": {"count": len(asked), "attributes": asked}, **extra}

    async def _episode(self, item: BenchItem) -> Any:
        """The paper's acquisition dialogue for one item (+Agent, or +Planner with retrieved paths)."""
        from penguin_guard.raise_policy.online import AgentSettings, retrieve_for, run_episode

        settings = AgentSettings(abstention=self.config.abstention, tau=self.config.tau,
                                 max_turns=self.config.max_turns, k=self.config.k)
        neighbours = retrieve_for(item, self.library, settings.k) if self.kind == "planner" else []

        async def call(messages: list[dict], params: dict[str, Any]) -> str:
            text, _ = await self._call(self.config.model, messages, {**params, **self.config.model_params})
            return text

        return await run_episode(item, call, settings, neighbours)

    async def _respond_guarded(self, item: BenchItem) -> dict[str, Any]:
        user = SimulatedUser(item, self.config.persona, model=self.config.simulator,
                             params=self.config.model_params if self.config.simulator else None,
                             seed=self.config.seed, cache=self.cache)
        messages: list[dict] = [{"role": "system", "content": RESPONDER_SYSTEM_PROMPT},
                                {"role": "user", "content": item.query}]
        asked: list[str] = []
        prepared = await self.guard.aprepare(messages, session_id=item.id)
        while prepared.decision.action == "ask" and len(asked) < self.config.max_turns:
            question = prepared.decision.question or ""
            answer = await user.answer(question, prepared.decision.attribute)
            asked.append(prepared.decision.attribute or "")
            messages += [{"role": "assistant", "content": question}, {"role": "user", "content": answer}]
            prepared = await self.guard.aprepare(messages, session_id=item.id)
        decision = prepared.decision
        if decision.action == "ask":  # out of turns: the reply the user sees is still a question
            text, usage = decision.question or "", {}
        else:
            response = await self._guarded_call(prepared)
            text = response.choices[0].message.content or ""
            # Only a pass-through response carries the provider's usage; the guard builds enrich/escalate
            # responses itself without it, so their tokens are unknown ({}), not zero.
            usage = usage_of(response) if decision.action == "pass" else {}
            self.totals.add({"usage": usage})
        self.guard.forget(item.id)
        return {"response": text, "tokens": usage, "cache_hit": False, "guard_action": decision.action,
                "risk_level": decision.risk.level,
                "questions": {"count": len(asked), "attributes": asked,
                              "declined": list(decision.declined_attributes)},
                "simulator_tokens": user.usage}

    async def _guarded_call(self, prepared: Any) -> Any:
        """The guard's upstream call. Its fixed fallback replies mean the provider failed: an error here, not a
        response to score."""
        from penguin_guard.escalate import FIXED_CRISIS_REPLY
        from penguin_guard.reply import SAFE_FALLBACK_REPLY

        async def once() -> Any:
            response = await self.guard.acomplete(prepared, model=self.config.model, **self._responder_params())
            text = response.choices[0].message.content or ""
            if text.strip() == SAFE_FALLBACK_REPLY or FIXED_CRISIS_REPLY in text:
                raise LLMError("the guard's upstream call failed (fallback reply)")
            return response

        try:
            return await retry.acall(once, self._retry_policy())
        except Exception as exc:  # provider errors surface as many LiteLLM types
            raise LLMError(f"{self.config.model}: {type(exc).__name__}: {str(exc)[:300]}") from exc

    async def _run_item(self, item: BenchItem) -> dict[str, Any]:
        started = time.perf_counter()
        answer = await self._respond(item)
        response_latency = time.perf_counter() - started
        samples, judge_usage = await self._judge(item, answer["response"])
        summary = summarize(samples)
        return {
            "item_id": item.id, "domain": item.domain, "scenario": item.scenario, "source": item.source,
            "mode": self.config.mode, "model": self.config.model, "judge_model": self.config.judge,
            **answer,
            "judge": [s.model_dump() for s in samples],
            **summary,
            "latency_s": round(response_latency, 4),
            "total_latency_s": round(time.perf_counter() - started, 4),
            "judge_tokens": judge_usage,
        }

    # ---- the run ------------------------------------------------------------------------------------------

    async def arun(self) -> dict[str, Any]:
        """Run every pending item; returns the summary (also written to summary.json)."""
        if self.kind in PRODUCT_MODES:
            self.guard = self._make_guard()
        if self.kind == "planner":
            from penguin_guard.raise_policy.library import load_library

            try:
                self.library = load_library(self.config.library)
            except (OSError, ValueError) as exc:
                raise RunError(f"planner mode: cannot load the path library: {exc}") from exc
        self._prepare_folder()
        if self.config.cache:
            self.cache = RunCache(self.out / "cache.sqlite")
        done = finished_ids(self.out / "results.jsonl")
        pending = [item for item in self.items if item.id not in done]
        self.totals.skipped = len(self.items) - len(pending)
        queue: asyncio.Queue[BenchItem] = asyncio.Queue()
        for item in pending:
            queue.put_nowait(item)
        results = (self.out / "results.jsonl").open("a", encoding="utf-8")
        errors = (self.out / "errors.jsonl").open("a", encoding="utf-8")
        bar = _Progress(len(pending), self.totals) if self.progress else None

        async def worker() -> None:
            while True:
                try:
                    item = queue.get_nowait()
                except asyncio.QueueEmpty:
                    return
                try:
                    record = await self._run_item(item)
                except Exception as exc:  # one item's failure is logged and retried on resume, never scored
                    self.totals.failed += 1
                    errors.write(json.dumps({"item_id": item.id, "error": f"{type(exc).__name__}: {str(exc)[:300]}",
                                             "at": time.time()}) + "\n")
                    errors.flush()
                else:
                    results.write(json.dumps(record, ensure_ascii=False) + "\n")
                    results.flush()
                    self.totals.done += 1
                    self.totals.missing_scores += record["score"] is None
                    if self.on_result is not None:
                        self.on_result(record)
                if bar is not None:
                    bar.advance()

        try:
            if bar is not None:
                bar.start()
            await asyncio.gather(*(worker() for _ in range(min(self.config.concurrency, max(1, len(pending))))))
        finally:
            if bar is not None:
                bar.stop()
            results.close()
            errors.close()
            if self.cache is not None:
                self.cache.close()
        summary = self.totals.summary()
        (self.out / "summary.json").write_text(json.dumps(summary, indent=2), encoding="utf-8")
        return summary

    def run(self) -> dict[str, Any]:
        return asyncio.run(self.arun())


class _Progress:
    """A rich progress bar showing throughput, tokens and cost."""

    def __init__(self, total: int, totals: Totals):
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        self.totals = totals
        self.progress = Progress(
            TextColumn("[bold]bench"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
            TextColumn("{task.fields[stats]}"), transient=False,
        )
        self.task = self.progress.add_task("run", total=total, stats="")

    def start(self) -> None:
        self.progress.start()

    def advance(self) -> None:
        t = self.totals
        elapsed = max(time.perf_counter() - t.started, 1e-9)
        stats = (f"{t.done / elapsed:.2f} it/s  tok {t.prompt_tokens + t.completion_tokens:,}  "
                 f"${t.cost:.4f}  failed {t.failed}  cache {t.cache_hits}")
        self.progress.update(self.task, advance=1, stats=stats)

    def stop(self) -> None:
        self.progress.stop()


def load_run(folder: str | Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """(manifest, results) of a run folder; a later line for the same item replaces an earlier one."""
    folder = Path(folder)
    manifest_path = folder / "manifest.json"
    if not manifest_path.is_file():
        raise RunError(f"{folder}: not a run folder (no manifest.json)")
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    by_id: dict[str, dict] = {}
    results_path = folder / "results.jsonl"
    if results_path.exists():
        with results_path.open(encoding="utf-8") as handle:
            for line in handle:
                try:
                    record = json.loads(line)
                    by_id[record["item_id"]] = record
                except (ValueError, KeyError, TypeError):
                    continue
    return manifest, list(by_id.values())

