"""LangGraph adapter: a guard node that asks the user through `interrupt`, and a model node that answers.

    from penguin_guard.integrations.langgraph import build_guarded_graph

    app = build_guarded_graph(chat_model, guard)                     # START -> penguin_guard -> model -> END
    cfg = {"configurable": {"thread_id": "user-42"}}
    out = app.invoke({"messages": [("user", "Should I quit my job?")]}, cfg)
    out["__interrupt__"][0].value["question"]                          # the clarifying question
    out = app.invoke(Command(resume="pretty anxious"), cfg)           # resumes; asks again or answers

Or add `guard_node(guard)` and `model_node(chat_model, guard)` to your own graph; its state needs the keys of
`GuardState` (LangGraph's `messages` plus `penguin` and `penguin_upstream`).

The thread is the session. The guard node keeps no state of its own: it replays the thread's conversation
(the guard's questions and the user's answers are added to `messages`), so the node is idempotent, which
LangGraph requires because a node re-runs from the top when it resumes. The checkpointer is the session store.

Crisis: the guard node never interrupts on a crisis turn; the model node answers with the resources first and
the model's supportive reply, or the fixed crisis reply if the model fails.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from langchain_core.messages import (
    AIMessage,
    BaseMessage,
    HumanMessage,
    convert_to_messages,
    convert_to_openai_messages,
)
from langchain_core.runnables import Runnable, RunnableConfig
from langgraph.graph import END, START, MessagesState, StateGraph
from langgraph.types import interrupt

from penguin_guard.guard import Guard
from penguin_guard.integrations.common import decision_info, failure_text, plan_turn
from penguin_guard.integrations.langchain import finish_reply, fixed_crisis_reply
from penguin_guard.models import Decision

__all__ = ["GuardState", "answer_text", "build_guarded_graph", "guard_node", "model_node"]

METADATA_KEY = "penguin_guard"
# More questions than any budget allows (GuardConfig.question_budget <= 10): a stop, not a limit.
MAX_QUESTIONS_PER_TURN = 20


class GuardState(MessagesState, total=False):  # type: ignore[call-arg]  # langgraph is read as Any
    """Graph state: the conversation, the guard's decision for this turn, and the messages for the model."""

    penguin: dict[str, Any]
    penguin_upstream: list[dict[str, Any]] | None


def answer_text(resume: Any) -> str:
    """The user's answer from a resume value: a string, or a mapping with an "answer" string."""
    if isinstance(resume, dict):
        resume = resume.get("answer")
    if not isinstance(resume, str):
        raise ValueError('resume the guard with Command(resume="<the user\'s answer>") or {"answer": "..."}')
    return resume


def guard_node(guard: Guard | None = None) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """A node that decides the turn, interrupting once per clarifying question.

    Interrupt payload (JSON): {"question", "attribute", "questions_asked"}. Resume with the answer text.
    Returns the Q&A turns to append to `messages`, the decision (`penguin`, names only) and, for enrich and
    escalate, the upstream messages for the model node (`penguin_upstream`).
    """
    guard = guard if guard is not None else Guard()

    def penguin_guard(state: dict[str, Any]) -> dict[str, Any]:
        history = convert_to_openai_messages(list(state["messages"]))
        added: list[BaseMessage] = []
        for _ in range(MAX_QUESTIONS_PER_TURN):
            # No session id: the replayed conversation is the session, so a re-run makes the same decisions.
            plan = plan_turn(guard, [*history, *convert_to_openai_messages(added)], None)
            decision = plan.decision
            if not plan.answers_without_model:
                break
            answer = answer_text(interrupt({
                "question": plan.reply, "attribute": decision.attribute, "questions_asked": decision.questions_asked,
            }))
            added += [AIMessage(content=plan.reply or "", response_metadata={METADATA_KEY: decision_info(decision)}),
                      HumanMessage(content=answer)]
        else:  # pragma: no cover - the guard's budget ends the loop long before
            raise RuntimeError("the guard kept asking; check the policy's question budget")
        upstream = plan.messages if decision.action in ("enrich", "escalate") else None
        return {"messages": added, "penguin": decision_info(decision), "penguin_upstream": upstream}

    return penguin_guard


def model_node(model: Runnable, guard: Guard | None = None) -> Callable[[dict[str, Any], RunnableConfig], dict[str, Any]]:
    """A node that calls the chat model the way the guard node decided (resources first for a crisis).

    `guard` (optional) supplies `crisis_reply`: "fixed", or "auto" with an embedded local/ model, answers a
    crisis with the fixed reply and no model call.
    """
    fixed_for_crisis = guard is not None and fixed_crisis_reply(guard, model)

    def call_model(state: dict[str, Any], config: RunnableConfig) -> dict[str, Any]:
        info = state.get("penguin")
        if not info:
            raise ValueError("model_node needs the guard node's decision in state['penguin']: run guard_node first")
        decision = Decision.model_validate(info)
        if decision.action == "escalate" and fixed_for_crisis:
            text = failure_text(decision) or ""
            return {"messages": [AIMessage(content=text, response_metadata={METADATA_KEY: info})], "penguin_upstream": None}
        upstream = state.get("penguin_upstream")
        messages = convert_to_messages(upstream) if upstream else list(state["messages"])
        try:
            reply = finish_reply(decision, model.invoke(messages, config))
        except Exception:
            fallback = failure_text(decision)
            if fallback is None:
                raise
            reply = AIMessage(content=fallback, response_metadata={METADATA_KEY: info})
        if not isinstance(reply, BaseMessage):
            reply = AIMessage(content=str(reply), response_metadata={METADATA_KEY: info})
        # Drop the enriched messages from the state once used: they hold the user's background.
        return {"messages": [reply], "penguin_upstream": None}

    return call_model


def build_guarded_graph(model: Runnable, guard: Guard | None = None, *, checkpointer: Any = None) -> Any:
    """START -> penguin_guard -> model -> END, compiled with a checkpointer (in-memory unless given)."""
    if checkpointer is None:
        from langgraph.checkpoint.memory import InMemorySaver

        checkpointer = InMemorySaver()
    builder = StateGraph(GuardState)
    guard = guard if guard is not None else Guard()
    builder.add_node("penguin_guard", guard_node(guard))
    builder.add_node("model", model_node(model, guard))
    builder.add_edge(START, "penguin_guard")
    builder.add_edge("penguin_guard", "model")
    builder.add_edge("model", END)
    return builder.compile(checkpointer=checkpointer)
