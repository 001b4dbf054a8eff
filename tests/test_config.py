import pytest
from pydantic import ValidationError

from penguin_guard.config import GuardConfig


def test_yaml_then_env_then_keywords(tmp_path, monkeypatch):
    path = tmp_path / "guard.yaml"
    path.write_text("question_budget: 2\nlocale: en-GB\ndepth:\n  high: 2\n")
    monkeypatch.setenv("PENGUIN_GUARD_LOCALE", "de-DE")
    config = GuardConfig.load(path, store="sqlite:///x.db")
    assert config.question_budget == 2
    assert config.depth.high == 2
    assert config.locale == "de-DE"
    assert config.store == "sqlite:///x.db"


def test_bad_values_are_rejected(tmp_path):
    path = tmp_path / "guard.yaml"
    path.write_text("question_budget: -1\n")
    with pytest.raises(ValidationError):
        GuardConfig.load(path)
