"""The playing-card source of the negative set (datasets/negatives.py): cards and jokers drawn whole on a table."""

from __future__ import annotations

import gzip
import subprocess
from pathlib import Path

import pytest
from sikwu.datasets import negatives

SHEET = """<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100">
  <g id="club_1"><rect x="0" y="0" width="60" height="84" fill="#ffffff"/></g>
  <g id="red_joker"><rect x="100" y="0" width="60" height="84" fill="#ff0000"/></g>
  <g id="unused"><rect x="170" y="0" width="20" height="20" fill="#000000"/></g>
</svg>"""


def _deck(folder: Path, name: str = "anglo") -> None:
    (folder / f"{name}.svgz").write_bytes(gzip.compress(SHEET.encode()))


def test_each_listed_card_and_every_joker_of_a_deck_is_drawn_once_on_the_table(tmp_path: Path) -> None:
    pytest.importorskip("cairosvg", reason="drawing the cards needs cairosvg (the train extra)")
    _deck(tmp_path)
    crops = negatives.card_crops(tmp_path, decks=("anglo",), height=56)
    assert len(crops) == 2  # club_1 (a listed card) and red_joker; "unused" is not a card
    white, red = crops
    assert white.shape[0] > 56 and tuple(white[0, 0]) == (40, 120, 70)  # a table margin around the card
    assert tuple(white[white.shape[0] // 2, white.shape[1] // 2]) == (255, 255, 255)
    assert tuple(red[red.shape[0] // 2, red.shape[1] // 2]) == (0, 0, 255)


def test_decks_missing_from_the_folder_are_skipped(tmp_path: Path) -> None:
    assert negatives.card_crops(tmp_path, decks=("anglo", "dondorf")) == []


def test_a_package_already_unpacked_is_not_fetched_again(tmp_path: Path, monkeypatch) -> None:
    marker = tmp_path / "anglo.svgz"
    marker.write_bytes(b"x")
    monkeypatch.setattr(subprocess, "run", lambda *a, **k: pytest.fail("apt-get was called"))
    assert negatives.fetch_deb(negatives.CARDS_PACKAGE, marker) is True


def test_a_package_apt_cannot_fetch_is_reported_not_raised(tmp_path: Path, monkeypatch) -> None:
    def no_apt(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202 - stands in for subprocess.run
        raise OSError("apt-get: not found")

    monkeypatch.setattr(negatives, "CACHE", tmp_path / "cache")
    monkeypatch.setattr(subprocess, "run", no_apt)
    assert negatives.fetch_deb(negatives.CARDS_PACKAGE, tmp_path / "cache" / "anglo.svgz") is False
