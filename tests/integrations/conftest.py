"""Fixtures for the host integrations: the real-proxy factory lives in proxy_process.py (reusable elsewhere)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from proxy_process import litellm_proxy  # noqa: E402,F401  (re-exported fixture)
