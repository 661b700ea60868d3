"""A concealed kong's face-down tiles that no detector boxed, looked for where the kong's shown faces say they lie.

Why: a Hong Kong concealed kong shows two equal faces with its two face-down tiles either at both ends (back, face,
face, back) or between them (face, back, back, face). A back of a colour the detectors never learnt, in dim light,
may get no box at all (on synthetic concealed kongs of held-out back colours, most face-down counts still wrong
were backs never boxed, which the classifier reads as backs when shown them). The shown faces fix where those
tiles must lie: one tile pitch beyond each end of two equal faces laid side by side with nothing beside them, or the
two places between two equal faces laid two places apart with nothing between. Each such place is cut out and
read; the places count as face-down tiles only when the classifier is sure each is a back (``FAINT_MIN_PROB``, as
for any box only one detector saw) and the table just beyond the kong's ends is not read as surely: a cloth the
classifier takes for backs (green felt can read as a green back) reads so beyond the kong too, where a kong's backs
end.

Two faces are equal when their first readings agree, or when one is read unsurely and the other's face is among
its first three readings (``SAME_FACE_READINGS``): a face of unfamiliar art is often misread while the other end of
its kong is read right (a 9s read 6s at 0.22 beside a 9s). A face read surely is that face: at 640 px a 7m read
surely, 9m its second reading, took a phantom back beside a 9m. One of the places may already hold a tile read as a
back (the detectors boxed one of the two): the other place is read as above. Not a tile read as a blank white
dragon with ``back`` second, though it may be a back of an unfamiliar colour: on hk-photos such a white dragon
beside a pair, or between two equal faces with a tray's dark divider beside it, took a phantom back.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from sikwu.vision.assign import LOW_CONFIDENCE
from sikwu.vision.kong_backs import as_back, level_pairs, side_by_side
from sikwu.vision.labels import BACK, NOT_A_TILE
from sikwu.vision.naming import FAINT_MIN_PROB, Classifier, Named, name_quads
from sikwu.vision.quads import overlap, quad_size

#: A place is free when no tile found covers more than this share of it (or of the tile).
FREE_OVERLAP = 0.3
#: Two equal faces with a kong's middle pair between them: centres this many tile widths apart.
MIDDLE_SPAN = (2.6, 3.6)
#: Two faces may be one tile when a face is among the first this many readings of both: the three a player is shown.
#: The classifier's fourth and fifth readings are near zero and shared by unrelated tiles (on hk-photos, a 6s and a
#: 2p of one row took a phantom back between them).
SAME_FACE_READINGS = 3


def _faces(pred: Sequence[tuple[str, float]]) -> frozenset[str]:
    """The faces a tile may show: its first reading when the classifier is sure of it (``assign.LOW_CONFIDENCE``, as
    sure as a tile the player is not asked to check), else the faces among its first ``SAME_FACE_READINGS``
    readings; none when its first reading is no face."""
    if pred[0][0] in (BACK, NOT_A_TILE):
        return frozenset()
    if pred[0][1] >= LOW_CONFIDENCE:
        return frozenset({pred[0][0]})
    return frozenset(label for label, _ in pred[:SAME_FACE_READINGS] if label not in (BACK, NOT_A_TILE))


class _Found:
    """The tiles found, with each one's quad and axis-aligned extent (x0, y0, x1, y1) to find those near a place
    without measuring its overlap with every tile of the photo."""

    def __init__(self, tiles: Sequence[Named]) -> None:
        self.quads = [np.asarray(q, np.float32) for q, _ in tiles]
        self.preds = [p for _, p in tiles]
        pts = np.stack(self.quads) if self.quads else np.zeros((0, 4, 2), np.float32)
        self.extent = np.concatenate([pts.min(axis=1), pts.max(axis=1)], axis=1)

    def covering(self, place: np.ndarray) -> list[int]:
        """The tiles covering more than ``FREE_OVERLAP`` of a place (or of themselves)."""
        lo, hi = place.min(axis=0), place.max(axis=0)
        e = self.extent
        near = np.flatnonzero((e[:, 0] < hi[0]) & (e[:, 2] > lo[0]) & (e[:, 1] < hi[1]) & (e[:, 3] > lo[1]))
        return [int(i) for i in near if overlap(place, self.quads[i]) > FREE_OVERLAP]


def _open(place: np.ndarray, found: _Found, shape: tuple[int, ...]) -> bool | None:
    """True when a place is inside the photo and no tile found covers it; False when a tile read as a back covers
    it; None when it is outside the photo or another tile covers it."""
    if not _inside([place], shape):
        return None
    covering = found.covering(place)
    if not covering:
        return True
    return False if len(covering) == 1 and found.preds[covering[0]][0][0] == BACK else None


def _inside(places: list[np.ndarray], shape: tuple[int, ...]) -> list[np.ndarray]:
    h, w = shape[:2]
    return [p for p in places if p[:, 0].min() >= 0 and p[:, 1].min() >= 0 and p[:, 0].max() < w and p[:, 1].max() < h]


#: Where a kong's face-down tiles must lie (those no tile covers), and the places just beyond its ends.
Pattern = tuple[list[np.ndarray], list[np.ndarray]]


def _open_places(places: list[np.ndarray], found: _Found, shape: tuple[int, ...]) -> list[np.ndarray] | None:
    """The places no tile covers, when every place is open or holds a tile read as a back and at least one is
    open; else None."""
    state = []
    for p in places:
        state.append(_open(p, found, shape))
        if state[-1] is None:
            return None
    return [p for p, s in zip(places, state, strict=True) if s] or None


def _places(tiles: Sequence[Named], shape: tuple[int, ...]) -> list[Pattern]:
    """For each pattern of shown faces, the places its face-down tiles must lie that no tile covers, and the places
    just beyond the kong's two ends (those inside the photo)."""
    found = _Found(tiles)
    quads, preds = found.quads, found.preds
    turned = [q[:, ::-1] for q in quads]  # a row running down the photo
    in_line = side_by_side(quads) | side_by_side(turned)
    level = level_pairs(quads) | level_pairs(turned)  # two tiles of one row
    centre = np.array([q.mean(axis=0) for q in quads])
    width = np.array([min(quad_size(q)) for q in quads])
    faces = [_faces(p) for p in preds]
    out: list[Pattern] = []
    for a, b in zip(*np.nonzero(np.triu(in_line | level, 1)), strict=True):
        if not faces[a] & faces[b]:
            continue
        step = centre[b] - centre[a]
        if in_line[a, b]:  # shown side by side: the face-down tiles at both ends
            ends = _open_places([quads[a] - step, quads[b] + step], found, shape)
            if ends:
                out.append((ends, _inside([quads[a] - 2 * step, quads[b] + 2 * step], shape)))
        elif MIDDLE_SPAN[0] <= float(np.linalg.norm(step)) / ((width[a] + width[b]) / 2) <= MIDDLE_SPAN[1]:
            middle = _open_places([quads[a] + step / 3, quads[a] + 2 * step / 3], found, shape)
            if middle:
                out.append((middle, _inside([quads[a] - step / 3, quads[b] + step / 3], shape)))
    return out


def hidden_backs(tiles: Sequence[Named], pixels: np.ndarray, clf: Classifier) -> list[Named]:
    """The face-down tiles of concealed kongs whose shown faces were found but whose backs no detector boxed: quads at
    the places the faces fix, read as sure backs by the classifier, each with ``back`` as its only reading."""
    patterns = _places(tiles, pixels.shape)
    if not patterns:
        return []
    named = iter(name_quads(pixels, [p for places, beyond in patterns for p in (*places, *beyond)], clf))
    out: list[Named] = []
    for places, beyond in patterns:
        reads = [next(named) for _ in places]
        outside = [next(named) for _ in beyond]
        backs = all(p[0][0] == BACK and p[0][1] >= FAINT_MIN_PROB for _, p in reads)
        if backs and not any(p[0][0] == BACK and p[0][1] >= FAINT_MIN_PROB for _, p in outside):
            out += [(q, as_back(p)) for q, p in reads]
    return out
