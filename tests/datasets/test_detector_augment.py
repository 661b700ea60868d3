"""Detector training samples (datasets.detector_data.augment): what the detector is taught a tile is."""

from __future__ import annotations

import numpy as np
from sikwu.datasets.detector_data import Scene, augment


def _row_scene() -> Scene:
    """Ten ivory tiles 30 x 40 in a row on a green table, like a revealed hand seen from above."""
    img = np.zeros((200, 400, 3), np.uint8)
    img[:] = (30, 120, 60)
    boxes = []
    for i in range(10):
        x1, y1 = 20 + 34 * i, 80
        img[y1 : y1 + 40, x1 : x1 + 30] = (235, 230, 215)
        boxes.append([x1, y1, x1 + 30, y1 + 40])
    return Scene(img, np.asarray(boxes, np.float32), "hk")


def test_sample_is_square_uint8_with_boxes_inside_it() -> None:
    img, boxes = augment(_row_scene(), np.random.default_rng(0), 320)
    assert img.shape == (320, 320, 3) and img.dtype == np.uint8
    assert boxes.shape[1] == 4 and (boxes >= 0).all() and (boxes <= 320).all()


def test_sample_is_reproducible_from_the_seed() -> None:
    a = augment(_row_scene(), np.random.default_rng(5), 320, close_up_share=0.5)
    b = augment(_row_scene(), np.random.default_rng(5), 320, close_up_share=0.5)
    assert np.array_equal(a[0], b[0]) and np.array_equal(a[1], b[1])


def test_close_ups_show_few_large_stretched_tiles() -> None:
    """hk-photos/valid holds close-ups stretched to a square: tiles several times taller (or wider) than a tile."""
    rng = np.random.default_rng(1)
    ratios, heights = [], []
    for _ in range(40):
        _, boxes = augment(_row_scene(), rng, 320, close_up_share=1.0)
        assert len(boxes) >= 1, "a close-up is centred on a tile, so it always shows one"
        w, h = boxes[:, 2] - boxes[:, 0], boxes[:, 3] - boxes[:, 1]
        ratios += list(np.maximum(w / h, h / w))
        heights += list(np.maximum(w, h))
    assert np.median(heights) > 60  # ordinary samples: a tile is ~20-40 px of 320
    assert max(ratios) > 2.5  # a real tile is ~1.35:1


def test_close_ups_keep_tiles_cut_by_the_border() -> None:
    rng = np.random.default_rng(2)
    cut = 0
    for _ in range(40):
        _, boxes = augment(_row_scene(), rng, 320, close_up_share=1.0)
        cut += int(((boxes[:, :2] <= 0) | (boxes[:, 2:] >= 320)).any(axis=1).sum())
    assert cut > 0


def test_without_close_ups_no_tile_is_stretched_past_twice_its_shape() -> None:
    rng = np.random.default_rng(3)
    for _ in range(40):
        _, boxes = augment(_row_scene(), rng, 320, close_up_share=0.0)
        w, h = boxes[:, 2] - boxes[:, 0], boxes[:, 3] - boxes[:, 1]
        whole = (boxes[:, :2] > 0).all(axis=1) & (boxes[:, 2:] < 320).all(axis=1)
        assert (np.maximum(w / h, h / w)[whole] < 2.0).all()


def test_blank_white_dragon_face_is_plain_ivory() -> None:
    """Many sets leave 5z blank; synthetic scenes draw such tiles so the detector learns to box a face with no marks."""
    from sikwu.datasets.detector_synth import BLANK, _face

    face = _face(BLANK)
    assert face.shape[2] == 4
    inside = face[..., :3][face[..., 3] > 0]
    assert (inside == inside[0]).all() and inside[0].min() > 180


def _ivory_shares(img: np.ndarray, boxes: np.ndarray) -> list[float]:
    """Share of each whole (not border-cut) box that is tile rather than table."""
    lum = img.astype(int).sum(axis=2)
    cut = (lum.max() + lum.min()) / 2
    out = []
    for x1, y1, x2, y2 in boxes.round().astype(int):
        if x1 > 1 and y1 > 1 and x2 < 319 and y2 < 319 and x2 - x1 >= 6 and y2 - y1 >= 6:
            out.append(float((lum[y1 + 1 : y2 - 1, x1 + 1 : x2 - 1] > cut).mean()))
    return out


def test_a_turned_sample_boxes_each_turned_tile_by_the_upright_box_around_it() -> None:
    """hk-photos labels a slanted tile by the upright box around it; turned samples must teach the same: the box
    holds the whole tile, with table in the corners the turn leaves."""
    rng = np.random.default_rng(4)
    shares = []
    for _ in range(30):
        img, boxes = augment(_row_scene(), rng, 320, tilt_share=1.0, max_tilt=30.0)
        shares += _ivory_shares(img, boxes)
    assert len(shares) > 50
    assert 0.5 < np.median(shares) < 0.95


def test_an_unturned_sample_boxes_each_tile_tightly() -> None:
    rng = np.random.default_rng(4)
    shares = []
    for _ in range(30):
        img, boxes = augment(_row_scene(), rng, 320, tilt_share=0.0)
        shares += _ivory_shares(img, boxes)
    assert len(shares) > 50
    assert np.median(shares) > 0.9
