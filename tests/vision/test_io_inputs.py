"""Photo loading: every input form, EXIF orientation, and a specific error for each kind of unusable file."""

from __future__ import annotations

import io

import numpy as np
import pytest
from PIL import Image
from sikwu.vision.io import (
    MAX_IMAGE_PIXELS,
    DecompressionBombError,
    EmptyImageError,
    NotAnImageError,
    TruncatedImageError,
    load_image,
)


def _jpeg(img: Image.Image, **kw) -> bytes:
    buf = io.BytesIO()
    img.save(buf, "JPEG", **kw)
    return buf.getvalue()


def _red_left_half(w=60, h=40) -> Image.Image:
    arr = np.zeros((h, w, 3), np.uint8)
    arr[:, : w // 2] = (255, 0, 0)  # RGB red on the left
    return Image.fromarray(arr)


def test_path_bytes_pil_and_array_give_the_same_bgr_pixels(tmp_path):
    img = _red_left_half()
    p = tmp_path / "a.png"
    img.save(p)
    from_path = load_image(p).pixels
    from_bytes = load_image(p.read_bytes()).pixels
    from_pil = load_image(img).pixels
    from_array = load_image(np.asarray(img)[:, :, ::-1].copy()).pixels
    for arr in (from_bytes, from_pil, from_array):
        assert np.array_equal(arr, from_path)
    assert tuple(from_path[5, 5]) == (0, 0, 255)  # BGR red


def test_exif_orientation_is_applied():
    """A sensor image stored landscape with orientation 6 (rotate 90 CW) is seen portrait."""
    img = _red_left_half(60, 40)
    exif = Image.Exif()
    exif[0x0112] = 6
    loaded = load_image(_jpeg(img, exif=exif.tobytes(), quality=95))
    assert loaded.original_size == (40, 60)
    assert loaded.pixels.shape[:2] == (60, 40)
    # the red left half is now the top half
    assert loaded.pixels[5, 20, 2] > 200 and loaded.pixels[55, 20, 2] < 60


def test_large_photo_is_downscaled_once_and_scale_maps_back():
    img = Image.fromarray(np.full((3000, 4000, 3), 200, np.uint8))
    loaded = load_image(_jpeg(img))
    assert loaded.original_size == (4000, 3000)
    assert max(loaded.pixels.shape[:2]) <= 1600
    corner = loaded.to_original(np.array([[loaded.pixels.shape[1], loaded.pixels.shape[0]]]))
    assert np.allclose(corner, [[4000, 3000]], atol=1)


def test_not_an_image(tmp_path):
    p = tmp_path / "notes.jpg"
    p.write_text("this is not a photo")
    with pytest.raises(NotAnImageError, match="not an image"):
        load_image(p)


def test_zero_size_file(tmp_path):
    p = tmp_path / "empty.jpg"
    p.write_bytes(b"")
    with pytest.raises(EmptyImageError, match="empty"):
        load_image(p)


def test_truncated_file():
    data = _jpeg(Image.fromarray(np.random.default_rng(0).integers(0, 255, (200, 200, 3), dtype=np.uint8)))
    with pytest.raises(TruncatedImageError, match="truncated"):
        load_image(data[: len(data) // 2])


def test_decompression_bomb_is_refused_before_decoding():
    side = int(MAX_IMAGE_PIXELS**0.5) + 100
    img = Image.new("L", (side, side))
    buf = io.BytesIO()
    img.save(buf, "PNG")
    with pytest.raises(DecompressionBombError, match="pixels"):
        load_image(buf.getvalue())


def test_empty_array():
    with pytest.raises(EmptyImageError):
        load_image(np.zeros((0, 10, 3), np.uint8))


def test_a_photo_already_loaded_is_not_decoded_again() -> None:
    """Teaching reads one photo in several passes (recognition, the detectors' spare boxes); it decodes it once."""
    loaded = load_image(_jpeg(Image.new("RGB", (800, 600), (200, 180, 160))))
    assert load_image(loaded) is loaded


def test_a_photo_loaded_larger_than_asked_is_refused_not_read_at_the_wrong_size() -> None:
    loaded = load_image(_jpeg(Image.new("RGB", (800, 600), (200, 180, 160))))
    with pytest.raises(ValueError, match="cannot be read at 400 px"):
        load_image(loaded, max_side=400)
