"""Host-independent glue: what a host does with the guard's decision for one turn.

Every adapter (NeMo rails, LiteLLM proxy and SDK hooks, agent frameworks) follows the same four cases, so they
live here once:

- ask: the host replies with `plan.reply` (the clarifying question) and makes no model call;
- pass / enrich: the host calls its model with `plan.messages` (the caller's own list for pass, the list with the
  context system message for enrich), and shows `reply_text(decision, model_text)`;
- escalate: the host calls its model with `plan.messages` (crisis-safety system prompt added); the reply shows the
  crisis resources first (`reply_text`), and when the model fails the fixed crisis reply (`failure_text`).

The functions are plain and stable; adapters import only what they use.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from penguin_guard import escalate
from penguin_guard.guard import SAFE_FALLBACK_REPLY
from penguin_guard.models import Decision

__all__ = [
    "SAFE_FALLBACK_REPLY",
    "TurnPlan",
    "aplan_turn",
    "decision_info",
    "failure_text",
    "fixed_crisis_reply",
    "inline_context",
    "pick_session_id",
    "plan_turn",
    "reply_text",
    "stream_prefix",
]


@dataclass(frozen=True)
class TurnPlan:
    """One turn, decided. `reply` is set only for ask; `messages` is what goes upstream otherwise."""

    decision: Decision
    reply: str | None
    messages: list[dict] | None

    @property
    def action(self) -> str:
        return self.decision.action

    @property
    def answers_without_model(self) -> bool:
        """True when the host must answer with `reply` and not call its model."""
        return self.reply is not None


def _plan(prepared: Any) -> TurnPlan:
    decision: Decision = prepared.decision
    if decision.action == "ask":
        return TurnPlan(decision=decision, reply=decision.question or "", messages=None)
    if decision.action == "pass":
        return TurnPlan(decision=decision, reply=None, messages=list(prepared.original))
    return TurnPlan(decision=decision, reply=None, messages=list(prepared.messages or []))


def plan_turn(guard: Any, messages: Any, session_id: str | None = None) -> TurnPlan:
    """Decide this turn with `guard` (a penguin_guard.Guard). Raises InvalidMessagesError on bad input and
    StoreUnavailable when the store is down and the guard is configured fail-closed."""
    return _plan(guard.prepare(messages, session_id))


async def aplan_turn(guard: Any, messages: Any, session_id: str | None = None) -> TurnPlan:
    """`plan_turn` off the event loop (the detector and the store may block)."""
    return _plan(await asyncio.to_thread(guard.prepare, messages, session_id))


def reply_text(decision: Decision, model_text: str | None) -> str:
    """The text the user sees, given what the model answered (None or empty when it produced nothing)."""
    if decision.action == "ask":
        return decision.question or ""
    if decision.action == "escalate":
        return escalate.crisis_reply(decision.crisis_resources or "", model_text)
    if decision.action == "enrich":
        return model_text if (model_text or "").strip() else SAFE_FALLBACK_REPLY
    return model_text or ""


def failure_text(decision: Decision) -> str | None:
    """What to answer when the model call failed, or None when the error should reach the caller (pass, ask).

    A crisis message is never left unanswered; an enriched (risky) request gets a safe holding reply.
    """
    if decision.action == "escalate":
        return escalate.crisis_reply(decision.crisis_resources or "", None)
    if decision.action == "enrich":
        return SAFE_FALLBACK_REPLY
    return None


def fixed_crisis_reply(config: Any, model: str | None) -> bool:
    """True when a crisis turn gets the fixed supportive text without a model call (`crisis_reply: fixed`, or
    "auto" with an embedded local/ model, too small to be trusted with someone in crisis)."""
    mode = getattr(config, "crisis_reply", "model")
    return mode == "fixed" or (mode == "auto" and str(model or "").startswith("local/"))


def stream_prefix(decision: Decision) -> str:
    """Text to stream before the model's tokens: the crisis resources for escalate, nothing otherwise."""
    if decision.action == "escalate" and decision.crisis_resources:
        return decision.crisis_resources + "\n\n"
    return ""


def inline_context(decision: Decision, request: str) -> str:
    """The request with the guard's context note in front, for hosts that can only rewrite the user turn
    (NeMo input rails). The note holds attribute values: hand it to the model, never to a log."""
    note = (decision.system_message or "").strip()
    if not note:
        return request
    return f"{note}\n\nThe user's request:\n{request}"


def decision_info(decision: Decision) -> dict:
    """A JSON-safe view of the decision for response metadata and headers (attribute names, never values)."""
    return decision.model_dump(mode="json")


def pick_session_id(*candidates: Any) -> str | None:
    """The first candidate that is a non-empty string (hosts list their sources in precedence order)."""
    for candidate in candidates:
        if isinstance(candidate, str) and candidate.strip():
            return candidate.strip()
    return None
