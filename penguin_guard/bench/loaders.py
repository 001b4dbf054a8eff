"""Loading benchmark items: the public PENGUIN release, the project's own JSONL, and the bundled seed set.

`load_items(spec)` is what the CLI calls: `seed`, `hf` / `hf:owner/name`, or a file path whose format is
detected from its first record (public-release records carry `age`/`emotional_state`-style keys and a
`scenario`; our own records carry a `profile` mapping).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from penguin_guard.bench.items import BenchItem, read_items
from penguin_guard.taxonomy import domain_of_scenario, load_taxonomy

HUB_DATASET = "wick1d/Personalized_Safety_Data"

log = logging.getLogger(__name__)


class DataError(ValueError):
    """Benchmark data that cannot be read (missing file, wrong format, a record without a query)."""


class UnknownScenario(DataError):
    """A public record whose scenario is neither a domain nor a taxonomy scenario: skipped, not fatal."""


def public_fields() -> dict[str, str]:
    """Public-release key -> canonical attribute (the release has no self-harm field)."""
    mapping = load_taxonomy()["public_dataset_fields"]
    return {key: attribute for attribute, key in mapping.items() if key}


def from_public_record(record: dict[str, Any], where: str = "record") -> BenchItem:
    """One public-release record as a BenchItem. `scenario` is a domain (real) or a scenario name (synthetic)."""
    if not isinstance(record, dict):
        raise DataError(f"{where}: expected a JSON object, got {type(record).__name__}")
    query = str(record.get("query") or "").strip()
    if not query:
        raise DataError(f"{where}: no query")
    scenario = str(record.get("scenario") or "").strip()
    domain = domain_of_scenario(scenario) if scenario else None
    if domain is None:
        raise UnknownScenario(f"{where}: scenario {scenario!r} is neither a PENGUIN domain nor one of the 140 "
                              "scenarios")
    source = str(record.get("source") or "").strip().lower()
    profile = {attribute: record[key] for key, attribute in public_fields().items()
               if record.get(key) is not None and str(record[key]).strip()}
    return BenchItem(
        query=query,
        domain=domain,
        scenario="" if scenario == domain else scenario,
        source=source if source in ("real", "synthetic") else "own",
        profile=profile,
    )


def _records(path: Path) -> Iterator[tuple[str, Any]]:
    """(location, record) from a JSON array file or a JSONL file."""
    text = path.read_text(encoding="utf-8")
    stripped = text.lstrip()
    if stripped.startswith("["):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise DataError(f"{path}: not valid JSON: {exc}") from exc
        for index, record in enumerate(data):
            yield f"{path}[{index}]", record
        return
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            yield f"{path}:{number}", json.loads(line)
        except json.JSONDecodeError as exc:
            raise DataError(f"{path}:{number}: not valid JSON: {exc}") from exc


def load_public(path: str | Path) -> list[BenchItem]:
    """Items from a public-release file (JSON array or JSONL).

    A record with an unknown scenario is skipped with a warning (one line naming the first few and the count):
    one odd record in a release of thousands should not stop a run. Every other bad record is an error."""
    path = Path(path)
    if not path.is_file():
        raise DataError(f"{path}: no such file")
    items, skipped = [], []
    for where, record in _records(path):
        try:
            items.append(from_public_record(record, where))
        except UnknownScenario as exc:
            skipped.append(str(exc))
    if skipped:
        log.warning("skipped %d of %d records in %s with an unknown scenario: %s%s", len(skipped),
                    len(skipped) + len(items), path, "; ".join(skipped[:3]), " ..." if len(skipped) > 3 else "")
    return items


def load_hub(name: str = HUB_DATASET) -> list[BenchItem]:
    """Items from a dataset repository on the Hugging Face hub (its JSON / JSONL files, in the public format).

    Uses huggingface_hub (installed with sentence-transformers); needs a network connection. Offline, or for an
    unknown repository, the error says so and suggests downloading the file and passing its path.
    """
    try:
        from huggingface_hub import HfApi, hf_hub_download
    except ImportError as exc:
        raise DataError("loading from the Hugging Face hub needs huggingface_hub: pip install huggingface_hub") from exc
    try:
        files = [f for f in HfApi().list_repo_files(name, repo_type="dataset") if f.endswith((".json", ".jsonl"))]
        paths = [hf_hub_download(name, f, repo_type="dataset") for f in sorted(files)]
    except Exception as exc:  # offline, unknown repository, auth: all surface the same way
        raise DataError(
            f"could not load {name!r} from the Hugging Face hub ({type(exc).__name__}); are you online? "
            "Download the data file and pass its path instead."
        ) from exc
    if not paths:
        raise DataError(f"{name!r} on the Hugging Face hub has no JSON or JSONL file")
    return [item for path in paths for item in load_public(path)]


def _is_public(record: Any) -> bool:
    return isinstance(record, dict) and "profile" not in record and any(key in record for key in public_fields())


def load_file(path: str | Path) -> list[BenchItem]:
    """A local file in either format, detected from its first record."""
    path = Path(path)
    if not path.is_file():
        raise DataError(f"{path}: no such file")
    first = next(_records(path), None)
    if first is None:
        return []
    if _is_public(first[1]):
        return load_public(path)
    try:
        return list(read_items(path))
    except ValueError as exc:
        raise DataError(str(exc)) from exc


def load_items(spec: str) -> list[BenchItem]:
    """`seed`, `hf` or `hf:owner/name`, or a path."""
    if spec == "seed":
        try:
            from penguin_guard.bench.seed import load_seed
        except ImportError as exc:
            raise DataError("the bundled seed set is not installed (penguin_guard.bench.seed)") from exc
        return list(load_seed())
    if spec == "hf" or spec.startswith("hf:"):
        return load_hub(spec.partition(":")[2] or HUB_DATASET)
    return load_file(spec)


def unique(items: Iterable[BenchItem]) -> list[BenchItem]:
    """Drop repeated items (same id), keeping the first: a run keys its results by item id."""
    seen: set[str] = set()
    out = []
    for item in items:
        if item.id not in seen:
            seen.add(item.id)
            out.append(item)
    return out
