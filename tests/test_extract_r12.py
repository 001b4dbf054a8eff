"""The extractor, round 12 (issue 12): the kinds of wording that retired blind round 5's odd rows missed.

Rules only (similarity=False) unless a test says otherwise. Every example was written for these tests, none copied
from the data: each list holds several wordings of one pattern, in the languages the pattern was written for.
"""

from __future__ import annotations

import pytest

from penguin_guard.extract import extract_offline
from penguin_guard.models import Extraction
from penguin_guard.reply_cues import is_decline


def read(reply: str, asked: str | None) -> Extraction:
    return extract_offline(reply, asked, similarity=False)


# A reply that brushes the question aside and asks for the answer: a wave-away, filed as a decline.
BRUSHED_ASIDE = [
    ("en", "Age", "meh, doesn't matter. what's the deadline for filing"),
    ("en", "Emotional State", "It doesn't matter how I'm feeling, can I get a refund or not"),
    ("en", "Profession", "work aside, how do I fix the form"),
    ("en", "Health Status", "never mind that, just the dosage please"),
    ("nl", "Marital Status", "Laat maar zitten, vertel me gewoon hoe het werkt."),
    ("nl", "Age", "Maakt niet uit, hoe vraag ik het aan?"),
    ("pl", "Profession", "Mniejsza z tym, jak mam to napisać?"),
    ("it", "Health Status", "Lascia perdere, dimmi soltanto quanto costa."),
    ("zh", "Age", "这不重要，你就告诉我要交什么材料。"),
    ("tr", "Education Level", "Önemli değil, nasıl başvururum?"),
    ("ru", "Gender", "Неважно, как оформить заявление?"),
    ("ja", "Profession", "それはいいです。手続きを教えて。"),
]


@pytest.mark.parametrize(("language", "asked", "reply"), BRUSHED_ASIDE,
                         ids=[f"{row[0]}-{i}" for i, row in enumerate(BRUSHED_ASIDE)])
def test_brushing_the_question_aside_declines_it(language, asked, reply):
    got = read(reply, asked)
    assert got.declined == [asked]
    assert asked not in got.values


# What brushes a question aside only when it is the whole clause: the same words inside a statement are no decline.
@pytest.mark.parametrize("clause", ["it doesn't matter to me what people think", "money aside from rent is fine",
                                    "whatever", "never mind my sister, she's fine", "ist mir egal was andere denken"])
def test_the_same_words_inside_a_statement_are_no_wave_away(clause):
    assert not is_decline(clause)


def test_an_answer_after_a_brush_off_is_still_kept():
    got = read("eh, doesn't matter, I'm 41", "Age")
    assert got.values["Age"] == "41" and got.declined == []


# Topics one does not give out, said as a habit or as a property of the topic: refusals.
REFUSALS = [
    ("en", "Gender", "I'd prefer you didn't ask, I don't share my gender online."),
    ("en", "Economic Status", "I never discuss my finances with anyone."),
    ("en", "Health Status", "my health stuff is private"),
    ("en", "Past Self-Harm History", "nah, not going there"),
    ("nl", "Health Status", "Daar praat ik liever niet over."),
    ("nl", "Economic Status", "Dat wil ik liever niet delen."),
    ("zh", "Economic Status", "收入就不说了"),
]


@pytest.mark.parametrize(("language", "asked", "reply"), REFUSALS, ids=[f"{row[0]}-{i}" for i, row in enumerate(REFUSALS)])
def test_a_topic_kept_private_is_a_refusal(language, asked, reply):
    got = read(reply, asked)
    assert got.declined == [asked] and got.values == {}
