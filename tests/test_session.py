import threading
import time

import pytest

from penguin_guard.models import SessionState
from penguin_guard.session import (
    BoundedStore,
    MemoryStore,
    SQLiteStore,
    StoreUnavailable,
    bounded,
    save_merged,
)


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


@pytest.fixture(params=["memory", "sqlite"])
def make_store(request, tmp_path):
    def make(ttl=60, clock=None):
        clock = clock or Clock()
        if request.param == "memory":
            return MemoryStore(ttl_seconds=ttl, clock=clock)
        return SQLiteStore(tmp_path / "sessions.db", ttl_seconds=ttl, clock=clock)

    return make


def state(session_id="s1", version=1, **values):
    s = SessionState(session_id=session_id, version=version)
    s.profile.values.update(values)
    return s


def test_save_then_load_round_trips(make_store):
    store = make_store()
    assert store.save(state(Age="45"), expected_version=0)
    assert store.load("s1").profile.values == {"Age": "45"}
    assert store.load("unknown") is None


def test_sessions_expire_after_the_ttl(make_store):
    clock = Clock()
    store = make_store(ttl=60, clock=clock)
    store.save(state(), 0)
    clock.now += 59
    assert store.load("s1") is not None
    clock.now += 2
    assert store.load("s1") is None


def test_forget_deletes_now(make_store):
    store = make_store()
    store.save(state(), 0)
    assert store.forget("s1") is True
    assert store.load("s1") is None
    assert store.forget("s1") is False


def test_a_stale_write_is_refused(make_store):
    store = make_store()
    assert store.save(state(version=1), 0)
    assert store.save(state(version=2, Age="30"), 1)
    # A writer that read version 1 lost the race: its write must not overwrite version 2.
    assert not store.save(state(version=2, Age="99"), 1)
    assert store.load("s1").profile.values["Age"] == "30"


def test_one_sessions_values_never_appear_in_another(make_store):
    store = make_store()
    store.save(state("alice", Age="31"), 0)
    store.save(state("bob", Gender="Male"), 0)
    assert store.load("bob").profile.values == {"Gender": "Male"}


def test_sqlite_store_is_shared_by_two_handles_of_one_file(tmp_path):
    a = SQLiteStore(tmp_path / "s.db")
    b = SQLiteStore(tmp_path / "s.db")
    a.save(state(Age="40"), 0)
    assert b.load("s1").profile.values == {"Age": "40"}


def test_concurrent_compare_and_swap_loses_no_update(tmp_path):
    store = SQLiteStore(tmp_path / "s.db")
    store.save(SessionState(session_id="s", version=1), 0)

    def add(attribute):
        for _ in range(50):
            current = store.load("s")
            updated = current.model_copy(deep=True)
            updated.profile.values[attribute] = "x"
            updated.version += 1
            if store.save(updated, current.version):
                return

    threads = [threading.Thread(target=add, args=(a,)) for a in ("Age", "Gender", "Profession", "Health Status")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert set(store.load("s").profile.values) == {"Age", "Gender", "Profession", "Health Status"}


def test_state_repr_never_shows_values():
    s = state(**{"Mental Health Status": "severe depression"})
    assert "severe depression" not in repr(s)
    assert "severe depression" not in str(s.profile)


def test_session_ids_lists_live_sessions_only(make_store):
    clock = Clock()
    store = make_store(ttl=60, clock=clock)
    store.save(state("old"), 0)
    clock.now += 30
    store.save(state("new"), 0)
    clock.now += 31
    assert store.session_ids() == ["new"]


class SlowStore(MemoryStore):
    """A plugin store without timeouts of its own, whose backend hangs."""

    native_timeouts = False

    def __init__(self, delay):
        super().__init__()
        self.delay = delay

    def load(self, session_id):
        time.sleep(self.delay)
        return super().load(session_id)


def test_a_hanging_store_gets_a_deadline():
    store = bounded(SlowStore(delay=2.0), timeout_seconds=0.2)
    assert isinstance(store, BoundedStore)
    started = time.monotonic()
    with pytest.raises(StoreUnavailable, match="within 0.2 s"):
        store.load("s1")
    assert time.monotonic() - started < 1.0
    assert store.save(state(), 0)  # calls that answer in time go through
    store.close()


def test_stores_with_their_own_timeouts_are_not_wrapped(tmp_path):
    sqlite = SQLiteStore(tmp_path / "s.db")
    assert bounded(sqlite, 1.0) is sqlite


def test_a_conflicting_write_is_merged_not_lost(make_store):
    store = make_store()
    store.save(state(version=1), 0)
    theirs = state(version=2, Age="45")  # another request of the session wrote first
    store.save(theirs, 1)
    mine = state(version=1, Gender="woman")
    mine.original_request, mine.answered = "Should I move?", True
    assert save_merged(store, mine) == "merged"
    saved = store.load("s1")
    assert saved.profile.values == {"Age": "45", "Gender": "woman"}  # both answers kept
    assert saved.answered and saved.original_request == "Should I move?"  # this request's episode


def test_a_lone_surrogate_never_fails_a_write_nor_leaves_a_transaction_open(tmp_path):
    first = SQLiteStore(tmp_path / "sessions.db")
    assert first.save(state(**{"Emotional State": "hopeless \ud800"}), expected_version=0)
    assert first.load("s1").profile.values == {"Emotional State": "hopeless \ufffd"}
    # Another writer (another connection, as another thread or process has) is not kept waiting.
    other = SQLiteStore(tmp_path / "sessions.db", timeout_seconds=0.2)
    assert other.save(state("s2", Age="45"), expected_version=0)


def test_a_session_id_with_a_lone_surrogate_is_stored_and_found_again(make_store):
    store = make_store()
    assert store.save(state("user-\udc80", Age="45"), expected_version=0)
    loaded = store.load("user-\udc80")
    loaded.profile.values["Gender"] = "female"
    assert save_merged(store, loaded) == "saved"  # the loaded state's id finds the same session again
    assert store.load("user-\udc80").profile.values == {"Age": "45", "Gender": "female"}
    assert store.forget("user-\udc80")


def test_forget_leaves_no_copy_of_the_values_on_disk(tmp_path):
    store = SQLiteStore(tmp_path / "sessions.db")
    for version in range(3):  # several writes: each leaves a copy of the page in the WAL
        assert store.save(state(version=version + 1, **{"Emotional State": "hopeless-1234"}), expected_version=version)
    assert store.forget("s1")
    on_disk = b"".join(path.read_bytes() for path in tmp_path.glob("sessions.db*"))
    assert b"hopeless-1234" not in on_disk


def test_a_new_database_is_private_to_its_user(tmp_path):
    store = SQLiteStore(tmp_path / "private" / "sessions.db")
    assert store.save(state(Age="45"), expected_version=0)
    assert (tmp_path / "private").stat().st_mode & 0o777 == 0o700
    for path in (tmp_path / "private").glob("sessions.db*"):  # the -wal and -shm files too
        assert path.stat().st_mode & 0o777 == 0o600, path.name


def test_the_memory_store_evicts_the_least_recently_used_session_past_its_cap():
    store = MemoryStore(max_sessions=2)
    assert store.save(state("a"), 0) and store.save(state("b"), 0)
    assert store.load("a") is not None  # "a" is now the more recently used
    assert store.save(state("c"), 0)
    assert sorted(store.session_ids()) == ["a", "c"]


def test_the_memory_store_keeps_its_total_size_under_the_cap():
    store = MemoryStore(max_total_chars=50_000)
    for name in ("a", "b", "c", "d"):
        big = state(name)
        big.original_request = "x" * 20_000  # a long prompt: the state keeps all of it
        assert store.save(big, 0)
    assert sorted(store.session_ids()) == ["c", "d"]
    assert store.load("d").original_request == "x" * 20_000


def test_the_memory_store_url_sets_its_caps_and_refuses_unknown_options():
    from penguin_guard.config import GuardConfig
    from penguin_guard.guard import Guard
    from penguin_guard.session import MEMORY_MAX_SESSIONS

    assert Guard(GuardConfig(store="memory")).store.max_sessions == MEMORY_MAX_SESSIONS
    store = Guard(GuardConfig(store="memory://?max_sessions=10&max_total_chars=1000")).store
    assert (store.max_sessions, store.max_total_chars) == (10, 1000)
    with pytest.raises(ValueError, match="unknown option.*max_size"):
        Guard(GuardConfig(store="memory://?max_size=10"))
