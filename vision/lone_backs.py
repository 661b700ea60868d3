"""A tile read as a back between two faces of a row is a face: no concealed kong puts a back there.

Why: face-down tiles in a Hong Kong hand laid out to score are the two backs of a concealed kong, laid either at the
kong's ends (back, face, face, back) or in its middle (face, back, back, face). So a back lies beside another back,
or beside a pair of equal faces that is its kong's. A tile read as a back with a sure face on each side (one the
classifier does not also read as a back) in a row of touching tiles, and neither side's faces a pair, is no kong's
back: it is a face the classifier could not tell from a back, such as a blank white dragon, read ``back`` first and
``5z`` second on hk-photos (its other blanks in the same photo read right). Such a tile is read as its best face
reading, and marked changed so the player is asked to check it. A back with no face beside it (a wall, a heap, a
discard) is left as it is.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from sikwu.vision.kong_backs import TopK, could_be_back, line_runs, side_by_side
from sikwu.vision.labels import BACK, NOT_A_TILE

#: How many of a tile's first readings are compared to call two neighbours a pair, and how far down a back's
#: readings its face may be (the first reading is ``back``; its face, when it is one, comes next).
PAIR_READINGS, FACE_READING = 2, 2


def _faces(pred: TopK, n: int) -> set[str]:
    return {label for label, _ in pred[:n] if label not in (BACK, NOT_A_TILE)}


def _is_face(pred: TopK) -> bool:
    """Surely a face: read first as one, with ``back`` not its second reading (a back of an unfamiliar colour can
    read as a blank white dragon, ``back`` second: then it may be the other back of a kong's pair)."""
    return pred[0][0] not in (BACK, NOT_A_TILE) and not could_be_back(pred)


def _pair(preds: Sequence[TopK], a: int, b: int) -> bool:
    """Two faces that may be one tile: a face among the first readings of both."""
    shared = _faces(preds[a], PAIR_READINGS) & _faces(preds[b], PAIR_READINGS)
    return _is_face(preds[a]) and _is_face(preds[b]) and bool(shared)


def _between_faces(run: list[int], preds: Sequence[TopK]) -> list[int]:
    out = []
    for k in range(1, len(run) - 1):
        me, left, right = run[k], run[k - 1], run[k + 1]
        if preds[me][0][0] != BACK or not _faces(preds[me], FACE_READING):
            continue
        if not (_is_face(preds[left]) and _is_face(preds[right])):
            continue
        kong_left = k >= 2 and _pair(preds, run[k - 2], left)
        kong_right = k + 2 < len(run) and _pair(preds, right, run[k + 2])
        if not (kong_left or kong_right):
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
