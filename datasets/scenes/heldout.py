"""``heldout_scenes(per_kind, seed)``: scenes of held-out art in the shape ``datasets.scene_eval`` measures.

Why a separate view: evaluation wants a decoded photo and, per tile, the id recognition should answer and its box;
the generator's samples carry the JPEG, art provenance and label classes (``blank`` for a blank white dragon, which
recognition rightly names 5z). Faces come only from ``datasets.split.held_out_tile_crops()`` (for a model trained
before that split, only those it never saw) and the Debian sets, with the held-out back colours.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from sikwu.datasets.scenes.art import DEBIAN_ART_KEY, FaceBank, heldout_filter, trained_debian_sets
from sikwu.datasets.scenes.generate import iter_scenes
from sikwu.datasets.scenes.layouts import KINDS
from sikwu.datasets.scenes.tiles import BLANK, HELDOUT_BACK_COLOURS

#: The pipeline's working size: scenes are drawn at it so evaluation does not measure resizing.
LONG_SIDE = 1600


@dataclass(frozen=True)
class TruthTile:
    tile: str  # tile id recognition should answer, or ``back`` for a face-down tile
    box: tuple[float, float, float, float]  # x0, y0, x1, y1 photo px


@dataclass(frozen=True)
class EvalScene:
    name: str
    kind: str
    image: np.ndarray  # BGR uint8, the photo as written (JPEG noise included)
    tiles: tuple[TruthTile, ...]


def with_detectors_art(metadata: dict[str, str]) -> dict[str, str]:
    """A classifier's ``metadata`` with the Debian sets any shipped detector trained on added to the sets it lists:
    a scene of art one of the detectors has seen measures memory, not generalisation, whatever the classifier saw."""
    from sikwu.models import GENERAL_DETECTOR_PATH
    from sikwu.vision.detector import DEFAULT_MODEL_PATH, TileDetector
    from sikwu.vision.onnx_session import ModelFileError

    sets = set(trained_debian_sets(metadata))
    for path in (DEFAULT_MODEL_PATH, GENERAL_DETECTOR_PATH):
        try:
            record = TileDetector(path).training_info() if Path(path).is_file() else {}
        except (ModelFileError, OSError):
            continue
        sets |= trained_debian_sets({DEBIAN_ART_KEY: str(record.get(DEBIAN_ART_KEY, ""))})
    return {**metadata, DEBIAN_ART_KEY: ",".join(sorted(sets))} if sets else dict(metadata)


def _shipped_metadata() -> dict[str, str] | None:
    """The shipped classifier's metadata (which crops it trained on) with the detectors' Debian sets
    (``with_detectors_art``), or None when no classifier is installed."""
    from sikwu.vision.classifier import default_classifier
    from sikwu.vision.onnx_session import ModelFileError

    try:
        return with_detectors_art(dict(default_classifier().metadata))
    except (ModelFileError, OSError):
        return None


def heldout_scenes(
    per_kind: int, seed: int, model_metadata: dict[str, str] | None = None, long_side: int = LONG_SIDE
) -> Iterator[EvalScene]:
    """``per_kind`` scenes of every kind from art the model never trained on (``model_metadata``: the model's,
    default the shipped classifier's), deterministic for a seed."""
    meta = _shipped_metadata() if model_metadata is None else model_metadata
    flt, _ = heldout_filter(model_metadata=meta)
    bank = FaceBank(flt)
    for name, sample in iter_scenes(KINDS, per_kind, seed, bank, long_side, HELDOUT_BACK_COLOURS, progress=False):
        tiles = tuple(TruthTile("5z" if t.label == BLANK else t.label, t.box) for t in sample.tiles)
        yield EvalScene(name, sample.kind, sample.image(), tiles)
