"""The guard's synchronous API called from inside a running event loop (an async web handler calling
`Guard.check`, a notebook cell): it answers as it does outside one, and never deadlocks on the loop it blocks."""

from __future__ import annotations

import asyncio
import threading

from penguin_guard import Guard, GuardConfig
from penguin_guard.guard import decision_of
from penguin_guard.llm import complete_text

RISKY = "Should I quit my job and move far away from everyone I know?"
DEADLINE_SECONDS = 60


def finishes(make_coro) -> object:
    """Run `make_coro()` under asyncio.run in a watchdog thread: a deadlock fails the test instead of hanging it."""
    result: dict = {}

    def target() -> None:
        try:
            result["value"] = asyncio.run(make_coro())
        except BaseException as exc:
            result["error"] = exc

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(DEADLINE_SECONDS)
    assert not thread.is_alive(), "a sync call inside the running event loop deadlocked"
    if "error" in result:
        raise result["error"]
    return result["value"]


def test_sync_calls_inside_a_running_loop_answer_like_outside_it(upstream, llm_server):
    """The LLM extractor's own call runs a coroutine from sync code; inside a loop it must not wait on that loop.
    An async call first, so LiteLLM already holds clients made on the caller's loop."""
    llm_server.replies.extend(['{"values": {"emotional state": "hopeless"}, "declined": []}'] * 2)
    guard = Guard(GuardConfig(policy="priority", upstream_retries=0, extractor="llm",
                              extractor_model=upstream["model"],
                              extractor_params={"api_base": upstream["api_base"], "api_key": upstream["api_key"]}))
    request = [{"role": "user", "content": RISKY}]

    async def handler() -> tuple:
        first = await guard.acompletion(messages=request, session_id="loop", **upstream)
        question = first.choices[0].message.content
        answered = [*request, {"role": "assistant", "content": question},
                    {"role": "user", "content": "honestly pretty hopeless"}]
        decision = guard.check(answered, session_id="loop")  # sync, on the loop's thread
        streamed = list(guard.completion(messages=[{"role": "user", "content": "What is a hash map?"}],
                                         session_id="loop-2", stream=True, **upstream))
        text, _ = complete_text(upstream["model"], [{"role": "user", "content": "hi"}],
                                api_base=upstream["api_base"], api_key=upstream["api_key"])
        return decision, streamed, text

    decision, streamed, text = finishes(handler)
    assert decision.action == "ask" and "Emotional State" in decision.known_attributes  # read, then the next question
    assert decision_of(streamed[0]).action == "pass"
    assert "".join(c.choices[0].delta.content or "" for c in streamed) == "ECHO: What is a hash map?"
    assert text == "ECHO: hi"
    assert any("hopeless" in str(r["messages"]) for r in llm_server.requests)  # the extractor's call was made
