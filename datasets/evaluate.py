"""Measure the shipped classifier: accuracy per evaluation set, per class, worst confusions, speed.

Why through ``vision.classifier``: the figures must describe what the product does, so evaluation feeds raw crops
(exact annotated boxes, native size) to the same onnxruntime code path the app uses, preprocessing included.

Sets: ``hk-photos/valid`` ground-truth tile crops (never trained on), ``hk-photos/valid`` negatives (table and
straddling boxes, should be ``not-a-tile``), the held-out tile-set groups of ``tile-crops`` (``datasets.split``), and
the project's own rendered faces. Then, apart, the held-out split's figures (``datasets.evaluate_heldout``:
generalisation, calibration, unknowns). Usage: ``python -m sikwu.datasets.evaluate [--heldout] [--json]`` or
``sikwu evaluate``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

import numpy as np
from sikwu.datasets.paths import PROJECT_ROOT

DEFAULT_CONFUSION = PROJECT_ROOT / "models" / "confusion.png"
#: hk-photos/valid with reviewed labels: the by-eye corrections of hk_photos.REVIEW_FILE applied (every box was read
#: on the contact sheets of datasets/review_sheets.py, whatever the model said); a photo still labelled one class
#: repeated beyond a tile set after them (hk_photos.label_slips) is left out. Reported beside the published labels'
#: figure, never instead of it.
REVIEWED_SET = "hk-photos/valid, reviewed labels"


def score(labels: tuple[str, ...], truth: list[str], pred: list[str]) -> dict[str, object]:
    """Accuracy, per-class accuracy (classes present), worst confusions and the confusion matrix."""
    index = {c: i for i, c in enumerate(labels)}
    cm = np.zeros((len(labels), len(labels)), np.int64)
    for t, p in zip(truth, pred, strict=True):
        cm[index[t], index[p]] += 1
    n = int(cm.sum())
    per_class = {
        labels[i]: {
            "n": int(cm[i].sum()),
            "correct": int(cm[i, i]),
            "accuracy": round(float(cm[i, i] / cm[i].sum()), 4),
        }
        for i in range(len(labels))
        if cm[i].sum()
    }
    off = Counter({(labels[i], labels[j]): int(cm[i, j]) for i, j in np.argwhere(cm) if i != j})
    return {
        "n": n,
        "correct": int(np.trace(cm)),
        "accuracy": round(float(np.trace(cm) / n), 4) if n else None,
        "per_class": per_class,
        "worst_confusions": [{"true": t, "predicted": p, "count": c} for (t, p), c in off.most_common(10)],
        "confusion": cm.tolist(),
    }


def draw_confusions(panels: list[tuple[str, np.ndarray]], labels: tuple[str, ...], path: Path) -> None:
    """Row-normalised confusion matrices side by side, drawn with OpenCV (no plotting dependency)."""
    import cv2

    k, cell, margin, gap = len(labels), 14, 44, 30
    side = margin + k * cell
    img = np.full((side + 40, len(panels) * (side + gap) + gap, 3), 255, np.uint8)
    font = cv2.FONT_HERSHEY_SIMPLEX
    for p, (title, cm) in enumerate(panels):
        ox, oy = gap + p * (side + gap), 40
        cv2.putText(img, title, (ox, 24), font, 0.55, (0, 0, 0), 1, cv2.LINE_AA)
        rows = cm.sum(axis=1, keepdims=True)
        norm = np.divide(cm, rows, out=np.zeros(cm.shape, float), where=rows > 0)
        for i in range(k):
            cv2.putText(img, labels[i][:4], (ox, oy + margin + i * cell + 10), font, 0.3, (0, 0, 0), 1, cv2.LINE_AA)
            y = oy + margin - 4
            x = ox + margin + i * cell + 10
            cv2.putText(img, labels[i][:2], (x - 8, y - (i % 2) * 10), font, 0.28, (0, 0, 0), 1, cv2.LINE_AA)
            for j in range(k):
                v = norm[i, j]
                x0, y0 = ox + margin + j * cell, oy + margin + i * cell
                if rows[i, 0] == 0:
                    colour = (235, 235, 235)
                elif i == j:
                    g = int(255 - 200 * v)
                    colour = (g, 255 - int(90 * v), g)  # green diagonal
                else:
                    r = int(255 - 255 * min(1.0, v * 4))
                    colour = (r, r, 255)  # red off-diagonal, x4 so rare errors show
                cv2.rectangle(img, (x0, y0), (x0 + cell - 1, y0 + cell - 1), colour, -1)
                if i != j and cm[i, j]:
                    cv2.putText(img, str(int(cm[i, j])), (x0 + 2, y0 + 10), font, 0.28, (0, 0, 0), 1, cv2.LINE_AA)
        cv2.putText(
            img,
            "rows: true class, columns: predicted",
            (ox, oy + side + 14 - 40 + 40),
            font,
            0.35,
            (60, 60, 60),
            1,
            cv2.LINE_AA,
        )
    path.parent.mkdir(parents=True, exist_ok=True)
    cv2.imwrite(str(path), img)


def benchmark(clf, crops: list[np.ndarray], batch: int = 64, repeats: int = 15) -> dict[str, float]:
    """Median milliseconds per crop for a batch (preprocess + inference + softmax), after a warm-up."""
    sample = [crops[i % len(crops)] for i in range(batch)]
    clf.predict(sample)
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        clf.predict(sample)
        times.append((time.perf_counter() - t) * 1000 / batch)
    return {"batch": batch, "repeats": repeats, "median_ms_per_crop": round(float(np.median(times)), 3),
            "min_ms_per_crop": round(float(np.min(times)), 3)}  # fmt: skip


def evaluate(model: Path | None = None, confusion_png: Path | None = DEFAULT_CONFUSION) -> dict[str, object]:
    from sikwu.datasets import prepare
    from sikwu.datasets.paths import shared_dir
    from sikwu.vision.classifier import TileClassifier

    clf = TileClassifier(model, threads=2)
    first_look = TileClassifier(model, threads=2, second_look_below=None)
    sets: dict[str, tuple[list[np.ndarray], list[str]]] = {}
    if (shared_dir() / "datasets").is_dir():
        from sikwu.datasets.hk_photos import label_slips, reviewed_labels

        sets["hk-photos/valid"] = prepare.hk_valid_crops()
        slips = frozenset(label_slips("valid", reviewed=True))
        sets[REVIEWED_SET] = prepare.hk_valid_crops(exclude=slips, reviewed=True)
        sets["hk-photos/valid negatives"] = prepare.hk_valid_negatives()
        sets["tile-crops/held-out"] = prepare.tile_crops_held_out()
    sets["own rendered faces"] = prepare.own_faces_set()
    results: dict[str, object] = {}
    for name, (crops, truth) in sets.items():
        pred = [p[0][0] for p in clf.predict(crops, k=1)]
        results[name] = score(clf.labels, truth, pred)
        first = [p[0][0] for p in first_look.predict(crops, k=1)]
        results[name]["first_look_accuracy"] = score(clf.labels, truth, first)["accuracy"]
    if REVIEWED_SET in results:
        results[REVIEWED_SET]["excluded_photos"] = sorted(slips)
        results[REVIEWED_SET]["corrected_labels"] = len(reviewed_labels())
    bench_crops = sets.get("hk-photos/valid", sets["own rendered faces"])[0]
    out = {
        "model": str(clf.model_path),
        "model_bytes": clf.model_path.stat().st_size,
        "second_look_below": clf.second_look_below,
        "sets": results,
        "benchmark": benchmark(clf, bench_crops),
    }
    if confusion_png is not None:
        drawn = [n for n in (REVIEWED_SET, "tile-crops/held-out") if n in results] or list(results)[:1]
        draw_confusions([(n, np.array(results[n]["confusion"])) for n in drawn], clf.labels, confusion_png)
        out["confusion_png"] = str(confusion_png)
    return out


def report(out: dict[str, object]) -> str:
    lines = [f"model {out['model']} ({out['model_bytes'] / 1e6:.2f} MB)"]
    if out.get("second_look_below") is not None:
        lines.append(f"crops named below {out['second_look_below']:.0%} get a second look turned half-way round "
                     "(vision.classifier.SECOND_LOOK_BELOW); 'first look' is the accuracy without it")  # fmt: skip
    for name, r in out["sets"].items():
        first = f"; first look {r['first_look_accuracy']:.2%}" if "first_look_accuracy" in r else ""
        lines.append(f"\n== {name}: accuracy {r['accuracy']:.2%} ({r['correct']}/{r['n']}){first}")
        if r.get("excluded_photos"):
            lines.append(
                f"  excluded ({len(r['excluded_photos'])} photos, every box one class): "
                + ", ".join(p.split("_JPG")[0].split("_jpg")[0] for p in r["excluded_photos"])
            )
        if "corrected_labels" in r:
            lines.append(f"  {r['corrected_labels']} box labels corrected by eye (datasets/hk_photos_review.csv)")
        pcs = sorted(r["per_class"].items(), key=lambda kv: kv[1]["accuracy"])
        lines.append("  per class: " + ", ".join(f"{c} {v['accuracy']:.1%}/{v['n']}" for c, v in pcs))
        if r["worst_confusions"]:
            lines.append("  worst confusions: " + ", ".join(
                f"{w['true']}->{w['predicted']} x{w['count']}" for w in r["worst_confusions"][:8]))  # fmt: skip
    b = out["benchmark"]
    lines.append(f"\nspeed: median {b['median_ms_per_crop']:.3f} ms/crop in batches of {b['batch']} "
                 f"(min {b['min_ms_per_crop']:.3f}), onnxruntime CPU, 2 threads")  # fmt: skip
    if "confusion_png" in out:
        lines.append(f"confusion matrices: {out['confusion_png']}")
    return "\n".join(lines)


def markdown_per_class(out: dict[str, object]) -> str:
    """The model card's per-class table (class x evaluation set), so the card is pasted from a run, not typed."""
    from sikwu.vision.labels import CLASS_LABELS

    names = list(out["sets"])
    rows = ["| class | " + " | ".join(names) + " |", "|---" * (len(names) + 1) + "|"]
    for label in CLASS_LABELS:
        cells = []
        for name in names:
            c = out["sets"][name]["per_class"].get(label)
            cells.append(f"{c['accuracy']:.1%} ({c['correct']}/{c['n']})" if c else "-")
        rows.append(f"| {label} | " + " | ".join(cells) + " |")
    return "\n".join(rows)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--model", type=Path, default=None, help="ONNX model (default: the shipped models/ file)")
    p.add_argument("--confusion", type=Path, default=DEFAULT_CONFUSION, help="where to write the confusion picture")
    p.add_argument("--json", action="store_true", help="print all figures as JSON (confusion matrices included)")
    p.add_argument("--markdown", action="store_true", help="also print the per-class table as Markdown")
    p.add_argument("--heldout", action="store_true", help="print only the held-out split's figures (faster)")
    p.add_argument("--write-card", action="store_true",
                   help="write the figures into models/MODEL_CARD.md and models/evaluation.json")  # fmt: skip
    p.add_argument("--scenes", type=int, default=0, metavar="N",
                   help="also measure N synthetic scenes of held-out art per scene kind")  # fmt: skip


def run(args: argparse.Namespace) -> int:
    from sikwu.datasets import evaluate_heldout
    from sikwu.datasets.paths import shared_dir
    from sikwu.vision.calibration import Calibration
    from sikwu.vision.classifier import ModelError, TileClassifier
    from sikwu.vision.set_classifier import SetClassifier

    if args.write_card and args.heldout:
        print("error: --write-card writes the card's in-distribution table; run it without --heldout", file=sys.stderr)
        return 2
    try:
        out = {} if args.heldout else evaluate(args.model, args.confusion)
        if (shared_dir() / "datasets").is_dir():
            clf = SetClassifier(TileClassifier(args.model, threads=2), calibration=Calibration())
            out["heldout"] = evaluate_heldout.heldout_figures(clf, scenes_per_kind=args.scenes)
    except ModelError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.write_card:
        from sikwu.datasets import model_card

        model_card.write(out)
    if args.json:
        print(json.dumps(out, indent=2))
        return 0
    if not args.heldout:
        print(report(out))
    if args.markdown:
        print("\n" + markdown_per_class(out))
    if "heldout" in out:
        print("\n" + evaluate_heldout.text(out["heldout"]))
    else:
        print("held-out figures need ../shared (set SIKWU_SHARED)")
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m sikwu.datasets.evaluate", description="Measure the tile classifier.")
    add_arguments(p)
    return run(p.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
