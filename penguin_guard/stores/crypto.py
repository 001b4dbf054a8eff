"""Encryption at rest for what a session remembers: attribute values, the user's original request and its digest.

Turned on by an environment variable holding one or more Fernet keys, comma-separated, newest first:

    PENGUIN_GUARD_ENCRYPTION_KEYS="<new key>,<old key>"
    python -m penguin_guard.stores.crypto          # prints a fresh key

Any store the guard builds from its URL (memory, SQLite, Redis, a plugin's) is then wrapped in `EncryptedStore`.
Values are encrypted one by one (attribute names stay readable for debugging and `forget`); the first key
encrypts, every key decrypts (MultiFernet).

The CLI's own store (~/.penguin_guard/sessions.db, the default of `penguin-guard chat`, `check`, `forget`) is
encrypted even without the variable: with its own key, made on first use in ~/.penguin_guard/key (0600, in the
0700 folder, beside the database). Anyone who can read that folder can read both, so this protects copies of the
database (backups, a synced folder, a file sent along), not the account. The variable, when set, wins.

Rotation: put the new key first and keep the old one after it. Every write re-encrypts with the new key, so
after one session TTL every live session uses it; `EncryptedStore.rotate()` re-encrypts all sessions at once
(stores that can list their ids). Then drop the old key. A value no key can decrypt (a key removed too early)
is dropped from the loaded session (the guard asks again) — never an error, never shown.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Any

from penguin_guard.config import GuardConfig
from penguin_guard.hookspecs import hookimpl
from penguin_guard.models import SessionState

log = logging.getLogger(__name__)

ENV_KEYS = "PENGUIN_GUARD_ENCRYPTION_KEYS"
MARKER = "enc:v1:"


class EncryptionConfigError(ValueError):
    """The encryption keys are missing, malformed, or the cryptography package is not installed."""


def make_cipher(keys: str | list[str]) -> Any:
    """A MultiFernet over the given keys (newest first)."""
    try:
        from cryptography.fernet import Fernet, MultiFernet
    except ImportError as exc:  # never fall back to plaintext when encryption was asked for
        raise EncryptionConfigError(
            f"{ENV_KEYS} is set but the 'cryptography' package is missing: pip install 'penguin-guard[redis]'"
        ) from exc
    items = [k.strip() for k in (keys.split(",") if isinstance(keys, str) else keys) if k.strip()]
    if not items:
        raise EncryptionConfigError(f"{ENV_KEYS} holds no key")
    try:
        return MultiFernet([Fernet(k.encode()) for k in items])
    except ValueError as exc:
        raise EncryptionConfigError(f"{ENV_KEYS}: each key must be a urlsafe-base64 32-byte Fernet key") from exc


class EncryptedStore:
    """Wraps a SessionStore: encrypts the sensitive fields on save, decrypts them on load."""

    def __init__(self, inner: Any, keys: str | list[str]):
        self.inner = inner
        self._cipher = make_cipher(keys)
        self.native_timeouts = getattr(inner, "native_timeouts", False)

    def _seal(self, text: str) -> str:
        return MARKER + self._cipher.encrypt(text.encode()).decode()

    def _open(self, text: str) -> str | None:
        """Plaintext of a sealed field; a field stored before encryption was enabled is returned as is."""
        if not text.startswith(MARKER):
            return text
        from cryptography.fernet import InvalidToken

        try:
            return self._cipher.decrypt(text[len(MARKER):].encode()).decode()
        except InvalidToken:
            return None

    def encrypt_state(self, state: SessionState) -> SessionState:
        sealed = state.model_copy(deep=True)
        sealed.profile.values = {k: self._seal(v) for k, v in state.profile.values.items()}
        if state.original_request is not None:
            sealed.original_request = self._seal(state.original_request)
        if state.request_digest is not None:  # a digest of a short request could be guessed: sealed too
            sealed.request_digest = self._seal(state.request_digest)
        return sealed

    def decrypt_state(self, sealed: SessionState) -> SessionState:
        state = sealed.model_copy(deep=True)
        values: dict[str, str] = {}
        for attribute, token in sealed.profile.values.items():
            plain = self._open(token)
            if plain is None:
                log.warning("dropped an undecryptable value of %s (was its key removed?)", attribute)
            else:
                values[attribute] = plain
        state.profile.values = values
        if sealed.original_request is not None:
            state.original_request = self._open(sealed.original_request)
        if sealed.request_digest is not None:
            state.request_digest = self._open(sealed.request_digest)
        return state

    def load(self, session_id: str) -> SessionState | None:
        sealed = self.inner.load(session_id)
        return None if sealed is None else self.decrypt_state(sealed)

    def save(self, state: SessionState, expected_version: int) -> bool:
        return self.inner.save(self.encrypt_state(state), expected_version)

    def forget(self, session_id: str) -> bool:
        return self.inner.forget(session_id)

    def rotate(self) -> int:
        """Re-encrypt every live session with the newest key; returns how many were rewritten."""
        rewritten = 0
        for session_id in self.inner.session_ids():
            for _ in range(5):  # compare-and-swap: a concurrent write wins, then we retry on the newer state
                state = self.load(session_id)
                if state is None:
                    break
                expected = state.version
                state.version += 1
                if self.save(state, expected):
                    rewritten += 1
                    break
        return rewritten

    def close(self) -> None:
        self.inner.close()


def maybe_encrypt(store: Any, environ: dict[str, str] | None = None, url: str | None = None) -> Any:
    """`store` wrapped in EncryptedStore when encryption keys are configured (or `url` is the CLI's own store,
    which has its own key), else `store` itself."""
    keys = (os.environ if environ is None else environ).get(ENV_KEYS, "")
    if store is None or isinstance(store, EncryptedStore):
        return store
    if not keys.strip() and url is not None:
        from penguin_guard.session import cli_folder, is_default_cli_store

        if is_default_cli_store(url):
            keys = cli_store_key(cli_folder() / CLI_KEY_FILE) or ""
    return EncryptedStore(store, keys) if keys.strip() else store


CLI_KEY_FILE = "key"


def cli_store_key(path: Path) -> str | None:
    """The CLI store's key at `path`, made on first use (0600; concurrent first runs agree on one key), or None
    (with a warning: values stay in plaintext) when the cryptography package is missing."""
    try:
        from cryptography.fernet import Fernet
    except ImportError:
        log.warning("the CLI's session store is not encrypted: install 'cryptography' (pip install "
                    "'penguin-guard[redis]') to encrypt it with its own key")
        return None
    if not path.exists():
        draft = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        descriptor = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w") as handle:
            handle.write(Fernet.generate_key().decode() + "\n")
        try:
            os.link(draft, path)  # fails if another run made its key first: then that one is used
        except FileExistsError:
            pass
        finally:
            draft.unlink()
    path.chmod(0o600)
    key = path.read_text().strip()
    try:
        make_cipher(key)
    except EncryptionConfigError:
        raise EncryptionConfigError(f"{path} holds no valid Fernet key (move it away and the CLI's store "
                                    "starts over with a new one; what it encrypted cannot be read without it)") from None
    return key


@hookimpl(wrapper=True)
def penguin_session_store(url: str, config: GuardConfig) -> Any:
    """Wrap whichever store answered the URL (built-in or plugin)."""
    store = yield
    return maybe_encrypt(store, url=url)


if __name__ == "__main__":
    from cryptography.fernet import Fernet

    print(Fernet.generate_key().decode())
