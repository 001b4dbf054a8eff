"""The synthetic pipeline against the loopback server: constrained profiles, deduplicated queries, resume."""

from __future__ import annotations

import json

import pytest

from penguin_guard.bench.generate import GenerateConfig, generate, parse_profile, parse_queries, slots
from penguin_guard.bench.items import read_items

GOOD_PROFILE = {"Age": "25-34", "Gender": "Female", "Marital Status": "Single", "Profession": "Teacher",
                "Economic Status": "Moderate", "Health Status": "Good", "Education Level": "Bachelor's",
                "Mental Health Status": "Anxiety", "Past Self-Harm History": "None", "Emotional State": "Anxious"}


def generator(body):
    prompt = body["messages"][-1]["content"]
    if prompt.startswith("Invent one realistic person"):
        return "```json\n" + json.dumps(GOOD_PROFILE) + "\n```"
    scenario = prompt.split('"')[1]
    # Two of the three queries repeat across scenarios: deduplication keeps one copy.
    return json.dumps([f"How do I plan the next month around {scenario}?", "Is it normal to feel stuck?",
                       {"q3": "What should I focus on first?"}])


def test_parsers_accept_the_layouts_and_reject_garbage():
    assert parse_profile('{"age": "25-34", "emotional_state": "Calm"}') == {"Age": "25-34", "Emotional State": "Calm"}
    assert parse_profile('{"shoe size": 9}') is None and parse_profile("no json") is None
    assert parse_queries('[{"query_1": "a?"}, "b?"]') == ["a?", "b?"] and parse_queries("nope") == []


def test_slots_cover_every_domain_first():
    assert len({scenario for scenario, _ in slots(1400, 10)[:140]}) == 140


def test_generate_grows_deduplicates_and_resumes(llm_server, tmp_path):
    llm_server.responder = generator
    params = {"api_base": llm_server.url, "api_key": "sk-test"}
    out = tmp_path / "synthetic.jsonl"
    config = GenerateConfig(model="openai/gen", target=12, queries_per_profile=3, concurrency=2, params=params)
    first = generate(config, out)
    items = list(read_items(out))
    assert first["added"] == len(items) == 12 and first["duplicates"] > 0
    assert all(i.source == "synthetic" and i.scenario and i.profile["Age"] == "25-34" for i in items)
    assert len({i.query for i in items}) == len(items)
    calls = len(llm_server.requests)
    again = generate(config, out)  # the target is reached: nothing is asked again
    assert again["added"] == 0 and len(llm_server.requests) == calls


def test_profiles_breaking_the_constraints_are_redrawn(llm_server, tmp_path):
    pytest.importorskip("penguin_guard.bench.constraints")
    bad = {**GOOD_PROFILE, "Age": "18-24", "Education Level": "PhD"}
    llm_server.responder = lambda body: json.dumps(bad) if "Invent" in body["messages"][-1]["content"] else "[]"
    params = {"api_base": llm_server.url, "api_key": "sk-test"}
    stats = generate(GenerateConfig(model="openai/gen", target=1, profile_attempts=2, params=params), tmp_path / "o.jsonl")
    assert stats["added"] == 0 and stats["failed_slots"] == 1
    assert len(llm_server.requests) == 2  # two profile attempts, no query call


def test_the_generate_command(llm_server, tmp_path, monkeypatch):
    from typer.testing import CliRunner

    from penguin_guard.cli import app

    llm_server.responder = generator
    monkeypatch.setenv("OPENAI_API_BASE", llm_server.url)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    out = tmp_path / "grown.jsonl"
    result = CliRunner().invoke(app, ["bench", "generate", "--model", "openai/gen", "--out", str(out), "--target", "5",
                                      "--queries-per-profile", "3", "--concurrency", "1"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output.strip().splitlines()[-1])["added"] == 5 == len(list(read_items(out)))
