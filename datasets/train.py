"""Train the tile classifier on this machine's CPU and export ``models/tile_classifier.onnx``.

Why these choices: crops arrive from the photo pipeline at any rotation (tiles lie at 0/90/180/270 degrees) and
with imperfect framing, so every batch is re-framed, rotated by a random quarter turn, re-lit and re-sized from the
cached padded crops; the model thus learns rotation invariance rather than relying on an orientation step upstream.
Everything random flows from ``--seed`` (NumPy generator + torch seed, fixed thread count), so a run can be repeated.
The preprocessing the model expects is written into the ONNX metadata, where ``vision.classifier`` reads it.

Usage: ``python -m sikwu.datasets.train [--steps N] [--seed S] [--threads T] [--json]``; ``sikwu train`` runs it
after the detector (``datasets.train_all``). A run is a fixed number of steps, so the same seed and thread count give
the same weights.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np
from sikwu.datasets import split
from sikwu.datasets.numerics import CHOICES as NUMERICS
from sikwu.datasets.numerics import DEFAULT as DEFAULT_NUMERICS
from sikwu.datasets.paths import PROJECT_ROOT

INPUT_SIZE = 64  # square; crops are stretched to it (tiles arrive upright or lying down)
MEAN = (0.5, 0.5, 0.5)
STD = (0.25, 0.25, 0.25)
DEFAULT_MODEL = PROJECT_ROOT / "models" / "tile_classifier.onnx"
DEFAULT_STEPS = 4000  # batches of 128: about 13 passes over the crops without the scene crops
BATCH_SIZE = 128
#: Share of training crops turned by a random angle in [-45, 45] degrees. Scattered tiles lie at any angle, and the
#: hk-photos/valid review found most remaining mistakes on tiles turned about 45 degrees on a red table.
ANY_ANGLE_SHARE = 0.25
#: Warm restarts after the main run: each a short one-cycle of RESTART_SHARE of the main steps at this share of the
#: peak rate. The earlier shipped model came from such a chain of low-rate rounds run by hand.
RESTART_SHARE = 3 / 14
RESTART_PEAKS = (1 / 6, 1 / 10, 1 / 10)


def augment(batch: np.ndarray, rng: np.random.Generator, size: int = INPUT_SIZE) -> np.ndarray:
    """Padded BGR uint8 crops (N, S, S, 3) -> normalised RGB float32 (N, 3, size, size), randomly re-framed."""
    import cv2

    n, S = batch.shape[0], batch.shape[1]
    out = np.empty((n, size, size, 3), np.float32)
    for i in range(n):
        crop = batch[i]
        if rng.random() < ANY_ANGLE_SHARE:  # a tile lying askew: its upright box also shows table and neighbours
            turn = cv2.getRotationMatrix2D((S / 2, S / 2), float(rng.uniform(-45, 45)), 1.0)
            crop = cv2.warpAffine(crop, turn, (S, S), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT_101)
        fw, fh = rng.uniform(0.7, 1.0), rng.uniform(0.7, 1.0)  # box between a little tight and 15% loose
        w, h = max(8, int(S * fw)), max(8, int(S * fh))
        jx, jy = min(S - w, int(0.12 * S)), min(S - h, int(0.12 * S))  # keep the tile near the middle
        x0 = (S - w) // 2 + int(rng.integers(-(jx // 2), jx // 2 + 1))
        y0 = (S - h) // 2 + int(rng.integers(-(jy // 2), jy // 2 + 1))
        img = crop[y0 : y0 + h, x0 : x0 + w]
        if rng.random() < 0.3:  # small, far-away tiles: lose resolution first
            lo = int(rng.integers(14, 40))
            img = cv2.resize(img, (max(8, int(lo * 0.8)), lo), interpolation=cv2.INTER_AREA)
        img = cv2.resize(img, (size, size), interpolation=cv2.INTER_AREA)
        img = np.rot90(img, int(rng.integers(4)))
        out[i] = img[..., ::-1]  # BGR -> RGB
    gain = rng.uniform(0.8, 1.2, (n, 1, 1, 3)) * rng.uniform(0.7, 1.3, (n, 1, 1, 1))
    out = out * gain + rng.uniform(-25, 25, (n, 1, 1, 1))
    gray = rng.random(n) < 0.1
    if gray.any():
        out[gray] = out[gray].mean(axis=3, keepdims=True)
    noisy = rng.random(n) < 0.3
    if noisy.any():
        out[noisy] += rng.normal(0, 6, out[noisy].shape)
    out = (np.clip(out, 0, 255) / 255.0 - np.array(MEAN, np.float32)) / np.array(STD, np.float32)
    return np.ascontiguousarray(out.transpose(0, 3, 1, 2), dtype=np.float32)


def export_onnx(model, path: Path, meta: dict[str, str]) -> None:
    import onnx
    import torch
    from sikwu.models.embedding import add_embedding_outputs

    model.eval()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp.onnx")
    torch.onnx.export(
        model,
        torch.zeros(1, 3, INPUT_SIZE, INPUT_SIZE),
        str(tmp),
        input_names=["input"],
        output_names=["logits"],
        dynamic_axes={"input": {0: "batch"}, "logits": {0: "batch"}},
        opset_version=17,
        do_constant_folding=True,
        dynamo=False,
    )
    m = onnx.load(str(tmp))
    for k, v in meta.items():
        p = m.metadata_props.add()
        p.key, p.value = k, v
    onnx.checker.check_model(m)
    onnx.save(m, str(path))
    tmp.unlink()
    add_embedding_outputs(path)  # teaching a tile set (vision.tile_sets) reads the embedding and the last layer


def model_metadata(extra: dict[str, object]) -> dict[str, str]:
    from sikwu.vision.labels import CLASS_LABELS

    return {
        "labels": json.dumps(list(CLASS_LABELS)),
        "input_size": json.dumps([INPUT_SIZE, INPUT_SIZE]),  # height, width
        "input_layout": "NCHW",
        "color_order": "RGB",
        "mean": json.dumps(list(MEAN)),
        "std": json.dumps(list(STD)),
        "scale": "1/255",
        "resize": "cv2.INTER_AREA, stretch to input_size (no letterbox)",
        "output": "logits (apply softmax)",
        split.MODEL_SPLIT_KEY: split.VERSION,  # evaluation trusts every held-out item as unseen only with this
        **{k: json.dumps(v) if not isinstance(v, str) else v for k, v in extra.items()},
    }


def load_onnx_weights(model, path: Path) -> None:
    """Warm-start from an exported model: its convolutions carry the folded BatchNorm, so each BatchNorm is reset to
    an identity plus the folded bias and kept frozen (eval mode) while fine-tuning."""
    import onnx
    import torch
    from onnx import numpy_helper

    m = onnx.load(str(path))
    if any(n.op_type == "DequantizeLinear" for n in m.graph.node):
        raise ValueError(
            f"{path} is stored in int8 (datasets.quantize): fine-tune from the float model it was made from "
            "(tile_classifier_float.onnx beside a sikwu train output)"
        )
    init = {t.name: numpy_helper.to_array(t) for t in m.graph.initializer}
    convs = [n for n in m.graph.node if n.op_type == "Conv"]
    gemm = [n for n in m.graph.node if n.op_type in ("Gemm", "MatMul")]
    blocks = [b for b in model.features if isinstance(b, torch.nn.Sequential)]
    if len(convs) != len(blocks) or len(gemm) != 1:
        raise ValueError(f"{path} does not match this architecture ({len(convs)} convolutions, {len(blocks)} expected)")
    with torch.no_grad():
        for node, block in zip(convs, blocks, strict=True):
            conv, bn = block[0], block[1]
            conv.weight.copy_(torch.from_numpy(init[node.input[1]]))
            bn.weight.fill_(1.0)
            bn.bias.copy_(torch.from_numpy(init[node.input[2]]))
            bn.running_mean.zero_()
            bn.running_var.fill_(1.0 - bn.eps)
        lin = model.head[-1]
        lin.weight.copy_(torch.from_numpy(init[gemm[0].input[1]]))
        lin.bias.copy_(torch.from_numpy(init[gemm[0].input[2]]))


def lr_cycles(steps: int, lr: float, restarts: int = 0) -> list[tuple[int, float]]:
    """(steps, peak rate) of each one-cycle: the main run, then the warm restarts at lower peaks."""
    if not 0 <= restarts <= len(RESTART_PEAKS):
        raise ValueError(f"restarts must be 0..{len(RESTART_PEAKS)}, got {restarts}")
    short = max(1, round(steps * RESTART_SHARE))
    return [(steps, lr)] + [(short, lr * share) for share in RESTART_PEAKS[:restarts]]


def batches(n: int, batch_size: int, rng: np.random.Generator) -> Iterator[np.ndarray]:
    """Endless sorted index batches: a fresh permutation of ``n`` items for each pass (the last partial batch of a
    pass is dropped, so every batch has ``batch_size`` items)."""
    size = min(batch_size, n)
    while True:
        order = rng.permutation(n)
        for s in range(n // size):
            yield np.sort(order[s * size : (s + 1) * size])


def fit(
    model,
    x: np.ndarray,
    y: np.ndarray,
    cycles: list[tuple[int, float]],
    rng: np.random.Generator,
    batch_size: int = BATCH_SIZE,
    frozen_bn: bool = False,
    size: int = INPUT_SIZE,
) -> list[dict[str, float]]:
    """Train on padded crops ``x`` (N, S, S, 3 uint8 BGR) with labels ``y`` for each (steps, peak rate) one-cycle;
    returns loss and accuracy over each tenth of the run. A cycle's scheduler is made when the cycle starts, because
    making one sets the optimiser's rate at once."""
    import torch
    from sikwu.datasets import numerics
    from sikwu.datasets.prepare import Progress

    model = numerics.prepare(model)
    opt = torch.optim.AdamW(model.parameters(), lr=cycles[0][1], weight_decay=5e-4)
    loss_fn = torch.nn.CrossEntropyLoss(label_smoothing=0.05)
    total = sum(n for n, _ in cycles)
    bar, feed, history = Progress("classifier", total), batches(len(y), batch_size, rng), []
    tot_loss, tot_ok, seen, done = 0.0, 0, 0, 0
    for steps, peak in cycles:
        sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=peak, total_steps=steps, pct_start=0.15)
        for _ in range(steps):
            model.train()
            if frozen_bn:  # folded BatchNorm stays an identity while fine-tuning
                for mod in model.modules():
                    if isinstance(mod, torch.nn.BatchNorm2d):
                        mod.eval()
            idx = next(feed)
            xb, yb = numerics.batch(torch.from_numpy(augment(x[idx], rng, size))), torch.from_numpy(y[idx])
            with numerics.forward():
                logits = model(xb).float()
            loss = loss_fn(logits, yb)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
            sched.step()
            tot_loss += float(loss.detach()) * len(idx)
            tot_ok += int((logits.argmax(1) == yb).sum())
            seen, done = seen + len(idx), done + 1
            bar.update(1, f"loss {tot_loss / seen:.3f} acc {tot_ok / seen:.3f}")
            if done % max(1, total // 10) == 0 or done == total:
                history.append({"step": done, "loss": round(tot_loss / seen, 4), "train_acc": round(tot_ok / seen, 4)})
                tot_loss, tot_ok, seen = 0.0, 0, 0
    numerics.restore(model)
    return history


def train(
    steps: int = DEFAULT_STEPS,
    seed: int = 0,
    per_class: int = 150,
    out: Path = DEFAULT_MODEL,
    batch_size: int = BATCH_SIZE,
    lr: float = 3e-3,
    limit: int | None = None,
    init: Path | None = None,
    restarts: int = 0,
    extra: dict[str, object] | None = None,
    more_crops: dict[str, tuple[np.ndarray, list[str]]] | None = None,
) -> dict[str, object]:
    """Prepare the crops (cached), add ``more_crops`` (name -> padded crops, tile ids; e.g. cut from scenes), train
    for ``steps`` (plus restarts) and export; call ``make_repeatable`` first."""
    import torch
    from sikwu.datasets import numerics, prepare, synth
    from sikwu.datasets.model import STAGES, TileNet
    from sikwu.vision.labels import CLASS_LABELS

    t0 = time.time()
    torch.manual_seed(seed)
    rng = np.random.default_rng(seed)
    x, y, sizes = prepare.training_set(seed, per_class)
    for name, (mx, my) in (more_crops or {}).items():
        x, y = np.concatenate([x, mx]), np.concatenate([y, [CLASS_LABELS.index(v) for v in my]]).astype(np.int64)
        sizes[name] = len(my)
    if limit:
        keep = np.sort(rng.permutation(len(y))[:limit])
        x, y = x[keep], y[keep]
    prep_s = time.time() - t0
    print(f"training crops: {len(y)} ({sizes}); data prep {prep_s:.0f}s", file=sys.stderr)
    model = TileNet(len(CLASS_LABELS))
    if init is not None:
        load_onnx_weights(model, init)
    cycles = lr_cycles(steps, lr, restarts)
    t1 = time.time()
    history = fit(model, x, y, cycles, rng, batch_size, frozen_bn=init is not None)
    train_s = time.time() - t1
    fonts = [Path(f).name for f in synth.glyph_fonts()]  # the hands the synthetic glyph faces were drawn in
    record = {
        "seed": seed, "steps": [n for n, _ in cycles], "batch_size": batch_size, "restarts": restarts,
        "numerics": numerics.current(),
        "training_crops": sizes, "training_seconds": round(train_s), "fine_tuned_from": str(init) if init else "",
        "glyph_fonts": fonts, **(extra or {}),
    }  # fmt: skip
    export_onnx(model, out, model_metadata({"architecture": f"TileNet VGG-style CNN, stages {list(STAGES)}", **record}))
    return {
        "model": str(out), "bytes": out.stat().st_size, "crops": int(len(y)), "prep_seconds": round(prep_s, 1),
        "total_seconds": round(time.time() - t0, 1), "history": history, **record,
    }  # fmt: skip


def _refuse_epochs(value: str) -> int:
    raise argparse.ArgumentTypeError(
        f"--epochs was replaced by --steps (one step = one batch of {BATCH_SIZE} crops; {DEFAULT_STEPS} steps is "
        "about 13 passes over the crops): pass --steps N"
    )


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--steps", type=int, default=DEFAULT_STEPS, help=f"optimiser steps (default {DEFAULT_STEPS})")
    p.add_argument("--epochs", type=_refuse_epochs, help=argparse.SUPPRESS)
    p.add_argument("--seed", type=int, default=0, help="seed for data rendering, order and augmentation")
    p.add_argument("--per-class", type=int, default=150, help="synthetic renders per tile class (default 150)")
    p.add_argument("--out", type=Path, default=DEFAULT_MODEL, help="where to write the ONNX model")
    p.add_argument("--threads", type=int, default=2, help="torch CPU threads (default 2; the weights depend on it)")
    p.add_argument(
        "--numerics", choices=NUMERICS, default=DEFAULT_NUMERICS, help="training numerics (datasets.numerics)"
    )
    p.add_argument("--limit", type=int, default=None, help="train on a random subset of this many crops (smoke runs)")
    p.add_argument("--lr", type=float, default=3e-3, help="peak learning rate of the one-cycle schedule")
    p.add_argument("--init", type=Path, default=None, help="fine-tune from this exported ONNX model")
    p.add_argument(
        "--restarts", type=int, default=0, choices=range(len(RESTART_PEAKS) + 1),
        help="low-rate one-cycles after the main run, each 3/14 of --steps (warm restarts; default 0)",
    )  # fmt: skip
    p.add_argument("--json", action="store_true", help="print the training summary as JSON")


def training_error(threads: int, steps: int) -> str | None:
    """Why training cannot start here (missing extra, data or a bad count), or None."""
    try:
        import onnx  # noqa: F401
        import torch  # noqa: F401
    except ImportError:
        return "training needs the 'train' extra: pip install -e '.[train]'"
    from sikwu.datasets.paths import shared_dir

    if not (shared_dir() / "datasets").is_dir():
        return f"training data not found at {shared_dir()}; set SIKWU_SHARED to it"
    if steps < 1 or threads < 1:
        return "--steps and --threads must be at least 1"
    return None


def run(args: argparse.Namespace) -> int:
    problem = training_error(args.threads, args.steps)
    if problem:
        print(f"error: {problem}", file=sys.stderr)
        return 2
    from sikwu.datasets.repeatable import make_repeatable

    make_repeatable(args.seed, args.threads, args.numerics)
    summary = train(
        args.steps, args.seed, args.per_class, args.out, lr=args.lr, limit=args.limit, init=args.init,
        restarts=args.restarts, extra={"threads": args.threads},
    )  # fmt: skip
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        print(
            f"wrote {args.out} ({Path(args.out).stat().st_size / 1e6:.2f} MB) after {summary['total_seconds']}s "
            f"({summary['crops']} crops, {summary['steps']} steps, seed {summary['seed']})"
        )
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m sikwu.datasets.train", description="Train and export the tile classifier."
    )
    add_arguments(p)
    return run(p.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
