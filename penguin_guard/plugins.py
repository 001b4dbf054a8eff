"""Building a plugin manager: the built-in stages, then entry-point plugins, then the caller's own.

Each Guard gets its own manager (no global registry), so two guards in one process can run different plugins.
Set PENGUIN_GUARD_DISABLE_PLUGINS=1 to skip entry-point plugins (the test suite does).
"""

from __future__ import annotations

import importlib
import logging
import os
from collections.abc import Iterable

import pluggy

from penguin_guard import hookspecs

log = logging.getLogger(__name__)

DEFAULT_PLUGINS: tuple[str, ...] = (
    "penguin_guard.detect",
    "penguin_guard.policy",
    "penguin_guard.extract",
    "penguin_guard.enrich",
    "penguin_guard.session",
)
# Optional built-ins: registered when importable (they may need extras or files another part ships).
OPTIONAL_PLUGINS: tuple[str, ...] = (
    "penguin_guard.raise_policy.plugin",
    "penguin_guard.stores.redis_store",
    "penguin_guard.stores.crypto",
)


def make_plugin_manager(plugins: Iterable[object] = (), load_entrypoints: bool = True) -> pluggy.PluginManager:
    pm = pluggy.PluginManager("penguin_guard")
    pm.add_hookspecs(hookspecs)
    for name in DEFAULT_PLUGINS:
        pm.register(importlib.import_module(name), name)
    for name in OPTIONAL_PLUGINS:
        try:
            module = importlib.import_module(name)
        except ImportError:
            continue
        pm.register(module, name)
    if load_entrypoints and not os.environ.get("PENGUIN_GUARD_DISABLE_PLUGINS"):
        loaded = pm.load_setuptools_entrypoints("penguin_guard")
        if loaded:
            log.info("loaded %d penguin_guard plugin(s) from entry points", loaded)
    for plugin in plugins:
        pm.register(plugin)
    pm.check_pending()
    return pm
