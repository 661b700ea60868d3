"""What the page does with its input, without drawing anything: photo or notation -> draft; draft + context -> outcome.

The page calls :func:`take_photo` / :func:`use_typed` from its input widgets and :func:`evaluate` once per run; it
then only displays the :data:`Outcome`. Keeping the decisions here (which message, which next step) lets tests read
them without a browser and keeps the entry script a top-to-bottom read.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Literal

from sikwu.app import services
from sikwu.app.draft import Draft
from sikwu.app.engine_text import engine
from sikwu.app.i18n import N_, _
from sikwu.app.session import PhotoState, Session
from sikwu.app.table import TableContext
from sikwu.scoring import Hand, NotAWinningHandError, Profile

DISPLAY_MAX_SIDE = services.PHOTO_MAX_SIDE  # decode_photo already caps the size: no second resize


# ---- input --------------------------------------------------------------------------------------------------------


def take_photo(session: Session, data: bytes, name: str) -> None:
    """Decode and recognise a new photo once (reruns with the same file reuse the result).

    A new photo replaces the hand, even when it turns out unreadable: an old hand under a new photo would be scored
    as if it were the new one."""
    digest = hashlib.sha1(data).hexdigest()
    if session.photo is not None and session.photo.digest == digest:
        return
    session.close_dialogs()
    session.new_hand(Draft())
    session.photo = PhotoState(digest=digest, name=name)
    try:
        rgb = services.decode_photo(data)
    except services.PhotoError as exc:
        session.photo = PhotoState(digest=digest, name=name, error=str(exc))
        return
    # keep a reduced copy for display: a 12-megapixel array per session would hold ~36 MB of server memory
    scale = min(1.0, DISPLAY_MAX_SIDE / max(rgb.shape[:2]))
    shown = rgb if scale == 1.0 else services.downscale(rgb, scale)
    photo = PhotoState(digest=digest, name=name, rgb=shown, scale=scale)
    try:
        found = services.recognize(rgb, session.tile_set)
    except services.Unavailable as exc:
        session.photo = PhotoState(digest, name, shown, scale, unavailable=str(exc))
        return
    except services.PhotoError as exc:
        session.photo = PhotoState(digest, name, shown, scale, error=str(exc))
        return
    session.photo = PhotoState(digest, photo.name, shown, scale, found=found)
    session.new_hand(Draft.from_found(found.tiles))


def use_typed(session: Session, text: str) -> None:
    """Callback of 'Use these tiles': the typed notation becomes the hand (the photo, if any, is dropped)."""
    text = (text or "").strip()
    if not text:
        session.flash("warning", _("Type the tiles first, e.g. 123m 456p 789s 111z 55z."))
        return
    try:
        ids = services.parse_tiles(text)
    except ValueError as exc:  # NotationError names the bad token and its position
        error = engine(exc)
        hint = _("Write digits then the suit letter (m p s z f), e.g. 123m 456p 55z.")
        hint = "" if "123m" in error else " " + hint
        session.flash("warning", _("Cannot read the tiles: {error}.").format(error=error) + hint)
        return
    session.photo = None
    session.close_dialogs()
    session.new_hand(Draft.from_tiles(ids, "typed"))


# ---- result -------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Waiting:
    """No tiles yet: say how to get them in."""

    message: str


@dataclass(frozen=True)
class NeedsFix:
    """The draft is not a hand yet (a face-down tile, no winning tile...)."""

    problems: tuple[str, ...]


@dataclass(frozen=True)
class Refused:
    """The tiles or the rules cannot be scored: one message and what to do next."""

    level: Literal["error", "warning"]
    message: str
    next_step: str | None = None


@dataclass(frozen=True)
class Result:
    scored: services.Scored
    context: TableContext
    hand: Hand
    profile: Profile
    notation: str
    winning_proposed: bool  # the winning tile is the photo's proposal, not yet confirmed by the player


Outcome = Waiting | NeedsFix | Refused | Result

NOT_WINNING_NEXT = N_(
    "Next: compare the tiles with the photo (orange = unsure), tap a wrong one to replace it, add a missed tile or "
    "delete an extra one; declared melds must match what is on the table."
)

#: The engine's messages name its fields; on the page the same thing is a labelled control.
FIELD_WORDS = {
    "set self_drawn to false": "choose Won by: Discard under Table",
    "set self_drawn to true": "choose Won by: Self-drawn under Table",
    "self_drawn": "'Won by'",
    "discarder": "'Who discarded'",
    "winning_tile": "winning tile",
}


def for_players(message: str) -> str:
    for words, label in FIELD_WORDS.items():
        message = message.replace(words, label)
    return message


def evaluate(draft: Draft, ctx: TableContext, profiles: dict[str, str] | None, had_photo: bool) -> Outcome:
    """Everything the result area shows, decided in one place."""
    if not draft.tiles:
        if had_photo:
            return Waiting(_("No tiles from this photo yet: try another photo, or choose Type and enter the tiles."))
        return Waiting(
            _("Upload or take a photo of the winning hand laid face up, or choose Type and enter the tiles.")
        )
    problems = draft.problems()
    if problems:
        return NeedsFix(tuple(problems))
    try:
        profile = services.load_profile(ctx.profile, ctx.house_rules_text, ctx.house_rules_name)
    except ValueError as exc:  # ProfileError: names the file, the key and the problem
        if ctx.house_rules_text is not None:
            message = _("The house-rules file cannot be used: {error}.").format(error=exc)
        else:
            message = _("The profile '{profile}' cannot be used: {error}.").format(profile=ctx.profile, error=exc)
        return Refused("error", message + " " + _("Fix it and upload again, or remove it to use a built-in one."))
    hand = draft.to_hand(ctx)
    others = [n for n in (profiles or {}) if n != ctx.profile or ctx.house_rules_text is not None]
    try:
        scored = services.score(hand, profile, compare_with=others)
    except NotAWinningHandError as exc:
        return Refused("warning", _("Not a winning hand.") + f" {engine(exc)}", _(NOT_WINNING_NEXT))
    except ValueError as exc:
        return Refused(
            "error",
            _("This hand cannot be scored: {error}").format(error=for_players(engine(exc))),
            _("Next: check the tiles against the photo and the table settings, then try again."),
        )
    proposed = draft.source == "photo" and not draft.winning_confirmed
    return Result(scored, ctx, hand, profile, draft.notation(), proposed)
