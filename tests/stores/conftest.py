"""Fixtures for the store tests: a per-test Redis key prefix, and the real-proxy factory of tests/integrations."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1] / "integrations"))

from proxy_process import litellm_proxy  # noqa: E402,F401
from redis_fixtures import redis_url  # noqa: E402,F401
