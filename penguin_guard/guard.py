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
- provider down: every upstream call, streamed or not, carries upstream_timeout_seconds; transient errors
  (timeouts, connection, 429, 5xx) are retried upstream_retries times with exponential backoff (0.25 s, 0.5 s,
  ...; `penguin_guard.retry`; a stream's opening, never chunks the user already has); then pass -> the
  provider's error is raised; enrich -> a fixed safe reply; escalate -> the fixed crisis reply
  (`penguin_guard.reply`). A crisis message is never left unanswered.
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
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from penguin_guard import episode, redact, reply, retry, turn
from penguin_guard.config import GuardConfig
from penguin_guard.messages import InvalidMessagesError, validate_messages
from penguin_guard.models import Decision, Profile, RiskAssessment, SessionState
from penguin_guard.plugins import check_names, make_plugin_manager
from penguin_guard.reply import SAFE_FALLBACK_REPLY
from penguin_guard.session import SessionStore, StoreUnavailable, bounded, save_merged
from penguin_guard.stages import Stages

log = logging.getLogger(__name__)

MAX_SESSION_ID_CHARS = 256

__all__ = ["SAFE_FALLBACK_REPLY", "Guard", "InvalidMessagesError", "Prepared", "StoreUnavailable", "decision_of"]

# What `Guard.warm_up` reads: an English risky request (MiniLM detector), one in Spanish (multilingual e5
# detector) and words of crisis (the crisis head's embedding stage).
_WARM_UP_TEXTS = (
    "Should I quit my job and move abroad alone?",
    "¿Debería dejar mi trabajo y mudarme sola al extranjero?",
    "I can't see a way out anymore and I have the pills here.",
)


@dataclass(frozen=True)
class Prepared:
    """One turn, decided: the decision and the messages to send upstream (None for ask; the caller's own list
    for pass; for enrich and escalate a new list, which holds the user's background: it is left out of repr).

    `Guard.complete` carries it out; a host that calls its own model uses `reply`, `messages` and
    `penguin_guard.reply` the same way (`penguin_guard.integrations.common.TurnPlan` is this class)."""

    decision: Decision
    messages: list[dict] | None = field(repr=False)
    original: Any = field(repr=False, default=None)

    @property
    def action(self) -> str:
        return self.decision.action

    @property
    def reply(self) -> str | None:
        """The clarifying question for ask (the host answers with it and calls no model), else None."""
        return (self.decision.question or "") if self.decision.action == "ask" else None

    @property
    def answers_without_model(self) -> bool:
        """True when the host must answer with `reply` and not call its model."""
        return self.reply is not None


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
        check_names(self.pm, self.config, check_store=store is None)  # an unknown name fails here, not per turn
        self.stats: Counter[str] = Counter()
        self.stages = Stages(self.pm, self.config, self.stats)
        self.retry = reply.retry_policy(self.config)
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

    def warm_up(self) -> None:
        """Load every model a decision can reach (the detector's encoders and heads, the crisis head, the
        multilingual encoder, the extractor's), so the first user's turn does not pay for it: ~2-4 s on one
        core (benchmarks/RESULTS.md, cold start). For servers, once at start; nothing is stored."""
        for text in _WARM_UP_TEXTS:
            self.stages.assess(text)
        self.stages.extract("I'm 34 and honestly pretty anxious lately.", "Emotional State", Profile())
        from penguin_guard.regex_prefilter import prepare
        from penguin_guard.value_gloss import compile_all

        compile_all()  # the extractor's word lists for other languages are compiled on first use otherwise
        prepare()  # and the extraction rules' literal pre-tests are read on first use otherwise

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
        if (text := reply.reply_without_model(decision, self.config, model)) is not None:
            return _stream_text(model, text, decision) if stream else model_response(model, text, decision)
        call = self._call(model, prepared, kwargs)
        if decision.action == "pass":
            result = self._pass_through(lambda: litellm_module().completion(**call, stream=stream))
            return _tag_stream(result, decision) if stream else tag_response(result, decision)
        if stream:
            return self._stream_guarded(model, decision, lambda: litellm_module().completion(**call, stream=True))
        text = reply.answer(decision, lambda: _message_text(litellm_module().completion(**call)), self.retry,
                            self.stats)
        return model_response(model, text, decision)

    async def acomplete(self, prepared: Prepared, *, model: str | None = None, stream: bool = False, **kwargs: Any) -> Any:
        """Async twin of `complete`: the same steps, awaited."""
        decision = prepared.decision
        model = self._model(model)
        if (text := reply.reply_without_model(decision, self.config, model)) is not None:
            return _astream_text(model, text, decision) if stream else model_response(model, text, decision)
        call = self._call(model, prepared, kwargs)
        if decision.action == "pass":
            result = await self._apass_through(lambda: litellm_module().acompletion(**call, stream=stream))
            return _atag_stream(result, decision) if stream else tag_response(result, decision)
        if stream:
            return self._astream_guarded(model, decision, lambda: litellm_module().acompletion(**call, stream=True))

        async def text_of() -> str | None:
            return _message_text(await litellm_module().acompletion(**call))

        return model_response(model, await reply.aanswer(decision, text_of, self.retry, self.stats), decision)

    def _call(self, model: str, prepared: Prepared, kwargs: dict) -> dict:
        """The LiteLLM arguments of the upstream call: the caller's own list for pass, a fresh copy of the guard's
        list otherwise (LiteLLM may rewrite messages in place), and the guard's timeout unless the caller set one."""
        messages = prepared.original if prepared.decision.action == "pass" else copy.deepcopy(prepared.messages or [])
        return {"timeout": self.config.upstream_timeout_seconds, **kwargs, "model": model, "messages": messages}

    def _pass_through(self, call: Callable[[], Any]) -> Any:
        """A benign call, retried under the retry policy; then the provider's error is raised as is."""
        try:
            return retry.call(call, self.retry)
        except Exception:
            self.stats["upstream_failures"] += 1
            raise

    async def _apass_through(self, call: Callable[[], Awaitable[Any]]) -> Any:
        try:
            return await retry.acall(call, self.retry)
        except Exception:
            self.stats["upstream_failures"] += 1
            raise

    def _stream_failed(self, decision: Decision, exc: Exception) -> None:
        self.stats["upstream_failures"] += 1
        log.warning("upstream stream failed for a %s decision (%s); sending the fixed reply", decision.action,
                    type(exc).__name__)

    def _stream_guarded(self, model: str, decision: Decision, open_stream: Callable[[], Any]) -> Iterator[Any]:
        """Resources first (escalate), then the model's chunks; the stream's opening is retried, and a stream that
        fails or stays empty ends with the fixed reply (`reply.closing_text`)."""
        if prefix := reply.stream_prefix(decision):
            yield from _stream_text(model, prefix, decision, finish=False)
        produced = failed = False
        try:
            for chunk in retry.call(open_stream, self.retry):
                produced = produced or bool(_chunk_text(chunk))
                yield tag_response(chunk, decision)
        except Exception as exc:
            failed = True
            self._stream_failed(decision, exc)
        if (tail := reply.closing_text(decision, produced, failed)) is not None:
            yield from _stream_text(model, tail, decision)

    async def _astream_guarded(self, model: str, decision: Decision,
                               open_stream: Callable[[], Awaitable[Any]]) -> AsyncIterator[Any]:
        """Async twin of `_stream_guarded`."""
        if prefix := reply.stream_prefix(decision):
            for chunk in _stream_text(model, prefix, decision, finish=False):
                yield chunk
        produced = failed = False
        try:
            async for chunk in await retry.acall(open_stream, self.retry):
                produced = produced or bool(_chunk_text(chunk))
                yield tag_response(chunk, decision)
        except Exception as exc:
            failed = True
            self._stream_failed(decision, exc)
        if (tail := reply.closing_text(decision, produced, failed)) is not None:
            for chunk in _stream_text(model, tail, decision):
                yield chunk


def litellm_module() -> Any:
    """LiteLLM, imported on first use (importing it costs ~2 s; `check()` never needs it)."""
    import litellm

    return litellm


def _message_text(response: Any) -> str | None:
    return response.choices[0].message.content


# ---- responses the guard writes itself ----------------------------------------------------------------


def tag_response(response: Any, decision: Decision) -> Any:
    """Attach the decision to a LiteLLM response or chunk, where `decision_of` finds it."""
    hidden = getattr(response, "_hidden_params", None)
    if isinstance(hidden, dict):
        hidden["penguin_guard"] = decision.model_dump(mode="json")
    return response


def _tag_stream(stream: Iterable[Any], decision: Decision) -> Iterator[Any]:
    for chunk in stream:
        yield tag_response(chunk, decision)


async def _atag_stream(stream: Any, decision: Decision) -> AsyncIterator[Any]:
    async for chunk in stream:
        yield tag_response(chunk, decision)


def _chunk_text(chunk: Any) -> str:
    try:
        return chunk.choices[0].delta.content or ""
    except (AttributeError, IndexError):
        return ""


def model_response(model: str, text: str, decision: Decision) -> Any:
    """A text the guard wrote as a LiteLLM ModelResponse (finish_reason "stop", zero usage), tagged."""
    from litellm import ModelResponse
    from litellm.types.utils import Choices, Message, Usage

    response = ModelResponse(
        model=model,
        choices=[Choices(index=0, finish_reason="stop", message=Message(role="assistant", content=text))],
        usage=Usage(prompt_tokens=0, completion_tokens=0, total_tokens=0),
    )
    return tag_response(response, decision)


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
        yield tag_response(chunk, decision)
    if finish:
        yield tag_response(ModelResponseStream(model=model, choices=[StreamingChoices(index=0, delta=Delta(), finish_reason="stop")]), decision)


async def _astream_text(model: str, text: str, decision: Decision, finish: bool = True) -> AsyncIterator[Any]:
    for chunk in _stream_text(model, text, decision, finish):
        yield chunk
