"""What the wheel ships: every file the guard reads at run time, and not the training data or the experiments.

The wheel is built for real (hatchling, the build backend, is in the dev group; building takes ~0.3 s offline).
"""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
from hatchling.builders.wheel import WheelBuilder
from pydantic import ValidationError

from penguin_guard import GuardConfig, static_embed

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "penguin_guard"
# Training data (scripts/build_detector.py, scripts/build_crisis_head.py) and the static-encoder experiment.
LEFT_OUT = {
    "penguin_guard/data/detector/train.jsonl",
    "penguin_guard/data/detector/static_encoder.npz",
    "penguin_guard/data/detector/static_detector.npz",
    "penguin_guard/data/detector/static_metrics.json",
}


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    (path,) = WheelBuilder(str(ROOT)).build(directory=str(tmp_path_factory.mktemp("wheel")), versions=["standard"])
    return Path(path)


@pytest.fixture(scope="module")
def shipped(wheel) -> set[str]:
    with zipfile.ZipFile(wheel) as archive:
        return set(archive.namelist())


def test_the_wheel_leaves_out_the_training_data_and_the_static_encoder(shipped, wheel):
    assert LEFT_OUT.isdisjoint(shipped)
    assert not [name for name in shipped if name.startswith("penguin_guard/data/detector/") and name.endswith(".jsonl")]
    print(f"wheel {wheel.stat().st_size / 1e6:.1f} MB")
    # 8.7 MB: 2.8 MB before the tuned crisis encoder, whose four e5 layers (int8, ~5.4 MB in data/crisis/head.npz)
    # bought blind crisis recall 0.83 -> 0.95 (benchmarks/RESULTS.md), worth far more than the megabytes. The
    # static table, left out, would add ~3.6 MB.
    assert wheel.stat().st_size < 10_000_000


def test_the_wheel_ships_every_other_data_file_and_the_typing_marker(shipped):
    data = {f"penguin_guard/{p.relative_to(PACKAGE).as_posix()}" for p in (PACKAGE / "data").rglob("*") if p.is_file()}
    assert data - LEFT_OUT <= shipped
    assert "penguin_guard/data/detector/detector.npz" in shipped  # the default detector's heads
    assert "penguin_guard/py.typed" in shipped


def test_the_wheel_ships_the_rails_packs_where_the_checkout_has_them(shipped):
    """The packs are package data: the path resources_path gives in a checkout is the one the wheel installs."""
    from penguin_guard.resources_path import rails_example_bot, rails_folder, rails_folder_colang2

    for folder in (rails_folder(), rails_folder_colang2(), rails_example_bot()):
        files = {p.relative_to(ROOT).as_posix() for p in folder.rglob("*") if p.is_file() and p.suffix != ".pyc"}
        assert files and files <= shipped, folder
    for pack in ("colang1", "colang2"):
        pack_files = {f"penguin_guard/rails/{pack}/{name}" for name in ("config.py", "config.yml", "penguin_guard.co")}
        assert pack_files <= shipped
    assert "penguin_guard/rails/.railsignore" in shipped
    assert not [name for name in shipped if name.startswith(("rails", "penguin_guard/rails_colang2"))]


def test_the_top_level_rails_folder_is_the_packages_rails_home():
    from penguin_guard.resources_path import RAILS_HOME, rails_folder

    assert (ROOT / "rails").resolve() == RAILS_HOME
    assert (ROOT / "rails" / "colang1").resolve() == rails_folder()


def test_the_wheel_ships_the_recipes_where_the_checkout_has_them(shipped):
    """The recipes are package data too; the top-level `integrations` is a symlink to them (no force-include)."""
    from penguin_guard.resources_path import recipes_folder

    assert (ROOT / "integrations").resolve() == recipes_folder()
    files = {p.relative_to(ROOT).as_posix() for p in recipes_folder().rglob("*") if p.is_file() and p.suffix != ".pyc"}
    assert "penguin_guard/recipes/litellm/config.yaml" in files
    assert files <= shipped
    assert not [name for name in shipped if name.startswith("integrations")]


def test_only_the_static_encoder_reads_the_files_left_out():
    """The grep behind the exclude list: no module but the static encoder's names a left-out file."""
    readers = {
        path.relative_to(PACKAGE).as_posix()
        for path in PACKAGE.rglob("*.py")
        for name in LEFT_OUT
        if Path(name).name in path.read_text(encoding="utf-8")
    }
    assert readers == {"static_embed.py", "detect.py"}  # detect.py: the "static" entry of its heads table


def test_the_static_encoder_is_refused_when_the_config_is_built_where_its_table_is_missing(monkeypatch):
    monkeypatch.setattr(static_embed, "table_available", lambda: False)
    with pytest.raises(ValidationError, match="source checkout"):
        GuardConfig(detector_encoder="static")
    assert GuardConfig().detector_encoder == "minilm"


def test_a_source_checkout_has_the_static_table():
    assert static_embed.table_available()
    assert GuardConfig(detector_encoder="static").detector_encoder == "static"


def test_benchmarks_share_the_test_helpers_through_the_package_not_through_tests():
    """benchmarks/ and tests/ both import penguin_guard.testing; neither puts the other on sys.path."""
    for path in (ROOT / "benchmarks").glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert '"tests"' not in text.replace('ROOT / "tests" / "data"', ""), path.name  # data files are fine
        assert "from loopback import" not in text and "from proxy_process import" not in text, path.name
    from penguin_guard.testing import LoopbackLLM, start_proxy

    assert callable(start_proxy)
    server = LoopbackLLM().start()
    try:
        assert server.url.startswith("http://127.0.0.1:")
    finally:
        server.stop()
