"""The crisis rules are data (penguin_guard/crisis/rules/<lang>.yaml): every rule's examples are run here.

`match` examples must be reported as that very rule (so each example exercises the rule it documents);
`no_match` look-alikes must not be a crisis at all.
"""

from __future__ import annotations

from collections import Counter
from importlib import resources

import pytest
import yaml

from penguin_guard.crisis import CRISIS_KINDS, engine, find_crisis
from penguin_guard.crisis.engine import RuleFileError, load_specs

SPECS = load_specs()
MATCH = [pytest.param(spec, text, id=f"{spec.name}-{i}") for spec in SPECS for i, text in enumerate(spec.match)]
NO_MATCH = [pytest.param(spec, text, id=f"{spec.name}-{i}") for spec in SPECS for i, text in enumerate(spec.no_match)]


@pytest.mark.parametrize(("spec", "text"), MATCH)
def test_match_example_fires_its_rule(spec, text):
    match = find_crisis(text)
    assert match is not None, f"{spec.name} example not detected: {text!r}"
    assert (match.kind, match.lang, match.pattern) == (spec.kind, spec.lang, spec.name), text


@pytest.mark.parametrize(("spec", "text"), NO_MATCH)
def test_no_match_example_is_not_a_crisis(spec, text):
    assert find_crisis(text) is None, f"look-alike of {spec.name} detected as {find_crisis(text)}: {text!r}"


def test_every_rule_has_a_match_example():
    assert [spec.name for spec in SPECS if not spec.match] == []


def test_rule_names_are_unique_across_files():
    # Read the files directly, not through the loader (which also refuses duplicates).
    names = []
    for entry in resources.files("penguin_guard.crisis").joinpath("rules").iterdir():
        if entry.name.endswith(".yaml"):
            names += [rule["name"] for rule in yaml.safe_load(entry.read_text(encoding="utf-8"))["rules"]]
    assert [name for name, count in Counter(names).items() if count > 1] == []
    assert sorted(names) == sorted(spec.name for spec in SPECS)


def test_rule_files_have_no_silent_whitespace_or_comment_traps():
    # YAML drops trailing spaces of an unquoted fragment and cuts it at " #": both would change a regex silently.
    for entry in resources.files("penguin_guard.crisis").joinpath("rules").iterdir():
        if entry.name.endswith(".yaml"):
            for number, line in enumerate(entry.read_text(encoding="utf-8").splitlines(), 1):
                assert line == line.rstrip(), f"{entry.name}:{number}: trailing whitespace"
                code = line.lstrip()
                assert code.startswith("#") or " #" not in code, f"{entry.name}:{number}: ' #' outside a comment"


def test_every_rule_is_compiled_with_its_file_language():
    assert [rule.name for rule in engine._RULES] == [spec.name for spec in SPECS]
    assert all(spec.kind in CRISIS_KINDS and spec.name.startswith(spec.lang + ".") for spec in SPECS)
    assert all("<<" not in spec.pattern and "<<" not in (spec.requires or "") for spec in SPECS)


def test_building_blocks_are_substituted_and_unknown_ones_refused():
    defs = {"ME": "(?:me|myself)", "WANT": "(?:want to) <<ME>>"}
    assert engine._expand(r"\bi <<WANT>>{0,2}", defs, "t") == r"\bi (?:want to) (?:me|myself){0,2}"
    with pytest.raises(RuleFileError, match="unknown building block <<NOPE>>"):
        engine._expand("<<NOPE>>", defs, "t")
    with pytest.raises(RuleFileError, match="refers to itself"):
        engine._expand("<<A>>", {"A": "x<<B>>", "B": "<<A>>"}, "t")
    with pytest.raises(RuleFileError, match="not a building block"):
        engine._expand("(?:<<СЛОВО>>)", {"СЛОВО": "x"}, "t")  # names are ASCII
