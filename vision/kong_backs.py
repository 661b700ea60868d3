"""Concealed kongs read from their layout: the two face-down tiles of a group shaped like one are backs.

Why: a Hong Kong concealed kong is laid as a group of four with two tiles face down, either the two in the middle
(face, back, back, face) or the two at the ends (back, face, face, back); the faces shown are the same tile.  A back
of a colour the classifier never learnt can look to it like a blank white dragon or some other face, yet a group
reading ``X Y Y X`` with ``X`` a face is no meld at all (a meld of four is four equal tiles), so when the classifier
itself puts ``back`` first or second for both odd tiles, the layout's evidence decides: they are backs.  The tiles
so read are marked changed, so the player is asked to check them.
"""

from __future__ import annotations

from collections.abc import Sequence

from sikwu.vision.labels import BACK, NOT_A_TILE

TopK = Sequence[tuple[str, float]]

#: The face-down tiles' positions in a concealed kong of four, in reading order: the middle two or the ends.
FACE_DOWN_PLACES = ((1, 2), (0, 3))


def _could_be_back(pred: TopK) -> bool:
    """``back`` is the classifier's first or second reading of the crop."""
    readings = [label for label, _ in pred if label != NOT_A_TILE]
    return BACK in readings[:2]


def _kong_backs(group: list[int], preds: Sequence[TopK]) -> list[int]:
    """The members of one four-tile group that lie face down, when the group is shaped like a concealed kong."""
    top = [preds[i][0][0] for i in group]
    for down in FACE_DOWN_PLACES:
        up = [k for k in range(4) if k not in down]
        shown = {top[k] for k in up}
        if len(shown) != 1 or BACK in shown or top[down[0]] in shown or top[down[1]] in shown:
            continue
        if all(_could_be_back(preds[group[k]]) for k in down):
            return [group[k] for k in down if top[k] != BACK]
    return []


def kong_backs(groups: Sequence[int], preds: Sequence[TopK]) -> list[int]:
    """Indices of tiles (in reading order, with their layout group and classifier top-k) that are the face-down
    tiles of a concealed kong although the classifier's first reading is a face."""
    members: dict[int, list[int]] = {}
    for i, g in enumerate(groups):
        members.setdefault(g, []).append(i)
    out: list[int] = []
    for group in members.values():
        if len(group) == 4:
            out += _kong_backs(group, preds)
    return out


def as_back(pred: TopK) -> list[tuple[str, float]]:
    """The crop's only reading: ``back``, at the classifier's probability for it. The layout settled what the tile
    is; the other readings must not come back when the tile-set counts are put right (a back has no count)."""
    return [(label, p) for label, p in pred if label == BACK]
