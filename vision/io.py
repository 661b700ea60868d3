"""Load a photo from whatever the caller has (path, bytes, NumPy array, PIL image) into one BGR array.

Phones store the sensor image plus an EXIF orientation tag, so the pixels must be turned the way the person saw the
photo before anything measures rows of tiles.  A 12-megapixel JPEG is decoded at a reduced scale (JPEG's DCT
scaling, Pillow ``draft``) because segmentation and the classifier need far fewer pixels than the sensor has; the
scale is kept so boxes can be reported in the original photo's pixels.  Every way a file can fail to be a usable
photo maps to one specific exception with a message that says what to do.
"""

from __future__ import annotations

import io
import warnings
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageOps, UnidentifiedImageError

#: Above this many pixels Pillow refuses to decode (a "decompression bomb"): 50 MP is far beyond any phone photo.
MAX_IMAGE_PIXELS = 50_000_000
#: Images whose longer side exceeds this are decoded/downscaled so the longer side is about this long.
WORK_MAX_SIDE = 1600


class ImageInputError(ValueError):
    """The input cannot be used as a photo of tiles; the message says why and what to do."""


class NotAnImageError(ImageInputError):
    pass


class EmptyImageError(ImageInputError):
    pass


class TruncatedImageError(ImageInputError):
    pass


class DecompressionBombError(ImageInputError):
    pass


class NoTilesFoundError(ImageInputError):
    """Raised by recognition when a readable photo holds no tile."""


@dataclass(frozen=True)
class LoadedImage:
    """A photo ready for segmentation.

    ``pixels`` is BGR uint8 at working resolution; ``scale`` = (x, y) original pixels per working pixel (>= 1), so
    a point ``p`` in ``pixels`` is ``p * scale`` in the upright original photo of size ``original_size`` (w, h).
    When the working copy was turned to level the tiles (``vision.tilt``), ``unrotate`` is the 2x3 affine matrix
    that takes its points back to the unturned working copy first.
    """

    pixels: np.ndarray
    original_size: tuple[int, int]
    scale: tuple[float, float]
    unrotate: np.ndarray | None = None

    def to_original(self, points: np.ndarray) -> np.ndarray:
        """Map working-resolution (x, y) points to original-photo pixels."""
        p = np.asarray(points, dtype=np.float64)
        if self.unrotate is not None:
            p = p @ self.unrotate[:, :2].T + self.unrotate[:, 2]
        return p * np.array(self.scale)


#: What ``load_image`` (and so ``recognize``) accepts: a path, encoded bytes, a BGR array or a PIL image.
ImageInput = str | Path | bytes | bytearray | np.ndarray | Image.Image


def load_image(source: ImageInput | LoadedImage, *, max_side: int = WORK_MAX_SIDE) -> LoadedImage:
    """Read ``source`` upright (EXIF applied) as BGR, downscaled once so its longer side is at most ``max_side``. A
    photo already loaded at most that size is returned as it is: teaching reads one photo in several passes and
    decodes it once."""
    if isinstance(source, LoadedImage):
        if max(source.pixels.shape[:2]) <= max_side:
            return source
        raise ValueError(f"a photo loaded at {max(source.pixels.shape[:2])} px cannot be read at {max_side} px")
    if isinstance(source, np.ndarray):
        return _from_array(source, max_side)
    if isinstance(source, Image.Image):
        return _from_pil(source, max_side, name="image")
    if isinstance(source, (bytes, bytearray)):
        if len(source) == 0:
            raise EmptyImageError("the image data is empty (0 bytes): take or choose the photo again")
        return _open_and_convert(io.BytesIO(bytes(source)), max_side, name="image data")
    path = Path(source)
    if not path.exists():
        raise ImageInputError(f"{path}: no such file")
    if path.is_dir():
        raise NotAnImageError(f"{path} is a folder, not a photo")
    if path.stat().st_size == 0:
        raise EmptyImageError(f"{path} is an empty file (0 bytes): copy the photo again")
    with path.open("rb") as fh:
        return _open_and_convert(io.BytesIO(fh.read()), max_side, name=str(path))


def _open_and_convert(stream: io.BytesIO, max_side: int, name: str) -> LoadedImage:
    old_limit = Image.MAX_IMAGE_PIXELS
    Image.MAX_IMAGE_PIXELS = MAX_IMAGE_PIXELS
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            try:
                img = Image.open(stream)
                img.size  # noqa: B018 - header parsed
            except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
                raise DecompressionBombError(
                    f"{name} declares too many pixels to decode safely ({exc}); "
                    f"limit is {MAX_IMAGE_PIXELS:,} pixels: resize the photo first"
                ) from exc
            except UnidentifiedImageError as exc:
                raise NotAnImageError(
                    f"{name} is not an image Pillow can read: use a JPEG or PNG photo of the tiles"
                ) from exc
            w, h = img.size
            if w * h > MAX_IMAGE_PIXELS:
                raise DecompressionBombError(
                    f"{name} declares {w}x{h} = {w * h:,} pixels, more than the {MAX_IMAGE_PIXELS:,} allowed: "
                    "resize the photo first"
                )
            if w == 0 or h == 0:
                raise EmptyImageError(f"{name} has zero width or height")
            return _from_pil(img, max_side, name=name)
    finally:
        Image.MAX_IMAGE_PIXELS = old_limit


def _from_pil(img: Image.Image, max_side: int, name: str) -> LoadedImage:
    full_w, full_h = img.size
    try:
        orientation = img.getexif().get(0x0112, 1)
    except Exception:  # noqa: BLE001 - a broken EXIF block is not a reason to refuse the photo
        orientation = 1
    if orientation in (5, 6, 7, 8):  # exif_transpose swaps width and height
        full_w, full_h = full_h, full_w
    try:
        if img.format == "JPEG" and max(full_w, full_h) > max_side:
            # DCT-domain downscale by 1/2, 1/4 or 1/8: decodes a 12 MP photo several times faster.
            f = max_side / max(full_w, full_h)
            img.draft("RGB", (int(img.size[0] * f), int(img.size[1] * f)))
        img.load()
        if orientation != 1:  # exif_transpose copies the whole photo even when there is nothing to turn
            img = ImageOps.exif_transpose(img)
        if img.mode != "RGB":
            img = img.convert("RGB")
    except OSError as exc:
        msg = str(exc)
        if "truncated" in msg or "broken" in msg or "end of file" in msg.lower():
            raise TruncatedImageError(f"{name} is truncated or damaged ({msg}): copy or take the photo again") from exc
        raise NotAnImageError(f"{name} could not be decoded ({msg})") from exc
    except (Image.DecompressionBombError, ValueError, SyntaxError) as exc:
        raise NotAnImageError(f"{name} could not be decoded ({exc})") from exc
    rgb = np.asarray(img)
    if rgb.size == 0:
        raise EmptyImageError(f"{name} has no pixels")
    bgr = cv2.cvtColor(rgb, cv2.COLOR_RGB2BGR)  # same pixels as rgb[:, :, ::-1], a few times faster to copy
    return _downscale(bgr, (full_w, full_h), max_side)


def _from_array(arr: np.ndarray, max_side: int) -> LoadedImage:
    """NumPy input is taken as OpenCV's convention: HxW grey, HxWx3 BGR or HxWx4 BGRA, uint8."""
    if arr.size == 0 or arr.ndim < 2 or arr.shape[0] == 0 or arr.shape[1] == 0:
        raise EmptyImageError("the image array is empty")
    if arr.dtype != np.uint8:
        if np.issubdtype(arr.dtype, np.floating) and arr.max(initial=0) <= 1.0:
            arr = (arr * 255).round()
        arr = np.clip(arr, 0, 255).astype(np.uint8)
    if arr.ndim == 2:
        arr = np.repeat(arr[:, :, None], 3, axis=2)
    elif arr.ndim == 3 and arr.shape[2] == 4:
        arr = arr[:, :, :3]
    elif arr.ndim != 3 or arr.shape[2] != 3:
        raise NotAnImageError(f"an image array must be HxW, HxWx3 or HxWx4, got shape {arr.shape}")
    if arr.shape[0] * arr.shape[1] > MAX_IMAGE_PIXELS:
        raise DecompressionBombError(f"the image array has more than {MAX_IMAGE_PIXELS:,} pixels")
    h, w = arr.shape[:2]
    return _downscale(np.ascontiguousarray(arr), (w, h), max_side)


def _downscale(bgr: np.ndarray, original_size: tuple[int, int], max_side: int) -> LoadedImage:
    h, w = bgr.shape[:2]
    if max(h, w) > max_side:
        f = max_side / max(h, w)
        bgr = cv2.resize(bgr, (max(1, round(w * f)), max(1, round(h * f))), interpolation=cv2.INTER_AREA)
    scale = (original_size[0] / bgr.shape[1], original_size[1] / bgr.shape[0])
    return LoadedImage(pixels=bgr, original_size=original_size, scale=scale)
