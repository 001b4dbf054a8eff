"""The extractor, round 13 (issue 12): the kinds of wording that retired blind round 9's odd rows missed.

Rules only (similarity=False) unless a test says otherwise. Every example was written for these tests, none copied
from the data: each list holds several wordings of one pattern, in the languages the pattern was written for.
"""

from __future__ import annotations

from penguin_guard.extract import extract_offline
from penguin_guard.models import Extraction
from tests.test_extract import load_eval_module


def read(reply: str, asked: str | None) -> Extraction:
    return extract_offline(reply, asked, similarity=False)


def test_the_scorer_takes_a_negation_label_and_unemployment_in_other_words():
    agree = load_eval_module().values_agree
    assert agree("Health Status", "no medical issues", "No conditions reported")
    assert agree("Health Status", "healthy", "No conditions reported")
    assert not agree("Health Status", "healthy apart from asthma", "No conditions reported")
    assert not agree("Health Status", "asthma", "No conditions reported")
    assert agree("Profession", "no work since spring", "Unemployed")
    assert agree("Profession", "got laid off", "Unemployed (entlassen)")
    assert not agree("Profession", "nurse", "Unemployed")
