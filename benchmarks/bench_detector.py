"""Tile proposals from ``models/tile_detector.onnx``, measured on hk-photos/valid and on composed synthetic scenes.

Each detected box is matched one-to-one to a ground-truth box (greedy by IoU, threshold 0.5, the same rule as
``bench_recognition``). Printed: recall (matched / ground truth), precision (matched / detected), and the latency
per photo (decode excluded: pre-process + inference + post-process, median and p90), at the model's suggested score
threshold and at a few others so the pipeline can pick its own trade-off.

Usage (from the repository root): python -m benchmarks.bench_detector [--limit N] [--synthetic N] [--model PATH]
       [--write-docs]   (``--write-docs`` replaces this benchmark's section of docs/benchmarks.md)
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

import cv2
import numpy as np
from sikwu.datasets.box_match import match_count, match_pairs, overlaps
from sikwu.datasets.detector_data import parse_yolo_labels
from sikwu.datasets.detector_synth import synth_scene
from sikwu.datasets.paths import shared_path
from sikwu.vision.detector import TileDetector, postprocess, preprocess

from benchmarks.report import command_line, write_section

THRESHOLDS = (0.2, 0.3, 0.4, 0.5)


def _measure(detector: TileDetector, items, thresholds) -> dict:
    """items: iterable of (BGR image, gt boxes). Returns per-threshold tallies and latencies at the default."""
    tally = {t: [0, 0, 0] for t in thresholds}  # matched, gt, predicted
    latencies = []
    misses = []
    loose = {"matched_03": 0, "gt": 0, "area_ratios": []}
    for name, image, gt in items:
        t0 = time.perf_counter()
        dets = detector.detect(image)
        latencies.append((time.perf_counter() - t0) * 1000)
        tensor, lb = preprocess(image, detector.input_size)
        outputs = detector.infer(tensor)
        for t in thresholds:
            d = postprocess(outputs, lb, t, detector.stride)
            boxes = np.array([x.box for x in d], np.float32).reshape(-1, 4)
            m = match_count(boxes, gt)
            tally[t][0] += m
            tally[t][1] += len(gt)
            tally[t][2] += len(boxes)
        boxes = np.array([x.box for x in dets], np.float32).reshape(-1, 4)
        m = match_count(boxes, gt)
        if m < len(gt) or m < len(boxes):
            misses.append((name, len(gt) - m, len(boxes) - m))
        _tally_placement(loose, boxes, gt)
    return {"tally": tally, "latencies": latencies, "misses": misses, "placement": loose}


def _tally_placement(loose: dict, boxes: np.ndarray, gt: np.ndarray) -> None:
    """Found at a looser IoU 0.3, and each such box's area over its label's: tells a detector that misses tiles
    from one that finds them but draws its boxes larger or shifted (which IoU 0.5 counts as both a miss and an
    extra)."""
    pairs = match_pairs(boxes, gt, 0.3)
    loose["matched_03"] += len(pairs)
    loose["gt"] += len(gt)
    _, area_box, area_gt = overlaps(boxes, gt)
    loose["area_ratios"] += [float(area_box[p] / max(area_gt[g], 1e-6)) for p, g in pairs]


def _valid_items(limit: int | None):
    root = shared_path("datasets", "hk-photos", "valid")
    paths = sorted((root / "images").iterdir())[:limit]
    for p in paths:
        img = cv2.imread(str(p))
        h, w = img.shape[:2]
        label = root / "labels" / (p.stem + ".txt")
        yield p.name, img, parse_yolo_labels(label.read_text() if label.is_file() else "", w, h)


def _synthetic_items(n: int, seed: int = 90210):
    rng = np.random.default_rng(seed)  # a seed training never uses (training: 0.., held-out 1000..)
    for i in range(n):
        sc = synth_scene(rng, long_side=None)
        yield f"synthetic-{i}", cv2.cvtColor(sc.image, cv2.COLOR_RGB2BGR), sc.boxes


def _report(title: str, res: dict, default: float) -> list[str]:
    lat = sorted(res["latencies"])
    lines = [f"{title}: {len(lat)} images"]
    for t, (m, g, p) in res["tally"].items():
        mark = "  <- model's suggested threshold" if abs(t - default) < 1e-9 else ""
        lines.append(
            f"  threshold {t:.2f}: recall {m / max(g, 1):6.1%} ({m}/{g})  precision {m / max(p, 1):6.1%} "
            f"({m}/{p}){mark}"
        )
    p90 = lat[min(len(lat) - 1, int(0.9 * len(lat)))]
    lines.append(
        f"  latency per image (pre + inference + post): median {statistics.median(lat):.1f} ms, p90 {p90:.1f} ms"
    )
    place = res["placement"]
    if place["area_ratios"]:
        q10, q50, q90 = np.percentile(place["area_ratios"], [10, 50, 90])
        loose_recall = place["matched_03"] / max(place["gt"], 1)
        lines.append(
            f"  box placement at the model's threshold: recall at IoU 0.3 {loose_recall:.1%}; "
            f"box area / label area median {q50:.2f} (p10 {q10:.2f}, p90 {q90:.2f})"
        )
    worst = sorted(res["misses"], key=lambda x: -(x[1] + x[2]))[:5]
    if worst:
        lines.append("  worst images (missed, extra): " + ", ".join(f"{n} ({a}, {b})" for n, a, b in worst))
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--limit", type=int, default=None, help="first N valid photos only")
    ap.add_argument("--synthetic", type=int, default=30, help="number of composed synthetic scenes")
    ap.add_argument("--model", type=Path, default=None)
    ap.add_argument("--write-docs", action="store_true", help="replace this benchmark's section of docs/benchmarks.md")
    args = ap.parse_args(argv)
    detector = TileDetector(args.model)
    thresholds = tuple(sorted(set(THRESHOLDS) | {detector.score_threshold}))
    detector.detect(np.zeros((320, 320, 3), np.uint8))  # warm-up
    lines = [f"model {detector.model_path.name} ({detector.model_path.stat().st_size / 1e6:.2f} MB)"]
    if (shared_path("datasets", "hk-photos", "valid") / "images").is_dir():
        lines += _report(
            "hk-photos/valid", _measure(detector, _valid_items(args.limit), thresholds), detector.score_threshold
        )
    else:
        lines.append(f"hk-photos/valid not found under {shared_path()}: skipped")
    if args.synthetic:
        lines += _report(
            "composed synthetic scenes (sikwu.artwork, unseen seed)",
            _measure(detector, _synthetic_items(args.synthetic), thresholds),
            detector.score_threshold,
        )
    print("\n".join(lines))
    if args.write_docs:
        body = "```text\n" + "\n".join(lines) + "\n```"
        path = write_section(
            "bench_detector", "Tile detector alone", command_line("benchmarks.bench_detector", argv), body
        )
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
