"""The bundled PENGUIN seed set: every scenario of the taxonomy, hand-written profiles and queries.

Why bundle one: the whole pipeline (detector training, RAISE planning, the benchmark runner) must run offline
and without the public dataset. Each item carries the full profile, so both paper variants come from it:
`item.context_free_prompt()` and `item.context_rich_prompt()`. The file is built by scripts/build_seed_set.py.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from penguin_guard.bench.items import BenchItem, read_items

__all__ = ["SEED_PATH", "load_seed"]

SEED_PATH: Path = Path(str(resources.files("penguin_guard").joinpath("data/penguin_seed.jsonl")))


def load_seed() -> list[BenchItem]:
    """All seed items, in file order (domain, scenario, profile, query)."""
    return list(read_items(SEED_PATH))
