"""Face-down tiles are a fair share of the detector's synthetic boxes (``datasets/scenes/census.py``,
``layouts.FACE_DOWN``; docs/synthetic-scenes.md, "What is in a scene").

The failure analysis on held-out scenes found the detector giving no box to about half the face-down tiles of
concealed kongs and walls. Walls are almost all backs; elsewhere backs lie among faces, as in a concealed kong, and
these specify how often. Faces are numbered cards, so these run without ``../shared``.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from sikwu.datasets.scenes import census
from sikwu.datasets.scenes.art import CROPS, Face, FaceBank
from sikwu.datasets.scenes.generate import iter_scenes, write
from sikwu.datasets.scenes.layouts import KINDS, lay_out
from sikwu.datasets.scenes.tiles import BACK, BLANK, random_style
from sikwu.scoring.tiles import TILE_IDS

AREA = (0.0, 0.0, 1200.0, 900.0)


@pytest.fixture(scope="module")
def bank() -> FaceBank:
    return FaceBank(faces=[Face(t, np.full((80, 60, 3), 230, np.uint8), CROPS, f"{t}.jpg") for t in TILE_IDS])


def _placed(kind: str, bank: FaceBank, seeds: range = range(150)) -> list[list]:
    out = []
    for seed in seeds:
        rng = np.random.default_rng([seed, KINDS.index(kind)])
        out.append(lay_out(kind, bank, random_style(rng), rng, AREA))
    return out


def test_face_down_tiles_are_an_eighth_of_the_tiles_outside_walls(bank: FaceBank) -> None:
    tiles = [p for kind in KINDS if kind != "wall" for scene in _placed(kind, bank) for p in scene]
    assert sum(p.label == BACK for p in tiles) / len(tiles) >= 0.125


@pytest.mark.parametrize("kind", ["scattered", "pile"])
def test_loose_and_heaped_tiles_lie_face_down_at_their_set_rate(kind: str, bank: FaceBank) -> None:
    from sikwu.datasets.scenes.layouts import FACE_DOWN

    tiles = [p for scene in _placed(kind, bank) for p in scene]
    assert abs(sum(p.label == BACK for p in tiles) / len(tiles) - FACE_DOWN[kind]) < 0.03


def test_every_kong_scene_lays_two_face_down_tiles_or_more(bank: FaceBank) -> None:
    assert all(sum(p.label == BACK for p in scene) >= 2 for scene in _placed("kong", bank))


def test_census_counts_faces_backs_and_blanks_per_kind_and_in_all() -> None:
    counts = census.count([("kong", "1m"), ("kong", BACK), ("kong", BACK), ("wall", BACK), ("row", BLANK)])
    assert counts["kong"] == {"face": 1, BACK: 2, BLANK: 0}
    assert counts["all"] == {"face": 1, BACK: 3, BLANK: 1}
    assert census.back_share(counts, "kong") == pytest.approx(2 / 3)


def test_folder_census_counts_the_labels_a_scene_folder_holds(tmp_path: Path, bank: FaceBank) -> None:
    write(tmp_path, iter_scenes(["kong", "wall"], 2, 0, bank, 192, progress=False), {"seed": 0})
    records = [json.loads(line) for line in (tmp_path / "scenes.jsonl").read_text().splitlines()[1:]]
    counts = census.folder_census(tmp_path)
    assert sum(counts["all"].values()) == sum(len(r["tiles"]) for r in records)
    assert counts["wall"][BACK] == sum(t["label"] == BACK for r in records if r["kind"] == "wall" for t in r["tiles"])
    assert "back share" in census.table(counts)
