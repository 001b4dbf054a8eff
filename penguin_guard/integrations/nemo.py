"""NeMo Guardrails: the action behind the rails pack (`rails/colang1/`), and a LiteLLM engine for NeMo.

The pack's input flow runs `penguin_guard_check` on every user turn:
- ask -> the flow answers with the clarifying question as a bot message and stops (zero LLM calls);
- enrich -> `$user_message` becomes the request with the guard's context note in front;
- escalate -> the flow answers with the crisis resources and a supportive reply from the main LLM under the
  crisis-safety prompt (the fixed crisis reply if that call fails), and stops;
- pass -> nothing changes;
- refuse -> the session store is down and the guard is configured fail-closed: a short apology, no LLM call.

Sessions: the action rebuilds the conversation from NeMo's event history, so multi-turn works both with NeMo's
explicit `state` and when the caller resends the whole history. NeMo 0.24.1's explicit state only carries the
previous turn's events, so the action also keeps the conversation so far in the context variable
`penguin_history` (it travels inside the host's state, like the utterances themselves). Set `penguin_session_id`
(a `{"role": "context", "content": {"penguin_session_id": ...}}` message, or a `ContextUpdate` event in `state`
when `passthrough: true`, see NeMo #2233) to keep the user's answers in the guard's store across conversations.

The guard is built from the rails config's `custom_data.penguin_guard` (GuardConfig fields, or `config_path`)
unless the host registers its own: `rails.register_action_param("penguin_guard", Guard(...))`.

Later turns: the enrichment is for the turn it was made in. `init` registers NeMo's history filters so that
prompts render `transcript_events`: earlier enriched turns show the user's own words again, and the turns the
guard answered itself (questions, crisis replies) keep the user's message (see rails/colang1/README.md).

Colang 2.x (the secondary pack in `rails/colang2/`, see its README): `PenguinGuardCheckAction` wraps the same
check, `PenguinGuardAnswerAction` answers the enriched request with one plain-text LLM call,
`PenguinGuardFallbackAction` answers when `llm continuation` produced nothing, `penguin_minilm` is an offline
embedding engine for the flow index of 2.x's `llm continuation`, and `Colang2Chat` drives a conversation
turn by turn (2.x has no `generate_async` state).
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Iterable
from functools import cache
from typing import Any

from penguin_guard.config import GuardConfig
from penguin_guard.integrations.common import (
    SAFE_FALLBACK_REPLY,
    aplan_turn,
    failure_text,
    fixed_crisis_reply,
    inline_context,
    reply_text,
)
from penguin_guard.messages import InvalidMessagesError, latest_user_turn
from penguin_guard.session import StoreUnavailable

log = logging.getLogger(__name__)

ACTION_NAME = "penguin_guard_check"
GUARD_PARAM = "penguin_guard"
SESSION_VAR = "penguin_session_id"
HISTORY_VAR = "penguin_history"
MAX_HISTORY = 40
STORE_DOWN_REPLY = (
    "I'm sorry, I can't answer this safely right now because of a technical problem on my side. "
    "Please try again in a moment."
)

__all__ = [
    "ACTION_NAME",
    "ACTION_NAME_V2",
    "ANSWER_ACTION_V2",
    "EMBEDDING_ENGINE",
    "FALLBACK_ACTION_V2",
    "Colang2Chat",
    "LiteLLMModel",
    "SESSION_VAR",
    "add_pack",
    "events_to_messages",
    "guard_from_rails_config",
    "init",
    "init_colang2",
    "merge_history",
    "minilm_embedding_class",
    "penguin_guard_answer_v2",
    "penguin_guard_check",
    "penguin_guard_check_v2",
    "penguin_guard_fallback_v2",
    "register_litellm_engine",
    "register_minilm_embeddings",
    "register_transcript_filters",
    "session_context",
    "transcript_events",
]


def session_context(session_id: str) -> dict:
    """The context message that keys the guard's session for this conversation (put it first in `messages`)."""
    return {"role": "context", "content": {SESSION_VAR: session_id}}


def events_to_messages(events: Iterable[dict]) -> list[dict]:
    """The chat conversation NeMo's event history describes (system, user and bot utterances, in order)."""
    messages: list[dict] = []
    bot_actions: set[object] = set()
    for event in events or ():
        kind = event.get("type")
        if kind == "UtteranceUserActionFinished":
            messages.append({"role": "user", "content": str(event.get("final_transcript") or "")})
        elif kind == "StartUtteranceBotAction":
            uid = event.get("action_uid")
            if uid is not None and uid in bot_actions:
                continue  # the 2.x runtime records each outgoing utterance twice, with the same action_uid
            bot_actions.add(uid)
            messages.append({"role": "assistant", "content": str(event.get("script") or "")})
        elif kind == "SystemMessage" and isinstance(event.get("content"), str):
            messages.append({"role": "system", "content": event["content"]})
    return messages


def merge_history(previous: list[dict], current: list[dict]) -> list[dict]:
    """The conversation so far, from what the action kept last turn and the events of this call.

    With NeMo's explicit state `current` starts a turn or two back, so `previous` is extended by the longest
    overlap; when the caller resends the whole history `current` already contains `previous` and is used as is.
    """
    if not previous:
        return list(current)
    n = len(previous)
    if any(current[i : i + n] == previous for i in range(len(current) - n + 1)):
        return list(current)
    for k in range(min(n, len(current)), 0, -1):
        if previous[-k:] == current[:k]:
            return [*previous, *current[k:]]
    return [*previous, *current]


# ---- The transcript NeMo renders into later prompts -------------------------------------------------------

ANSWERED_BY_GUARD = frozenset({"ask", "escalate", "refuse"})
HISTORY_FILTERS = ("colang", "colang_without_identifiers", "user_assistant_sequence", "to_chat_messages")


def _kind(event: Any) -> str:
    return str(event.get("type")) if isinstance(event, dict) else str(getattr(event, "name", ""))


def _guard_verdict(event: Any) -> dict | None:
    """The pack's action result recorded in the history (1.0: InternalSystemActionFinished, 2.x: a UMIM dict)."""
    if not isinstance(event, dict):
        return None
    kind = event.get("type")
    if kind == f"{ACTION_NAME_V2}Finished" or (kind == "InternalSystemActionFinished" and event.get("action_name") == ACTION_NAME):
        value = event.get("return_value")
        return value if isinstance(value, dict) else None
    return None


def _user_entry(text: str, v2: bool) -> Any:
    if not v2:
        return {"type": "UserMessage", "text": text}
    from nemoguardrails.colang.v2_x.runtime.flows import InternalEvent

    return InternalEvent(name="UserActionLog", arguments={"flow_id": "user said", "parameter": text, "intent_flow_id": None})


def _with_user_text(event: Any, text: str) -> Any:
    if isinstance(event, dict):
        return {**event, "text": text}
    return dataclasses.replace(event, arguments={**event.arguments, "parameter": text})


def transcript_events(events: Iterable[Any]) -> list[Any]:
    """NeMo's event history as the user lived it, for rendering the prompts of later turns.

    NeMo renders a prompt's history from the user entries it logged (1.0: `UserMessage`, 2.x: `UserActionLog`):
    an enriched turn is logged with the guard's background and guidance, and a turn the guard answered itself
    (a question, a crisis reply) is not logged at all, because the input rail stopped it. So, in every turn but
    the current one, an enriched user entry gets back the text the guard received, a turn the guard answered
    gets its user entry before the guard's reply, and the 1.0 action log lines of the guard's own action (whose
    result holds the enriched prompt) are left out. Turns stopped by other rails are left as NeMo logged them.
    """
    events = list(events or [])
    v2 = any(not isinstance(e, dict) for e in events)
    user_turns = [i for i, e in enumerate(events) if _kind(e) == "UtteranceUserActionFinished"]
    current = user_turns[-1] if user_turns else -1
    out: list[Any] = []
    said: str | None = None
    verdict: str | None = None
    logged = False
    for i, event in enumerate(events):
        kind = _kind(event)
        result = _guard_verdict(event)
        if kind == "UtteranceUserActionFinished":
            said, verdict, logged = str(event.get("final_transcript") or ""), None, False
        elif result is not None:
            verdict = result.get("action")
            said = result.get("user_text") if isinstance(result.get("user_text"), str) else said
            if not v2:
                continue
        elif kind == "StartInternalSystemAction" and event.get("action_name") == ACTION_NAME:
            continue
        elif kind in ("UserMessage", "UserActionLog"):
            logged = True
            if verdict == "enrich" and said is not None and i < current:
                event = _with_user_text(event, said)
        elif kind == ("BotActionLog" if v2 else "StartUtteranceBotAction") and not logged:
            if verdict in ANSWERED_BY_GUARD and said:
                out.append(_user_entry(said, v2))
            logged = True
        out.append(event)
    return out


def register_transcript_filters(app: Any) -> None:
    """Make NeMo's history filters render `transcript_events` for this LLMRails (NeMo's public `register_filter`).

    Called by the packs' `init`; a host that registers its own history filters afterwards replaces these.
    """
    from nemoguardrails.llm import filters

    registered = app.runtime.llm_task_manager.env.filters
    for name in HISTORY_FILTERS:
        original = registered.get(name) or getattr(filters, name)
        if getattr(original, "penguin_transcript", False):
            continue

        def rendered(events: Any, *args: Any, _original: Any = original, **kwargs: Any) -> Any:
            return _original(transcript_events(events), *args, **kwargs)

        rendered.penguin_transcript = True  # type: ignore[attr-defined]
        app.register_filter(rendered, name)


def add_pack(config: Any) -> Any:
    """The Colang 1.0 bot's `RailsConfig` with the penguin-guard pack added, the bot's own settings kept.

    NeMo's `a + b` lets b's settings win, NeMo's defaults included: `bot + pack` would reset the bot's
    instructions, sample conversation, `passthrough` and temperatures to NeMo's defaults, because the pack sets
    none. So the pack goes on the left. (`import_paths` in the bot's config.yml merges correctly.) NeMo 0.24.1
    cannot add Colang 2.x configs at all (`+` turns their parsed flows into dicts), so a 2.x bot is refused with
    a clear error: add the 2.x pack through `import_paths`.
    """
    from nemoguardrails import RailsConfig

    from penguin_guard.resources_path import rails_folder

    if str(config.colang_version).startswith("2"):
        raise ValueError(
            "NeMo cannot add Colang 2.x configs with '+': add the pack to a 2.x bot with "
            "`import_paths: [<output of penguin-guard rails-path --colang 2>]` in its config.yml"
        )
    return RailsConfig.from_path(str(rails_folder())) + config


def guard_from_rails_config(config: Any) -> Any:
    """A Guard configured by `custom_data.penguin_guard` in the rails config (all fields optional)."""
    from penguin_guard.guard import Guard

    options = dict((getattr(config, "custom_data", None) or {}).get("penguin_guard") or {})
    path = options.pop("config_path", None)
    return Guard(GuardConfig.load(path, **options))


def _chat_messages(messages: list[dict]) -> list[Any]:
    from nemoguardrails.types import ChatMessage, Role

    roles = {"system": Role.SYSTEM, "developer": Role.SYSTEM, "user": Role.USER, "assistant": Role.ASSISTANT}
    return [ChatMessage(role=roles[m["role"]], content=m.get("content") or "") for m in messages if m.get("role") in roles]


async def penguin_guard_check(
    context: dict | None = None,
    events: list[dict] | None = None,
    llm: Any = None,
    penguin_guard: Any = None,
) -> Any:
    """Decide the current user turn: {"action", "reply"?, "enriched_prompt"?} for the Colang flow ($penguin).

    A conversation the guard cannot read passes (NeMo would answer a raising action with a generic error); a
    session-store outage under store_failure_mode "closed" refuses the turn with a short apology.
    """
    if penguin_guard is None:
        raise RuntimeError("penguin_guard_check needs a guard: load the rails pack's config.py or register one")
    from nemoguardrails.actions.actions import ActionResult

    context = context or {}
    previous = context.get(HISTORY_VAR)
    messages = merge_history(previous if isinstance(previous, list) else [], events_to_messages(events or []))
    if not messages or messages[-1]["role"] != "user":
        text = context.get("user_message") or context.get("last_user_message")
        if not text:
            return ActionResult(return_value={"action": "pass"})
        messages.append({"role": "user", "content": str(text)})
    session_id = context.get(SESSION_VAR)
    session_id = session_id if isinstance(session_id, str) and session_id else None
    # Re-emitted every turn so that both survive NeMo's one-turn explicit state. Bounded: the guard only needs
    # the current request and the clarifying exchange that follows it.
    keep = {HISTORY_VAR: messages[-MAX_HISTORY:], **({SESSION_VAR: session_id} if session_id else {})}
    # The text this turn shows in later turns' prompts (transcript_events): as it reached the guard.
    said = {"user_text": str(context.get("user_message") or messages[-1]["content"])}
    try:
        plan = await aplan_turn(penguin_guard, messages, session_id)
    except InvalidMessagesError as exc:
        log.warning("penguin-guard: cannot read this conversation (%s); passing it through", exc)
        return ActionResult(return_value={"action": "pass"}, context_updates=keep)
    except StoreUnavailable:
        # store_failure_mode "closed": the turn is not answered unguarded.
        log.warning("penguin-guard: session store unavailable (fail-closed); not answering this turn")
        return ActionResult(return_value={"action": "refuse", "reply": STORE_DOWN_REPLY, **said}, context_updates=keep)
    decision = plan.decision
    if decision.action == "ask":
        result = {"action": "ask", "reply": plan.reply, "attribute": decision.attribute, **said}
    elif decision.action == "enrich":
        original = latest_user_turn(plan.messages or []) or str(context.get("user_message") or "")
        result = {"action": "enrich", "enriched_prompt": inline_context(decision, original), **said}
    elif decision.action == "escalate":
        result = {"action": "escalate", "reply": await _crisis_reply(llm, plan, penguin_guard.config), **said}
    else:
        result = {"action": "pass"}
    return ActionResult(return_value=result, context_updates=keep)


async def _crisis_reply(llm: Any, plan: Any, config: Any) -> str:
    if llm is None or fixed_crisis_reply(config, getattr(llm, "model_name", None)):
        return failure_text(plan.decision) or ""
    try:
        response = await llm.generate_async(_chat_messages(plan.messages or []))
        return reply_text(plan.decision, getattr(response, "content", None))
    except Exception as exc:  # a crisis message is never left unanswered
        log.warning("penguin-guard: crisis LLM call failed (%s); sending the fixed reply", type(exc).__name__)
        return failure_text(plan.decision) or ""


# ---- LiteLLM as NeMo's main model (`engine: litellm`) -----------------------------------------------------


class LiteLLMModel:
    """NeMo `LLMModel` backed by `litellm.acompletion`. `parameters` in config.yml become LiteLLM kwargs."""

    def __init__(self, model: str, **kwargs: Any):
        self._model = model
        self._kwargs = kwargs

    @property
    def model_name(self) -> str:
        return self._model

    @property
    def provider_name(self) -> str:
        return "litellm"

    @property
    def provider_url(self) -> str | None:
        return self._kwargs.get("api_base")

    @staticmethod
    def _messages(prompt: Any) -> list[dict]:
        if isinstance(prompt, str):
            return [{"role": "user", "content": prompt}]
        return [{"role": getattr(m.role, "value", m.role), "content": m.content or ""} for m in prompt]

    def _call(self, prompt: Any, stop: list[str] | None, kwargs: dict) -> dict:
        call = {**self._kwargs, **kwargs, "model": self._model, "messages": self._messages(prompt)}
        if stop:
            call["stop"] = stop
        return call

    async def generate_async(self, prompt: Any, *, stop: list[str] | None = None, **kwargs: Any) -> Any:
        import litellm
        from nemoguardrails.types import LLMResponse

        response = await litellm.acompletion(**self._call(prompt, stop, kwargs))
        return LLMResponse(content=response.choices[0].message.content or "", model=self._model)

    async def stream_async(self, prompt: Any, *, stop: list[str] | None = None, **kwargs: Any) -> Any:
        import litellm
        from nemoguardrails.types import LLMResponseChunk

        stream = await litellm.acompletion(**self._call(prompt, stop, kwargs), stream=True)
        async for chunk in stream:
            choice = chunk.choices[0] if chunk.choices else None
            if choice is not None:
                yield LLMResponseChunk(delta_content=choice.delta.content or "", finish_reason=choice.finish_reason)


def register_litellm_engine(name: str = "litellm") -> None:
    """Make `engine: litellm` available in NeMo config.yml `models` (idempotent)."""
    from nemoguardrails.llm.providers import register_provider

    register_provider(name, LiteLLMModel)


def init(app: Any) -> None:
    """The rails pack's `config.py` hook: register the action and, unless the host did, a guard."""
    app.register_action(penguin_guard_check, name=ACTION_NAME)
    register_transcript_filters(app)
    registered = getattr(getattr(app, "runtime", None), "registered_action_params", {}) or {}
    if GUARD_PARAM not in registered:
        app.register_action_param(GUARD_PARAM, guard_from_rails_config(app.config))


# ---- Colang 2.x (the secondary pack in rails/colang2/) ------------------------------------------------------

ACTION_NAME_V2 = "PenguinGuardCheckAction"
ANSWER_ACTION_V2 = "PenguinGuardAnswerAction"
FALLBACK_ACTION_V2 = "PenguinGuardFallbackAction"
EMBEDDING_ENGINE = "penguin_minilm"


async def penguin_guard_check_v2(
    context: dict | None = None,
    events: list[Any] | None = None,
    llm: Any = None,
    penguin_guard: Any = None,
) -> Any:
    """`penguin_guard_check` for Colang 2.x: the 2.x runtime's history mixes its internal flow events (objects)
    with the UMIM event dicts (utterances), and only the dicts describe the conversation."""
    umim = [event for event in events or () if isinstance(event, dict)]
    return await penguin_guard_check(context=context, events=umim, llm=llm, penguin_guard=penguin_guard)


async def penguin_guard_answer_v2(
    context: dict | None = None,
    events: list[Any] | None = None,
    llm: Any = None,
) -> str:
    """The pack's one-call answer flow for Colang 2.x: the main LLM answers the conversation in plain text, with
    the last user turn replaced by `$user_message` (the enriched request when the guard enriched it).

    Why not NeMo's passthrough: its PassthroughLLMAction re-reads the raw transcript, so the LLM would answer
    the user's reply to the last clarifying question instead of the enriched original request.
    """
    if llm is None:
        raise RuntimeError("PenguinGuardAnswerAction needs the bot's main LLM (`models: - type: main`)")
    context = context or {}
    previous = context.get(HISTORY_VAR)
    umim = [event for event in events or () if isinstance(event, dict)]
    messages = merge_history(previous if isinstance(previous, list) else [], events_to_messages(umim))
    text = str(context.get("user_message") or "")
    if messages and messages[-1]["role"] == "user":
        messages[-1] = {"role": "user", "content": text or messages[-1]["content"]}
    elif text:
        messages.append({"role": "user", "content": text})
    response = await llm.generate_async(_chat_messages(messages))
    return str(getattr(response, "content", None) or "")


async def penguin_guard_fallback_v2(
    context: dict | None = None,
    events: list[Any] | None = None,
    llm: Any = None,
) -> str:
    """The reply when `llm continuation` failed to produce one, so that a turn never ends in silence.

    `llm continuation` needs the main model to answer in NeMo's Colang form (`bot intent: ...` / `bot action:
    bot say "..."`); a model that answers in plain text makes NeMo fail to parse the generated flow, and the
    user would get no reply at all. The pack's `penguin guard continuation fallback` flow then calls this: one
    plain-text answer (enriched if the guard enriched the turn), or the safe holding reply if that fails too.
    """
    log.warning(
        "penguin-guard: `llm continuation` produced no reply (the main model did not answer in Colang form); "
        "answering in plain text. Use `penguin guard passthrough` for plain-text models."
    )
    try:
        text = await penguin_guard_answer_v2(context=context, events=events, llm=llm)
    except Exception as exc:  # the user gets a reply whatever failed
        log.warning("penguin-guard: the plain-text fallback failed too (%s)", type(exc).__name__)
        text = ""
    return text if text.strip() else SAFE_FALLBACK_REPLY


@cache
def minilm_embedding_class() -> type:
    """A NeMo `EmbeddingModel` backed by penguin_guard.embed (MiniLM from the installed wheel, no download).

    Colang 2.x's `llm continuation` indexes the bot's flows; NeMo's default FastEmbed model would be fetched
    from the network on first use (and retried for ~40 s offline). Built on first call: nemoguardrails is an
    optional dependency.
    """
    from nemoguardrails.embeddings.providers.base import EmbeddingModel

    class MiniLMEmbedding(EmbeddingModel):
        engine_name = EMBEDDING_ENGINE

        def __init__(self, embedding_model: str = "all-MiniLM-L6-v2", **_: Any):
            self.embedding_model = embedding_model

        def encode(self, documents: list[str]) -> list[list[float]]:
            from penguin_guard.embed import cached_encode

            return cached_encode(list(documents)).tolist() if documents else []

        async def encode_async(self, documents: list[str]) -> list[list[float]]:
            return await asyncio.to_thread(self.encode, documents)

    return MiniLMEmbedding


def register_minilm_embeddings(name: str = EMBEDDING_ENGINE) -> None:
    """Make `engine: penguin_minilm` available for `type: embeddings` models in config.yml (idempotent)."""
    from nemoguardrails.embeddings.providers import register_embedding_provider
    from nemoguardrails.embeddings.providers.registry import EmbeddingProviderRegistry

    if name not in EmbeddingProviderRegistry().items:
        register_embedding_provider(minilm_embedding_class(), name)


class Colang2Chat:
    """One Colang 2.x conversation, driven the way a host drives NeMo's event API: `await chat.say(text)` sends
    the user's utterance and returns what the bot said in reply.

    Colang 2.x keeps a conversation in a live `State`, which `generate_async` neither takes nor returns, so a
    multi-turn 2.x bot (the guard's questions take several turns) is run with `process_events_async`: send
    `UtteranceUserActionStarted` / `Finished`, then acknowledge each `StartUtteranceBotAction` with
    `UtteranceBotActionStarted` / `Finished`, as NeMo's own TestChat does. Sets the runtime's
    `disable_async_execution`, so each call returns once the LLM actions of the turn have finished (no polling).
    `session_id` keys the guard's session (a `ContextUpdate` sent before the first utterance). Keep one object
    per conversation; `state` is NeMo's State after the last turn.
    """

    def __init__(self, rails: Any, session_id: str | None = None):
        from nemoguardrails.utils import new_event_dict

        rails.runtime.disable_async_execution = True
        self.rails = rails
        self.state: Any = None
        self._pending = [new_event_dict("ContextUpdate", data={SESSION_VAR: session_id})] if session_id else []

    async def say(self, text: str) -> list[str]:
        """The bot's utterances in reply to `text` (normally one; empty only if the bot's own flows say nothing)."""
        from nemoguardrails.utils import new_event_dict, new_uuid

        uid = new_uuid()
        queue = [
            *self._pending,
            new_event_dict("UtteranceUserActionStarted", action_uid=uid),
            new_event_dict("UtteranceUserActionFinished", action_uid=uid, final_transcript=text, is_success=True),
        ]
        self._pending, said = [], []
        while queue:
            out, self.state = await self.rails.process_events_async([queue.pop(0)], self.state)
            for event in out:
                if event["type"] != "StartUtteranceBotAction":
                    continue
                said.append(event["script"])
                bot = event["action_uid"]
                queue += [
                    new_event_dict("UtteranceBotActionStarted", action_uid=bot),
                    new_event_dict("UtteranceBotActionFinished", action_uid=bot, is_success=True, final_script=event["script"]),
                ]
        if not said:
            log.warning("penguin-guard: the Colang 2.x bot said nothing in reply to this turn")
        return said


def init_colang2(app: Any) -> None:
    """The Colang 2.x pack's `config.py` hook: the 1.0 registrations plus the 2.x action name."""
    init(app)
    app.register_action(penguin_guard_check_v2, name=ACTION_NAME_V2)
    app.register_action(penguin_guard_answer_v2, name=ANSWER_ACTION_V2)
    app.register_action(penguin_guard_fallback_v2, name=FALLBACK_ACTION_V2)
