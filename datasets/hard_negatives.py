"""Hard negatives for the classifier: what recognition's detectors box on a bare table, cut from fresh scenes.

Why: every box a detector proposes is named by the classifier, and ``not-a-tile`` is its veto. The classifier learnt
that class from random crops of table tops (``confusable_crops``), which rarely frame a cloth's print as a detector
does: centred on one spot, at a tile's size. On synthetic scenes of held-out art the classifier named three in four
of the detectors' boxes on the bare table as a face (a printed cloth's dots as dot tiles: the phantom tiles of
``benchmarks/bench_own_table.py``). Boxes the detectors put where no labelled tile lies, on scenes drawn from training
art only (``train_all._training_scenes``, a seed of their own), are those very crops; the classifier learns them as
``not-a-tile`` beside its other training crops (hard-negative mining).

A box counts as bare table only when it keeps clear of every labelled tile grown by ``CLEAR`` of its size on each
side: the labels box a tile's face, and a box on a standing tile's top or a flat tile's side shows the tile's body
and back colour, which is a tile, not the table. Even so the negatives cost some face-down tiles: at one seed and
data version, concealed kongs of held-out backs counted right 13 -> 11 of 20, while held-out scene precision rose
88.1 -> 93.2% (models/MODEL_CARD.md, "Hard negatives, measured").

The detectors are the ones recognition will run beside this classifier: the pair ``sikwu train`` has just made in
its output folder, or the shipped pair (``models/``) when it trains the classifier alone. Their mistakes are what the
classifier must veto, and a full run then depends on nothing committed before it.
"""

from __future__ import annotations

import functools
import hashlib
import os
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

if TYPE_CHECKING:
    from sikwu.datasets.scenes.render import SceneSample
    from sikwu.vision.detector import TileDetector

#: Scenes for mining are drawn from this seed plus the run's (the detector's training scenes use the run's seed).
SEED_OFFSET = 20000
#: Scenes of each kind mined.
PER_KIND = 40
#: A proposed box with at most this share of its area over (grown) labelled tiles lies on the bare table.
ON_TABLE = 0.1
#: Each labelled tile's box is grown by this share of its width and height on every side before that test.
CLEAR = 0.5


def on_table(boxes: np.ndarray, tiles: np.ndarray) -> np.ndarray:
    """For each box (N x 4, x0 y0 x1 y1), whether at most ``ON_TABLE`` of its area lies over the labelled tiles'
    boxes (M x 4) grown by ``CLEAR``: the largest share over any one tile."""
    from sikwu.datasets.box_match import overlaps

    boxes = np.asarray(boxes, np.float64).reshape(-1, 4)
    tiles = np.asarray(tiles, np.float64).reshape(-1, 4)
    if not len(tiles):
        return np.ones(len(boxes), bool)
    grow = np.concatenate([tiles[:, 2:] - tiles[:, :2]] * 2, axis=1) * CLEAR
    inter, area, _ = overlaps(boxes, tiles + grow * [-1, -1, 1, 1])
    return inter.max(axis=1) / np.maximum(area, 1e-6) <= ON_TABLE


class Detectors(NamedTuple):
    """The two detector models mined with: the main one, and the general one that fills in (None: not used)."""

    main: Path
    general: Path | None


def shipped_detectors() -> Detectors:
    """The pair recognition runs today (``models/``)."""
    from sikwu.models import GENERAL_DETECTOR_PATH
    from sikwu.vision.detector import DEFAULT_MODEL_PATH

    return Detectors(Path(DEFAULT_MODEL_PATH), GENERAL_DETECTOR_PATH if GENERAL_DETECTOR_PATH.is_file() else None)


def missing_detector() -> str | None:
    """Why hard negatives cannot be mined with the shipped pair (a run that trains only the classifier), or None."""
    main = shipped_detectors().main
    if main.is_file():
        return None
    return (
        f"hard negatives are mined with the tile detector recognition runs, and {main} is missing: restore it "
        "(git checkout models/), train the detectors in the same run, or train without them (--negative-scenes 0)"
    )


@functools.lru_cache(maxsize=2)
def _loaded(detectors: Detectors) -> tuple[TileDetector, TileDetector | None]:
    """The two models opened once for a whole mining run."""
    from sikwu.vision.detector import TileDetector

    general = TileDetector(detectors.general) if detectors.general is not None else None
    return TileDetector(detectors.main), general


def proposed_boxes(jpeg: bytes, detectors: Detectors) -> np.ndarray | None:
    """Every box the two detectors propose for a photo as recognition combines them (sure, first-detector-only,
    second-detector-only and faint), in the photo's pixels; None when a framing fix changed the photo (its boxes are
    in other pixels)."""
    from sikwu.vision.io import load_image
    from sikwu.vision.propose import detector_proposals
    from sikwu.vision.quads import quad_box

    loaded = load_image(jpeg)
    found = detector_proposals(loaded, *_loaded(detectors))
    if found.image is not loaded:
        return None
    quads = [*found.quads, *found.lone, *found.filled, *found.faint]
    sx, sy = loaded.scale
    return np.array([quad_box(q) for q in quads], np.float64).reshape(-1, 4) * [sx, sy, sx, sy]


def mine(scenes: Iterable[tuple[str, SceneSample]], size: int, detectors: Detectors) -> np.ndarray:
    """Crops (padded like the other training crops, ``size`` square) of the boxes ``detectors`` propose on each
    scene's bare table."""
    import cv2
    from sikwu.datasets.hk_photos import crop_box
    from sikwu.datasets.prepare import PAD

    crops: list[np.ndarray] = []
    for _, sample in scenes:
        boxes = proposed_boxes(sample.jpeg, detectors)
        if boxes is None or not len(boxes):
            continue
        tiles = np.array([t.box for t in sample.tiles], np.float64).reshape(-1, 4)
        img = cv2.imdecode(np.frombuffer(sample.jpeg, np.uint8), cv2.IMREAD_COLOR)
        crops += [crop_box(img, *b, size, PAD) for b in boxes[on_table(boxes, tiles)]]
    return np.stack(crops) if crops else np.zeros((0, size, size, 3), np.uint8)


def detectors_digest(detectors: Detectors) -> str:
    """First 16 hex of the SHA-256 of the detector models mined with and of this module: the crops depend on them."""
    h = hashlib.sha256(Path(__file__).read_bytes())
    for path in detectors:
        h.update(Path(path).read_bytes() if path is not None and Path(path).is_file() else b"")
    return h.hexdigest()[:16]


def cached_negatives(seed: int, per_kind: int, generator: str, size: int, detectors: Detectors) -> np.ndarray:
    """The mined crops for a run's seed, drawn once per (seed, count, data generator, detectors) into ``.cache``."""
    from sikwu.datasets.detector_data import cache_root
    from sikwu.datasets.train_all import _training_scenes

    path = cache_root() / f"hard-negatives-s{seed}-n{per_kind}-{generator}-{detectors_digest(detectors)}-{size}.npy"
    if path.is_file():
        return np.load(path)
    crops = mine(_training_scenes(seed + SEED_OFFSET, per_kind, []), size, detectors)
    tmp = path.with_suffix(f".partial-{os.getpid()}.npy")  # a run of its own: two runs at once must not share it
    np.save(tmp, crops)
    tmp.replace(path)  # the mining is deterministic: a run finishing second writes the same crops
    return crops
