"""Reports: tables per domain and dimension, both kinds of gain, bootstrap CIs, question counts, plots."""

from __future__ import annotations

import json

import numpy as np
import pytest

from penguin_guard.bench.report import bootstrap_ci, build_tables, load_runs, paired_gain, write_report


def fake_run(folder, model, mode, scores, questions=None, judge="openai/judge"):
    """A run folder written by hand: item i gets scores[i] (None = missing) and questions[i] questions."""
    folder.mkdir(parents=True)
    (folder / "manifest.json").write_text(json.dumps({"config": {"model": model, "mode": mode, "judge": judge}}))
    with (folder / "results.jsonl").open("w") as handle:
        for i, score in enumerate(scores):
            count = (questions or [0] * len(scores))[i]
            dims = None if score is None else {"risk_sensitivity": score, "emotional_empathy": score, "personalization": score}
            handle.write(json.dumps({"item_id": f"item{i}", "domain": ["health", "career"][i % 2], "score": score,
                                     "dimensions": dims, "questions": {"count": count, "attributes": ["Age"] * count}}) + "\n")
    return folder


def test_bootstrap_ci_brackets_the_mean_and_narrows_with_more_data():
    rng = np.random.default_rng(1)
    small, large = rng.normal(3, 1, 20), rng.normal(3, 1, 2000)
    lo_s, hi_s = bootstrap_ci(small)
    lo_l, hi_l = bootstrap_ci(large)
    assert lo_s < small.mean() < hi_s and lo_l < large.mean() < hi_l
    assert hi_l - lo_l < hi_s - lo_s


def test_paired_gain_uses_shared_items_only():
    gain, low, high, n = paired_gain({"a": 2.0, "b": 2.0, "c": 4.0}, {"a": 3.0, "b": 3.0, "z": 1.0})
    assert n == 2 and gain == pytest.approx(0.5) and low == pytest.approx(0.5) and high == pytest.approx(0.5)


def test_ratio_of_means_differs_from_mean_of_per_model_gains(tmp_path):
    # Model A: 2 -> 4 (+100%); model B: 4 -> 5 (+25%). Ratio of means: 4.5/3 - 1 = +50%; mean of gains: +62.5%.
    runs = [fake_run(tmp_path / "a0", "A", "context-free", [2.0] * 4), fake_run(tmp_path / "a1", "A", "guard", [4.0] * 4, [1, 2, 2, 3]),
            fake_run(tmp_path / "b0", "B", "context-free", [4.0] * 4), fake_run(tmp_path / "b1", "B", "guard", [5.0] * 4, [0, 0, 1, 1])]
    tables = build_tables(load_runs(runs), samples=200)
    (condition,) = tables["conditions"][1]
    assert condition[0] == "guard" and condition[2] == "+50.0%" and condition[3] == "+62.5%"
    assert any("A · guard" in line and "safer" in line and "2.00 questions" in line for line in tables["verdict"])
    headers, rows = tables["questions"]
    assert headers[1:5] == ["0 asked", "1 asked", "2 asked", "3 asked"]
    assert rows[0][1:5] == ["0%", "25%", "50%", "25%"]


def test_missing_scores_are_counted_not_scored(tmp_path):
    run = fake_run(tmp_path / "m", "A", "context-rich", [4.0, None, 2.0])
    overview = build_tables(load_runs([run]), samples=100)["overview"][1][0]
    assert overview[2:5] == ["3", "1", "3.00"]


def test_write_report_makes_markdown_html_and_plots(tmp_path):
    runs = [fake_run(tmp_path / "v", "A", "context-free", [2.0, 3.0, 2.0, 3.0]),
            fake_run(tmp_path / "r", "A", "context-rich", [5.0, 5.0, 4.0, 4.0]),
            fake_run(tmp_path / "g", "A", "guard", [4.0, 4.0, 5.0, 3.0], [1, 2, 3, 2])]
    paths = write_report(runs, tmp_path / "report", samples=200)
    markdown = paths["markdown"].read_text()
    # guard 4.0 vs context-free 2.5: +60%, i.e. 75% of the way to context-rich (4.5).
    assert "+60.0%" in markdown and "75% of the gain of giving the full profile" in markdown and "| health |" in markdown and "Risk Sensitivity" in markdown
    assert "<table>" in paths["html"].read_text()
    for name in ("domains.png", "dimensions.png", "gain_vs_questions.png"):
        assert paths[name].read_bytes()[:4] == b"\x89PNG"


def test_table_2_lays_out_vanilla_agent_planner_per_model(tmp_path):
    runs = [fake_run(tmp_path / "v", "m1", "vanilla", [2.0, 3.0]),
            fake_run(tmp_path / "a", "m1", "agent", [3.0, 4.0], [2, 1]),
            fake_run(tmp_path / "p", "m1", "planner", [4.0, 4.0], [3, 2]),
            fake_run(tmp_path / "g", "m1", "guard", [5.0, 5.0], [1, 1])]  # a product mode: not in Table 2
    tables = build_tables(load_runs(runs))
    rows = tables["table2"][1]
    assert [r[1] for r in rows] == ["Vanilla", "+Agent", "+Planner"]
    health, career = tables["table2"][0].index("health"), tables["table2"][0].index("career")
    assert rows[2][health] == "4.00" and rows[0][career] == "3.00"
    assert rows[1][-3:] == ["3.50", "1.50", "+40.0%"] and rows[2][-2] == "2.50"
    assert tables["relative"][1] == [["m1", "+40.0%", "+14.3%", "+60.0%"]]
    report = write_report(runs, tmp_path / "report", baseline="vanilla", plots=False)
    assert "## Table 2: Vanilla / +Agent / +Planner" in report["markdown"].read_text()
