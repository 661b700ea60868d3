"""The fixed held-out split (datasets/split.py): whole tile sets held out, and training never reads them."""

from __future__ import annotations

import csv
from pathlib import Path

import numpy as np
import pytest
from sikwu.datasets import split, tile_crops


def test_every_group_named_as_held_out_exists_in_the_groups_file() -> None:
    assert set(split.HELD_OUT_GROUPS) <= set(split.groups().values())


def test_look_alike_cream_and_ivory_sets_are_on_the_same_side() -> None:
    """Near-identical sets stay on one side of the split (issue 14, item 2)."""
    assert ("cream-black" in split.HELD_OUT_GROUPS) == ("ivory-black" in split.HELD_OUT_GROUPS)


def test_groups_file_lists_file_names_and_group_names_only() -> None:
    with split.GROUPS_FILE.open(newline="") as fh:
        reader = csv.DictReader(fh)
        assert reader.fieldnames == ["image", "group"]
        assert all(r["image"].endswith(".jpg") for r in reader)


def test_every_tile_crops_photo_has_exactly_one_group(shared: Path) -> None:
    names = [it.image.name for it in tile_crops.load()]
    assert sorted(names) == sorted(split.groups())


def test_a_tile_set_group_holds_each_face_at_most_once_per_set(shared: Path) -> None:
    """Checks the grouping against the labels: one set has one tile per face (red-corner-numerals holds two sets,
    classic-pool several; two sets were photographed four times on their 1p, as split.py says)."""
    by_group: dict[str, list[str]] = {}
    for it in tile_crops.load():
        by_group.setdefault(split.group_of(it), []).append(it.tile)
    many = {"classic-pool": 4, "red-corner-numerals": 2}
    for group, tiles in by_group.items():
        if group in ("letter-corner-numerals", "chinese-numeral-flowers"):
            tiles = [t for t in tiles if t != "1p"]
        assert max(tiles.count(t) for t in set(tiles)) <= many.get(group, 1), group


def test_train_and_held_out_tile_crops_are_disjoint_and_complete(shared: Path) -> None:
    train, held = split.tile_crops_split()
    assert {it.image for it in train}.isdisjoint({it.image for it in held})
    assert len(train) + len(held) == len(tile_crops.load())
    assert {split.group_of(it) for it in held} == set(split.HELD_OUT_GROUPS)


def test_a_photo_in_no_group_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="in no group"):
        split.group_of(tile_crops.Item(tmp_path / "9999.jpg", "1m"))


def test_classifier_training_crops_never_read_a_held_out_photo(shared: Path, tmp_path: Path, monkeypatch) -> None:
    """The loader `sikwu train` uses opens only train-side photos (cv2.imread is watched)."""
    import cv2
    from sikwu.datasets import prepare

    opened: list[str] = []
    real_imread = cv2.imread

    def watched(path, *args):
        opened.append(Path(path).name)
        return real_imread(path, *args)

    monkeypatch.setattr(prepare, "cache_dir", lambda: tmp_path)
    monkeypatch.setattr(cv2, "imread", watched)
    x, y = prepare.tile_crops_train(seed=0)
    held = {it.image.name for it in split.held_out_tile_crops()}
    assert opened and held.isdisjoint(opened)
    assert len(y) == len(split.training_tile_crops())


def test_held_out_real_photos_are_the_img_27xx_set() -> None:
    assert split.is_held_out_photo("IMG_2743_JPG.rf.abc.jpg")
    assert not split.is_held_out_photo("IMG_2043_JPG.rf.abc.jpg")
    assert split.photo_number("IMG_2743_JPG.rf.abc.jpg") == 2743


def test_calibration_parts_split_photos_and_groups_two_ways() -> None:
    assert split.calibration_part("IMG_2743_JPG.rf.x.jpg") == "fit"
    assert split.calibration_part("IMG_2744_JPG.rf.x.jpg") == "report"
    parts = {split.calibration_part("", g) for g in split.HELD_OUT_GROUPS}
    assert parts == {"fit", "report"}


def test_a_model_of_this_split_has_every_held_out_item_unseen(shared: Path) -> None:
    held = split.held_out_tile_crops()
    assert split.unseen_by({split.MODEL_SPLIT_KEY: split.VERSION}, held) == held


def test_an_older_model_has_only_the_legacy_held_out_part_unseen(shared: Path) -> None:
    held = split.held_out_tile_crops()
    _, legacy = tile_crops.legacy_split(tile_crops.load())
    unseen = split.unseen_by({}, held)
    assert 0 < len(unseen) < len(held)
    assert {it.image.name for it in unseen} <= {it.image.name for it in legacy}


def test_training_metadata_records_the_split_version() -> None:
    from sikwu.datasets import train

    assert train.model_metadata({})[split.MODEL_SPLIT_KEY] == split.VERSION


def test_held_out_crops_carry_their_source_and_part(shared: Path) -> None:
    from sikwu.datasets import heldout

    crops = heldout.tile_crops_held_out()
    assert {c.source for c in crops} == {f"tile-crops/{g}" for g in split.HELD_OUT_GROUPS}
    assert all(isinstance(c.image, np.ndarray) and c.part in ("fit", "report") for c in crops)


def test_group_sheets_draw_every_group_with_its_side_in_the_name(shared: Path, tmp_path: Path) -> None:
    from sikwu.datasets import group_sheets

    paths = group_sheets.write_sheets(tmp_path)
    names = {p.stem for p in paths}
    assert {f"held-out-{g}" for g in split.HELD_OUT_GROUPS} <= names
    assert len(paths) == len(set(split.groups().values()))


def test_synthetic_scene_art_holds_out_exactly_the_split(shared: Path) -> None:
    """Training scenes (the scene generator) exclude the held-out tile sets and nothing else of tile-crops."""
    art = pytest.importorskip("sikwu.datasets.scenes.art", reason="the scene generator is not in this checkout")
    names, _origin = art.heldout_crop_names()
    assert set(names) == {it.image.name for it in split.held_out_tile_crops()}
