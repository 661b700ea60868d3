"""Debian tile sets (``sikwu.datasets.scenes.debian``): sheets are cut into faces in the set's own tile order and
the fetched files live in a cache outside the repository (issue 14; ../shared/datasets/tile-art/README.md)."""

from __future__ import annotations

import cv2
import numpy as np
from sikwu.datasets.paths import PROJECT_ROOT
from sikwu.datasets.scenes import debian


def _sheet(cols: int, rows: int, cell: tuple[int, int]) -> np.ndarray:
    """A sheet whose cell i is filled with grey level i (so a face tells which cell it was cut from)."""
    w, h = cell
    img = np.zeros((rows * h, cols * w, 3), np.uint8)
    for i in range(cols * rows):
        r, c = divmod(i, cols)
        img[r * h : (r + 1) * h, c * w : (c + 1) * w] = i
    return img


def test_sheet_cells_come_in_row_major_order() -> None:
    cells = debian._sheet_cells(_sheet(9, 5, (20, 30)), 9, 5, (0.1, 0.1, 0.9, 0.9))
    assert len(cells) == 45 and [int(c[0, 0, 0]) for c in cells] == list(range(45))


def test_gnome_sheet_gives_one_face_per_tile(tmp_path) -> None:
    rel = tmp_path / debian._SHEETS["smooth"][0]
    rel.parent.mkdir(parents=True)
    cv2.imwrite(str(rel), _sheet(43, 2, (24, 32)))
    faces = [f for f in debian.debian_faces(tmp_path) if f.source == "debian:smooth"]
    assert sorted(f.tile for f in faces) == sorted(debian.GNOME_ORDER) and len(faces) == 42
    white = next(f for f in faces if f.tile == "5z")
    assert int(np.median(white.image)) == debian.GNOME_ORDER.index("5z")  # the white dragon's own cell


def test_xmahjongg_credits_cell_is_not_a_tile() -> None:
    assert len([t for t in debian.XMAHJONGG_REAL_ORDER if t]) == 42 and len(debian.XMAHJONGG_REAL_ORDER) == 43


def test_cache_is_outside_the_repository(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("SIKWU_CACHE", str(tmp_path))
    assert debian.tileset_dir() == tmp_path / "debian-tilesets"
    monkeypatch.delenv("SIKWU_CACHE")
    assert not debian.tileset_dir().resolve().is_relative_to(PROJECT_ROOT)


def test_no_fetched_sets_means_no_faces(tmp_path) -> None:
    assert debian.debian_faces(tmp_path) == [] and debian.fetched_set_names(tmp_path) == []


def test_training_only_sheets_name_every_face_they_draw_once() -> None:
    # dorothys: 41 faces (its white dragon is a dragon picture); the gnome sheets: the 34 suits and honours, their
    # bonus tiles being bare digits or non-standard characters
    counts = {name: [t for t in spec[4] if t] for name, spec in debian.EXTRA_SHEETS.items()}
    assert {name: len(set(tiles)) for name, tiles in counts.items()} == {"dorothys": 41, "xgnome": 34, "xgnome2": 34}
    assert all(len(tiles) == len(set(tiles)) for tiles in counts.values())
    assert all(len(spec[4]) <= spec[1] * spec[2] for spec in debian.EXTRA_SHEETS.values())


def test_dorothys_sheet_is_cut_into_its_own_tiles(tmp_path) -> None:
    rel = tmp_path / debian.EXTRA_SHEETS["dorothys"][0]
    rel.parent.mkdir(parents=True)
    cv2.imwrite(str(rel), _sheet(21, 4, (32, 40)))
    faces = {f.tile: f for f in debian.debian_faces(tmp_path) if f.source == "debian:dorothys"}
    assert "5z" not in faces and len(faces) == 41
    assert faces["1f"].name == f"dorothys.gif#{debian.DOROTHYS_ORDER.index('1f')}"  # plum: its own cell
