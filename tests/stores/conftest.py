"""Fixtures for the store tests: a per-test Redis key prefix (the real-proxy factory is in tests/conftest.py)."""

from __future__ import annotations

from redis_fixtures import redis_url  # noqa: F401
