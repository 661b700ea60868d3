"""tile-crops loader: label names -> ids, known defects fixed, deterministic stratified hold-out."""

from __future__ import annotations

from pathlib import Path

import pytest
from sikwu.datasets import tile_crops


@pytest.mark.parametrize(
    ("name", "tile"),
    [("dots-8", "8p"), ("bamboo-1", "1s"), ("characters-9", "9m"), ("honors-east", "1z"), ("honors-white", "5z"),
     ("honors-green", "6z"), ("honors-red", "7z"), ("bonus-plum", "1f"), ("bonus-bamboo", "4f"),
     ("bonus-spring", "5f"), ("bonus-winter", "8f")],
)  # fmt: skip
def test_label_names_map_as_the_readme_says(name: str, tile: str) -> None:
    """Mapping in shared/datasets/tile-crops/README.md."""
    assert tile_crops.tile_id(name) == tile


def test_unknown_label_name_is_an_error() -> None:
    with pytest.raises(ValueError, match="unknown tile-crops label"):
        tile_crops.tile_id("dots-10")


def _csv(root: Path, rows: list[tuple[str, str]]) -> None:
    (root / "images").mkdir(parents=True, exist_ok=True)
    lines = ["image-name,label,label-name"] + [f"{n},0,{lab}" for n, lab in rows]
    (root / "labels.csv").write_text("\n".join(lines) + "\n")


def test_duplicate_rows_are_kept_once(tmp_path: Path) -> None:
    _csv(tmp_path, [("582.jpg", "bamboo-1"), ("582.jpg", "bamboo-1"), ("1.jpg", "dots-1")])
    assert [it.image.name for it in tile_crops.load(tmp_path)] == ["582.jpg", "1.jpg"]


def test_known_label_error_350_is_relabelled_nine_dots(tmp_path: Path) -> None:
    """README: 350.jpg is labelled dots-8 but shows nine dots."""
    _csv(tmp_path, [("350.jpg", "dots-8")])
    assert tile_crops.load(tmp_path)[0].tile == "9p"


def test_known_label_error_133_is_relabelled_eight_dots(tmp_path: Path) -> None:
    """Seen on the contact sheet of every tile-crops photo: 133.jpg is labelled characters-8 but shows eight dots."""
    _csv(tmp_path, [("133.jpg", "characters-8")])
    assert tile_crops.load(tmp_path)[0].tile == "8p"


def test_a_late_label_fix_does_not_move_the_photo_across_the_split(tmp_path: Path) -> None:
    """133.jpg was fixed after models trained on the split, so it stays where its published label put it."""
    _csv(tmp_path, [(f"{i}.jpg", "characters-8") for i in range(130, 138)] + [("9.jpg", "dots-8")])
    fixed = tile_crops.split(tile_crops.load(tmp_path))
    published = tile_crops.split([tile_crops.Item(it.image, "8m") if it.image.name == "133.jpg" else it
                                  for it in tile_crops.load(tmp_path)])  # fmt: skip
    assert [[it.image.name for it in part] for part in fixed] == [[it.image.name for it in part] for part in published]


def _items(n_per: int) -> list[tile_crops.Item]:
    return [tile_crops.Item(Path(f"{t}-{i}.jpg"), t) for t in ("1m", "2m", "3m") for i in range(n_per)]


def test_split_is_stratified_disjoint_and_complete() -> None:
    items = _items(12)
    train, test = tile_crops.split(items, held_out=0.25, seed=0)
    assert len(test) == 9 and len(train) == 27
    assert {it.tile for it in test} == {"1m", "2m", "3m"}
    assert not {it.image for it in train} & {it.image for it in test}


def test_split_is_deterministic_for_a_seed_and_varies_with_it() -> None:
    items = _items(12)
    assert tile_crops.split(items, seed=0) == tile_crops.split(list(reversed(items)), seed=0)
    assert tile_crops.split(items, seed=0)[1] != tile_crops.split(items, seed=1)[1]


def test_real_csv_has_628_distinct_images(shared: Path) -> None:
    items = tile_crops.load()
    assert len(items) == 628
    assert len({it.tile for it in items}) == 42
