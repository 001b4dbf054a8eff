"""One benchmark item: a query, where it comes from, and the profile of the user who asks it.

The same item gives both prompt variants of the paper: context-free (the query alone) and context-rich (the
query with the full profile). The project's own JSONL format is one `BenchItem.model_dump_json()` per line.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from penguin_guard.taxonomy import ATTRIBUTES, Domain, canonical_attribute

Source = Literal["real", "synthetic", "own"]


class BenchItem(BaseModel):
    """A query plus the asker's profile over the 10 PENGUIN attributes (missing values allowed)."""

    model_config = ConfigDict(frozen=True)

    id: str = ""
    query: str = Field(min_length=1)
    domain: Domain
    scenario: str = ""
    source: Source = "own"
    # attribute name (canonical, e.g. "Emotional State") -> value; attributes absent from the dict are unknown.
    profile: dict[str, str] = Field(default_factory=dict)

    @field_validator("profile", mode="before")
    @classmethod
    def _canonical_names(cls, value: object) -> dict[str, str]:
        if not isinstance(value, dict):
            raise ValueError("profile must be a mapping of attribute -> value")
        out: dict[str, str] = {}
        for key, raw in value.items():
            name = canonical_attribute(str(key))
            if name is None:
                raise ValueError(f"unknown attribute {key!r}; expected one of {', '.join(ATTRIBUTES)}")
            if raw is not None and str(raw).strip():
                out[name] = str(raw).strip()
        return out

    def model_post_init(self, __context: object) -> None:
        if not self.id:
            digest = hashlib.sha1(f"{self.domain}\x00{self.query}\x00{sorted(self.profile.items())}".encode()).hexdigest()
            object.__setattr__(self, "id", digest[:12])

    def context_free_prompt(self) -> str:
        return self.query

    def context_rich_prompt(self, attributes: Iterable[str] | None = None) -> str:
        """The query preceded by the asker's background (all known attributes, or only `attributes`)."""
        chosen = [a for a in ATTRIBUTES if a in self.profile and (attributes is None or a in set(attributes))]
        if not chosen:
            return self.query
        lines = "\n".join(f"- {a}: {self.profile[a]}" for a in chosen)
        return f"About me:\n{lines}\n\nMy question: {self.query}"


def read_items(path: str | Path) -> Iterator[BenchItem]:
    """Items from the project's own JSONL format (one BenchItem per line; blank lines skipped)."""
    with Path(path).open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if not line.strip():
                continue
            try:
                yield BenchItem.model_validate(json.loads(line))
            except ValidationError as exc:  # one line per bad file, naming each field: not pydantic's report
                problems = "; ".join(f"{'.'.join(map(str, e['loc'])) or 'item'}: {e['msg']}" for e in exc.errors())
                raise ValueError(f"{path}:{number}: not a benchmark item: {problems}") from exc
            except (ValueError, TypeError) as exc:
                raise ValueError(f"{path}:{number}: not a benchmark item: {exc}") from exc


def write_items(items: Iterable[BenchItem], path: str | Path) -> int:
    count = 0
    with Path(path).open("w", encoding="utf-8") as handle:
        for item in items:
            handle.write(item.model_dump_json() + "\n")
            count += 1
    return count
