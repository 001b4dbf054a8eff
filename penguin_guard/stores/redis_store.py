"""A Redis session store: many guard processes (e.g. several LiteLLM proxy workers) share one conversation.

URL: ``redis://[:password@]host:port/db[?prefix=...]`` (``rediss://`` for TLS). ``prefix`` namespaces the keys
(default ``penguin_guard:session:``) so that several deployments or test runs can share one server.

Each session is one hash ``{v: version, s: state JSON}`` with a TTL that restarts on every write. A write is a
Lua script that checks the stored version and writes in one atomic step, so two requests of one session racing
on two processes cannot lose an update: the loser gets False and the guard merges and retries. Every call is
bounded by ``store_timeout_seconds`` (socket and connect timeouts, no client-side retries); a slow or down server
raises `StoreUnavailable` and the guard applies ``store_failure_mode``.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from penguin_guard.config import GuardConfig
from penguin_guard.hookspecs import hookimpl
from penguin_guard.messages import clean_text
from penguin_guard.models import SessionState
from penguin_guard.session import StoreUnavailable, state_json

DEFAULT_PREFIX = "penguin_guard:session:"

# KEYS[1] = session key; ARGV = expected version, new version, state JSON, ttl in milliseconds.
_CAS_SCRIPT = """
local current = tonumber(redis.call('HGET', KEYS[1], 'v') or '0')
if current ~= tonumber(ARGV[1]) then return 0 end
redis.call('HSET', KEYS[1], 'v', ARGV[2], 's', ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return 1
"""


def split_prefix(url: str) -> tuple[str, str]:
    """(the URL redis-py should see, the key prefix) — `prefix` is ours, redis-py would reject it."""
    parts = urlsplit(url)
    query = parse_qsl(parts.query, keep_blank_values=True)
    prefix = next((v for k, v in query if k == "prefix"), DEFAULT_PREFIX)
    rest = urlencode([(k, v) for k, v in query if k != "prefix"])
    return urlunsplit(parts._replace(query=rest)), prefix


class RedisStore:
    """Sessions in Redis, with server-side TTL and atomic compare-and-swap writes."""

    native_timeouts = True  # every call is bounded by the socket timeouts; no extra watchdog thread needed

    def __init__(self, url: str = "redis://127.0.0.1:6379/0", ttl_seconds: float = 7200,
                 timeout_seconds: float = 2.0, prefix: str | None = None, client: Any = None):
        import redis
        from redis.backoff import NoBackoff
        from redis.retry import Retry

        plain_url, url_prefix = split_prefix(url)
        self.prefix = prefix if prefix is not None else url_prefix
        self.ttl_ms = max(1, int(ttl_seconds * 1000))
        self._errors: tuple[type[BaseException], ...] = (redis.exceptions.RedisError, OSError)
        self._client = client or redis.Redis.from_url(
            plain_url, socket_timeout=timeout_seconds, socket_connect_timeout=timeout_seconds,
            retry=Retry(NoBackoff(), 0), retry_on_timeout=False, decode_responses=True,
        )
        self._cas = self._client.register_script(_CAS_SCRIPT)

    def _key(self, session_id: str) -> str:
        return self.prefix + clean_text(session_id)  # as the stored state has it (see state_json)

    def load(self, session_id: str) -> SessionState | None:
        try:
            payload = self._client.hget(self._key(session_id), "s")
        except self._errors as exc:
            raise StoreUnavailable(f"redis: {type(exc).__name__}") from exc
        return SessionState.model_validate_json(payload) if payload else None

    def save(self, state: SessionState, expected_version: int) -> bool:
        try:
            written = self._cas(keys=[self._key(state.session_id)],
                                args=[expected_version, state.version, state_json(state), self.ttl_ms])
        except self._errors as exc:
            raise StoreUnavailable(f"redis: {type(exc).__name__}") from exc
        return bool(written)

    def forget(self, session_id: str) -> bool:
        try:
            return bool(self._client.delete(self._key(session_id)))
        except self._errors as exc:
            raise StoreUnavailable(f"redis: {type(exc).__name__}") from exc

    def session_ids(self) -> list[str]:
        """Live session ids under this prefix (for key rotation and tests; SCAN, so safe on a busy server)."""
        try:
            return [k[len(self.prefix):] for k in self._client.scan_iter(match=self.prefix + "*", count=500)]
        except self._errors as exc:
            raise StoreUnavailable(f"redis: {type(exc).__name__}") from exc

    def close(self) -> None:
        self._client.close()


@hookimpl(trylast=True)
def penguin_session_store(url: str, config: GuardConfig) -> RedisStore | None:
    if not url.startswith(("redis://", "rediss://", "unix://")):
        return None
    return RedisStore(url, ttl_seconds=config.session_ttl_seconds, timeout_seconds=config.store_timeout_seconds)
