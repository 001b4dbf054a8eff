"""End-to-end runs against the loopback server: every mode on 20 items, judge failures, errors, resume."""

from __future__ import annotations

import asyncio
import json

import pytest

from penguin_guard.bench.runner import RunConfig, RunError, Runner, load_run, parse_mode


def lines(folder, name="results.jsonl"):
    path = folder / name
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


def config(params, mode="context-free", **kwargs) -> RunConfig:
    kwargs = {"concurrency": 8, "retries": 0, **kwargs}
    return RunConfig(data="test", model="openai/responder", judge="openai/judge", mode=mode,
                     model_params=params, judge_params=params, **kwargs)


def mean_score(records):
    return sum(r["score"] for r in records) / len(records)


def test_context_free_and_context_rich(items, params, tmp_path):
    free = Runner(config(params), items, tmp_path / "free").run()
    rich = Runner(config(params, "context-rich"), items, tmp_path / "rich").run()
    assert free["done"] == rich["done"] == 20 and free["failed"] == 0
    free_records, rich_records = lines(tmp_path / "free"), lines(tmp_path / "rich")
    assert mean_score(free_records) == pytest.approx(2.0)
    assert mean_score(rich_records) == pytest.approx(5.0)
    record = rich_records[0]
    assert record["judge"][0]["raw"].startswith("Risk Sensitivity") and record["judge_tokens"]["prompt_tokens"] > 0
    assert record["tokens"]["completion_tokens"] > 0 and record["questions"]["count"] == 0
    manifest = json.loads((tmp_path / "rich" / "manifest.json").read_text())
    assert manifest["config"]["mode"] == "context-rich" and len(manifest["data_hash"]) == 16
    assert "api_key" not in json.dumps(manifest)


def test_single_attribute_mode_sends_only_that_attribute(items, bench_server, params, tmp_path):
    Runner(config(params, "attribute:emotional_state"), items, tmp_path / "attr").run()
    prompts = [r["messages"][-1]["content"] for r in bench_server.requests if r["messages"][0]["content"].startswith("You are a helpful")]
    assert len(prompts) == 20
    assert all("- Emotional State:" in p and "- Age:" not in p for p in prompts)
    with pytest.raises(ValueError, match="unknown attribute"):
        parse_mode("attribute:shoe size")


@pytest.mark.parametrize("persona", ["cooperative", "refusing"])
def test_guard_mode_asks_the_simulated_user(items, params, patterns_config, tmp_path, persona):
    run = config(params, "guard", guard_config=patterns_config, persona=persona)
    summary = Runner(run, items, tmp_path / persona).run()
    assert summary["done"] == 20
    records = lines(tmp_path / persona)
    asked = [r for r in records if r["questions"]["count"] > 0]
    assert asked, "the guard should ask about some of these items"
    assert all(r["guard_action"] in ("pass", "enrich", "escalate") for r in records)
    assert all(len(r["questions"]["attributes"]) == r["questions"]["count"] for r in records)
    if persona == "refusing":
        assert all(r["questions"]["declined"] for r in asked)
    manifest = json.loads((tmp_path / persona / "manifest.json").read_text())
    assert manifest["guard_config"]["detector"] == "patterns" and manifest["config"]["persona"] == persona
    # An enriched call reached the model with the background, and the judge rewarded it.
    assert mean_score(asked) == pytest.approx(5.0)


def test_guard_mode_with_an_llm_simulator(items, bench_server, params, patterns_config, tmp_path):
    run = config(params, "guard", guard_config=patterns_config, simulator="openai/simulator")
    Runner(run, items[:5], tmp_path / "sim").run()
    simulated = [r for r in bench_server.requests if r["messages"][0]["content"].startswith("You are role-playing")]
    assert simulated and all("- Age:" in r["messages"][0]["content"] for r in simulated)


@pytest.mark.slow  # loads the MiniLM encoder for the RAISE retrieval
def test_raise_llm_mode_runs_the_online_agent_in_llm_mode(items, params, patterns_config, tmp_path):
    run = config(params, "raise-llm", guard_config=patterns_config)
    assert Runner(run, items, tmp_path / "raise").run()["done"] == 20
    records = lines(tmp_path / "raise")
    asked = [r for r in records if r["questions"]["count"]]
    assert asked and mean_score(asked) == pytest.approx(5.0)


def test_unparsable_judge_output_is_retried_then_missing(items, bench_server, params, tmp_path):
    bench_server.responder = lambda body: ("Generic advice." if body["messages"][0]["content"].startswith("You are a")
                                           else "Risk Sensitivity: Score: 4/5\nEmotional Empath")
    summary = Runner(config(params, judge_parse_retries=1, judge_samples=2), items[:2], tmp_path / "bad").run()
    records = lines(tmp_path / "bad")
    assert summary["missing_scores"] == 2
    assert all(r["score"] is None and r["dimensions"] is None for r in records)
    assert all(s["attempts"] == 2 and s["raw"].startswith("Risk") for r in records for s in r["judge"])


def test_repeated_judging_reports_the_spread(items, bench_server, params, tmp_path):
    scores = iter([5, 3] * 10)
    responder = bench_server.responder
    bench_server.responder = lambda body: (responder(body) if not body["messages"][0]["content"].startswith("You evaluate")
                                           else responder(body).replace("2/5", f"{next(scores)}/5"))
    Runner(config(params, judge_samples=2, concurrency=1), items[:3], tmp_path / "rep").run()
    records = lines(tmp_path / "rep")
    assert all(len(r["judge"]) == 2 and r["spread"] == pytest.approx(1.0) for r in records)


def test_failed_items_are_logged_and_retried_on_resume(items, bench_server, params, tmp_path):
    params = {**params, "max_retries": 0}  # no retries in the OpenAI client either: the first two items fail
    bench_server.fail_next(2)
    first = Runner(config(params, concurrency=1), items[:4], tmp_path / "err").run()
    assert first["failed"] == 2 and first["done"] == 2
    assert len(lines(tmp_path / "err", "errors.jsonl")) == first["failed"]
    second = Runner(config(params, concurrency=1), items[:4], tmp_path / "err").run()
    assert second["skipped"] == first["done"] and second["done"] == first["failed"]
    assert sorted(r["item_id"] for r in lines(tmp_path / "err")) == sorted(i.id for i in items[:4])


def test_resume_after_cancelling_a_run(items, bench_server, params, tmp_path):
    bench_server.delay_seconds = 0.02
    out = tmp_path / "resume"

    async def cancel_after(n: int) -> None:
        seen = []
        runner = Runner(config(params, concurrency=4), items, out, on_result=seen.append)
        task = asyncio.ensure_future(runner.arun())
        while len(seen) < n:
            await asyncio.sleep(0.01)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    asyncio.run(cancel_after(7))
    partial = lines(out)
    assert 7 <= len(partial) < 20
    with (out / "results.jsonl").open("a") as handle:
        handle.write('{"item_id": "half-writ')  # as if killed mid-line
    before = len(bench_server.requests)
    summary = Runner(config(params, concurrency=4), items, out).run()
    assert summary["skipped"] == len(partial) and summary["done"] == 20 - len(partial)
    ids = [r["item_id"] for r in lines(out)]
    assert len(ids) == len(set(ids)) == 20
    # Finished items were not asked again (responder + judge per remaining item at most).
    assert len(bench_server.requests) - before <= 2 * (20 - len(partial))


def test_a_folder_from_other_settings_is_refused(items, params, tmp_path):
    Runner(config(params), items[:2], tmp_path / "x").run()
    with pytest.raises(RunError, match="different 'mode'"):
        Runner(config(params, "context-rich"), items[:2], tmp_path / "x").run()
    with pytest.raises(RunError, match="different data"):
        Runner(config(params), items[2:4], tmp_path / "x").run()


def test_limit_takes_the_same_seeded_sample_every_time(items, params, tmp_path):
    Runner(config(params, limit=5, seed=3), items, tmp_path / "lim").run()
    again = Runner(config(params, limit=5, seed=3), items, tmp_path / "lim").run()
    assert again["skipped"] == 5 and again["done"] == 0
    manifest, records = load_run(tmp_path / "lim")
    assert manifest["items"] == 5 and len(records) == 5


def test_the_run_cache_batches_writes_and_keeps_them_on_close(tmp_path):
    from penguin_guard.bench.runner import RunCache

    cache = RunCache(tmp_path / "c.sqlite", batch=3)
    cache.put("a", "reply a", {"usage": {"prompt_tokens": 1}})
    assert cache.get("a") == ("reply a", {"usage": {"prompt_tokens": 1}})  # served before it is written
    cache.put("b", "reply b")
    cache.close()
    reopened = RunCache(tmp_path / "c.sqlite")
    assert reopened.get("b") == ("reply b", {}) and reopened.get("missing") is None
    reopened.close()
