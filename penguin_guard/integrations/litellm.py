"""LiteLLM: a proxy guardrail (`PenguinGuardrail`) and an SDK hook (`PenguinSDKHook`).

Proxy (config.yaml, see integrations/litellm/):

    guardrails:
      - guardrail_name: penguin-guard
        litellm_params:
          guardrail: penguin_guard.integrations.litellm.PenguinGuardrail
          mode: pre_call
          default_on: true
          penguin_config: /path/to/penguin-guard.yaml     # optional GuardConfig YAML

Per request, the pre-call hook decides:
- ask -> HTTP 200 with the clarifying question as the assistant message (no upstream call), streaming too;
- enrich -> the request goes upstream with the context system message (and the original request last);
- escalate -> HTTP 200 with the crisis resources first, then the upstream's reply under the crisis-safety
  prompt, or the fixed crisis reply when the upstream fails (the guard makes that call through the proxy's router);
- pass -> the request goes upstream untouched.

Session id, first match wins: the `x-penguin-session-id` header, `metadata.penguin_session_id`,
`litellm_session_id` (body field or LiteLLM's own `x-litellm-session-id` header), then `user`. Without any,
the guard replays the conversation the client sent (stateless, still multi-turn). Session ids are scoped to
the caller's team (or API key), so two tenants who both send `user: "bob"` never share what the guard learned.

Errors: unreadable messages -> HTTP 400 with the reason; session store down -> decided statelessly
(store_failure_mode "open") or HTTP 503 ("closed").

SDK (no proxy): `litellm.callbacks.append(PenguinSDKHook())` makes `litellm.acompletion` guarded the same way
(ask returns the question without a provider call; enrich and escalate rewrite the request). LiteLLM 1.110 runs
deployment hooks on async calls only: synchronous `litellm.completion` is not guarded by the hook; use
`Guard.completion` there.
"""

from __future__ import annotations

import copy
import hashlib
import logging
from collections.abc import Mapping
from typing import Any

from litellm.integrations.custom_guardrail import CustomGuardrail
from litellm.integrations.custom_logger import CustomLogger

from penguin_guard.config import GuardConfig
from penguin_guard.integrations.common import (
    TurnPlan,
    aplan_turn,
    decision_info,
    failure_text,
    fixed_crisis_reply,
    pick_session_id,
    reply_text,
)
from penguin_guard.messages import InvalidMessagesError
from penguin_guard.session import StoreUnavailable

log = logging.getLogger(__name__)

SESSION_HEADER = "x-penguin-session-id"
METADATA_KEY = "penguin_session_id"
_CHAT_CALL_TYPES = frozenset({"completion", "acompletion"})
# Set on requests the guard makes itself (the escalation call), so the SDK hook does not guard them twice.
_INNER_FLAG = "penguin_guard_inner_call"

__all__ = ["PenguinGuardrail", "PenguinSDKHook", "scoped_session_id", "session_id_from_request"]


def _make_guard(guard: Any | None, penguin_config: str | None) -> Any:
    if guard is not None:
        return guard
    from penguin_guard.guard import Guard

    return Guard(GuardConfig.load(penguin_config))


def _header(headers: Any, name: str) -> str | None:
    if not isinstance(headers, Mapping):
        return None
    for key, value in headers.items():
        if isinstance(key, str) and key.lower() == name:
            return value if isinstance(value, str) else None
    return None


def session_id_from_request(data: Mapping[str, Any]) -> str | None:
    """The session id of a proxy request (precedence in the module docstring)."""
    metadata = data.get("metadata") if isinstance(data.get("metadata"), Mapping) else {}
    request = data.get("proxy_server_request") if isinstance(data.get("proxy_server_request"), Mapping) else {}
    headers = request.get("headers") or metadata.get("headers") or {}
    return pick_session_id(
        _header(headers, SESSION_HEADER),
        metadata.get(METADATA_KEY),
        (data.get("litellm_metadata") or {}).get(METADATA_KEY) if isinstance(data.get("litellm_metadata"), Mapping) else None,
        data.get("litellm_session_id"),
        _header(headers, "x-litellm-session-id"),
        data.get("user"),
    )


def scoped_session_id(session_id: str | None, user_api_key_dict: Any) -> str | None:
    """Prefix the session id with a short hash of the caller's team or key: sessions never cross tenants."""
    if session_id is None:
        return None
    owner = getattr(user_api_key_dict, "team_id", None) or getattr(user_api_key_dict, "token", None)
    if not owner:
        return session_id
    return f"{hashlib.sha256(str(owner).encode()).hexdigest()[:16]}:{session_id}"


def _http_error(status: int, message: str) -> Exception:
    from fastapi import HTTPException

    return HTTPException(status_code=status, detail={"error": message})


class PenguinGuardrail(CustomGuardrail):
    """LiteLLM proxy guardrail (pre_call). Keyword arguments come from the guardrail's `litellm_params`."""

    def __init__(self, penguin_config: str | None = None, guard: Any | None = None, **kwargs: Any):
        kwargs.setdefault("guardrail_name", "penguin-guard")
        kwargs.setdefault("event_hook", "pre_call")
        super().__init__(**kwargs)
        self.guard = _make_guard(guard, penguin_config)

    async def async_pre_call_hook(self, user_api_key_dict: Any, cache: Any, data: dict, call_type: Any) -> dict:
        call = getattr(call_type, "value", call_type)
        if call not in _CHAT_CALL_TYPES or "messages" not in data:
            return data
        try:
            session_id = scoped_session_id(session_id_from_request(data), user_api_key_dict)
            plan = await aplan_turn(self.guard, data.get("messages"), session_id)
        except InvalidMessagesError as exc:
            raise _http_error(400, f"penguin-guard: invalid messages: {exc}") from None
        except StoreUnavailable as exc:
            raise _http_error(503, f"penguin-guard: {exc}; try again shortly") from None
        decision = plan.decision
        info = decision_info(decision)
        _annotate(data, info)
        if decision.action == "ask":
            self.raise_passthrough_exception(violation_message=plan.reply or "", request_data=data, detection_info=info)
        if decision.action == "escalate":
            text = await self._crisis_text(data, plan)
            self.raise_passthrough_exception(violation_message=text, request_data=data, detection_info=info)
        if decision.action == "enrich":
            data["messages"] = plan.messages
        return data

    async def _crisis_text(self, data: dict, plan: TurnPlan) -> str:
        """Resources first, then the upstream's supportive reply; the fixed crisis reply if the upstream fails."""
        if fixed_crisis_reply(self.guard.config, data.get("model")):
            return failure_text(plan.decision) or ""
        try:
            from litellm.proxy.proxy_server import llm_router

            if llm_router is None:
                raise RuntimeError("the proxy has no router")
            config = self.guard.config
            response = await llm_router.acompletion(
                model=data.get("model"), messages=copy.deepcopy(plan.messages), stream=False,
                timeout=config.upstream_timeout_seconds, num_retries=config.upstream_retries,
            )
            return reply_text(plan.decision, response.choices[0].message.content)
        except Exception as exc:  # a crisis message is never left unanswered
            log.warning("penguin-guard: crisis upstream call failed (%s); sending the fixed reply", type(exc).__name__)
            return failure_text(plan.decision) or ""


def _annotate(data: dict, info: dict) -> None:
    """Record the decision (names only, no values) in the request metadata for logs and callbacks."""
    metadata = data.get("metadata")
    if isinstance(metadata, dict):
        metadata["penguin_guard"] = {k: info[k] for k in ("action", "attribute", "questions_asked") if k in info}


class PenguinSDKHook(CustomLogger):
    """Guards `litellm.acompletion` calls made directly with the SDK: `litellm.callbacks.append(PenguinSDKHook())`.

    The session id comes from `metadata={"penguin_session_id": ...}` or `user=...`; without one the guard replays
    the conversation. Invalid messages raise `InvalidMessagesError` to the caller.
    """

    def __init__(self, guard: Any | None = None, penguin_config: str | None = None, **kwargs: Any):
        super().__init__(**kwargs)
        self.guard = _make_guard(guard, penguin_config)

    async def async_pre_call_deployment_hook(self, kwargs: dict, call_type: Any) -> dict | None:
        call = getattr(call_type, "value", call_type)
        if call not in _CHAT_CALL_TYPES or not kwargs.get("messages"):
            return None
        metadata = kwargs.get("metadata") if isinstance(kwargs.get("metadata"), Mapping) else {}
        if metadata.get(_INNER_FLAG):
            return None
        session_id = pick_session_id(metadata.get(METADATA_KEY), kwargs.get("user"))
        plan = await aplan_turn(self.guard, kwargs["messages"], session_id)
        decision = plan.decision
        if decision.action == "ask":
            return {**kwargs, "mock_response": plan.reply or ""}
        if decision.action == "enrich":
            return {**kwargs, "messages": plan.messages}
        if decision.action == "escalate":
            return {**kwargs, "mock_response": await self._crisis_text(kwargs, plan)}
        return None

    async def _crisis_text(self, kwargs: dict, plan: TurnPlan) -> str:
        import litellm

        if fixed_crisis_reply(self.guard.config, kwargs.get("model")):
            return failure_text(plan.decision) or ""
        call = {k: kwargs[k] for k in ("model", "api_base", "api_key", "base_url", "custom_llm_provider",
                                        "api_version", "temperature", "max_tokens") if kwargs.get(k) is not None}
        config = self.guard.config
        try:
            response = await litellm.acompletion(
                **call, messages=copy.deepcopy(plan.messages), metadata={_INNER_FLAG: True},
                timeout=config.upstream_timeout_seconds, num_retries=config.upstream_retries,
            )
            return reply_text(plan.decision, response.choices[0].message.content)
        except Exception as exc:
            log.warning("penguin-guard: crisis upstream call failed (%s); sending the fixed reply", type(exc).__name__)
            return failure_text(plan.decision) or ""
