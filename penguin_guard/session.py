"""Session stores: where the guard remembers a user's answers between turns.

A store keeps one `SessionState` per session id, expires it `ttl` seconds after its last update, and can
`forget` it on request. Writes are compare-and-swap on `SessionState.version`, so two requests of the same
session racing each other cannot lose an update (the loser re-reads and retries).

Stores: `MemoryStore` (one process; bounded, the least recently used sessions evicted), `SQLiteStore` (default
for the CLI; WAL mode, safe across processes), and `RedisStore` where many processes share sessions
(`penguin_guard.stores.redis_store`, the [redis] extra).
With PENGUIN_GUARD_ENCRYPTION_KEYS set, any of them keeps values encrypted (`penguin_guard.stores.crypto`).
Every call is time-bounded: natively (socket / busy timeouts) or through `BoundedStore`; a store that fails or
times out raises `StoreUnavailable`, and the guard applies `store_failure_mode`.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from pathlib import Path
from typing import Protocol, runtime_checkable
from urllib.parse import parse_qsl, urlsplit

from penguin_guard.config import GuardConfig
from penguin_guard.hookspecs import hookimpl
from penguin_guard.messages import clean_text
from penguin_guard.models import SessionState

MEMORY_MAX_SESSIONS = 50_000  # small sessions take about 1.5 KB each: about 75 MB
MEMORY_MAX_TOTAL_CHARS = 256_000_000  # all sessions' state; one keeps its whole request (up to the guard's max_chars)


class StoreUnavailable(RuntimeError):
    """The session store could not be reached in time."""


def state_json(state: SessionState) -> str:
    """The state as JSON a store can always write: a lone surrogate anywhere in it (pydantic, UTF-8 and SQLite
    refuse one) becomes U+FFFD instead of failing the write."""
    try:
        return state.model_dump_json()
    except ValueError:  # PydanticSerializationError: a string that is not valid Unicode
        return clean_text(json.dumps(state.model_dump(mode="json"), ensure_ascii=False))


@runtime_checkable
class SessionStore(Protocol):
    def load(self, session_id: str) -> SessionState | None:
        """The live state of a session, or None if unknown or expired."""

    def save(self, state: SessionState, expected_version: int) -> bool:
        """Write `state` if the stored version still equals `expected_version` (0 = new). False on conflict."""

    def forget(self, session_id: str) -> bool:
        """Delete a session now. True if there was one."""

    def close(self) -> None: ...


class MemoryStore:
    """In-process store with TTL. Thread-safe, and bounded: at most `max_sessions` sessions and
    `max_total_chars` characters of stored state (about that many bytes); past either, the least recently used
    sessions are evicted. An evicted session is as if it had expired: the guard starts it afresh and may ask
    again. Store URL `memory://?max_sessions=N&max_total_chars=M` sets them."""

    native_timeouts = True  # never blocks on I/O

    def __init__(self, ttl_seconds: int = 7200, clock=time.time, max_sessions: int = MEMORY_MAX_SESSIONS,
                 max_total_chars: int = MEMORY_MAX_TOTAL_CHARS):
        if max_sessions < 1 or max_total_chars < 1:
            raise ValueError("memory store: max_sessions and max_total_chars must be at least 1")
        self.ttl = ttl_seconds
        self.max_sessions = max_sessions
        self.max_total_chars = max_total_chars
        self._clock = clock
        self._lock = threading.Lock()
        self._data: OrderedDict[str, tuple[float, str]] = OrderedDict()  # least recently used first
        self._chars = 0
        self._saves = 0

    def load(self, session_id: str) -> SessionState | None:
        key = clean_text(session_id)  # the id the stored state carries (see state_json)
        with self._lock:
            item = self._data.get(key)
            if item is None:
                return None
            expires, payload = item
            if expires <= self._clock():
                self._drop(key)
                return None
            self._data.move_to_end(key)
        return SessionState.model_validate_json(payload)

    def save(self, state: SessionState, expected_version: int) -> bool:
        now = self._clock()
        payload = state_json(state)
        with self._lock:
            key = clean_text(state.session_id)
            item = self._data.get(key)
            current = SessionState.model_validate_json(item[1]).version if item and item[0] > now else 0
            if current != expected_version:
                return False
            self._drop(key)
            self._data[key] = (now + self.ttl, payload)
            self._chars += len(payload)
            self._saves += 1
            if self._saves % 1024 == 0:
                self._purge(now)
            while len(self._data) > 1 and (len(self._data) > self.max_sessions or self._chars > self.max_total_chars):
                self._drop(next(iter(self._data)))  # the least recently used session
        return True

    def _drop(self, key: str) -> bool:
        item = self._data.pop(key, None)
        if item is not None:
            self._chars -= len(item[1])
        return item is not None

    def _purge(self, now: float) -> None:
        for key in [k for k, (expires, _) in self._data.items() if expires <= now]:
            self._drop(key)

    def forget(self, session_id: str) -> bool:
        with self._lock:
            return self._drop(clean_text(session_id))

    def session_ids(self) -> list[str]:
        now = self._clock()
        with self._lock:
            return [k for k, (expires, _) in self._data.items() if expires > now]

    def close(self) -> None:
        with self._lock:
            self._data.clear()
            self._chars = 0


def _create_private(path: Path) -> None:
    """Create the database file 0600, and its folder 0700 if missing: the file holds users' answers. SQLite
    gives the -wal and -shm files the database file's mode."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    if not path.exists():
        os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))


class SQLiteStore:
    """SQLite store (WAL): survives restarts, shared safely by several processes on one machine."""

    native_timeouts = True  # sqlite3's busy timeout bounds every lock wait

    def __init__(self, path: str | Path, ttl_seconds: int = 7200, timeout_seconds: float = 2.0, clock=time.time):
        self.path = str(path)
        if self.path != ":memory:":
            _create_private(Path(self.path).expanduser())
        self.ttl = ttl_seconds
        self._clock = clock
        self._local = threading.local()
        self._timeout = timeout_seconds
        with self._connect() as conn:
            conn.execute(
                "CREATE TABLE IF NOT EXISTS sessions (id TEXT PRIMARY KEY, version INTEGER NOT NULL, "
                "expires_at REAL NOT NULL, state TEXT NOT NULL)"
            )
            conn.execute("CREATE INDEX IF NOT EXISTS sessions_expiry ON sessions (expires_at)")

    def _connect(self) -> sqlite3.Connection:
        conn = getattr(self._local, "conn", None)
        if conn is None:
            try:
                conn = sqlite3.connect(str(Path(self.path).expanduser()) if self.path != ":memory:" else self.path,
                                       timeout=self._timeout, isolation_level=None, check_same_thread=False)
                conn.execute("PRAGMA journal_mode=WAL")
                conn.execute("PRAGMA synchronous=NORMAL")
                conn.execute("PRAGMA secure_delete=ON")  # a deleted row is overwritten, whatever the build's default
            except sqlite3.Error as exc:
                raise StoreUnavailable(f"cannot open session database: {exc}") from exc
            self._local.conn = conn
        return conn

    def load(self, session_id: str) -> SessionState | None:
        try:
            row = self._connect().execute(
                "SELECT state FROM sessions WHERE id = ? AND expires_at > ?", (clean_text(session_id), self._clock())
            ).fetchone()
        except sqlite3.Error as exc:
            raise StoreUnavailable(str(exc)) from exc
        return SessionState.model_validate_json(row[0]) if row else None

    def save(self, state: SessionState, expected_version: int) -> bool:
        payload = state_json(state)  # before the transaction: nothing fails between BEGIN and COMMIT but SQLite
        now = self._clock()
        conn = self._connect()
        try:
            conn.execute("BEGIN IMMEDIATE")
            with conn:  # COMMIT, or ROLLBACK on any exception: a transaction is never left open to block others
                row = conn.execute("SELECT version, expires_at FROM sessions WHERE id = ?",
                                   (clean_text(state.session_id),)).fetchone()
                current = row[0] if row and row[1] > now else 0
                if current != expected_version:
                    return False
                conn.execute("INSERT OR REPLACE INTO sessions (id, version, expires_at, state) VALUES (?, ?, ?, ?)",
                             (clean_text(state.session_id), state.version, now + self.ttl, payload))
                conn.execute("DELETE FROM sessions WHERE expires_at <= ?", (now,))
            return True
        except sqlite3.Error as exc:
            raise StoreUnavailable(str(exc)) from exc

    def forget(self, session_id: str) -> bool:
        """Delete the session, then checkpoint the WAL into the database and truncate it: the -wal file holds
        earlier copies of the session's pages until then (secure_delete zeroes the row in the database)."""
        try:
            conn = self._connect()
            removed = conn.execute("DELETE FROM sessions WHERE id = ?", (clean_text(session_id),)).rowcount > 0
            if removed:
                conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # waits (busy timeout) for readers of the WAL
        except sqlite3.Error as exc:
            raise StoreUnavailable(str(exc)) from exc
        return removed

    def session_ids(self) -> list[str]:
        try:
            rows = self._connect().execute("SELECT id FROM sessions WHERE expires_at > ?", (self._clock(),)).fetchall()
        except sqlite3.Error as exc:
            raise StoreUnavailable(str(exc)) from exc
        return [r[0] for r in rows]

    def close(self) -> None:
        conn = getattr(self._local, "conn", None)
        if conn is not None:
            conn.close()
            self._local.conn = None


class BoundedStore:
    """Puts a deadline on every call of a store that has no timeouts of its own (e.g. a plugin's).

    A call that takes longer than `timeout_seconds` raises StoreUnavailable; the guard then applies
    `store_failure_mode`. The slow call keeps one of a few worker threads until it returns, so a hung
    backend costs at most `max_workers` threads, and later calls time out instead of piling up.
    """

    native_timeouts = True

    def __init__(self, inner: SessionStore, timeout_seconds: float, max_workers: int = 4):
        self.inner = inner
        self.timeout = timeout_seconds
        self._pool = ThreadPoolExecutor(max_workers=max_workers, thread_name_prefix="penguin-store")

    def _call(self, name: str, *args):
        future = self._pool.submit(getattr(self.inner, name), *args)
        try:
            return future.result(timeout=self.timeout)
        except FutureTimeout:
            future.cancel()
            raise StoreUnavailable(f"session store did not answer {name}() within {self.timeout:g} s") from None

    def load(self, session_id: str) -> SessionState | None:
        return self._call("load", session_id)

    def save(self, state: SessionState, expected_version: int) -> bool:
        return self._call("save", state, expected_version)

    def forget(self, session_id: str) -> bool:
        return self._call("forget", session_id)

    def session_ids(self) -> list[str]:
        return self._call("session_ids")

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
        self.inner.close()


def bounded(store: SessionStore, timeout_seconds: float) -> SessionStore:
    """`store` itself if its calls are already time-bounded, else a BoundedStore around it."""
    return store if getattr(store, "native_timeouts", False) else BoundedStore(store, timeout_seconds)


def merge(theirs: SessionState, mine: SessionState) -> SessionState:
    """Two writes of one session raced: the profile is the union (newer values win), the episode is ours (this
    request's decision), the escalation count the larger."""
    merged = theirs.model_copy(deep=True)
    merged.profile.values.update(mine.profile.values)
    merged.profile.asked = list(dict.fromkeys([*theirs.profile.asked, *mine.profile.asked]))
    merged.profile.declined = [a for a in dict.fromkeys([*theirs.profile.declined, *mine.profile.declined])
                               if a not in merged.profile.values]
    for name in ("pending_attribute", "pending_question", "original_request", "request_digest", "request_domain",
                 "request_level", "questions_this_request", "answered", "unanswered"):
        setattr(merged, name, getattr(mine, name))
    merged.escalations = max(theirs.escalations, mine.escalations)
    return merged


def save_merged(store: SessionStore, state: SessionState, attempts: int = 5) -> str:
    """Write `state` with compare-and-swap; on a conflict merge it into the newer stored state and retry.

    Returns "saved", "merged", or "gave up" (after `attempts` conflicts). Store errors propagate.
    """
    expected = state.version
    mine = state.model_copy(update={"version": expected + 1, "updated_at": time.time()})
    if store.save(mine, expected):
        return "saved"
    for _ in range(attempts):
        theirs = store.load(state.session_id)
        merged = merge(theirs, mine) if theirs is not None else mine.model_copy(update={"version": 0})
        expected = merged.version
        merged.version, merged.updated_at = expected + 1, time.time()
        if store.save(merged, expected):
            return "merged"
    return "gave up"


def cli_folder() -> Path:
    """~/.penguin_guard: the CLI's store and its encryption key."""
    return Path("~/.penguin_guard").expanduser()


def is_default_cli_store(url: str) -> bool:
    return url == f"sqlite:///{cli_folder() / 'sessions.db'}"


def default_cli_store_url() -> str:
    """The CLI's own store, ~/.penguin_guard/sessions.db, private to the user: the folder 0700 and its
    database files and key 0600 (tightened if an older version made them 0755 and 0644). Its values are
    encrypted with the key beside it unless PENGUIN_GUARD_ENCRYPTION_KEYS says otherwise (stores/crypto.py)."""
    folder = cli_folder()
    try:
        folder.mkdir(mode=0o700, exist_ok=True)
        folder.chmod(0o700)
        for file in [*folder.glob("sessions.db*"), *folder.glob("key")]:
            file.chmod(0o600)
    except OSError:  # e.g. a read-only home: the store then says what is wrong when it opens the file
        pass
    return f"sqlite:///{folder / 'sessions.db'}"


def _memory_options(url: str) -> dict[str, int]:
    """`memory://?max_sessions=N&max_total_chars=M` -> MemoryStore's bounds; anything else is a clear error."""
    options = dict(parse_qsl(urlsplit(url).query, keep_blank_values=True))
    unknown = sorted(set(options) - {"max_sessions", "max_total_chars"})
    if unknown:
        raise ValueError(f"memory store: unknown option(s) {', '.join(unknown)}; known: max_sessions, max_total_chars")
    try:
        return {name: int(value) for name, value in options.items()}
    except ValueError:
        raise ValueError(f"memory store: options must be whole numbers, got {urlsplit(url).query!r}") from None


@hookimpl(trylast=True)
def penguin_session_store(url: str, config: GuardConfig) -> SessionStore | None:
    if url == "memory" or url.startswith("memory://"):
        return MemoryStore(ttl_seconds=config.session_ttl_seconds, **_memory_options(url))
    if url.startswith("sqlite://"):
        path = url.removeprefix("sqlite:///") if url.startswith("sqlite:///") else url.removeprefix("sqlite://")
        return SQLiteStore(path or ":memory:", ttl_seconds=config.session_ttl_seconds,
                           timeout_seconds=config.store_timeout_seconds)
    return None
