"""Edits of a past hand in the words of the table: "it was a draw", "it was Bo's false mahjong", "Cy won, not Di".

The page offers these instead of an entry to type: each call reads the hand as stored, changes what the table
says changed and hands the new entry to :func:`sikwu.ledger.service.edit_hand` with the version the editor saw, so
an edit of a hand somebody changed meanwhile is refused (:class:`~sikwu.ledger.errors.StaleVersionError`), and
everything after the hand is recomputed.  A win keeps its melds, flowers and events; its tiles can be retyped in
the compact notation (``123m 456p 77z``, the winning tile last) and its melds in ``sikwu score``'s
(``pung:777z@W``).  Several players winning on one discard (一炮多響) are edited the same way, one
:class:`WinEdit` each (:func:`as_wins`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sikwu.ledger import service
from sikwu.ledger.errors import EntryError
from sikwu.ledger.history import chain_choices
from sikwu.ledger.records import GameRecord, HandRecord
from sikwu.scoring import ScoringError, format_tiles, parse_tiles
from sikwu.scoring.cli import parse_meld
from sikwu.scoring.hand_json import hand_from_json


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


def _hand_row(game: GameRecord, seq: int, win: dict[str, Any]) -> dict[str, Any]:
    """One winner as the form shows them; ``chain_choices``: the kongs a replacement chain could hold (a win on a
    replacement tile), ``chain``: the ones stored (:mod:`sikwu.ledger.history`)."""
    hand = win["hand"]
    chain = (win.get("history") or {}).get("replacement_chain", [])
    return {"winner": win["winner"], "tiles": tiles_text(hand), "melds": melds_text(game, seq, hand),
            "chain": list(chain), "chain_choices": chain_choices(hand_from_json(hand))}  # fmt: skip


def editable(game: GameRecord) -> list[dict[str, Any]]:
    """The active hands as the edit form shows them: kind, version, winners (each with tiles and melds), discarder
    (positions), each position's seat wind letter in that hand (what ``@`` means in the melds); ``winner`` and
    ``tiles`` are the first winner's (the only one but on a 一炮多響 discard)."""
    rows = []
    for h in game.active_hands:
        entry = h.entry
        wins = [_hand_row(game, h.seq, w) for w in entry.get("wins", [])]
        first = wins[0] if wins else None
        frame = service.hand_frame(game, h.seq)
        rows.append({
            "hand": h.seq, "version": h.version, "kind": entry["kind"], "winners": len(wins), "wins": wins,
            "seat_winds": {p: _SEAT_LETTERS[frame.seat_of(p) - 1] for p in (1, 2, 3, 4)},
            "winner": first["winner"] if first else None, "discarder": entry.get("discarder"),
            "self_drawn": bool(wins and entry["wins"][0]["hand"].get("self_drawn")),
            "tiles": first["tiles"] if first else "", "offenders": list(entry.get("offenders", [])),
        })  # fmt: skip
    return rows


_KONG_NOTATION = {"exposed": "kong", "added": "akong", "concealed": "ckong"}
_SEAT_LETTERS = "ESWN"


def melds_text(game: GameRecord, seq: int, hand: dict[str, Any]) -> str:
    """A stored hand's declared melds in ``sikwu score``'s notation (``pung:777z@W``, in declaration order), the
    feeder by seat wind in hand ``seq`` -- what the page lets one retype."""
    frame = service.hand_frame(game, seq)
    out = []
    for m in hand.get("melds", []):
        kind = _KONG_NOTATION.get(m.get("kong_kind") or "exposed") if m["kind"] == "kong" else m["kind"]
        feeder = f"@{_SEAT_LETTERS[frame.seat_of(m['fed_by']) - 1]}" if m.get("fed_by") else ""
        out.append(f"{kind}:{format_tiles(m['tiles']).replace(' ', '')}{feeder}")
    return " ".join(out)


def _melds(game: GameRecord, seq: int, text: str, name: str) -> list[dict[str, Any]]:
    """Meld notation (feeders by seat wind in hand ``seq``, or by name: ``pung:777z@Bo``) -> stored melds."""
    frame = service.hand_frame(game, seq)
    names = {p.casefold(): i for i, p in enumerate(game.players, start=1)}
    melds = []
    for typed in text.replace(",", " ").split():
        head, at, feeder = typed.partition("@")
        spec = f"{head}@{frame.seat_of(names[feeder.casefold()])}" if at and feeder.casefold() in names else typed
        try:
            meld = parse_meld(spec, f"{name}'s meld {typed!r}")
        except ScoringError as exc:
            raise EntryError(str(exc)) from None
        item: dict[str, Any] = {"kind": meld.kind, "tiles": list(meld.tiles)}
        if meld.kind == "kong":
            item["kong_kind"] = meld.kong_kind
        if meld.fed_by is not None:
            item["fed_by"] = frame.position_of(meld.fed_by)
        melds.append(item)
    return melds


def _retyped(hand: dict[str, Any], tiles: str, name: str) -> dict[str, Any]:
    try:
        concealed = list(parse_tiles(tiles))
    except ScoringError as exc:
        raise EntryError(f"{name}'s tiles: {exc}") from None
    if not concealed:
        raise EntryError(f"{name}'s tiles: type the concealed tiles, the winning tile last, e.g. 123m 456p 789s 11z")
    return {**hand, "concealed": concealed, "winning_tile": concealed[-1]}


@dataclass(frozen=True)
class WinEdit:
    """One winner as the edit form says it: who (name or position), and -- when retyped -- the concealed tiles
    (winning tile last), the declared melds in ``sikwu score`` notation and the replacement chain; None keeps what
    is stored."""

    winner: str | int
    tiles: str | None = None
    melds: str | None = None
    chain: Sequence[int] | None = None  # the kongs of the replacement chain (meld positions); () = not known


def _base_hands(entry: dict[str, Any], winners: list[int]) -> list[dict[str, Any]]:
    """The stored hand each new winner starts from: their own when they won before; else the hand of a winner who
    is no longer listed, in order ("Cy won, not Di": Di's hand is Cy's); else nothing (tiles must be typed)."""
    stored = {w["winner"]: w for w in entry.get("wins", [])}
    freed = [w for w in entry.get("wins", []) if w["winner"] not in winners]
    return [stored[p] if p in stored else (freed.pop(0) if freed else {}) for p in winners]


def wins_entry(game: GameRecord, seq: int, winners: Sequence[WinEdit], discarder: str | int | None) -> dict[str, Any]:
    """Hand ``seq`` as a win by ``winners`` -- several on one discard (一炮多響) or one -- on ``discarder``'s tile
    (None: self-drawn).  Each keeps the melds, flowers and events stored for them unless retyped."""
    entry = _hand(game, seq).entry
    if not winners:
        raise EntryError("name the winner (several winners only on one discard)")
    positions = [service.player_position(game, w.winner) for w in winners]
    by = None if discarder is None else service.player_position(game, discarder)
    wins = []
    for edit, position, base in zip(winners, positions, _base_hands(entry, positions), strict=True):
        name = game.player(position)
        hand, history = dict(base.get("hand", {})), dict(base.get("history") or {})
        if (edit.tiles or "").strip():
            hand = _retyped(hand, str(edit.tiles), name)
        elif not hand:
            raise EntryError(f"hand #{seq}: {name} did not win it before: type {name}'s tiles, the winning tile last")
        if edit.melds is not None:
            hand["melds"] = _melds(game, seq, edit.melds, name)
        hand["self_drawn"] = by is None
        if edit.chain is not None:
            history = {"replacement_chain": list(edit.chain)} if edit.chain else {}
        if by is not None:
            history = {}  # a replacement chain ends in a self-draw; on a discard it no longer applies
        wins.append({"winner": position, "hand": hand, **({"history": history} if history else {})})
    return {"kind": "win", "wins": wins, "discarder": by, "note": entry.get("note", "")}


def win_entry(
    game: GameRecord, seq: int, winner: str | int, discarder: str | int | None, tiles: str | None = None
) -> dict[str, Any]:
    """Hand ``seq`` as a win by ``winner`` alone on ``discarder``'s tile (None: self-drawn), tiles retyped if given."""
    entry = _hand(game, seq).entry
    if not entry.get("wins") and not (tiles or "").strip():
        raise EntryError(f"hand #{seq} was not a win: type the winner's tiles, the winning tile last")
    return wins_entry(game, seq, [WinEdit(winner, tiles)], discarder)


def as_win(game_id: str, seq: int, version: int, winner: str | int, discarder: str | int | None,
           tiles: str | None = None, *, device: str | None = None, url: str | None = None,
           pin: str | None = None) -> GameRecord:  # fmt: skip
    """Make hand ``seq`` (at ``version``, as the editor saw it) a win: see :func:`win_entry`."""
    game = service.open_ledger(url).game(game_id)
    entry = win_entry(game, seq, winner, discarder, tiles)
    return service.edit_hand(game.id, seq, version, entry, device=device, url=url, pin=pin)


def as_wins(game_id: str, seq: int, version: int, winners: Sequence[WinEdit], discarder: str | int | None, *,
            device: str | None = None, url: str | None = None, pin: str | None = None) -> GameRecord:  # fmt: skip
    """Make hand ``seq`` a win by one or several players on one discard (一炮多響): see :func:`wins_entry`."""
    game = service.open_ledger(url).game(game_id)
    entry = wins_entry(game, seq, winners, discarder)
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
