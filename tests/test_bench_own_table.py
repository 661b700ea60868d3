"""``benchmarks/bench_own_table.py`` counts, per table kind and way of reading, tiles right, tiles reported on the
bare table (phantoms) and precision."""

from __future__ import annotations

import argparse

import numpy as np
from sikwu.datasets.scenes.render import SceneSample, TileLabel

from benchmarks.bench_own_table import WAYS, Counts, report


def _scene() -> SceneSample:
    tile = TileLabel("1m", (100.0, 100.0, 160.0, 180.0), "hand", "debian:x", "a.svg", 1.0)
    return SceneSample("row", b"", (800, 600), (tile,), {})


def test_a_tile_read_right_and_a_box_on_the_bare_table_are_counted_apart() -> None:
    c = Counts()
    boxes = np.array([[101, 99, 161, 181], [400, 400, 460, 480]], np.float32)
    c.add(_scene(), ["1m", "3p"], boxes)
    assert c.n.tolist() == [1, 1, 2, 1, 1]  # labelled, right, reported, matched, phantoms


def test_a_box_half_over_a_tile_is_no_phantom() -> None:
    c = Counts()
    c.add(_scene(), ["2m"], np.array([[130, 100, 190, 180]], np.float32))
    assert c.n.tolist() == [1, 0, 1, 0, 0]


def test_the_report_has_a_row_per_table_kind_and_one_for_all() -> None:
    counts = {k: {w: Counts() for w in WAYS} for k in ("wood", "printed")}
    for k in counts:
        counts[k]["before"].add(_scene(), ["1m"], np.array([[100, 100, 160, 180]], np.float32))
    args = argparse.Namespace(per_kind=1, seed=1000, long_side=1600, kinds=("row",))
    text = report(counts, ["debian:x"], args)
    assert "| printed | 100.0% (1/1) |" in text and "| wood |" in text and "| all | 100.0% (2/2) |" in text
