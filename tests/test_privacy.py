"""Privacy: no attribute value (or request text) in any log output, at any level, from us or from LiteLLM;
`penguin-guard forget` works with every store."""

from __future__ import annotations

import io
import json
import logging

import pytest
from redis_fixtures import redis_url  # noqa: F401
from typer.testing import CliRunner

from penguin_guard import Guard, GuardConfig
from penguin_guard.cli import app
from penguin_guard.guard import decision_of
from penguin_guard.redact import REDACTED, THIRD_PARTY_LOGGERS, redact_text

RISKY = "Should I quit my job qqorig and move far away from everyone I know?"
# The self-harm answer is hedged, so the extractor keeps it as said: its marker must reach upstream, never a log.
ANSWERS = ["zyxhopeless and tired", "zyxdepression for years", "I think about it sometimes zyxmark but never did"]


@pytest.fixture
def all_logs():
    """Every record from every logger at DEBUG, as text (root handler plus LiteLLM's own, non-propagating ones)."""
    buffer = io.StringIO()
    handler = logging.StreamHandler(buffer)
    handler.setLevel(logging.DEBUG)
    handler.setFormatter(logging.Formatter("%(name)s %(levelname)s %(message)s"))
    names = ["", *THIRD_PARTY_LOGGERS, "penguin_guard"]
    saved = {}
    for name in names:
        logger = logging.getLogger(name)
        saved[name] = (logger.level, logger.propagate)
        logger.setLevel(logging.DEBUG)
    root = logging.getLogger()
    root.addHandler(handler)
    extra = [logging.getLogger(n) for n in THIRD_PARTY_LOGGERS if not logging.getLogger(n).propagate]
    for logger in extra:
        logger.addHandler(handler)
    yield buffer
    root.removeHandler(handler)
    for logger in extra:
        logger.removeHandler(handler)
    for name, (level, propagate) in saved.items():
        logging.getLogger(name).setLevel(level)
        logging.getLogger(name).propagate = propagate


def converse(guard, upstream, first, replies, session_id, **kwargs):
    """Answer every clarifying question; return (the conversation so far, the last response)."""
    messages = [{"role": "user", "content": first}]
    replies = list(replies)
    while True:
        response = guard.completion(messages=messages, session_id=session_id, **upstream, **kwargs)
        if decision_of(response).action != "ask" or not replies:
            return messages, response
        messages = [*messages, {"role": "assistant", "content": response.choices[0].message.content},
                    {"role": "user", "content": replies.pop(0)}]


async def test_a_multi_turn_run_logs_no_values_even_at_debug(upstream, llm_server, all_logs):
    guard = Guard(GuardConfig(detector="patterns", policy="priority", upstream_retries=1))
    conversation, response = converse(guard, upstream, RISKY, ANSWERS, session_id="priv1")
    assert decision_of(response).action == "enrich"
    assert "zyxmark" in json.dumps(llm_server.requests[-1])  # the values did go upstream
    # Streamed, async, stateless and failing calls log differently; run those too.
    chunks = list(guard.completion(messages=conversation, session_id=None, stream=True, **upstream))
    assert decision_of(chunks[0]).action == "enrich"
    stream = await guard.acompletion(messages=conversation, stream=True, **upstream)
    assert [c async for c in stream]
    await guard.acompletion(messages=[*conversation[:-1], {"role": "user", "content": "zyxdie, I want to end my life"}],
                            session_id="priv1", **upstream)
    llm_server.fail_next(1)
    converse(guard, upstream, RISKY, ANSWERS, session_id="priv3", num_retries=0)
    text = all_logs.getvalue()
    assert "penguin-guard decision" in text and "LiteLLM" in text  # the capture did see both sides
    assert REDACTED in text  # LiteLLM did log bodies, redacted
    for secret in ("zyx", "qqorig"):
        assert secret not in text


@pytest.mark.parametrize(
    ("raw", "leak"),
    [
        ("""{'role': 'user', 'content': 'I have zyx debt'}""", "zyx"),
        ('''{"messages": [{"role": "system", "content": "a \\"quoted\\" zyx\\nline"}]}''', "zyx"),
        ('''curl -d '{\\"messages\\": [{\\"content\\": \\"zyx secret\\"}]}' ''', "zyx"),
        ("""Message(content="it's zyx", role='assistant')""", "zyx"),
        ("""[{'type': 'text', 'text': 'zyx part'}]""", "zyx"),
    ],
)
def test_redaction_covers_the_shapes_bodies_are_logged_in(raw, leak):
    cleaned = redact_text(raw)
    assert leak not in cleaned and REDACTED in cleaned


def test_redaction_keeps_what_is_needed_to_debug():
    line = "litellm.completion(model='openai/test', temperature=0.2) -> status 503 after 1.2s"
    assert redact_text(line) == line


# ---- forget ------------------------------------------------------------------------------------------


def remember(url, session_id):
    guard = Guard(GuardConfig(detector="patterns", policy="priority", store=url))
    decision = guard.check([{"role": "user", "content": RISKY}], session_id=session_id)
    assert decision.action == "ask" and guard.store.load(session_id) is not None
    return guard


def forget_cli(url, session_id):
    result = CliRunner().invoke(app, ["forget", session_id, "--store", url])
    assert result.exit_code == 0, result.output
    return json.loads(result.output.strip().splitlines()[-1])


@pytest.mark.parametrize("kind", ["sqlite", "redis", "encrypted-redis"])
def test_forget_command_deletes_a_session_in_every_persistent_store(kind, tmp_path, request, monkeypatch):
    if kind == "sqlite":
        url = f"sqlite:///{tmp_path / 'sessions.db'}"
    else:
        url = request.getfixturevalue("redis_url")
    if kind.startswith("encrypted"):
        from cryptography.fernet import Fernet

        monkeypatch.setenv("PENGUIN_GUARD_ENCRYPTION_KEYS", Fernet.generate_key().decode())
    guard = remember(url, "to-forget")
    remember(url, "to-keep")
    assert forget_cli(url, "to-forget") == {"session": "to-forget", "forgotten": True}
    assert guard.store.load("to-forget") is None
    assert guard.store.load("to-keep") is not None
    assert forget_cli(url, "to-forget")["forgotten"] is False


def test_forget_command_with_the_memory_store_runs_and_reports_nothing_to_forget():
    assert forget_cli("memory", "anyone") == {"session": "anyone", "forgotten": False}


def test_forget_with_the_store_down_says_so_and_exits_non_zero():
    pytest.importorskip("redis")
    result = CliRunner().invoke(app, ["forget", "someone", "--store", "redis://192.0.2.1:6379/0"],
                                env={"PENGUIN_GUARD_STORE_TIMEOUT_SECONDS": "0.3"})
    assert result.exit_code == 1
    assert "could not forget 'someone'" in result.output and "Traceback" not in result.output
