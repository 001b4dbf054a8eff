"""The paper's attribute experiments against the loopback server: tables that come out in the paper's order.

The loopback judge here scores a reply 1 plus one point per psychological attribute (Emotional State, Mental
Health Status, Past Self-Harm History) the responder was given, so the static subset is the best k = 3 subset
and a demographic attribute adds nothing.
"""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from penguin_guard.bench.items import BenchItem, write_items
from penguin_guard.bench.judge import JUDGE_SYSTEM_PROMPT
from penguin_guard.bench.studies import STATIC, stepwise_study, subsets_study
from penguin_guard.cli import app
from penguin_guard.taxonomy import ATTRIBUTES

PROFILE = {a: f"value of {a.lower()}" for a in ATTRIBUTES}
ITEMS = [BenchItem(query="Should I sell my house to cover my debts?", domain="financial", profile=PROFILE),
         BenchItem(query="Should I stop going to my classes?", domain="education", profile=PROFILE)]


def models(body: dict) -> str:
    system, user = body["messages"][0]["content"], body["messages"][-1]["content"]
    if system == JUDGE_SYSTEM_PROMPT:
        reply = user.split("<<<", 1)[1]
        s = 1 + sum(f"- {a}:" in reply for a in STATIC)
        return "\n".join(f"{d}: Score: {s}/5" for d in ("Risk Sensitivity", "Emotional Empathy", "Personalization"))
    if "Rank ALL" in user:
        return "\n".join(STATIC)
    return f"Reply to: {user}"


def table(path) -> dict[str, list[str]]:
    rows = [line.strip("|").split("|") for line in path.read_text().splitlines() if line.startswith("| ")]
    return {cells[0].strip(): [c.strip() for c in cells[1:]] for cells in rows}


@pytest.mark.slow
async def test_subsets_study_orders_oracle_static_random_none(llm_server, tmp_path):
    """k = 2 here (45 subsets) to keep the test short; the paper's k = 3 is the command's default."""
    llm_server.responder = models
    params = {"api_base": llm_server.url, "api_key": "sk-test"}
    paths = await subsets_study(ITEMS, tmp_path, model="openai/r", judge="openai/j", k=2, rollouts=20, params=params)
    rows = [json.loads(line) for line in paths["rows"].read_text().splitlines()]
    for row in rows:
        assert row["none"] == 1.0 and row["static"] == row["oracle"] == 3.0
        assert row["none"] <= row["random"] < row["static"] and row["uct"] <= row["oracle"]
        assert 0 < row["uct_judge_calls"] <= 20
    assert "| domain | n | none | random | static | uct | oracle |" in paths["table"].read_text()
    assert table(paths["table"])["all"][:2] == ["2", "1.00"]


async def test_stepwise_study_scores_each_prefix_of_the_planned_path(llm_server, tmp_path):
    llm_server.responder = models
    params = {"api_base": llm_server.url, "api_key": "sk-test"}
    paths = await stepwise_study(ITEMS[:1], tmp_path, model="openai/r", judge="openai/j", k=3, rollouts=40,
                                 params=params)
    [row] = [json.loads(line) for line in paths["rows"].read_text().splitlines()]
    assert set(row["path"]) == set(STATIC)
    assert [row[f"step {n}"] for n in range(4)] == [1.0, 2.0, 3.0, 4.0]
    assert table(paths["table"])["financial"] == ["1", "1.00", "2.00", "3.00", "4.00"]
    assert paths["plot"].stat().st_size > 0 and "![" in paths["table"].read_text()


def test_attribute_study_command_writes_one_run_per_attribute(llm_server, tmp_path, monkeypatch):
    monkeypatch.setenv("OPENAI_API_BASE", llm_server.url)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    llm_server.responder = models
    data = tmp_path / "items.jsonl"
    write_items(ITEMS, data)
    result = CliRunner().invoke(app, ["bench", "study", "attributes", "--data", str(data), "--model", "openai/r",
                                      "--judge", "openai/j", "--out", str(tmp_path / "study")])
    assert result.exit_code == 0, result.output
    rows = table(tmp_path / "study" / "attributes.md")
    header = re.search(r"\| domain \| n \| (.*) \|", (tmp_path / "study" / "attributes.md").read_text()).group(1)
    scores = dict(zip(header.split(" | "), rows["all"][1:], strict=True))
    assert scores["none"] == "1.00" and scores["Emotional State"] == scores["Past Self-Harm History"] == "2.00"
    assert scores["Age"] == "1.00" and len(list((tmp_path / "study").glob("*/results.jsonl"))) == 11
