"""LiteLLM: a proxy guardrail (`PenguinGuardrail`) and an SDK hook (`PenguinSDKHook`).

Proxy (config.yaml, see integrations/litellm/):

    guardrails:
      - guardrail_name: penguin-guard
        litellm_params:
          guardrail: penguin_guard.integrations.litellm.PenguinGuardrail
          mode: pre_call
          default_on: true
          penguin_config: /path/to/penguin-guard.yaml     # optional GuardConfig YAML
          text_completions: reject                         # or "pass": /v1/completions unguarded

Per request (`/v1/chat/completions` and `/v1/responses`), the pre-call hook decides:
- ask -> HTTP 200 with the clarifying question as the assistant message (no upstream call), streaming too;
- enrich -> the request goes upstream with the context system message (and the original request last);
- escalate -> HTTP 200 with the crisis resources first, then the upstream's reply under the crisis-safety
  prompt, or the fixed crisis reply when the upstream fails (the guard makes that call through the proxy's router);
- pass -> the request goes upstream untouched.
A chat-completions reply the guard writes ends with `finish_reason: "stop"`, streamed or not, like a model's reply
(it is answered as the router's `mock_response`, with zero usage). Only a crisis whose upstream call failed is
answered without the router (it may be cooling the deployment down); that reply says `"content_filter"` when not
streamed. `/v1/completions` (text completion: one prompt, no roles) is refused with HTTP 400 unless the guardrail
says `text_completions: pass`; other endpoints (embeddings, `/v1/messages`, ...) are not guarded.

Session id, first match wins: the `x-penguin-session-id` header, `metadata.penguin_session_id`,
`litellm_session_id` (body field or LiteLLM's own `x-litellm-session-id` header), then `user`. Without any,
the guard replays the conversation the client sent (stateless, still multi-turn). Session ids are scoped to
the caller's team (or API key), so two tenants who both send `user: "bob"` never share what the guard learned;
with one key for all users, the session id (usually `user`) is the only boundary between them.

Errors: unreadable messages or a session id over 256 characters -> HTTP 400 with the reason; session store down
-> decided statelessly (store_failure_mode "open") or HTTP 503 ("closed").

SDK (no proxy): `litellm.callbacks.append(PenguinSDKHook())` guards `litellm.acompletion` (ask returns the question
without a provider call; enrich and escalate rewrite the request; `decision_of(response)` reads the decision of a
non-streamed response). LiteLLM runs no request hook on a synchronous `litellm.completion`, so while the hook is
registered such a call is refused with `UnguardedSyncCall` before anything is sent (fail closed); synchronous
code calls `hook.completion(...)` (or `Guard.completion`) instead.
"""

from __future__ import annotations

import asyncio
import contextvars
import copy
import hashlib
import logging
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any, Literal

from penguin_guard.llm import INNER_CALL_KEY, use_local_cost_map

use_local_cost_map()  # before litellm is imported here; a value the user set is kept

import litellm  # noqa: E402
from litellm.integrations.custom_guardrail import CustomGuardrail  # noqa: E402
from litellm.integrations.custom_logger import CustomLogger  # noqa: E402

from penguin_guard.config import GuardConfig  # noqa: E402
from penguin_guard.guard import MAX_SESSION_ID_CHARS, model_response, tag_response  # noqa: E402
from penguin_guard.integrations.common import (  # noqa: E402
    TurnPlan,
    aanswer,
    aplan_turn,
    decision_info,
    failure_text,
    fixed_crisis_reply,
    pick_session_id,
    retry_policy,
)
from penguin_guard.integrations.responses_api import input_messages, with_enrichment  # noqa: E402
from penguin_guard.messages import InvalidMessagesError  # noqa: E402
from penguin_guard.models import Decision  # noqa: E402
from penguin_guard.session import StoreUnavailable  # noqa: E402

log = logging.getLogger(__name__)

SESSION_HEADER = "x-penguin-session-id"
METADATA_KEY = "penguin_session_id"
DECISION_KEY = "penguin_guard"
_CHAT_CALL_TYPES = frozenset({"completion", "acompletion"})
_RESPONSES_CALL_TYPES = frozenset({"responses", "aresponses"})
_TEXT_CALL_TYPES = frozenset({"text_completion", "atext_completion"})
# True while `PenguinSDKHook.completion` makes its own synchronous calls, which the sync-call refusal lets through.
_SYNC_GUARDED: contextvars.ContextVar[bool] = contextvars.ContextVar("penguin_sync_guarded", default=False)

__all__ = [
    "PenguinGuardrail",
    "PenguinSDKHook",
    "UnguardedSyncCall",
    "scoped_session_id",
    "session_id_from_request",
]


class UnguardedSyncCall(RuntimeError):
    """A synchronous `litellm.completion` while `PenguinSDKHook` is registered: LiteLLM would send it unguarded."""


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


def _mapping(value: Any) -> Mapping[str, Any]:
    """`value` when it is a mapping, else an empty one (request fields a client may send malformed)."""
    return value if isinstance(value, Mapping) else {}


def session_id_from_request(data: Mapping[str, Any]) -> str | None:
    """The session id of a proxy request (precedence in the module docstring)."""
    metadata = _mapping(data.get("metadata"))
    request = _mapping(data.get("proxy_server_request"))
    headers = request.get("headers") or metadata.get("headers") or {}
    return pick_session_id(
        _header(headers, SESSION_HEADER),
        metadata.get(METADATA_KEY),
        _mapping(data.get("litellm_metadata")).get(METADATA_KEY),
        data.get("litellm_session_id"),
        _header(headers, "x-litellm-session-id"),
        data.get("user"),
    )


def scoped_session_id(session_id: str | None, user_api_key_dict: Any) -> str | None:
    """Prefix the session id with a short hash of the caller's team or key: sessions never cross tenants.

    The client's id may use the guard's whole limit (256 characters); a scoped id that would pass it keeps the
    prefix and stores the id's SHA-256 instead. A longer client id is refused (InvalidMessagesError -> HTTP 400).
    """
    if session_id is None:
        return None
    if len(session_id) > MAX_SESSION_ID_CHARS:
        raise InvalidMessagesError(f"the session id is {len(session_id)} characters long; the limit is {MAX_SESSION_ID_CHARS}")
    owner = getattr(user_api_key_dict, "team_id", None) or getattr(user_api_key_dict, "token", None)
    if not owner:
        return session_id
    prefix = hashlib.sha256(str(owner).encode()).hexdigest()[:16]
    scoped = f"{prefix}:{session_id}"
    if len(scoped) > MAX_SESSION_ID_CHARS:
        scoped = f"{prefix}:sha256:{hashlib.sha256(session_id.encode()).hexdigest()}"
    return scoped


def _http_error(status: int, message: str) -> Exception:
    from fastapi import HTTPException

    return HTTPException(status_code=status, detail={"error": message})


class PenguinGuardrail(CustomGuardrail):
    """LiteLLM proxy guardrail (pre_call). Keyword arguments come from the guardrail's `litellm_params`.

    `text_completions`: "reject" (default: HTTP 400, the guard cannot read a bare prompt as a conversation) or
    "pass" (forward `/v1/completions` unguarded, for deployments that use it only for code or text tools).
    """

    def __init__(self, penguin_config: str | None = None, guard: Any | None = None,
                 text_completions: Literal["reject", "pass"] = "reject", **kwargs: Any):
        kwargs.setdefault("guardrail_name", "penguin-guard")
        kwargs.setdefault("event_hook", "pre_call")
        super().__init__(**kwargs)
        if text_completions not in ("reject", "pass"):
            raise ValueError(f"text_completions must be 'reject' or 'pass', not {text_completions!r}")
        self.text_completions = text_completions
        self.guard = _make_guard(guard, penguin_config)

    async def async_pre_call_hook(self, user_api_key_dict: Any, cache: Any, data: dict, call_type: Any) -> dict:
        call = getattr(call_type, "value", call_type)
        if call in _TEXT_CALL_TYPES:
            if self.text_completions == "pass":
                return data
            raise _http_error(400, "penguin-guard: text completions (/v1/completions) are not guarded; send the "
                                   "conversation to /v1/chat/completions or /v1/responses")
        responses = call in _RESPONSES_CALL_TYPES
        if not responses and (call not in _CHAT_CALL_TYPES or "messages" not in data):
            return data
        try:
            messages = input_messages(data) if responses else data.get("messages")
            if responses and not messages:
                return data  # nothing the user said in this request (a tool result after previous_response_id)
            session_id = scoped_session_id(session_id_from_request(data), user_api_key_dict)
            plan = await aplan_turn(self.guard, messages, session_id)
        except InvalidMessagesError as exc:
            raise _http_error(400, f"penguin-guard: invalid messages: {exc}") from None
        except StoreUnavailable as exc:
            raise _http_error(503, f"penguin-guard: {exc}; try again shortly") from None
        decision = plan.decision
        info = decision_info(decision)
        _annotate(data, info)
        if decision.action == "ask":
            return self._answer(data, plan.reply or "", decision, responses)
        if decision.action == "escalate":
            text, answered = await self._crisis_text(data, plan)
            return self._answer(data, text, decision, responses, router_ok=answered)
        if decision.action == "enrich":
            if responses:
                data.update(with_enrichment(data, plan.messages or [], decision.system_message or ""))
            else:
                data["messages"] = plan.messages
        return data

    def _answer(self, data: dict, text: str, decision: Decision, responses: bool, router_ok: bool = True) -> dict:
        """Answer with the guard's own text. Chat completions: as the router's mock response, so it looks like a
        model reply (`finish_reason: "stop"`, zero usage) streamed or not. The Responses API, or a router that just
        failed: the guardrail's passthrough reply, which never touches the router."""
        if responses or not router_ok:
            self.raise_passthrough_exception(violation_message=text, request_data=data,
                                             detection_info=decision_info(decision))
        data["mock_response"] = model_response(str(data.get("model") or ""), text, decision)
        return data

    async def _crisis_text(self, data: dict, plan: TurnPlan) -> tuple[str, bool]:
        """(Resources first, then the upstream's supportive reply; whether the router answered). The fixed crisis
        reply when `crisis_reply` says so or the upstream fails: a crisis message is never left unanswered."""
        if fixed_crisis_reply(self.guard.config, data.get("model")):
            return failure_text(plan.decision) or "", True
        from litellm.proxy.proxy_server import llm_router

        if llm_router is None:  # not inside a running proxy: nothing to call, and nothing to retry
            return failure_text(plan.decision) or "", False
        answered = False

        async def call() -> str | None:
            nonlocal answered
            response = await llm_router.acompletion(
                model=data.get("model"), messages=copy.deepcopy(plan.messages), stream=False,
                timeout=self.guard.config.upstream_timeout_seconds, num_retries=0,
            )
            answered = True
            return response.choices[0].message.content

        text = await aanswer(plan.decision, call, retry_policy(self.guard.config), self.guard.stats)
        return text, answered


def _annotate(data: dict, info: dict) -> None:
    """Record the decision (names only, no values) in the request metadata for logs and callbacks."""
    metadata = data.get("metadata")
    if isinstance(metadata, dict):
        metadata[DECISION_KEY] = {k: info[k] for k in ("action", "attribute", "questions_asked") if k in info}


# ---- the SDK hook ---------------------------------------------------------------------------------------------


def _no_running_loop() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return True
    return False


def _refuse_unguarded_sync(_text: str) -> bool:
    """A LiteLLM pre-call rule (it runs for sync and async calls alike, before anything is sent): refuse a
    synchronous call while a PenguinSDKHook is registered, since LiteLLM would not run the hook on it."""
    if _SYNC_GUARDED.get() or not any(isinstance(cb, PenguinSDKHook) for cb in litellm.callbacks):
        return True
    if _no_running_loop():
        raise UnguardedSyncCall(
            "PenguinSDKHook guards litellm.acompletion only: LiteLLM runs no request hook on a synchronous "
            "litellm.completion, so this call was not sent. Use `await litellm.acompletion(...)`, or "
            "`hook.completion(...)` / `penguin_guard.Guard().completion(...)` in synchronous code."
        )
    return True


@contextmanager
def _sync_calls_allowed() -> Iterator[None]:
    token = _SYNC_GUARDED.set(True)
    try:
        yield
    finally:
        _SYNC_GUARDED.reset(token)


class PenguinSDKHook(CustomLogger):
    """Guards `litellm.acompletion` calls made directly with the SDK: `litellm.callbacks.append(PenguinSDKHook())`.

    The session id comes from `metadata={"penguin_session_id": ...}` or `user=...`; without one the guard replays
    the conversation. Invalid messages raise `InvalidMessagesError` to the caller. A synchronous
    `litellm.completion` is refused while the hook is registered (`UnguardedSyncCall`); use `hook.completion`.
    """

    def __init__(self, guard: Any | None = None, penguin_config: str | None = None, **kwargs: Any):
        super().__init__(**kwargs)
        self.guard = _make_guard(guard, penguin_config)
        if _refuse_unguarded_sync not in litellm.pre_call_rules:  # one rule per process, inert without a hook
            litellm.pre_call_rules.append(_refuse_unguarded_sync)

    @staticmethod
    def _session_id(kwargs: Mapping[str, Any]) -> str | None:
        metadata = _mapping(kwargs.get("metadata"))
        return pick_session_id(metadata.get(METADATA_KEY), kwargs.get("user"))

    async def async_pre_call_deployment_hook(self, kwargs: dict, call_type: Any) -> dict | None:
        call = getattr(call_type, "value", call_type)
        if call not in _CHAT_CALL_TYPES or not kwargs.get("messages"):
            return None
        metadata = _mapping(kwargs.get("metadata"))
        if metadata.get(INNER_CALL_KEY):
            return None
        plan = await aplan_turn(self.guard, kwargs["messages"], self._session_id(kwargs))
        decision = plan.decision
        # The decision (names only) rides in the metadata, which LiteLLM keeps out of the provider request, so the
        # success hook can attach it to the response for `decision_of`.
        call_kwargs = {**kwargs, "metadata": {**metadata, DECISION_KEY: decision_info(decision)}}
        model = str(kwargs.get("model") or "")
        if decision.action == "ask":
            return {**call_kwargs, "mock_response": model_response(model, plan.reply or "", decision)}
        if decision.action == "enrich":
            return {**call_kwargs, "messages": plan.messages}
        if decision.action == "escalate":
            return {**call_kwargs, "mock_response": model_response(model, await self._crisis_text(kwargs, plan), decision)}
        return call_kwargs

    def log_pre_api_call(self, model: Any, messages: Any, kwargs: dict) -> None:
        """The one sync call the refusal cannot tell from an async one: `litellm.completion` made inside a running
        event loop. LiteLLM does not let a callback stop it here, so it is logged as an error, loudly."""
        params = _mapping(kwargs.get("litellm_params"))
        if kwargs.get("call_type") == "completion" and params.get("acompletion") is False and not _SYNC_GUARDED.get():
            log.error("penguin-guard: a synchronous litellm.completion ran inside an event loop and went upstream "
                      "UNGUARDED (LiteLLM runs no request hook on sync calls); use litellm.acompletion or "
                      "PenguinSDKHook.completion")

    async def async_post_call_success_deployment_hook(self, request_data: dict, response: Any, call_type: Any) -> Any:
        """Attach the decision to the response (`penguin_guard.guard.decision_of`)."""
        metadata = _mapping(request_data.get("metadata"))
        info = metadata.get(DECISION_KEY)
        if isinstance(info, Mapping):
            tag_response(response, Decision.model_validate(info))
        return None

    async def _crisis_text(self, kwargs: dict, plan: TurnPlan) -> str:
        if fixed_crisis_reply(self.guard.config, kwargs.get("model")):
            return failure_text(plan.decision) or ""
        call = {k: kwargs[k] for k in ("model", "api_base", "api_key", "base_url", "custom_llm_provider",
                                        "api_version", "temperature", "max_tokens") if kwargs.get(k) is not None}

        async def supportive_text() -> str | None:
            response = await litellm.acompletion(
                **call, messages=copy.deepcopy(plan.messages), metadata={INNER_CALL_KEY: True},
                timeout=self.guard.config.upstream_timeout_seconds, num_retries=0,
            )
            return response.choices[0].message.content

        return await aanswer(plan.decision, supportive_text, retry_policy(self.guard.config), self.guard.stats)

    def completion(self, **kwargs: Any) -> Any:
        """The synchronous guarded call: `litellm.completion`'s arguments, its return types, the same session
        keys as the hook. It runs `Guard.completion`, so the decision is on the response (and on every chunk)."""
        session_id = self._session_id(kwargs)
        with _sync_calls_allowed():
            result = self.guard.completion(session_id=session_id, **kwargs)
        return _allowed_while_read(result) if kwargs.get("stream") else result


def _allowed_while_read(chunks: Any) -> Iterator[Any]:
    """A guarded stream makes its upstream call when it is first read: let it through then, chunk by chunk (the
    permission never stays set while the caller holds the stream)."""
    iterator = iter(chunks)
    while True:
        with _sync_calls_allowed():
            try:
                chunk = next(iterator)
            except StopIteration:
                return
        yield chunk
