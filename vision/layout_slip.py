"""Whether the names of a set laid out in order have slipped along a run of places.

Why: in-order teaching names each tile by its place, so the count of tiles found must match the places; but a box the
detector puts across two tiles, or on the table, can stand in for a tile it missed and the count still matches. Every
name between the two then slips by a place, and the set learns a run of faces under their neighbours' names: on a
woven table, a set taught that way read 6 of 74 tiles right where the shipped models read 51. The classifier cannot
be trusted to name an unfamiliar set's tiles (that is why the set is laid out in order), but a run of consecutive
places each read surely as the face the same few places away is no misreading of unfamiliar art: it is the layout
read off by a tile.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

#: A run of at least this many consecutive places, each read as the face the same number of places away, is a slip.
#: Two neighbours can be misread as each other's neighbour by chance (characters one, two and three differ by a
#: stroke); three in a row, each off by the same places, in none of the 41 correctly read layouts of bench_own_table.
SLIP_RUN = 3
#: ... and that number is at most this: one missing or extra tile shifts later names by one place, two by two.
MAX_SHIFT = 2


@dataclass(frozen=True)
class Slip:
    """A run of places whose tiles read as the face ``shift`` places away (negative: an earlier place's face)."""

    first: str  # the face of the run's first place
    last: str  # the face of its last place
    shift: int


def slipped(faces: Sequence[str], sure: Sequence[str | None]) -> Slip | None:
    """The longest slipped run (``SLIP_RUN`` places or more), or None. ``faces`` are the places' faces in order;
    ``sure[k]`` is the face the classifier surely reads at place ``k`` (None where it is not sure)."""
    where = {face: k for k, face in enumerate(faces)}
    shifts = [_shift(k, reading, where) for k, reading in enumerate(sure)]
    best: tuple[int, int] = (0, 0)  # (start, length)
    start = 0
    for k in range(1, len(shifts) + 1):
        if k == len(shifts) or shifts[k] is None or shifts[k] != shifts[start]:
            if shifts[start] is not None and k - start > best[1]:
                best = (start, k - start)
            start = k
    first, length = best
    if length < SLIP_RUN:
        return None
    shift = shifts[first]
    assert shift is not None
    return Slip(faces[first], faces[first + length - 1], shift)


def _shift(k: int, reading: str | None, where: dict[str, int]) -> int | None:
    if reading is None or reading not in where:
        return None
    d = where[reading] - k
    return d if d != 0 and abs(d) <= MAX_SHIFT else None
