"""Faces drawn from a KDE sheet are kept on disk beside the sheets (``sikwu.datasets.scenes.kde_cache``), so each
process does not draw them again; a changed sheet or mapping draws again rather than reading stale faces."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from sikwu.datasets.scenes import kde_cache


class Drawer:
    """Stands in for ``kde_sheets.sheet_faces``: counts its calls and returns two small faces."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, sheet: Path, mapping: dict[str, str], **sizes: int) -> list[tuple[str, str, np.ndarray]]:
        self.calls += 1
        return [
            ("1m", "CHARACTER_1", np.full((4, 3, 4), 7, np.uint8)),
            ("2m", "CHARACTER_2", np.zeros((5, 2, 4), np.uint8)),
        ]


def _sheet(tmp_path: Path, content: bytes = b"<svg/>") -> Path:
    path = tmp_path / "default.svgz"
    path.write_bytes(content)
    return path


def test_second_read_comes_from_disk_with_the_same_faces(tmp_path: Path) -> None:
    sheet, draw, mapping = _sheet(tmp_path), Drawer(), {"CHARACTER_1": "1m"}
    first = kde_cache.cached_faces(sheet, mapping, tmp_path / "cache", 240, 160, draw)
    second = kde_cache.cached_faces(sheet, mapping, tmp_path / "cache", 240, 160, draw)
    assert draw.calls == 1
    assert [(t, e) for t, e, _ in second] == [(t, e) for t, e, _ in first]
    assert all(np.array_equal(a[2], b[2]) for a, b in zip(first, second, strict=True))


def test_a_changed_sheet_is_drawn_again(tmp_path: Path) -> None:
    draw, mapping = Drawer(), {"CHARACTER_1": "1m"}
    kde_cache.cached_faces(_sheet(tmp_path), mapping, tmp_path / "cache", 240, 160, draw)
    kde_cache.cached_faces(_sheet(tmp_path, b"<svg>new</svg>"), mapping, tmp_path / "cache", 240, 160, draw)
    assert draw.calls == 2


def test_a_changed_mapping_is_drawn_again(tmp_path: Path) -> None:
    sheet, draw = _sheet(tmp_path), Drawer()
    kde_cache.cached_faces(sheet, {"CHARACTER_1": "1m"}, tmp_path / "cache", 240, 160, draw)
    kde_cache.cached_faces(sheet, {"CHARACTER_1": "2m"}, tmp_path / "cache", 240, 160, draw)
    assert draw.calls == 2


def test_a_corrupt_cache_file_is_drawn_again(tmp_path: Path) -> None:
    sheet, draw, mapping = _sheet(tmp_path), Drawer(), {"CHARACTER_1": "1m"}
    kde_cache.cached_faces(sheet, mapping, tmp_path / "cache", 240, 160, draw)
    for cached in (tmp_path / "cache").iterdir():
        cached.write_bytes(b"not a zip")
    faces = kde_cache.cached_faces(sheet, mapping, tmp_path / "cache", 240, 160, draw)
    assert draw.calls == 2 and len(faces) == 2


def test_an_empty_drawing_is_not_cached(tmp_path: Path) -> None:
    """cairosvg (the train extra) missing draws nothing; installing it later must draw the faces."""
    sheet = _sheet(tmp_path)
    assert kde_cache.cached_faces(sheet, {}, tmp_path / "cache", 240, 160, lambda *a, **k: []) == []
    assert not (tmp_path / "cache").exists()
