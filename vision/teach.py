"""Teach sikwu a table's own tile set: one photo of the set laid out (or corrected tiles) -> a stored tile set.

Why from one photo: players will not label dozens of pictures. They lay out one tile of each face face-up (any order,
rows on the table) and take one photo; the classifier names the tiles found, one-to-one as the layout holds each face
once (the likeliest pairing as a whole), so a face it half-confuses on this set still gets its own tile. Corrected
tiles can be added later (``add_examples``, opt-in on the page). A photo that does not show a usable set is refused
with the faces that were not found, so the player knows what to add.

A set the classifier has never seen is where teaching matters most and where its names for the photo's tiles are
least sure: a misnamed tile teaches a wrong face. So the player may instead lay the set out *in order*
(``LAID_OUT_ORDER``: rows read top to bottom, each left to right) and each tile's name comes from its place, not from
the classifier; a tile it surely reads as another face is noted, as the layout may be off there, and a run of tiles
each read as a neighbouring place's face is refused (``vision.layout_slip``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from sikwu.scoring.tiles import TILE_IDS
from sikwu.vision import teach_views
from sikwu.vision.assign import LOW_CONFIDENCE
from sikwu.vision.io import LoadedImage, load_image
from sikwu.vision.labels import BACK, NOT_A_TILE
from sikwu.vision.layout_slip import slipped
from sikwu.vision.set_classifier import SetClassifier
from sikwu.vision.teach_errors import NO_TILES, TeachError, check_count, slip_text
from sikwu.vision.teach_layout import LAID_OUT_ORDER, NO_BONUS_TILES, laid_out_faces, places
from sikwu.vision.teach_table import half_turned
from sikwu.vision.tile_sets import OutdatedSetError, TileSet, TileSetError, check_name, set_path

#: A teaching photo must show at least this many of the 42 faces; fewer teaches too little to be worth it (and
#: usually means the photo shows a hand, not a laid-out set).
MIN_FACES = 27
#: A photo of a set laid out in order may show this share of extra boxes (not tiles), which are left out
#: (``_without_extras``); more, and it is refused.
MAX_EXTRA_SHARE = 0.1
#: In-order teaching notes a tile the classifier reads as another face with at least this probability.
ORDER_DOUBT_PROB = 0.9
#: A tile is given a face only at this probability or more; a weaker pairing is left out (reported unassigned) rather
#: than taught under a wrong name, unless the photo shows the whole set (``assign_faces``).
ASSIGN_MIN_PROB = 0.1


@dataclass
class TeachResult:
    set_name: str
    path: Path
    taught: dict[str, int]  # face -> examples added now
    missing: list[str]  # faces of the 42 with no example in the set after this step
    unassigned: int = 0  # tiles found that got no face
    faces_in_set: int = 0
    by_elimination: list[str] = field(default_factory=list)  # faces given to a tile no face was likely for
    #: named by the classifier: faces given with less than the check-this probability (``assign.LOW_CONFIDENCE``)
    unsure: list[str] = field(default_factory=list)
    #: the set's number of the first tile this step added (``rename_tiles`` takes the set's numbers)
    first_tile: int = 0
    #: the tiles for the players to check: (the set's number of the tile, its name, its crop) for unsure names, and
    #: (None, the classifier's best guess, its crop) for tiles given no face and so not taught
    unsure_tiles: list[tuple[int | None, str, np.ndarray]] = field(default_factory=list, repr=False)
    #: laid out in order: (the face of the place, the face the classifier surely reads there) where they differ
    out_of_place: list[tuple[str, str]] = field(default_factory=list)
    #: crops of the photo's table stored with the set as not-a-tile examples (``vision.teach_table``)
    table_crops: int = 0
    notes: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, object]:
        return {
            "set": self.set_name,
            "path": str(self.path),
            "taught": self.taught,
            "faces_in_set": self.faces_in_set,
            "missing": self.missing,
            "unassigned_tiles": self.unassigned,
            "named_by_elimination": self.by_elimination,
            "unsure_names": self.unsure,
            "to_check": [{"tile": tile, "name": name} for tile, name, _crop in self.unsure_tiles],
            "out_of_place": [{"place": p, "reads": r} for p, r in self.out_of_place],
            "table_crops": self.table_crops,
            "notes": self.notes,
        }


def assign_faces(probs: np.ndarray, labels: Sequence[str], faces: Sequence[str] = TILE_IDS) -> list[str | None]:
    """One face per tile and one tile per face: the pairing the classifier finds most likely as a whole (the
    largest product of the pairs' probabilities, ``scipy.optimize.linear_sum_assignment``), so one confident
    misreading does not push a chain of look-alikes each onto its neighbour's face, as pairing the surest first
    does; None where the face paired is not likely enough (``ASSIGN_MIN_PROB``).

    A photo holding exactly as many tiles as there are faces shows the whole set, each face once: then a tile the
    classifier cannot name on this set still has a face, the one no other tile took, whatever its probability
    (``teach_from_crops`` notes which, to check)."""
    from scipy.optimize import linear_sum_assignment

    cols = [labels.index(f) for f in faces]
    p = np.asarray(probs, np.float64)[:, cols]
    out: list[str | None] = [None] * len(p)
    if not p.size:
        return out
    rows, picked = linear_sum_assignment(-np.log(np.clip(p, 1e-12, 1.0)))
    floor = 0.0 if len(p) == len(faces) else ASSIGN_MIN_PROB
    for i, j in zip(rows, picked, strict=True):
        if p[i, j] >= floor:
            out[int(i)] = faces[int(j)]
    return out


def _open_set(clf: SetClassifier, name: str, replace: bool) -> TileSet:
    """The stored set to add to, or a new one: also when the stored one holds another model's embeddings, was
    stored by an older sikwu or with other views (none can be used with this one; teaching the set again replaces
    it)."""
    if not replace and set_path(name).is_file():
        try:
            existing = TileSet.load(name)
        except OutdatedSetError:
            return TileSet(name, clf.model_sha256)
        if existing.model_sha256 == clf.model_sha256 and existing.views == teach_views.VIEWS:
            return existing
    return TileSet(name, clf.model_sha256)


def add_examples(
    set_name: str,
    crops: Sequence[np.ndarray],
    labels: Sequence[str],
    classifier: SetClassifier | None = None,
    replace: bool = False,
    table: Sequence[np.ndarray] = (),
    not_tiles: Sequence[np.ndarray] = (),
) -> TeachResult:
    """Add tile crops with their (player-confirmed) ids to the named set, creating it when new. ``table``: crops of
    the teaching photo's bare table (``vision.teach_table``), kept half-turned; ``not_tiles``: boxes the players
    marked "Not a tile", kept with every view a taught tile has: recognition's own mistakes weigh as a taught tile."""
    check_name(set_name)
    if len(crops) != len(labels):
        raise TeachError(f"{len(crops)} crops but {len(labels)} tile ids; give one id per crop")
    bad = sorted({t for t in labels if t not in TILE_IDS})
    if bad:
        raise TeachError(f"not tile ids: {', '.join(bad)} (use ids such as 1m, 9p, 7z, 1f)")
    if not crops and not table and not not_tiles:
        raise TeachError("no tiles to teach: give at least one crop with its tile id")
    clf = classifier or SetClassifier()
    tile_set = _open_set(clf, set_name, replace)
    first_tile = tile_set.tiles
    if crops:
        tile_set.add(list(labels), clf.embed_views(crops), teach_views.VIEWS)
    if table or not_tiles:
        tile_set.add_table(np.vstack([clf.embed(half_turned(table)), clf.embed_views(not_tiles)]))
    result = _saved(tile_set, labels, first_tile)
    result.table_crops = len(table) + len(not_tiles)
    return result


def _saved(tile_set: TileSet, labels: Sequence[str], first_tile: int = 0) -> TeachResult:
    """Store the set and say what this step gave it (``labels``: the ids it taught) and what it still lacks."""
    path = tile_set.save()
    missing = [f for f in TILE_IDS if f not in tile_set.faces]
    return TeachResult(
        tile_set.name, path, dict(Counter(labels)), missing, faces_in_set=len(tile_set.faces), first_tile=first_tile
    )


def rename_tiles(set_name: str, names: dict[int, str]) -> TeachResult:
    """Put the names of taught tiles right (the set's tile number -> tile id), as the players checked them."""
    bad = sorted({t for t in names.values() if t not in TILE_IDS})
    if bad:
        raise TeachError(f"not tile ids: {', '.join(bad)} (use ids such as 1m, 9p, 7z, 1f)")
    tile_set = load_set(set_name)
    for tile, face in names.items():
        tile_set.rename(tile, face)
    return _saved(tile_set, list(names.values()))


def tile_crops(pixels: np.ndarray, quads: Sequence[np.ndarray]) -> list[np.ndarray]:
    """Each quad of an image cut out upright with the margin recognition names tiles with, so a taught example
    looks like what the classifier will be shown."""
    from sikwu.vision.naming import CROP_PAD
    from sikwu.vision.quads import portrait_quad, rectify

    return [rectify(pixels, portrait_quad(np.asarray(q, np.float32)), pad=CROP_PAD) for q in quads]


def photo_crops(photo, classifier: SetClassifier) -> list[np.ndarray]:
    """Upright crops of every tile recognition finds in the photo (the framing recognition names them with)."""
    loaded, quads = _photo_tiles(photo, classifier)
    return tile_crops(loaded.pixels, quads)


def _photo_tiles(photo, classifier: SetClassifier) -> tuple[LoadedImage, list[np.ndarray]]:
    """The photo as loaded (decoded once) and the quad of every tile recognition finds in it, in its pixels."""
    from sikwu.vision.pipeline import recognize

    loaded = load_image(photo)
    result = recognize(loaded, classifier=classifier.base)
    scale = np.array(loaded.scale, np.float32)
    return loaded, [np.asarray(t.quad, np.float32) / scale for t in result.tiles]


def _table(pixels: np.ndarray, laid: Sequence[np.ndarray], spare: Sequence[np.ndarray], whole: bool) -> list:
    """Crops of the teaching photo's table to store with the set as what is not a tile on it (``vision.teach_table``):
    the detectors' boxes on the bare table first, then crops away from the tiles; only when every tile laid out was
    found (``whole``), else a crop of the table could hold a tile missed."""
    from sikwu.vision.teach_table import table_crops, table_spares

    return tile_crops(pixels, table_spares(laid, spare)) + table_crops(pixels, laid) if whole else []


def teach_from_crops(
    set_name: str,
    crops: Sequence[np.ndarray],
    classifier: SetClassifier | None = None,
    replace: bool = False,
    table: Sequence[np.ndarray] = (),
) -> TeachResult:
    """Teach from crops of one laid-out set (each face once, any order): names assigned one-to-one, then stored."""
    clf = classifier or SetClassifier()
    clf.use_set(None)
    probs = clf.probabilities(crops)
    names = assign_faces(probs, list(clf.labels))
    found = sorted((f for f in names if f), key=TILE_IDS.index)
    missing = [f for f in TILE_IDS if f not in found]
    if len(found) < MIN_FACES:
        raise TeachError(
            f"the photo shows {len(found)} of the 42 faces, too few to teach the set (at least {MIN_FACES}); "
            f"missing: {' '.join(missing)}. Lay out one tile of each face face-up in rows, photograph from above",
            found,
            missing,
        )
    keep = [(crops[i], f) for i, f in enumerate(names) if f is not None]
    result = add_examples(set_name, [c for c, _ in keep], [f for _, f in keep], clf, replace, table)
    result.unassigned = len(crops) - len(keep)
    if missing:
        result.notes.append(f"not found in the photo: {' '.join(missing)} (add them with another photo)")
    cols = {f: list(clf.labels).index(f) for f in found}
    guessed = [f for i, f in enumerate(names) if f is not None and probs[i, cols[f]] < ASSIGN_MIN_PROB]
    result.by_elimination = sorted(guessed, key=TILE_IDS.index)
    if guessed:
        result.notes.append(
            f"named by elimination (the photo shows each face once; check these tiles): {' '.join(guessed)}"
        )
    result.unsure_tiles = tiles_to_check(names, probs, crops, list(clf.labels), result.first_tile)
    unsure = [name for tile, name, _ in result.unsure_tiles if tile is not None]
    result.unsure = sorted(unsure, key=TILE_IDS.index)
    if unsure:
        result.notes.append(
            f"unsure names (check these tiles, or lay the set out in order and teach it with --in-order): "
            f"{' '.join(result.unsure)}"
        )
    return result


def tiles_to_check(
    names: Sequence[str | None], probs: np.ndarray, crops: Sequence[np.ndarray], labels: Sequence[str], first: int
) -> list[tuple[int | None, str, np.ndarray]]:
    """The tiles of a photo named by the classifier that the players should check: a name recognition would ask
    them to check (below ``assign.LOW_CONFIDENCE``) is as doubtful when it teaches, and on held-out art most wrong
    names of a laid-out set are among these; with the set's number of each tile (from ``first``, the order taught).
    Tiles given no face come last, with no number (not taught) and the classifier's best guess."""
    face_cols = [labels.index(f) for f in TILE_IDS]
    kept = [i for i, f in enumerate(names) if f is not None]
    out: list[tuple[int | None, str, np.ndarray]] = [
        (first + n, names[i] or "", crops[i])
        for n, i in enumerate(kept)
        if probs[i, labels.index(names[i] or "")] < LOW_CONFIDENCE
    ]
    guess = {i: TILE_IDS[int(np.argmax(probs[i, face_cols]))] for i, f in enumerate(names) if f is None}
    return out + [(None, face, crops[i]) for i, face in guess.items()]


def teach_in_order(
    set_name: str,
    crops: Sequence[np.ndarray],
    classifier: SetClassifier | None = None,
    replace: bool = False,
    faces: Sequence[str] | None = None,
    table: Sequence[np.ndarray] = (),
) -> TeachResult:
    """Teach from crops of one set laid out in order (given in reading order): each crop is named by its place in
    ``faces`` (default ``LAID_OUT_ORDER``, or its first 34, the suits and honours, for a photo of 34 tiles: a set
    without flowers and seasons). Every face must be there, or places and names would slip; tiles the classifier
    surely reads as another face are noted for the player to check the layout there."""
    faces = laid_out_faces(len(crops)) if faces is None else faces
    check_count(len(crops), faces)
    clf = classifier or SetClassifier()
    clf.use_set(None)
    labels = list(clf.labels)
    sure = [labels[int(np.argmax(p))] if np.max(p) >= ORDER_DOUBT_PROB else None for p in clf.probabilities(crops)]
    slip = slipped(faces, sure)
    if slip is not None:
        raise TeachError(slip_text(slip), slip=slip)
    result = add_examples(set_name, list(crops), list(faces), clf, replace, table)
    result.out_of_place = [(face, s) for face, s in zip(faces, sure, strict=True) if s is not None and s != face]
    if result.out_of_place:
        doubts = ", ".join(f"{face} (reads as {reads})" for face, reads in result.out_of_place)
        result.notes.append(f"check the layout at: {doubts}")
    return result


def teach_from_photo(
    photo,
    set_name: str,
    classifier: SetClassifier | None = None,
    replace: bool = False,
    in_order: bool = False,
    faces: Sequence[str] | None = None,
):
    """Teach the named set from one photo of its faces laid out (``in_order``: in ``LAID_OUT_ORDER``, or the given
    ``faces`` order, each tile named by its place); raises TeachError saying what is missing."""
    check_name(set_name)
    clf = classifier or SetClassifier()
    clf.use_set(None)
    if in_order:
        return _teach_laid_out(photo, set_name, clf, replace, faces)
    loaded, found = _photo_tiles(photo, clf)
    if not found:
        raise TeachError(NO_TILES)
    from sikwu.vision.teach_table import photo_spares

    whole = len(found) in (NO_BONUS_TILES, len(TILE_IDS))
    table = _table(loaded.pixels, found, photo_spares(loaded) if whole else [], whole)
    return teach_from_crops(set_name, tile_crops(loaded.pixels, found), clf, replace, table)


def _teach_laid_out(photo, set_name: str, clf: SetClassifier, replace: bool, faces: Sequence[str] | None):
    """``teach_from_photo`` of a set laid out in order: each tile named by its place."""
    from sikwu.vision.pipeline import tile_quads

    laid = tile_quads(photo)
    if not laid.quads:
        raise TeachError(NO_TILES)
    order = laid_out_faces(len(laid.quads)) if faces is None else faces
    quads = _without_extras(laid.image.pixels, laid.quads, len(order), clf)
    slots = places(quads, len(order))
    check_count(len(slots), order)
    present = [(quads[i], face) for i, face in zip(slots, order, strict=True) if i is not None]
    gaps = [face for i, face in zip(slots, order, strict=True) if i is None]
    dropped = [q for q in laid.quads if not any(q is k for k in quads)]
    table = _table(laid.image.pixels, quads, dropped + laid.spare, not gaps)
    crops = tile_crops(laid.image.pixels, [q for q, _ in present])
    result = teach_in_order(set_name, crops, clf, replace, [f for _, f in present], table)
    if gaps:
        result.notes.append(f"no tile was found at the place of {' '.join(gaps)} (a gap in the rows): not taught")
    return result


def _without_extras(
    pixels: np.ndarray, quads: Sequence[np.ndarray], expected: int, clf: SetClassifier
) -> list[np.ndarray]:
    """A set laid out in order shows ``expected`` tiles. When a few more boxes are found (a spot of a printed cloth,
    a box across two tiles; at most ``MAX_EXTRA_SHARE`` of the set), those the classifier finds least like a face
    (most probability on not-a-tile and back) are left out, so each tile keeps its place's name; more, and the photo
    is refused as before."""
    extra = len(quads) - expected
    if extra <= 0 or extra > MAX_EXTRA_SHARE * expected:
        return list(quads)
    p = clf.probabilities(tile_crops(pixels, quads))
    labels = list(clf.labels)
    not_face = p[:, labels.index(NOT_A_TILE)] + p[:, labels.index(BACK)]
    drop = set(np.argsort(-not_face, kind="stable")[:extra].tolist())
    return [q for i, q in enumerate(quads) if i not in drop]


def load_set(name: str) -> TileSet:
    """The taught set, for ``SetClassifier(tile_set=...)``; raises TileSetError when there is none."""
    return TileSet.load(check_name(name))


__all__ = [
    "LAID_OUT_ORDER", "NO_BONUS_TILES", "TeachError", "TeachResult", "TileSetError", "add_examples", "load_set",
    "teach_from_crops", "teach_from_photo", "teach_in_order",
]  # fmt: skip
