"""What recognition returns: every tile found, in reading order, with where it is and how sure the reading is.

``Recognition.to_dict()`` is the JSON contract of ``sikwu recognize --json`` and of the page; its field names are
kept stable (``decoding`` names how the ids were assigned, ``timings_ms`` keys name the stages).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypedDict

import numpy as np
from sikwu.vision.assign import AssignMethod

#: Major version of the recognition JSON (contract: vision/schemas/recognition.schema.json).
RECOGNITION_JSON_VERSION = 1


class TileJSON(TypedDict):
    """One tile of the recognition JSON."""

    index: int
    id: str
    confidence: float
    top3: list[list[str | float]]  # [[label, probability], ...] best first
    box: list[float]  # x1, y1, x2, y2
    quad: list[list[float]]  # [[x, y] * 4]: tl, tr, br, bl of the upright tile
    group: int
    row: int
    changed: bool
    low_confidence: bool


class RecognitionJSON(TypedDict):
    """The recognition JSON (``sikwu recognize --json``)."""

    version: int
    image_size: list[int]
    tiles: list[TileJSON]
    decoding: str
    candidates: str
    notes: list[str]
    timings_ms: dict[str, float]


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

    def to_dict(self, index: int) -> TileJSON:
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
    method: AssignMethod = "classifier"  # how ids were assigned (``vision.assign``)
    notes: tuple[str, ...] = field(default=())
    candidates: str = "segmentation"  # where tile candidates came from: detector, segmentation or detector+segmentation

    @property
    def ids(self) -> list[str]:
        return [t.id for t in self.tiles]

    def to_dict(self) -> RecognitionJSON:
        return {
            "version": RECOGNITION_JSON_VERSION,
            "image_size": list(self.image_size),
            "tiles": [t.to_dict(i) for i, t in enumerate(self.tiles)],
            "decoding": self.method,
            "candidates": self.candidates,
            "notes": list(self.notes),
            "timings_ms": {k: round(v, 1) for k, v in self.timings_ms.items()},
        }
