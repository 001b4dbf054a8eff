"""The literal pre-test in front of the extraction rules: it skips searches, never changes a result."""

import json
import re
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from penguin_guard import (
    attribute_lexicon,
    attribute_rules,
    clauses,
    conditions,
    extract,
    negations,
    reply_cues,
    rules_id_ms,
    rules_ru_tr_ar_ko,
)
from penguin_guard.regex_prefilter import Prefiltered, fold, prefiltered, required_literals

RULE_MODULES = (attribute_lexicon, attribute_rules, clauses, conditions, extract, negations, reply_cues, rules_id_ms,
                rules_ru_tr_ar_ko)
DATA = Path(__file__).parent / "data"


def rule_patterns() -> list[tuple[str, Prefiltered]]:
    """Every pattern the rule modules compile at import, alone or inside a tuple of (pattern, label) pairs."""
    found = []
    for module in RULE_MODULES:
        for name, value in vars(module).items():
            items = value if isinstance(value, tuple) else (value,)
            for index, item in enumerate(items):
                pattern = item[0] if isinstance(item, tuple) and item else item
                if isinstance(pattern, Prefiltered):
                    found.append((f"{module.__name__}.{name}[{index}]", pattern))
    return found


def test_required_literals_of_simple_patterns():
    assert required_literals(re.compile(r"t[12]d", re.I)) == [frozenset({"T1D", "T2D"})]
    # every set is necessary: a clause needs a verb and "myself"
    assert set(required_literals(re.compile(r"\b(?:cut|burned)\s+myself\b"))) == {frozenset({"CUT", "BURNED"}),
                                                                                  frozenset({"MYSELF"})}
    # one Latin letter is in nearly every clause: no pre-test; one CJK character is a good one
    assert required_literals(re.compile(r"i|am")) == []
    assert required_literals(re.compile(r"割|吞")) == [frozenset({"割", "吞"})]
    # optional parts, negated classes and lookarounds promise nothing
    assert required_literals(re.compile(r"(?:very )?sad")) == [frozenset({"SAD"})]
    assert required_literals(re.compile(r"a[^b]c")) == []
    assert required_literals(re.compile(r"(?<!not )(?=happy)\w+")) == []


def test_a_prefiltered_pattern_answers_like_the_plain_one():
    plain = re.compile(r"\b(?:my|our) (wife|husband)\b", re.I)
    pre = prefiltered(plain.pattern, plain.flags)
    for text in ("My WIFE and I", "our husband? no", "nothing here", "", "wife my"):
        found, expected = pre.search(text), plain.search(text)
        assert (found and found.span()) == (expected and expected.span())
        assert [m.span() for m in pre.finditer(text)] == [m.span() for m in plain.finditer(text)]
        assert pre.findall(text) == plain.findall(text)
        assert pre.sub("X", text) == plain.sub("X", text)
        assert pre.subn("X", text) == plain.subn("X", text)
        assert pre.split(text) == plain.split(text)
        assert bool(pre.match(text)) == bool(plain.match(text))
        assert bool(pre.fullmatch(text)) == bool(plain.fullmatch(text))
    assert pre.pattern == plain.pattern and pre.groups == plain.groups and pre.flags == plain.flags


def test_a_text_without_the_literals_is_not_searched():
    pre = prefiltered(r"\bdivorc\w+", re.I)
    assert not pre.could_match("we are fine")
    assert pre.could_match("the DIVORCE went through")



def test_a_pattern_needs_a_literal_of_each_of_its_sets_and_patterns_share_literals():
    cut_myself = prefiltered(r"\b(?:cut|burned)\s+myself\b", re.I)
    cut_alone = prefiltered(r"\bcut\b", re.I)  # "CUT" is in both patterns' sets
    assert not cut_myself.could_match("I cut the bread")  # a verb, but no "myself"
    assert not cut_myself.could_match("I told myself")  # "myself", but no verb
    assert cut_myself.could_match("I burned myself") and cut_alone.could_match("I cut the bread")

def test_a_clause_read_before_a_pattern_first_ran_is_read_again_for_it():
    # The rules look a clause's literals up once for all their patterns; a pattern whose pre-test is read later
    # (its first use) must not be answered from a lookup that did not know its words yet.
    clause = "my quokkapillar moved out last week"  # a word no rule names, so no earlier lookup knew it
    assert not prefiltered(r"\bdivorc\w+", re.I).could_match(clause)
    later = prefiltered(r"\bquokkapillar\b", re.I)
    assert later.could_match(clause) and later.search(clause)


@pytest.mark.parametrize("text,same_as", [
    ("DIYARBAKIR", "dıyarbakır"),  # dotless i: IGNORECASE matches it with i
    ("İSTANBUL", "istanbul"),  # dotted capital I lowers to "i" + a combining dot; `re` reads it as i
    ("ſad", "SAD"),  # long s
    ("ΟΔΟΣ", "οδος"),  # a final sigma is a sigma
    ("\u212a", "k"),  # the Kelvin sign
])
def test_fold_puts_together_what_ignorecase_matches(text, same_as):
    assert re.fullmatch(re.escape(same_as), text, re.I)
    assert fold(text) == fold(same_as)


def test_fold_agrees_with_ignorecase_for_every_character_the_rules_name():
    """For each character in a pre-test literal, every character `re` matches it with folds the same way."""
    everything = "".join(chr(code) for code in range(sys.maxunicode + 1) if not 0xD800 <= code <= 0xDFFF)
    named = {char for _name, pattern in rule_patterns() for literals in pattern.literal_sets
             for literal in literals for char in literal}
    assert len(named) > 50
    for char in sorted(named | set("ıſςΐᲀK")):
        for match in re.finditer(re.escape(char), everything, re.IGNORECASE):
            assert fold(match.group()) == fold(char), (char, match.group())


def _corpus() -> list[str]:
    """Replies of a retired blind extraction round (16 languages), whole and split into clauses as the rules read them."""
    path = DATA.parent.parent / "scripts" / "data" / "retired_blind_r22_extraction.jsonl"
    texts = [json.loads(line)["reply"] for line in path.read_text(encoding="utf-8").splitlines()]
    return [clause.text for text in texts for clause in clauses.split_clauses(text)] + texts


def test_every_rule_pattern_prefilter_is_sound_on_real_replies():
    """Where the pre-test says no, the plain pattern finds nothing, for every rule pattern on every clause."""
    patterns = rule_patterns()
    assert len(patterns) > 300
    assert sum(1 for _name, pattern in patterns if pattern.literal_sets) > 200  # most patterns have a pre-test
    skipped = 0
    for text in _corpus():
        for name, pattern in patterns:
            if not pattern.could_match(text):
                skipped += 1
                assert pattern.plain.search(text) is None, (name, text)
    assert skipped > 100_000


FRAGMENTS = st.sampled_from(["my ", "wife", "WIFE", "divorc", "ed", "ı", "İ", "ſ", "\u212a", "Σ", "割", " ", "t1d",
                             "cut", "myself", "burn", "ing", "ex-", "k", "s", "i"])
SOUNDNESS_PATTERNS = [re.compile(p, re.I) for p in (
    r"\b(?:my|our) (wife|husband)\b", r"\bdivorc\w+", r"\bt[12]d\b", r"(?:cut|burn(?:ing)?)\s+myself", r"割|吞",
    r"\bex-(?:wife|husband)", r"\bkids?\b", r"\bsis\b")]


@settings(max_examples=300, deadline=None)
@given(st.lists(FRAGMENTS, max_size=12).map("".join))
def test_prefiltered_never_misses_a_match(text):
    for plain in SOUNDNESS_PATTERNS:
        pre = Prefiltered(plain)
        found = pre.search(text)
        expected = plain.search(text)
        assert (found.span() if found else None) == (expected.span() if expected else None), (plain.pattern, text)


def test_prepare_reads_every_literal_set_ahead_of_use():
    from penguin_guard import regex_prefilter

    fresh = prefiltered(r"\bunemployed\b", re.I)
    assert fresh._literal_sets is None  # nothing read at compile time: imports stay fast
    regex_prefilter.prepare()
    assert fresh._literal_sets is not None and fresh.literal_sets == (frozenset({"UNEMPLOYED"}),)
