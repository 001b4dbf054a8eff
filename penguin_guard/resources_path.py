"""Where the shipped folders are.

The rails packs are package data (penguin_guard/rails/), so the same path holds in a source checkout and in
an installed wheel; the repository's top-level `rails` is a symlink to that folder, the documented home. The
two packs are siblings (rails/colang1, rails/colang2) because NeMo loads every .co and .yml file under an
import path, recursively: a bot imports one pack folder, never rails/ itself.

The integration recipes are package data the same way (penguin_guard/recipes/; the top-level `integrations` is a
symlink to it).
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent
RAILS_HOME = _PACKAGE / "rails"


def rails_folder() -> Path:
    """The Colang 1.0 rails pack (add it to a bot's config.yml under import_paths)."""
    return RAILS_HOME / "colang1"


def rails_folder_colang2() -> Path:
    """The Colang 2.x rails pack: a sibling of the 1.0 pack, so importing either never loads the other."""
    return RAILS_HOME / "colang2"


def rails_example_bot() -> Path:
    """A complete Colang 1.0 bot that adds the pack (run its app.py); outside both packs, so none loads it."""
    return RAILS_HOME / "examples" / "bot"


def recipes_folder() -> Path:
    """Ready-to-run integration recipes (LiteLLM proxy config, example apps)."""
    return _PACKAGE / "recipes"
