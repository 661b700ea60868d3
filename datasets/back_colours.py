"""Back colours of tile sets: the named colours of real sets, the bands kept held out, and the training draws.

Why a continuous draw: a detector and classifier that saw nine back colours learn those nine, not "a face-down
tile" (the failure analysis on held-out scenes found half the backs given no box, purple ones scoring 0.02). So
training draws most backs from a continuous range of hue, saturation and value. Why bands: concealed-kong counts
are measured on back colours no model saw (``HELDOUT_NAMES``: pink and purple). Every training colour, named or
drawn, lies outside the bands around those colours (``HELDOUT_BANDS``), so they stay unseen. A band is a box in HSV
(hue in degrees, wrapping through 0; saturation and value in [0, 1]) that holds every jittered held-out colour with
a margin.

Pale backs (low saturation, bright) are drawn apart (``pale``) for the classifier, which read pale backs as a blank
white dragon. Drawn colours keep out of ``IVORY_BAND``, the colour of a tile face, where a back could not be told
from a blank face by colour alone (the named ``white`` backs carry an emblem instead). Colours are BGR float32.
"""

from __future__ import annotations

import colorsys
from dataclasses import dataclass

import numpy as np

#: Back colours (BGR) of real sets. ``white`` backs carry a faint emblem, as white-backed sets do.
NAMED: dict[str, tuple[int, int, int]] = {
    "green": (60, 130, 30),
    "dark-green": (45, 80, 20),
    "blue": (170, 100, 30),
    "navy": (90, 40, 20),
    "yellow": (40, 190, 230),
    "orange": (30, 120, 230),
    "red": (40, 40, 190),
    "pink": (170, 140, 230),
    "purple": (130, 50, 110),
    "white": (225, 228, 230),
}
#: Back colours kept out of training so concealed-kong counts can be measured on colours never seen.
HELDOUT_NAMES = ("pink", "purple")
TRAIN_NAMES = tuple(c for c in NAMED if c not in HELDOUT_NAMES)
#: The name of a back drawn from the continuous range (any hue outside the held-out bands).
ANY_HUE = "any-hue"
#: Share of training sets whose back is drawn from the continuous range when it is offered with named colours.
ANY_HUE_SHARE = 0.5
#: Per-channel jitter of a named colour: one set's green is not another's.
JITTER = (0.85, 1.12)
#: Continuous range of training backs, and of pale backs.
ANY_SAT, ANY_VAL = (0.12, 0.95), (0.25, 0.95)
PALE_SAT, PALE_VAL = (0.12, 0.35), (0.75, 0.97)


@dataclass(frozen=True)
class Band:
    """A box in HSV: hue in degrees (``lo > hi`` wraps through 0), saturation and value in [0, 1]."""

    hue: tuple[float, float]
    sat: tuple[float, float]
    val: tuple[float, float]

    def holds(self, bgr: np.ndarray | tuple[float, float, float]) -> bool:
        h, s, v = hsv(bgr)
        lo, hi = self.hue
        in_hue = lo <= h <= hi if lo <= hi else (h >= lo or h <= hi)
        return in_hue and self.sat[0] <= s <= self.sat[1] and self.val[0] <= v <= self.val[1]


#: Every jittered pink lies in hue 304-14, saturation 0.20-0.53, value 0.77-1; every purple in hue 265-311,
#: saturation 0.49-0.71, value 0.43-0.57. The bands add a wide margin around both (a photo's light shifts hue).
HELDOUT_BANDS: dict[str, Band] = {
    "pink": Band((280.0, 35.0), (0.08, 0.65), (0.60, 1.0)),
    "purple": Band((250.0, 325.0), (0.38, 0.85), (0.30, 0.70)),
}
#: The ivory of tile faces (warm white): a drawn back never takes it.
IVORY_BAND = Band((15.0, 75.0), (0.0, 0.30), (0.70, 1.0))


def hsv(bgr: np.ndarray | tuple[float, float, float]) -> tuple[float, float, float]:
    """(hue in degrees, saturation, value) of a BGR colour in 0-255."""
    b, g, r = (float(c) / 255.0 for c in bgr)
    h, s, v = colorsys.rgb_to_hsv(min(1.0, r), min(1.0, g), min(1.0, b))
    return h * 360.0, s, v


def held_out(bgr: np.ndarray | tuple[float, float, float]) -> bool:
    """True when the colour lies in a held-out band: training never draws it."""
    return any(band.holds(bgr) for band in HELDOUT_BANDS.values())


def _from_hsv(h: float, s: float, v: float) -> np.ndarray:
    r, g, b = colorsys.hsv_to_rgb(h / 360.0, s, v)
    return np.array([b * 255.0, g * 255.0, r * 255.0], np.float32)


def _drawn(rng: np.random.Generator, sat: tuple[float, float], val: tuple[float, float]) -> np.ndarray:
    """A colour of any hue in the given saturation and value ranges, outside the held-out bands and ivory."""
    while True:  # the bands and ivory cover a small part of the range: a few draws at most
        bgr = _from_hsv(rng.uniform(0.0, 360.0), rng.uniform(*sat), rng.uniform(*val))
        if not held_out(bgr) and not IVORY_BAND.holds(bgr):
            return bgr


def any_hue(rng: np.random.Generator) -> np.ndarray:
    """A training back of any hue, saturation and value in the continuous range."""
    return _drawn(rng, ANY_SAT, ANY_VAL)


def pale(rng: np.random.Generator) -> np.ndarray:
    """A pale training back (pastel blue, green, lilac...): the colours the classifier mistook for a blank face."""
    return _drawn(rng, PALE_SAT, PALE_VAL)


def named(name: str, rng: np.random.Generator) -> np.ndarray:
    """A named colour, jittered per channel; a training colour's jitter is redrawn while it lands in a band (a
    white back tinted pink would be a held-out pink)."""
    base = np.array(NAMED[name], np.float32)
    for _ in range(100):
        bgr = np.clip(base * rng.uniform(*JITTER, 3), 0, 255).astype(np.float32)
        if name in HELDOUT_NAMES or not held_out(bgr):
            return bgr
    return base


def pick_name(rng: np.random.Generator, names: tuple[str, ...]) -> str:
    """One of ``names``; ``ANY_HUE``, when offered beside named colours, is picked ``ANY_HUE_SHARE`` of the time."""
    rest = [n for n in names if n != ANY_HUE]
    if ANY_HUE in names and (not rest or rng.random() < ANY_HUE_SHARE):
        return ANY_HUE
    return str(rest[int(rng.integers(len(rest)))])


def draw(name: str, rng: np.random.Generator) -> np.ndarray:
    """The back colour (BGR float32) of a set whose back is ``name`` (a named colour or ``ANY_HUE``)."""
    return any_hue(rng) if name == ANY_HUE else named(name, rng)


def training(rng: np.random.Generator) -> np.ndarray:
    """A training back: half the time a named training colour, else one from the continuous range."""
    return draw(pick_name(rng, (*TRAIN_NAMES, ANY_HUE)), rng)
