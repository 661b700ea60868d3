"""Photo -> recognised tiles: load, find tile candidates, classify, lay out, decode with the tile-set and
(optionally) winning-hand constraints.

Candidates come from the learned tile detector (``vision.detector``, ``models/tile_detector.onnx``) when its model
is present: one box per tile, so the classifier sees each tile once, in one batch.  Without the detector model, or
when it finds nothing, OpenCV segmentation (``vision.segment``) proposes blobs and the classifier chooses how to
split each one (several batches of sample crops), as before.

Before the detector's boxes are used, the photo's framing is put right, each fix judged by the detector itself and
cheap on an ordinary photo: a photo stretched along one axis is squeezed back (``vision.stretch``), one whose tile
rows slant is levelled (``vision.tilt``), and small tiles get a closer look (``vision.zoom``).

The stages are separate modules (``io``, ``stretch``, ``tilt``, ``zoom``, ``segment``, ``layout``, ``decode``) so
each can be measured and tested on its own; this module only wires them and keeps per-stage timings, the way a
detector separates pre-process, inference and post-process.
"""

from __future__ import annotations

import dataclasses
import functools
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, Protocol

import cv2
import numpy as np
from sikwu.vision.decode import decode
from sikwu.vision.detector import DEFAULT_MODEL_PATH, DetectorModelError, TileDetector
from sikwu.vision.detector import BoxSource as Detector
from sikwu.vision.io import ImageInput, LoadedImage, NoTilesFoundError, load_image
from sikwu.vision.labels import BACK, NOT_A_TILE
from sikwu.vision.layout import layout
from sikwu.vision.segment import portrait_quad, quad_box, rectify, segment
from sikwu.vision.stretch import unstretch
from sikwu.vision.tilt import level
from sikwu.vision.zoom import zoom_in

#: How many classifier alternatives each tile keeps for decoding.
TOP_K = 5
#: Two candidates covering more than this fraction of the smaller one are one tile (the more confident stays).
DUPLICATE_OVERLAP = 0.5
#: A less confident candidate this much covered by the more confident ones together straddles two tiles (a box
#: between two touching tiles, each half a tile); it is dropped.
STRADDLE_COVER = 0.8
#: Candidates smaller than this fraction of the photo's median tile area are scraps, not tiles.
MIN_RELATIVE_AREA = 0.3
#: Candidates whose best class probability is below this are dropped.  Kept tiles below decode.LOW_CONFIDENCE are
#: flagged for the player with their top-3, which serves them better than a missing tile.  Measured on
#: hk-photos/valid with the squeeze-back of stretched photos (bench_recognition --no-peer, so chosen on the
#: measurement set): gates 0.2 / 0.25 / 0.3 / 0.4 / 0.5 gave recall 99.2 / 99.2 / 99.1 / 99.0 / 98.7% at precision
#: 99.3 / 99.3 / 99.3 / 99.3 / 99.4% (the not-a-tile class, not this gate, rejects table and trays).
MIN_TILE_PROB = 0.3
#: Margin around each tile crop, as a fraction of its size (training crops were framed 0-15% loose).
CROP_PAD = 0.06
#: A split whose sample crops reach this mean quality is accepted without looking at others; the first
#: FIRST_ROUND best-scored splits are judged before the long tail of row counts.
FIRST_ROUND = 3
GOOD_SPLIT = 0.9
#: Splits within this mean sample quality of the best count as equally liked (then the most tiles wins).
QUALITY_TOLERANCE = 0.03
#: Crops per split hypothesis the classifier looks at when a blob can be split more than one way.
SAMPLES_PER_SPLIT = 4
#: The detector model; None means ``vision.detector.DEFAULT_MODEL_PATH`` (tests point it elsewhere).
DETECTOR_MODEL_PATH: Path | None = None
#: Detector boxes with a peak score below this are not candidates (None: the threshold stored in the model).  Lower
#: than the shipped model's own 0.4 because the classifier vetoes non-tiles: on every 4th hk-photos/valid photo
#: (models/tile_detector.onnx of 41d65eb) 0.3 gave recall 88.5% / precision 94.3% / photo-exact 37.8%, 0.4 gave
#: 87.1 / 86.8 / 36.5% (photos where it finds nothing fall back to segmentation), 0.2 gave 89.6 / 92.6 / 37.8%.
DETECTOR_SCORE_THRESHOLD: float | None = 0.3
#: Detector boxes scored from this up to DETECTOR_SCORE_THRESHOLD are faint candidates (None: none). One is kept only
#: where a row of tiles continues into it (``_continues_row``) and the classifier names a face there with at least
#: FAINT_MIN_PROB: the detector is least sure of plain faces such as a blank white dragon at a row's end (on
#: hk-photos/valid: two photos of that set read exactly with them, none lost).
FAINT_SCORE: float | None = 0.1
FAINT_MIN_PROB = 0.7
#: A faint box an accepted tile covers more than this share of is the gap between two tiles, not a third tile.
FAINT_OVERLAP = 0.1
#: A segmentation candidate covering more than this fraction of (the smaller of) itself or a detector box is a tile
#: the detector already proposed.
SOURCE_OVERLAP = 0.3
#: A segmentation blob this much covered by detector boxes is left to the detector in ``"union"`` mode.
BLOB_COVERED = 0.8
#: A segmented tile is added to the detector's only when the classifier names it with at least this probability.
UNION_MIN_PROB = 0.9
#: Which candidate sources ``candidates="auto"`` uses when the detector model is present.
AUTO_SOURCES: tuple[str, ...] = ("detector",)

CandidateSource = Literal["auto", "detector", "segmentation", "union"]
#: Major version of the recognition JSON (``Recognition.to_dict``; contract: vision/schemas/recognition.schema.json).
RECOGNITION_JSON_VERSION = 1


class Classifier(Protocol):
    """What recognition needs from a tile classifier (``vision.classifier.TileClassifier`` is one)."""

    def predict(self, crops: Sequence[np.ndarray], k: int = 3) -> list[list[tuple[str, float]]]: ...


@dataclass(frozen=True)
class RecognizedTile:
    id: str
    confidence: float
    top3: tuple[tuple[str, float], ...]
    quad: np.ndarray  # 4x2, original image pixels, corners tl, tr, br, bl of the upright tile
    box: tuple[float, float, float, float]  # axis-aligned x1, y1, x2, y2 in original image pixels
    group: int
    row: int
    changed: bool = False
    low_confidence: bool = False

    def to_dict(self, index: int) -> dict[str, Any]:
        return {
            "index": index,
            "id": self.id,
            "confidence": round(self.confidence, 4),
            "top3": [[label, round(p, 4)] for label, p in self.top3],
            "box": [round(v, 1) for v in self.box],
            "quad": [[round(float(x), 1), round(float(y), 1)] for x, y in self.quad],
            "group": self.group,
            "row": self.row,
            "changed": self.changed,
            "low_confidence": self.low_confidence,
        }


@dataclass(frozen=True)
class Recognition:
    tiles: tuple[RecognizedTile, ...]
    image_size: tuple[int, int]  # (width, height) of the upright original photo
    timings_ms: dict[str, float]
    method: str = "classifier"
    notes: tuple[str, ...] = field(default=())
    candidates: str = "segmentation"  # where tile candidates came from: detector, segmentation or detector+segmentation

    @property
    def ids(self) -> list[str]:
        return [t.id for t in self.tiles]

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": RECOGNITION_JSON_VERSION,
            "image_size": list(self.image_size),
            "tiles": [t.to_dict(i) for i, t in enumerate(self.tiles)],
            "decoding": self.method,
            "candidates": self.candidates,
            "notes": list(self.notes),
            "timings_ms": {k: round(v, 1) for k, v in self.timings_ms.items()},
        }


class ClassifierUnavailableError(FileNotFoundError):
    """The shipped tile classifier cannot be loaded (missing or broken model file)."""


def _default_classifier() -> Classifier:
    try:
        from sikwu.vision.classifier import ModelError, default_classifier
    except ImportError as exc:
        raise ClassifierUnavailableError(f"the tile classifier module is not available ({exc})") from exc
    try:
        return default_classifier()
    except ModelError as exc:
        raise ClassifierUnavailableError(str(exc)) from exc


@functools.lru_cache(maxsize=2)
def _load_detector(path: Path | None) -> Detector:
    return TileDetector(path)


def _default_detector() -> tuple[Detector | None, str | None]:
    """The shipped detector, or None and a note saying why recognition falls back to OpenCV segmentation."""
    path = DETECTOR_MODEL_PATH if DETECTOR_MODEL_PATH is not None else DEFAULT_MODEL_PATH
    if not Path(path).is_file():
        return None, f"tile detector model not found at {path}: candidates from OpenCV segmentation"
    try:
        return _load_detector(Path(path)), None
    except DetectorModelError as exc:
        return None, f"{exc}; candidates from OpenCV segmentation"


def _box_quad(box: Sequence[float]) -> np.ndarray:
    """Corners of an axis-aligned box as the quad of an upright tile: a landscape box is a tile turned a quarter
    turn, so its corner order starts on a short side (like segmentation's quads).  Which quarter turn is unknown;
    the classifier was trained on all four."""
    x1, y1, x2, y2 = (float(v) for v in box)
    return portrait_quad(np.array([[x1, y1], [x2, y1], [x2, y2], [x1, y2]], np.float32))


def _detector_candidates(
    loaded: LoadedImage, det: Detector
) -> tuple[LoadedImage, list[np.ndarray], list[np.ndarray], list[str]]:
    """Detector boxes as tile quads, found in the photo squeezed back to shape when it is stretched, levelled when
    its rows slant, and looked at again closer when its tiles are small, with a note for each of those.  The
    returned working image is the one the quads belong to (its ``to_original`` undoes the squeeze and the turn).
    Faint quads (scored from FAINT_SCORE up to the threshold) come only from a photo no framing fix changed."""
    sure_from = DETECTOR_SCORE_THRESHOLD
    faint = FAINT_SCORE is not None and sure_from is not None and FAINT_SCORE < sure_from
    first = det.detect(loaded.pixels, score_threshold=FAINT_SCORE if faint else sure_from)
    sure = [d for d in first if not faint or d.score >= sure_from]
    found = unstretch(loaded, det, sure, DETECTOR_SCORE_THRESHOLD)
    notes = [found.note] if found.note else []
    levelled = level(found.loaded, det, found.detections, DETECTOR_SCORE_THRESHOLD)
    if levelled.note:
        notes.append(levelled.note)
    detections, region = zoom_in(levelled.loaded.pixels, det, levelled.detections, DETECTOR_SCORE_THRESHOLD)
    if region is not None:
        notes.append("the tiles are small in this photo: the detector looked again, closer; a closer photo reads best")
    as_is = levelled.loaded is loaded and region is None
    faint_boxes = [d.box for d in first if d.score < sure_from] if faint and as_is else []

    def quads(boxes: Sequence[Sequence[float]]) -> list[np.ndarray]:
        return [_box_quad(b) for b in boxes if b[2] - b[0] >= 4 and b[3] - b[1] >= 4]

    sure_quads = quads([d.box for d in detections])
    # only faint boxes that continue a row of sure boxes are worth a crop (the classifier's time is per crop)
    return levelled.loaded, sure_quads, [q for q in quads(faint_boxes) if _continues_row(q, sure_quads)], notes


def _continues_row(q: np.ndarray, tiles: list[np.ndarray]) -> bool:
    """Whether the quad continues a row of these tiles: none covers it (FAINT_OVERLAP), and one of about its size
    sits right beside it, level with it (sharing most of its height, a small fraction of a tile apart), or above or
    below it likewise (a row photographed lying on its side)."""
    if any(_overlap(q, t) > FAINT_OVERLAP for t in tiles):
        return False
    x0, y0, x1, y1 = quad_box(q)
    w, h = x1 - x0, y1 - y0
    for bx0, by0, bx1, by1 in (quad_box(t) for t in tiles):
        bw, bh = bx1 - bx0, by1 - by0
        if not (0.7 <= bh / h <= 1.4 and 0.7 <= bw / w <= 1.4):
            continue
        beside = min(y1, by1) - max(y0, by0) >= 0.7 * min(h, bh) and max(bx0 - x1, x0 - bx1) <= 0.3 * w
        above_below = min(x1, bx1) - max(x0, bx0) >= 0.7 * min(w, bw) and max(by0 - y1, y0 - by1) <= 0.3 * h
        if beside or above_below:
            return True
    return False


def _row_continuations(
    faint: list[tuple[np.ndarray, list[tuple[str, float]]]], taken: list[np.ndarray]
) -> list[tuple[np.ndarray, list[tuple[str, float]]]]:
    """Faint boxes kept as tiles: each continues a row of accepted tiles (``_continues_row``) and the classifier
    names a face there with at least FAINT_MIN_PROB (not a back: felt between tiles reads as a green back).  Tiles
    lie in rows; a faint box out on the table is left out, however sure the classifier is of it."""
    return [
        (q, p)
        for q, p in faint
        if _is_tile(p) and p[0][0] != BACK and p[0][1] >= FAINT_MIN_PROB and _continues_row(q, taken)
    ]


def _uncovered_blobs(seg, taken: list[np.ndarray]):
    """The segmentation restricted to blobs the detector boxes do not mostly cover: where the detector missed
    tiles, segmentation (with the classifier choosing each blob's split) may still find them."""
    keep = []
    for blob in seg.blobs:
        q = blob.quad.astype(np.float32)
        area = abs(cv2.contourArea(q))
        covered = sum(cv2.intersectConvexConvex(q, t)[0] for t in taken)
        if area > 0 and covered / area < BLOB_COVERED:
            keep.append(blob)
    return dataclasses.replace(seg, blobs=keep)


def _segmentation_extras(
    extra: list[tuple[np.ndarray, list[tuple[str, float]]]], taken: list[np.ndarray]
) -> list[tuple[np.ndarray, list[tuple[str, float]]]]:
    """Segmented tiles that add to the detector's: no accepted box covers them, the classifier is sure of them
    (segmentation's extra candidates are mostly table, trays and tile sides), and they are about the size of the
    detector's tiles (not a block of merged tiles)."""
    areas = [abs(cv2.contourArea(t)) for t in taken]
    typical = float(np.median(areas)) if areas else None
    out = []
    for q, p in extra:
        if p[0][1] < UNION_MIN_PROB or any(_overlap(q, t) > SOURCE_OVERLAP for t in taken):
            continue
        area = abs(cv2.contourArea(q.astype(np.float32)))
        if typical is not None and not (0.5 * typical <= area <= 2.0 * typical):
            continue
        out.append((q, p))
    return out


def _is_tile(pred: list[tuple[str, float]]) -> bool:
    """A crop the classifier calls not-a-tile, or cannot name with at least MIN_TILE_PROB, is not reported."""
    return pred[0][0] != NOT_A_TILE and pred[0][1] >= MIN_TILE_PROB


def _quality(pred: list[tuple[str, float]]) -> float:
    """How convincingly one crop is a single, well-cut tile: its top probability, negative for `not-a-tile`."""
    label, prob = pred[0]
    return -0.5 * prob if label == NOT_A_TILE else prob


def _sample(n: int, k: int = SAMPLES_PER_SPLIT) -> list[int]:
    """Indices of up to k crops spread over a split (a wrong count drifts most in the middle of a row)."""
    if n <= k:
        return list(range(n))
    return sorted({int(round((i + 1) * n / (k + 1))) for i in range(k)})


def _classify_blobs(pixels: np.ndarray, seg, clf: Classifier) -> list[tuple[np.ndarray, list[tuple[str, float]]]]:
    """Choose each blob's split with the classifier, then classify the chosen tiles.

    A blob with several split hypotheses is judged on a few sample crops per hypothesis: a wrong tile count puts
    cuts through faces, and the classifier is less sure of (or rejects) such crops.  The best-scored hypotheses
    are tried first; the long tail of row counts only when none of those convinces the classifier.
    """
    cache: dict[tuple[int, int, int], list[tuple[str, float]]] = {}

    def run(keys: list[tuple[int, int, int]]) -> None:
        keys = [k for k in keys if k not in cache]
        if keys:
            crops = [rectify(pixels, seg.blobs[b].splits[s].quads[i], pad=CROP_PAD) for b, s, i in keys]
            for key, pred in zip(keys, clf.predict(crops, k=TOP_K), strict=True):
                cache[key] = pred

    def quality(b: int, s: int) -> float:
        split = seg.blobs[b].splits[s]
        idx = _sample(len(split.quads))
        return sum(_quality(cache[(b, s, i)]) for i in idx) / len(idx) + 0.001 * split.score

    def pick(b: int, judged: list[int]) -> int:
        """Among splits the classifier likes about as much as the best, the one with the most tiles: a crop of
        two touching tiles is often named confidently as one of them, a wrong count of more tiles is not."""
        qs = {s: quality(b, s) for s in judged}
        top = max(qs.values())
        near = [s for s in judged if qs[s] >= top - QUALITY_TOLERANCE]
        return max(near, key=lambda s: (len(seg.blobs[b].splits[s].quads), qs[s]))

    multi = [b for b, blob in enumerate(seg.blobs) if len(blob.splits) > 1]
    judged: dict[int, list[int]] = {b: [] for b in multi}
    # Rounds: the best-scored split of every blob first, then the next ones only for blobs still in doubt, then
    # the long tail of row counts; each round is one classifier batch.  Rows are never settled early, because
    # a half count (pairs of tiles) can look convincing.
    rounds = [range(0, 1), range(1, FIRST_ROUND), range(FIRST_ROUND, 10_000)]
    unsure = multi
    for r in rounds:
        todo = {b: range(r.start, min(r.stop, len(seg.blobs[b].splits))) for b in unsure}
        run([(b, s, i) for b, ss in todo.items() for s in ss for i in _sample(len(seg.blobs[b].splits[s].quads))])
        for b, ss in todo.items():
            judged[b].extend(ss)
        unsure = [b for b in unsure if seg.blobs[b].row_like or max(quality(b, s) for s in judged[b]) < GOOD_SPLIT]
        if not unsure:
            break
    chosen_split = [pick(b, judged[b]) if b in judged else 0 for b in range(len(seg.blobs))]
    run([(b, s, i) for b, s in enumerate(chosen_split) for i in range(len(seg.blobs[b].splits[s].quads))])
    out = []
    for b, s in enumerate(chosen_split):
        for i, q in enumerate(seg.blobs[b].splits[s].quads):
            out.append((q, cache[(b, s, i)]))
    return out


def _consistent(
    tiles: list[tuple[np.ndarray, list[tuple[str, float]]]],
) -> list[tuple[np.ndarray, list[tuple[str, float]]]]:
    """Drop duplicates (two candidates over the same tile: keep the more confident), candidates straddling two
    tiles that are both named more confidently (a detector box between two touching tiles), and slivers much
    smaller than the photo's typical tile (bright scraps at the photo's edge, a bevel cut off a block)."""
    if not tiles:
        return tiles
    areas = np.array([abs(cv2.contourArea(q.astype(np.float32))) for q, _ in tiles])
    order = sorted(range(len(tiles)), key=lambda i: -tiles[i][1][0][1])
    kept: list[int] = []
    for i in order:
        q = tiles[i][0].astype(np.float32)
        inters = [cv2.intersectConvexConvex(q, tiles[j][0].astype(np.float32))[0] for j in kept]
        smaller = [min(areas[i], areas[j]) for j in kept]
        if any(a > DUPLICATE_OVERLAP * s for a, s in zip(inters, smaller, strict=True)):
            continue
        if areas[i] > 0 and sum(inters) > STRADDLE_COVER * areas[i]:
            continue
        kept.append(i)
    if len(kept) >= 5:
        typical = float(np.median(areas[kept]))
        kept = [i for i in kept if areas[i] >= MIN_RELATIVE_AREA * typical]
    return [tiles[i] for i in sorted(kept)]


def _overlap(a: np.ndarray, b: np.ndarray) -> float:
    """Intersection over the smaller of two convex quads."""
    inter, _ = cv2.intersectConvexConvex(a.astype(np.float32), b.astype(np.float32))
    small = min(abs(cv2.contourArea(a.astype(np.float32))), abs(cv2.contourArea(b.astype(np.float32))))
    return float(inter) / small if small > 0 else 0.0


def recognize(
    image: ImageInput,
    *,
    winning: bool = False,
    classifier: Classifier | None = None,
    detector: Detector | None = None,
    candidates: CandidateSource = "auto",
) -> Recognition:
    """Find and name every tile in a photo.

    ``image`` is a path, encoded bytes, a PIL image or a NumPy array (OpenCV BGR order; convert an RGB array with
    ``arr[:, :, ::-1]`` or pass ``PIL.Image.fromarray(rgb)``).  ``winning=True`` prefers the most probable reading
    that is a legal winning hand.  ``candidates`` chooses where tile candidates come from: ``"auto"`` (the detector
    when its model is present, else OpenCV segmentation), ``"detector"``, ``"segmentation"`` or ``"union"``
    (detector boxes plus segmented tiles no box covers); ``detector`` replaces the shipped detector.  Raises
    ``vision.io.ImageInputError`` subclasses for unusable input and ``NoTilesFoundError`` when nothing tile-like
    is found.
    """
    timings: dict[str, float] = {}
    notes: list[str] = []
    t0 = time.perf_counter()
    loaded = load_image(image)
    t1 = time.perf_counter()
    timings["load"] = (t1 - t0) * 1000
    sources: tuple[str, ...] = ("segmentation",)
    if candidates != "segmentation":
        if detector is None:
            detector, why = _default_detector()
            if why:
                notes.append(why)
        if detector is not None:
            sources = (
                AUTO_SOURCES
                if candidates == "auto"
                else (("detector",) if candidates == "detector" else ("detector", "segmentation"))
            )
    clf = classifier if classifier is not None else _default_classifier()
    found: list[tuple[np.ndarray, list[tuple[str, float]]]] = []
    used = sources
    if "detector" in sources:
        loaded, quads, faint, framing_notes = _detector_candidates(loaded, detector)
        notes.extend(framing_notes)
        t2 = time.perf_counter()
        timings["detect"] = (t2 - t1) * 1000
        if not quads:
            notes.append("the tile detector found no tiles: candidates from OpenCV segmentation")
            used = ("segmentation",)
        else:
            crops = [rectify(loaded.pixels, q, pad=CROP_PAD) for q in quads + faint]
            named = list(zip(quads + faint, clf.predict(crops, k=TOP_K), strict=True))
            found = named[: len(quads)]
            if faint:
                found += _row_continuations(named[len(quads) :], [q for q, p in found if _is_tile(p)])
            if "segmentation" in sources:
                # tiles the detector missed: segment, leave the blobs its accepted boxes cover, keep split tiles no
                # accepted box covers (a box the classifier rejects is no evidence about the blob under it)
                t2b = time.perf_counter()
                taken = [q for q, p in found if _is_tile(p)]
                seg = _uncovered_blobs(segment(loaded.pixels), taken)
                timings["segment"] = (time.perf_counter() - t2b) * 1000
                found += _segmentation_extras(_classify_blobs(loaded.pixels, seg, clf), taken)
    if used == ("segmentation",):
        t1s = time.perf_counter()
        seg = segment(loaded.pixels)
        t2 = time.perf_counter()
        timings["segment"] = (t2 - t1s) * 1000
        if not seg.blobs:
            raise NoTilesFoundError(
                "no tiles found in the photo: lay the tiles face up on a plain table, fill the frame and avoid glare"
            )
        found = _classify_blobs(loaded.pixels, seg, clf)
    t3 = time.perf_counter()
    timings["classify"] = (t3 - t2) * 1000 - (timings["segment"] if used == ("detector", "segmentation") else 0.0)
    chosen = _consistent([(q, p) for q, p in found if _is_tile(p)])
    if not chosen:
        raise NoTilesFoundError(
            "no tiles found in the photo (candidates were not tiles): lay the tiles face up, fill the frame"
        )
    placements = layout([q for q, _ in chosen])
    order = sorted(range(len(chosen)), key=lambda i: placements[i].order)
    chosen = [chosen[i] for i in order]
    placements = [placements[i] for i in order]
    decoding = decode([p for _, p in chosen], winning=winning)
    tiles = []
    for (q, _), place, dec in zip(chosen, placements, decoding.tiles, strict=True):
        q_orig = loaded.to_original(q)
        tiles.append(
            RecognizedTile(
                id=dec.id,
                confidence=dec.confidence,
                top3=dec.top3,
                quad=q_orig,
                box=quad_box(q_orig),
                group=place.group,
                row=place.row,
                changed=dec.changed,
                low_confidence=dec.low_confidence,
            )
        )
    t4 = time.perf_counter()
    timings["layout_decode"] = (t4 - t3) * 1000
    timings["total"] = (t4 - t0) * 1000
    return Recognition(
        tiles=tuple(tiles),
        image_size=loaded.original_size,
        timings_ms=timings,
        method=decoding.method,
        notes=tuple(notes) + tuple(decoding.notes),
        candidates="+".join(used),
    )
