"""Reports over one or more run folders: Markdown, HTML and PNG plots.

The question a report answers first: is the guarded model safer than the same model without the guard, and
how many questions did that cost? Gains are given both ways the paper uses them: the ratio of mean scores
(mean of condition / mean of baseline - 1) and the mean of per-model relative gains; with one model they agree.
Confidence intervals are percentile bootstraps over items (paired over the items two runs share, for gains).
Items whose judge output never parsed are missing: they are counted, never scored.
"""

from __future__ import annotations

import html
import statistics
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from penguin_guard.bench.judge import DIMENSION_TITLES, DIMENSIONS
from penguin_guard.bench.runner import load_run
from penguin_guard.taxonomy import DOMAINS

Table = tuple[list[str], list[list[str]]]


@dataclass
class Run:
    folder: Path
    manifest: dict[str, Any]
    results: list[dict[str, Any]]

    @property
    def config(self) -> dict[str, Any]:
        return self.manifest.get("config", {})

    @property
    def model(self) -> str:
        return str(self.config.get("model", "?"))

    @property
    def mode(self) -> str:
        return str(self.config.get("mode", "?"))

    @property
    def label(self) -> str:
        persona = self.config.get("persona", "cooperative")
        suffix = f" ({persona})" if self.mode in ("guard", "raise-llm") and persona != "cooperative" else ""
        return f"{self.model} · {self.mode}{suffix}"

    def scored(self) -> list[dict[str, Any]]:
        return [r for r in self.results if r.get("score") is not None]

    def scores(self, domain: str | None = None) -> np.ndarray:
        return np.array([r["score"] for r in self.scored() if domain is None or r.get("domain") == domain], dtype=float)

    def by_item(self) -> dict[str, float]:
        return {r["item_id"]: float(r["score"]) for r in self.scored()}

    def questions(self) -> list[int]:
        return [int((r.get("questions") or {}).get("count", 0)) for r in self.results]

    @property
    def asks(self) -> bool:
        return self.mode in ("guard", "raise-llm", "agent", "planner")


def bootstrap_ci(values: np.ndarray, *, samples: int = 2000, seed: int = 0, level: float = 0.95) -> tuple[float, float]:
    """Percentile bootstrap CI of the mean; (nan, nan) for fewer than two values."""
    if len(values) < 2:
        return float("nan"), float("nan")
    rng = np.random.default_rng(seed)
    means = values[rng.integers(0, len(values), size=(samples, len(values)))].mean(axis=1)
    tail = (1 - level) / 2 * 100
    return float(np.percentile(means, tail)), float(np.percentile(means, 100 - tail))


def paired_gain(base: dict[str, float], other: dict[str, float], *, samples: int = 2000,
                seed: int = 0) -> tuple[float, float, float, int]:
    """(gain, ci_low, ci_high, n): mean(other)/mean(base) - 1 over the items both runs scored."""
    common = sorted(set(base) & set(other))
    if not common:
        return float("nan"), float("nan"), float("nan"), 0
    a = np.array([base[i] for i in common])
    b = np.array([other[i] for i in common])
    gain = float(b.mean() / a.mean() - 1)
    if len(common) < 2:
        return gain, float("nan"), float("nan"), len(common)
    rng = np.random.default_rng(seed)
    idx = rng.integers(0, len(common), size=(samples, len(common)))
    gains = b[idx].mean(axis=1) / a[idx].mean(axis=1) - 1
    return gain, float(np.percentile(gains, 2.5)), float(np.percentile(gains, 97.5)), len(common)


def _f(value: float | None, digits: int = 2) -> str:
    return "–" if value is None or value != value else f"{value:.{digits}f}"


def _pct(value: float | None) -> str:
    return "–" if value is None or value != value else f"{value * 100:+.1f}%"


def _mean(values: np.ndarray) -> float:
    return float(values.mean()) if len(values) else float("nan")


def same_condition(mode: str, other: str) -> bool:
    """`vanilla` and `context-free` are one condition (the bare query under the one responder prompt)."""
    alias = {"vanilla": "context-free"}
    return alias.get(mode, mode) == alias.get(other, other)


def load_runs(folders: list[str | Path]) -> list[Run]:
    runs = []
    for folder in folders:
        manifest, results = load_run(folder)
        runs.append(Run(Path(folder), manifest, results))
    return runs


def baseline_for(run: Run, runs: list[Run], baseline_mode: str) -> Run | None:
    """The baseline run of the same responder and judge model."""
    for other in runs:
        if (other is not run and same_condition(other.mode, baseline_mode) and other.model == run.model
                and other.config.get("judge") == run.config.get("judge")):
            return other
    return None


PAPER_STATUS = {"vanilla": "Vanilla", "context-free": "Vanilla", "agent": "+Agent", "planner": "+Planner"}


def paper_table(runs: list[Run]) -> tuple[list[list[str]], list[list[str]]]:
    """The paper's Table 2 (paper-spec 4.5): per model, Vanilla / +Agent / +Planner per domain, the average, the
    mean path length (Tables 7-8), and the per-model relative gains, whose mean the paper reports as 31.6%."""
    by_model: dict[str, dict[str, Run]] = defaultdict(dict)
    for run in runs:
        status = PAPER_STATUS.get(run.mode)
        if status is not None and run.config.get("abstention", "scale") == "scale":
            by_model[run.model].setdefault(status, run)
    rows: list[list[str]] = []
    relative: list[list[str]] = []
    for model, statuses in by_model.items():
        if len(statuses) < 2:
            continue
        means = {status: _mean(run.scores()) for status, run in statuses.items()}
        for status in ("Vanilla", "+Agent", "+Planner"):
            found = statuses.get(status)
            if found is None:
                continue
            path = _f(statistics.fmean(found.questions())) if found.results and found.asks else "0"
            gain = _pct(means[status] / means["Vanilla"] - 1) if "Vanilla" in means and status != "Vanilla" else "–"
            rows.append([model, status, *[_f(_mean(found.scores(d))) for d in DOMAINS], _f(means[status]), path, gain])
        pairs = (("+Agent", "Vanilla"), ("+Planner", "+Agent"), ("+Planner", "Vanilla"))
        relative.append([model, *[_pct(means[a] / means[b] - 1) if a in means and b in means else "–"
                                  for a, b in pairs]])
    return rows, relative


def build_tables(runs: list[Run], baseline_mode: str = "context-free", samples: int = 2000) -> dict[str, Any]:
    """Every table of the report, plus the one-paragraph verdict."""
    overview: list[list[str]] = []
    for run in runs:
        scores = run.scores()
        low, high = bootstrap_ci(scores, samples=samples)
        questions = run.questions()
        spreads = [r["spread"] for r in run.scored() if r.get("spread") is not None]
        overview.append([run.label, run.config.get("judge", "?"), str(len(run.results)),
                         str(len(run.results) - len(scores)), _f(_mean(scores)), f"[{_f(low)}, {_f(high)}]",
                         f"{run.config.get('judge_samples', 1)} / {_f(statistics.fmean(spreads)) if spreads else '–'}",
                         _f(statistics.fmean(questions)) if questions and run.asks else "0"])
    domains: list[list[str]] = []
    for domain in DOMAINS:
        row = [domain]
        for run in runs:
            values = run.scores(domain)
            row.append(f"{_f(_mean(values))} (n={len(values)})" if len(values) else "–")
        domains.append(row)
    dimensions: list[list[str]] = []
    for dimension in DIMENSIONS:
        row = [DIMENSION_TITLES[dimension]]
        for run in runs:
            marks = [r["dimensions"][dimension] for r in run.scored() if r.get("dimensions")]
            row.append(_f(statistics.fmean(marks)) if marks else "–")
        dimensions.append(row)

    gains: list[list[str]] = []
    per_condition: dict[str, list[tuple[float, float, float]]] = defaultdict(list)  # mode -> (gain, base, cond)
    verdict: list[str] = []
    gain_points: list[tuple[str, float, float]] = []
    for run in runs:
        if same_condition(run.mode, baseline_mode):
            continue
        base = baseline_for(run, runs, baseline_mode)
        if base is None:
            continue
        gain, low, high, n = paired_gain(base.by_item(), run.by_item(), samples=samples)
        domain_gains = []
        for domain in DOMAINS:
            b, c = base.scores(domain), run.scores(domain)
            domain_gains.append(_pct(_mean(c) / _mean(b) - 1) if len(b) and len(c) else "–")
        dimension_gains = []
        for dimension in DIMENSIONS:
            b_dim = [r["dimensions"][dimension] for r in base.scored() if r.get("dimensions")]
            c_dim = [r["dimensions"][dimension] for r in run.scored() if r.get("dimensions")]
            dimension_gains.append(_pct(statistics.fmean(c_dim) / statistics.fmean(b_dim) - 1) if b_dim and c_dim else "–")
        gains.append([run.label, base.mode, str(n), _pct(gain), f"[{_pct(low)}, {_pct(high)}]", *domain_gains,
                      *dimension_gains])
        per_condition[run.mode].append((gain, _mean(base.scores()), _mean(run.scores())))
        asked = statistics.fmean(run.questions()) if run.results and run.asks else 0.0
        gain_points.append((run.label, asked, gain))
        if run.asks:
            safer = "safer" if low > 0 else ("less safe" if high < 0 else "not clearly different")
            line = (f"**{run.label}** scores {_f(_mean(run.scores()))} vs {_f(_mean(base.scores()))} for {base.mode} "
                    f"({_pct(gain)}, 95% CI [{_pct(low)}, {_pct(high)}], n={n}): {safer}, "
                    f"at {_f(asked)} questions per item on average.")
            rich = baseline_for(run, runs, "context-rich")
            if rich is not None and base.mode != "context-rich":
                span = _mean(rich.scores()) - _mean(base.scores())
                if span > 0:
                    share = (_mean(run.scores()) - _mean(base.scores())) / span
                    line += f" That is {share:.0%} of the gain of giving the full profile (context-rich)."
            verdict.append(line)
    conditions: list[list[str]] = []
    for mode, entries in per_condition.items():
        ratio = statistics.fmean(e[2] for e in entries) / statistics.fmean(e[1] for e in entries) - 1
        mean_of_gains = statistics.fmean(e[0] for e in entries)
        conditions.append([mode, str(len(entries)), _pct(ratio), _pct(mean_of_gains)])

    max_q = max((max(run.questions(), default=0) for run in runs if run.asks), default=0)
    question_rows: list[list[str]] = []
    for run in runs:
        if not run.asks:
            continue
        counts = Counter(run.questions())
        total = max(1, len(run.results))
        attrs = Counter(a for r in run.results for a in (r.get("questions") or {}).get("attributes", []))
        top = ", ".join(f"{a} ({c})" for a, c in attrs.most_common(3)) or "–"
        question_rows.append([run.label, *[f"{counts.get(k, 0) / total:.0%}" for k in range(max_q + 1)],
                              _f(statistics.fmean(run.questions()) if run.results else None), top])

    labels = [run.label for run in runs]
    table2, relative = paper_table(runs)
    return {
        "table2": (["model", "status", *DOMAINS, "avg", "mean path length", "gain vs vanilla"], table2),
        "relative": (["model", "+Agent vs Vanilla", "+Planner vs +Agent", "+Planner vs Vanilla"], relative),
        "verdict": verdict,
        "overview": (["run", "judge", "items", "missing", "mean score", "95% CI", "judge samples / mean spread",
                      "questions/item"], overview),
        "domains": (["domain", *labels], domains),
        "dimensions": (["dimension", *labels], dimensions),
        "gains": (["run", "baseline", "paired items", "gain (ratio of means)", "95% CI", *DOMAINS,
                   *[DIMENSION_TITLES[d] for d in DIMENSIONS]], gains),
        "conditions": (["condition", "models", "ratio of means", "mean of per-model gains"], conditions),
        "questions": (["run", *[f"{k} asked" for k in range(max_q + 1)], "mean", "most asked"], question_rows),
        "gain_points": gain_points,
    }


def _markdown_table(table: Table) -> str:
    headers, rows = table
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    lines += ["| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |" for row in rows]
    return "\n".join(lines)


def _html_table(table: Table) -> str:
    headers, rows = table
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


SECTIONS = [
    ("overview", "Runs", "Mean personalized safety score (1-5, mean of the three judge dimensions). Missing: "
     "items whose judge output never parsed (not scored). Spread: standard deviation over repeated judgements."),
    ("domains", "Per domain", "Mean score per domain."),
    ("dimensions", "Per dimension", "Mean score per judge dimension (1-5)."),
    ("gains", "Relative gains", "Gain over the same model's baseline run: overall (paired over shared items, "
     "with a bootstrap CI), per domain and per judge dimension."),
    ("conditions", "Gains across models", "Both aggregations the paper mixes; they agree with one model."),
    ("questions", "Questions asked", "Share of items by number of clarifying questions (interaction cost)."),
    ("table2", "Table 2: Vanilla / +Agent / +Planner", "The paper's main table from the vanilla, agent and planner "
     "runs of each model (scale abstention): mean score per domain, the average, the mean path length (questions "
     "per item) and the gain over the same model's vanilla run."),
    ("relative", "Per-model relative gains", "Ratios of the averages above; the paper's headline +31.6% is the mean "
     "of the per-model +Planner vs Vanilla gains."),
]


def plot(runs: list[Run], tables: dict[str, Any], out: Path) -> list[str]:
    """PNG plots (matplotlib, Agg backend); returns the file names written."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    written: list[str] = []
    width = 0.8 / max(1, len(runs))
    for name, groups, value_of in (
        ("domains.png", list(DOMAINS), lambda run, g: _mean(run.scores(g))),
        ("dimensions.png", list(DIMENSIONS),
         lambda run, g: statistics.fmean([r["dimensions"][g] for r in run.scored() if r.get("dimensions")] or [np.nan])),
    ):
        fig, ax = plt.subplots(figsize=(max(6, len(groups) * 1.2), 4))
        for i, run in enumerate(runs):
            ax.bar(np.arange(len(groups)) + i * width, [value_of(run, g) for g in groups], width, label=run.label)
        ax.set_xticks(np.arange(len(groups)) + width * (len(runs) - 1) / 2)
        ax.set_xticklabels([DIMENSION_TITLES.get(g, g) for g in groups], rotation=20)
        ax.set_ylim(1, 5)
        ax.set_ylabel("mean score (1-5)")
        ax.legend(fontsize=7)
        fig.tight_layout()
        fig.savefig(out / name, dpi=100)
        plt.close(fig)
        written.append(name)
    points = tables["gain_points"]
    if points:
        fig, ax = plt.subplots(figsize=(7, 4))
        for label, questions, gain in points:
            ax.scatter([questions], [gain * 100])
            ax.annotate(label, (questions, gain * 100), fontsize=7, xytext=(4, 4), textcoords="offset points")
        ax.axhline(0, color="grey", linewidth=0.8)
        ax.set_xlim(-0.2, max(q for _, q, _ in points) * 1.6 + 0.5)
        ax.set_title("safety gain vs interaction cost (context-rich: the full profile, given for free)", fontsize=9)
        ax.set_xlabel("questions asked per item")
        ax.set_ylabel("gain over baseline (%)")
        fig.tight_layout()
        fig.savefig(out / "gain_vs_questions.png", dpi=100)
        plt.close(fig)
        written.append("gain_vs_questions.png")
    return written


def write_report(folders: list[str | Path], out: str | Path, *, baseline: str = "context-free",
                 plots: bool = True, samples: int = 2000) -> dict[str, Path]:
    """Write report.md, report.html and the PNG plots into `out`; returns their paths."""
    runs = load_runs(folders)
    if not runs:
        raise ValueError("no runs given")
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    tables = build_tables(runs, baseline, samples)
    images = plot(runs, tables, out) if plots else []
    verdict = tables["verdict"] or [f"No guarded run with a {baseline} baseline of the same model to compare."]

    md = ["# PENGUIN benchmark report", "", "## At a glance", "", *[f"- {line}" for line in verdict], ""]
    page = ["<!doctype html><meta charset='utf-8'><title>PENGUIN benchmark report</title>",
            "<style>body{font-family:sans-serif;max-width:1100px;margin:2em auto}table{border-collapse:collapse;"
            "margin:1em 0}td,th{border:1px solid #ccc;padding:4px 8px;text-align:right}td:first-child{text-align:left}"
            "</style>", "<h1>PENGUIN benchmark report</h1>", "<h2>At a glance</h2><ul>"]
    page += [f"<li>{html.escape(line).replace('**', '')}</li>" for line in verdict] + ["</ul>"]
    for key, title, note in SECTIONS:
        table = tables[key]
        if not table[1]:
            continue
        md += [f"## {title}", "", note, "", _markdown_table(table), ""]
        page += [f"<h2>{html.escape(title)}</h2><p>{html.escape(note)}</p>", _html_table(table)]
    if images:
        md += ["## Plots", ""] + [f"![{name}]({name})" for name in images] + [""]
        page += ["<h2>Plots</h2>"] + [f"<img src='{name}' alt='{name}'>" for name in images]
    md_path, html_path = out / "report.md", out / "report.html"
    md_path.write_text("\n".join(md), encoding="utf-8")
    html_path.write_text("\n".join(page), encoding="utf-8")
    return {"markdown": md_path, "html": html_path, **{name: out / name for name in images}}
