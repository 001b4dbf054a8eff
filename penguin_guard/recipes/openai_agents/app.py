"""Recipe: an OpenAI Agents SDK agent behind penguin-guard (input guardrail + model-input filter), as a
terminal chat.

    python integrations/openai_agents/app.py                              # the embedded local model
    python integrations/openai_agents/app.py --model openai/gpt-4o-mini   # any LiteLLM model string

Type a message per line. The agent's model is a `LitellmModel`, so every call goes through LiteLLM. Tracing is
off (it would try to upload traces to OpenAI).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import AsyncIterator, Iterable
from typing import Any

from agents import Agent, InputGuardrailTripwireTriggered, RunConfig, Runner
from agents.extensions.models.litellm_model import LitellmModel

from penguin_guard import Guard, GuardConfig
from penguin_guard.integrations.openai_agents import (
    PenguinContext,
    penguin_input_filter,
    penguin_input_guardrail,
    tripwire_reply,
)
from penguin_guard.llm import prepare_model

INSTRUCTIONS = "You are a thoughtful assistant. Give practical, kind and specific answers."


def build(model: str, guard: Guard | None = None, **params: Any) -> Agent[PenguinContext]:
    """An agent whose first step is the penguin guardrail (blocking, so a tripped turn never reaches the model)."""
    prepare_model(model)  # registers the embedded provider when the model is local/...
    llm = LitellmModel(model=model, base_url=params.get("api_base"), api_key=params.get("api_key"))
    return Agent(name="assistant", instructions=INSTRUCTIONS, model=llm, input_guardrails=[penguin_input_guardrail(guard)])


async def chat(turns: Iterable[str], agent: Agent[PenguinContext], session_id: str = "demo") -> AsyncIterator[tuple[str, str]]:
    """(action, reply) per user turn; the history, with the guard's questions, goes back to the agent each time."""
    context = PenguinContext(session_id=session_id)
    run_config = RunConfig(call_model_input_filter=penguin_input_filter, tracing_disabled=True)
    history: list[Any] = []
    for text in turns:
        history.append({"role": "user", "content": text})
        try:
            result = await Runner.run(agent, history, context=context, run_config=run_config)
            reply = str(result.final_output)
        except InputGuardrailTripwireTriggered as exc:
            reply = tripwire_reply(exc) or ""
        history.append({"role": "assistant", "content": reply})
        decision = context.penguin_decision
        yield (decision.action if decision else "?"), reply


async def _amain(args: argparse.Namespace) -> None:
    params = {k: v for k, v in {"api_base": args.api_base, "api_key": args.api_key}.items() if v}
    agent = build(args.model, Guard(GuardConfig.load()), **params)
    turns = (line.strip() for line in sys.stdin if line.strip())
    async for action, reply in chat(turns, agent, args.session):
        print(f"[{action}] {reply}\n", flush=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", default=GuardConfig().default_model, help="LiteLLM model string")
    parser.add_argument("--api-base", default=None)
    parser.add_argument("--api-key", default=None)
    parser.add_argument("--session", default="demo", help="session id (PenguinContext.session_id)")
    asyncio.run(_amain(parser.parse_args(argv)))


if __name__ == "__main__":
    main()
