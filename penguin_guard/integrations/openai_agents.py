"""OpenAI Agents SDK adapter: a blocking input guardrail that asks or escalates, and a model-input filter
that enriches.

    from agents import Agent, InputGuardrailTripwireTriggered, RunConfig, Runner
    from agents.extensions.models.litellm_model import LitellmModel
    from penguin_guard.integrations.openai_agents import (
        PenguinContext, penguin_input_filter, penguin_input_guardrail, tripwire_reply)

    agent = Agent(name="assistant", instructions="...", model=LitellmModel(model="openai/gpt-4o-mini"),
                  input_guardrails=[penguin_input_guardrail(guard)])
    run_config = RunConfig(call_model_input_filter=penguin_input_filter)
    try:
        result = await Runner.run(agent, history, context=PenguinContext(session_id="user-42"),
                                  run_config=run_config)
        reply = result.final_output
    except InputGuardrailTripwireTriggered as exc:
        reply = tripwire_reply(exc)           # the clarifying question, or the crisis reply

Why two pieces: a guardrail can only trip, not rewrite the input, so enrichment happens in
`RunConfig.call_model_input_filter`, which runs before every model call of the run: the guard's context goes
into the instructions and, as in every adapter, the model gets the original request as the last turn with the
guard's questions and the answers folded into that context. The guardrail leaves its decision in the run
context for the filter; the session id comes from the run context too.

The guardrail runs with `run_in_parallel=False`, so the model is never called (or billed) for a turn that
trips. Crisis: the tripwire's reply is the crisis resources, then a supportive reply under the crisis-safety
prompt from the agent's own model (or the `crisis_llm` you pass), or the fixed crisis reply if that call fails
or `crisis_llm=None`. Never gated on questions.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from dataclasses import dataclass, field
from typing import Any, Literal, TypeAlias

from agents import (
    Agent,
    GuardrailFunctionOutput,
    InputGuardrail,
    InputGuardrailTripwireTriggered,
    ItemHelpers,
    Model,
    ModelSettings,
    ModelTracing,
    RunContextWrapper,
)
from agents.run_config import CallModelData, ModelInputData

from penguin_guard.guard import Guard
from penguin_guard.integrations.common import (
    decision_info,
    failure_text,
    fixed_crisis_reply,
    pick_session_id,
    reply_text,
)
from penguin_guard.messages import KNOWN_ROLES, content_text
from penguin_guard.models import Decision

__all__ = [
    "CrisisLLM",
    "InputRewrite",
    "PenguinContext",
    "input_to_messages",
    "penguin_input_filter",
    "penguin_input_guardrail",
    "tripwire_reply",
]

GUARDRAIL_NAME = "penguin_guard"
log = logging.getLogger(__name__)


@dataclass
class PenguinContext:
    """A run context for guarded agents (subclass it to carry your own fields).

    `session_id` names the user's session. The guardrail writes `penguin_decision` (and, for an enriched turn,
    `penguin_input`: the conversation to send in place of the caller's) for the input filter. Any object with
    a `session_id` attribute and writable `penguin_decision` / `penguin_input` attributes, or a dict with those
    keys, works as well.
    """

    session_id: str | None = None
    penguin_decision: Decision | None = None
    penguin_input: InputRewrite | None = field(default=None, repr=False)


@dataclass(frozen=True)
class InputRewrite:
    """The caller's input items, to be replaced by `items` (the guard's enriched conversation: its questions
    and the answers folded out, the original request last). Holds user data: never log it."""

    expected: tuple[tuple[str, str], ...] = field(repr=False)  # (role, text) of the caller's items
    items: list[dict[str, Any]] = field(repr=False)

    def apply(self, model_input: list[Any]) -> list[Any] | None:
        """The model input with the caller's items replaced, or None when it does not start with them (an SDK
        Session put its history first, say): then the instructions alone carry the context."""
        head = model_input[: len(self.expected)]
        if len(head) < len(self.expected) or _signature(head) != self.expected:
            return None
        return [*self.items, *model_input[len(self.expected):]]


def _signature(items: str | list[Any]) -> tuple[tuple[str, str], ...] | None:
    messages = input_to_messages(items)
    if not isinstance(items, str) and len(messages) != len(items):
        return None  # tool calls or other non-message items
    return tuple((m["role"], content_text(m.get("content"))) for m in messages)


def _session_id(context: Any) -> str | None:
    if isinstance(context, dict):
        return pick_session_id(context.get("session_id"))
    return pick_session_id(getattr(context, "session_id", None))


def _remember(context: Any, decision: Decision, rewrite: InputRewrite | None) -> None:
    if context is None:
        raise TypeError("penguin_input_guardrail needs a run context: Runner.run(..., context=PenguinContext(...))")
    if isinstance(context, dict):
        context["penguin_decision"], context["penguin_input"] = decision, rewrite
        return
    try:
        context.penguin_decision, context.penguin_input = decision, rewrite
    except (AttributeError, TypeError) as exc:
        raise TypeError(
            f"cannot record the guard's decision on a {type(context).__name__} run context; use PenguinContext, "
            "a dict, or an object with writable penguin_decision and penguin_input attributes"
        ) from exc


def _recalled(context: Any) -> tuple[Decision | None, InputRewrite | None]:
    if isinstance(context, dict):
        return context.get("penguin_decision"), context.get("penguin_input")
    return getattr(context, "penguin_decision", None), getattr(context, "penguin_input", None)


def _rewrite(user_input: str | list[Any], prepared: Any) -> InputRewrite | None:
    """For an enriched turn whose input is all messages: the guard's conversation as input items. Inputs with
    tool calls or other items are left as they are (the context note still quotes the original request)."""
    decision = prepared.decision
    expected = _signature(user_input)
    if decision.action != "enrich" or not prepared.messages or expected is None:
        return None
    items = [
        {"role": m["role"], "content": content_text(m.get("content"))}
        for m in prepared.messages
        if not (m.get("role") == "system" and m.get("content") == decision.system_message)
    ]
    return InputRewrite(expected=expected, items=items)


def _with_pending_question(guard: Guard, messages: list[dict], session_id: str | None) -> list[dict]:
    """The input with the guard's pending question before the last user message, when the input carries no
    assistant turn at all.

    With an SDK Session, the history holds the user's messages but not the replies of runs the guardrail
    tripped, so an answer would arrive without the question it answers; the guard's session store knows it.
    """
    if session_id is None or not messages or messages[-1].get("role") != "user":
        return messages
    if any(m.get("role") == "assistant" for m in messages):
        return messages
    try:
        state = guard.store.load(session_id)
    except Exception:  # the guard itself decides how to treat a store failure
        return messages
    question = state.pending_question if state is not None else None
    return [*messages[:-1], {"role": "assistant", "content": question}, messages[-1]] if question else messages


def input_to_messages(value: str | list[Any]) -> list[dict]:
    """Agent input (a string, or Responses-API input items) as chat messages for the guard.

    Message items keep their role and text; tool calls, tool outputs and reasoning items are skipped.
    """
    if isinstance(value, str):
        return [{"role": "user", "content": value}]
    if not isinstance(value, list):
        raise TypeError(f"agent input must be a string or a list of input items, got {type(value).__name__}")
    messages = []
    for item in value:
        if hasattr(item, "model_dump") and not isinstance(item, dict):
            item = item.model_dump(exclude_none=True)
        if not isinstance(item, dict) or item.get("type", "message") != "message":
            continue
        if item.get("role") in KNOWN_ROLES:
            messages.append({"role": item["role"], "content": item.get("content")})
    return messages


CrisisLLM: TypeAlias = dict[str, Any] | Model | Literal["agent"] | None


def _agent_model(agent: Agent[Any]) -> dict[str, Any] | Model:
    """The agent's own model for the crisis reply: LiteLLM arguments for a LitellmModel (so the guard's retries
    apply), the `Model` itself otherwise. A model *name* is resolved as the Runner does by default (the SDK's
    MultiProvider); with a custom `RunConfig.model_provider` or `RunConfig.model`, pass `crisis_llm` instead."""
    from agents.extensions.models.litellm_model import LitellmModel
    from agents.models.multi_provider import MultiProvider

    model = agent.model if isinstance(agent.model, Model) else MultiProvider().get_model(agent.model)
    if not isinstance(model, LitellmModel):
        return model
    kwargs: dict[str, Any] = {"model": model.model}
    if model.base_url:
        kwargs["api_base"] = model.base_url
    if model.api_key:
        kwargs["api_key"] = model.api_key
    return kwargs


async def _model_text(model: Model, messages: list[dict], settings: ModelSettings) -> str | None:
    """One plain-text answer from an Agents SDK model: the system messages as its instructions, no tools."""
    system = "\n\n".join(content_text(m.get("content")) for m in messages if m.get("role") in ("system", "developer"))
    items: list[Any] = [
        {"role": m["role"], "content": content_text(m.get("content"))}
        for m in messages
        if m.get("role") in ("user", "assistant")
    ]
    response = await model.get_response(
        system_instructions=system or None,
        input=items,
        model_settings=dataclasses.replace(settings, tool_choice=None, parallel_tool_calls=None),
        tools=[],
        output_schema=None,
        handoffs=[],
        tracing=ModelTracing.DISABLED,
        previous_response_id=None,
        conversation_id=None,
        prompt=None,
    )
    return "".join(ItemHelpers.extract_last_text(item) or "" for item in response.output) or None


async def _crisis_reply(guard: Guard, prepared: Any, crisis_llm: CrisisLLM, agent: Agent[Any]) -> str:
    """Resources first, then a supportive reply from the model; the fixed reply when there is no model or
    anything about it fails (a crisis is never left unanswered)."""
    decision = prepared.decision
    fixed = failure_text(decision) or ""
    try:
        llm = _agent_model(agent) if crisis_llm == "agent" else crisis_llm
        if llm is None:
            return fixed
        if isinstance(llm, dict):
            response = await guard.acomplete(prepared, **llm)  # retries, then falls back to the fixed crisis reply
            return response.choices[0].message.content or fixed
        if fixed_crisis_reply(guard.config, getattr(llm, "model", None)):
            return fixed
        return reply_text(decision, await _model_text(llm, prepared.messages or [], agent.model_settings))
    except Exception as exc:
        log.warning("penguin-guard: no supportive crisis reply from the model (%s); sending the fixed reply",
                    type(exc).__name__)
        return fixed


def penguin_input_guardrail(
    guard: Guard | None = None,
    *,
    crisis_llm: CrisisLLM = "agent",
    name: str = GUARDRAIL_NAME,
) -> InputGuardrail[Any]:
    """An input guardrail that trips for ask (reply: the question) and escalate (reply: the crisis reply).

    `crisis_llm` is the model that writes the supportive part of a crisis reply (after the resources, under the
    crisis-safety prompt):
    - "agent" (default): the agent's own model, whatever its class (`LitellmModel`, `OpenAIChatCompletionsModel`,
      `OpenAIResponsesModel`, a model name, ...);
    - a dict: `litellm.acompletion` keyword arguments, `model` required (`api_base`, `api_key`, `temperature`,
      `max_tokens`, `timeout`, `max_retries`, `extra_headers`, ...), called with the guard's retries;
    - an Agents SDK `Model` instance;
    - None: never call a model, always the fixed crisis reply.
    Whatever fails, the user gets the resources and the fixed crisis reply.
    """
    guard = guard if guard is not None else Guard()

    async def penguin_guard(
        ctx: RunContextWrapper[Any], agent: Agent[Any], user_input: str | list[Any]
    ) -> GuardrailFunctionOutput:
        if ctx.context is None:  # checked before the guard records anything in the session
            raise TypeError("penguin_input_guardrail needs a run context: Runner.run(..., context=PenguinContext(...))")
        session_id = _session_id(ctx.context)
        messages = await asyncio.to_thread(_with_pending_question, guard, input_to_messages(user_input), session_id)
        prepared = await guard.aprepare(messages, session_id)
        decision = prepared.decision
        _remember(ctx.context, decision, _rewrite(user_input, prepared))
        reply: str | None = None
        if decision.action == "ask":
            reply = decision.question or ""
        elif decision.action == "escalate":
            reply = await _crisis_reply(guard, prepared, crisis_llm, agent)
        info = {"action": decision.action, "reply": reply, "decision": decision_info(decision)}
        return GuardrailFunctionOutput(output_info=info, tripwire_triggered=reply is not None)

    return InputGuardrail(guardrail_function=penguin_guard, name=name, run_in_parallel=False)


def penguin_input_filter(data: CallModelData[Any]) -> ModelInputData:
    """`RunConfig.call_model_input_filter`: on an enriched turn, the guard's context goes into the instructions
    and the caller's conversation is replaced by the guard's (the original request last, as in every adapter).

    Called before every model call of the run: items the run added after the caller's (tool calls and their
    outputs) are kept after the replaced conversation.
    """
    model_data = data.model_data
    decision, rewrite = _recalled(data.context)
    note = decision.system_message if decision is not None and decision.action == "enrich" else None
    if not note:
        return model_data
    instructions = f"{model_data.instructions}\n\n{note}" if model_data.instructions else note
    items = (rewrite.apply(list(model_data.input)) if rewrite is not None else None) or list(model_data.input)
    return ModelInputData(input=items, instructions=instructions)


def tripwire_reply(exc: InputGuardrailTripwireTriggered) -> str | None:
    """The text to show the user when the penguin guardrail tripped (None if another guardrail did)."""
    info = exc.guardrail_result.output.output_info
    if isinstance(info, dict) and "decision" in info and isinstance(info.get("reply"), str):
        return info["reply"]
    return None
