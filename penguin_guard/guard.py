"""The guard: the middleware in front of every chat call.

For each turn it decides one of four actions (see `Decision`):
- pass: not a high-risk personal prompt; the caller's messages go upstream unchanged.
- ask: risky, and the policy wants one more piece of background; the question is the reply (no provider call).
- enrich: risky and enough is known (or the budget is spent, or the user declined or waved the question away);
  the upstream call gets the conversation with the guard's Q&A folded into a system message carrying the
  background and safety guidance, and the user's original request as the last turn. Follow-ups on the same
  topic are enriched the same way, with no new questions (see `penguin_guard.turn` and `penguin_guard.episode`).
- escalate: explicit crisis; crisis resources first, then a supportive reply from the provider under a
  crisis-safety system prompt, or a fixed reply when the provider fails. Never gated on questions.

Fail-open / fail-closed, per path (README "Failure behaviour"):
- invalid messages: InvalidMessagesError (closed: the caller sent something the guard cannot read).
- session store down: config.store_failure_mode, "open" by default = decide statelessly from the conversation.
- session store slow: every call is bounded by store_timeout_seconds, then handled as "down".
- provider down: transient errors (timeouts, connection, 429, 5xx) are retried upstream_retries times with
  exponential backoff (0.25 s, 0.5 s, ...); then pass -> the provider's error is raised; enrich -> a fixed safe
  reply; escalate -> the fixed crisis reply. A crisis message is never left unanswered.
- a stage plugin raising (detector, policy, extractor; e.g. an LLM-backed one fed garbage): crisis patterns only,
  the priority table, the offline rules respectively.
"""

from __future__ import annotations

import asyncio
import copy
import logging
import re
import time
from collections import Counter
from collections.abc import AsyncIterator, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from penguin_guard import episode, escalate, redact, turn
from penguin_guard.config import GuardConfig
from penguin_guard.messages import InvalidMessagesError, validate_messages
from penguin_guard.models import Decision, RiskAssessment, SessionState
from penguin_guard.plugins import make_plugin_manager
from penguin_guard.session import SessionStore, StoreUnavailable, bounded, save_merged
from penguin_guard.stages import Stages

log = logging.getLogger(__name__)

SAFE_FALLBACK_REPLY = (
    "I'm sorry, I can't give you a proper answer right now because of a technical problem on my side. "
    "This sounds important, so please try again in a moment. If it's weighing on you, talking it through with "
    "someone you trust, or a professional, can help in the meantime."
)
MAX_SESSION_ID_CHARS = 256

__all__ = ["Guard", "InvalidMessagesError", "Prepared", "StoreUnavailable", "decision_of"]


@dataclass(frozen=True)
class Prepared:
    """A decision plus the messages to send upstream (None for ask; the caller's own list for pass)."""

    decision: Decision
    messages: list[dict] | None
    original: Any = field(repr=False, default=None)


def decision_of(response: Any) -> Decision | None:
    """The guard's decision attached to a response or stream chunk it returned, if any."""
    hidden = getattr(response, "_hidden_params", None) or {}
    data = hidden.get("penguin_guard")
    return Decision.model_validate(data) if data else None


class Guard:
    """Personalized-safety middleware. One instance serves many sessions; it holds no user data itself.

    A facade: `penguin_guard.turn` decides (read -> judge -> place in the episode -> learn -> decide), the
    plugin-backed stages live in `penguin_guard.stages`, and this class loads and saves the session around a
    decision and makes the provider call.
    """

    def __init__(
        self,
        config: GuardConfig | None = None,
        *,
        store: SessionStore | None = None,
        plugins: Iterable[object] = (),
    ):
        self.config = config or GuardConfig.load()
        redact.install()  # LiteLLM / OpenAI SDK debug logs would otherwise carry the enrichment (user answers)
        self.pm = make_plugin_manager(plugins, load_entrypoints=self.config.load_entrypoint_plugins)
        self.stats: Counter[str] = Counter()
        self.stages = Stages(self.pm, self.config, self.stats)
        # Every store call is time-bounded (store_timeout_seconds), natively or by a watchdog thread.
        self.store = bounded(store if store is not None else self._build_store(self.config.store),
                             self.config.store_timeout_seconds)

    def _build_store(self, url: str) -> SessionStore:
        store = self.pm.hook.penguin_session_store(url=url, config=self.config)
        if store is None:
            raise ValueError(f"unknown session store {url!r}: use 'memory', 'sqlite:///path' or 'redis://host:port/db'")
        return store

    def assess(self, text: str) -> RiskAssessment:
        """The crisis floor first (rules, learned head, plugin signals), then the risk-detector hook, both on
        the normalised text. Nothing a detector plugin returns can hide a crisis the floor found."""
        return self.stages.assess(text)

    # ---- deciding ---------------------------------------------------------------------------------------

    def check(self, messages: Any, session_id: str | None = None) -> Decision:
        """Decide what to do with this turn (and remember it in the session). No provider call is made."""
        decision, _ = self._decide(messages, session_id)
        return decision

    async def acheck(self, messages: Any, session_id: str | None = None) -> Decision:
        decision, _ = await asyncio.to_thread(self._decide, messages, session_id)
        return decision

    def forget(self, session_id: str) -> bool:
        """Delete everything the guard remembers about a session."""
        return self.store.forget(session_id)

    def _decide(self, messages: Any, session_id: str | None) -> tuple[Decision, list[dict] | None]:
        """(decision, messages to send upstream or None for ask)."""
        if session_id is not None and (not isinstance(session_id, str) or not session_id
                                       or len(session_id) > MAX_SESSION_ID_CHARS):
            raise InvalidMessagesError(f"session_id must be a non-empty string of at most {MAX_SESSION_ID_CHARS} characters")
        this_turn = turn.read(validate_messages(messages, self.config.max_input_chars), self.stages)
        state, stored = self._load_state(this_turn, session_id)
        outcome = turn.decide(this_turn.with_state(state, session_id), self.stages)
        if stored and outcome.state != state:
            self._save(outcome.state, urgent=outcome.decision.action == "escalate")
        decision = outcome.decision
        self.stats[decision.action] += 1
        log.info("penguin-guard decision %s domain=%s level=%s known=%s", decision.action,
                 decision.risk.domain, decision.risk.level, decision.known_attributes)
        self.pm.hook.penguin_on_decision(decision=decision, session_id=session_id)
        return decision, outcome.upstream

    # ---- session state ----------------------------------------------------------------------------------

    def _load_state(self, this_turn: turn.Turn, session_id: str | None) -> tuple[SessionState, bool]:
        """(state, whether it is backed by the store). Without a store the conversation itself is replayed.
        A crisis never waits for the store: if it fails, the crisis is answered without the session."""
        if not this_turn.text:
            return SessionState(session_id=session_id or ""), False
        if session_id is None:
            return episode.replay(this_turn.history, self.stages), False
        try:
            state = self.store.load(session_id)
        except Exception as exc:
            self.stats["store_failures"] += 1
            if this_turn.urgent is None and self.config.store_failure_mode == "closed":
                raise StoreUnavailable(f"session store unavailable: {type(exc).__name__}") from exc
            log.warning("session store unavailable (%s); deciding statelessly", type(exc).__name__)
            if this_turn.urgent is not None:
                return SessionState(session_id=""), False
            return episode.replay(this_turn.history, self.stages), False
        if state is None:
            now = time.time()
            state = SessionState(session_id=session_id, created_at=now, updated_at=now)
        return state, True

    def _save(self, state: SessionState, urgent: bool) -> None:
        """One compare-and-swap write; a conflicting write by another request of the session is merged."""
        try:
            outcome = save_merged(self.store, state)
        except Exception as exc:
            self.stats["store_failures"] += 1
            if self.config.store_failure_mode == "closed" and not urgent:
                raise StoreUnavailable(f"session store unavailable: {type(exc).__name__}") from exc
            log.warning("could not save the session (%s)", type(exc).__name__)
            return
        if outcome != "saved":
            self.stats["store_conflicts"] += 1

    # ---- calling the model ------------------------------------------------------------------------------

    def _model(self, model: str | None) -> str:
        chosen = model or self.config.default_model
        from penguin_guard.llm import prepare_model

        prepare_model(chosen)
        return chosen

    def prepare(self, messages: Any, session_id: str | None = None) -> Prepared:
        """Decide, and build what would go upstream. For integrations that make the model call themselves."""
        decision, upstream = self._decide(messages, session_id)
        return Prepared(decision=decision, messages=upstream, original=messages)

    async def aprepare(self, messages: Any, session_id: str | None = None) -> Prepared:
        return await asyncio.to_thread(self.prepare, messages, session_id)

    def completion(self, *, messages: Any, model: str | None = None, session_id: str | None = None,
                   stream: bool = False, **kwargs: Any) -> Any:
        """Guarded `litellm.completion`: same arguments, same return types (ModelResponse or a chunk iterator)."""
        return self.complete(self.prepare(messages, session_id), model=model, stream=stream, **kwargs)

    async def acompletion(self, *, messages: Any, model: str | None = None, session_id: str | None = None,
                          stream: bool = False, **kwargs: Any) -> Any:
        """Guarded `litellm.acompletion`: a ModelResponse, or an async iterator of chunks with stream=True."""
        return await self.acomplete(await self.aprepare(messages, session_id), model=model, stream=stream, **kwargs)

    def complete(self, prepared: Prepared, *, model: str | None = None, stream: bool = False, **kwargs: Any) -> Any:
        """Carry out a prepared decision: reply with the question, or call the model (with fallbacks)."""
        decision = prepared.decision
        model = self._model(model)
        if (text := self._reply_without_model(decision, model)) is not None:
            return _stream_text(model, text, decision) if stream else _response(model, text, decision)
        if decision.action == "pass":
            result = self._pass_through(model, prepared.original, stream, kwargs)
            return _tag_stream(result, decision) if stream else _tag(result, decision)
        upstream = prepared.messages or []
        if stream:
            return self._stream_guarded(model, upstream, decision, kwargs)
        return _response(model, self._call_with_fallback(model, upstream, decision, kwargs), decision)

    async def acomplete(self, prepared: Prepared, *, model: str | None = None, stream: bool = False, **kwargs: Any) -> Any:
        """Async twin of `complete`."""
        decision = prepared.decision
        model = self._model(model)
        if (text := self._reply_without_model(decision, model)) is not None:
            return _astream_text(model, text, decision) if stream else _response(model, text, decision)
        if decision.action == "pass":
            result = await self._apass_through(model, prepared.original, stream, kwargs)
            return _atag_stream(result, decision) if stream else _tag(result, decision)
        upstream = prepared.messages or []
        if stream:
            return self._astream_guarded(model, upstream, decision, kwargs)
        return _response(model, await self._acall_with_fallback(model, upstream, decision, kwargs), decision)

    def _reply_without_model(self, decision: Decision, model: str) -> str | None:
        """The guard's own reply when the model must not be called: the question (ask), or the fixed crisis
        reply (escalate with `crisis_reply` fixed, or auto with a local model). None: call the model."""
        if decision.action == "ask":
            return decision.question or ""
        if decision.action == "escalate" and self._fixed_crisis_reply(model):
            return escalate.crisis_reply(decision.crisis_resources or "", escalate.FIXED_CRISIS_REPLY)
        return None

    def _fixed_crisis_reply(self, model: str) -> bool:
        mode = self.config.crisis_reply
        return mode == "fixed" or (mode == "auto" and model.startswith("local/"))

    def _pass_through(self, model: str, messages: Any, stream: bool, kwargs: dict) -> Any:
        """A benign call: retried on transient errors with backoff, then the provider's error is raised as is."""
        import litellm

        kwargs = {"timeout": self.config.upstream_timeout_seconds, **kwargs}
        for attempt in range(self.config.upstream_retries + 1):
            try:
                return litellm.completion(model=model, messages=messages, stream=stream, **kwargs)
            except Exception as exc:
                if attempt >= self.config.upstream_retries or not _is_transient(exc):
                    self.stats["upstream_failures"] += 1
                    raise
                time.sleep(0.25 * 2**attempt)
        raise AssertionError("unreachable")

    async def _apass_through(self, model: str, messages: Any, stream: bool, kwargs: dict) -> Any:
        import litellm

        kwargs = {"timeout": self.config.upstream_timeout_seconds, **kwargs}
        for attempt in range(self.config.upstream_retries + 1):
            try:
                return await litellm.acompletion(model=model, messages=messages, stream=stream, **kwargs)
            except Exception as exc:
                if attempt >= self.config.upstream_retries or not _is_transient(exc):
                    self.stats["upstream_failures"] += 1
                    raise
                await asyncio.sleep(0.25 * 2**attempt)
        raise AssertionError("unreachable")

    def _fallback_text(self, decision: Decision, error: Exception) -> str:
        self.stats["upstream_failures"] += 1
        log.warning("upstream call failed for a %s decision (%s); sending the fixed reply", decision.action, type(error).__name__)
        return escalate.FIXED_CRISIS_REPLY if decision.action == "escalate" else SAFE_FALLBACK_REPLY

    def _wrap(self, decision: Decision, text: str | None) -> str:
        if decision.action == "escalate":
            return escalate.crisis_reply(decision.crisis_resources or "", text)
        return text or SAFE_FALLBACK_REPLY

    def _call_with_fallback(self, model: str, upstream: list[dict], decision: Decision, kwargs: dict) -> str:
        import litellm

        last: Exception | None = None
        timeout = kwargs.pop("timeout", self.config.upstream_timeout_seconds)
        for attempt in range(self.config.upstream_retries + 1):
            try:
                response = litellm.completion(model=model, messages=copy.deepcopy(upstream), timeout=timeout, **kwargs)
                return self._wrap(decision, response.choices[0].message.content)
            except Exception as exc:
                last = exc
                if attempt >= self.config.upstream_retries or not _is_transient(exc):
                    break
                time.sleep(0.25 * 2**attempt)
        return self._wrap(decision, self._fallback_text(decision, last or RuntimeError()))

    async def _acall_with_fallback(self, model: str, upstream: list[dict], decision: Decision, kwargs: dict) -> str:
        import litellm

        last: Exception | None = None
        timeout = kwargs.pop("timeout", self.config.upstream_timeout_seconds)
        for attempt in range(self.config.upstream_retries + 1):
            try:
                response = await litellm.acompletion(model=model, messages=copy.deepcopy(upstream), timeout=timeout, **kwargs)
                return self._wrap(decision, response.choices[0].message.content)
            except Exception as exc:
                last = exc
                if attempt >= self.config.upstream_retries or not _is_transient(exc):
                    break
                await asyncio.sleep(0.25 * 2**attempt)
        return self._wrap(decision, self._fallback_text(decision, last or RuntimeError()))

    def _stream_guarded(self, model: str, upstream: list[dict], decision: Decision, kwargs: dict) -> Iterator[Any]:
        import litellm

        if decision.action == "escalate":
            yield from _stream_text(model, (decision.crisis_resources or "") + "\n\n", decision, finish=False)
        produced = False
        try:
            for chunk in litellm.completion(model=model, messages=copy.deepcopy(upstream), stream=True, **kwargs):
                produced = produced or bool(_chunk_text(chunk))
                yield _tag(chunk, decision)
        except Exception as exc:
            text = self._fallback_text(decision, exc)
            yield from _stream_text(model, ("\n\n" if produced else "") + text, decision)
            return
        if not produced:
            yield from _stream_text(model, escalate.FIXED_CRISIS_REPLY if decision.action == "escalate" else SAFE_FALLBACK_REPLY, decision)

    async def _astream_guarded(self, model: str, upstream: list[dict], decision: Decision, kwargs: dict) -> AsyncIterator[Any]:
        import litellm

        if decision.action == "escalate":
            async for chunk in _astream_text(model, (decision.crisis_resources or "") + "\n\n", decision, finish=False):
                yield chunk
        produced = False
        try:
            stream = await litellm.acompletion(model=model, messages=copy.deepcopy(upstream), stream=True, **kwargs)
            async for chunk in stream:
                produced = produced or bool(_chunk_text(chunk))
                yield _tag(chunk, decision)
        except Exception as exc:
            text = self._fallback_text(decision, exc)
            async for chunk in _astream_text(model, ("\n\n" if produced else "") + text, decision):
                yield chunk
            return
        if not produced:
            fixed = escalate.FIXED_CRISIS_REPLY if decision.action == "escalate" else SAFE_FALLBACK_REPLY
            async for chunk in _astream_text(model, fixed, decision):
                yield chunk


def _is_transient(exc: Exception) -> bool:
    """Worth retrying: timeouts, connection errors, rate limits and 5xx; not a 4xx the caller must fix."""
    status = getattr(exc, "status_code", None)
    if not isinstance(status, int):
        return True
    return status in (408, 409, 425, 429) or status >= 500


# ---- responses the guard writes itself ----------------------------------------------------------------


def _tag(response: Any, decision: Decision) -> Any:
    hidden = getattr(response, "_hidden_params", None)
    if isinstance(hidden, dict):
        hidden["penguin_guard"] = decision.model_dump(mode="json")
    return response


def _tag_stream(stream: Iterable[Any], decision: Decision) -> Iterator[Any]:
    for chunk in stream:
        yield _tag(chunk, decision)


async def _atag_stream(stream: Any, decision: Decision) -> AsyncIterator[Any]:
    async for chunk in stream:
        yield _tag(chunk, decision)


def _chunk_text(chunk: Any) -> str:
    try:
        return chunk.choices[0].delta.content or ""
    except (AttributeError, IndexError):
        return ""


def _response(model: str, text: str, decision: Decision) -> Any:
    from litellm import ModelResponse
    from litellm.types.utils import Choices, Message, Usage

    response = ModelResponse(
        model=model,
        choices=[Choices(index=0, finish_reason="stop", message=Message(role="assistant", content=text))],
        usage=Usage(prompt_tokens=0, completion_tokens=0, total_tokens=0),
    )
    return _tag(response, decision)


_PIECES = re.compile(r"\S+\s*|\s+")


def _stream_text(model: str, text: str, decision: Decision, finish: bool = True) -> Iterator[Any]:
    """A text the guard wrote, as LiteLLM stream chunks (a word each), ending with finish_reason=stop."""
    from litellm.types.utils import Delta, ModelResponseStream, StreamingChoices

    pieces = _PIECES.findall(text) or [""]
    for i, piece in enumerate(pieces):
        chunk = ModelResponseStream(
            model=model,
            choices=[StreamingChoices(index=0, delta=Delta(content=piece, role="assistant" if i == 0 else None))],
        )
        yield _tag(chunk, decision)
    if finish:
        yield _tag(ModelResponseStream(model=model, choices=[StreamingChoices(index=0, delta=Delta(), finish_reason="stop")]), decision)


async def _astream_text(model: str, text: str, decision: Decision, finish: bool = True) -> AsyncIterator[Any]:
    for chunk in _stream_text(model, text, decision, finish):
        yield chunk
