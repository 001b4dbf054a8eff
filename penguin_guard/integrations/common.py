"""Host-independent glue: what a host does with the guard's decision for one turn.

Every adapter (NeMo rails, LiteLLM proxy and SDK hooks, agent frameworks) follows the same four cases, so they
live here once:

- ask: the host replies with `plan.reply` (the clarifying question) and makes no model call;
- pass / enrich: the host calls its model with `plan.messages` (the caller's own list for pass, the list with the
  context system message for enrich), and shows `reply_text(decision, model_text)`;
- escalate: the host calls its model with `plan.messages` (crisis-safety system prompt added); the reply shows the
  crisis resources first (`reply_text`), and when the model fails the fixed crisis reply (`failure_text`); with
  `crisis_reply` fixed it answers `reply_without_model(...)` and calls nothing.

The rules themselves live once in `penguin_guard.reply` (re-exported here), the retry policy in
`penguin_guard.retry`. The functions are plain and stable; adapters import only what they use.
"""

from __future__ import annotations

import asyncio
from typing import Any

from penguin_guard.llm import use_local_cost_map

# Every adapter imports this module first: LiteLLM stays offline unless the user chose otherwise.
use_local_cost_map()

from penguin_guard.guard import Prepared  # noqa: E402
from penguin_guard.models import Decision  # noqa: E402
from penguin_guard.reply import (  # noqa: E402
    SAFE_FALLBACK_REPLY,
    aanswer,
    answer,
    closing_text,
    failure_text,
    fixed_crisis_reply,
    reply_text,
    reply_without_model,
    retry_policy,
    stream_prefix,
)

__all__ = [
    "SAFE_FALLBACK_REPLY",
    "TurnPlan",
    "aanswer",
    "answer",
    "aplan_turn",
    "closing_text",
    "decision_info",
    "failure_text",
    "fixed_crisis_reply",
    "inline_context",
    "pick_session_id",
    "plan_turn",
    "reply_text",
    "reply_without_model",
    "retry_policy",
    "stream_prefix",
]

# One turn, decided: the same value `Guard.prepare` returns (`decision`, `reply`, `messages`, `action`,
# `answers_without_model`), so `Guard.complete` and the adapters carry out decisions the same way.
TurnPlan = Prepared


def plan_turn(guard: Any, messages: Any, session_id: str | None = None) -> TurnPlan:
    """Decide this turn with `guard` (a penguin_guard.Guard). Raises InvalidMessagesError on bad input and
    StoreUnavailable when the store is down and the guard is configured fail-closed."""
    return guard.prepare(messages, session_id)


async def aplan_turn(guard: Any, messages: Any, session_id: str | None = None) -> TurnPlan:
    """`plan_turn` off the event loop (the detector and the store may block)."""
    return await asyncio.to_thread(guard.prepare, messages, session_id)


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
