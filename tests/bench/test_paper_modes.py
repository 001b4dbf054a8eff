"""The paper's Table 2 modes (vanilla, +Agent, +Planner) end to end against the loopback server.

The loopback model here plays an agent that wants two facts: it rates the background 1 until two attributes
are known, then 4 (or answers No/Yes, Attribute/Reply for the other abstention variants), and it names the
first attribute of the first example path when it is given one, else "Emotional State". The judge scores a
reply 5 when the responder saw any background, 2 otherwise.
"""

from __future__ import annotations

import json
import re

import pytest

from penguin_guard.bench.protocol import RESPONDER_SYSTEM_PROMPT
from penguin_guard.bench.runner import RunConfig, Runner
from penguin_guard.raise_policy.library import PathLibrary, PathRecord


def score_reply(s: int) -> str:
    return "\n".join(f"{name}: Score: {s}/5" for name in ("Risk Sensitivity", "Emotional Empathy", "Personalization"))


def known_count(prompt: str) -> int:
    if "Known background:" not in prompt:
        return 0
    block = prompt.split("Known background:", 1)[1].strip().split("\n\n")[0]
    return sum(1 for line in block.splitlines() if line.startswith("- ") and "nothing known" not in line)


def agent_model(body: dict) -> str:
    messages = body["messages"]
    system, last = messages[0]["content"], messages[-1]["content"]
    enough = known_count(last) >= 2
    if system.startswith("You evaluate"):
        return score_reply(5 if "TAILORED" in last.split("<<<", 1)[-1] else 2)
    if system.startswith("You judge whether"):  # scale
        return "4" if enough else "1"
    if system.startswith("You decide whether"):  # binary
        return "Yes" if enough else "No"
    if system.startswith("You are an assistant about to answer"):  # basic
        return "Final Decision: Reply" if enough else "Final Decision: Attribute"
    if system.startswith("You help an assistant choose"):
        example = re.search(r"best order to ask: ([^,\n]+)", last)
        facts = last.split("Facts you may ask about: ", 1)[1].splitlines()[0].split(", ")
        wanted = example.group(1) if example else "Emotional State"
        return wanted if wanted in facts else facts[0]
    return "A TAILORED answer." if "About me:" in last else "A generic answer."


@pytest.fixture
def agent_params(llm_server) -> dict:
    llm_server.responder = agent_model
    return {"api_base": llm_server.url, "api_key": "sk-test"}


@pytest.fixture
def library(items, tmp_path):
    """A library whose paths all start with Economic Status; one record is the first item's own plan."""
    records = [PathRecord(query=items[0].query, item_id=items[0].id, path=["Past Self-Harm History", "Age"]),
               PathRecord(query="I can't pay my rent this month", path=["Economic Status", "Emotional State"])]
    from penguin_guard.embed import encode

    folder = tmp_path / "library"  # the item's own record is the closest one: it must still not be used
    PathLibrary(records, encode([r.query for r in records]), {"source": "mcts"}).save(folder)
    return folder


def run(items, params, out, mode, **kwargs):
    config = RunConfig(data="test", model="openai/agent", judge="openai/judge", mode=mode, retries=0,
                       model_params=params, judge_params=params, **kwargs)
    Runner(config, items, out).run()
    return [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]


def responder_requests(server):
    return [r["messages"] for r in server.requests if r["messages"][0]["content"] == RESPONDER_SYSTEM_PROMPT]


def test_every_item_goes_through_the_agent_without_a_detector(items, agent_params, llm_server, tmp_path):
    records = run(items, agent_params, tmp_path / "agent", "agent")
    assert len(records) == 20
    for record in records:  # every item gets an acquisition decision, and the path is logged
        assert record["questions"] == {"count": 2, "attributes": ["Emotional State", "Age"]}
        assert record["episode"]["stop"] == "abstention: enough" and record["episode"]["decisions"] == ["1", "1", "4"]
        assert record["score"] == 5.0
    prompts = [m[-1]["content"] for m in responder_requests(llm_server)]
    assert len(prompts) == 20
    # The answer is the context-rich prompt restricted to the acquired attributes, with no guard guidance.
    assert all("- Emotional State:" in p and "- Age:" in p and "- Gender:" not in p for p in prompts)
    assert all(len(m) == 2 for m in responder_requests(llm_server))


def test_vanilla_asks_nothing_and_uses_the_same_responder_prompt(items, agent_params, llm_server, tmp_path):
    records = run(items, agent_params, tmp_path / "vanilla", "vanilla")
    assert {r["questions"]["count"] for r in records} == {0} and {r["score"] for r in records} == {2.0}
    assert sorted(m[-1]["content"] for m in responder_requests(llm_server)) == sorted(i.query for i in items)
    manifest = json.loads((tmp_path / "vanilla" / "manifest.json").read_text())
    assert manifest["protocol"]["responder_system_prompt"] == RESPONDER_SYSTEM_PROMPT
    assert manifest["protocol"]["judge"] == {"temperature": 0.7, "max_tokens": 1024, "parse_retries": 2}


def test_planner_mode_shows_retrieved_paths_but_never_the_items_own(items, agent_params, library, llm_server,
                                                                    tmp_path):
    [record] = run(items[:1], agent_params, tmp_path / "planner", "planner", library=str(library), k=1)
    assert record["questions"]["attributes"] == ["Economic Status", "Age"]
    assert record["episode"]["neighbours"] == ["I can't pay my rent this month"]  # not the item's own plan
    selections = [r for r in llm_server.requests if r["messages"][0]["content"].startswith("You help")]
    assert selections and all("I can't pay my rent" in s["messages"][-1]["content"] for s in selections)
    assert all(items[0].query not in s["messages"][-1]["content"].split("Paths that worked")[1] for s in selections)


@pytest.mark.parametrize("abstention", ["binary", "basic"])
def test_binary_and_basic_abstention_variants(items, agent_params, tmp_path, abstention):
    records = run(items[:4], agent_params, tmp_path / abstention, "agent", abstention=abstention)
    assert {r["questions"]["count"] for r in records} == {2}
    assert records[0]["episode"]["decisions"] == ({"binary": ["no", "no", "yes"],
                                                   "basic": ["attribute", "attribute", "reply"]}[abstention])


def test_max_turns_caps_the_dialogue(items, agent_params, tmp_path):
    records = run(items[:2], agent_params, tmp_path / "capped", "agent", max_turns=1)
    assert all(r["questions"]["count"] == 1 and r["episode"]["stop"] == "max turns" for r in records)


def test_an_unreadable_abstention_answer_stops_and_is_counted(items, llm_server, tmp_path):
    llm_server.responder = lambda body: (score_reply(3) if body["messages"][0]["content"].startswith("You evaluate")
                                         else "hmm")
    params = {"api_base": llm_server.url, "api_key": "sk-test"}
    records = run(items[:2], params, tmp_path / "garbled", "agent")
    assert all(r["episode"]["stop"] == "abstention answer unreadable" and r["questions"]["count"] == 0
               for r in records)


def test_the_embedded_model_is_refused_as_judge_before_anything_runs():
    with pytest.raises(ValueError, match="cannot judge"):
        RunConfig(data="seed", model="openai/x", judge="local/smollm2", mode="agent")


def test_public_format_records_run_end_to_end_in_planner_mode(agent_params, tmp_path):
    """The release's format (no self-harm field): every record gets an acquisition decision and a score."""
    from pathlib import Path

    from penguin_guard.bench.loaders import load_public

    public = load_public(Path(__file__).parents[1] / "data" / "penguin-public-format-examples.jsonl")
    records = run(public, agent_params, tmp_path / "public", "planner")
    assert len(records) == len(public) == 6
    assert all(r["episode"]["stop"] and len(r["episode"]["neighbours"]) == 5 for r in records)
    assert all(r["questions"]["count"] == 2 and r["score"] == 5.0 for r in records)
