"""hk-photos loader: YOLO rows -> pixel boxes -> crops, with negatives that never cover a whole tile."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest
from sikwu.datasets import hk_photos
from sikwu.scoring.tiles import TILE_IDS


def test_class_map_covers_every_tile_once() -> None:
    """Class table in shared/datasets/hk-photos/README.md: 42 indices, each a distinct canonical id."""
    assert len(hk_photos.CLASS_MAP) == 42
    assert sorted(hk_photos.CLASS_MAP) == sorted(TILE_IDS)


@pytest.mark.parametrize(
    ("idx", "tile"), [(0, "5f"), (4, "1z"), (24, "5z"), (29, "6z"), (34, "7z"), (35, "4f"), (41, "9s")]
)
def test_class_map_follows_the_readme_table(idx: int, tile: str) -> None:
    assert hk_photos.CLASS_MAP[idx] == tile


def test_box_row_becomes_pixel_box() -> None:
    box = hk_photos.parse_label_line("37 0.5 0.25 0.1 0.2", 640, 640)
    assert box is not None and box.tile == "8p"
    assert (box.x0, box.y0, box.x1, box.y1) == pytest.approx((288, 96, 352, 224))


def test_polygon_row_becomes_its_bounding_box() -> None:
    box = hk_photos.parse_label_line("3 0.1 0.2 0.3 0.2 0.3 0.5 0.1 0.5", 100, 200)
    assert box is not None and box.tile == "1s"
    assert (box.x0, box.y0, box.x1, box.y1) == pytest.approx((10, 40, 30, 100))


def test_degenerate_rows_are_skipped() -> None:
    assert hk_photos.parse_label_line("3 0.5 0.5", 640, 640) is None
    assert hk_photos.parse_label_line("3 0.5 0.5 0.0 0.0", 640, 640) is None


def test_unknown_split_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="unknown hk-photos split"):
        hk_photos.images("test", tmp_path)


def _tiny_dataset(root: Path) -> None:
    (root / "train" / "images").mkdir(parents=True)
    (root / "train" / "labels").mkdir(parents=True)
    img = np.full((200, 200, 3), (40, 140, 40), np.uint8)  # green table
    img[50:110, 40:85] = 255  # one white tile at x 40..85, y 50..110
    cv2.imwrite(str(root / "train" / "images" / "a.jpg"), img)
    xc, yc, w, h = 62.5 / 200, 80 / 200, 45 / 200, 60 / 200
    (root / "train" / "labels" / "a.txt").write_text(f"24 {xc} {yc} {w} {h}\n")


def test_crops_carry_the_label_and_requested_size(tmp_path: Path) -> None:
    _tiny_dataset(tmp_path)
    crops = list(hk_photos.iter_crops("train", 32, pad=0.0, base=tmp_path))
    assert len(crops) == 1
    crop, label, name = crops[0]
    assert (label, name, crop.shape) == ("5z", "a.jpg", (32, 32, 3))
    assert crop.mean() > 200  # the white tile, not the table


def test_negatives_never_hold_most_of_a_tile(tmp_path: Path) -> None:
    _tiny_dataset(tmp_path)
    img = cv2.imread(str(tmp_path / "train" / "images" / "a.jpg"))
    boxes = hk_photos.read_boxes(tmp_path / "train" / "images" / "a.jpg", 200, 200)
    negs = hk_photos.negative_boxes(boxes, 200, 200, np.random.default_rng(0), 20)
    assert negs
    for cand in negs:
        frac_tile, frac_box = hk_photos._overlap(cand, boxes[0])
        assert frac_tile <= 0.55 and frac_box <= 0.55
    assert img is not None


def test_crop_outside_the_image_is_padded_not_failed() -> None:
    img = np.zeros((50, 50, 3), np.uint8)
    out = hk_photos.crop_box(img, 40, 40, 60, 60, 16, pad=0.2)
    assert out.shape == (16, 16, 3)


def _row(tile: str, n: int) -> list[hk_photos.Box]:
    return [hk_photos.Box(tile, 10.0 * i, 0.0, 10.0 * i + 8, 12.0) for i in range(n)]


def test_photo_with_every_box_one_class_beyond_two_sets_is_a_labelling_slip() -> None:
    """A set holds four copies of a tile, so nine or more boxes all labelled 1p are a slip, not a layout."""
    assert hk_photos.is_label_slip(_row("1p", 13))


def test_a_real_layout_with_repeated_tiles_is_not_a_slip() -> None:
    assert not hk_photos.is_label_slip(_row("5z", 5) + _row("1m", 4))
    assert not hk_photos.is_label_slip(_row("1p", 4))


def test_valid_labelling_slips_are_the_seven_all_1p_photos() -> None:
    """hk-photos/valid IMG_2778-IMG_2788: every box labelled sd1 whatever tile it shows (seen by eye)."""
    if not hk_photos.root().is_dir():
        pytest.skip("../shared/datasets/hk-photos not present (set SIKWU_SHARED)")
    slips = hk_photos.label_slips("valid")
    assert [s[:8] for s in slips] == ["IMG_2778", "IMG_2779", "IMG_2780", "IMG_2781", "IMG_2783", "IMG_2786",
                                      "IMG_2788"]  # fmt: skip
    assert hk_photos.label_slips("train") == []


def test_review_file_names_known_tiles_and_changes_each_label() -> None:
    """Every by-eye correction in datasets/hk_photos_review.csv is a canonical id and differs from the published one."""
    fixes = hk_photos.reviewed_labels()
    assert fixes, "the review file is empty"
    for (photo, line), (published, reviewed) in fixes.items():
        assert photo.endswith(".jpg") and line >= 1
        assert published in TILE_IDS and reviewed in (*TILE_IDS, hk_photos.NO_TILE) and published != reviewed


def _labelled_photo(root: Path, label_rows: str) -> Path:
    """A photo path with its YOLO label file, laid out as hk-photos is (images/, labels/)."""
    (root / "labels").mkdir()
    (root / "images").mkdir()
    (root / "labels" / "p.txt").write_text(label_rows)
    return root / "images" / "p.jpg"


def test_reviewed_boxes_replace_only_the_reviewed_labels(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    photo = _labelled_photo(tmp_path, "17 0.5 0.5 0.1 0.1\n37 0.2 0.2 0.1 0.1\n")
    monkeypatch.setattr(hk_photos, "reviewed_labels", lambda: {("p.jpg", 2): ("8p", "8s")})
    assert [b.tile for b in hk_photos.read_boxes(photo, 100, 100)] == ["4p", "8p"]
    assert [b.tile for b in hk_photos.read_boxes(photo, 100, 100, reviewed=True)] == ["4p", "8s"]


def test_a_box_reviewed_as_no_tile_leaves_the_reviewed_ground_truth(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A second box drawn on a tile that already has one is no tile of its own."""
    photo = _labelled_photo(tmp_path, "23 0.5 0.5 0.1 0.1\n41 0.5 0.5 0.1 0.1\n")
    monkeypatch.setattr(hk_photos, "reviewed_labels", lambda: {("p.jpg", 2): ("9s", hk_photos.NO_TILE)})
    assert [b.tile for b in hk_photos.read_boxes(photo, 100, 100)] == ["5s", "9s"]
    assert [b.tile for b in hk_photos.read_boxes(photo, 100, 100, reviewed=True)] == ["5s"]


def test_review_of_a_label_the_dataset_no_longer_has_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    photo = _labelled_photo(tmp_path, "17 0.5 0.5 0.1 0.1\n")
    monkeypatch.setattr(hk_photos, "reviewed_labels", lambda: {("p.jpg", 1): ("1m", "2m")})
    with pytest.raises(ValueError, match="review that box again"):
        hk_photos.read_boxes(photo, 100, 100, reviewed=True)


def test_every_labelling_slip_photo_was_read_box_by_box() -> None:
    """With the by-eye corrections no valid photo is still one class repeated, so reviewed figures cover all photos."""
    if not (hk_photos.root() / "valid").is_dir():
        pytest.skip("../shared/datasets/hk-photos is absent (set SIKWU_SHARED)")
    assert hk_photos.label_slips("valid", reviewed=True) == []


def test_reviewed_ground_truth_adds_the_unboxed_face_up_tiles_only_when_asked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    photo = _labelled_photo(tmp_path, "23 0.5 0.5 0.1 0.1\n")
    review = tmp_path / "boxes.csv"
    review.write_text(
        "photo,kind,x0,y0,x1,y1,tile,seen\n"
        "p.jpg,tile,1,2,11,16,3p,a discard on the table\n"
        "p.jpg,ignore,60,60,90,90,,face-down wall\n"
    )
    monkeypatch.setattr(hk_photos, "REVIEW_BOXES_FILE", review)
    hk_photos._review_boxes.cache_clear()
    try:
        assert [b.tile for b in hk_photos.read_boxes(photo, 100, 100, reviewed=True)] == ["5s"]
        both = hk_photos.read_boxes(photo, 100, 100, reviewed=True, with_added=True)
        assert [b.tile for b in both] == ["5s", "3p"]
        assert (both[1].x0, both[1].y0, both[1].x1, both[1].y1) == (1.0, 2.0, 11.0, 16.0)
        assert hk_photos.ignored_regions(photo) == [(60.0, 60.0, 90.0, 90.0)]
        assert [b.tile for b in hk_photos.read_boxes(photo, 100, 100, with_added=True)] == ["5s"]
    finally:
        hk_photos._review_boxes.cache_clear()


def test_review_boxes_file_rows_are_tiles_with_an_id_or_ignored_regions() -> None:
    for photo, rows in hk_photos._review_boxes().items():
        assert photo.endswith(".jpg")
        for kind, box in rows:
            assert kind in ("tile", "ignore")
            assert box.x1 > box.x0 and box.y1 > box.y0
            assert (box.tile in TILE_IDS) if kind == "tile" else box.tile == ""


def test_every_reviewed_photo_is_in_valid_and_every_reviewed_line_exists() -> None:
    """A stale review row would silently do nothing; the dataset changing must show up here instead."""
    if not (hk_photos.root() / "valid").is_dir():
        pytest.skip("../shared/datasets/hk-photos is absent (set SIKWU_SHARED)")
    names = {p.name for p in hk_photos.images("valid")}
    for photo, line in hk_photos.reviewed_labels():
        assert photo in names
        lines = hk_photos.label_path(hk_photos.root() / "valid" / "images" / photo).read_text().splitlines()
        assert 1 <= line <= len(lines)
    assert set(hk_photos._review_boxes()) <= names
