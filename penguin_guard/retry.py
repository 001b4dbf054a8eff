"""One retry policy for every model call the guard and its hosts make.

A failed call is retried when the failure is worth retrying (a timeout, a dropped connection, 408/409/425/429 or a
5xx: `is_transient`), with exponential backoff (`backoff_seconds`, then twice that, ...), at most `retries` times.
A 4xx the caller must fix is raised at once. `call` and `acall` are the sync and async twins of the one loop;
for a stream they retry only the opening of the stream (once chunks have reached the user nothing is repeated).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")

__all__ = ["RetryPolicy", "acall", "call", "is_transient"]


def is_transient(exc: BaseException) -> bool:
    """Worth retrying: timeouts, connection errors, rate limits and 5xx; not a 4xx the caller must fix.

    An error without an HTTP status (a timeout, a refused connection, a garbled response) counts as transient."""
    status = getattr(exc, "status_code", None)
    if not isinstance(status, int):
        return True
    return status in (408, 409, 425, 429) or status >= 500


@dataclass(frozen=True)
class RetryPolicy:
    """How many times to retry a failed call, and how long to wait before each retry."""

    retries: int = 2
    backoff_seconds: float = 0.25

    def delay(self, attempt: int) -> float:
        """Seconds to wait after failed attempt number `attempt` (0-based)."""
        return self.backoff_seconds * 2**attempt

    def gives_up(self, attempt: int, exc: BaseException) -> bool:
        return attempt >= self.retries or not is_transient(exc)


def call(fn: Callable[[], T], policy: RetryPolicy) -> T:
    """`fn()`, retried under `policy`; the last error is raised when the policy gives up."""
    attempt = 0
    while True:
        try:
            return fn()
        except Exception as exc:
            if policy.gives_up(attempt, exc):
                raise
        time.sleep(policy.delay(attempt))
        attempt += 1


async def acall(fn: Callable[[], Awaitable[T]], policy: RetryPolicy) -> T:
    """Async twin of `call`: `await fn()`, retried under `policy`."""
    attempt = 0
    while True:
        try:
            return await fn()
        except Exception as exc:
            if policy.gives_up(attempt, exc):
                raise
        await asyncio.sleep(policy.delay(attempt))
        attempt += 1
