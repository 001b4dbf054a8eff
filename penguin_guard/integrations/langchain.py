"""LangChain adapter: a Runnable that puts the guard in front of a chat model.

    from penguin_guard.integrations.langchain import guard_chat_model

    guarded = guard_chat_model(chat_model, guard)          # drop-in where the chat model was
    reply = guarded.invoke(history, config={"configurable": {"session_id": "user-42"}})

- ask: the clarifying question comes back as an AIMessage and the chat model is not called. Append it and the
  user's reply to the history and invoke again.
- pass: the chat model gets the caller's input untouched.
- enrich: the chat model gets the conversation with the guard's context system message and the original request.
- escalate: crisis resources first, then the model's supportive reply (under the crisis-safety prompt); if the
  model fails, the fixed crisis reply. Never gated on questions. With `crisis_reply: fixed` (or "auto" and an
  embedded local/ model) the fixed reply is sent without calling the model.

Every reply carries the decision (attribute names only, never values) in `response_metadata["penguin_guard"]`.
The session id comes from `config["configurable"]["session_id"]` (or `thread_id`); without one the guard
replays the conversation itself, which works as long as the caller sends the whole history back.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator, Sequence
from typing import Any

from langchain_core.messages import (
    AIMessage,
    AIMessageChunk,
    BaseMessage,
    convert_to_messages,
    convert_to_openai_messages,
)
from langchain_core.prompt_values import PromptValue
from langchain_core.runnables import Runnable, RunnableConfig, RunnableLambda, ensure_config

from penguin_guard import reply
from penguin_guard.guard import Guard
from penguin_guard.integrations.common import (
    TurnPlan,
    aplan_turn,
    decision_info,
    failure_text,
    pick_session_id,
    plan_turn,
    reply_text,
    stream_prefix,
)
from penguin_guard.models import Decision

__all__ = [
    "GuardedChatModel",
    "decision_from",
    "finish_reply",
    "fixed_crisis_reply",
    "guard_chat_model",
    "litellm_chat",
    "model_id",
    "session_id_from",
]

METADATA_KEY = "penguin_guard"


def session_id_from(config: RunnableConfig | None) -> str | None:
    """The session id a LangChain caller passes: `configurable.session_id`, else `configurable.thread_id`."""
    configurable = (config or {}).get("configurable") or {}
    return pick_session_id(configurable.get("session_id"), configurable.get("thread_id"))


def decision_from(message: BaseMessage) -> Decision | None:
    """The guard's decision attached to a message the guarded model returned, if any."""
    data = (getattr(message, "response_metadata", None) or {}).get(METADATA_KEY)
    return Decision.model_validate(data) if data else None


def to_langchain_messages(value: Any) -> list[BaseMessage]:
    """Any chat-model input (a string, a PromptValue, a list of messages, tuples or dicts) as messages."""
    if isinstance(value, str):
        return convert_to_messages([("human", value)])
    if isinstance(value, PromptValue):
        return value.to_messages()
    if isinstance(value, Sequence):
        return convert_to_messages(value)
    raise TypeError(f"expected a string, a PromptValue or a list of messages, got {type(value).__name__}")


def model_id(model: Any) -> str:
    """The LiteLLM-style model string of a chat model, as far as it can be told ("" when it cannot)."""
    for attribute in ("model", "model_name"):
        value = getattr(model, attribute, None)
        if isinstance(value, str):
            return value
    return str(getattr(model, "name", "") or "").removeprefix("litellm:")


def fixed_crisis_reply(guard: Guard, model: Any) -> bool:
    """True when a crisis turn must get the fixed reply without a model call (`penguin_guard.reply`'s rule, for a
    LangChain chat model)."""
    return reply.fixed_crisis_reply(guard.config, model_id(model))


def _model_text(output: Any) -> str | None:
    if isinstance(output, BaseMessage):
        return output.text
    return output if isinstance(output, str) else None


def _tagged(decision: Decision, text: str, extra: dict | None = None) -> AIMessage:
    return AIMessage(content=text, response_metadata={**(extra or {}), METADATA_KEY: decision_info(decision)})


def finish_reply(decision: Decision, output: Any) -> Any:
    """The model's output as the user should see it: tagged, with crisis resources first for escalate.

    A pass or enrich reply keeps the model's own message (tool calls included); an empty enriched reply gets
    the safe fallback, and a crisis reply is always text with the resources first.
    """
    if isinstance(output, BaseMessage):
        own = (output.text or "").strip() or getattr(output, "tool_calls", None)
        if decision.action == "pass" or (decision.action == "enrich" and own):
            metadata = {**(output.response_metadata or {}), METADATA_KEY: decision_info(decision)}
            return output.model_copy(update={"response_metadata": metadata})
    elif decision.action == "pass":
        return output
    extra = dict(getattr(output, "response_metadata", None) or {})
    return _tagged(decision, reply_text(decision, _model_text(output)), extra)


def _chunk(decision: Decision, text: str, tag: bool = False) -> AIMessageChunk:
    return AIMessageChunk(content=text, response_metadata={METADATA_KEY: decision_info(decision)} if tag else {})


def _closing_chunk(decision: Decision, produced: bool, failed: bool) -> AIMessageChunk | None:
    """What ends a risky or crisis stream the model failed or left empty (`penguin_guard.reply.closing_text`)."""
    text = reply.closing_text(decision, produced, failed)
    return None if text is None else _chunk(decision, text)


def _openai_messages(value: Any) -> list[dict]:
    return convert_to_openai_messages(to_langchain_messages(value))


class GuardedChatModel(Runnable[Any, Any]):
    """A chat model behind penguin-guard. Input: whatever the chat model takes; output: an AIMessage.

    The sync and async paths differ only in how they call the guard and the model; what happens before and
    after the model call lives in the helpers below, once.
    """

    name: str | None = "PenguinGuard"

    def __init__(self, model: Runnable, guard: Guard | None = None):
        self.model = model
        self.guard = guard if guard is not None else Guard()

    def _answer_without_model(self, plan: TurnPlan) -> str | None:
        """The reply when the model must not be called: the question (ask), the fixed crisis reply (escalate
        with `crisis_reply` fixed, or auto with a local model)."""
        return reply.reply_without_model(plan.decision, self.guard.config, model_id(self.model))

    def _upstream(self, plan: TurnPlan, original: Any) -> Any:
        return original if plan.action == "pass" else convert_to_messages(plan.messages or [])

    def _first_chunk(self, plan: TurnPlan) -> tuple[AIMessageChunk, bool]:
        """The stream's first chunk, and whether it is the whole reply (no model call). Only the first chunk
        carries the decision: LangChain concatenates string metadata when chunks are added."""
        if (reply := self._answer_without_model(plan)) is not None:
            return _chunk(plan.decision, reply, tag=True), True
        return _chunk(plan.decision, stream_prefix(plan.decision), tag=True), False

    # ---- invoke ---------------------------------------------------------------------------------------------

    def invoke(self, input: Any, config: RunnableConfig | None = None, **kwargs: Any) -> Any:
        return self._call_with_config(self._invoke, input, config, **kwargs)

    def _invoke(self, input: Any, run_manager: Any, config: RunnableConfig, **kwargs: Any) -> Any:
        plan = plan_turn(self.guard, _openai_messages(input), session_id_from(config))
        if (reply := self._answer_without_model(plan)) is not None:
            return _tagged(plan.decision, reply)
        try:
            output = self.model.invoke(self._upstream(plan, input), _child(config, run_manager), **kwargs)
        except Exception:
            if (text := failure_text(plan.decision)) is None:
                raise
            return _tagged(plan.decision, text)
        return finish_reply(plan.decision, output)

    async def ainvoke(self, input: Any, config: RunnableConfig | None = None, **kwargs: Any) -> Any:
        return await self._acall_with_config(self._ainvoke, input, config, **kwargs)

    async def _ainvoke(self, input: Any, run_manager: Any, config: RunnableConfig, **kwargs: Any) -> Any:
        plan = await aplan_turn(self.guard, _openai_messages(input), session_id_from(config))
        if (reply := self._answer_without_model(plan)) is not None:
            return _tagged(plan.decision, reply)
        try:
            output = await self.model.ainvoke(self._upstream(plan, input), _child(config, run_manager), **kwargs)
        except Exception:
            if (text := failure_text(plan.decision)) is None:
                raise
            return _tagged(plan.decision, text)
        return finish_reply(plan.decision, output)

    # ---- streaming ------------------------------------------------------------------------------------------

    def stream(self, input: Any, config: RunnableConfig | None = None, **kwargs: Any) -> Iterator[Any]:
        """The first chunk carries the decision and the question (ask) or crisis resources (escalate) or nothing;
        the model's chunks follow, or a fallback text when the model fails on a risky or crisis turn."""
        config = ensure_config(config)
        plan = plan_turn(self.guard, _openai_messages(input), session_id_from(config))
        first, whole = self._first_chunk(plan)
        yield first
        if whole:
            return
        produced = False
        try:
            for chunk in self.model.stream(self._upstream(plan, input), config, **kwargs):
                produced = produced or bool(_model_text(chunk))
                yield chunk
        except Exception:
            if (last := _closing_chunk(plan.decision, produced, failed=True)) is None:
                raise
            yield last
            return
        if (last := _closing_chunk(plan.decision, produced, failed=False)) is not None:
            yield last

    async def astream(self, input: Any, config: RunnableConfig | None = None, **kwargs: Any) -> AsyncIterator[Any]:
        config = ensure_config(config)
        plan = await aplan_turn(self.guard, _openai_messages(input), session_id_from(config))
        first, whole = self._first_chunk(plan)
        yield first
        if whole:
            return
        produced = False
        try:
            async for chunk in self.model.astream(self._upstream(plan, input), config, **kwargs):
                produced = produced or bool(_model_text(chunk))
                yield chunk
        except Exception:
            if (last := _closing_chunk(plan.decision, produced, failed=True)) is None:
                raise
            yield last
            return
        if (last := _closing_chunk(plan.decision, produced, failed=False)) is not None:
            yield last


def _child(config: RunnableConfig, run_manager: Any) -> RunnableConfig:
    """The model's config: the caller's, with this run's callbacks so the model call nests under it."""
    return {**config, "callbacks": run_manager.get_child()}


def guard_chat_model(model: Runnable, guard: Guard | None = None) -> GuardedChatModel:
    """Wrap a chat model (any Runnable from messages to an AIMessage) with the guard."""
    return GuardedChatModel(model, guard)


def litellm_chat(model: str, **params: Any) -> Runnable:
    """A minimal LangChain chat model over LiteLLM (messages in, AIMessage out), so recipes and tests reach any
    provider, the embedded local model or a test server through LiteLLM. `params` go to `litellm.completion`."""
    from penguin_guard.llm import prepare_model

    def _request(value: Any) -> dict[str, Any]:
        prepare_model(model)
        return {"model": model, "messages": _openai_messages(value), **params}

    def _message(response: Any) -> AIMessage:
        return AIMessage(content=response.choices[0].message.content or "")

    def call(value: Any) -> AIMessage:
        import litellm

        return _message(litellm.completion(**_request(value)))

    async def acall(value: Any) -> AIMessage:
        import litellm

        return _message(await litellm.acompletion(**_request(value)))

    return RunnableLambda(call, afunc=acall, name=f"litellm:{model}")
