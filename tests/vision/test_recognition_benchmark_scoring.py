"""How the recognition benchmark scores one photo (issue: greedy one-to-one IoU matching at 0.5)."""

from __future__ import annotations

from benchmarks.bench_recognition import Tally

GT = [("1m", (0, 0, 10, 14)), ("2m", (12, 0, 22, 14))]


def test_a_photo_read_in_full_is_exact() -> None:
    t = Tally()
    t.add([("1m", (0, 0, 10, 14)), ("2m", (12, 0, 22, 14))], GT)
    assert (t.matched, t.correct, t.pred, t.exact) == (2, 2, 2, 1)


def test_an_unmatched_prediction_costs_precision_and_the_photo() -> None:
    t = Tally()
    t.add([("1m", (0, 0, 10, 14)), ("2m", (12, 0, 22, 14)), ("back", (40, 0, 50, 14))], GT)
    assert (t.pred, t.matched, t.exact) == (3, 2, 0)


def test_a_prediction_inside_an_ignored_region_is_not_scored() -> None:
    """Reviewed figures: face-down tiles and cut faces are regions nobody asked about."""
    t = Tally()
    preds = [("1m", (0, 0, 10, 14)), ("2m", (12, 0, 22, 14)), ("back", (40, 0, 50, 14))]
    t.add(preds, GT, ignore=[("", (35, -5, 60, 20))])
    assert (t.pred, t.matched, t.exact) == (2, 2, 1)


def test_an_ignored_region_never_hides_a_prediction_that_matches_a_tile() -> None:
    t = Tally()
    t.add([("9m", (0, 0, 10, 14)), ("2m", (12, 0, 22, 14))], GT, ignore=[("", (-5, -5, 30, 20))])
    assert (t.pred, t.matched, t.correct, t.exact) == (2, 2, 1, 0)
