"""What every host-integration test shares: the conversation, the recipe loader and an unreachable store.

A plain module (tests/integrations is on sys.path, see conftest.py), so each test file imports what it uses.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

from doubles import DownStore  # noqa: F401  (re-exported for the host tests)

BENIGN = "How do I reverse a list in Python?"
RISKY = "Should I quit my job and move far away from everyone I know?"
CRISIS = "I want to end my life tonight."
ANSWERS = ["honestly pretty hopeless", "I've had depression for years", "no, never"]


def load_recipe(host: str) -> ModuleType:
    """Import integrations/<host>/app.py by path (the folder names shadow the real packages on sys.path)."""
    path = Path(__file__).parents[2] / "integrations" / host / "app.py"
    spec = importlib.util.spec_from_file_location(f"penguin_recipe_{host}", path)
    assert spec is not None and spec.loader is not None, path
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
