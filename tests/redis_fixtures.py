"""Redis fixture (import it where needed): each test gets its own key prefix on the shared server, deleted after."""

from __future__ import annotations

import os
import uuid

import pytest

REDIS_URL = os.environ.get("PENGUIN_GUARD_TEST_REDIS", "redis://127.0.0.1:6379/0")


@pytest.fixture
def redis_url():
    """A redis:// URL with a prefix unique to this test (as the guard's `store` setting would carry it)."""
    redis = pytest.importorskip("redis")
    client = redis.Redis.from_url(REDIS_URL, socket_timeout=2, socket_connect_timeout=2)
    try:
        client.ping()
    except redis.exceptions.RedisError:
        if os.environ.get("CI"):
            raise
        pytest.skip(f"no Redis server at {REDIS_URL}")
    prefix = f"pgtest:{uuid.uuid4().hex[:12]}:"
    yield f"{REDIS_URL}?prefix={prefix}"
    for key in client.scan_iter(match=prefix + "*"):
        client.delete(key)
    client.close()
