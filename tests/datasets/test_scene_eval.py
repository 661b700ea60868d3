"""Recall by scene kind on held-out synthetic scenes (datasets/scene_eval.py): matching and the provider contract."""

from __future__ import annotations

from types import SimpleNamespace as NS

from sikwu.datasets import scene_eval


def test_each_true_tile_matches_the_found_tile_it_overlaps_most() -> None:
    truth = [NS(box=(0, 0, 10, 10)), NS(box=(20, 0, 30, 10))]
    found = [NS(box=(21, 0, 31, 10)), NS(box=(0, 1, 10, 11))]
    assert scene_eval.match(truth, found) == [1, 0]


def test_a_tile_nothing_overlaps_enough_is_unmatched() -> None:
    assert scene_eval.match([NS(box=(0, 0, 10, 10))], [NS(box=(8, 8, 18, 18))]) == [None]


def test_scene_figures_not_asked_for_say_so() -> None:
    out = scene_eval.scene_figures(per_kind=0)
    assert out["available"] is False
    assert "not measured" in scene_eval.text(out)[0]


def test_scene_figures_count_recall_by_kind_and_face_down_counts(monkeypatch) -> None:
    import sys

    from sikwu.vision import pipeline

    tile = lambda t, box: NS(tile=t, box=box)  # noqa: E731
    scenes = [NS(image=None, kind="row", tiles=[tile("1m", (0, 0, 10, 10)), tile("back", (20, 0, 30, 10))])]
    found = [NS(id="1m", box=(0, 0, 10, 10)), NS(id="back", box=(20, 0, 30, 10))]
    monkeypatch.setitem(sys.modules, "sikwu.datasets.scenes", NS(heldout_scenes=lambda n, seed: scenes))
    monkeypatch.setattr(pipeline, "recognize", lambda image: NS(tiles=found))
    out = scene_eval.scene_figures(per_kind=1)
    assert out["recall"] == {"row": 1.0} and out["face_down_counted_exactly"] == {"row": 1.0}


def test_a_scene_where_recognition_finds_nothing_counts_every_tile_missed(monkeypatch) -> None:
    import sys

    from sikwu.vision import pipeline
    from sikwu.vision.io import NoTilesFoundError

    def finds_nothing(image):
        raise NoTilesFoundError("no tiles found in the photo")

    scenes = [
        NS(image=None, kind="wall", tiles=[NS(tile="1m", box=(0, 0, 10, 10)), NS(tile="back", box=(20, 0, 30, 10))])
    ]
    monkeypatch.setitem(sys.modules, "sikwu.datasets.scenes", NS(heldout_scenes=lambda n, seed: scenes))
    monkeypatch.setattr(pipeline, "recognize", finds_nothing)
    out = scene_eval.scene_figures(per_kind=1)
    assert out["recall"] == {"wall": 0.0} and out["face_down_counted_exactly"] == {"wall": 0.0}
