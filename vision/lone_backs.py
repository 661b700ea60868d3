"""A tile read as a back between two faces of a row is a face when no concealed kong could put a back there.

Why: face-down tiles in a Hong Kong hand laid out to score are the two backs of a concealed kong, laid either at the
kong's ends (back, face, face, back) or in its middle (face, back, back, face). So a kong's back has, on one side,
a pair of equal faces and past them its other back (or the row's end: that back may be out of the photo or
missed), or another tile that could be a back, the two between equal faces. A tile read as a back with a tile read
as a face on each side in a row of touching tiles, and no such kong around it, is a face the classifier could not
tell from a back, such as a blank white dragon, read ``back`` first and ``5z`` second on hk-photos (its other
blanks in the same photo read right; in a set laid out in a grid a blank can stand beside blanks, or beside a pair
of equal faces with a third face past them). When the back's face reading is a blank white dragon, the same holds
for two backs side by side between faces that are not a pair (no kong's middle: two blanks side by side in a set
laid out in a grid). Such a tile is read as its best face reading, and marked changed so the player is asked to
check it. A back with no face beside it, or one of three or more backs in a row (a wall, a heap, a discard), is left
as it is.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from sikwu.vision.kong_backs import TopK, could_be_back, line_runs, side_by_side
from sikwu.vision.labels import BACK, NOT_A_TILE

#: The blank white dragon: a bare ivory face, the face a back is mistaken for (and the other way round).
BLANK = "5z"

#: How many of a tile's first readings are compared to call two neighbours a pair, and how far down a back's
#: readings its face may be (the first reading is ``back``; its face, when it is one, comes next).
PAIR_READINGS, FACE_READING = 2, 2


def _faces(pred: TopK, n: int) -> set[str]:
    return {label for label, _ in pred[:n] if label not in (BACK, NOT_A_TILE)}


def _reads_face(pred: TopK) -> bool:
    """Read first as a face (a blank white dragon may have ``back`` second; it is still read as a face)."""
    return pred[0][0] not in (BACK, NOT_A_TILE)


def _pair(preds: Sequence[TopK], a: int, b: int) -> bool:
    """Two tiles read as faces that may be one tile: a face among the first readings of both."""
    shared = _faces(preds[a], PAIR_READINGS) & _faces(preds[b], PAIR_READINGS)
    return _reads_face(preds[a]) and _reads_face(preds[b]) and bool(shared)


def _kong_back(run: list[int], k: int, preds: Sequence[TopK]) -> bool:
    """Whether a concealed kong could put a back at place ``k`` of the run: at its end, beside a pair of equal
    faces with a back (or the run's end, where a back may be out of the photo or missed) past the pair; or in its
    middle, beside another tile that could be a back, the two between equal faces."""
    n = len(run)

    def back_or_gone(j: int) -> bool:
        return not 0 <= j < n or could_be_back(preds[run[j]])

    def possible_back(j: int) -> bool:
        return 0 <= j < n and could_be_back(preds[run[j]])

    def pair(i: int, j: int) -> bool:
        return 0 <= i < n and 0 <= j < n and _pair(preds, run[i], run[j])

    at_end = (pair(k + 1, k + 2) and back_or_gone(k + 3)) or (pair(k - 2, k - 1) and back_or_gone(k - 3))
    in_middle = (possible_back(k + 1) and pair(k - 1, k + 2)) or (possible_back(k - 1) and pair(k - 2, k + 1))
    return at_end or in_middle


def _backs_run(run: list[int], k: int, preds: Sequence[TopK]) -> tuple[int, int]:
    """(first, last) place of the stretch of tiles read ``back`` first that holds place ``k``."""
    first, last = k, k
    while first > 0 and preds[run[first - 1]][0][0] == BACK:
        first -= 1
    while last < len(run) - 1 and preds[run[last + 1]][0][0] == BACK:
        last += 1
    return first, last


def _among_faces(run: list[int], k: int, preds: Sequence[TopK]) -> bool:
    """Whether the back at place ``k`` lies among faces: one back with a face on each side; or, when its face
    reading is a blank white dragon (the one face that looks like a back), two side by side with a face on each side
    of them. Longer stretches of backs are walls or heaps and are left alone. A back at a row's end beside a face is
    left too: a kong's end back has its pair beside it, and on an unfamiliar set that pair is often misread (turning
    such backs into faces lost a concealed kong's count on held-out art scenes)."""
    first, last = _backs_run(run, k, preds)
    left = first > 0 and _reads_face(preds[run[first - 1]])
    right = last < len(run) - 1 and _reads_face(preds[run[last + 1]])
    if last == first and left and right:
        return True
    if BLANK not in _faces(preds[run[k]], FACE_READING):
        return False
    return last - first == 1 and left and right


def _between_faces(run: list[int], preds: Sequence[TopK]) -> list[int]:
    out = []
    for k in range(len(run)):
        me = run[k]
        if preds[me][0][0] != BACK or not _faces(preds[me], FACE_READING):
            continue
        if _among_faces(run, k, preds) and not _kong_back(run, k, preds):
            out.append(me)
    return out


def faces_between(quads: Sequence[np.ndarray], preds: Sequence[TopK]) -> list[int]:
    """Indices of tiles read as a back (a face second) that lie between two faces in a run of touching tiles, with
    no pair of equal faces beside them on either side. Runs across the photo and down it."""
    quads = [np.asarray(q, np.float64) for q in quads]
    out: set[int] = set()
    for laid in (quads, [q[:, ::-1] for q in quads]):
        for run in line_runs(laid, side_by_side(laid)):
            out.update(_between_faces(run, preds))
    return sorted(out)


def as_face(pred: TopK) -> list[tuple[str, float]]:
    """The tile's readings without ``back``: its best face first."""
    return [(label, p) for label, p in pred if label != BACK]
