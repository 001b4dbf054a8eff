"""Encryption at rest: values are unreadable in the backend, readable through the guard, and keys rotate."""

from __future__ import annotations

import pytest

cryptography = pytest.importorskip("cryptography")
from cryptography.fernet import Fernet  # noqa: E402

from penguin_guard import Guard, GuardConfig  # noqa: E402
from penguin_guard.episode import request_digest  # noqa: E402
from penguin_guard.models import SessionState  # noqa: E402
from penguin_guard.session import MemoryStore, SQLiteStore  # noqa: E402
from penguin_guard.stores.crypto import ENV_KEYS, EncryptedStore, EncryptionConfigError, maybe_encrypt  # noqa: E402
from penguin_guard.stores.redis_store import RedisStore  # noqa: E402

SECRET = "bipolar disorder, diagnosed 2019"


def remembered(session_id="s1", version=1):
    s = SessionState(session_id=session_id, version=version, original_request="Should I stop my meds?",
                     request_digest=request_digest("Should I stop my meds?"))
    s.profile.values["Mental Health Status"] = SECRET
    return s


def test_values_are_sealed_in_the_backend_and_open_through_the_wrapper(tmp_path):
    inner = SQLiteStore(tmp_path / "s.db")
    store = EncryptedStore(inner, Fernet.generate_key().decode())
    assert store.save(remembered(), 0)
    raw = (tmp_path / "s.db").read_bytes() + (tmp_path / "s.db-wal").read_bytes()
    assert b"bipolar" not in raw and b"meds" not in raw
    assert b"Mental Health Status" in raw  # names stay readable: they are not the sensitive part
    assert request_digest("Should I stop my meds?").encode() not in raw  # a short request's digest is guessable
    loaded = store.load("s1")
    assert loaded.profile.values["Mental Health Status"] == SECRET
    assert loaded.original_request == "Should I stop my meds?"
    assert loaded.request_digest == request_digest("Should I stop my meds?")


def test_rotation_new_key_first_then_drop_the_old_one(redis_url):
    old, new = Fernet.generate_key().decode(), Fernet.generate_key().decode()
    inner = RedisStore(redis_url)
    EncryptedStore(inner, old).save(remembered(), 0)
    rotating = EncryptedStore(inner, f"{new},{old}")
    assert rotating.load("s1").profile.values["Mental Health Status"] == SECRET  # old key still decrypts
    assert rotating.rotate() == 1
    after = EncryptedStore(inner, new)  # old key gone
    assert after.load("s1").profile.values["Mental Health Status"] == SECRET


def test_a_value_no_key_can_open_is_dropped_not_shown():
    inner = MemoryStore()
    EncryptedStore(inner, Fernet.generate_key().decode()).save(remembered(), 0)
    stranger = EncryptedStore(inner, Fernet.generate_key().decode())
    loaded = stranger.load("s1")
    assert loaded.profile.values == {} and loaded.original_request is None
    assert loaded.version == 1  # the session itself survives, so compare-and-swap keeps working


def test_plaintext_written_before_encryption_was_enabled_still_loads():
    inner = MemoryStore()
    inner.save(remembered(), 0)
    assert EncryptedStore(inner, Fernet.generate_key().decode()).load("s1").profile.values["Mental Health Status"] == SECRET


def test_the_environment_key_turns_it_on_for_every_store_url(monkeypatch, tmp_path):
    monkeypatch.setenv(ENV_KEYS, Fernet.generate_key().decode())
    for url in ("memory", f"sqlite:///{tmp_path / 'x.db'}"):
        assert isinstance(Guard(GuardConfig(detector="patterns", policy="priority", store=url)).store, EncryptedStore)
    monkeypatch.delenv(ENV_KEYS)
    assert not isinstance(Guard(GuardConfig(detector="patterns", policy="priority", store="memory")).store, EncryptedStore)


def test_a_malformed_key_is_a_clear_error():
    with pytest.raises(EncryptionConfigError, match="Fernet key"):
        maybe_encrypt(MemoryStore(), {ENV_KEYS: "not-a-key"})


def test_the_cli_store_is_encrypted_with_its_own_key_unless_the_environment_sets_one(monkeypatch, tmp_path):
    from penguin_guard.session import default_cli_store_url

    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv(ENV_KEYS, raising=False)
    config = GuardConfig(policy="priority", store=default_cli_store_url())
    request = [{"role": "user", "content": "Should I quit my job and move far away from everyone I know?"}]
    question = Guard(config).check(request, session_id="me").question
    Guard(config).check([*request, {"role": "assistant", "content": question},
                         {"role": "user", "content": "honestly pretty hopeless"}], session_id="me")

    folder = tmp_path / ".penguin_guard"
    assert (folder / "key").stat().st_mode & 0o777 == 0o600
    raw = b"".join(path.read_bytes() for path in folder.glob("sessions.db*"))
    assert b"hopeless" not in raw and b"quit my job" not in raw
    assert Guard(config).store.load("me").profile.values["Emotional State"]  # the next run reads it back

    monkeypatch.setenv(ENV_KEYS, Fernet.generate_key().decode())  # the user's own key wins
    assert Guard(config).store.load("me").profile.values == {}  # (so the CLI's values stay sealed to it)
    other = f"sqlite:///{tmp_path / 'elsewhere.db'}"
    monkeypatch.delenv(ENV_KEYS)
    assert not isinstance(Guard(GuardConfig(policy="priority", store=other)).store, EncryptedStore)
