"""From a decision to what the user sees: the one core `Guard.complete` and every host adapter share.

- ask: the clarifying question is the reply; no model call (`reply_without_model`).
- escalate: the crisis resources first, then the model's supportive reply under the crisis-safety prompt. The
  fixed crisis reply instead when `crisis_reply` is "fixed" (or "auto" with an embedded local/ model, too small
  to be trusted with someone in crisis), and whenever the model fails or says nothing. Never left unanswered.
- enrich: the model's reply; a fixed safe holding reply when the model fails or says nothing (fail closed: a
  risky request never gets an empty answer).
- pass: the model's reply as it is; its errors reach the caller (fail open: the guard adds nothing).

Model calls the guard makes itself are retried under `penguin_guard.retry` (`answer` / `aanswer`).
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

from penguin_guard import escalate, retry
from penguin_guard.models import Decision

log = logging.getLogger(__name__)

SAFE_FALLBACK_REPLY = (
    "I'm sorry, I can't give you a proper answer right now because of a technical problem on my side. "
    "This sounds important, so please try again in a moment. If it's weighing on you, talking it through with "
    "someone you trust, or a professional, can help in the meantime."
)

__all__ = [
    "SAFE_FALLBACK_REPLY",
    "aanswer",
    "answer",
    "closing_text",
    "failure_text",
    "fixed_crisis_reply",
    "reply_text",
    "reply_without_model",
    "retry_policy",
    "stream_prefix",
]


def retry_policy(config: Any) -> retry.RetryPolicy:
    """The retry policy a GuardConfig asks for (`upstream_retries`)."""
    return retry.RetryPolicy(retries=int(getattr(config, "upstream_retries", 2)))


def fixed_crisis_reply(config: Any, model: str | None) -> bool:
    """True when a crisis turn gets the fixed supportive text and no model call: `crisis_reply: fixed`, or
    "auto" with an embedded local/ model."""
    mode = getattr(config, "crisis_reply", "model")
    return mode == "fixed" or (mode == "auto" and str(model or "").startswith("local/"))


def reply_without_model(decision: Decision, config: Any, model: str | None) -> str | None:
    """The reply when the model must not be called (the question; the fixed crisis reply), else None."""
    if decision.action == "ask":
        return decision.question or ""
    if decision.action == "escalate" and fixed_crisis_reply(config, model):
        return failure_text(decision)
    return None


def reply_text(decision: Decision, model_text: str | None) -> str:
    """The text the user sees, given what the model answered (None or blank when it produced nothing)."""
    if decision.action == "ask":
        return decision.question or ""
    if decision.action == "escalate":
        return escalate.crisis_reply(decision.crisis_resources or "", model_text)
    if decision.action == "enrich":
        return model_text if model_text and model_text.strip() else SAFE_FALLBACK_REPLY
    return model_text or ""


def failure_text(decision: Decision) -> str | None:
    """What to answer when the model call failed, or None when the error should reach the caller (pass, ask)."""
    if decision.action == "escalate":
        return escalate.crisis_reply(decision.crisis_resources or "", None)
    if decision.action == "enrich":
        return SAFE_FALLBACK_REPLY
    return None


def stream_prefix(decision: Decision) -> str:
    """Text to stream before the model's tokens: the crisis resources for escalate, nothing otherwise."""
    if decision.action == "escalate" and decision.crisis_resources:
        return decision.crisis_resources + "\n\n"
    return ""


def closing_text(decision: Decision, produced: bool, failed: bool) -> str | None:
    """What ends a streamed enrich or escalate reply the model broke off or left empty (after `stream_prefix`):
    the fixed crisis reply or the safe holding reply. None when the model's chunks stand, or when (pass, ask) the
    error must reach the caller."""
    body = {"escalate": escalate.FIXED_CRISIS_REPLY, "enrich": SAFE_FALLBACK_REPLY}.get(decision.action)
    if body is None or (produced and not failed):
        return None
    return ("\n\n" if produced else "") + body


def _failed(decision: Decision, exc: Exception, failures: Counter[str] | None) -> str:
    fallback = failure_text(decision)
    if fallback is None:
        raise exc
    if failures is not None:
        failures["upstream_failures"] += 1
    log.warning("upstream call failed for a %s decision (%s); sending the fixed reply", decision.action,
                type(exc).__name__)
    return fallback


def answer(decision: Decision, call: Callable[[], str | None], policy: retry.RetryPolicy,
           failures: Counter[str] | None = None) -> str:
    """The reply to an enrich or escalate turn: `call()` returns the model's text; it is retried under `policy`,
    and when it still fails the fixed reply is given (pass and ask errors are raised)."""
    try:
        text = retry.call(call, policy)
    except Exception as exc:
        return _failed(decision, exc, failures)
    return reply_text(decision, text)


async def aanswer(decision: Decision, call: Callable[[], Awaitable[str | None]], policy: retry.RetryPolicy,
                  failures: Counter[str] | None = None) -> str:
    """Async twin of `answer`."""
    try:
        text = await retry.acall(call, policy)
    except Exception as exc:
        return _failed(decision, exc, failures)
    return reply_text(decision, text)
