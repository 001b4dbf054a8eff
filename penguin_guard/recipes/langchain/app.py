"""Recipe: a LangChain chat model behind penguin-guard, as a small terminal chat.

    python integrations/langchain/app.py                                  # the embedded local model
    python integrations/langchain/app.py --model openai/gpt-4o-mini       # any LiteLLM model string

Type a message per line; the guard's action is shown before each reply. The chat model here is
`litellm_chat` (LiteLLM underneath); any LangChain chat model works in its place.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Iterator

from langchain_core.messages import BaseMessage, HumanMessage

from penguin_guard import Guard, GuardConfig
from penguin_guard.integrations.langchain import (
    GuardedChatModel,
    decision_from,
    guard_chat_model,
    litellm_chat,
)


def build(model: str, guard: Guard | None = None, **params: object) -> GuardedChatModel:
    """The guarded chat model: the guard in front of a LiteLLM-backed LangChain chat model."""
    return guard_chat_model(litellm_chat(model, **params), guard)


def chat(turns: Iterable[str], guarded: GuardedChatModel, session_id: str = "demo") -> Iterator[tuple[str, str]]:
    """(action, reply) for each user turn. The history, the guard's questions included, is sent back each time."""
    history: list[BaseMessage] = []
    config = {"configurable": {"session_id": session_id}}
    for text in turns:
        history.append(HumanMessage(content=text))
        reply = guarded.invoke(history, config)
        history.append(reply)
        decision = decision_from(reply)
        yield (decision.action if decision else "?"), reply.text


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", default=GuardConfig().default_model, help="LiteLLM model string")
    parser.add_argument("--api-base", default=None)
    parser.add_argument("--api-key", default=None)
    parser.add_argument("--session", default="demo", help="session id (config.configurable.session_id)")
    args = parser.parse_args(argv)
    params = {k: v for k, v in {"api_base": args.api_base, "api_key": args.api_key}.items() if v}
    guarded = build(args.model, Guard(GuardConfig.load()), **params)
    turns = (line.strip() for line in sys.stdin if line.strip())
    for action, reply in chat(turns, guarded, args.session):
        print(f"[{action}] {reply}\n", flush=True)


if __name__ == "__main__":
    main()
