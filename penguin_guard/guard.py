"""The guard: the middleware in front of every chat call.

For each turn it decides one of four actions (see `Decision`):
- pass: not a high-risk personal prompt; the caller's messages go upstream unchanged.
- ask: risky, and the policy wants one more piece of background; the question is the reply (no provider call).
- enrich: risky and enough is known (or the budget is spent, or the user declined); the upstream call gets the
  conversation with the guard's Q&A folded into a system message carrying the background and safety guidance,
  and the user's original request as the last turn.
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

from penguin_guard import crisis_check, escalate, redact
from penguin_guard.config import GuardConfig
from penguin_guard.messages import (
    InvalidMessagesError,
    content_text,
    last_assistant_text,
    latest_user_turn,
    split_leading_system,
    validate_messages,
)
from penguin_guard.models import LEVEL_ORDER, Ask, Decision, Profile, RiskAssessment, SessionState
from penguin_guard.normalize import normalize_for_detection
from penguin_guard.plugins import make_plugin_manager
from penguin_guard.session import SessionStore, StoreUnavailable, bounded
from penguin_guard.taxonomy import ATTRIBUTES

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


def _looks_like_new_request(reply: str, risk: RiskAssessment) -> bool:
    """A reply that answers nothing but is itself a question ("what is 2+2?", or a new risky request) is a new
    request: it is decided on its own instead of being taken as a non-answer."""
    text = reply.strip()
    return text.endswith("?") or (risk.is_risky and "?" in text and len(text.split()) >= 6)


def _normalise(text: str) -> str:
    return " ".join(text.split()).lower()


class Guard:
    """Personalized-safety middleware. One instance serves many sessions; it holds no user data itself."""

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
        # Every store call is time-bounded (store_timeout_seconds), natively or by a watchdog thread.
        self.store = bounded(store if store is not None else self._build_store(self.config.store),
                             self.config.store_timeout_seconds)
        self.stats: Counter[str] = Counter()

    # ---- plugin-backed stages ---------------------------------------------------------------------------

    def _build_store(self, url: str) -> SessionStore:
        store = self.pm.hook.penguin_session_store(url=url, config=self.config)
        if store is None:
            raise ValueError(f"unknown session store {url!r}: use 'memory', 'sqlite:///path' or 'redis://host:port/db'")
        return store

    def assess(self, text: str) -> RiskAssessment:
        """The crisis floor first (rules, learned head, plugin signals), then the risk-detector hook, both on
        the normalised text. Nothing a detector plugin returns can hide a crisis the floor found."""
        view = normalize_for_detection(text)
        floor = crisis_check.check(self._crisis_signals(text, view))
        if floor is not None and floor.is_crisis:
            return floor
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
        if risk is None:  # every implementation deferred
            risk = RiskAssessment(reason="no detector answered")
        if floor is not None and not risk.is_crisis:
            # Warning signs: at least "high", in the detector's domain when it found one.
            domain = risk.domain if risk.is_risky and risk.domain else floor.domain
            return floor.model_copy(update={"domain": domain, "score": max(floor.score, risk.score)})
        return risk

    def _crisis_signals(self, text: str, view: str) -> list[crisis_check.CrisisSignal]:
        signals = crisis_check.builtin_signals(text, view)
        try:
            signals += crisis_check.collect_plugin_signals(
                self.pm.hook.penguin_crisis_signals(text=view, config=self.config))
        except Exception as exc:  # a broken signal plugin adds nothing; the built-in check still stands
            self.stats["crisis_plugin_failures"] += 1
            log.warning("a penguin_crisis_signals plugin failed (%s)", type(exc).__name__)
        return signals

    def _builtin(self, hook: str, plugin: str) -> Any:
        """Call `hook` on the registered built-in `plugin` only: the fallback when a third-party stage fails."""
        others = [p for p in self.pm.get_plugins() if self.pm.get_name(p) != plugin]
        return self.pm.subset_hook_caller(hook, remove_plugins=others)

    def _next_step(self, query: str, risk: RiskAssessment, profile: Profile, asked: int):
        kwargs = {"query": query, "risk": risk, "profile": profile, "asked_this_request": asked}
        try:
            step = self.pm.hook.penguin_next_step(**kwargs, config=self.config)
        except Exception as exc:  # e.g. an LLM-backed policy got garbage: the bundled table still works
            self.stats["policy_failures"] += 1
            log.warning("policy %r failed (%s)", self.config.policy, type(exc).__name__)
            step = None
        if step is None:
            # The built-in priority table answers instead: a registered plugin like any other.
            log.warning("policy %r gave no step; using the priority table", self.config.policy)
            priority = self.config.model_copy(update={"policy": "priority"})
            step = self._builtin("penguin_next_step", "penguin_guard.policy")(**kwargs, config=priority)
        return step

    def _extract(self, reply: str, asked: str | None, profile: Profile) -> dict | None:
        kwargs = {"reply": reply, "asked_attribute": asked, "profile": profile}
        try:
            return self.pm.hook.penguin_extract_attributes(**kwargs, config=self.config)
        except Exception as exc:  # a failing extractor plugin: the built-in offline rules still read the reply
            self.stats["extractor_failures"] += 1
            log.warning("attribute extractor failed (%s); using the offline rules", type(exc).__name__)
            offline = self.config.model_copy(update={"extractor": "offline"})
            return self._builtin("penguin_extract_attributes", "penguin_guard.extract")(**kwargs, config=offline)

    def _question(self, attribute: str, domain: str | None) -> str:
        return self.pm.hook.penguin_render_question(attribute=attribute, domain=domain, config=self.config)

    def _question_texts(self, domain: str | None) -> dict[str, str]:
        """Our own question texts (normalised) -> the attribute they ask for, the safety check-in included."""
        texts = {_normalise(self._question(a, domain)): a for a in ATTRIBUTES}
        resources_block = escalate.render_resources(self.config.locale, self.config.crisis_resources_path)
        texts[_normalise(escalate.safety_check_text(resources_block))] = escalate.SAFETY_CHECK
        return texts

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
        if session_id is not None and (not isinstance(session_id, str) or not session_id or len(session_id) > MAX_SESSION_ID_CHARS):
            raise InvalidMessagesError(f"session_id must be a non-empty string of at most {MAX_SESSION_ID_CHARS} characters")
        checked = validate_messages(messages, self.config.max_input_chars)
        turn = latest_user_turn(checked)
        if not turn:
            return self._finish(Decision(action="pass", reason="no user text in the latest turn", session_id=session_id)), checked

        risk = self.assess(turn)
        if risk.is_crisis:
            return self._escalate(checked, risk, session_id)

        state, stored = self._load_state(checked, session_id)
        pending = state.pending_attribute
        last_assistant = last_assistant_text(checked)
        if pending and (last_assistant is None or _normalise(last_assistant) != _normalise(state.pending_question or "")):
            # The caller did not send our question back: this is a new request, not an answer.
            self._end_episode(state)
            pending = None

        if pending == escalate.SAFETY_CHECK:
            return self._after_safety_check(checked, turn, risk, state, stored, session_id)
        if pending:
            found = self._extract(turn, pending, state.profile) or {"values": {}, "declined": [pending]}
            if not found.get("values") and not found.get("declined") and _looks_like_new_request(turn, risk):
                # They asked something else instead of answering: start over with the new request.
                self._end_episode(state)
                return self._new_request(checked, turn, risk, state, stored, session_id)
            self._apply_extraction(state.profile, found)
            state.pending_attribute = state.pending_question = None
            stored_risk = RiskAssessment(
                level=state.request_level or "high", domain=state.request_domain, score=max(risk.score, 0.5),
                reason="reply to a clarifying question", detector="session",
            )
            # An answer can only raise the caution level, never lower it.
            risk = risk if LEVEL_ORDER[risk.level] > LEVEL_ORDER[stored_risk.level] else stored_risk
            query = state.original_request or turn
        else:
            return self._new_request(checked, turn, risk, state, stored, session_id)
        return self._step(checked, turn, query, risk, state, stored, session_id)

    def _new_request(self, checked: list[dict], turn: str, risk: RiskAssessment, state: SessionState, stored: bool,
                     session_id: str | None) -> tuple[Decision, list[dict] | None]:
        if risk.level == "none":
            decision = Decision(action="pass", risk=risk, reason=risk.reason or "not a risky personal prompt",
                                known_attributes=state.profile.known(), session_id=session_id)
            return self._finish(decision), checked
        self._end_episode(state)
        state.original_request = turn
        state.request_domain = risk.domain
        state.request_level = risk.level
        if risk.warning_signs:
            return self._safety_check(risk, state, stored, session_id)
        return self._step(checked, turn, turn, risk, state, stored, session_id)

    def _safety_check(self, risk: RiskAssessment, state: SessionState, stored: bool,
                      session_id: str | None) -> tuple[Decision, None]:
        """Warning signs: ask directly whether they are thinking of ending their life, with the resources shown.
        Never a generic question; the answer decides between escalating and the usual flow."""
        resources_block = escalate.render_resources(self.config.locale, self.config.crisis_resources_path)
        question = escalate.safety_check_text(resources_block)
        state.pending_attribute, state.pending_question = escalate.SAFETY_CHECK, question
        decision = Decision(
            action="ask", risk=risk, question=question, known_attributes=state.profile.known(),
            declined_attributes=list(state.profile.declined), reason="warning signs: safety check-in",
            session_id=session_id, crisis_resources=resources_block,
        )
        self._save(state, stored)
        return self._finish(decision), None

    def _after_safety_check(self, checked: list[dict], turn: str, risk: RiskAssessment, state: SessionState,
                            stored: bool, session_id: str | None) -> tuple[Decision, list[dict] | None]:
        """Route the check-in's answer: only a clear "no" goes on with the original request (as a high-risk
        one); "yes" or anything unclear escalates (fail closed: resources and a supportive reply)."""
        answer = escalate.read_safety_answer(turn)
        if answer != "no":
            reason = "safety check-in: " + ("affirmed" if answer == "yes" else "not ruled out")
            crisis = RiskAssessment(level="crisis", domain="health", score=1.0, reason=reason, detector="safety-check",
                                    signals=risk.signals)
            return self._escalate(checked, crisis, session_id)
        state.pending_attribute = state.pending_question = None
        original = state.original_request or turn
        risk = RiskAssessment(level="high", domain=state.request_domain or "health", score=max(risk.score, 0.8),
                              reason="warning signs; safety check-in answered no", detector="session")
        return self._step(checked, turn, original, risk, state, stored, session_id)

    def _step(self, checked: list[dict], turn: str, query: str, risk: RiskAssessment, state: SessionState,
              stored: bool, session_id: str | None) -> tuple[Decision, list[dict] | None]:
        """Ask the policy, then either ask one question or build the enriched upstream call."""
        step = self._next_step(query, risk, state.profile, state.questions_this_request)
        if isinstance(step, Ask):
            question = self._question(step.attribute, risk.domain)
            state.pending_attribute, state.pending_question = step.attribute, question
            state.profile.asked.append(step.attribute)
            state.questions_this_request += 1
            decision = Decision(
                action="ask", risk=risk, question=question, attribute=step.attribute,
                known_attributes=state.profile.known(), declined_attributes=list(state.profile.declined),
                questions_asked=state.questions_this_request, reason=step.reason, session_id=session_id,
            )
            self._save(state, stored)
            return self._finish(decision), None

        original = state.original_request or turn
        system_message = self.pm.hook.penguin_build_enrichment(
            profile=state.profile, risk=risk, original_request=original, config=self.config
        )
        decision = Decision(
            action="enrich", risk=risk, known_attributes=state.profile.known(),
            declined_attributes=list(state.profile.declined), questions_asked=state.questions_this_request,
            reason=getattr(step, "reason", "") or "answering statelessly (no session)", session_id=session_id,
            system_message=system_message,
        )
        upstream = self._enriched_messages(checked, system_message, original, risk.domain)
        self._end_episode(state)
        self._save(state, stored)
        return self._finish(decision), upstream

    def _escalate(self, checked: list[dict], risk: RiskAssessment, session_id: str | None) -> tuple[Decision, list[dict]]:
        resources_block = escalate.render_resources(self.config.locale, self.config.crisis_resources_path)
        if session_id is not None:
            try:  # best effort: an escalation never depends on the store
                state, stored = self._load_state(checked, session_id)
                self._end_episode(state)
                state.escalations += 1
                self._save(state, stored)
            except Exception as exc:
                log.warning("could not record the escalation in the session store: %s", type(exc).__name__)
        lead, rest = split_leading_system(checked)
        upstream = [*lead, {"role": "system", "content": escalate.CRISIS_SYSTEM_PROMPT}, *rest]
        decision = Decision(
            action="escalate", risk=risk, reason=risk.reason or "explicit crisis", session_id=session_id,
            system_message=escalate.CRISIS_SYSTEM_PROMPT, crisis_resources=resources_block,
        )
        return self._finish(decision), upstream

    def _finish(self, decision: Decision) -> Decision:
        self.stats[decision.action] += 1
        log.info("penguin-guard decision %s domain=%s level=%s known=%s", decision.action,
                 decision.risk.domain, decision.risk.level, decision.known_attributes)
        self.pm.hook.penguin_on_decision(decision=decision, session_id=decision.session_id)
        return decision

    # ---- session state ----------------------------------------------------------------------------------

    def _load_state(self, checked: list[dict], session_id: str | None) -> tuple[SessionState, bool]:
        """(state, whether it is backed by the store). Without a store the conversation itself is replayed."""
        if session_id is None:
            return self._replay(checked), False
        try:
            state = self.store.load(session_id)
        except Exception as exc:
            return self._store_failed(exc, checked), False
        if state is None:
            now = time.time()
            state = SessionState(session_id=session_id, created_at=now, updated_at=now)
        return state, True

    def _store_failed(self, exc: Exception, checked: list[dict]) -> SessionState:
        self.stats["store_failures"] += 1
        if self.config.store_failure_mode == "closed":
            raise StoreUnavailable(f"session store unavailable: {type(exc).__name__}") from exc
        log.warning("session store unavailable (%s); deciding statelessly", type(exc).__name__)
        return self._replay(checked)

    def _save(self, state: SessionState, stored: bool) -> None:
        if not stored:
            return
        expected = state.version
        state.version += 1
        state.updated_at = time.time()
        try:
            ok = self.store.save(state, expected)
        except Exception as exc:
            self._store_failed(exc, [])
            return
        if not ok:
            # Another request of this session wrote first. Merge what we learned into the newer state.
            self.stats["store_conflicts"] += 1
            try:
                self._merge_and_save(state)
            except Exception as exc:
                self._store_failed(exc, [])

    def _merge_and_save(self, mine: SessionState, attempts: int = 5) -> None:
        for _ in range(attempts):
            theirs = self.store.load(mine.session_id)
            if theirs is None:
                mine.version = 1
                if self.store.save(mine, 0):
                    return
                continue
            merged = theirs.model_copy(deep=True)
            merged.profile.values.update(mine.profile.values)
            merged.profile.asked = list(dict.fromkeys([*theirs.profile.asked, *mine.profile.asked]))
            merged.profile.declined = list(dict.fromkeys([*theirs.profile.declined, *mine.profile.declined]))
            for name in ("pending_attribute", "pending_question", "original_request", "request_domain",
                          "request_level", "questions_this_request"):
                setattr(merged, name, getattr(mine, name))
            merged.escalations = max(theirs.escalations, mine.escalations)
            expected = merged.version
            merged.version += 1
            merged.updated_at = time.time()
            if self.store.save(merged, expected):
                return
        log.warning("gave up merging a concurrent session update after %d attempts", attempts)

    @staticmethod
    def _end_episode(state: SessionState) -> None:
        state.pending_attribute = state.pending_question = None
        state.original_request = state.request_domain = state.request_level = None
        state.questions_this_request = 0

    @staticmethod
    def _apply_extraction(profile: Profile, found: dict) -> None:
        for attribute, value in (found.get("values") or {}).items():
            if attribute in ATTRIBUTES and isinstance(value, str) and value.strip():
                profile.values[attribute] = value.strip()[:500]
                if attribute in profile.declined:
                    profile.declined.remove(attribute)
        for attribute in found.get("declined") or []:
            if attribute in ATTRIBUTES and attribute not in profile.values and attribute not in profile.declined:
                profile.declined.append(attribute)

    def _replay(self, checked: list[dict]) -> SessionState:
        """Rebuild a session from the conversation alone: our questions in assistant turns, the user's replies.

        Used without a session id and when the store is down; the current (last) user turn is not replayed.
        """
        state = SessionState(session_id="")
        end = len(checked)
        while end > 0 and checked[end - 1].get("role") != "assistant":
            end -= 1
        history = checked[:end]
        questions = self._question_texts(None)
        last_user = ""
        for message in history:
            role, text = message.get("role"), content_text(message.get("content"))
            if role == "user":
                if state.pending_attribute == escalate.SAFETY_CHECK:
                    state.pending_attribute = None  # answered, and that answer led to this later turn
                elif state.pending_attribute:
                    found = self._extract(text, state.pending_attribute, state.profile) or {}
                    self._apply_extraction(state.profile, found)
                    state.pending_attribute = None
                else:
                    last_user = text
            elif role == "assistant":
                attribute = questions.get(_normalise(text))
                if attribute is None:
                    self._end_episode(state)
                    continue
                if state.original_request is None:
                    risk = self.assess(last_user) if last_user else RiskAssessment()
                    state.original_request, state.request_domain = last_user, risk.domain
                    state.request_level = risk.level if risk.is_risky else "high"
                state.pending_attribute, state.pending_question = attribute, text
                if attribute != escalate.SAFETY_CHECK:
                    state.profile.asked.append(attribute)
                    state.questions_this_request += 1
        return state

    def _enriched_messages(self, checked: list[dict], system_message: str, original: str, domain: str | None) -> list[dict]:
        """The caller's conversation without the guard's Q&A turns, the context system message after the
        caller's own system messages, and the original request as the last user turn."""
        lead, rest = split_leading_system(checked)
        questions = self._question_texts(domain)
        rest = list(rest)
        # Drop trailing (our question, user reply) pairs, newest first.
        while rest:
            i = len(rest)
            while i > 0 and rest[i - 1].get("role") == "user":
                i -= 1
            if i == 0 or rest[i - 1].get("role") != "assistant":
                break
            if _normalise(content_text(rest[i - 1].get("content"))) not in questions or i == len(rest):
                break
            rest = rest[: i - 1]
        if not rest or _normalise(latest_user_turn(rest)) != _normalise(original):
            rest.append({"role": "user", "content": original})
        return [*lead, {"role": "system", "content": system_message}, *rest]

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
