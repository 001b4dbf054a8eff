"""The normalisation pass every detector reads: obfuscation undone, ordinary text untouched."""

from __future__ import annotations

import pytest

from penguin_guard.normalize import normalize_for_detection, was_obfuscated


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("k1ll mys3lf", "kill myself"),
        ("I w4nt t0 d!e", "I want to die"),
        ("k i l l  m y s e l f", "kill myself"),
        ("k.i.l.l", "kill"),
        ("su\u200bi\u200dcide", "suicide"),
        ("sui\u00adcide", "suicide"),
        ("\u202esuicide\u202c", "suicide"),
        ("ѕuісіdе", "suicide"),  # Cyrillic look-alikes in a Latin word
        ("ｋｉｌｌ ｍｙｓｅｌｆ", "kill myself"),  # fullwidth
        ("𝓀𝒾𝓁𝓁 𝓂𝓎𝓈𝑒𝓁𝒻", "kill myself"),  # mathematical script
        ("s̴u̷i̶c̵i̸d̷e̶", "suicide"),  # zalgo
        ("i want to diiiie", "i want to die"),
        ("0verdose", "overdose"),
        # Once a text speaks leet, edge digits and "'5" are letters too, and numbers with units stay numbers.
        ("1t'5 l04d3d and th15 t1m3 I w0n't 5t0p", "it's loaded and this time I won't stop"),
        ("t00k 40 of my 5l33p1ng p1ll5 at 4pm", "took 40 of my sleeping pills at 4pm"),
        # A whole message spelt out, wider gaps between words: short words are joined too.
        ("i  t o o k  a l l  m y  p i l l s  a n  h o u r  a g o", "i took all my pills an hour ago"),
    ],
)
def test_obfuscation_is_undone(text, expected):
    assert normalize_for_detection(text) == expected
    assert was_obfuscated(text)


@pytest.mark.parametrize(
    "text",
    [
        "I took 18 pills and 10mg at 4pm on the 2nd",
        "hello! @john paid $100 for covid19 tests on win10",
        "Я хочу умереть",  # Cyrillic words stay Cyrillic
        "Quiero morir, estoy harta de todo",
        "Two spaces  after a sentence.  Old  habits.  I  am  a  typist  of  the  old  school.",
        "मैं बहुत थक गया हूँ",
        "我真的不想活了",
        "Visit www.example.com, e.g. the FAQ",
        "Should I leave my husband? We have two kids.",
    ],
)
def test_ordinary_text_is_unchanged(text):
    assert normalize_for_detection(text) == text
    assert not was_obfuscated(text)
