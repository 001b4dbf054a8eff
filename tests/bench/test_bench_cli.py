"""`penguin-guard bench ...` from the command line, including a run killed mid-way and started again."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest
from typer.testing import CliRunner

from penguin_guard.bench.items import write_items
from penguin_guard.cli import app


@pytest.fixture
def data_file(items, tmp_path):
    path = tmp_path / "items.jsonl"
    write_items(items, path)
    return path


def results(folder):
    path = folder / "results.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()] if path.exists() else []


def test_run_then_report(data_file, bench_server, tmp_path, monkeypatch):
    monkeypatch.setenv("OPENAI_API_BASE", bench_server.url)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    cli = CliRunner()
    for mode in ("context-free", "context-rich"):
        result = cli.invoke(app, ["bench", "run", "--data", str(data_file), "--model", "openai/r", "--judge", "openai/j",
                                  "--mode", mode, "--limit", "6", "--out", str(tmp_path / mode), "--no-progress"])
        assert result.exit_code == 0, result.output
        assert json.loads(result.output.strip().splitlines()[-1])["done"] == 6
    result = cli.invoke(app, ["bench", "report", str(tmp_path / "context-free"), str(tmp_path / "context-rich"),
                              "--out", str(tmp_path / "report")])
    assert result.exit_code == 0, result.output
    assert "+150.0%" in (tmp_path / "report" / "report.md").read_text()  # 2.0 -> 5.0


def test_bad_input_gives_a_clear_error(data_file, tmp_path):
    cli = CliRunner()
    result = cli.invoke(app, ["bench", "run", "--data", str(data_file), "--model", "m", "--judge", "j",
                              "--mode", "sideways", "--out", str(tmp_path / "x")])
    assert result.exit_code == 2 and "unknown mode 'sideways'" in result.output
    result = cli.invoke(app, ["bench", "run", "--data", str(tmp_path / "none.jsonl"), "--model", "m", "--judge", "j",
                              "--out", str(tmp_path / "x")])
    assert result.exit_code == 2 and "no such file" in result.output
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"query": "Should I quit?", "domain": "nope", "profile": {}}\n')
    result = cli.invoke(app, ["bench", "run", "--data", str(bad), "--model", "m", "--judge", "j",
                              "--out", str(tmp_path / "x")])
    assert result.exit_code == 2 and "bad.jsonl:1: not a benchmark item: domain:" in result.output
    assert len(result.stderr.strip().splitlines()) == 1


@pytest.mark.slow
def test_a_killed_run_resumes_without_losing_or_repeating_items(data_file, bench_server, tmp_path):
    bench_server.delay_seconds = 0.05
    out = tmp_path / "run"
    env = {**os.environ, "OPENAI_API_BASE": bench_server.url, "OPENAI_API_KEY": "sk-test"}
    command = [sys.executable, "-m", "penguin_guard", "bench", "run", "--data", str(data_file), "--model", "openai/r",
               "--judge", "openai/j", "--mode", "context-rich", "--concurrency", "2", "--out", str(out), "--no-progress"]
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while len(results(out)) < 4 and time.monotonic() < deadline and process.poll() is None:
        time.sleep(0.05)
    process.send_signal(signal.SIGKILL)
    process.wait()
    killed_at = len(results(out))
    assert 4 <= killed_at < 20
    finished = subprocess.run(command, env=env, capture_output=True, text=True, timeout=120)
    assert finished.returncode == 0, finished.stderr
    summary = json.loads(finished.stdout.strip().splitlines()[-1])
    assert summary["skipped"] == killed_at and summary["done"] == 20 - killed_at
    ids = [r["item_id"] for r in results(out)]
    assert len(ids) == len(set(ids)) == 20
