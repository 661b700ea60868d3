"""Level a photo whose tile rows run at a slant before its tiles are found.

Why: the detector proposes upright boxes, and a phone held at an angle turns every tile: on hk-photos/valid photos
turned 15 degrees recall fell from 99% to 92%, at 30 degrees to 74%. Tile edges are the photo's strongest straight
lines and meet at right angles, so the magnitude-weighted direction of the strongest gradients, taken modulo 90
degrees, gives the rows' slant in one pass over a small copy. That estimate is wrong on some photos (a messy table,
tiles lying every way; the gradients then agree less), so a slant they barely agree on is no slant of rows and is
left alone (``MIN_AGREEMENT``: on held-out scattered discards, turning such photos loosened every box of the tiles
lying square to the photo), and otherwise the levelled copy is kept only when the detector is surer
of its tiles there, or when its boxes there stop overlapping each other (upright boxes around slanted tiles overlap
their neighbours; around upright tiles they barely touch). The second test matters: the detector was trained on
photos with slanted tiles and is often as sure of them slanted, so on hk-photos/valid turned 15 degrees it rejected
24 of 79 right estimates (every 3rd photo). Crops are then cut from the levelled copy (upright tiles, as the
classifier knows them) and every quad maps back to the original photo through ``LoadedImage.unrotate``, so reported
quads follow the slanted tiles.
"""

from __future__ import annotations

import dataclasses

import cv2
import numpy as np
from sikwu.vision import note_texts
from sikwu.vision.detector import MIN_DETECTIONS_TO_JUDGE, BoxSource, Detection, mean_peak_score
from sikwu.vision.io import LoadedImage

#: Slants smaller than this (degrees) are left alone: the detector's boxes still fit such tiles.
MIN_TILT = 7.0
#: Only the strongest gradients (this top share of pixels) vote on the slant: tile edges, not felt texture.
EDGE_SHARE = 0.10
#: The slant is estimated on a copy whose longer side is this many pixels.
ESTIMATE_SIDE = 320
#: The levelled copy must raise the detector's mean peak score by more than this to be kept ...
MIN_SCORE_GAIN = 0.03
#: ... or by more than SURE_SCORE_GAIN when the strongest gradients agree on the slant at least this much (0 to 1;
#: on every 4th hk-photos/valid photo, turned 0, 15 or 30 degrees, nine in ten right estimates agreed 0.29 or more,
#: most wrong ones less).
SURE_AGREEMENT = 0.3
SURE_SCORE_GAIN = 0.0
#: The levelled view is judged on a copy whose longer side is at most this many pixels.
VERIFY_SIDE = 640
#: No photo is levelled unless the strongest gradients agree on the slant at least this much (0 to 1): tiles lying
#: every way (a pile, scattered discards) agree less, 0.11-0.17 on the IMG_27xx piles of hk-photos/valid, while
#: slanted rows agree 0.20-0.66. No turn stands such tiles upright, and turning the photo only loosens the boxes of
#: the tiles that already lay square to it, however much surer the detector happens to be of the turned copy.
MIN_AGREEMENT = 0.2
#: The levelled copy is also kept when its boxes overlap each other at least this much less (mean share of a box's
#: area under its neighbours' boxes, ``overlap_share``; None: not used) and it finds nearly as many tiles
#: (LOST_TILES fewer at most).
OVERLAP_DROP: float | None = 0.1
LOST_TILES = 1


@dataclasses.dataclass(frozen=True)
class Levelled:
    """The working image the tiles are found in, its detections, and the turn applied (0 = none)."""

    loaded: LoadedImage
    detections: list[Detection]
    degrees: float = 0.0

    @property
    def note(self) -> str | None:
        if not self.degrees:
            return None
        return note_texts.note("vision.slanted", degrees=f"{abs(self.degrees):.0f}")


def slant(pixels: np.ndarray) -> tuple[float, float]:
    """The rows' slant in degrees, in [-45, 45), and how much the strongest gradients agree on it (0 to 1): their
    magnitude-weighted mean direction taken modulo 90 degrees (on the circle of 4x the angle, so 89 and -1 degrees
    agree)."""
    gray = cv2.cvtColor(pixels, cv2.COLOR_BGR2GRAY) if pixels.ndim == 3 else pixels
    f = ESTIMATE_SIDE / max(gray.shape[:2])
    if f < 1:
        gray = cv2.resize(gray, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
    g = gray.astype(np.float32)
    gx = cv2.Sobel(g, cv2.CV_32F, 1, 0, ksize=3).ravel()
    gy = cv2.Sobel(g, cv2.CV_32F, 0, 1, ksize=3).ravel()
    mag2 = gx * gx + gy * gy
    k = int(len(mag2) * (1 - EDGE_SHARE))
    strong = (mag2 >= np.partition(mag2, k)[k]) & (mag2 > 0)  # a flat image's share can be all zero gradients
    m2 = mag2[strong].astype(np.float64)
    mag = np.sqrt(m2)
    total = float(mag.sum())
    if total == 0:
        return 0.0, 0.0
    r = gx[strong].astype(np.float64) + 1j * gy[strong].astype(np.float64)
    r2 = r * r
    z = (r2 * r2 / (m2 * mag)).sum()  # |r| e^{4i theta}: each gradient's direction, four times, weighted by size
    return float(np.degrees(np.angle(z) / 4)), float(abs(z) / total)


def overlap_share(detections: list[Detection]) -> float:
    """The mean share of a box's area that other boxes cover. Upright boxes around slanted tiles overlap their
    neighbours (a quarter to three quarters of their area, in hk-photos rows); around upright tiles they barely
    touch. So a turn that leaves the boxes overlapping far less has stood the tiles upright, however sure the
    detector was of the slanted ones."""
    if len(detections) < 2:
        return 0.0
    b = np.array([d.box for d in detections], np.float64)
    area = np.maximum((b[:, 2] - b[:, 0]) * (b[:, 3] - b[:, 1]), 1e-9)
    ix = np.clip(np.minimum(b[:, None, 2], b[None, :, 2]) - np.maximum(b[:, None, 0], b[None, :, 0]), 0, None)
    iy = np.clip(np.minimum(b[:, None, 3], b[None, :, 3]) - np.maximum(b[:, None, 1], b[None, :, 1]), 0, None)
    inter = ix * iy
    np.fill_diagonal(inter, 0)
    return float(np.mean(np.minimum(inter.sum(axis=1) / area, 1.0)))


def edge_colour(pixels: np.ndarray) -> tuple[float, ...]:
    """The median colour of the image's outermost pixels: the table, in a photo of tiles, to fill new canvas with."""
    edge = np.concatenate([pixels[0], pixels[-1], pixels[:, 0], pixels[:, -1]])
    return tuple(float(v) for v in np.median(edge.reshape(len(edge), -1), axis=0))


def turned_canvas(pixels: np.ndarray, degrees: float) -> tuple[np.ndarray, np.ndarray]:
    """The image turned by ``degrees`` (counter-clockwise as seen) on a canvas that holds all of it, the new corners
    filled with its edge colour, and the 2x3 matrix that takes its points to the turned image."""
    h, w = pixels.shape[:2]
    m = cv2.getRotationMatrix2D((w / 2, h / 2), degrees, 1.0)
    cos, sin = abs(m[0, 0]), abs(m[0, 1])
    nw, nh = int(np.ceil(h * sin + w * cos)), int(np.ceil(h * cos + w * sin))
    m[0, 2] += nw / 2 - w / 2
    m[1, 2] += nh / 2 - h / 2
    turned = cv2.warpAffine(pixels, m, (nw, nh), flags=cv2.INTER_LINEAR, borderValue=edge_colour(pixels))
    return turned, m


def turn(loaded: LoadedImage, degrees: float) -> LoadedImage:
    """The working copy turned by ``degrees`` (see ``turned_canvas``), with ``unrotate`` set so points map back to
    the original."""
    turned, m = turned_canvas(loaded.pixels, degrees)
    back = cv2.invertAffineTransform(m)
    if loaded.unrotate is not None:  # compose with an earlier turn
        a = loaded.unrotate
        back = np.hstack([a[:, :2] @ back[:, :2], (a[:, :2] @ back[:, 2] + a[:, 2])[:, None]])
    return dataclasses.replace(loaded, pixels=turned, unrotate=back)


def level(
    loaded: LoadedImage, detector: BoxSource, detections: list[Detection], score_threshold: float | None
) -> Levelled:
    """Turn a photo whose tile rows slant by more than MIN_TILT so they run level, when the detector agrees.

    ``detections`` are the detector's boxes on ``loaded`` (already computed), so a level photo costs only the slant
    estimate; a slanted one costs one more detector run.
    """
    degrees, agreement = slant(loaded.pixels)
    if abs(degrees) < MIN_TILT or agreement < MIN_AGREEMENT:
        return Levelled(loaded, detections)
    margin = SURE_SCORE_GAIN if agreement >= SURE_AGREEMENT else MIN_SCORE_GAIN
    # judge on a copy no bigger than the detector needs (it letterboxes to a few hundred pixels anyway); turn the
    # working copy itself only when the levelled view is kept
    h, w = loaded.pixels.shape[:2]
    f = min(1.0, VERIFY_SIDE / max(h, w))
    if f == 1.0:
        trial = turn(loaded, degrees)
    else:
        small = cv2.resize(loaded.pixels, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
        trial = turn(dataclasses.replace(loaded, pixels=small, unrotate=None), degrees)
    found = detector.detect(trial.pixels, score_threshold=score_threshold)
    surer = mean_peak_score(found) > mean_peak_score(detections) + margin
    upright = (
        OVERLAP_DROP is not None
        and len(found) >= max(MIN_DETECTIONS_TO_JUDGE, len(detections) - LOST_TILES)
        and overlap_share(found) < overlap_share(detections) - OVERLAP_DROP
    )
    if not (surer or upright):
        return Levelled(loaded, detections)
    if f == 1.0:
        return Levelled(trial, found, degrees)
    turned = turn(loaded, degrees)
    sx = turned.pixels.shape[1] / trial.pixels.shape[1]
    sy = turned.pixels.shape[0] / trial.pixels.shape[0]
    found = [dataclasses.replace(d, box=(d.box[0] * sx, d.box[1] * sy, d.box[2] * sx, d.box[3] * sy)) for d in found]
    return Levelled(turned, found, degrees)
