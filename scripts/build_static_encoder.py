"""Distil MiniLM into a static token table: penguin_guard/data/detector/static_encoder.npz (see static_embed.py).

    .venv/bin/python scripts/build_static_encoder.py                 # table, then the detector heads on it
    .venv/bin/python scripts/build_static_encoder.py --dim 128 --table-only

Steps (deterministic: no sampling anywhere):
1. every vocabulary id t goes through the numpy MiniLM as "[CLS] t [SEP]" (mean-pooled, as the sentence model),
   in batches; the 384-d outputs are cached in --cache so a rerun with another --dim or weighting is quick;
2. PCA (centred, by SVD) to --dim dimensions;
3. each row is multiplied by a Zipf-like weight from its id rank, log(rank + OFFSET), where rank counts from the
   first ordinary wordpiece ("the" = 1996 in this vocabulary): rare wordpieces carry the meaning;
   [PAD], [unused*], [CLS], [SEP], [MASK] get weight 0;
4. int8 with one float32 scale per row (max |value| / 127), np.savez_compressed: 128 dims fit in ~4 MB
   (float16 would be ~7 MB);
then `scripts/build_detector.py --encoder static` trains the same three heads (and the same n-gram gate) on it.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

DATA_DIR = ROOT / "penguin_guard" / "data" / "detector"
FIRST_WORDPIECE = 1996  # "the": ids below are specials, [unused*] and single characters
OFFSET = 200.0  # picked on the training data (5-fold out-of-fold FPR), not on the held-out sets
BATCH = 512


@dataclasses.dataclass(frozen=True)
class _Ids:
    ids: list[int]


class _IdsTokenizer:
    """Feeds ready-made id sequences to NumpyMiniLM.encode (it only reads `.ids` of each encoding)."""

    @staticmethod
    def encode_batch(sequences: list[list[int]]) -> list[_Ids]:
        return [_Ids(list(s)) for s in sequences]


def token_outputs(cache_path: Path) -> np.ndarray:
    """MiniLM's sentence vector of each vocabulary token on its own, shape (vocab, 384), float32."""
    if cache_path.exists():
        return np.load(cache_path)
    from threadpoolctl import threadpool_limits

    from penguin_guard.embed import NumpyMiniLM, model_path

    model = NumpyMiniLM.load(model_path())
    vocab = model.tokenizer.get_vocab()
    cls_id, sep_id = vocab["[CLS]"], vocab["[SEP]"]
    shim = dataclasses.replace(model, tokenizer=_IdsTokenizer())
    size = model.word.shape[0]
    out = np.zeros((size, model.word.shape[1]), dtype=np.float32)
    with threadpool_limits(limits=2, user_api="blas"):
        for start in range(0, size, BATCH):
            ids = range(start, min(size, start + BATCH))
            out[start:start + len(ids)] = shim.encode([[cls_id, t, sep_id] for t in ids])
    np.save(cache_path, out)
    return out


def token_weights(size: int, special: list[int], offset: float = OFFSET) -> np.ndarray:
    ranks = np.maximum(np.arange(size) - FIRST_WORDPIECE, 0).astype(np.float64) + 1
    weights = np.log(ranks + offset)
    weights[special] = 0.0
    return weights


def build_table(raw: np.ndarray, dim: int, special: list[int], offset: float = OFFSET) -> np.ndarray:
    keep = np.ones(len(raw), dtype=bool)
    keep[special] = False
    mean = raw[keep].mean(axis=0)
    _, _, vt = np.linalg.svd((raw[keep] - mean).astype(np.float64), full_matrices=False)
    reduced = (raw - mean) @ vt[:dim].T
    return reduced * token_weights(len(raw), special, offset)[:, None]


def quantize(table: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per-row symmetric int8: row ~= q * scale."""
    scales = np.abs(table).max(axis=1) / 127.0
    safe = np.where(scales == 0, 1.0, scales)
    return np.round(table / safe[:, None]).astype(np.int8), scales.astype(np.float32)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dim", type=int, default=128)
    parser.add_argument("--offset", type=float, default=OFFSET, help="Zipf weight log(rank + offset)")
    parser.add_argument("--out", type=Path, default=DATA_DIR / "static_encoder.npz")
    parser.add_argument("--cache", type=Path, default=Path("/tmp/penguin_static_token_outputs.npy"))
    parser.add_argument("--table-only", action="store_true", help="do not retrain the detector heads")
    args = parser.parse_args(argv)
    if not 8 <= args.dim <= 384:
        parser.error("--dim must be between 8 and 384")

    from penguin_guard.embed import load_tokenizer

    vocab = load_tokenizer().get_vocab()
    special = sorted(i for token, i in vocab.items() if token.startswith("[") and token.endswith("]"))
    raw = token_outputs(args.cache)
    table = build_table(raw, args.dim, special, args.offset)
    vectors, scales = quantize(table)
    np.savez_compressed(args.out, vectors=vectors, scales=scales)
    print(f"wrote {args.out} ({args.out.stat().st_size} bytes, {table.shape[0]} x {table.shape[1]} int8)")
    if args.table_only:
        return 0
    import build_detector

    return build_detector.main(["--encoder", "static"])


if __name__ == "__main__":
    raise SystemExit(main())
