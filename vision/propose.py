"""Propose stage: where the tiles might be, as quads, before anything is named.

Two sources.  The learned detector (``vision.detector``) gives one box per tile; before its boxes are used, the
photo's framing is put right, each fix judged by the detector itself and cheap on an ordinary photo: a photo
stretched along one axis is squeezed back (``vision.stretch``), one whose tile rows slant is levelled
(``vision.tilt``), and small tiles get a closer look (``vision.zoom``).  Boxes the detector is only faintly sure
of are kept as a separate list: they become tiles only where they continue a row (``continues_row``) and the
classifier is sure of them.  OpenCV segmentation (``vision.segment``) is the other source: without the detector,
when it finds nothing, or (``candidates="union"``) for blobs the detector's tiles leave uncovered.
"""

from __future__ import annotations

import dataclasses
import functools
import os
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass

import numpy as np
from sikwu.vision.detector import BoxSource, Detection
from sikwu.vision.fill_in import Box, fuse
from sikwu.vision.io import LoadedImage
from sikwu.vision.note_texts import note
from sikwu.vision.quads import area, box_quad, intersection, overlap, quad_box
from sikwu.vision.segment import Segmentation
from sikwu.vision.stretch import unstretch
from sikwu.vision.tilt import level
from sikwu.vision.zoom import zoom_in

#: Detector boxes with a peak score below this are not candidates (None: the threshold stored in the model).  Lower
#: than the shipped model's own 0.4 because the classifier vetoes non-tiles: on every 4th hk-photos/valid photo
#: (models/tile_detector.onnx of 41d65eb) 0.3 gave recall 88.5% / precision 94.3% / photo-exact 37.8%, 0.4 gave
#: 87.1 / 86.8 / 36.5% (photos where it finds nothing fall back to segmentation), 0.2 gave 89.6 / 92.6 / 37.8%.
DETECTOR_SCORE_THRESHOLD: float | None = 0.3
#: Detector boxes scored from this up to DETECTOR_SCORE_THRESHOLD are faint candidates (None: none).  One is kept
#: only where a row of tiles continues into it (``continues_row``) and the classifier names a face there with at
#: least ``vision.naming.FAINT_MIN_PROB``: the detector is least sure of plain faces such as a blank white dragon at
#: a row's end (on hk-photos/valid: two photos of that set read exactly with them, none lost).
FAINT_SCORE: float | None = 0.1
#: A faint box an accepted tile covers more than this share of is the gap between two tiles, not a third tile.
FAINT_OVERLAP = 0.1
#: A segmentation blob this much covered by detector boxes is left to the detector in ``"union"`` mode.
BLOB_COVERED = 0.8
#: Detector boxes narrower or lower than this (working pixels) are not tiles.
MIN_BOX_SIDE = 4


@dataclass(frozen=True)
class DetectorProposals:
    """The detector's tile quads, in the pixels of ``image`` (the working image after the framing fixes: its
    ``to_original`` undoes the squeeze and the turn), the faint quads that continue a row, and a note per fix."""

    image: LoadedImage
    quads: list[np.ndarray]
    faint: list[np.ndarray]
    notes: list[str]
    #: The second detector's boxes where the first found no tile (``vision.fill_in``).
    filled: list[np.ndarray] = dataclasses.field(default_factory=list)
    #: The first detector's boxes the second did not find (only when a second detector ran).
    lone: list[np.ndarray] = dataclasses.field(default_factory=list)
    #: For each of ``quads``, another framing of the same tile (``naming.second_framing_look``): the first
    #: detector's own quad where its box was averaged with the second's, the second's quad where the first looked
    #: closer (``vision.zoom``) and kept its box; None for a tile only the first found.
    framings: list[np.ndarray | None] = dataclasses.field(default_factory=list)
    #: For each of ``quads``, the second detector's own quad where the tile's box is the mean of both detectors'
    #: (``naming.partner_look``); None elsewhere.
    partners: list[np.ndarray | None] = dataclasses.field(default_factory=list)


def _faint_split() -> tuple[float | None, bool]:
    """(the sure threshold, whether faint boxes are looked for at all)."""
    sure_from = DETECTOR_SCORE_THRESHOLD
    faint = FAINT_SCORE is not None and sure_from is not None and FAINT_SCORE < sure_from
    return sure_from, faint


def _big_enough(b: Sequence[float]) -> bool:
    return b[2] - b[0] >= MIN_BOX_SIDE and b[3] - b[1] >= MIN_BOX_SIDE


def _quads(boxes: Sequence[Sequence[float]]) -> list[np.ndarray]:
    return [box_quad(b) for b in boxes if _big_enough(b)]


def detector_proposals(loaded: LoadedImage, det: BoxSource, second: BoxSource | None = None) -> DetectorProposals:
    """Detector boxes as tile quads, found in the photo squeezed back to shape when it is stretched, levelled when
    its rows slant, and looked at again closer when its tiles are small, with a note for each of those.  Faint
    quads (scored from FAINT_SCORE up to the threshold) come only from a photo no framing fix changed.  A ``second``
    detector, run once on the framed photo, places the boxes of tiles both found, adds boxes where ``det`` found no
    tile and sets apart (``lone``) the tiles only ``det`` found (``vision.fill_in.fuse``)."""
    sure_from, faint = _faint_split()
    # most photos need no framing fix, so the second detector starts on the photo as is, beside the first (the
    # cores are otherwise idle while one small model runs); its boxes are used only if no fix changes the photo
    early = _in_background(second, loaded.pixels) if second is not None else None
    first = det.detect(loaded.pixels, score_threshold=FAINT_SCORE if faint else sure_from)
    sure = [d for d in first if not faint or (sure_from is not None and d.score >= sure_from)]
    found = unstretch(
        loaded,
        det,
        sure,
        DETECTOR_SCORE_THRESHOLD,
        second=early.result if early is not None else None,
        second_detector=second,
    )
    notes = [found.note] if found.note else []
    levelled = level(found.loaded, det, found.detections, DETECTOR_SCORE_THRESHOLD)
    if levelled.note:
        notes.append(levelled.note)
    detections, region = zoom_in(levelled.loaded.pixels, det, levelled.detections, DETECTOR_SCORE_THRESHOLD)
    if region is not None:
        notes.append(note("vision.small_tiles"))
    filled: list[Detection] = []
    lone: list[Detection] = []
    own: list[Box | None] = [None] * len(detections)
    partners: list[Box | None] = [None] * len(detections)
    if second is not None:
        seen = early.result() if early is not None else []
        if levelled.loaded is found.loaded and found.second_detections is not None:
            seen = found.second_detections  # the squeeze's check already ran it on these pixels
        elif levelled.loaded is not loaded:
            seen = second.detect(levelled.loaded.pixels, score_threshold=DETECTOR_SCORE_THRESHOLD)
        detections, lone, filled, paired, partnered = fuse(detections, seen, average=region is None)
        own, partners = list(paired), list(partnered)
        if region is not None:  # the first looked closer than the second: a tile it alone saw is no less sure
            own, partners = own + [None] * len(lone), partners + [None] * len(lone)
            detections, lone = detections + lone, []
    as_is = levelled.loaded is loaded and region is None
    faint_boxes = [d.box for d in first if _is_faint(d, sure_from)] if faint and as_is else []
    kept = [(d.box, o, p) for d, o, p in zip(detections, own, partners, strict=True) if _big_enough(d.box)]
    sure_quads, filled_quads = [box_quad(b) for b, _, _ in kept], _quads([d.box for d in filled])
    framings = [box_quad(o) if o is not None else None for _, o, _ in kept]
    partner_quads = [box_quad(p) if p is not None else None for _, _, p in kept]
    lone_quads = _quads([d.box for d in lone])
    # only faint boxes that continue a row of sure boxes are worth a crop (the classifier's time is per crop), and
    # not where the second detector already put a box
    faint_quads = [
        q
        for q in _quads(faint_boxes)
        if continues_row(q, sure_quads + lone_quads) and all(overlap(q, f) <= FAINT_OVERLAP for f in filled_quads)
    ]
    return DetectorProposals(
        levelled.loaded, sure_quads, faint_quads, notes, filled_quads, lone_quads, framings, partner_quads
    )


@functools.cache
def _background() -> ThreadPoolExecutor:
    return ThreadPoolExecutor(max_workers=1, thread_name_prefix="sikwu-detector")


# a forked child inherits the executor but not its thread: work handed to it would never run, so the child makes its own
os.register_at_fork(after_in_child=_background.cache_clear)


def _in_background(det: BoxSource, pixels: np.ndarray) -> Future[list[Detection]]:
    """``det``'s boxes on ``pixels``, computed on another thread (onnxruntime releases the GIL while it runs)."""
    return _background().submit(det.detect, pixels, score_threshold=DETECTOR_SCORE_THRESHOLD)


def _is_faint(d: Detection, sure_from: float | None) -> bool:
    return sure_from is not None and d.score < sure_from


def continues_row(q: np.ndarray, tiles: list[np.ndarray]) -> bool:
    """Whether the quad continues a row of these tiles: none covers it (FAINT_OVERLAP), and one of about its size
    sits right beside it, level with it (sharing most of its height, a small fraction of a tile apart), or above or
    below it likewise (a row photographed lying on its side)."""
    if any(overlap(q, t) > FAINT_OVERLAP for t in tiles):
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


def uncovered_blobs(seg: Segmentation, taken: list[np.ndarray]) -> Segmentation:
    """The segmentation restricted to blobs the detector's tiles do not mostly cover: where the detector missed
    tiles, segmentation (with the classifier choosing each blob's split) may still find them."""
    keep = []
    for blob in seg.blobs:
        q = blob.quad.astype(np.float32)
        blob_area = area(q)
        covered = sum(intersection(q, t) for t in taken)
        if blob_area > 0 and covered / blob_area < BLOB_COVERED:
            keep.append(blob)
    return dataclasses.replace(seg, blobs=keep)
