"""A cheap first test before a regular expression: literal strings at least one of which every match contains.

The offline extraction rules run about two hundred searches per clause, and most of their patterns are long
alternations ("nurse|teacher|driver|..."), which Python's `re` tries one by one at every position of the clause.
On a real post that cost ~0.8 ms per clause. A pattern that can only match where "nurse", "teacher" or "driver"
occurs cannot match a clause that holds none of them, and looking for a few words in a short string is far cheaper
than the search (on the 270 public posts the rules took about a quarter less time; benchmarks/RESULTS.md). The
words of every pattern are looked up in a clause once (`_passing`), which yields the patterns that can match it: a
pattern's pre-test is then one set membership.

`required_literals` reads the literals off the pattern's parse tree (the same tree `re` compiles), so they never
drift from the pattern; when it cannot be sure, it names none and the pattern always runs. `fold` mirrors how
`re.IGNORECASE` compares characters, so the test is exact for case-insensitive patterns too: a `Prefiltered`
pattern returns what the plain pattern returns, on every text (tests/test_regex_prefilter.py checks both).
"""

from __future__ import annotations

import importlib
import re
import threading
import weakref
from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import Any, NamedTuple

try:  # the parser `re` itself uses (public as sre_parse before 3.11, which is deprecated since)
    _sre: Any = importlib.import_module("re._constants")
    _sre_parse: Any = importlib.import_module("re._parser")
except ImportError:  # pragma: no cover - a Python whose `re` is laid out differently: every pattern just runs
    _sre = _sre_parse = None


class _Representatives(dict[int, str]):
    """Code point -> a string standing for every character `re.IGNORECASE` matches it with.

    `re` matches two characters when their (simple) lowercase forms are equal or share one uppercase form ("ı"
    and "i", "ſ" and "s", "ς" and "σ", "ΐ" and "ΐ"), so the uppercase of the lowercase stands for them all. Filled
    as characters are met: a memo of Unicode facts, the same for every caller.
    """

    def __missing__(self, code: int) -> str:
        representative = chr(code).lower()[0].upper()  # [0]: "İ" lowers to "i" and a combining dot; `re` reads "i"
        self[code] = representative
        return representative


_REPRESENTATIVE = _Representatives()
# How many of a pattern's literal sets the pre-test checks (each is necessary on its own; the first usually decides).
MAX_SETS = 3
# A class of at most this many plain characters continues a literal run as alternatives, up to this many strings.
MAX_CLASS = 4
MAX_RUN_CHOICES = 16


@lru_cache(maxsize=256)
def fold(text: str) -> str:
    """`text` with every character replaced by a string standing for the characters IGNORECASE matches it with.

    Character by character, so a string found in a text, with or without IGNORECASE, is found in the folded text
    too. Cached: the rules fold the same clause for each of their patterns.
    """
    return text.upper() if text.isascii() else text.translate(_REPRESENTATIVE)


def _weak(literal: str) -> bool:
    """One Latin letter or less: in nearly every clause, so a set holding it tests nothing (one CJK character does)."""
    return literal.isascii() and len(literal.strip()) < 2


def _rank(literals: frozenset[str]) -> tuple[bool, int, int]:
    """Higher is more selective: no weak literal, then the longest shortest literal, then the fewest literals."""
    return (not any(map(_weak, literals)), min(map(len, literals)), -len(literals))


def _candidates(items: list[tuple[Any, Any]]) -> list[frozenset[str]]:
    """Literal sets a match of this sequence of parse items must each contain one of (every set is necessary)."""
    found: list[frozenset[str]] = []
    run: list[str] = [""]  # the strings a run of literals can be ("t[12]d": "t1d", "t2d")
    for op, arg in items:
        if op is _sre.LITERAL:
            run = [text + chr(arg) for text in run]
            continue
        choices = _small_class(arg) if op is _sre.IN else None
        if choices and len(run) * len(choices) <= MAX_RUN_CHOICES:
            run = [text + choice for text in run for choice in choices]
            continue
        if run != [""]:
            found.append(frozenset(fold(text) for text in run))
            run = [""]
        if op is _sre.SUBPATTERN:
            found.extend(_candidates(list(arg[-1])))
        elif op is _sre.BRANCH:
            branches = [_best(list(branch)) for branch in arg[1]]
            if all(branches):
                found.append(frozenset().union(*branches))  # type: ignore[arg-type]
        elif op in (_sre.MAX_REPEAT, _sre.MIN_REPEAT, _sre.POSSESSIVE_REPEAT):
            low, _high, body = arg
            if low >= 1:
                found.extend(_candidates(list(body)))
        elif op is _sre.ATOMIC_GROUP:
            found.extend(_candidates(list(arg)))
        # anything else (classes, anchors, lookarounds, back-references) requires no literal we can name
    if run != [""]:
        found.append(frozenset(fold(text) for text in run))
    return found


def _small_class(items: list[tuple[Any, Any]]) -> list[str] | None:
    """The characters of a class made of a few plain characters ("[12]", "[/-]"), or None."""
    if len(items) > MAX_CLASS or any(op is not _sre.LITERAL for op, _arg in items):
        return None
    return [chr(arg) for _op, arg in items]


def _best(items: list[tuple[Any, Any]]) -> frozenset[str] | None:
    return max(_candidates(items), key=_rank, default=None)


def required_literals(pattern: re.Pattern[str]) -> list[frozenset[str]]:
    """Sets of folded strings; every text the pattern can match holds one string of each. Most selective first.

    Empty when nothing useful can be said: the pattern then always runs.
    """
    if _sre_parse is None or not isinstance(pattern.pattern, str):
        return []
    try:
        sets = _candidates(list(_sre_parse.parse(pattern.pattern, pattern.flags)))
    except Exception:  # noqa: BLE001 - a parse tree this reader does not know: the pattern simply always runs
        return []
    useful = sorted({literals for literals in sets if not any(map(_weak, literals))}, key=_rank, reverse=True)
    return useful[:MAX_SETS]


# How many first characters of a literal the index files it under: the longer, the fewer literals a clause is
# tested for (four: a twentieth of the literal lookups of two on the 270 real posts, and a tenth less time for the
# rules than the per-pattern lookup before; benchmarks/RESULTS.md).
KEY_CHARS = 4


def _grams(folded: str) -> frozenset[str]:
    """Every run of 1 to KEY_CHARS characters of a folded text: the keys the literal index uses (read once per
    clause and index version, inside the cached `_passing`)."""
    return frozenset(folded[i:i + n] for n in range(1, KEY_CHARS + 1) for i in range(len(folded) - n + 1))


def _key(literal: str) -> str:
    """What a literal is indexed by: its first KEY_CHARS characters (all of it, when shorter)."""
    return literal[:KEY_CHARS]


class _LiteralIndex:
    """Every literal of every pattern whose pre-test has been read, by first characters, and which patterns' sets
    each literal satisfies, so that a clause is looked up once (`_passing`) rather than once for each of the ~240
    patterns the rules try on it: a pattern's pre-test is then one set membership.

    A memo of facts about the patterns, like `fold`'s: it only grows, and each growth is a new `version`, so a
    clause looked up before a pattern joined is looked up again for it. The table is replaced whole, never changed
    in place, so a reader in another thread sees one version or the next, both sound."""

    def __init__(self) -> None:
        self.table = _Table(0, frozenset(), {}, {}, {})
        self._lock = threading.Lock()

    def add(self, sets: tuple[frozenset[str], ...]) -> int:
        """Index one pattern's literal sets; its number, which `_passing` answers with."""
        with self._lock:
            old = self.table
            number = len(old.needed)
            by_key = dict(old.by_key)
            satisfies = dict(old.satisfies)
            for bit, literals in enumerate(sets):
                for literal in literals:
                    if literal not in satisfies:
                        by_key[_key(literal)] = (*by_key.get(_key(literal), ()), literal)
                    satisfies[literal] = (*satisfies.get(literal, ()), (number, 1 << bit))
            needed = {**old.needed, number: (1 << len(sets)) - 1}
            self.table = _Table(old.version + 1, frozenset(by_key), by_key, satisfies, needed)
            return number


class _Table(NamedTuple):
    version: int
    keys: frozenset[str]
    by_key: dict[str, tuple[str, ...]]  # first KEY_CHARS characters -> the literals filed under them
    satisfies: dict[str, tuple[tuple[int, int], ...]]  # literal -> (pattern number, bit of the set it is in)
    needed: dict[int, int]  # pattern number -> every set's bit


_INDEX = _LiteralIndex()


@lru_cache(maxsize=256)
def _passing(text: str, version: int) -> frozenset[int]:
    """The numbers of the patterns whose every literal set `text` holds a literal of, as of `version` of the
    index or later (a later one only adds patterns, which then look the text up again under the new version)."""
    table = _INDEX.table
    folded = fold(text)
    found: dict[int, int] = {}
    for key in table.keys & _grams(folded):
        for literal in table.by_key[key]:
            if literal in folded:
                for number, bit in table.satisfies[literal]:
                    found[number] = found.get(number, 0) | bit
    return frozenset(number for number, bits in found.items() if bits == table.needed[number])


class Prefiltered:
    """A compiled pattern with a literal pre-test; same methods and results as `re.Pattern`."""

    __slots__ = ("__weakref__", "_literal_sets", "_number", "_pattern")

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self._pattern = pattern
        self._literal_sets: tuple[frozenset[str], ...] | None = None  # read off the pattern on first use, not at import
        self._number = -1  # its number in the index, once it has sets
        _ALL.add(self)

    def _sets(self) -> tuple[frozenset[str], ...]:
        if self._literal_sets is None:
            sets = tuple(required_literals(self._pattern))
            if sets:
                self._number = _INDEX.add(sets)
            self._literal_sets = sets
        return self._literal_sets

    def could_match(self, text: str) -> bool:
        """Whether `text` holds one literal of each of the pattern's sets (the search may still find nothing)."""
        if self._literal_sets is None:
            self._sets()
        return self._number < 0 or self._number in _passing(text, _INDEX.table.version)

    def search(self, text: str, *args: int) -> re.Match[str] | None:
        return self._pattern.search(text, *args) if self.could_match(text) else None

    def match(self, text: str, *args: int) -> re.Match[str] | None:
        return self._pattern.match(text, *args) if self.could_match(text) else None

    def fullmatch(self, text: str, *args: int) -> re.Match[str] | None:
        return self._pattern.fullmatch(text, *args) if self.could_match(text) else None

    def finditer(self, text: str, *args: int) -> Iterator[re.Match[str]]:
        return self._pattern.finditer(text, *args) if self.could_match(text) else iter(())

    def findall(self, text: str, *args: int) -> list[Any]:
        return self._pattern.findall(text, *args) if self.could_match(text) else []

    def sub(self, repl: str | Callable[[re.Match[str]], str], text: str, count: int = 0) -> str:
        return self._pattern.sub(repl, text, count) if self.could_match(text) else text

    def subn(self, repl: str | Callable[[re.Match[str]], str], text: str, count: int = 0) -> tuple[str, int]:
        return self._pattern.subn(repl, text, count) if self.could_match(text) else (text, 0)

    def split(self, text: str, maxsplit: int = 0) -> list[str | Any]:
        return self._pattern.split(text, maxsplit) if self.could_match(text) else [text]

    @property
    def plain(self) -> re.Pattern[str]:
        """The pattern without its pre-test."""
        return self._pattern

    @property
    def pattern(self) -> str:
        return self._pattern.pattern

    @property
    def flags(self) -> int:
        return self._pattern.flags

    @property
    def groups(self) -> int:
        return self._pattern.groups

    @property
    def groupindex(self) -> Any:
        return self._pattern.groupindex

    @property
    def literal_sets(self) -> tuple[frozenset[str], ...]:
        """The pre-test's strings (folded): one of each set must be in a text. Empty: the pattern always runs."""
        return self._sets()

    def __repr__(self) -> str:
        return f"Prefiltered({self._pattern!r})"


# Every pre-tested pattern alive, so `prepare` can read their literals at start-up (weak: a pattern dropped is gone).
_ALL: weakref.WeakSet[Prefiltered] = weakref.WeakSet()


def prepare() -> None:
    """Read the literal sets of every pattern compiled so far (~0.4 s), so no user's turn pays for it (warm_up)."""
    for pattern in list(_ALL):
        pattern.could_match("")


def prefiltered(pattern: str, flags: int = 0) -> Prefiltered:
    """`re.compile` with the literal pre-test: the rule modules compile their patterns with this."""
    return Prefiltered(re.compile(pattern, flags))
