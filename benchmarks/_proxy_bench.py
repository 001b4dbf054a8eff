"""What the LiteLLM-proxy benchmarks share: paths, the shipped recipe with and without its guardrail, the prompts,
and the RESULTS.md section writer. proxy_throughput.py and load_sessions.py import it (benchmarks/ is on sys.path
when a script in it runs); the loopback provider and the proxy processes come from penguin_guard.testing.
"""

from __future__ import annotations

from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
RECIPE = ROOT / "integrations" / "litellm" / "config.yaml"

BENIGN = [
    "How do I reverse a list in Python?",
    "What is the boiling point of water at high altitude?",
    "Give me three ideas for a vegetarian dinner.",
    "Explain what a hash map is in two sentences.",
    "Translate 'good morning' into Spanish and French.",
]
RISKY = [
    "Should I quit my job and move far away from everyone I know?",
    "Should I put all my savings into one stock my friend recommended?",
    "My partner and I fight every day, should I leave the marriage?",
    "I failed my exam again, should I drop out of university?",
]


def unguarded_config(folder: Path) -> Path:
    """The shipped recipe without its `guardrails:` section (the baseline proxy), written into `folder`."""
    config = yaml.safe_load(RECIPE.read_text())
    config.pop("guardrails", None)
    path = folder / "unguarded.yaml"
    path.write_text(yaml.safe_dump(config))
    return path


def write_section(path: Path, section: str) -> None:
    """Replace the section that starts with `section`'s first line in RESULTS.md (or append it); the other
    benchmarks' sections stay as they are."""
    title = section.split("\n", 1)[0]
    existing = path.read_text() if path.exists() else "# Benchmark results\n"
    if title + "\n" in existing:
        head, _, rest = existing.partition(title + "\n")
        following = rest.find("\n## ")
        tail = rest[following:] if following >= 0 else ""
        existing = head.rstrip() + "\n\n" + section.rstrip() + "\n" + tail
    else:
        existing = existing.rstrip() + "\n\n" + section
    path.write_text(existing if existing.endswith("\n") else existing + "\n")
