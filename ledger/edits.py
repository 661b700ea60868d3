"""Edits of a past hand in the words of the table: "it was a draw", "it was Bo's false mahjong", "Cy won, not Di".

The page offers these instead of an entry to type: each call reads the hand as stored, changes what the table
says changed and hands the new entry to :func:`sikwu.ledger.service.edit_hand` with the version the editor saw, so
an edit of a hand somebody changed meanwhile is refused (:class:`~sikwu.ledger.errors.StaleVersionError`), and
everything after the hand is recomputed.  A win keeps its melds, flowers and events; its tiles can be retyped in
the compact notation (``123m 456p 77z``, the winning tile last).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sikwu.ledger import service
from sikwu.ledger.errors import EntryError
from sikwu.ledger.records import GameRecord, HandRecord
from sikwu.scoring import ScoringError, format_tiles, parse_tiles


def _hand(game: GameRecord, seq: int) -> HandRecord:
    for h in game.hands:
        if h.seq == seq and h.active:
            return h
    raise EntryError(f"game {game.name!r} has no hand #{seq} to edit (undone hands cannot be edited)")


def tiles_text(hand: dict[str, Any]) -> str:
    """A stored hand's concealed tiles in compact notation, the winning tile last (what the page lets one retype)."""
    concealed = list(hand.get("concealed", []))
    winning = hand.get("winning_tile")
    if winning in concealed:
        concealed.remove(winning)
        return f"{format_tiles(concealed)} {winning}".strip()
    return format_tiles(concealed)


def editable(game: GameRecord) -> list[dict[str, Any]]:
    """The active hands as the edit form shows them: kind, version, winner, discarder (positions), tiles."""
    rows = []
    for h in game.active_hands:
        entry = h.entry
        wins = entry.get("wins", [])
        first = wins[0] if len(wins) == 1 else None
        rows.append({
            "hand": h.seq, "version": h.version, "kind": entry["kind"], "winners": len(wins),
            "winner": first["winner"] if first else None, "discarder": entry.get("discarder"),
            "self_drawn": bool(first and first["hand"].get("self_drawn")),
            "tiles": tiles_text(first["hand"]) if first else "", "offenders": list(entry.get("offenders", [])),
        })  # fmt: skip
    return rows


def _retyped(hand: dict[str, Any], tiles: str) -> dict[str, Any]:
    try:
        concealed = list(parse_tiles(tiles))
    except ScoringError as exc:
        raise EntryError(f"tiles: {exc}") from None
    if not concealed:
        raise EntryError("tiles: type the winner's concealed tiles, the winning tile last, e.g. 123m 456p 789s 11z")
    return {**hand, "concealed": concealed, "winning_tile": concealed[-1]}


def win_entry(
    game: GameRecord, seq: int, winner: str | int, discarder: str | int | None, tiles: str | None = None
) -> dict[str, Any]:
    """Hand ``seq`` as a win by ``winner`` on ``discarder``'s tile (None: self-drawn), tiles retyped if given."""
    entry = _hand(game, seq).entry
    wins = entry.get("wins", [])
    if len(wins) > 1:
        raise EntryError(
            f"hand #{seq} has {len(wins)} winners; edit simultaneous wins with: sikwu game edit GAME {seq} --json-in"
        )
    if not wins and not (tiles or "").strip():
        raise EntryError(f"hand #{seq} was not a win: type the winner's tiles, the winning tile last")
    hand = dict(wins[0]["hand"]) if wins else {}
    history = dict(wins[0].get("history") or {}) if wins else {}
    if (tiles or "").strip():
        hand = _retyped(hand, str(tiles))
    position = service.player_position(game, winner)
    by = None if discarder is None else service.player_position(game, discarder)
    hand["self_drawn"] = by is None
    if by is not None:
        history = {}  # a replacement chain ends in a self-draw; on a discard it no longer applies
    win = {"winner": position, "hand": hand, **({"history": history} if history else {})}
    return {"kind": "win", "wins": [win], "discarder": by, "note": entry.get("note", "")}


def as_win(game_id: str, seq: int, version: int, winner: str | int, discarder: str | int | None,
           tiles: str | None = None, *, device: str | None = None, url: str | None = None,
           pin: str | None = None) -> GameRecord:  # fmt: skip
    """Make hand ``seq`` (at ``version``, as the editor saw it) a win: see :func:`win_entry`."""
    game = service.open_ledger(url).game(game_id)
    entry = win_entry(game, seq, winner, discarder, tiles)
    return service.edit_hand(game.id, seq, version, entry, device=device, url=url, pin=pin)


def as_draw(game_id: str, seq: int, version: int, *, device: str | None = None, url: str | None = None,
            pin: str | None = None) -> GameRecord:  # fmt: skip
    """Make hand ``seq`` a draw game (流局)."""
    return service.edit_hand(game_id, seq, version, {"kind": "draw"}, device=device, url=url, pin=pin)


def as_false_mahjong(game_id: str, seq: int, version: int, offenders: Sequence[str | int], *, device: str | None = None,
                     url: str | None = None, pin: str | None = None) -> GameRecord:  # fmt: skip
    """Make hand ``seq`` a false mahjong (詐糊) by ``offenders`` (names or positions)."""
    game = service.open_ledger(url).game(game_id)
    entry = {"kind": "false_mahjong", "offenders": [service.player_position(game, o) for o in offenders]}
    return service.edit_hand(game.id, seq, version, entry, device=device, url=url, pin=pin)
