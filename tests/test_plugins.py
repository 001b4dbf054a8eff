"""Extension points: a plugin registered with the guard takes over a stage."""

import sys

import pytest

from penguin_guard import Answer, Guard, GuardConfig, RiskAssessment, UnknownPluginError, hookimpl
from penguin_guard.plugins import describe, entrypoint_names, hook_order, make_plugin_manager
from penguin_guard.session import MemoryStore


class AlwaysFinancial:
    """A plugin that treats every prompt mentioning 'budget' as high-risk financial."""

    @hookimpl
    def penguin_assess_risk(self, text):
        if "budget" in text.lower():
            return RiskAssessment(level="high", domain="financial", score=0.99, reason="custom rule", detector="plugin")
        return None


class FriendlierQuestions:
    @hookimpl
    def penguin_render_question(self, attribute):
        return f"Mind telling me about your {attribute.lower()}? (optional)"


class NeverAsk:
    @hookimpl
    def penguin_next_step(self, risk):
        return Answer(reason="this deployment never asks")


class Recorder:
    def __init__(self):
        self.seen = []

    @hookimpl
    def penguin_on_decision(self, decision):
        self.seen.append(decision.action)


def test_a_custom_detector_and_question_renderer_take_effect():
    recorder = Recorder()
    guard = Guard(GuardConfig(), plugins=[AlwaysFinancial(), FriendlierQuestions(), recorder])
    decision = guard.check([{"role": "user", "content": "What's a good weekly budget?"}], session_id="p1")
    assert decision.risk.detector == "plugin"
    assert decision.question == "Mind telling me about your emotional state? (optional)"
    assert recorder.seen == ["ask"]


def test_a_custom_policy_replaces_the_default():
    guard = Guard(GuardConfig(), plugins=[AlwaysFinancial(), NeverAsk()])
    decision = guard.check([{"role": "user", "content": "help with my budget"}], session_id="p2")
    assert decision.action == "enrich" and decision.reason == "this deployment never asks"


def test_guards_do_not_share_plugins():
    Guard(GuardConfig(), plugins=[AlwaysFinancial()])
    plain = Guard(GuardConfig())
    assert plain.check([{"role": "user", "content": "what is a budget in C++ template metaprogramming"}], session_id="p3").risk.detector != "plugin"


# ---- names: a config names a policy, detector or store, and an unknown name stops the Guard from starting ----


class GentlePolicy:
    """A named policy: registered as "gentle", acts only when the config selects it."""

    @hookimpl
    def penguin_register_policies(self, register):
        register("gentle", "never more than one question")

    @hookimpl
    def penguin_next_step(self, config):
        return Answer(reason="gentle: answered at once") if config.policy == "gentle" else None


@pytest.mark.parametrize(
    ("setting", "message"),
    [
        ({"policy": "gentel"}, "unknown policy 'gentel': known policies are priority, raise"),
        ({"detector": "regex"}, "unknown detector 'regex': known detectors are embedding, llm, patterns"),
        ({"store": "postgres://db/sessions"}, "unknown store 'postgres': known stores are memory,"),
    ],
)
def test_an_unknown_name_fails_when_the_guard_is_built_and_lists_the_known_ones(setting, message):
    with pytest.raises(UnknownPluginError) as caught:
        Guard(GuardConfig(**setting))
    assert str(caught.value).startswith(message)


def test_a_plugin_registers_a_policy_name_and_the_config_selects_it():
    guard = Guard(GuardConfig(policy="gentle"), plugins=[AlwaysFinancial(), GentlePolicy()])
    decision = guard.check([{"role": "user", "content": "help with my budget"}], session_id="n1")
    assert decision.action == "enrich" and decision.reason == "gentle: answered at once"
    # Registered but not selected: the default policy asks as usual.
    other = Guard(GuardConfig(policy="priority"), plugins=[AlwaysFinancial(), GentlePolicy()])
    assert other.check([{"role": "user", "content": "help with my budget"}], session_id="n2").action == "ask"


def test_a_store_object_passed_in_skips_the_store_name_check():
    guard = Guard(GuardConfig(store="postgres://db/sessions"), store=MemoryStore())
    assert guard.check([{"role": "user", "content": "hello"}], session_id="n3").action == "pass"


def test_the_built_in_names_are_listed_with_their_stages():
    rows = {row["name"]: row for row in describe(make_plugin_manager(load_entrypoints=False))}
    assert rows["penguin_guard.policy"]["policies"] == {"priority": "the bundled per-domain attribute table"}
    assert list(rows["penguin_guard.raise_policy.plugin"]["policies"]) == ["raise"]
    detect = rows["penguin_guard.detect"]
    assert (detect["builtin"], detect["hooks"]) == (True, ["penguin_assess_risk"])
    assert list(detect["detectors"]) == ["embedding", "llm", "patterns"]
    assert set(rows["penguin_guard.session"]["stores"]) == {"memory", "sqlite"}
    # A plugin's own names are listed on its row, with the description it gave.
    gentle = describe(make_plugin_manager([GentlePolicy()], load_entrypoints=False))[-1]
    assert gentle["policies"] == {"gentle": "never more than one question"}


def test_hook_order_puts_a_third_party_stage_before_the_trylast_built_in():
    order = hook_order(make_plugin_manager([NeverAsk()], load_entrypoints=False))
    assert order["penguin_next_step"][-2:] == ["penguin_guard.policy", "penguin_guard.raise_policy.plugin"]
    assert len(order["penguin_next_step"]) == 3 and not order["penguin_next_step"][0].startswith("penguin_guard")


# ---- entry points: an installed package's plugin, and the allow and disable lists ----------------------------


@pytest.fixture
def installed_plugin(tmp_path, monkeypatch):
    """A real installed distribution on sys.path with a `penguin_guard` entry point named "shout"."""
    (tmp_path / "shout_plugin.py").write_text(
        "from penguin_guard import hookimpl\n\n"
        "@hookimpl\n"
        "def penguin_render_question(attribute):\n"
        "    return f'WHAT IS YOUR {attribute.upper()}?'\n"
    )
    dist = tmp_path / "shout_plugin-1.2.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: shout-plugin\nVersion: 1.2.0\n")
    (dist / "entry_points.txt").write_text("[penguin_guard]\nshout = shout_plugin\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delenv("PENGUIN_GUARD_DISABLE_PLUGINS", raising=False)
    monkeypatch.delenv("PENGUIN_GUARD_PLUGINS", raising=False)
    yield "shout"
    sys.modules.pop("shout_plugin", None)


def test_an_installed_entry_point_plugin_loads_and_is_listed_with_its_package(installed_plugin):
    rows = {row["name"]: row for row in describe(make_plugin_manager())}
    assert rows["shout"] == {"name": "shout", "builtin": False, "hooks": ["penguin_render_question"],
                             "package": "shout-plugin", "version": "1.2.0"}
    guard = Guard(GuardConfig(policy="priority"))
    decision = guard.check([{"role": "user", "content": "Should I quit my job and move far away from everyone?"}],
                           session_id="e1")
    assert decision.question == f"WHAT IS YOUR {decision.attribute.upper()}?"


def test_the_allow_and_disable_lists_choose_the_entry_points(installed_plugin, monkeypatch):
    assert installed_plugin in entrypoint_names({})
    assert entrypoint_names({"PENGUIN_GUARD_PLUGINS": "shout,other"}) == ["shout"]
    assert entrypoint_names({"PENGUIN_GUARD_PLUGINS": ""}) == []
    assert entrypoint_names({"PENGUIN_GUARD_DISABLE_PLUGINS": "shout"}) == []
    assert entrypoint_names({"PENGUIN_GUARD_DISABLE_PLUGINS": "1"}) == []
    monkeypatch.setenv("PENGUIN_GUARD_PLUGINS", "something-else")
    assert "shout" not in {row["name"] for row in describe(make_plugin_manager())}
