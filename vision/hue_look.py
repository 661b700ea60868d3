"""A tile that may be face down is read again with its colour turned: backs come in colours training never showed.

Why: a face-down tile is a plain coloured face, and the classifier learnt backs of the colours its training drew
(``datasets.back_colours``: a continuous range of hue with bands kept out, so that concealed kongs can be measured on
colours no model saw). A player's set can have any colour. On held-out art scenes a purple back read ``not-a-tile``
0.48 and ``back`` 0.47, a pink one ``5z``; either way the concealed kong was miscounted. Turning the crop's hue a
quarter, a half and three quarters of the way round puts a back of any hue into hues the classifier knows, while a
face keeps its ivory (a colour without saturation has no hue to turn). So a crop whose readings hold ``back``, but
not first, and that has colour (``MIN_SATURATION``) is read again at each turn, and a turned view that reads
``back`` first, surer than the crop's own first reading, gives the crop its reading. On held-out art scenes the
crops so changed were mostly pink and purple backs (``5z`` or ``not-a-tile`` 0.4-0.6 turned to ``back`` 0.6-0.9),
and some table between tiles, which counts only where the layout makes it a kong's face-down tile.

Only a few crops a photo qualify (``back`` among the top three, not first), so the extra classifier time is small.
Whether a back counts is still the layout's decision (``vision.kong_backs``, ``vision.lone_backs``).
"""

from __future__ import annotations

import cv2
import numpy as np
from sikwu.vision.labels import BACK
from sikwu.vision.naming import CROP_PAD, TOP_K, Classifier, Named
from sikwu.vision.quads import rectify

#: Hue turns (degrees round the colour circle) each doubtful crop is read at.
HUE_TURNS = (90, 180, 270)
#: ``back`` must be among this many first readings of a crop for it to be read again.
BACK_AMONG = 3
#: ... and the crop's median saturation (0 to 1) at least this: below it a crop is white or grey and its hue is
#: noise (a blank white dragon on hk-photos, saturation 0.05, read ``back`` by a hair once turned). Training draws
#: backs from saturation 0.12 up (``datasets.back_colours``), so a back it knows has at least this much colour.
MIN_SATURATION = 0.12


def _turned(hsv: np.ndarray, degrees: float) -> np.ndarray:
    """The BGR image of an HSV one with every pixel's hue turned by ``degrees``."""
    out = hsv.copy()
    out[..., 0] = ((hsv[..., 0].astype(np.int16) + round(degrees / 2)) % 180).astype(np.uint8)  # OpenCV hue: 0-179
    return cv2.cvtColor(out, cv2.COLOR_HSV2BGR)


def turn_hue(crop: np.ndarray, degrees: float) -> np.ndarray:
    """The BGR crop with every pixel's hue turned by ``degrees``; saturation and brightness kept."""
    return _turned(cv2.cvtColor(crop, cv2.COLOR_BGR2HSV), degrees)


def _saturation(hsv: np.ndarray) -> float:
    return float(np.median(hsv[..., 1])) / 255.0


def saturation(crop: np.ndarray) -> float:
    """The crop's median HSV saturation, 0 to 1."""
    return _saturation(cv2.cvtColor(crop, cv2.COLOR_BGR2HSV))


def may_be_back(pred: list[tuple[str, float]]) -> bool:
    """``back`` is among the first BACK_AMONG readings, but not the first."""
    labels = [label for label, _ in pred[:BACK_AMONG]]
    return BACK in labels[1:]


def hue_look(pixels: np.ndarray, named: list[Named], clf: Classifier) -> list[Named]:
    """``named`` with each coloured crop that may be a back of an unfamiliar colour read again at HUE_TURNS; the surest
    turned view reading ``back`` first replaces the crop's reading when it is surer than the crop's first reading."""
    doubtful, coloured = [], []
    for i, (quad, pred) in enumerate(named):
        if may_be_back(pred):
            hsv = cv2.cvtColor(rectify(pixels, quad, pad=CROP_PAD), cv2.COLOR_BGR2HSV)  # once per crop, for both uses
            if _saturation(hsv) >= MIN_SATURATION:
                doubtful.append(i)
                coloured.append(hsv)
    if not doubtful:
        return named
    views = [_turned(hsv, d) for d in HUE_TURNS for hsv in coloured]
    readings = clf.predict(views, k=TOP_K)
    out = list(named)
    for n, i in enumerate(doubtful):
        turned = [readings[t * len(doubtful) + n] for t in range(len(HUE_TURNS))]
        backs = [r for r in turned if r[0][0] == BACK]
        if not backs:
            continue
        best = max(backs, key=lambda r: r[0][1])
        if best[0][1] > named[i][1][0][1]:
            out[i] = (named[i][0], list(best))
    return out
