"""Every model call in penguin-guard goes through here, and from here through LiteLLM.

- `acomplete_text` / `complete_text`: one chat call returning its text, retried under `penguin_guard.retry`
  (transient failures only: a 4xx is not retried), and an optional on-disk response cache (LiteLLM 1.110
  removed its disk cache; reproducible benchmark and planner reruns need one).
- `ResponseCache`: SQLite, keyed by a hash of (model, messages, params).
- `prepare_model`: registers the embedded `local/...` provider when such a model is named.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import hashlib
import json
import os
import sqlite3
import threading
import time
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

from penguin_guard import retry


def use_local_cost_map() -> None:
    """Keep LiteLLM offline: use the price map bundled with it unless the user chose (LITELLM_LOCAL_MODEL_COST_MAP
    set either way). Without it LiteLLM fetches the map from GitHub, with retries, when it is first imported; on a
    machine with no network the first guarded call took 7.9 s. Call it before anything imports litellm."""
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")


use_local_cost_map()

CACHEABLE_EXCLUDE = {"api_key", "timeout", "num_retries", "metadata"}


class LLMError(RuntimeError):
    """A model call failed after its retries (provider down, timeout, bad response)."""


def prepare_model(model: str) -> None:
    """Per-call setup: quiet LiteLLM's banner output, register the embedded provider for local/ models."""
    import litellm

    litellm.suppress_debug_info = True
    if model.startswith("local/"):
        from penguin_guard import local_model

        local_model.register()


class ResponseCache:
    """A small SQLite response cache shared by threads and processes (WAL)."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._conn = sqlite3.connect(self.path, check_same_thread=False, timeout=30)
        self._conn.execute("PRAGMA journal_mode=WAL")
        self._conn.execute(
            "CREATE TABLE IF NOT EXISTS responses (key TEXT PRIMARY KEY, text TEXT NOT NULL, meta TEXT, created REAL)"
        )
        self._conn.commit()
        self.hits = 0
        self.misses = 0

    @staticmethod
    def key(model: str, messages: list[dict], params: dict[str, Any]) -> str:
        payload = {
            "model": model,
            "messages": messages,
            "params": {k: v for k, v in sorted(params.items()) if k not in CACHEABLE_EXCLUDE},
        }
        return hashlib.sha256(json.dumps(payload, sort_keys=True, default=str).encode()).hexdigest()

    def get(self, key: str) -> tuple[str, dict] | None:
        with self._lock:
            row = self._conn.execute("SELECT text, meta FROM responses WHERE key = ?", (key,)).fetchone()
        if row is None:
            self.misses += 1
            return None
        self.hits += 1
        return row[0], json.loads(row[1] or "{}")

    def put(self, key: str, text: str, meta: dict | None = None) -> None:
        with self._lock:
            self._conn.execute(
                "INSERT OR REPLACE INTO responses (key, text, meta, created) VALUES (?, ?, ?, ?)",
                (key, text, json.dumps(meta or {}), time.time()),
            )
            self._conn.commit()

    def close(self) -> None:
        with self._lock:
            self._conn.close()


def response_text(response: Any) -> str:
    try:
        return response.choices[0].message.content or ""
    except (AttributeError, IndexError, KeyError) as exc:
        raise LLMError(f"response without a message: {type(response).__name__}") from exc


def usage_of(response: Any) -> dict[str, int]:
    usage = getattr(response, "usage", None)
    if usage is None:
        return {}
    return {
        "prompt_tokens": int(getattr(usage, "prompt_tokens", 0) or 0),
        "completion_tokens": int(getattr(usage, "completion_tokens", 0) or 0),
    }


def _cost_of(model: str, response: Any) -> float:
    if model.startswith("local/"):
        return 0.0
    try:
        import litellm

        return float(litellm.completion_cost(completion_response=response) or 0.0)
    except Exception:
        return 0.0


# Set in the metadata of every call the guard makes itself (detector, extractor, RAISE, crisis text, bench), which
# LiteLLM keeps out of the provider request: the SDK hook (integrations/litellm.py) lets such calls through.
INNER_CALL_KEY = "penguin_guard_inner_call"


async def acomplete_text(
    model: str,
    messages: list[dict],
    *,
    cache: ResponseCache | None = None,
    retries: int = 2,
    backoff_seconds: float = 0.5,
    timeout: float = 60.0,
    cache_salt: str = "",
    **params: Any,
) -> tuple[str, dict]:
    """Call `model` and return (text, meta). meta has usage, cost, latency and whether it was a cache hit.

    Raises LLMError once the retries are spent (or at once on an error retrying cannot fix, such as a 400).
    Cached entries are reused only for identical (model, messages, params), so a temperature or seed change is a different entry; a `cache_salt` keeps a
    deliberate repeat of the same request (a judge asked again) apart from the first answer.
    """
    key_params = {**params, "_salt": cache_salt} if cache_salt else params
    key = ResponseCache.key(model, messages, key_params) if cache is not None else None
    if cache is not None and key is not None:
        found = cache.get(key)
        if found is not None:
            text, meta = found
            return text, {**meta, "cache_hit": True, "latency_s": 0.0}
    import litellm

    prepare_model(model)

    async def attempt() -> tuple[str, dict]:
        started = time.perf_counter()
        # Marked as the guard's own call, so a PenguinSDKHook in litellm.callbacks does not guard it again.
        metadata = {**(params.get("metadata") or {}), INNER_CALL_KEY: True}
        response = await litellm.acompletion(model=model, messages=messages, timeout=timeout,
                                             **{**params, "metadata": metadata})
        text = response_text(response)  # a response without a message is retried like a failed call
        return text, {
            "usage": usage_of(response),
            "cost": _cost_of(model, response),
            "latency_s": round(time.perf_counter() - started, 4),
            "cache_hit": False,
        }

    try:
        text, meta = await retry.acall(attempt, retry.RetryPolicy(retries=retries, backoff_seconds=backoff_seconds))
    except Exception as exc:  # LiteLLM maps provider errors to many types; all end here the same way
        raise LLMError(f"{model}: {type(exc).__name__}: {str(exc)[:300]}") from exc
    if cache is not None and key is not None:
        cache.put(key, text, {"usage": meta["usage"], "cost": meta["cost"]})
    return text, meta


def complete_text(model: str, messages: list[dict], **kwargs: Any) -> tuple[str, dict]:
    """Synchronous twin of acomplete_text (also from inside a running event loop: see `run_sync`)."""
    return run_sync(acomplete_text(model, messages, **kwargs))


def run_sync(coro: Coroutine[Any, Any, Any]) -> Any:
    """Run a coroutine to its end from synchronous code (`complete_text`, the RAISE policy's LLM mode, reached from
    the guard's sync API: `Guard.check`, `completion`). With no event loop in this thread, on a new one. Called from inside a running loop
    (a sync call in an async handler or a notebook), `asyncio.run` would refuse, and waiting on that loop would
    deadlock, since it cannot run while this thread waits: the coroutine runs on a fresh loop in a worker thread
    instead. The caller's loop is blocked meanwhile (its other tasks wait), as with any blocking call; the async
    twins (`acheck`, `acomplete`) do not block it."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coro)
    with concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="penguin-guard-sync") as pool:
        return pool.submit(asyncio.run, coro).result()
