"""What teaching sikwu a table's own tiles does on the page, without drawing anything.

Two ways in (issue 14, item 3 "Your set"): one photo of the set laid out, on the teach page
(:func:`teach_photo`), and - when the players tick the opt-in on the scoring page - the tiles they correct
(:func:`learn_corrections`). The chosen set lives in the session and in the scoring page's URL (``?tiles=NAME``) so
a reload keeps it; the sets themselves are stored by ``vision.teach`` in the user data dir, one per table.

A corrected tile is added only once the hand scores: a hand the engine accepts is the players' confirmation that
the corrections are right, where a half-finished correction is not. Each (photo, tile, face) is added once.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from dataclasses import dataclass, replace
from typing import Any, Literal

import numpy as np
from sikwu.app import flow, services, teach_services
from sikwu.app.draft import Draft
from sikwu.app.i18n import _
from sikwu.app.session import Flash, Session
from sikwu.app.teach_services import Taught, TeachRefused
from sikwu.scoring.tiles import TILE_IDS

#: A correction's face for a box the players marked "Not a tile": its crop teaches the set's table, not a face.
NOT_A_TILE = "not-a-tile"
#: The scoring page's URL parameter naming the set photos are read as.
SET_PARAM = "tiles"


@dataclass(frozen=True)
class NotTaught:
    """Why a teaching photo taught nothing, in the page's words, and the faces it lacked (drawn on the page)."""

    message: str
    missing: tuple[str, ...] = ()
    level: Literal["error", "warning", "info"] = "error"


TeachOutcome = Taught | NotTaught


def teach_photo(
    session: Session, data: bytes | None, name: str, afresh: bool = False, in_order: bool = False
) -> TeachOutcome:
    """Teach the named set from one photo of it laid out (``in_order``: in the canonical order, each tile named by
    its place); on success photos are read as that set from now on."""
    outcome = _teach(data, name, afresh, in_order)
    if isinstance(outcome, Taught):
        session.tile_set = outcome.set_name
    session.taught = outcome
    return outcome


def _teach(data: bytes | None, name: str, afresh: bool, in_order: bool = False) -> TeachOutcome:
    if not data:
        return NotTaught(_("Choose or take a photo of your set laid out first."), level="warning")
    try:
        name = teach_services.check_set_name(name)
        rgb = services.decode_photo(data)
        return teach_services.teach_photo(rgb, name, afresh, in_order)
    except TeachRefused as exc:
        return NotTaught(str(exc), exc.missing)
    except services.PhotoError as exc:
        return NotTaught(str(exc))
    except services.Unavailable as exc:
        return NotTaught(str(exc), level="warning")


def start_empty(session: Session, name: str) -> TeachOutcome:
    """Choose a set by name before it has learned anything: corrected hands (opt-in) will fill it."""
    try:
        name = teach_services.check_set_name(name)
    except TeachRefused as exc:
        outcome = NotTaught(str(exc), level="warning")
    else:
        session.tile_set = name
        outcome = NotTaught(
            _(
                "The set '{name}' is chosen and has learned nothing yet. On the scoring page tick 'Add the tiles I "
                "correct to my set': each hand you correct and score teaches it."
            ).format(name=name),
            level="info",
        )
    session.taught = outcome
    return outcome


def put_names_right(session: Session, faces: dict[int, str]) -> str | None:
    """The players checked the tiles of the photo just taught (``faces``: place in the list -> the face they chose):
    rename the taught tiles whose face they changed, and teach the tiles that had no face with the face they chose.
    Returns why it could not be done, or None; once done the list is cleared."""
    outcome = last_outcome(session)
    if not isinstance(outcome, Taught) or not outcome.to_check:
        return None
    chosen = [(tile, faces.get(k, name), name, crop) for k, (tile, name, crop) in enumerate(outcome.to_check)]
    renamed = {tile: face for tile, face, name, _crop in chosen if tile is not None and face != name}
    added = [(crop, face) for tile, face, _name, crop in chosen if tile is None]
    try:
        if renamed:
            teach_services.rename_tiles(outcome.set_name, renamed)
        if added:
            teach_services.teach_tiles(outcome.set_name, [c for c, _ in added], [f for _, f in added])
    except (TeachRefused, services.Unavailable) as exc:
        return str(exc)
    session.taught = replace(outcome, to_check=(), renamed=len(renamed) + len(added))
    return None


def last_outcome(session: Session) -> TeachOutcome | None:
    outcome = session.taught
    return outcome if isinstance(outcome, Taught | NotTaught) else None


def choose_set(session: Session, name: str | None) -> None:
    """Read photos as ``name`` from now on (None, "" or a name the store refuses: the shipped model alone). A name
    with nothing taught yet is kept: corrected hands can fill it."""
    try:
        session.tile_set = teach_services.check_set_name(name) if name else None
    except TeachRefused:
        session.tile_set = None


def sync_url(session: Session, params: MutableMapping[str, Any]) -> None:
    """The URL's set becomes the session's on the first run; after that the session's choice is written back."""
    if not session.tile_set_chosen():
        wanted = params.get(SET_PARAM)
        if wanted:
            choose_set(session, str(wanted))
    if session.tile_set:
        params[SET_PARAM] = session.tile_set
    elif SET_PARAM in params:
        del params[SET_PARAM]


@dataclass(frozen=True)
class Correction:
    key: tuple[str, int, str]  # (photo digest, tile uid, face): added once
    face: str  # a tile id, or NOT_A_TILE for a box the players said holds no tile
    quad: np.ndarray  # in the displayed photo's pixels


def corrections(session: Session, draft: Draft) -> list[Correction]:
    """Tiles of the photo the player gave another face than recognition did, and boxes they said are not tiles
    (``Draft.mark_not_a_tile``), not yet added to the set."""
    photo = session.photo
    if photo is None or photo.found is None or photo.rgb is None:
        return []
    found, learned, out = photo.found, session.learned, []
    for t in draft.tiles:
        if t.number is None or not 0 < t.number <= len(found.tiles) or t.tile not in TILE_IDS:
            continue
        quad = found.quads[t.number - 1]
        key = (photo.digest, t.uid, t.tile)
        if t.tile != found.tiles[t.number - 1]["tile"] and quad is not None and key not in learned:
            out.append(Correction(key, t.tile, np.asarray(quad, np.float32) * photo.scale))
    for number in dict.fromkeys(draft.not_tiles):
        quad = found.quads[number - 1] if 0 < number <= len(found.quads) else None
        key = (photo.digest, number, NOT_A_TILE)
        if quad is not None and key not in learned:
            out.append(Correction(key, NOT_A_TILE, np.asarray(quad, np.float32) * photo.scale))
    return out


def learn_corrections(session: Session, outcome: flow.Outcome) -> Flash | None:
    """With the opt-in ticked and a set chosen, add the corrected tiles of a hand that scores to the set, and the
    boxes marked not a tile as its table's examples; a warning when they could not be added (they are tried again on
    the next run)."""
    name, photo = session.tile_set, session.photo
    if not session.learn or name is None or not isinstance(outcome, flow.Result) or photo is None:
        return None
    pending = corrections(session, session.draft)
    if not pending or photo.rgb is None:
        return None
    tiles = [c for c in pending if c.face != NOT_A_TILE]
    table = [c for c in pending if c.face == NOT_A_TILE]
    try:
        crops = teach_services.tile_crops(photo.rgb, [c.quad for c in tiles + table])
        faces = [c.face for c in tiles]
        teach_services.teach_tiles(name, crops[: len(tiles)], faces, not_tiles=crops[len(tiles) :])
    except (TeachRefused, services.Unavailable) as exc:
        return Flash("warning", _("The corrected tiles could not be added to your set: {error}").format(error=exc))
    session.mark_learned(frozenset(c.key for c in pending))
    return None


def learned_from_photo(session: Session) -> tuple[int, int]:
    """How many tiles of the current photo were added to the set, and how many of its boxes as not a tile."""
    photo = session.photo
    keys = [] if photo is None else [key for key in session.learned if key[0] == photo.digest]
    not_tiles = sum(1 for key in keys if key[2] == NOT_A_TILE)
    return len(keys) - not_tiles, not_tiles
