"""``benchmarks/bench_scenes_taught.py`` reports each held-out set before and after both ways of teaching, and says
why a set could not be taught one way instead of leaving a blank."""

from __future__ import annotations

import argparse

from benchmarks.bench_scenes import Tally
from benchmarks.bench_scenes_taught import report


def _tally(right: int, gt: int = 10) -> Tally:
    t = Tally()
    t.kind["row"] = [gt, gt, right, gt, gt, gt]
    return t


def test_the_report_gives_each_set_before_and_after_and_says_why_a_way_taught_nothing() -> None:
    args = argparse.Namespace(per_kind=1, seed=1000, long_side=1600, kinds=("row",))
    results = [
        {"source": "debian:a", "tallies": {"before": _tally(5), "named": _tally(4), "in order": _tally(8)}},
        {"source": "debian:b", "tallies": {"before": _tally(6)}, "in order": "found 41 tiles", "named": "too few"},
    ]
    text = report(results, args)
    assert "| debian:a | 50.0% (5/10) | 40.0% (4/10) | not taught | 80.0% (8/10) |" in text
    assert "| debian:b | 60.0% (6/10) | not taught | not taught | not taught |" in text
    assert "| row | 10 | 50.0% (5/10) | 40.0% (4/10) | 10 | 50.0% (5/10) | 80.0% (8/10) |" in text
    assert "- debian:b, in order: found 41 tiles" in text


def test_the_pull_check_prints_faces_flagged_errors_backs_and_negatives_for_each_pull() -> None:
    from benchmarks.teach_pull import table

    lines = table({"untaught": [5, 10, 5, 2, 3, 4, 1, 20], "0.1": [8, 10, 2, 2, 4, 4, 2, 20]}, per_kind=2)
    assert "| untaught | 50.0% (5/10) | 40.0% (2/5) | 75.0% (3/4) | 5.0% (1/20) |" in lines
    assert "| 0.1 | 80.0% (8/10) | 100.0% (2/2) | 100.0% (4/4) | 10.0% (2/20) |" in lines


def test_a_tile_found_in_the_teaching_photo_has_the_face_laid_at_its_place() -> None:
    from benchmarks.bench_scenes_taught import grid_face

    faces = [f"{n}m" for n in range(1, 10)] + ["1p", "2p"]
    w, pitch_x, pitch_y = 112, 112 + 24, 150 + 24
    assert grid_face((24, 24, 24 + w, 174), faces) == "1m"
    assert grid_face((24 + pitch_x, 24 + pitch_y, 24 + pitch_x + w, 174 + pitch_y), faces) == "2p"
    assert grid_face((24 + 2 * pitch_x, 24 + pitch_y, 24 + 2 * pitch_x + w, 174 + pitch_y), faces) is None


def test_the_headline_sums_the_sets_taught_in_order_before_and_after() -> None:
    from benchmarks.bench_scenes_taught import headline

    results = [
        {"source": "debian:a", "tallies": {"before": _tally(5), "named": _tally(4), "in order": _tally(8)}},
        {"source": "debian:b", "tallies": {"before": _tally(6)}, "in order": "found 41 tiles"},
    ]
    ((key, value),) = headline(results).items()
    assert "(1 sets)" in key and value == "50.0% (5/10) / 80.0% (8/10)"
