"""Two LiteLLM proxy processes sharing one Redis: a conversation that alternates between them goes exactly as
it does on one proxy. (Store outages through the proxy hook, 503 when fail-closed: tests/integrations.)"""

from __future__ import annotations

import uuid

import pytest

openai = pytest.importorskip("openai")

from penguin_guard.resources_path import recipes_folder  # noqa: E402

pytestmark = pytest.mark.slow

RISKY = "Should I quit my job and move far away from everyone I know?"
ANSWERS = ["honestly pretty hopeless", "I've had depression for years", "no, never"]


def guard_env(loopback_server, store: str, **extra: str) -> dict[str, str]:
    return {
        "PENGUIN_UPSTREAM_MODEL": "openai/test",
        "PENGUIN_UPSTREAM_API_BASE": loopback_server.url,
        "PENGUIN_UPSTREAM_API_KEY": "sk-test",
        "PENGUIN_GUARD_DETECTOR": "patterns",
        "PENGUIN_GUARD_POLICY": "priority",
        "PENGUIN_GUARD_UPSTREAM_RETRIES": "0",
        "PENGUIN_GUARD_STORE": store,
        **extra,
    }


@pytest.fixture(scope="module")
def shared_redis_url():
    from redis_fixtures import REDIS_URL

    redis = pytest.importorskip("redis")
    prefix = f"pgtest:two-proxies:{uuid.uuid4().hex[:8]}:"
    yield f"{REDIS_URL}?prefix={prefix}"
    client = redis.Redis.from_url(REDIS_URL)
    for key in client.scan_iter(match=prefix + "*"):
        client.delete(key)


@pytest.fixture(scope="module")
def proxies(litellm_proxy, loopback_server, shared_redis_url):
    config = recipes_folder() / "litellm" / "config.yaml"
    env = guard_env(loopback_server, shared_redis_url)
    # The first one logs at LiteLLM's most verbose level: its log must still hold no user text.
    return litellm_proxy(config, env=env, extra_args=("--detailed_debug",)), litellm_proxy(config, env=env)


def client(proxy):
    return openai.OpenAI(base_url=proxy.base_url, api_key=proxy.master_key, max_retries=0)


def run_conversation(clients, session_id, llm_server):
    """Turn i goes to clients[i % len(clients)]; returns every reply and what reached the upstream."""
    messages, answers, replies = [{"role": "user", "content": RISKY}], list(ANSWERS), []
    start = len(llm_server.requests)
    for turn in range(6):
        response = clients[turn % len(clients)].chat.completions.create(
            model="assistant", messages=messages, extra_headers={"x-penguin-session-id": session_id})
        reply = response.choices[0].message.content
        replies.append(reply)
        if len(llm_server.requests) > start or not answers:
            break
        messages = [*messages, {"role": "assistant", "content": reply}, {"role": "user", "content": answers.pop(0)}]
    return replies, llm_server.requests[start:]


def test_a_conversation_alternating_between_two_proxies_goes_as_on_one(proxies, llm_server):
    a, b = client(proxies[0]), client(proxies[1])
    single_replies, single_upstream = run_conversation([a], "one-proxy", llm_server)
    split_replies, split_upstream = run_conversation([a, b], "two-proxies", llm_server)
    assert len(single_replies) >= 3  # questions were asked, then the upstream answered
    assert split_replies == single_replies
    assert [r["messages"] for r in split_upstream] == [r["messages"] for r in single_upstream]
    assert "hopeless" in split_upstream[-1]["messages"][0]["content"]  # answers given to B reached A's enrichment
    # What the user told proxy A is known to proxy B on the next request of the same session.
    again = b.chat.completions.create(model="assistant", messages=[{"role": "user", "content": RISKY}],
                                      extra_headers={"x-penguin-session-id": "two-proxies"})
    assert again.choices[0].message.content != single_replies[0]


def test_a_proxy_at_detailed_debug_logs_no_answers(proxies, llm_server):
    a = client(proxies[0])
    run_conversation([a], "debug-log", llm_server)
    assert "hopeless" in llm_server.requests[-1]["messages"][0]["content"]  # the answers did go upstream
    log = proxies[0].log_path.read_text(errors="replace")
    assert "[redacted]" in log  # LiteLLM logged the bodies, with the texts taken out
    for answer in ANSWERS:
        assert answer not in log
    assert "move far away" not in log

