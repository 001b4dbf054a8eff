"""The sync and async paths are twins: same signatures, same replies, same upstream requests, same failures.

As simonw/llm checks its sync and async models against each other, every scenario here runs through
`Guard.completion` and `Guard.acompletion` (streamed and not) against the loopback server, and the two runs must
agree on the reply, the decision and what reached the provider.
"""

from __future__ import annotations

import asyncio
import inspect

import pytest

from penguin_guard import Guard, GuardConfig, reply, retry
from penguin_guard.escalate import FIXED_CRISIS_REPLY
from penguin_guard.guard import SAFE_FALLBACK_REPLY, decision_of

BENIGN = "How do I reverse a list in Python?"
RISKY = "Should I quit my job and move far away from everyone I know?"
CRISIS = "I want to end my life tonight."
ENRICHED = [  # a conversation whose next upstream call is enriched (the guard replays its own questions)
    {"role": "user", "content": RISKY},
]

TWINS = [
    (Guard.check, Guard.acheck),
    (Guard.prepare, Guard.aprepare),
    (Guard.completion, Guard.acompletion),
    (Guard.complete, Guard.acomplete),
    (retry.call, retry.acall),
    (reply.answer, reply.aanswer),
]


@pytest.mark.parametrize(("sync", "async_"), TWINS, ids=[s.__qualname__ for s, _ in TWINS])
def test_every_sync_function_has_an_async_twin_with_the_same_signature(sync, async_):
    assert inspect.iscoroutinefunction(async_) and not inspect.iscoroutinefunction(sync)
    assert list(inspect.signature(sync).parameters) == list(inspect.signature(async_).parameters)


def _text(result, stream: bool) -> tuple[str, str]:
    """(text, action) of a response or a list of chunks."""
    if stream:
        return "".join(c.choices[0].delta.content or "" for c in result), decision_of(result[0]).action
    return result.choices[0].message.content, decision_of(result).action


def run_both(guard, upstream, llm_server, messages, stream, before=lambda: None):
    """The same call, sync then async; each run sees the same server script (`before`) and a fresh log."""
    runs = []
    for mode in ("sync", "async"):
        llm_server.reset()
        before()
        if mode == "sync":
            result = guard.completion(messages=messages, stream=stream, num_retries=0, **upstream)
            result = list(result) if stream else result
        else:
            async def call():
                result = await guard.acompletion(messages=messages, stream=stream, num_retries=0, **upstream)
                return [c async for c in result] if stream else result

            result = asyncio.run(call())
        runs.append((_text(result, stream), [r["messages"] for r in llm_server.requests]))
    return runs


def enriched_conversation(guard) -> list[dict]:
    messages = list(ENRICHED)
    for answer in ["honestly pretty hopeless", "I've had depression for years", "no, never"]:
        decision = guard.check(messages)
        if decision.action != "ask":
            break
        messages += [{"role": "assistant", "content": decision.question}, {"role": "user", "content": answer}]
    assert guard.check(messages).action == "enrich"
    return messages


@pytest.fixture
def guard():
    return Guard(GuardConfig(detector="patterns", policy="priority", upstream_retries=1))


@pytest.mark.parametrize("stream", [False, True], ids=["whole", "streamed"])
@pytest.mark.parametrize("scenario", ["pass", "ask", "enrich", "escalate", "enrich-down", "escalate-down",
                                      "enrich-one-blip", "pass-one-blip"])
def test_sync_and_async_agree(guard, upstream, llm_server, scenario, stream):
    action, _, condition = scenario.partition("-")
    messages = {"pass": [{"role": "user", "content": BENIGN}], "ask": [{"role": "user", "content": RISKY}],
                "escalate": [{"role": "user", "content": CRISIS}]}.get(action) or enriched_conversation(guard)
    before = {"down": lambda: llm_server.fail_next(10), "one": lambda: llm_server.fail_next(1)}.get(condition, lambda: None)
    sync_run, async_run = run_both(guard, upstream, llm_server, messages, stream, before)
    assert sync_run == async_run
    (text, decided), requests = sync_run
    assert decided == action
    if condition == "down":  # every attempt failed: the fixed reply, after the first try and one retry
        assert (FIXED_CRISIS_REPLY if action == "escalate" else SAFE_FALLBACK_REPLY) in text and len(requests) == 2
    elif action == "ask":
        assert requests == [] and "?" in text
    else:  # answered by the model, after one retry when the first attempt failed
        assert text.endswith("ECHO: " + messages[-1]["content"] if action != "enrich" else f"ECHO: {RISKY}")
        assert len(requests) == (2 if condition == "one" else 1)


@pytest.mark.parametrize("stream", [False, True], ids=["whole", "streamed"])
def test_a_hung_upstream_times_out_the_same_way_streamed_or_not(upstream, llm_server, stream):
    """Streamed calls carry the guard's timeout too (they used to wait for the provider however long it took)."""
    guard = Guard(GuardConfig(detector="patterns", policy="priority", upstream_retries=0, upstream_timeout_seconds=0.3))
    sync_run, async_run = run_both(guard, upstream, llm_server, [{"role": "user", "content": CRISIS}], stream,
                                   before=lambda: setattr(llm_server, "delay_seconds", 2.0))
    assert sync_run == async_run
    (text, action), _ = sync_run
    assert action == "escalate" and text.endswith(FIXED_CRISIS_REPLY)
