"""benchmarks/bench_scenes scoring rules: one-to-one matching by IoU, a blank white dragon answered as 5z, a back as
back, and a concealed kong counted right only when the face-down count is exact (issue 14, item 2)."""

from __future__ import annotations

import numpy as np
from sikwu.datasets.scenes.render import SceneSample, TileLabel

from benchmarks.bench_scenes import Tally, match


def _tile(label: str, x: float) -> TileLabel:
    return TileLabel(label, (x, 0.0, x + 10.0, 14.0), "kong", "", "", 1.0)


def _kong(labels: list[str]) -> SceneSample:
    return SceneSample("kong", b"", (100, 20), tuple(_tile(lab, 12.0 * i) for i, lab in enumerate(labels)))


def test_each_recognised_tile_matches_at_most_one_label() -> None:
    gt = np.array([[0, 0, 10, 14], [12, 0, 22, 14]], np.float32)
    pred = np.array([[1, 0, 11, 14], [0, 0, 10, 14]], np.float32)
    assert sorted(g for _, g in match(pred, gt)) == [0]


def test_blank_read_as_white_dragon_and_back_as_back_are_right() -> None:
    t = Tally()
    sample = _kong(["blank", "back", "back", "7z"])
    boxes = np.array([tl.box for tl in sample.tiles], np.float32)
    t.add("k", sample, ["5z", "back", "back", "7z"], boxes)
    assert t.kind["kong"][:3] == [4, 4, 4] and t.kongs == [1, 1]


def test_a_missing_face_down_tile_makes_the_kong_count_wrong() -> None:
    t = Tally()
    sample = _kong(["7z", "back", "back", "7z"])
    boxes = np.array([tl.box for tl in sample.tiles], np.float32)[[0, 1, 3]]
    t.add("k", sample, ["7z", "back", "7z"], boxes)
    assert t.kongs == [1, 0] and t.kind["kong"][1] == 3


def test_a_misnamed_tile_counts_as_asked_to_check_only_when_the_page_flags_it() -> None:
    t = Tally()
    sample = _kong(["7z", "back", "back", "7z"])
    boxes = np.array([tl.box for tl in sample.tiles], np.float32)
    t.add("k", sample, ["7z", "back", "5z", "6z"], boxes, [False, False, True, False])
    assert t.misnamed_flagged == [2, 1]


def test_a_tile_named_right_and_flagged_anyway_counts_as_a_needless_check() -> None:
    t = Tally()
    sample = _kong(["7z", "back", "back", "7z"])
    boxes = np.array([tl.box for tl in sample.tiles], np.float32)
    t.add("k", sample, ["7z", "back", "back", "7z"], boxes, [True, False, False, False])
    assert t.right_flagged == [4, 1] and t.misnamed_flagged == [0, 0]


def test_a_phantom_tile_counts_as_asked_to_check_only_when_the_page_flags_it() -> None:
    t = Tally()
    sample = _kong(["7z", "back", "back", "7z"])
    boxes = np.array([*(tl.box for tl in sample.tiles), (60.0, 0.0, 70.0, 14.0), (80.0, 0.0, 90.0, 14.0)], np.float32)
    t.add("k", sample, ["7z", "back", "back", "7z", "1m", "2m"], boxes, [False, False, False, False, True, False])
    assert t.phantoms_flagged == [2, 1] and t.misnamed_flagged == [0, 0]


def test_the_benchmark_measures_every_scene_kind_the_generator_draws() -> None:
    from sikwu.datasets.scenes.layouts import KINDS as SCENE_KINDS

    from benchmarks.bench_scenes import KINDS

    assert set(KINDS) == set(SCENE_KINDS)


def test_face_up_found_counts_only_the_tiles_lying_face_up() -> None:
    t = Tally()
    sample = _kong(["7z", "back", "back", "7z"])
    boxes = np.array([tl.box for tl in sample.tiles], np.float32)[[0, 3]]
    t.add("k", sample, ["7z", "7z"], boxes)
    assert t.kind["kong"][4:] == [2, 2] and t.kind["kong"][1] == 2


def test_held_out_figures_are_not_written_without_the_debian_sets(monkeypatch, tmp_path, capsys):
    """A fresh machine has no Debian tile sets fetched: its held-out scenes would be tile-crops alone, and writing
    them over docs/benchmarks.md would put figures of other art beside the same command."""
    from sikwu.datasets.scenes import debian

    from benchmarks import bench_scenes

    monkeypatch.setenv("SIKWU_CACHE", str(tmp_path))
    assert debian.fetched_set_names() == []
    assert bench_scenes.main(["--per-kind", "1", "--art", "heldout"]) == 2
    assert "python -m sikwu.datasets.scenes.debian" in capsys.readouterr().out
