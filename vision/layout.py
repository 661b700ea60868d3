"""Group found tiles into rows and gap-separated groups, in reading order.

Why: players lay the concealed hand in one row and set exposed melds (three or four tiles) and flowers apart with a
visible gap; the app proposes melds and bonus tiles from these groups.  Rows are found by clustering tile centres
along the direction perpendicular to the rows (estimated from the tiles' own orientation, so a photo taken at an
angle still reads as rows); within a row a gap wider than about a third of a tile starts a new group.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

#: A gap between neighbouring tiles wider than this fraction of the tile width separates groups.
GROUP_GAP = 0.35
#: Centres closer than this fraction of the tile height (across the row) belong to the same row.
ROW_TOLERANCE = 0.6


@dataclass(frozen=True)
class Placement:
    """Reading-order position of one tile: ``order`` (0-based), ``row`` and ``group`` indices."""

    order: int
    row: int
    group: int


def _row_direction(quads: list[np.ndarray]) -> np.ndarray:
    """Unit vector along rows: the mean direction of the tiles' short (top) edges, pointing right."""
    v = np.zeros(2)
    for q in quads:
        e = q[1] - q[0]
        if np.hypot(*e) < 1e-6:
            continue
        e = e / np.hypot(*e)
        # tiles may be turned 90/180 degrees: fold every edge direction into the right half-plane, modulo 90
        ang = np.arctan2(e[1], e[0])
        ang = (ang + np.pi / 4) % (np.pi / 2) - np.pi / 4
        v += (np.cos(ang), np.sin(ang))
    if np.hypot(*v) < 1e-6:
        return np.array([1.0, 0.0])
    return v / np.hypot(*v)


def layout(quads: list[np.ndarray]) -> list[Placement]:
    """Reading-order placement of each quad (same order as ``quads``)."""
    n = len(quads)
    if n == 0:
        return []
    qs = [np.asarray(q, dtype=np.float64).reshape(4, 2) for q in quads]
    along = _row_direction(qs)
    across = np.array([-along[1], along[0]])
    centres = np.array([q.mean(axis=0) for q in qs])
    u = centres @ along
    v = centres @ across
    # extents of each tile along / across the row direction
    ext_along = np.array([np.ptp(q @ along) for q in qs])
    ext_across = np.array([np.ptp(q @ across) for q in qs])
    tile_h = float(np.median(ext_across))
    order = np.argsort(v)
    rows: list[list[int]] = []
    row_v: list[float] = []
    for i in order:
        if rows and abs(v[i] - row_v[-1]) <= ROW_TOLERANCE * tile_h:
            rows[-1].append(int(i))
            row_v[-1] = float(np.mean(v[rows[-1]]))
        else:
            rows.append([int(i)])
            row_v.append(float(v[i]))
    placements: dict[int, Placement] = {}
    k = 0
    group = -1
    for r, members in enumerate(rows):
        members.sort(key=lambda i: u[i])
        prev = None
        for i in members:
            if prev is None:
                group += 1
            else:
                gap = (u[i] - ext_along[i] / 2) - (u[prev] + ext_along[prev] / 2)
                width = min(ext_along[i], ext_along[prev])
                if gap > GROUP_GAP * width:
                    group += 1
            placements[i] = Placement(order=k, row=r, group=group)
            k += 1
            prev = i
    return [placements[i] for i in range(n)]


def reading_rows(quads: list[np.ndarray]) -> list[list[int]]:
    """Indices of the quads row by row, each row in reading order (``layout``'s rows and order)."""
    placements = layout(quads)
    rows: dict[int, list[int]] = {}
    for i in sorted(range(len(quads)), key=lambda i: placements[i].order):
        rows.setdefault(placements[i].row, []).append(i)
    return list(rows.values())
