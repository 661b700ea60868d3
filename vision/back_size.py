"""A tile read as face down but far smaller than the faces beside it is no tile.

Why: a face-down tile has the outline of the face-up tiles of its set, and tiles lying near one another are seen at
about one distance, so their sizes in the photo differ little (a photo's perspective changes a tile's side by far
less than half between neighbours). A cloth's small light squares, seen closer when the tiles look small
(``vision.zoom``), were boxed one by one and read as backs, surely: on a woven table, 26 backs in one photo, each
under a tenth of a tile's area. A face keeps its reading whatever its size (a face can be read; a plain patch of
colour is a back to the classifier), so only backs are judged, against the faces nearest them.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from sikwu.vision.labels import BACK
from sikwu.vision.naming import Named
from sikwu.vision.quads import area

#: A back is judged against this many faces nearest it, and only in a photo with at least this many faces.
NEIGHBOURS = 3
#: ... and is no tile when its area is under this share of theirs (median): half a tile's side.
MIN_AREA_SHARE = 0.25


def undersized_backs(tiles: Sequence[Named]) -> list[int]:
    """Indices of the tiles read as ``back`` whose area is under ``MIN_AREA_SHARE`` of the median area of the
    ``NEIGHBOURS`` tiles read as faces nearest them."""
    faces = [i for i, (_, p) in enumerate(tiles) if p[0][0] != BACK]
    if len(faces) < NEIGHBOURS:
        return []
    centres = np.array([np.asarray(tiles[i][0], np.float64).mean(axis=0) for i in faces])
    areas = np.array([area(np.asarray(tiles[i][0])) for i in faces])
    out = []
    for i, (q, p) in enumerate(tiles):
        if p[0][0] != BACK:
            continue
        near = np.argsort(np.linalg.norm(centres - np.asarray(q, np.float64).mean(axis=0), axis=1))[:NEIGHBOURS]
        if area(np.asarray(q)) < MIN_AREA_SHARE * float(np.median(areas[near])):
            out.append(i)
    return out


def without_undersized_backs(tiles: list[Named]) -> list[Named]:
    """``tiles`` less the backs far smaller than the faces beside them (``undersized_backs``)."""
    drop = set(undersized_backs(tiles))
    return [t for i, t in enumerate(tiles) if i not in drop] if drop else tiles
