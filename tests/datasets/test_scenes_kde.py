"""KDE mahjongg tile sets (``sikwu.datasets.scenes.kde_sheets``): each face is the sheet element kmahjongglib names,
drawn alone, and named as the tile it shows (issue 14; ../shared/datasets/tile-art/README.md).

The sheets are GPL artwork, so the mapping is checked on a tiny sheet written here; the real sets are checked only
when ``python -m sikwu.datasets.scenes.debian`` has put them in the cache.
"""

from __future__ import annotations

import gzip
from pathlib import Path

import numpy as np
import pytest
from sikwu.datasets.scenes import debian, kde_sheets
from sikwu.scoring.tiles import TILE_IDS

#: What each kmahjongglib element shows in the sets read, as read off their rendered faces: winds North, South,
#: East, West; dragons white, green, red; flowers plum, orchid, chrysanthemum, bamboo; seasons spring to winter.
SPEC = {
    **{f"CHARACTER_{r}": f"{r}m" for r in range(1, 10)},
    **{f"BAMBOO_{r}": f"{r}s" for r in range(1, 10)},
    **{f"ROD_{r}": f"{r}p" for r in range(1, 10)},
    "WIND_1": "4z", "WIND_2": "2z", "WIND_3": "1z", "WIND_4": "3z",
    "DRAGON_1": "5z", "DRAGON_2": "6z", "DRAGON_3": "7z",
    **{f"FLOWER_{n}": f"{n}f" for n in range(1, 5)},
    **{f"SEASON_{n}": f"{n + 4}f" for n in range(1, 5)},
}  # fmt: skip
#: An element drawn as a ``<use>`` clone of another element, as many KDE faces are.
CLONED = "BAMBOO_3"


def _colour(i: int) -> tuple[int, int, int]:
    return (10 + 5 * i, 220 - 4 * i, 40 + 3 * i)  # RGB, distinct for every element


def _write_sheet(path: Path, element_ids: list[str]) -> dict[str, tuple[int, int, int]]:
    """A sheet in KDE's shape: every element one coloured rectangle, all on the same spot of a translated layer (so
    a face holding anything but its own element shows the wrong colour), one of them a clone; returns the colours."""
    colours = {eid: _colour(i) for i, eid in enumerate(element_ids)}
    parts = []
    for eid, (r, g, b) in colours.items():
        if eid == CLONED:
            parts.append(f'<rect id="swatch" x="0" y="0" width="30" height="40" fill="rgb({r},{g},{b})"/>')
            parts.append(f'<g id="{eid}"><use xlink:href="#swatch"/></g>')
        else:
            parts.append(f'<g id="{eid}"><rect x="0" y="0" width="30" height="40" fill="rgb({r},{g},{b})"/></g>')
    body = '<g id="TILE_1"><rect x="-5" y="-5" width="40" height="50" fill="rgb(250,250,240)" opacity="0.5"/></g>'
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="50" height="60">'
        f'<defs id="defs"/><g id="layer1" transform="translate(7,6)">{body}{"".join(parts)}</g></svg>'
    )
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(gzip.compress(svg.encode()))
    return colours


def test_read_sets_name_every_element_as_the_tile_it_shows() -> None:
    assert kde_sheets.KDE_SETS["traditional"] == SPEC
    assert kde_sheets.KDE_SETS["default"] == {k: t for k, t in SPEC.items() if k != "DRAGON_1"}  # outline only


def test_classic_reads_flowers_by_their_names_and_skips_its_unnumbered_seasons() -> None:
    classic = kde_sheets.KDE_SETS["classic"]
    assert [classic[f"FLOWER_{n}"] for n in range(1, 5)] == ["2f", "1f", "3f", "4f"]  # Orchid, Plum, Mum, Bamboo
    assert not any(k.startswith("SEASON_") for k in classic) and len(classic) == 38


def test_every_element_id_gives_its_own_face_and_tile(tmp_path: Path) -> None:
    pytest.importorskip("cairosvg", reason="KDE sheets are drawn with cairosvg (the train extra)")
    colours = _write_sheet(kde_sheets.sheet_path(tmp_path, "traditional"), list(SPEC))
    faces = debian.kde_faces(tmp_path)
    assert sorted(f.tile for f in faces) == sorted(TILE_IDS)
    for face in faces:
        element_id = face.name.split("#")[1]
        assert face.source == "debian:kde-traditional" and face.tile == SPEC[element_id]
        r, g, b = colours[element_id]
        h, w = face.image.shape[:2]
        assert np.abs(face.image[h // 2, w // 2].astype(int) - (b, g, r)).max() <= 2, element_id  # BGR
        inner = face.image[h // 10 : h - h // 10, w // 10 : w - w // 10].reshape(-1, 3)  # edges are anti-aliased
        assert np.ptp(inner, axis=0).max() <= 2, f"{element_id}: another element drawn too"


def test_a_face_drawn_smaller_than_asked_is_drawn_again_larger(tmp_path: Path) -> None:
    """Faces are only ever scaled down afterwards (``art.FACE_HEIGHT``), so a small drawing is redrawn larger."""
    pytest.importorskip("cairosvg", reason="KDE sheets are drawn with cairosvg (the train extra)")
    path = kde_sheets.sheet_path(tmp_path, "traditional")
    _write_sheet(path, ["ROD_1"])
    [(_, _, small)] = kde_sheets.sheet_faces(path, {"ROD_1": "1p"}, face_px=50, min_px=1)
    [(_, _, redrawn)] = kde_sheets.sheet_faces(path, {"ROD_1": "1p"}, face_px=50, min_px=120)
    assert small.shape[0] < 120 <= redrawn.shape[0]


def test_sets_that_are_not_mahjong_faces_are_not_read(tmp_path: Path) -> None:
    for stem in ("alphabet", "egypt", "jade"):
        _write_sheet(kde_sheets.sheet_path(tmp_path, stem), list(SPEC))
    assert debian.fetched_set_names(tmp_path) == [] and debian.kde_faces(tmp_path) == []


def test_fetched_kde_sets_are_named_debian_kde(tmp_path: Path) -> None:
    _write_sheet(kde_sheets.sheet_path(tmp_path, "classic"), list(SPEC))
    assert debian.fetched_set_names(tmp_path) == ["debian:kde-classic"]
    assert debian.set_files(tmp_path) == {"debian:kde-classic": kde_sheets.sheet_path(tmp_path, "classic")}


@pytest.mark.parametrize("stem", sorted(kde_sheets.KDE_SETS))
def test_fetched_real_set_gives_distinct_non_blank_faces(stem: str) -> None:
    """The real sheets (GPL, in the cache only): one face per mapped element, none blank, no two alike."""
    pytest.importorskip("cairosvg", reason="KDE sheets are drawn with cairosvg (the train extra)")
    path = kde_sheets.sheet_path(debian.tileset_dir(), stem)
    if not path.is_file():
        pytest.skip(f"{path} not fetched: run `python -m sikwu.datasets.scenes.debian` to check the real KDE sets")
    mapping = kde_sheets.KDE_SETS[stem]
    faces = kde_sheets.sheet_faces(path, mapping, face_px=96, min_px=48)  # small: fast
    assert [t for t, _, _ in faces] == list(mapping.values())
    thumbs = set()
    for tile, element_id, bgra in faces:
        drawn = (bgra[..., 3] > 128) & (bgra[..., :3].min(axis=2) < 200)
        assert drawn.mean() > 0.02, f"{stem} {element_id} ({tile}) is blank"
        small = (bgra[:: max(1, bgra.shape[0] // 24), :: max(1, bgra.shape[1] // 16)] // 32).tobytes()
        thumbs.add(small)
    assert len(thumbs) == len(mapping), f"{stem}: two elements draw the same face"
