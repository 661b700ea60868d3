"""Concealed kongs read from their layout: the two face-down tiles of a group shaped like one are backs.

Why: a Hong Kong concealed kong is laid as a group of four with two tiles face down, either the two in the middle
(face, back, back, face) or the two at the ends (back, face, face, back); the faces shown are the same tile.  A back
of a colour the classifier never learnt can look to it like a blank white dragon or some other face, yet a group
reading ``X Y Y X`` with ``X`` a face is no meld at all (a meld of four is four equal tiles), so when the classifier
itself puts ``back`` first or second for both odd tiles, the layout's evidence decides: they are backs.  The tiles
so read are marked changed, so the player is asked to check them.

The same evidence decides which of the second detector's face-down boxes (``vision.fill_in``) are tiles: that
detector also boxes the felt between spaced tiles, which reads as a green back, so one of its backs counts only
where it makes a group of four shaped like a concealed kong with the tiles already accepted (``kong_completions``),
lies with another sure back as a kong's middle pair beside one of its faces (the other face misread or lost), or
with another at the two ends of two faces laid edge to edge (the faces read apart).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

import numpy as np
from sikwu.vision.labels import BACK, NOT_A_TILE
from sikwu.vision.layout import reading_rows
from sikwu.vision.naming import FAINT_MIN_PROB
from sikwu.vision.quads import quad_size

TopK = Sequence[tuple[str, float]]
#: A tile as recognition names it: its quad and the classifier's top-k (``vision.naming.Named``).
_Tile = TypeVar("_Tile", bound=tuple[np.ndarray, TopK])

#: The face-down tiles' positions in a concealed kong of four, in reading order: the middle two or the ends.
FACE_DOWN_PLACES = ((1, 2), (0, 3))


def could_be_back(pred: TopK) -> bool:
    """``back`` is the classifier's first or second reading of the crop."""
    readings = [label for label, _ in pred if label != NOT_A_TILE]
    return BACK in readings[:2]


def _face_down_places(group: list[int], preds: Sequence[TopK]) -> tuple[int, int] | None:
    """The positions (in the group) of the two face-down tiles of one four-tile group shaped like a concealed kong:
    the two other tiles show one face, and ``back`` is a first or second reading of both; None for any other group."""
    top = [preds[i][0][0] for i in group]
    for down in FACE_DOWN_PLACES:
        up = [k for k in range(4) if k not in down]
        shown = {top[k] for k in up}
        if len(shown) != 1 or BACK in shown or top[down[0]] in shown or top[down[1]] in shown:
            continue
        if all(could_be_back(preds[group[k]]) for k in down):
            return down
    return None


def _kong_backs(group: list[int], preds: Sequence[TopK]) -> list[int]:
    """The members of one four-tile group that lie face down, when the group is shaped like a concealed kong."""
    down = _face_down_places(group, preds)
    return [] if down is None else [group[k] for k in down if preds[group[k]][0][0] != BACK]


def _groups(groups: Sequence[int]) -> list[list[int]]:
    members: dict[int, list[int]] = {}
    for i, g in enumerate(groups):
        members.setdefault(g, []).append(i)
    return list(members.values())


def kong_backs(groups: Sequence[int], preds: Sequence[TopK]) -> list[int]:
    """Indices of tiles (in reading order, with their layout group and classifier top-k) that are the face-down
    tiles of a concealed kong although the classifier's first reading is a face."""
    out: list[int] = []
    for group in _groups(groups):
        if len(group) == 4:
            out += _kong_backs(group, preds)
    return out


def as_back(pred: TopK) -> list[tuple[str, float]]:
    """The crop's only reading: ``back``, at the classifier's probability for it. The layout settled what the tile
    is; the other readings must not come back when the tile-set counts are put right (a back has no count)."""
    return [(label, p) for label, p in pred if label == BACK]


#: Neighbours in a meld are level (share this much of the lower one's height), about one size (boxes within this
#: ratio: a detector's boxes of one tile vary), and at most this share of a tile's width apart (``side_by_side``).
LEVEL_SHARE, SIZE_RATIO, MELD_GAP = 0.7, 1.5, 0.3

#: Neighbours in a laid-out kong touch: centres at most this many tile widths apart (``quads.quad_size``).
KONG_SPACING = 1.5


def _touching(quads: Sequence[np.ndarray]) -> bool:
    """Each tile of a run sits next to the one before it, as the four tiles of a meld are laid."""
    for a, b in zip(quads, quads[1:], strict=False):
        width = (quad_size(a)[0] + quad_size(b)[0]) / 2
        if np.linalg.norm(a.mean(0) - b.mean(0)) > KONG_SPACING * width:
            return False
    return True


def kong_completions(accepted: Sequence[_Tile], backs: Sequence[_Tile]) -> list[_Tile]:
    """The candidate ``backs`` (quad and classifier top-k, first reading ``back``) that lie face down among four
    touching tiles of one row shaped like a concealed kong, once laid out with the ``accepted`` tiles; every other
    candidate is left out. Runs of a row, not the layout's groups: melds laid edge to edge make one group. A row may
    run across the photo or down it (melds laid beside the hand, or a photo taken from the side), so the tiles are
    laid out both ways."""
    if not backs:
        return []
    tiles = [*accepted, *backs]
    preds = [p for _, p in tiles]
    kept: set[int] = set()
    for quads in ([q for q, _ in tiles], [q[:, ::-1] for q, _ in tiles]):
        kept |= _completed(quads, preds, len(accepted))
    return [tiles[i] for i in sorted(kept)]


def _completed(quads: list[np.ndarray], preds: Sequence[TopK], n_accepted: int) -> set[int]:
    """Indices of candidate backs (those from ``n_accepted`` on) that complete a concealed kong in a row of the
    layout of ``quads``."""
    kept: set[int] = set()
    in_kong: set[int] = set()
    in_line = side_by_side(quads)
    for row in reading_rows(quads) + line_runs(quads, in_line):
        for start in range(len(row) - 3):
            run = row[start : start + 4]
            candidates = [k for k, i in enumerate(run) if i >= n_accepted]
            if not candidates or not _touching([quads[i] for i in run]):
                continue
            down = _face_down_places(run, preds)
            if down is not None and all(k in down for k in candidates):
                kept.update(run[k] for k in candidates)
            if down is not None:
                in_kong.update(run)
        kept |= _middle_pairs(row, in_line, preds, n_accepted, in_kong)
        kept |= _end_pairs(row, in_line, preds, n_accepted, in_kong)
    return kept


def _sure_backs(row: list[int], preds: Sequence[TopK], n_accepted: int) -> list[bool]:
    """Which tiles of a row are backs to count on: the classifier's first reading is ``back``, and either the tile
    was accepted already (both detectors boxed it) or the classifier is sure (``naming.FAINT_MIN_PROB``, as for any
    box only one detector saw)."""
    return [preds[i][0][0] == BACK and (i < n_accepted or preds[i][0][1] >= FAINT_MIN_PROB) for i in row]


def _end_pairs(
    row: list[int], in_line: np.ndarray, preds: Sequence[TopK], n_accepted: int, in_kong: set[int]
) -> set[int]:
    """Candidate backs of a row that lie at the two ends of a concealed kong whose shown faces read differently:
    back, face, face, back, each side by side with the next as a meld is laid (``in_line``), both backs sure
    (``_sure_backs``).  The shown faces are one tile, but an art the classifier does not know (or glare on one of
    them) can read them apart; the layout still says the ends are face down, as ``_middle_pairs`` says for the
    middle pair.  Felt between spaced tiles is one gap beside a tile, not a tile's width of felt touching each end
    of a pair laid edge to edge."""
    kept: set[int] = set()
    sure = dict(zip(row, _sure_backs(row, preds, n_accepted), strict=True))
    for start in range(len(row) - 3):
        run = row[start : start + 4]
        ends, middle = (run[0], run[3]), run[1:3]
        if all(i < n_accepted for i in ends) or in_kong & set(run):
            continue
        if not all(sure[i] for i in ends) or any(preds[i][0][0] in (BACK, NOT_A_TILE) for i in middle):
            continue
        if all(in_line[a, b] for a, b in zip(run, run[1:], strict=False)):
            kept.update(i for i in ends if i >= n_accepted)
    return kept


def _middle_pairs(
    row: list[int], in_line: np.ndarray, preds: Sequence[TopK], n_accepted: int, in_kong: set[int]
) -> set[int]:
    """Candidate backs of a row that lie as a concealed kong's middle pair beside one of its shown faces: two backs
    side by side, level and of one size as a meld is laid (``in_line``), with a face beside one of them (face, back,
    back), and no third back next to the pair (a face-down wall is no kong).  The kong's other face may be misread or
    lost (glare, an unfamiliar art); the two face-down tiles are still the kong's (the felt between spaced tiles makes
    one gap, not two touching ones), when the classifier is sure of both (``naming.FAINT_MIN_PROB``, as for any box
    only one detector saw).  A tile of a kong the layout already shows whole (``in_kong``) is no member of another:
    felt read as a back beside a kong's end is no second face-down tile."""
    kept: set[int] = set()
    sure = _sure_backs(row, preds, n_accepted)
    for start in range(len(row) - 1):
        pair = row[start : start + 2]
        if not (sure[start] and sure[start + 1]) or all(i < n_accepted for i in pair) or in_kong & set(pair):
            continue
        if not in_line[pair[0], pair[1]]:
            continue
        ends = [(row[start - 1], pair[0])] if start else []
        ends += [(row[start + 2], pair[1])] if start + 2 < len(row) else []
        beside = [i for i, back in ends if in_line[i, back]]
        if beside and all(preds[i][0][0] != BACK for i in beside):
            kept.update(i for i in pair if i >= n_accepted)
    return kept


def line_runs(quads: list[np.ndarray], in_line: np.ndarray | None = None) -> list[list[int]]:
    """Runs of tiles laid side by side (``side_by_side``), each left to right: a meld found from its own tiles, where
    the layout's rows can mix it with a row lying close below a slanted one."""
    if not quads:
        return []
    in_line = side_by_side(quads) if in_line is None else in_line
    centre = np.array([(float(q[:, 0].min()) + float(q[:, 0].max())) / 2 for q in quads])  # box centres
    beside = in_line & (centre[None, :] > centre[:, None])
    right = {i: int(np.flatnonzero(row)[np.argmin(centre[row])]) for i, row in enumerate(beside) if row.any()}
    runs = []
    for i in sorted(set(right) - set(right.values())):
        run = [i]
        while run[-1] in right:
            run.append(right[run[-1]])
        runs.append(run)
    return runs


def _extents(quads: Sequence[np.ndarray]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Each tile's x0, y0, x1, y1 as columns (n x 1): tile i down the rows, broadcast against tile j's ``.T``."""
    pts = np.stack([np.asarray(q, np.float64) for q in quads])
    lo, hi = pts.min(axis=1), pts.max(axis=1)
    return lo[:, :1], lo[:, 1:], hi[:, :1], hi[:, 1:]


def level_pairs(quads: Sequence[np.ndarray]) -> np.ndarray:
    """For every two tiles, whether they are level: sharing at least ``LEVEL_SHARE`` of the lower one's height (of
    its width for quads given transposed, a row running down the photo)."""
    if not len(quads):
        return np.zeros((0, 0), bool)
    _, y0, _, y1 = _extents(quads)
    return np.minimum(y1, y1.T) - np.maximum(y0, y0.T) >= LEVEL_SHARE * np.minimum(y1 - y0, (y1 - y0).T)


def side_by_side(quads: list[np.ndarray]) -> np.ndarray:
    """For every two tiles, whether they lie as neighbours in a meld: side by side along the row, level with each
    other (sharing most of their height), about one size, at most a small fraction of a tile apart; not two tiles
    dropped near each other on the table.  (The quads come transposed for a row running down the photo, so along the
    row is across.)"""
    if not quads:
        return np.zeros((0, 0), bool)
    x0, y0, x1, y1 = _extents(quads)
    w, h = x1 - x0, y1 - y0
    level = level_pairs(quads)
    one_size = (np.maximum(h, h.T) <= SIZE_RATIO * np.minimum(h, h.T)) & (
        np.maximum(w, w.T) <= SIZE_RATIO * np.minimum(w, w.T)
    )
    near = np.maximum(x0.T - x1, x0 - x1.T) <= MELD_GAP * np.minimum(w, w.T)
    return level & one_size & near
