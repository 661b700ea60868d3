"""Assemble stage: named candidates -> the tiles of the photo, each once, in reading order, with assigned ids.

Candidates from two sources, or from two views of one place, can overlap: duplicates, boxes straddling two tiles
and scraps are dropped first (``consistent``).  The kept tiles are laid out in rows and groups (``vision.layout``),
their ids assigned under the tile-set counts and, when asked, the winning-hand shape (``vision.assign``), after
the face-down tiles of groups shaped like a concealed kong are read as backs (``vision.kong_backs``) and a back
between two faces where no kong could put one as a face (``vision.lone_backs``), and their quads mapped back to the
original photo's pixels.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from sikwu.vision.assign import LOW_CONFIDENCE, Assignment, assign, rounded_top3
from sikwu.vision.calibration import Calibration
from sikwu.vision.classifier import distances
from sikwu.vision.io import LoadedImage
from sikwu.vision.kong_backs import as_back, kong_backs
from sikwu.vision.labels import BACK, NOT_A_TILE
from sikwu.vision.layout import layout
from sikwu.vision.lone_backs import as_face, faces_between
from sikwu.vision.naming import Named
from sikwu.vision.quads import area, intersection, quad_box
from sikwu.vision.result import RecognizedTile

#: Two candidates covering more than this fraction of the smaller one are one tile (the more confident stays).
DUPLICATE_OVERLAP = 0.5
#: A less confident candidate this much covered by the more confident ones together straddles two tiles (a box
#: between two touching tiles, each half a tile); it is dropped.
STRADDLE_COVER = 0.8
#: Candidates smaller than this fraction of the photo's median tile area are scraps, not tiles.
MIN_RELATIVE_AREA = 0.3


def _own_face(tile: Named, tiles: list[Named], kept: list[int], inters: list[float]) -> bool:
    """Whether a candidate the kept tiles cover shows a face of its own: named surely (not flagged to check) as a
    face none of the tiles over it is named. Why: a box straddling two touching tiles is their halves, read unsurely
    or as the face of the half it sees most; a tile in a pile is covered as much by its neighbours' boxes (axis-aligned
    boxes of turned tiles overlap far more than the tiles), yet read surely as itself (held-out IMG_27xx photos: three
    piled tiles read 0.86-0.92 as faces no neighbour had, dropped as straddling)."""
    label, prob = tile[1][0]
    if prob < LOW_CONFIDENCE or label in (BACK, NOT_A_TILE):
        return False
    return all(tiles[j][1][0][0] != label for j, a in zip(kept, inters, strict=True) if a > 0)


@dataclass(frozen=True)
class Assembled:
    tiles: tuple[RecognizedTile, ...]
    assignment: Assignment


def consistent(tiles: list[Named]) -> list[Named]:
    """Drop duplicates (two candidates over the same tile: keep the more confident), candidates straddling two
    tiles that are both named more confidently (a detector box between two touching tiles), and slivers much
    smaller than the photo's typical tile (bright scraps at the photo's edge, a bevel cut off a block)."""
    if not tiles:
        return tiles
    areas = np.array([area(q) for q, _ in tiles])
    order = sorted(range(len(tiles)), key=lambda i: -tiles[i][1][0][1])
    kept: list[int] = []
    for i in order:
        q = tiles[i][0]
        inters = [intersection(q, tiles[j][0]) for j in kept]
        smaller = [min(areas[i], areas[j]) for j in kept]
        if any(a > DUPLICATE_OVERLAP * s for a, s in zip(inters, smaller, strict=True)):
            continue
        if areas[i] > 0 and sum(inters) > STRADDLE_COVER * areas[i] and not _own_face(tiles[i], tiles, kept, inters):
            continue
        kept.append(i)
    if len(kept) >= 5:
        typical = float(np.median(areas[kept]))
        kept = [i for i in kept if areas[i] >= MIN_RELATIVE_AREA * typical]
    return [tiles[i] for i in sorted(kept)]


def assemble(
    chosen: list[Named], image: LoadedImage, *, winning: bool, calibration: Calibration | None = None
) -> Assembled:
    """The chosen tiles in reading order with their assigned ids, quads in the original photo's pixels.

    With a ``calibration`` (``vision.calibration``) the reported confidence and top three are calibrated and a tile
    whose calibrated best reading is under its threshold is marked unknown; the decisions before (which candidates
    are tiles, which ids the set allows) stay on the classifier's own probabilities."""
    placements = layout([q for q, _ in chosen])
    order = sorted(range(len(chosen)), key=lambda i: placements[i].order)
    chosen = [chosen[i] for i in order]
    placements = [placements[i] for i in order]
    preds = [p for _, p in chosen]
    down = set(kong_backs([p.group for p in placements], preds))
    up = set(faces_between([q for q, _ in chosen], preds)) - down
    given = [as_back(p) if i in down else as_face(p) if i in up else p for i, p in enumerate(preds)]
    assignment = assign(given, winning=winning)
    tiles = []
    for i, ((q, pred), place, got) in enumerate(zip(chosen, placements, assignment.tiles, strict=True)):
        q_orig = image.to_original(q)
        confidence, top3, unknown = got.confidence, got.top3, False
        if i in down or i in up:  # the classifier's own readings, for the player checking the layout's
            top3 = rounded_top3(pred)
        if calibration is not None:
            readings = calibration.recalibrate(pred)
            confidence = dict(readings).get(got.id, confidence)
            top3 = tuple(readings[:3])
            unknown = calibration.unknown_below is not None and readings[0][1] < calibration.unknown_below
            unknown = unknown or bool(calibration.is_foreign(distances([pred]), 1)[0])
        tiles.append(
            RecognizedTile(
                id=got.id,
                confidence=confidence,
                top3=top3,
                quad=q_orig,
                box=quad_box(q_orig),
                group=place.group,
                row=place.row,
                changed=got.changed or i in down or i in up,
                low_confidence=got.low_confidence,
                unknown=unknown,
            )
        )
    return Assembled(tiles=tuple(tiles), assignment=assignment)
