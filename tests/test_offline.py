"""Offline first call: the CLI and every adapter keep LiteLLM's price map local unless the user chose.

Without LITELLM_LOCAL_MODEL_COST_MAP, importing litellm fetches the map from GitHub (with retries), which took
7.9 s on a machine with no network. Each case runs in a fresh interpreter, since LiteLLM reads it on import.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

PROBE = """
import json, os, importlib
importlib.import_module({module!r})
import litellm
from litellm.litellm_core_utils.get_model_cost_map import _cost_map_source_info as info
print(json.dumps({{"env": os.environ.get("LITELLM_LOCAL_MODEL_COST_MAP"), "url": info.url}}))
"""

MODULES = ["penguin_guard.cli", "penguin_guard.integrations.litellm", "penguin_guard.integrations.langchain",
           "penguin_guard.integrations.langgraph", "penguin_guard.integrations.common"]


def probe(module: str, **env: str) -> dict:
    clean = {k: v for k, v in os.environ.items() if k != "LITELLM_LOCAL_MODEL_COST_MAP"}
    done = subprocess.run([sys.executable, "-c", PROBE.format(module=module)], env={**clean, **env},
                          capture_output=True, text=True, timeout=120, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.slow
@pytest.mark.parametrize("module", MODULES)
def test_importing_the_cli_or_an_adapter_keeps_litellm_offline(module):
    assert probe(module) == {"env": "True", "url": None}  # the bundled map, no fetch attempted


@pytest.mark.slow
def test_a_choice_the_user_made_is_kept():
    assert probe("penguin_guard.integrations.common", LITELLM_LOCAL_MODEL_COST_MAP="False")["env"] == "False"
