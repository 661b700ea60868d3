"""``benchmarks/bench_cards.py`` lays cards beside a hand and counts the cards recognition reports as tiles."""

from __future__ import annotations

from collections import Counter
from types import SimpleNamespace

import numpy as np

from benchmarks.bench_cards import FELT, compose, report, tally


def _tile(box, low=False, unknown=False):  # noqa: ANN001, ANN202 - a stand-in for vision.result.Tile
    return SimpleNamespace(box=box, low_confidence=low, unknown=unknown)


def test_the_cards_lie_above_the_hand_on_felt_at_the_boxes_returned() -> None:
    face = np.full((120, 90, 3), 255, np.uint8)
    card = np.zeros((150, 100, 3), np.uint8)
    img, boxes = compose([face] * 14, [card, card])
    assert len(boxes) == 2
    x0, y0, x1, y1 = boxes[0]
    assert img[y0:y1, x0:x1].max() == 0 and img[450 + 60, 60 + 45].min() == 255
    assert abs(img[5, 5].astype(int) - np.array(FELT)).max() < 30


def test_a_card_under_a_sure_tile_counts_as_reported_and_not_flagged() -> None:
    c: Counter = Counter()
    tally([_tile((10, 10, 50, 50)), _tile((0, 500, 40, 560))], [(0, 0, 100, 100), (200, 0, 300, 100)], 400, c)
    assert (c["cards"], c["reported"], c["a sure tile"], c["all flagged"], c["hand tiles"]) == (2, 1, 1, 0, 1)


def test_a_card_whose_tiles_are_all_flagged_counts_as_flagged() -> None:
    c: Counter = Counter()
    tally([_tile((10, 10, 50, 50), low=True), _tile((40, 40, 90, 90), unknown=True)], [(0, 0, 100, 100)], 400, c)
    assert c["all flagged"] == 1 and c["a sure tile"] == 0
    assert "cards reported as a tile: 100.0% (1/1)" in report(c)
