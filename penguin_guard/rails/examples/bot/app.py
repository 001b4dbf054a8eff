"""The example bot: NeMo Guardrails with the penguin-guard rails pack, talking through LiteLLM.

    python rails/examples/bot/app.py                              # uses the model in example_bot.yml
    python rails/examples/bot/app.py --model openai/test --api-base http://127.0.0.1:8000/v1

Type a message per line; the guard may ask a question or two before the bot answers a risky request.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import uuid
from pathlib import Path

HERE = Path(__file__).resolve().parent


def build_rails(model: str | None = None, api_base: str | None = None, api_key: str | None = None):
    """LLMRails for this bot plus the rails pack; `model`/`api_base`/`api_key` override example_bot.yml."""
    os.environ.setdefault("NEMO_GUARDRAILS_NO_USAGE_STATS", "1")
    from nemoguardrails import LLMRails, RailsConfig

    from penguin_guard.integrations.nemo import add_pack

    config = add_pack(RailsConfig.from_path(str(HERE)))  # the pack on the left: the bot's settings win
    if model or api_base or api_key:
        main = next(m for m in config.models if m.type == "main")
        main.model = model or main.model
        params = dict(main.parameters or {})
        params.update({k: v for k, v in {"api_base": api_base, "api_key": api_key}.items() if v})
        main.parameters = params
    return LLMRails(config)


async def chat(rails, session_id: str) -> None:
    messages: list[dict] = [{"role": "context", "content": {"penguin_session_id": session_id}}]
    state: dict = {}
    while True:
        try:
            text = input("you> ").strip()
        except EOFError:
            return
        if not text:
            continue
        result = await rails.generate_async(messages=[*messages, {"role": "user", "content": text}], state=state)
        state, messages = result.state, []
        print(f"bot> {result.response[-1]['content']}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model")
    parser.add_argument("--api-base")
    parser.add_argument("--api-key")
    args = parser.parse_args()
    asyncio.run(chat(build_rails(args.model, args.api_base, args.api_key), f"demo-{uuid.uuid4().hex[:8]}"))


if __name__ == "__main__":
    main()
