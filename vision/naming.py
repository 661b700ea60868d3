"""Name stage: the classifier names each proposed quad, and decides which uncertain candidates are tiles at all.

Every candidate is cropped upright with a little table around it (CROP_PAD, as the classifier was trained) and all
crops of a photo go through the classifier in one batch.  A candidate the classifier calls not-a-tile, or can
neither name with at least MIN_TILE_PROB nor call some tile with at least MIN_TILE_MASS, is not reported; faint
detector boxes and segmentation's extra tiles must clear higher bars because their sources are less sure.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

import numpy as np
from sikwu.vision.classifier import SECOND_LOOK_BELOW, Readings, mean_distance, mean_tile
from sikwu.vision.labels import BACK, NOT_A_TILE
from sikwu.vision.propose import continues_row
from sikwu.vision.quads import area, overlap, quad_box, rectify

#: How many classifier alternatives each tile keeps for the id assignment.
TOP_K = 5
#: Margin around each tile crop, as a fraction of its size (training crops were framed 0-15% loose).
CROP_PAD = 0.06
#: Candidates whose best class probability is below this are dropped.  Kept tiles below assign.LOW_CONFIDENCE are
#: flagged for the player with their top-3, which serves them better than a missing tile.  Measured on
#: hk-photos/valid with the squeeze-back of stretched photos (bench_recognition --no-peer, so chosen on the
#: measurement set): gates 0.2 / 0.25 / 0.3 / 0.4 / 0.5 gave recall 99.2 / 99.2 / 99.1 / 99.0 / 98.7% at precision
#: 99.3 / 99.3 / 99.3 / 99.3 / 99.4% (the not-a-tile class, not this gate, rejects table and trays).
MIN_TILE_PROB = 0.3
#: ...or when the classifier says "a tile" (face or back) with at least this probability: a face it cannot yet
#: tell from its look-alikes (a flower of unfamiliar art spread over the eight bonus tiles) is still a tile,
#: reported with its top-3 for the player to check. 0.5 is "more likely a tile than not", not a fitted value.
MIN_TILE_MASS = 0.5
#: A faint detector box becomes a tile only when the classifier names a face there with at least this probability.
FAINT_MIN_PROB = 0.7
#: A segmentation candidate covering more than this fraction of (the smaller of) itself or a detector box is a tile
#: the detector already proposed.
SOURCE_OVERLAP = 0.3
#: A segmented tile is added to the detector's only when the classifier names it with at least this probability.
UNION_MIN_PROB = 0.9

#: The classifier's alternatives for one crop, best first: (label, probability).
TopK = list[tuple[str, float]]
#: A candidate quad (working-image pixels) with the classifier's alternatives for it.
Named = tuple[np.ndarray, TopK]


class Classifier(Protocol):
    """What recognition needs from a tile classifier (``vision.classifier.TileClassifier`` is one)."""

    def predict(self, crops: Sequence[np.ndarray], k: int = 3) -> list[list[tuple[str, float]]]: ...


def name_quads(pixels: np.ndarray, quads: list[np.ndarray], clf: Classifier) -> list[Named]:
    """Each quad with the classifier's TOP_K alternatives for its crop, in one batch."""
    crops = [rectify(pixels, q, pad=CROP_PAD) for q in quads]
    return list(zip(quads, clf.predict(crops, k=TOP_K), strict=True))


def _look_again(
    named: list[Named],
    others: Sequence[np.ndarray | None],
    pixels: np.ndarray,
    clf: Classifier,
    needs: Callable[[TopK], bool],
    merge: Callable[[Named, Named], Named],
) -> list[Named]:
    """``named`` with each tile that has another quad in ``others`` and whose reading ``needs`` a second look read
    again there (all such crops in one batch), the two readings combined by ``merge(first, second)``."""
    again = [(i, f) for i, (f, (_, p)) in enumerate(zip(others, named, strict=True)) if f is not None and needs(p)]
    if not again:
        return named
    out = list(named)
    for (i, _), second in zip(again, name_quads(pixels, [f for _, f in again], clf), strict=True):
        out[i] = merge(named[i], second)
    return out


def second_framing_look(
    named: list[Named], framings: Sequence[np.ndarray | None], pixels: np.ndarray, clf: Classifier
) -> list[Named]:
    """``named`` with each unsure reading (best under ``classifier.SECOND_LOOK_BELOW``) averaged with the reading
    of the tile's other framing, where it has one. Why: the two detectors frame a tile differently, and a crop the
    classifier is unsure of is read right more often from two framings than from either (test-time augmentation;
    the averaged box alone misread some held-out tiles the first detector's box had read right)."""

    def averaged(first: Named, second: Named) -> Named:
        (q, pred), (_, other) = first, second
        mean: dict[str, float] = {}
        for label, p in [*pred, *other]:
            mean[label] = mean.get(label, 0.0) + p / 2
        top = sorted(mean.items(), key=lambda kv: -kv[1])[: len(pred)]
        return q, Readings(top, mean_distance(pred, other), mean_tile(pred, other))

    return _look_again(named, framings, pixels, clf, lambda p: p[0][1] < SECOND_LOOK_BELOW, averaged)


def partner_look(
    named: list[Named], partners: Sequence[np.ndarray | None], pixels: np.ndarray, clf: Classifier
) -> list[Named]:
    """``named`` with each box both detectors found that the classifier calls no tile looked at again through the
    second detector's own box, and that box kept where the classifier names a face there. Why: on tile sets and
    tables the first detector never saw, its box of a tile can be far off (two tiles, or a tile and the table), and
    the mean of the two boxes then cuts a crop that is neither (held-out art scenes: face-up tiles the second
    detector alone boxes right were lost this way); on the photos the first was fitted to, the mean box is named."""

    def kept_if_a_face(first: Named, second: Named) -> Named:
        return second if names_a_face(second[1]) else first

    return _look_again(named, partners, pixels, clf, lambda p: not is_tile(p), kept_if_a_face)


def tile_mass(pred: TopK) -> float:
    """The probability the classifier gives to "some tile" (any face or a back): 1 - P(not-a-tile) from the whole
    distribution when the readings carry it (``classifier.Readings.tile``), else the top-K's sum, a lower bound.
    Why the whole: a face of an unfamiliar set spread over a dozen faces (top three 0.13, 0.12, 0.10) is a tile
    the top three alone call unlikely; on held-out art such faces in boxes both detectors drew were dropped."""
    whole = getattr(pred, "tile", None)
    return whole if whole is not None else sum(p for label, p in pred if label != NOT_A_TILE)


def is_tile(pred: TopK) -> bool:
    """A crop the classifier calls not-a-tile is not reported; nor one it can neither name with at least
    MIN_TILE_PROB nor call a tile of some face with at least MIN_TILE_MASS (which face it is and whether it is a
    tile at all are different questions: unsure of the first, the player can still be asked)."""
    if pred[0][0] == NOT_A_TILE:
        return False
    return pred[0][1] >= MIN_TILE_PROB or tile_mass(pred) >= MIN_TILE_MASS


def names_a_face(pred: TopK) -> bool:
    """A tile whose first reading is a face, not a back: what a box only one weak source saw must be to count."""
    return is_tile(pred) and pred[0][0] != BACK


def row_continuations(faint: list[Named], taken: list[np.ndarray]) -> list[Named]:
    """Faint boxes kept as tiles: each continues a row of accepted tiles (``continues_row``) and the classifier
    names a face there with at least FAINT_MIN_PROB (not a back: felt between tiles reads as a green back).  Tiles
    lie in rows; a faint box out on the table is left out, however sure the classifier is of it."""
    return [(q, p) for q, p in faint if names_a_face(p) and p[0][1] >= FAINT_MIN_PROB and continues_row(q, taken)]


def lone_faces(lone: list[Named], taken: list[np.ndarray]) -> list[Named]:
    """The first detector's boxes the second did not confirm, kept as tiles: those the classifier names as a face
    lying beside an accepted tile of about their size (``beside_a_tile``). Why: on tables the first detector never
    saw, its unconfirmed boxes out on their own are mostly the table's pattern (synthetic scenes of held-out art: 104
    such boxes on the bare table for 11 tiles), while the tiles it alone finds lie in a hand, a meld or a pile."""
    return [(q, p) for q, p in lone if names_a_face(p) and beside_a_tile(q, taken)]


#: A box is beside a tile when their boxes are at most this share of the box's smaller side apart (any direction)
#: and the tile's area is within ``NEAR_AREA`` of the box's.
NEAR_GAP = 0.3
NEAR_AREA = (0.5, 2.0)


def beside_a_tile(q: np.ndarray, taken: list[np.ndarray]) -> bool:
    """Whether a tile of about the quad's size lies next to it, across, above, below or corner to corner."""
    x0, y0, x1, y1 = quad_box(q)
    w, h = x1 - x0, y1 - y0
    for bx0, by0, bx1, by1 in (quad_box(t) for t in taken):
        ratio = (bx1 - bx0) * (by1 - by0) / max(w * h, 1e-6)
        gap = max(bx0 - x1, x0 - bx1, by0 - y1, y0 - by1)
        if NEAR_AREA[0] <= ratio <= NEAR_AREA[1] and gap <= NEAR_GAP * min(w, h):
            return True
    return False


def filled_faces(filled: list[Named]) -> list[Named]:
    """Boxes only the second detector saw (its fill-ins: ``vision.fill_in.fuse``) kept as tiles: those the
    classifier names as a face (the first's unconfirmed boxes also need a tile beside them: ``lone_faces``). Not a
    back: the second detector, taught face-down walls and kongs of many colours, also boxes the felt between spaced
    tiles, which reads as a green back (4 of 254 hk-photos/valid photos gained such a phantom tile)."""
    return [(q, p) for q, p in filled if names_a_face(p)]


def filled_backs(filled: list[Named]) -> list[Named]:
    """Boxes only one detector saw that the classifier calls a face-down tile: candidates only, kept where they
    complete a concealed kong (``vision.kong_backs.kong_completions``), never on their own (see ``filled_faces``)."""
    return [(q, p) for q, p in filled if is_tile(p) and p[0][0] == BACK]


def segmentation_extras(extra: list[Named], taken: list[np.ndarray]) -> list[Named]:
    """Segmented tiles that add to the detector's: no accepted box covers them, the classifier is sure of them
    (segmentation's extra candidates are mostly table, trays and tile sides), and they are about the size of the
    detector's tiles (not a block of merged tiles)."""
    areas = [area(t) for t in taken]
    typical = float(np.median(areas)) if areas else None
    out = []
    for q, p in extra:
        if p[0][1] < UNION_MIN_PROB or any(overlap(q, t) > SOURCE_OVERLAP for t in taken):
            continue
        if typical is not None and not (0.5 * typical <= area(q) <= 2.0 * typical):
            continue
        out.append((q, p))
    return out
