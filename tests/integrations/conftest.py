"""Fixtures for the host integrations: the real-proxy factory `litellm_proxy` is in tests/conftest.py (over
penguin_guard.testing.start_proxy), shared constants and helpers in host_helpers.py and langchain_fakes.py."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import pytest  # noqa: E402

from penguin_guard import Guard, GuardConfig  # noqa: E402


@pytest.fixture
def guard() -> Guard:
    """The adapters do not depend on the policy or detector: the priority table and the pattern detector keep
    these tests fast and deterministic."""
    return Guard(GuardConfig(detector="patterns", policy="priority", upstream_retries=0))
