"""Photo -> tiles, measured on ../shared/datasets/hk-photos/valid, beside the PyPI ``mahjong-detector`` (YOLOv8).

Each predicted box is matched one-to-one to a ground-truth box (greedy by IoU, threshold 0.5).  Printed: recall
(matched / ground truth), precision (matched / predicted), end-to-end accuracy (matched with the right id / ground
truth), photo-exact rate (multiset of ids equals the ground truth's), latency median and p90 per photo, and the
latency on a 4000x3000 photo composed by upscaling one of the photos.  ``mahjong-detector`` knows only the 34
Japanese classes (no flowers/seasons), so the side-by-side table uses only the ground truth of those 34 classes
(predictions matched to a flower are ignored for both systems).

Usage (from the repository root): python -m benchmarks.bench_recognition [--limit N] [--every N] [--segment-only]
       [--no-peer] [--winning] [--candidates auto|detector|segmentation|union] [--detector-model PATH] [--far K]
       [--turn DEGREES] [--legal-hands-only] [--write-docs]

``--write-docs`` replaces this benchmark's section of docs/benchmarks.md with what the run printed (a run with
``--limit``, ``--every``, ``--far`` or ``--turn`` writes its own section, named after those options).

``--far K`` centres each photo on a table-coloured canvas K times its size (ground truth shifted with it), as if
taken from further away: the tiles are K times smaller relative to the photo.  ``--turn D`` turns each photo D
degrees (a phone held at a slant); each ground-truth box becomes the upright box around its turned corners.
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from PIL import Image
from sikwu.datasets.hk_photos import ignored_regions, label_slips, read_boxes, reviewed_labels
from sikwu.datasets.paths import shared_path
from sikwu.datasets.split import is_held_out_photo
from sikwu.scoring.tiles import PLAYING_IDS
from sikwu.vision.assign import counts_ok

from benchmarks.report import command_line, write_section

# mahjong-detector class names -> canonical id
PEER_IDS = {
    **{f"{r}{s}": f"{r}{s}" for s in "mps" for r in range(1, 10)},
    "tou": "1z",
    "nan": "2z",
    "sha": "3z",
    "pe": "4z",
    "haku": "5z",
    "hatsu": "6z",
    "chun": "7z",
}

Box = tuple[float, float, float, float]
#: Per-stage milliseconds of each recognize() call (load, detect/segment, classify, layout_decode, total).
STAGE_MS: dict[str, list[float]] = {}
#: How many photos took their candidates from each source (detector, segmentation, detector+segmentation).
SOURCES: Counter = Counter()
#: Which candidate source recognize() is asked for (set from --candidates).
CANDIDATES = "auto"
#: What the run printed, one markdown block per entry (tables whole), for --write-docs.
BLOCKS: list[str] = []


def say(text: str = "") -> None:
    """Print a line of the report and keep it as a block of the docs section."""
    print(text)
    if text.strip():
        BLOCKS.append(text.strip())


def load_ground_truth(photo: Path, width: int, height: int, reviewed: bool = False) -> list[tuple[str, Box]]:
    """The photo's labelled tiles through the dataset loader (one parser for training, evaluation and benchmarks);
    reviewed ground truth also holds the face-up tiles the published labels have no box for."""
    boxes = read_boxes(photo, width, height, reviewed=reviewed, with_added=reviewed)
    return [(b.tile, (b.x0, b.y0, b.x1, b.y1)) for b in boxes]


def load_ignored(photo: Path) -> list[tuple[str, Box]]:
    """Regions reviewed figures do not score (face-down tiles, faces cut by the edge), shaped like ground truth."""
    return [("", box) for box in ignored_regions(photo)]


def _inside(box: Box, region: Box) -> bool:
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    return region[0] <= cx <= region[2] and region[1] <= cy <= region[3]


def iou(a: Box, b: Box) -> float:
    ix = max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
    iy = max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
    inter = ix * iy
    union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
    return inter / union if union > 0 else 0.0


def match(pred: list[Box], gt: list[Box], threshold: float = 0.5) -> list[tuple[int, int]]:
    """Greedy one-to-one matching by descending IoU."""
    pairs = sorted(((iou(p, g), i, j) for i, p in enumerate(pred) for j, g in enumerate(gt)), reverse=True)
    used_p, used_g, out = set(), set(), []
    for v, i, j in pairs:
        if v < threshold:
            break
        if i in used_p or j in used_g:
            continue
        used_p.add(i)
        used_g.add(j)
        out.append((i, j))
    return out


@dataclass
class Tally:
    gt: int = 0
    pred: int = 0
    matched: int = 0
    correct: int = 0
    photos: int = 0
    exact: int = 0
    latencies: list[float] = field(default_factory=list)
    ids_measured: bool = True

    def add(
        self,
        preds: list[tuple[str, Box]],
        gts: list[tuple[str, Box]],
        keep_ids: set[str] | None = None,
        ignore: list[tuple[str, Box]] = (),
    ) -> None:
        """Score one photo; with ``keep_ids`` only ground truth of those ids counts and predictions matched to
        other ground truth are ignored; a prediction matching no ground truth whose centre lies in an ``ignore``
        region (face-down tiles, cut faces) is not scored."""
        if ignore:
            hit = {i for i, _ in match([b for _, b in preds], [b for _, b in gts])}
            preds = [p for i, p in enumerate(preds) if i in hit or not any(_inside(p[1], r) for _, r in ignore)]
        pairs = match([b for _, b in preds], [b for _, b in gts])
        if keep_ids is not None:
            ignored_p = {i for i, j in pairs if gts[j][0] not in keep_ids}
            pairs = [(i, j) for i, j in pairs if gts[j][0] in keep_ids]
            preds = [p for i, p in enumerate(preds) if i not in ignored_p]
            # re-index after removal
            kept_idx = [i for i in range(len(preds) + len(ignored_p)) if i not in ignored_p]
            remap = {old: new for new, old in enumerate(kept_idx)}
            pairs = [(remap[i], j) for i, j in pairs]
            gt_ids = [g for g, _ in gts if g in keep_ids]
        else:
            gt_ids = [g for g, _ in gts]
        self.gt += len(gt_ids)
        self.pred += len(preds)
        self.matched += len(pairs)
        self.correct += sum(1 for i, j in pairs if preds[i][0] == gts[j][0])
        self.photos += 1
        self.exact += Counter(p for p, _ in preds) == Counter(gt_ids)

    def row(self) -> dict[str, str]:
        lat = sorted(self.latencies)
        p90 = lat[min(len(lat) - 1, int(round(0.9 * (len(lat) - 1))))] if lat else float("nan")
        return {
            "recall": f"{100 * self.matched / max(self.gt, 1):.1f}%",
            "precision": f"{100 * self.matched / max(self.pred, 1):.1f}%",
            "e2e accuracy": f"{100 * self.correct / max(self.gt, 1):.1f}%" if self.ids_measured else "n/a",
            "photo-exact": f"{100 * self.exact / max(self.photos, 1):.1f}%" if self.ids_measured else "n/a",
            "latency median": f"{statistics.median(lat):.0f} ms" if lat else "n/a",
            "latency p90": f"{p90:.0f} ms",
        }


def far_view(photo: Path, k: float) -> tuple[np.ndarray, tuple[int, int]]:
    """The photo (BGR) centred on a canvas ``k`` times its size filled with the median colour of its border (the
    table), as if photographed from further away, and the offset of the photo in the canvas."""
    import cv2
    from sikwu.vision.tilt import edge_colour

    img = cv2.imread(str(photo), cv2.IMREAD_COLOR)
    h, w = img.shape[:2]
    canvas = np.empty((int(round(h * k)), int(round(w * k)), 3), np.uint8)
    canvas[:] = np.array(edge_colour(img)).astype(np.uint8)
    dy, dx = (canvas.shape[0] - h) // 2, (canvas.shape[1] - w) // 2
    canvas[dy : dy + h, dx : dx + w] = img
    return canvas, (dx, dy)


def turned_view(source: Path | np.ndarray, degrees: float) -> tuple[np.ndarray, np.ndarray]:
    """The photo turned ``degrees`` counter-clockwise on a canvas that holds all of it (filled with its edge colour),
    as a phone held at a slant would take it, and the 2x3 matrix of the turn."""
    import cv2
    from sikwu.vision.tilt import turned_canvas

    img = cv2.imread(str(source), cv2.IMREAD_COLOR) if not isinstance(source, np.ndarray) else source
    return turned_canvas(img, degrees)


def _turned(truth: list[tuple[str, Box]], m: np.ndarray) -> list[tuple[str, Box]]:
    out = []
    for t, (x1, y1, x2, y2) in truth:
        q = np.array([[x1, y1], [x2, y1], [x2, y2], [x1, y2]]) @ m[:, :2].T + m[:, 2]
        out.append((t, (q[:, 0].min(), q[:, 1].min(), q[:, 0].max(), q[:, 1].max())))
    return out


def _is_legal_hand(photo: Path) -> bool:
    """Whether the photo's reviewed ground truth is a legal winning hand (four sets and a pair, kongs, specials)."""
    from sikwu.vision.assign import is_winning_reading

    with Image.open(photo) as im:
        w, h = im.size
    return is_winning_reading([t for t, _ in load_ground_truth(photo, w, h, reviewed=True)])


def _shifted(truth: list[tuple[str, Box]], dx: float, dy: float) -> list[tuple[str, Box]]:
    return [(t, (b[0] + dx, b[1] + dy, b[2] + dx, b[3] + dy)) for t, b in truth]


def _ours(path: Path | np.ndarray, segment_only: bool, winning: bool) -> list[tuple[str, Box]]:
    if segment_only:
        from sikwu.vision.io import load_image
        from sikwu.vision.quads import quad_box
        from sikwu.vision.segment import segment

        loaded = load_image(path)
        seg = segment(loaded.pixels)
        out = []
        for blob in seg.blobs:
            for q in blob.splits[0].quads:
                out.append(("?", quad_box(loaded.to_original(q))))
        return out
    from sikwu.vision.io import NoTilesFoundError
    from sikwu.vision.pipeline import recognize

    try:
        result = recognize(path, winning=winning, candidates=CANDIDATES)
    except NoTilesFoundError:
        return []
    for stage, ms in result.timings_ms.items():
        STAGE_MS.setdefault(stage, []).append(ms)
    SOURCES[result.candidates] += 1
    return [(t.id, t.box) for t in result.tiles]


def _view(photo: Path, args: argparse.Namespace) -> tuple[Path | np.ndarray, list, list, list]:
    """The photo as measured (as taken, further away or turned) with its labels, reviewed labels and ignored boxes
    moved to match."""
    with Image.open(photo) as im:
        w, h = im.size
    gts = load_ground_truth(photo, w, h)
    reviewed = load_ground_truth(photo, w, h, reviewed=True)
    ignored = load_ignored(photo)
    source: Path | np.ndarray = photo
    if args.far != 1.0:
        source, (dx, dy) = far_view(photo, args.far)
        gts, reviewed, ignored = _shifted(gts, dx, dy), _shifted(reviewed, dx, dy), _shifted(ignored, dx, dy)
    if args.turn:
        source, m = turned_view(source, args.turn)
        gts, reviewed, ignored = _turned(gts, m), _turned(reviewed, m), _turned(ignored, m)
    return source, gts, reviewed, ignored


def _timed(read, *args):  # noqa: ANN001, ANN202 - a reader and its arguments
    """(what ``read`` returns, its wall-clock milliseconds)."""
    t0 = time.perf_counter()
    out = read(*args)
    return out, (time.perf_counter() - t0) * 1000


def _retimed(reads: list, read, photos: list[Path], args: argparse.Namespace, extra: tuple) -> list:  # noqa: ANN001
    """``reads`` (readings, list of ms) with one more timing of each photo by ``read`` appended to its times."""
    out = []
    for (preds, ms), photo in zip(reads, photos, strict=True):
        _, again = _timed(read, _view(photo, args)[0], *extra)
        out.append((preds, [*ms, again]))
    return out


def _peer_available() -> str | None:
    try:
        import mahjong_detector  # noqa: F401
    except ImportError:
        return "mahjong-detector is not installed (pip install mahjong-detector; it ships its ONNX weights)"
    return None


def _peer(source: Path | np.ndarray) -> list[tuple[str, Box]]:
    from mahjong_detector.predict import CLASS_NAMES, predict
    from mahjong_detector.preprocess import preprocess_image

    if isinstance(source, np.ndarray):
        img = Image.fromarray(np.ascontiguousarray(source[:, :, ::-1]))
    else:
        img = Image.open(source)
    img, padding = preprocess_image(img)
    dets = predict(img, padding)
    return [(PEER_IDS[CLASS_NAMES[d.class_id]], (d.x1, d.y1, d.x2, d.y2)) for d in dets]


def _print_table(columns: dict[str, dict[str, str]]) -> None:
    names = list(columns)
    metrics = list(next(iter(columns.values())))
    lines = ["| metric | " + " | ".join(names) + " |", "|---|" + "---|" * len(names)]
    lines += [f"| {m} | " + " | ".join(columns[n][m] for n in names) + " |" for m in metrics]
    say("\n".join(lines))


def _peer_ratios(ours: Tally, peer: Tally) -> str:
    """sikwu against the peer measured in the same run: how many times faster, and the accuracy difference."""
    ours_ms, peer_ms = statistics.median(ours.latencies), statistics.median(peer.latencies)
    ours_e2e, peer_e2e = ours.correct / max(ours.gt, 1), peer.correct / max(peer.gt, 1)
    return (
        f"Peer ratio (same photos, same process, each tool in its own pass, 34 classes): peer's median latency / "
        f"sikwu's = "
        f"{peer_ms / ours_ms:.2f}x ({peer_ms:.0f} ms / {ours_ms:.0f} ms); end-to-end accuracy sikwu "
        f"{100 * ours_e2e:.1f}%, peer {100 * peer_e2e:.1f}%."
    )


def _headline(photos: int, ours: Tally, reviewed: Tally, ours34: Tally, peer34: Tally, large_ms: float) -> dict:
    """README's headline figures of the standard run (figure -> value), stored with its docs section."""
    pub, rev = ours.row(), reviewed.row()
    ratio = statistics.median(peer34.latencies) / statistics.median(ours.latencies)
    return {
        f"photo -> tiles, hk-photos/valid ({photos} photos): recall / precision": (
            f"{rev['recall']} / {rev['precision']} reviewed ({pub['recall']} / {pub['precision']} published)"
        ),
        "every tile found and named right / whole photo right": (
            f"{rev['e2e accuracy']} / {rev['photo-exact']} reviewed "
            f"({pub['e2e accuracy']} / {pub['photo-exact']} published)"
        ),
        "same photos, PyPI `mahjong-detector` (34 classes it knows)": (
            f"tiles right {peer34.row()['e2e accuracy']} vs sikwu {ours34.row()['e2e accuracy']}; "
            f"its median latency {ratio:.2f}x sikwu's"
        ),
        "latency per photo, median (4000x3000 photo)": f"{pub['latency median']} ({large_ms:.0f} ms)",
    }


def _section_name(args: argparse.Namespace) -> tuple[str, str]:
    """The docs section a run writes: the standard run has its own, each variant (far, turned, subset) another."""
    parts: list[tuple[str, str]] = []  # (part of the section's name, words for its title)
    if args.far != 1.0:
        parts.append((f"far{args.far:g}", f"{args.far:g}x further away"))
    if args.turn:
        parts.append((f"turn{args.turn:g}", f"turned {args.turn:g} degrees"))
    if args.limit or args.every != 1:
        parts.append(("subset", "a subset of the photos"))
    if args.segment_only:
        parts.append(("segment-only", "segmentation only"))
    if args.winning:
        parts.append(("winning", "winning-hand decoding"))
    if args.legal_hands_only:
        parts.append(("legal-hands", "legal-hand photos only"))
    if args.candidates != "auto":
        parts.append((args.candidates, f"{args.candidates} candidates"))
    if args.no_peer:
        parts.append(("no-peer", "no peer"))
    name = "-".join(["bench_recognition", *(n for n, _ in parts)])
    title = "Photo -> tiles on hk-photos/valid" + (f" ({', '.join(t for _, t in parts)})" if parts else "")
    return name, title


def _large_photo_latency(photo: Path, repeats: int = 5) -> float:
    """Median ms for a 4000x3000 JPEG (one photo upscaled; encoded in memory like a phone photo)."""
    import cv2
    from sikwu.vision.pipeline import recognize

    img = cv2.imread(str(photo))
    big = cv2.resize(img, (4000, 3000), interpolation=cv2.INTER_CUBIC)
    ok, buf = cv2.imencode(".jpg", big, [cv2.IMWRITE_JPEG_QUALITY, 92])
    data = buf.tobytes()
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        recognize(io.BytesIO(data).getvalue(), candidates=CANDIDATES)
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--limit", type=int, default=None, help="only the first N photos (sorted by name)")
    ap.add_argument("--every", type=int, default=1, help="only every N-th photo (a quick run over all scenes)")
    ap.add_argument("--segment-only", action="store_true", help="measure segmentation boxes only (no classifier)")
    ap.add_argument("--winning", action="store_true", help="decode with winning=True (photos are not all hands)")
    ap.add_argument("--no-peer", action="store_true", help="skip mahjong-detector")
    ap.add_argument(
        "--candidates",
        default="auto",
        choices=["auto", "detector", "segmentation", "union"],
        help="where recognize() takes tile candidates from (auto: the detector when its model is present)",
    )
    ap.add_argument("--detector-model", type=Path, default=None, help="measure this detector ONNX alone (no fill-in)")
    ap.add_argument(
        "--far",
        type=float,
        default=1.0,
        help="place each photo in the middle of a canvas this many times its size (the table's colour), as if "
        "taken from further away (default 1: the photos as they are)",
    )
    ap.add_argument(
        "--turn",
        type=float,
        default=0.0,
        help="turn each photo this many degrees counter-clockwise (canvas grown to hold it, table-coloured); each "
        "ground-truth box becomes the upright box around its turned corners",
    )
    ap.add_argument(
        "--legal-hands-only",
        action="store_true",
        help="only photos whose reviewed ground truth is a legal winning hand (to measure --winning decoding)",
    )
    ap.add_argument(
        "--rounds", type=int, default=3,
        help="passes over the photos per tool, the tools taking turns; a photo's latency is its median (default 3)",
    )  # fmt: skip
    ap.add_argument("--write-docs", action="store_true", help="replace this run's section of docs/benchmarks.md")
    return ap


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    global CANDIDATES
    CANDIDATES = args.candidates
    if args.detector_model is not None:
        from sikwu.vision import pipeline

        pipeline.DETECTOR_MODEL_PATH = args.detector_model
        pipeline.FILL_IN = False  # that detector alone

    valid = shared_path("datasets", "hk-photos", "valid")
    if not valid.is_dir():
        print(f"hk-photos/valid not found at {valid} (set SIKWU_SHARED)")
        return 2
    photos = sorted((valid / "images").glob("*.jpg"))[:: args.every][: args.limit]
    if args.legal_hands_only:
        photos = [p for p in photos if _is_legal_hand(p)]
    if not args.segment_only:
        from sikwu.vision.classifier import DEFAULT_MODEL_PATH

        model = DEFAULT_MODEL_PATH
        if not model.exists():
            print(f"{model} not found: measuring segmentation only (recall/precision of boxes)")
            args.segment_only = True
    peer_reason = None if not args.no_peer else "skipped (--no-peer)"
    if peer_reason is None:
        peer_reason = _peer_available()

    ours, ours34, peer34 = Tally(), Tally(), Tally()
    # the same figures with reviewed labels, beside them: the by-eye corrections of hk_photos.REVIEW_FILE applied
    # (every box of valid was read on contact sheets, datasets/review_sheets.py); a photo whose labels are still one
    # class repeated after the corrections (hk_photos.label_slips) is left out of them
    names = {p.name for p in photos}
    slips = set(label_slips("valid")) & names
    unread_slips = set(label_slips("valid", reviewed=True)) & names
    corrections = reviewed_labels()
    ours_c, ours34_c, peer34_c = Tally(), Tally(), Tally()
    # the reviewed figures again, split into the sets training knows and the held-out set (datasets.split): the
    # issue's in-distribution and held-out real-set targets are on these two parts
    by_part = {False: Tally(), True: Tally()}
    # photos whose (reviewed) ground truth holds more copies of a tile than a set has (a spare blank tile labelled
    # as the white dragon): recognition never reports such a reading, so they can never be photo-exact
    over_counted: list[str] = []
    ours.ids_measured = ours34.ids_measured = ours_c.ids_measured = ours34_c.ids_measured = not args.segment_only
    by_part[False].ids_measured = by_part[True].ids_measured = not args.segment_only
    playing = set(PLAYING_IDS)
    # warm-up (model load, first-call allocations) is not part of any photo's latency
    _ours(photos[0], args.segment_only, args.winning)
    STAGE_MS.clear()
    # each tool reads every photo in its own pass: run photo by photo in turn, the peer's onnxruntime threads,
    # which spin-wait after each run (its default), would take the cores while sikwu reads the next photo
    our_reads, truths = [], []
    for photo in photos:
        source, *truth = _view(photo, args)
        truths.append(truth)
        our_reads.append(_timed(_ours, source, args.segment_only, args.winning))
    peer_reads = []
    if peer_reason is None:
        _peer(photos[0])
        peer_reads = [_timed(_peer, _view(photo, args)[0]) for photo in photos]
    # further passes, the tools taking turns, time the same reads again: a shared machine's speed drifts over the
    # seconds one pass takes, and each photo's latency is the median of its passes (readings are the first pass's)
    our_reads = [(preds, [ms]) for preds, ms in our_reads]
    peer_reads = [(preds, [ms]) for preds, ms in peer_reads]
    for _ in range(args.rounds - 1):
        our_reads = _retimed(our_reads, _ours, photos, args, (args.segment_only, args.winning))
        if peer_reads:
            peer_reads = _retimed(peer_reads, _peer, photos, args, ())
    for i, photo in enumerate(photos):
        gts, reviewed, ignored = truths[i]
        preds, ms = our_reads[i]
        ours.latencies.append(statistics.median(ms))
        clean = photo.name not in unread_slips
        if clean and not counts_ok([t for t, _ in reviewed]):
            over_counted.append(photo.name)
        part = by_part[is_held_out_photo(photo.name)]
        for tally, keep, truth, skip in ((ours, None, gts, []), (ours34, playing, gts, [])) + (
            ((ours_c, None, reviewed, ignored), (ours34_c, playing, reviewed, ignored), (part, None, reviewed, ignored))
            if clean
            else ()
        ):
            tally.add(preds, truth, keep_ids=keep, ignore=skip)
            if tally is not ours:
                tally.latencies.append(ours.latencies[-1])
        if peer_reads:
            ppreds, pms = peer_reads[i]
            pms = statistics.median(pms)
            peer34.latencies.append(pms)
            peer34.add(ppreds, gts, keep_ids=playing)
            if clean:
                peer34_c.latencies.append(pms)
                peer34_c.add(ppreds, reviewed, keep_ids=playing, ignore=ignored)
    n_gt_bonus = ours.gt - ours34.gt
    say(f"hk-photos/valid: {len(photos)} photos, {ours.gt} ground-truth tiles ({n_gt_bonus} flowers/seasons)")
    mode = "segmentation only: ids not measured" if args.segment_only else "full pipeline"
    say(f"\nsikwu ({mode}), all 42 classes:")
    without = "sikwu, reviewed labels"
    _print_table({"sikwu": ours.row(), without: ours_c.row()} if corrections else {"sikwu": ours.row()})
    if corrections:
        fixed = sum(1 for name, _ in corrections if name in slips)
        say(
            f"reviewed labels: {len(corrections)} box labels corrected by eye (datasets/hk_photos_review.csv), "
            f"{fixed} of them in the {len(slips)} labelling-slip photos (every box labelled one class: "
            f"{', '.join(sorted(s[:8] for s in slips))})"
            + (f"; {len(unread_slips)} slip photo(s) not yet read, left out" if unread_slips else "")
        )
    if corrections and by_part[True].photos and by_part[False].photos:
        say("\nReviewed labels by part (datasets.split): the sets training knows, and the held-out IMG_27xx set:")
        _print_table({"without IMG_27xx": by_part[False].row(), "IMG_27xx (held out)": by_part[True].row()})
    if over_counted and not args.segment_only:
        say(
            f"{len(over_counted)} photo(s) whose reviewed labels hold more copies of a tile than a set has "
            f"({', '.join(sorted(s[:12] for s in over_counted))}): never photo-exact, because recognition never "
            "reports five of a tile or two of one flower"
        )
    say("\nSide by side on the 34 classes mahjong-detector knows (flower/season ground truth ignored):")
    if peer_reason is None:
        _print_table({"sikwu": ours34.row(), "mahjong-detector 0.0.6": peer34.row()})
        if corrections:
            say("\nThe same with reviewed labels:")
            _print_table({"sikwu": ours34_c.row(), "mahjong-detector 0.0.6": peer34_c.row()})
        say(_peer_ratios(ours34, peer34))
    else:
        _print_table({"sikwu": ours34.row()})
        say(f"mahjong-detector not compared: {peer_reason}")
    if not args.segment_only:
        from sikwu.vision.classifier import DEFAULT_MODEL_PATH as CLF
        from sikwu.vision.detector import DEFAULT_MODEL_PATH as DET

        det = args.detector_model or DET
        det_state = f"{det.name} ({det.stat().st_size / 1e6:.2f} MB)" if det.is_file() else f"{det.name} (absent)"
        say(f"\nmodels: classifier {CLF.name} ({CLF.stat().st_size / 1e6:.2f} MB); detector {det_state}")
        say("candidate sources (photos): " + ", ".join(f"{k} {v}" for k, v in sorted(SOURCES.items())))
    if STAGE_MS:
        stages = ", ".join(f"{k} {statistics.median(v):.0f}" for k, v in STAGE_MS.items())
        say(f"\nsikwu median ms per stage: {stages}")
    ms = None
    if not args.segment_only:
        ms = _large_photo_latency(photos[0])
        say(f"\n4000x3000 JPEG (upscaled {photos[0].name[:20]}...): median {ms:.0f} ms over 5 runs")
    if args.write_docs:
        name, title = _section_name(args)
        figures = None
        if name == "bench_recognition" and ms is not None and peer_reason is None and corrections:
            figures = _headline(len(photos), ours, ours_c, ours34, peer34, ms)
        path = write_section(
            name, title, command_line("benchmarks.bench_recognition", argv), "\n\n".join(BLOCKS), figures=figures
        )
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
