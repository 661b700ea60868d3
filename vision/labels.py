"""The classifier's output classes, in output order: the 42 tile faces, then ``back`` and ``not-a-tile``.

``back`` is a face-down tile (concealed kongs are shown with backs); ``not-a-tile`` lets segmentation reject
candidates that are table, hands, debris or half tiles. The order is part of the model contract and is also
written into the ONNX metadata, so a model and this list can be checked against each other.
"""

from __future__ import annotations

from typing import Final

from sikwu.scoring.tiles import TILE_IDS

BACK: Final = "back"
NOT_A_TILE: Final = "not-a-tile"
CLASS_LABELS: Final[tuple[str, ...]] = TILE_IDS + (BACK, NOT_A_TILE)
NUM_CLASSES: Final = len(CLASS_LABELS)  # 44
