"""scene_failures watches the pipeline's stages as recognize calls them: a change to a stage's signature must not
leave the benchmark crashing (it once took one detector while the pipeline passed two)."""

from __future__ import annotations

import numpy as np
import pytest
from sikwu.vision import pipeline
from sikwu.vision.detector import Detection

from benchmarks.scene_failures import watching

FACE = [("8m", 0.9), ("7m", 0.05), ("9m", 0.01)]


class Boxes:
    def __init__(self, *boxes: tuple[float, float, float, float]) -> None:
        self.boxes = boxes

    def detect(self, image_bgr: np.ndarray, score_threshold: float | None = None) -> list[Detection]:
        return [Detection(b, 0.9) for b in self.boxes]


class Faces:
    def predict(self, crops, k: int = 3):
        return [FACE for _ in crops]


def test_the_watch_records_both_detectors_boxes_and_their_names(monkeypatch: pytest.MonkeyPatch) -> None:
    image = np.full((480, 640, 3), 90, np.uint8)
    both, second_only = (100.0, 100.0, 160.0, 180.0), (300.0, 100.0, 360.0, 180.0)
    monkeypatch.setattr(pipeline, "_default_detector", lambda: (Boxes(both), None))
    monkeypatch.setattr(pipeline, "_general_detector", lambda: (Boxes(both, second_only), None))
    with watching() as w:
        tiles = pipeline.recognize(image, classifier=Faces()).tiles
    assert len(tiles) == 2
    assert w.faint == [False, True]  # the second-only box needed a face to count
    assert [p[0][0] for p in w.preds] == ["8m", "8m"]


class _Got:
    def __init__(self, id: str, changed: bool = False, first: str = "") -> None:
        self.id, self.changed, self.top3 = id, changed, [(first or id, 0.9)]


def test_a_found_face_is_tallied_by_how_it_was_named() -> None:
    from benchmarks.scene_failures import _named

    assert _named(_Got("3p"), "3p") == "named right"
    assert _named(_Got("back"), "3p") == "named back"
    assert _named(_Got("5p"), "3p") == "misnamed"
    assert _named(_Got("5p", changed=True, first="3p"), "3p") == "misnamed (set counts changed it from the right id)"
