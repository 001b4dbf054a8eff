"""Building a plugin manager: the built-in stages, then entry-point plugins, then the caller's own.

Each Guard gets its own manager (no global registry), so two guards in one process can run different plugins.
Which entry-point plugins load (the test suite sets PENGUIN_GUARD_DISABLE_PLUGINS=1):
- PENGUIN_GUARD_PLUGINS=name1,name2: load only these entry points (an allowlist; empty loads none);
- PENGUIN_GUARD_DISABLE_PLUGINS=name1,name2: skip these; `1`, `true` or `all` skips every entry point.

The names a config can choose (`policy`, `detector`, the scheme of `store`) are registered through the
`penguin_register_*` hooks and checked once, when the Guard is built (`check_names`): an unknown name fails
there with the list of known ones, instead of falling back on every turn.
"""

from __future__ import annotations

import importlib
import logging
import os
from collections.abc import Iterable
from importlib.metadata import entry_points
from typing import TYPE_CHECKING

import pluggy

from penguin_guard import hookspecs
from penguin_guard.hookspecs import hookimpl

if TYPE_CHECKING:
    from penguin_guard.config import GuardConfig

log = logging.getLogger(__name__)

GROUP = "penguin_guard"
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
# The names each built-in stage answers for, registered only when that module loaded.
BUILTIN_NAMES: dict[str, dict[str, dict[str, str]]] = {
    "penguin_guard.detect": {"detectors": {
        "embedding": "offline MiniLM classifier and crisis patterns (default)",
        "patterns": "crisis patterns and keywords only, no model",
        "llm": "an LLM through LiteLLM (detector_model), falling back to embedding",
    }},
    "penguin_guard.policy": {"policies": {"priority": "the bundled per-domain attribute table"}},
    "penguin_guard.raise_policy.plugin": {"policies": {"raise": "RAISE: retrieved planned question paths (default)"}},
    "penguin_guard.session": {"stores": {
        "memory": "in-process dict (default)",
        "sqlite": "sqlite:///path/to/file.db",
    }},
    "penguin_guard.stores.redis_store": {"stores": {
        "redis": "redis://host:port/db",
        "rediss": "rediss://host:port/db (TLS)",
        "unix": "unix:///path/to/redis.sock",
    }},
}
KINDS: dict[str, str] = {  # kind -> its registration hook
    "policies": "penguin_register_policies",
    "detectors": "penguin_register_detectors",
    "stores": "penguin_register_stores",
}
ALL = frozenset({"1", "true", "yes", "all", "*"})


class UnknownPluginError(ValueError):
    """A config names a policy, detector or store scheme that no loaded plugin registers."""


class BuiltinNames:
    """Registers the names of the built-in stages that loaded (see BUILTIN_NAMES)."""

    def __init__(self, loaded: Iterable[str]):
        self.names = [BUILTIN_NAMES[m] for m in loaded if m in BUILTIN_NAMES]

    def _register(self, kind: str, register) -> None:
        for names in self.names:
            for name, description in names.get(kind, {}).items():
                register(name, description)

    @hookimpl
    def penguin_register_policies(self, register):
        self._register("policies", register)

    @hookimpl
    def penguin_register_detectors(self, register):
        self._register("detectors", register)

    @hookimpl
    def penguin_register_stores(self, register):
        self._register("stores", register)


def _names(value: str | None) -> set[str]:
    return {n.strip() for n in (value or "").split(",") if n.strip()}


def entrypoint_names(environ: dict[str, str] | None = None) -> list[str]:
    """The entry points of the `penguin_guard` group that the allow and disable lists let through."""
    env = os.environ if environ is None else environ
    disabled = _names(env.get("PENGUIN_GUARD_DISABLE_PLUGINS"))
    if {n.lower() for n in disabled} & ALL:
        return []
    names = sorted({ep.name for ep in entry_points(group=GROUP)})
    if "PENGUIN_GUARD_PLUGINS" in env:
        allowed = _names(env["PENGUIN_GUARD_PLUGINS"])
        names = [n for n in names if n in allowed]
    return [n for n in names if n not in disabled]


def make_plugin_manager(plugins: Iterable[object] = (), load_entrypoints: bool = True) -> pluggy.PluginManager:
    pm = pluggy.PluginManager(GROUP)
    pm.add_hookspecs(hookspecs)
    for name in DEFAULT_PLUGINS:
        pm.register(importlib.import_module(name), name)
    for name in OPTIONAL_PLUGINS:
        try:
            module = importlib.import_module(name)
        except ImportError:
            continue
        pm.register(module, name)
    pm.register(BuiltinNames(n for n in BUILTIN_NAMES if pm.has_plugin(n)), "penguin_guard.builtin_names")
    if load_entrypoints:
        loaded = [name for name in entrypoint_names() if pm.load_setuptools_entrypoints(GROUP, name)]
        if loaded:
            log.info("penguin-guard plugins loaded from entry points: %s", ", ".join(loaded))
    for plugin in plugins:
        pm.register(plugin)
    pm.check_pending()
    return pm


def registered_names(pm: pluggy.PluginManager, kind: str) -> dict[str, tuple[str, str]]:
    """{name: (plugin that registered it, description)} for one kind ("policies", "detectors", "stores")."""
    found: dict[str, tuple[str, str]] = {}
    for impl in getattr(pm.hook, KINDS[kind]).get_hookimpls():

        def register(name: str, description: str = "", _plugin: str = impl.plugin_name) -> None:
            found.setdefault(name, (_plugin, description))

        impl.function(register=register)
    return found


def store_scheme(url: str) -> str:
    """The registered name a store URL selects: its scheme ("sqlite:///x.db" -> "sqlite"), or the URL itself."""
    return url.split("://", 1)[0] if "://" in url else url


def check_names(pm: pluggy.PluginManager, config: GuardConfig, check_store: bool = True) -> None:
    """Fail now, with the known names, if the config names a policy, detector or store nobody registered."""
    chosen = {"policies": ("policy", config.policy), "detectors": ("detector", config.detector)}
    if check_store:
        chosen["stores"] = ("store", store_scheme(config.store))
    for kind, (setting, name) in chosen.items():
        known = registered_names(pm, kind)
        if name not in known:
            hint = " (the redis scheme needs the [redis] extra)" if kind == "stores" and name in ("redis", "rediss", "unix") else ""
            raise UnknownPluginError(f"unknown {setting} {name!r}{hint}: known {kind} are {', '.join(sorted(known))}")


def describe(pm: pluggy.PluginManager) -> list[dict]:
    """Every registered plugin with the hooks it implements and the names it registers, each with its
    description (`penguin-guard plugins`)."""
    versions = {id(plugin): (dist.project_name, dist.version) for plugin, dist in pm.list_plugin_distinfo()}
    names = {kind: registered_names(pm, kind) for kind in KINDS}
    rows = []
    for name, plugin in pm.list_name_plugin():
        if plugin is None or isinstance(plugin, BuiltinNames):  # blocked; its names are shown on their stages
            continue
        hooks = sorted(caller.name for caller in pm.get_hookcallers(plugin) or ())
        row: dict = {"name": name, "builtin": name in DEFAULT_PLUGINS + OPTIONAL_PLUGINS,
                     "hooks": [h for h in hooks if h not in KINDS.values()]}
        for kind in KINDS:
            mine = {n: description for n, (owner, description) in sorted(names[kind].items())
                    if owner == name or (isinstance(pm.get_plugin(owner), BuiltinNames)
                                         and n in BUILTIN_NAMES.get(name, {}).get(kind, {}))}
            if mine:
                row[kind] = mine
        if id(plugin) in versions:
            row["package"], row["version"] = versions[id(plugin)]
        rows.append(row)
    return rows


def hook_order(pm: pluggy.PluginManager) -> dict[str, list[str]]:
    """{hook: plugin names in call order}. For first-result hooks the first one that returns a value answers;
    built-ins are `trylast`, so they come last."""
    return {caller.name: [impl.plugin_name for impl in reversed(caller.get_hookimpls())]
            for caller in sorted(pm.hook.__dict__.values(), key=lambda c: c.name)
            if isinstance(caller, pluggy.HookCaller) and caller.get_hookimpls() and caller.name not in KINDS.values()}
