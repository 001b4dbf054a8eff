"""RedisStore: the same contract as the other stores, plus atomicity across processes and bounded waits."""

from __future__ import annotations

import multiprocessing
import threading
import time

import pytest

from penguin_guard import Guard, GuardConfig
from penguin_guard.models import SessionState
from penguin_guard.session import StoreUnavailable
from penguin_guard.stores.redis_store import RedisStore, split_prefix


def state(session_id="s1", version=1, **values):
    s = SessionState(session_id=session_id, version=version)
    s.profile.values.update(values)
    return s


def test_round_trip_forget_and_isolation(redis_url):
    store = RedisStore(redis_url)
    assert store.load("s1") is None
    assert store.save(state(Age="45"), 0)
    assert store.save(state("bob", Gender="Male"), 0)
    assert store.load("s1").profile.values == {"Age": "45"}
    assert store.load("bob").profile.values == {"Gender": "Male"}
    assert sorted(store.session_ids()) == ["bob", "s1"]
    assert store.forget("s1") is True
    assert store.load("s1") is None and store.forget("s1") is False


def test_a_stale_write_is_refused(redis_url):
    store = RedisStore(redis_url)
    assert store.save(state(version=1), 0)
    assert store.save(state(version=2, Age="30"), 1)
    assert not store.save(state(version=2, Age="99"), 1)
    assert not store.save(state(version=1), 0)  # a second "new session" write loses too
    assert store.load("s1").profile.values["Age"] == "30"


def test_sessions_expire_after_the_ttl(redis_url):
    store = RedisStore(redis_url, ttl_seconds=0.3)
    store.save(state(), 0)
    assert store.load("s1") is not None
    time.sleep(0.45)
    assert store.load("s1") is None
    assert store.save(state(), 0)  # an expired session starts again at version 0


def test_the_prefix_stays_out_of_the_redis_url():
    url, prefix = split_prefix("redis://h:6379/2?prefix=app1:&health_check_interval=10")
    assert (url, prefix) == ("redis://h:6379/2?health_check_interval=10", "app1:")
    assert split_prefix("redis://h:6379/0")[1] == "penguin_guard:session:"


def _add_attributes(url: str, attribute: str, rounds: int) -> None:
    store = RedisStore(url)
    for i in range(rounds):
        while True:
            current = store.load("shared")
            updated = current.model_copy(deep=True)
            updated.profile.values[f"{attribute}{i}"] = "x"
            updated.version += 1
            if store.save(updated, current.version):
                break


def test_two_processes_racing_on_one_session_lose_no_update(redis_url):
    RedisStore(redis_url).save(SessionState(session_id="shared", version=1), 0)
    ctx = multiprocessing.get_context("spawn")
    workers = [ctx.Process(target=_add_attributes, args=(redis_url, name, 25)) for name in ("a", "b")]
    for w in workers:
        w.start()
    for w in workers:
        w.join(60)
    final = RedisStore(redis_url).load("shared")
    assert len(final.profile.values) == 50
    assert final.version == 51


def test_an_unreachable_server_fails_fast_with_store_unavailable():
    # 192.0.2.1 (TEST-NET-1) never answers: the connect timeout bounds the wait.
    store = RedisStore("redis://192.0.2.1:6379/0", timeout_seconds=0.3)
    started = time.monotonic()
    with pytest.raises(StoreUnavailable):
        store.load("s1")
    assert time.monotonic() - started < 2


def test_the_guard_builds_it_from_the_store_url(redis_url):
    guard = Guard(GuardConfig(detector="patterns", policy="priority", store=redis_url))
    assert isinstance(guard.store, RedisStore)
    decision = guard.check([{"role": "user", "content": "Should I quit my job and move far away from everyone?"}],
                           session_id="u1")
    assert decision.action == "ask"
    assert guard.store.load("u1").pending_attribute == decision.attribute
    assert guard.forget("u1") is True


class RacingStore(RedisStore):
    """Holds every load until both racing requests have loaded, so both start from the same version."""

    def __init__(self, url, barrier):
        super().__init__(url)
        self.barrier = barrier

    def load(self, session_id):
        state = super().load(session_id)
        if self.barrier is not None:  # only the first load races; the merge re-reads freely
            self.barrier.wait(timeout=5)
            self.barrier = None
        return state


def test_two_guards_racing_on_one_session_keep_both_answers(redis_url):
    """Two processes (two guards, one Redis) answer the same question of one session at the same moment:
    the slower write merges into the faster one instead of overwriting it."""
    setup = Guard(GuardConfig(detector="patterns", policy="priority", store=redis_url))
    risky = [{"role": "user", "content": "Should I quit my job and move far away from everyone I know?"}]
    question = setup.check(risky, session_id="race").question
    barrier = threading.Barrier(2)
    guards = [Guard(GuardConfig(detector="patterns", policy="priority"), store=RacingStore(redis_url, barrier))
              for _ in range(2)]
    replies = ["pretty hopeless, and I'm 45", "anxious, I work as a nurse"]
    threads = [threading.Thread(target=g.check, args=([*risky, {"role": "assistant", "content": question},
                                                        {"role": "user", "content": r}],), kwargs={"session_id": "race"})
               for g, r in zip(guards, replies, strict=True)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(20)
    values = setup.store.load("race").profile.values
    assert {"Age", "Profession", "Emotional State"} <= set(values)
    assert sum(g.stats["store_conflicts"] for g in guards) == 1
