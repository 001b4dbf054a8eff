"""Indonesian and Malay replies read by the extractor (penguin_guard.rules_id_ms): the facts a user states, and the
look-alikes that state nothing about them. Examples written for these tests, not taken from an evaluation set."""

from __future__ import annotations

import pytest

from penguin_guard.extract import extract_offline
from penguin_guard.reply_cues import is_decline
from penguin_guard.rules_id_ms import number_value, reads_as_id_ms


def read(reply: str, asked: str | None = None) -> dict[str, str]:
    return extract_offline(reply, asked, similarity=False).values


@pytest.mark.parametrize(("reply", "asked", "attribute", "expected"), [
    ("Umur saya 42 tahun", "Age", "Age", "42"),
    ("aku udah 27 thn kak", "Age", "Age", "27"),
    ("saya berusia tiga puluh lima tahun", None, "Age", "35"),
    ("Saya perempuan", "Gender", "Gender", "Female"),
    ("cowok", "Gender", "Gender", "Male"),
    ("Sudah menikah, anak dua", "Marital Status", "Marital Status", "Married"),
    ("saya sudah cerai sejak 2021", "Marital Status", "Marital Status", "Divorced"),
    ("suami saya sudah meninggal tiga tahun lalu", "Marital Status", "Marital Status", "Widowed"),
    ("masih jomblo", "Marital Status", "Marital Status", "Single"),
    ("nganggur sejak kena PHK bulan lalu", "Profession", "Profession", "Unemployed"),
    ("sudah pensiun", "Profession", "Profession", "Retired"),
    ("Gak pernah nyakitin diri sendiri", "Past Self-Harm History", "Past Self-Harm History", "None"),
    ("iya pernah nyilet tangan waktu SMA", "Past Self-Harm History", "Past Self-Harm History", "Yes"),
    ("alhamdulillah sehat", "Health Status", "Health Status", "No conditions reported"),
    ("nggak pernah didiagnosis apa-apa", "Mental Health Status", "Mental Health Status", "None reported"),
])
def test_a_stated_fact_is_stored(reply, asked, attribute, expected):
    assert read(reply, asked).get(attribute, "").startswith(expected)


@pytest.mark.parametrize(("reply", "asked", "attribute", "english"), [
    ("Saya kerja sebagai perawat di puskesmas", "Profession", "Profession", "nurse"),
    ("aku driver ojol", "Profession", "Profession", "ride-hailing"),
    ("gaji pas-pasan, masih ada cicilan motor", "Economic Status", "Economic Status", "tight"),
    ("punya darah tinggi sama maag", "Health Status", "Health Status", "high blood pressure"),
    ("rutin ke psikiater karena depresi", "Mental Health Status", "Mental Health Status", "depression"),
    ("lulusan SMK jurusan otomotif", "Education Level", "Education Level", "high school"),
    ("lagi capek banget dan agak cemas", "Emotional State", "Emotional State", "tired"),
])
def test_a_value_in_indonesian_carries_its_english_words(reply, asked, attribute, english):
    # the user's words are kept, the English after them in parentheses: enrich.py's caution lines read English
    value = read(reply, asked).get(attribute, "")
    assert english in value and "(" in value


def test_a_first_request_gives_the_facts_it_says():
    values = read("Halo, saya ibu rumah tangga umur 38 tahun, suami saya kerja di pabrik. Gimana cara atur uang?")
    assert values.get("Profession", "").startswith("ibu rumah tangga")
    assert values.get("Age") == "38"
    assert values.get("Marital Status", "").startswith("Married")


@pytest.mark.parametrize(("reply", "asked", "absent"), [
    ("Ibu saya diabetes", "Health Status", "Health Status"),  # the mother's condition
    ("suami saya guru", "Profession", "Profession"),  # the husband's job
    ("mau jadi dokter nanti", "Profession", "Profession"),  # a plan
    ("orang tua saya cerai waktu saya kecil", "Marital Status", "Marital Status"),  # the parents'
    ("sudah 10 tahun kerja di sini", "Age", "Age"),  # a duration
])
def test_what_is_not_the_users_now_is_not_stored(reply, asked, absent):
    assert absent not in read(reply, asked)


def test_a_diagnosis_is_no_feeling():
    assert "Emotional State" not in read("psikiater bilang aku kena gangguan panik", "Mental Health Status")


@pytest.mark.parametrize("reply", ["rahasia ya", "gak mau jawab", "jawab aja pertanyaan saya", "kenapa harus tahu?"])
def test_refusals_and_wave_aways_are_declines(reply):
    assert is_decline(reply)


@pytest.mark.parametrize("reply", ["Tak, pracuję w szpitalu", "Mas eu trabalho muito", "Dan ben ik moe"])
def test_other_languages_are_not_read_as_indonesian(reply):
    # Polish "tak" (yes), Portuguese "mas" (but) and Dutch "dan" (then) are Indonesian-looking words
    assert not reads_as_id_ms(reply)


def test_number_words():
    assert [number_value(w) for w in ("tujuh belas", "dua puluh", "empat puluh satu", "sebelas", "68")] == [17, 20, 41, 11, 68]
