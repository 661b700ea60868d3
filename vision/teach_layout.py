"""Where each tile of a set laid out in order lies: the photo's tiles in reading order, with a place left for each
tile the detector missed, so one missed tile does not shift every later tile's name (``vision.teach``)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from sikwu.scoring.tiles import TILE_IDS

#: The order of a set laid out in order, read row by row: characters 1-9, dots 1-9, bamboo 1-9, winds (east, south,
#: west, north), dragons (white, green, red), flowers 1-4, seasons 1-4 -- the canonical ids' order.
LAID_OUT_ORDER: tuple[str, ...] = TILE_IDS
#: A photo of this many tiles laid out in order is a set without flowers and seasons (``LAID_OUT_ORDER``'s first 34).
NO_BONUS_TILES = 34


def laid_out_faces(tiles: int) -> tuple[str, ...]:
    """The faces a photo of this many tiles laid out in order shows: the whole set, or one without flowers and
    seasons (``NO_BONUS_TILES``)."""
    return LAID_OUT_ORDER[:NO_BONUS_TILES] if tiles == NO_BONUS_TILES else LAID_OUT_ORDER


def in_reading_order(items: Sequence[np.ndarray], quads: Sequence[np.ndarray]) -> list[np.ndarray]:
    """The items (crops, or the quads themselves) in reading order of their quads (rows top to bottom, each left to
    right: ``vision.layout``)."""
    return [items[i] for row in _rows(quads) for i in row]


def _rows(quads: Sequence[np.ndarray]) -> list[list[int]]:
    from sikwu.vision.layout import reading_rows

    return reading_rows([np.asarray(q, np.float32) for q in quads])


#: A gap between two tiles of a row this many tile pitches wide or more holds a tile the photo's detection missed.
GAP_PITCHES = 1.6


def places(quads: Sequence[np.ndarray], expected: int) -> list[int | None]:
    """The quads in the places of a laid-out set, None where a tile is missing: in reading order, with a place
    inserted for each gap a tile wide inside a row, or at the start of a row that begins a tile or more after the
    leftmost row (rows are laid from one edge). Used only when that gives exactly ``expected`` places; else the quads
    in reading order as they are (the caller refuses a wrong count). Why: one tile the detector misses would shift
    every later tile's name by one place; a gap shows where it lies."""
    rows = _rows(quads)
    order: list[int | None] = [i for row in rows for i in row]
    if len(quads) >= expected:
        return order
    xs = [np.asarray(q, np.float64).mean(axis=0)[0] for q in quads]
    steps = [xs[b] - xs[a] for row in rows for a, b in zip(row, row[1:], strict=False)]
    if not steps:
        return order
    pitch = float(np.median(steps))
    left = min(xs[row[0]] for row in rows)
    out: list[int | None] = []
    for row in rows:
        out += [None] * int(round((xs[row[0]] - left) / pitch))
        for a, b in zip(row, row[1:], strict=False):
            out.append(a)
            gap = (xs[b] - xs[a]) / pitch
            out += [None] * (int(round(gap)) - 1 if gap >= GAP_PITCHES else 0)
        out.append(row[-1])
    return out if len(out) == expected else order
