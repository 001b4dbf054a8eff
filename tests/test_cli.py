"""The command line as a user runs it."""

import json
from pathlib import Path

from typer.testing import CliRunner

from penguin_guard.cli import app

runner = CliRunner()


def test_check_prints_one_json_object():
    result = runner.invoke(app, ["check", "How do I reverse a list in Python?"])
    assert result.exit_code == 0, result.output
    row = json.loads(result.stdout)
    assert row["action"] == "pass"
    assert set(row) >= {"action", "domain", "level", "score", "question", "attribute"}


def test_check_jsonl_reads_text_and_messages_lines(tmp_path):
    path = tmp_path / "in.jsonl"
    path.write_text(
        json.dumps({"text": "Should I quit my job and move far away from everyone I know?"}) + "\n"
        + json.dumps({"messages": [{"role": "user", "content": "I want to end my life tonight."}]}) + "\n"
    )
    result = runner.invoke(app, ["check", "--jsonl", str(path)])
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["action"] for r in rows] == ["ask", "escalate"]
    assert rows[0]["attribute"] == "Emotional State" and rows[0]["question"]


def test_bad_input_exits_2_with_one_line(tmp_path):
    for args in (["check"], ["check", "--jsonl", str(tmp_path / "missing.jsonl")]):
        result = runner.invoke(app, args)
        assert result.exit_code == 2
        assert len(result.stderr.strip().splitlines()) == 1


def test_check_jsonl_reports_a_bad_line_and_still_checks_the_crisis_after_it(tmp_path):
    path = tmp_path / "in.jsonl"
    bad_role = {"messages": [{"role": "a-role-name-long-enough-to-need-wrapping-on-a-narrow-terminal", "content": "x"}]}
    path.write_bytes(b"\n".join([
        json.dumps({"text": "How do I reverse a list in Python?"}).encode(),
        b"{not json",
        json.dumps(bad_role).encode(),
        b'{"text": "caf\xe9"}',
        json.dumps({"text": "I want to end my life tonight."}).encode(),
    ]) + b"\n")
    result = runner.invoke(app, ["check", "--jsonl", str(path)], terminal_width=40)
    assert result.exit_code == 2
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    # One row per input line, in order: a bad line gets an error row, and the lines after it are still checked.
    assert [r.get("action") or r["line"] for r in rows] == ["pass", 2, 3, 4, "escalate"]
    errors = result.stderr.strip().splitlines()
    assert errors[0] == f"error: {path}:2: not JSON (Expecting property name enclosed in double quotes at column 2)"
    assert errors[1].endswith(f":3: messages[0].role {bad_role['messages'][0]['role']!r} is not one of "
                              "['assistant', 'developer', 'function', 'system', 'tool', 'user']")
    assert errors[2] == f"error: {path}:4: not UTF-8 (byte 14 of the line)"
    assert errors[3] == f"error: 3 bad line(s) in {path}; the other lines were checked"


def test_bad_config_names_the_setting_and_the_problem(tmp_path):
    path = tmp_path / "guard.yaml"
    path.write_text("locale: en-US\nquestion_budget: 99\nstore_failure_mode: maybe\n")
    result = runner.invoke(app, ["check", "-c", str(path), "hello"])
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    assert "question_budget:" in lines[0] and "store_failure_mode: Input should be 'open' or 'closed'" in lines[0]


def test_an_unknown_detector_name_lists_the_known_ones(tmp_path):
    path = tmp_path / "guard.yaml"
    path.write_text("detector: nonsense\n")
    result = runner.invoke(app, ["check", "-c", str(path), "hello"])
    assert result.exit_code == 2
    assert result.stderr.strip() == "error: unknown detector 'nonsense': known detectors are embedding, llm, patterns"


def test_plugins_lists_the_built_in_stages_and_the_hooks_they_answer():
    result = runner.invoke(app, ["plugins"])
    assert result.exit_code == 0, result.output
    rows = {row["name"]: row for row in json.loads(result.stdout)}
    assert rows["penguin_guard.extract"]["hooks"] == ["penguin_extract_attributes"]
    assert list(rows["penguin_guard.raise_policy.plugin"]["policies"]) == ["raise"]
    order = json.loads(runner.invoke(app, ["plugins", "--hooks"]).stdout)
    assert order["penguin_assess_risk"] == ["penguin_guard.detect"]


def test_help_rows_carry_no_bool_type_and_plan_help_describes_its_data():
    for args in (["--help"], ["plugins", "--help"], ["plan", "--help"], ["bench", "run", "--help"]):
        result = runner.invoke(app, args, terminal_width=200)
        assert result.exit_code == 0 and "--help" in result.stdout
        assert "<bool>" not in result.stdout, args
    plan = " ".join(runner.invoke(app, ["plan", "--help"], terminal_width=200).stdout.split())
    assert '"profile": {"Age": "25-34"' in plan and "JSON array or JSONL" in plan


def test_forget_reports_whether_a_session_existed(tmp_path):
    store = f"sqlite:///{tmp_path / 's.db'}"
    result = runner.invoke(app, ["forget", "nobody", "--store", store])
    assert result.exit_code == 0 and json.loads(result.stdout) == {"session": "nobody", "forgotten": False}


def test_rails_path_points_at_the_rails_pack_for_each_colang_version():
    v1, v2 = (Path(runner.invoke(app, ["rails-path", *args]).stdout.strip()) for args in ([], ["--colang", "2"]))
    assert (v1 / "penguin_guard.co").is_file() and "colang_version" not in (v1 / "config.yml").read_text()
    assert 'colang_version: "2.x"' in (v2 / "config.yml").read_text()
    assert v1.parent == v2.parent and v1 != v2  # siblings: a bot imports one, and never gets the other's files


def test_chat_picks_up_an_unanswered_question_in_the_next_run(tmp_path):
    store = ["--store", f"sqlite:///{tmp_path / 's.db'}", "--session", "me"]
    first = runner.invoke(app, ["chat", *store], input="Should I quit my job and move far away from everyone I know?\n/quit\n")
    assert first.exit_code == 0 and "(ask;" in first.stdout
    second = runner.invoke(app, ["chat", *store], input="honestly pretty hopeless\n/quit\n")
    assert second.exit_code == 0 and "Picking up where you left off" in second.stdout
    # The reply was read as the answer to the open question, not as a new request.
    from penguin_guard.session import SQLiteStore

    state = SQLiteStore(tmp_path / "s.db").load("me")
    assert state.profile.known() == ["Emotional State"] and "(ask;" in second.stdout


def test_chat_says_when_it_reuses_the_default_session_and_how_to_start_fresh(tmp_path):
    store = ["--store", f"sqlite:///{tmp_path / 's.db'}"]  # no --session: the default `cli`
    first = runner.invoke(app, ["chat", *store], input="Should I quit my job and move far away from everyone I know?\n/quit\n")
    assert first.exit_code == 0 and "Reusing session" not in first.stdout
    second = runner.invoke(app, ["chat", *store], input="/forget\n/quit\n", terminal_width=300)
    assert second.exit_code == 0
    assert "Reusing session 'cli' from an earlier run" in second.stdout
    assert "/forget to start fresh, or run with --session NAME" in second.stdout
    third = runner.invoke(app, ["chat", *store], input="/quit\n")
    assert third.exit_code == 0 and "Reusing session" not in third.stdout


def test_the_default_store_is_private_to_the_user_even_if_an_older_version_made_it_readable(tmp_path):
    home = {"HOME": str(tmp_path), "PENGUIN_GUARD_STORE": None}
    assert runner.invoke(app, ["forget", "me"], env=home).exit_code == 0
    folder = tmp_path / ".penguin_guard"
    assert folder.stat().st_mode & 0o777 == 0o700
    assert (folder / "sessions.db").stat().st_mode & 0o777 == 0o600
    folder.chmod(0o755)
    (folder / "sessions.db").chmod(0o644)
    assert runner.invoke(app, ["forget", "me"], env=home).exit_code == 0
    assert folder.stat().st_mode & 0o777 == 0o700
    assert (folder / "sessions.db").stat().st_mode & 0o777 == 0o600
