"""Undo a photo's one-axis stretch before its tiles are found.

Why: a photo resized to a square without keeping its aspect ratio (a messaging app's thumbnail, a dataset export,
a screenshot squeezed into a preview) draws every tile several times too wide or too tall.  The detector, trained
on tiles of the right shape, then finds pieces of tiles or none: on the 39 such photos of hk-photos/valid it found
fewer than half of the tiles.  A tile is about 3:4 whichever way it lies, so when the median detected box is far
wider (or taller) than any tile, the photo is stretched; squeezing that axis back until the detector is most sure of
its boxes restores tiles it knows.  A detector may also box the pieces of a far-stretched tile as small squares
(nothing then looks too wide); a frame far wider or taller than any camera's (``FRAME_ASPECT_LIMIT``) then raises the
same question, and a squeeze found that way stands only when both detectors are surer of it.  Only the working copy
is squeezed: ``LoadedImage.scale`` carries the squeeze, so every box still maps back to the original photo's pixels.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

import cv2
import numpy as np
from sikwu.vision import note_texts
from sikwu.vision.detector import MIN_DETECTIONS_TO_JUDGE, BoxSource, Detection, mean_peak_score
from sikwu.vision.io import LoadedImage

#: A photo whose median detected box is more than this many times wider than tall (or taller than wide) is
#: stretched: a tile is at most about 1.4:1, and on hk-photos/valid the median box of every unstretched photo lies
#: between 0.53 and 1.79 while every strongly stretched one lies beyond 4 (or below 1/4).
STRETCH_TRIGGER = 2.5
#: Squeezes tried along the stretched axis; the one whose detections the detector is most sure of (mean peak
#: score) wins.  hk-photos/valid holds stretches of about 2:1 to 13:1.
SQUEEZE_FACTORS: tuple[float, ...] = (2.0, 3.0, 4.0, 5.0, 6.0, 8.0, 11.0)
#: A photo more than this many times wider than tall (or taller than wide) came from no camera as it is: phones
#: shoot 4:3 or 16:9 and their screenshots are at most about 20:9 (2.2:1).  Such a frame may be a stretched photo
#: even when the detector boxes its tiles' pieces as squares; a panorama is left as it is by the detectors' judgement.
FRAME_ASPECT_LIMIT = 2.5


@dataclasses.dataclass(frozen=True)
class Unstretched:
    """The working image the tiles are found in, its detections, and the squeeze applied (1.0 = none)."""

    loaded: LoadedImage
    detections: list[Detection]
    axis: str | None = None  # "x" or "y": the axis that was squeezed
    factor: float = 1.0
    #: The second detector's boxes on ``loaded`` when checking the squeeze already found them (None: not run), so
    #: the caller does not run that detector on the same pixels again.
    second_detections: list[Detection] | None = None

    @property
    def note(self) -> str | None:
        if self.axis is None:
            return None
        key = "vision.stretched_wide" if self.axis == "x" else "vision.stretched_tall"
        return note_texts.note(key, factor=f"{self.factor:g}")


def median_aspect(detections: Sequence[Detection]) -> float:
    """Median width / height of the detected boxes (geometric, so 4:1 and 1:4 are equally far from square)."""
    ratios = [
        (d.box[2] - d.box[0]) / (d.box[3] - d.box[1])
        for d in detections
        if d.box[2] - d.box[0] > 0 and d.box[3] - d.box[1] > 0
    ]
    return float(np.exp(np.median(np.log(ratios)))) if ratios else 1.0


def stretched_axis(detections: Sequence[Detection]) -> str | None:
    """ "x" when the tiles look far too wide, "y" when far too tall, None when they look like tiles."""
    if len(detections) < MIN_DETECTIONS_TO_JUDGE:
        return None
    aspect = median_aspect(detections)
    if aspect > STRETCH_TRIGGER:
        return "x"
    if aspect < 1 / STRETCH_TRIGGER:
        return "y"
    return None


def frame_axis(loaded: LoadedImage) -> str | None:
    """ "x" when the photo is far wider than any camera frame, "y" when far taller, else None."""
    h, w = loaded.pixels.shape[:2]
    if w > FRAME_ASPECT_LIMIT * h:
        return "x"
    if h > FRAME_ASPECT_LIMIT * w:
        return "y"
    return None


def squeeze(loaded: LoadedImage, axis: str, factor: float) -> LoadedImage:
    """The working image shrunk ``factor`` times along ``axis``, its scale updated to map back to the original.

    Shrinking (not enlarging the other axis) loses nothing real: the stretched axis holds interpolated pixels.
    """
    h, w = loaded.pixels.shape[:2]
    nw = max(8, round(w / factor)) if axis == "x" else w
    nh = max(8, round(h / factor)) if axis == "y" else h
    pixels = cv2.resize(loaded.pixels, (nw, nh), interpolation=cv2.INTER_AREA)
    scale = (loaded.scale[0] * w / nw, loaded.scale[1] * h / nh)
    return dataclasses.replace(loaded, pixels=pixels, scale=scale)


def confirmed_axis(
    detections: Sequence[Detection], second: Callable[[], Sequence[Detection]] | None = None
) -> str | None:
    """The stretched axis ``detections`` show, unless a second detector's boxes on the same photo, enough of them to
    judge, say otherwise. Why: the stripes of a striped cloth are long boxes to one detector (faintly sure of them);
    judged alone they squeezed a photo of a hand on such a cloth six times and lost every tile, while the other
    detector boxed the tiles themselves, tile-shaped. On a photo that really is stretched both see long boxes (every
    stretched photo of hk-photos/valid). ``second`` is called only when ``detections`` say stretched."""
    axis = stretched_axis(detections)
    if axis is None or second is None:
        return axis
    others = second()
    if len(others) >= MIN_DETECTIONS_TO_JUDGE and stretched_axis(others) != axis:
        return None
    return axis


def unstretch(
    loaded: LoadedImage,
    detector: BoxSource,
    detections: list[Detection],
    score_threshold: float | None,
    factors: Sequence[float] = SQUEEZE_FACTORS,
    second: Callable[[], Sequence[Detection]] | None = None,
    second_detector: BoxSource | None = None,
) -> Unstretched:
    """Squeeze a stretched photo back to tile shape, judged by the detector; unstretched photos pass unchanged.

    ``detections`` are the detector's boxes on ``loaded`` (already computed by the caller, so an ordinary photo
    costs nothing more); ``second`` gives another detector's boxes on it, which must not contradict the stretch
    (``confirmed_axis``).  A squeeze is kept only when the detector is surer of its boxes than on the photo as is;
    one asked for by the frame's shape alone (``frame_axis``) also needs ``second_detector`` surer of it.
    """
    axis = confirmed_axis(detections, second)
    by_frame = axis is None
    axis = axis or frame_axis(loaded)
    if axis is None:
        return Unstretched(loaded, detections)
    best = surest_squeeze(loaded, detector, detections, score_threshold, axis, factors)
    if not by_frame or best.axis is None or second is None or second_detector is None:
        return best
    seen = second_detector.detect(best.loaded.pixels, score_threshold=score_threshold)
    if not _second_agrees(seen, second):
        return Unstretched(loaded, detections)
    return dataclasses.replace(best, second_detections=list(seen))


def surest_squeeze(
    loaded: LoadedImage,
    detector: BoxSource,
    detections: list[Detection],
    score_threshold: float | None,
    axis: str,
    factors: Sequence[float],
) -> Unstretched:
    """The squeeze along ``axis`` whose boxes ``detector`` is surest of, or the photo as is when none beats it."""
    best = Unstretched(loaded, detections)
    best_score = mean_peak_score(detections)
    for factor in factors:
        squeezed = squeeze(loaded, axis, factor)
        found = detector.detect(squeezed.pixels, score_threshold=score_threshold)
        score = mean_peak_score(found)
        if score > best_score:
            best, best_score = Unstretched(squeezed, found, axis, float(factor)), score
    return best


def _second_agrees(squeezed: Sequence[Detection], second: Callable[[], Sequence[Detection]]) -> bool:
    """Whether the second detector, too, is surer of the squeezed photo's tiles (``squeezed``, its boxes there) than
    of the photo as is.  Why: a wide frame is not proof of a stretch (a panorama, a strip cut from a photo); on such
    a photo one detector may still like a squeeze of a striped cloth's stripes, two independent ones rarely do."""
    return mean_peak_score(squeezed) > mean_peak_score(second())
