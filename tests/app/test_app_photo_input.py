"""Photos as players upload them: phone JPEGs turned by EXIF, iPhone HEIC, and files that are not photos."""

from __future__ import annotations

import io

import numpy as np
import pytest
from PIL import Image
from sikwu.app.services import PhotoError, decode_photo


def _jpeg(img: Image.Image, **kw) -> bytes:
    buf = io.BytesIO()
    img.save(buf, format="JPEG", **kw)
    return buf.getvalue()


def test_exif_orientation_is_applied_so_boxes_match_the_picture():
    img = Image.new("RGB", (200, 100), (255, 0, 0))
    exif = Image.Exif()
    exif[0x0112] = 6  # rotate 90 degrees clockwise on display
    rgb = decode_photo(_jpeg(img, exif=exif))
    assert rgb.shape[:2] == (200, 100)


def test_heic_photos_are_read_when_pillow_heif_is_installed():
    pillow_heif = pytest.importorskip("pillow_heif")
    pillow_heif.register_heif_opener()
    buf = io.BytesIO()
    Image.new("RGB", (160, 120), (0, 128, 0)).save(buf, format="HEIF")
    rgb = decode_photo(buf.getvalue())
    assert rgb.shape == (120, 160, 3)
    assert abs(int(rgb[60, 80, 1]) - 128) < 10


@pytest.mark.parametrize(
    ("data", "says"),
    [
        (b"", "empty"),
        (b"GIF89a not really", "not a photo"),
        (_jpeg(Image.new("RGB", (400, 300)))[:200], "damaged"),
        (_jpeg(Image.new("RGB", (20, 20))), "too small"),
    ],
)
def test_unusable_files_get_a_sentence_saying_what_to_do(data, says):
    with pytest.raises(PhotoError, match=says):
        decode_photo(data)


def test_decoded_photo_is_rgb_uint8():
    rgb = decode_photo(_jpeg(Image.new("RGB", (64, 48), (10, 20, 30))))
    assert rgb.dtype == np.uint8 and rgb.shape == (48, 64, 3)


def test_large_photos_are_reduced_to_the_working_size_keeping_their_shape():
    rgb = decode_photo(_jpeg(Image.new("RGB", (4032, 3024), (200, 200, 200))))
    assert rgb.shape == (1200, 1600, 3)
