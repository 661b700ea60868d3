"""Contact sheets for auditing labels: every crop of a class on a sheet, each cell traceable to its photo and line."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest
from sikwu.datasets import review_sheets


def _crop(h: int, w: int) -> np.ndarray:
    return np.full((h, w, 3), 200, np.uint8)


def test_a_tall_crop_keeps_its_shape_inside_the_cell() -> None:
    cell = review_sheets._fit(_crop(120, 60), 96)
    assert cell.shape == (96, 96, 3)
    lit = np.argwhere(cell[:, :, 0] == 200)
    assert np.ptp(lit[:, 0]) + 1 == 96 and np.ptp(lit[:, 1]) + 1 == 48


def test_a_sliver_from_a_squashed_photo_is_stretched_back_to_tile_shape() -> None:
    """hk-photos/valid holds photos squashed 10-13x by the export; their tiles are unreadable at their own shape."""
    cell = review_sheets._fit(_crop(40, 600), 96)
    lit = np.argwhere(cell[:, :, 0] == 200)
    assert np.ptp(lit[:, 1]) + 1 == 96 and np.ptp(lit[:, 0]) + 1 == 72


def test_every_crop_gets_a_cell_and_the_index_names_its_photo_and_line(tmp_path: Path) -> None:
    per_sheet = review_sheets.COLUMNS * review_sheets.ROWS
    items = [(f"photo{i}.jpg", i + 1, _crop(40, 30)) for i in range(per_sheet + 5)]
    index = review_sheets.draw_sheets({"7m": items, "1z": items[:3]}, tmp_path)
    assert sorted(index) == ["1z-1.png", "7m-1.png", "7m-2.png"]
    assert index["7m-2.png"]["first"] == per_sheet + 1
    assert index["7m-2.png"]["cells"][0] == [f"photo{per_sheet}.jpg", per_sheet + 1]
    assert sum(len(v["cells"]) for k, v in index.items() if k.startswith("7m")) == len(items)
    assert json.loads((tmp_path / "index.json").read_text()) == index
    assert cv2.imread(str(tmp_path / "7m-1.png")) is not None


def test_without_the_photos_the_command_says_where_it_looked_and_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("SIKWU_SHARED", str(tmp_path / "nowhere"))
    assert review_sheets.main([str(tmp_path / "out")]) == 2
    assert "SIKWU_SHARED" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()
