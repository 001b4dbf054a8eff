"""Shared fixtures. Everything runs offline: LiteLLM's cost map is local, NeMo telemetry is off, and model
calls go to a loopback OpenAI-compatible server on 127.0.0.1."""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
os.environ.setdefault("NEMO_GUARDRAILS_NO_USAGE_STATS", "1")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
# Third-party entry-point plugins installed on a developer's machine must not change test results.
os.environ.setdefault("PENGUIN_GUARD_DISABLE_PLUGINS", "1")

sys.path.insert(0, str(Path(__file__).parent))

import pytest  # noqa: E402

from penguin_guard.testing import LoopbackLLM, ProxyProcess, start_proxy  # noqa: E402


@pytest.fixture(scope="session")
def loopback_server():
    server = LoopbackLLM().start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def litellm_proxy():
    """Factory: `proxy = litellm_proxy(config_path, env={...})`; every proxy it started stops with the module."""
    started: list[ProxyProcess] = []

    def start(config_path: str | Path, **kwargs) -> ProxyProcess:
        proxy = start_proxy(config_path, **kwargs)
        started.append(proxy)
        return proxy

    yield start
    for proxy in started:
        proxy.stop()


@pytest.fixture
def llm_server(loopback_server):
    """The loopback server, reset for this test: empty request log, echo responder."""
    loopback_server.reset()
    yield loopback_server
    loopback_server.reset()


@pytest.fixture
def upstream(llm_server):
    """LiteLLM keyword arguments that point a call at the loopback server."""
    return {"model": "openai/test", "api_base": llm_server.url, "api_key": "sk-test"}
