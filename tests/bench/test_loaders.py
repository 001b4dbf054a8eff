"""Loading the public PENGUIN release format, our own JSONL, and the hub path offline."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from penguin_guard.bench.items import BenchItem, write_items
from penguin_guard.bench.loaders import DataError, load_hub, load_items, load_public, unique

EXAMPLES = Path(__file__).parents[1] / "data" / "penguin-public-format-examples.jsonl"


@pytest.fixture
def examples(tmp_path):
    # A copy in tmp_path: the JSON-array test writes its variant next to it.
    target = tmp_path / "public.jsonl"
    shutil.copy(EXAMPLES, target)
    return target


def test_public_examples_load_with_domains_from_scenarios(examples):
    items = load_public(examples)
    records = [json.loads(line) for line in examples.read_text().splitlines() if line.strip()]
    assert len(items) == len(records) == 6
    for item, record in zip(items, records, strict=True):
        assert item.query == record["query"]
        assert item.source == record["source"]
        if record["source"] == "real":
            assert item.domain == record["scenario"] and item.scenario == ""
        else:  # a scenario name, mapped through the taxonomy
            assert item.scenario == record["scenario"]
        assert item.profile["Emotional State"] == record["emotional_state"].strip()
        assert "Past Self-Harm History" not in item.profile  # the release has no such field
    assert {i.domain for i in items if i.source == "synthetic"} == {"relationship"}


def test_json_array_and_jsonl_give_the_same_items(examples, tmp_path):
    records = [json.loads(line) for line in examples.read_text().splitlines() if line.strip()]
    array = tmp_path / "public.json"
    array.write_text(json.dumps(records))
    assert load_public(array) == load_public(examples)
    assert load_items(str(array)) == load_public(examples)


def test_our_own_format_is_detected(tmp_path):
    items = [BenchItem(query="Should I tell my boss I'm struggling?", domain="career", profile={"age": "30"})]
    path = tmp_path / "own.jsonl"
    write_items(items, path)
    assert load_items(str(path)) == items


def test_an_unknown_scenario_skips_that_record_with_a_warning(examples, tmp_path, caplog):
    records = [json.loads(line) for line in examples.read_text().splitlines() if line.strip()]
    odd = {"source": "synthetic", "query": "q?", "scenario": "Moon Landing", "age": "30"}
    path = tmp_path / "public.json"
    path.write_text(json.dumps([*records[:2], odd, *records[2:]]))  # the release's JSON-array layout
    with caplog.at_level("WARNING", logger="penguin_guard.bench.loaders"):
        items = load_items(str(path))
    assert items == load_public(examples)  # the other six are all there
    assert "skipped 1 of 7 records" in caplog.text and "public.json[2]: scenario 'Moon Landing'" in caplog.text


def test_a_record_without_a_query_is_still_an_error(tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps({"source": "real", "query": " ", "scenario": "career", "age": "30"}) + "\n")
    with pytest.raises(DataError, match=r"bad.jsonl:1: no query"):
        load_public(path)


def test_missing_file_and_broken_json(tmp_path):
    with pytest.raises(DataError, match="no such file"):
        load_items(str(tmp_path / "nope.jsonl"))
    path = tmp_path / "broken.jsonl"
    path.write_text('{"query": "x", "scenario": "career", "age": "3\n')
    with pytest.raises(DataError, match="not valid JSON"):
        load_items(str(path))


def test_hub_offline_gives_a_clear_error(monkeypatch):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")  # also set by conftest; there is no network here anyway
    with pytest.raises(DataError, match="from the Hugging Face hub .*are you online"):
        load_hub()
    with pytest.raises(DataError, match="Hugging Face hub"):
        load_items("hf:someone/elsewhere")


def test_seed_means_the_bundled_seed_set():
    pytest.importorskip("penguin_guard.bench.seed")
    items = load_items("seed")
    assert items and all(isinstance(item, BenchItem) for item in items)
    assert len({item.domain for item in items}) == 7


def test_unique_keeps_the_first_of_repeated_items():
    a = BenchItem(query="Should I move out?", domain="life")
    assert unique([a, a, BenchItem(query="Other?", domain="life")]) == [a, BenchItem(query="Other?", domain="life")]
