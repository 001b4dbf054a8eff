"""Where the shipped folders are: inside the wheel (penguin_guard/rails, penguin_guard/rails_colang2,
penguin_guard/recipes) or, in a source checkout, at the repository's top level (rails/, rails_colang2/,
integrations/)."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def _shipped(inside_wheel: str, in_checkout: str) -> Path:
    packaged = _PACKAGE / inside_wheel
    if packaged.is_dir():
        return packaged
    checkout = _PACKAGE.parent / in_checkout
    if checkout.is_dir():
        return checkout
    raise FileNotFoundError(f"neither {packaged} nor {checkout} exists: is penguin-guard installed completely?")


def rails_folder() -> Path:
    """The NeMo Guardrails rails pack (add it to a bot's config.yml under import_paths)."""
    return _shipped("rails", "rails")


def rails_folder_colang2() -> Path:
    """The Colang 2.x variant of the rails pack: a sibling folder, so a 1.0 import of rails/ never loads it."""
    return _shipped("rails_colang2", "rails_colang2")


def recipes_folder() -> Path:
    """Ready-to-run integration recipes (LiteLLM proxy config, example apps)."""
    return _shipped("recipes", "integrations")
