"""The page's link to the game ledger: which game is active (in the URL, so a reload keeps it), this device's token,
and the ledger opened without ever breaking the scoring page.

The ledger is optional for scoring one hand: when it cannot open (no write access, a broken database URL) the page
says so once and keeps scoring. Calls that change a game return the ledger's own :class:`LedgerError` message, which
is written for players and shown as is.
"""

from __future__ import annotations

import io
import json
import uuid
from collections.abc import Callable, MutableMapping
from typing import Any, TypeVar

from sikwu.ledger import service
from sikwu.ledger.errors import LedgerError
from sikwu.ledger.records import GameRecord
from sikwu.ledger.store import Ledger

GAME_PARAM = "game"
DEVICE_PARAM = "device"
WINNER_PARAM = "winner"  # the Game page's "Ann won" link: the table position whose hand is scored next

T = TypeVar("T")


class LedgerUnavailable(RuntimeError):
    """The ledger cannot be opened here; the message says why and what to do."""


class NotByFullId(LookupError):
    """On a shared server, ``?game=`` named a game by an id's prefix or its name: the game is not opened."""


def open_ledger() -> Ledger:
    """The ledger (``SIKWU_DATABASE_URL`` or the user data dir); LedgerUnavailable saying why when it cannot open."""
    try:
        return service.open_ledger()
    except LedgerError as exc:
        raise LedgerUnavailable(str(exc)) from None
    except Exception as exc:  # noqa: BLE001 - a database driver's own error: the page must keep scoring
        raise LedgerUnavailable(f"{type(exc).__name__}: {exc}") from None


def link_params(params: MutableMapping[str, Any]) -> dict[str, str]:
    """What a link to the other page keeps: the active game, this device, the language."""
    return {k: str(params[k]) for k in (GAME_PARAM, DEVICE_PARAM, "lang") if k in params}


def active_game_id(params: MutableMapping[str, Any]) -> str | None:
    value = params.get(GAME_PARAM)
    return str(value) if value else None


def device_token(params: MutableMapping[str, Any]) -> str:
    """This phone's token (kept in the URL so the ledger can say which device changed a game)."""
    token = params.get(DEVICE_PARAM)
    if not token:
        token = uuid.uuid4().hex[:12]
        params[DEVICE_PARAM] = token
    return str(token)


def active_game(params: MutableMapping[str, Any]) -> GameRecord | None:
    """The game the URL names, or None (also when it no longer exists: the URL is cleared so the page stays usable).

    On a shared server (not a local SQLite file) only a game's full id opens it: the ledger also takes an id's prefix
    or a game's name, handy on the command line, but on a server that would let a phone look for games whose join
    code it was never given. Then the URL is cleared and :class:`NotByFullId` raised for the page to say so."""
    game_id = active_game_id(params)
    if game_id is None:
        return None
    ledger = open_ledger()
    try:
        game = ledger.game(game_id)
    except LedgerError:
        del params[GAME_PARAM]
        return None
    if not ledger.local and game.id != game_id:
        del params[GAME_PARAM]
        raise NotByFullId(game_id)
    return game


def attempt(call: Callable[[], T]) -> tuple[T | None, str | None]:
    """(result, None), or (None, the ledger's message) for a LedgerError."""
    try:
        return call(), None
    except LedgerError as exc:
        return None, str(exc)


def submission_id(game_id: str, hand: dict[str, Any], session: str) -> str:
    """The same hand sent again from the same session (a double tap, a retry) gets the same id: the ledger counts it
    once."""
    text = json.dumps([game_id, hand, session], sort_keys=True, default=str)
    return str(uuid.uuid5(uuid.NAMESPACE_URL, text))


def photo_thumbnail(rgb: Any) -> tuple[str, bytes] | None:
    """A history thumbnail from the page's display copy of the photo (None without a photo)."""
    if rgb is None:
        return None
    from PIL import Image
    from sikwu.ledger.thumbs import make_thumbnail

    out = io.BytesIO()
    Image.fromarray(rgb).save(out, "PNG")
    return make_thumbnail(out.getvalue())


def context_defaults(game: GameRecord) -> dict[str, object]:
    """The table widgets' values for the game's next hand: round wind and dealer (the ledger's seat 1 deals)."""
    ctx = service.table_context(game)
    return {"ctx_round": ctx["round_wind"], "ctx_dealer": int(ctx["dealer"])}


def winner_defaults(game: GameRecord, winner: object) -> dict[str, object]:
    """The winner's seat widget value for a player named by table position (the Game page's link); {} if unknown."""
    position = str(winner).strip()
    if position not in ("1", "2", "3", "4"):
        return {}
    name = game.player(int(position))
    seat = service.table_context(game)["seats"].get(name)
    return {"ctx_seat": int(seat)} if seat else {}
