"""Recipe: a LangGraph app whose guard node asks clarifying questions with `interrupt`, as a terminal chat.

    python integrations/langgraph/app.py                                  # the embedded local model
    python integrations/langgraph/app.py --model openai/gpt-4o-mini       # any LiteLLM model string

Type a message per line. When the graph pauses on a question, the next line resumes it as the answer
(`Command(resume=...)`); otherwise it starts a new turn on the same thread. The thread id is the session.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Iterator
from typing import Any

from langgraph.types import Command

from penguin_guard import Guard, GuardConfig
from penguin_guard.integrations.langchain import litellm_chat
from penguin_guard.integrations.langgraph import build_guarded_graph


def build(model: str, guard: Guard | None = None, **params: object) -> Any:
    """START -> penguin_guard -> model -> END, with an in-memory checkpointer."""
    return build_guarded_graph(litellm_chat(model, **params), guard)


def chat(turns: Iterable[str], app: Any, thread_id: str = "demo") -> Iterator[tuple[str, str]]:
    """(action, reply) per user line: ("ask", question) while the graph is paused, then the model's answer."""
    config = {"configurable": {"thread_id": thread_id}}
    paused = False
    for text in turns:
        out = app.invoke(Command(resume=text) if paused else {"messages": [("user", text)]}, config)
        interrupts = out.get("__interrupt__") or []
        paused = bool(interrupts)
        if paused:
            yield "ask", interrupts[0].value["question"]
        else:
            yield out["penguin"]["action"], out["messages"][-1].text


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", default=GuardConfig().default_model, help="LiteLLM model string")
    parser.add_argument("--api-base", default=None)
    parser.add_argument("--api-key", default=None)
    parser.add_argument("--thread", default="demo", help="LangGraph thread id (the session)")
    args = parser.parse_args(argv)
    params = {k: v for k, v in {"api_base": args.api_base, "api_key": args.api_key}.items() if v}
    app = build(args.model, Guard(GuardConfig.load()), **params)
    turns = (line.strip() for line in sys.stdin if line.strip())
    for action, reply in chat(turns, app, args.thread):
        print(f"[{action}] {reply}\n", flush=True)


if __name__ == "__main__":
    main()
