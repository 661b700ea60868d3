"""The ledger as the page and the CLI use it: a few calls taking player names and scoring's hand JSON.

The page scores a hand in the game's context (call :func:`table_context` to pre-fill seat winds, round wind and
dealer), then calls :func:`add_win` ("add to game") with the hand JSON it already has.  Seats inside that hand JSON
(``seat``, ``discarder``, melds' ``fed_by``) are seat winds at the time of the hand, exactly what the scoring page
shows; the ledger turns them into table positions so an edit of an earlier hand re-scores later hands correctly.
Every call returns the updated :class:`~sikwu.ledger.records.GameRecord` and raises a
:class:`~sikwu.ledger.errors.LedgerError` with a message to show as is.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from typing import Any, cast

from sikwu.ledger.db import normalise_url
from sikwu.ledger.engine import WIND_NAMES, TableState
from sikwu.ledger.entries import entry_from_dict
from sikwu.ledger.errors import EntryError, PlayerError
from sikwu.ledger.frozen import freeze_profile
from sikwu.ledger.models import Game
from sikwu.ledger.money import parse_decimal
from sikwu.ledger.records import GameRecord
from sikwu.ledger.settings import GameRules, builtin_rules_for, load_rules_file
from sikwu.ledger.store import Ledger, now
from sikwu.scoring import ScoringError
from sikwu.scoring.hand_json import parse_seat

_OPEN: dict[str, Ledger] = {}


def open_ledger(url: str | None = None) -> Ledger:
    """The ledger at ``url`` (default: ``SIKWU_DATABASE_URL`` or the user's data dir), opened and migrated once."""
    key = normalise_url(url)
    if key not in _OPEN:
        _OPEN[key] = Ledger(key)
    return _OPEN[key]


def close_ledgers() -> None:
    """Close every ledger this process opened (tests; a page shutting down)."""
    while _OPEN:
        _OPEN.popitem()[1].close()


def new_game(
    players: Sequence[str],
    profile: str = "sparrows-nest",
    *,
    name: str = "",
    rules_file: str | None = None,
    stake: str = "1",
    quantum: str = "0.01",
    currency: str = "",
    device: str | None = None,
    url: str | None = None,
    pin: str | None = None,
    game_rules: GameRules | None = None,
    league_id: str | None = None,
) -> GameRecord:
    """Start a game: four names in seat order (the first deals first), the profile and its game rules frozen in.

    With ``pin`` the game is protected: :func:`join_code` gives the code that opens it read-only, and every change
    needs the PIN (see :mod:`sikwu.ledger.access`)."""
    game = build_game(profile, name=name, rules_file=rules_file, stake=stake, quantum=quantum, currency=currency,
                      device=device, game_rules=game_rules)  # fmt: skip
    ledger = open_ledger(url)
    game_id = ledger.create_game(game, players, device, pin=pin, league_id=league_id)
    return ledger.game(game_id)


def build_game(
    profile: str = "sparrows-nest",
    *,
    name: str = "",
    rules_file: str | None = None,
    stake: str = "1",
    quantum: str = "0.01",
    currency: str = "",
    device: str | None = None,
    game_rules: GameRules | None = None,
) -> Game:
    """A new game's row, profile and rules frozen in, inputs validated (not stored yet)."""
    try:
        profile_name, profile_data = freeze_profile(profile)
    except ScoringError as exc:
        raise EntryError(f"profile: {exc}") from None
    parent = profile_data.get("meta", {}).get("extends")
    rules = game_rules or (load_rules_file(rules_file) if rules_file else builtin_rules_for(profile_name, parent))
    stake_value, quantum_value = parse_decimal(stake, "stake"), parse_decimal(quantum, "quantum")
    at = now()
    game = Game(
        id=str(uuid.uuid4()), name=name.strip() or f"{profile_name} {at:%Y-%m-%d %H:%M}", profile_name=profile_name,
        profile_data=profile_data, rules_data=rules.to_dict(), stake=str(stake_value), quantum=str(quantum_value),
        currency=currency.strip()[:16], state=TableState.start(rules).to_dict(), created_at=at, updated_at=at,
        device=(device or "").strip()[:100],
    )  # fmt: skip
    return game


def player_position(game: GameRecord, ref: str | int) -> int:
    """A player by name (any case) or table position 1-4."""
    if isinstance(ref, int) and not isinstance(ref, bool):
        if ref in (1, 2, 3, 4):
            return ref
    elif isinstance(ref, str):
        text = ref.strip()
        if text in ("1", "2", "3", "4"):
            return int(text)
        for i, player in enumerate(game.players):
            if player.casefold() == text.casefold():
                return i + 1
    raise PlayerError(f"{ref!r} is not a player of this game; use one of {', '.join(game.players)} (or 1-4)")


def table_context(game: GameRecord) -> dict[str, Any]:
    """What the page pre-fills before scoring the next hand: round wind, dealer (always seat 1), seats by name."""
    s = game.state
    return {
        "round_wind": s.round_wind, "dealer": 1, "streak": s.streak, "finished": s.finished,
        "seats": {game.player(p): s.seat_of(p) for p in (1, 2, 3, 4)}, "version": game.version,
        "label": f"{WIND_NAMES[min(s.round_index, 3)]} round, {game.player(s.dealer)} deals"
        + (f" (連莊 {s.streak})" if s.streak else ""),
    }  # fmt: skip


def _seat_to_position(state: TableState, value: Any, what: str) -> int:
    try:
        return state.position_of(parse_seat(value, what))
    except ScoringError as exc:
        raise EntryError(str(exc)) from None


def win_entry(
    game: GameRecord, hands: Sequence[Mapping[str, Any]], winners: Sequence[str | int | None],
    discarder: str | int | None, frame: TableState, note: str = "",
    histories: Sequence[Mapping[str, Any] | None] | None = None,
) -> dict[str, Any]:  # fmt: skip
    """Entry data from hand JSONs in seat-wind frame ``frame``; winners/discarder by name win over JSON seats.
    ``histories``: each hand's history (:mod:`sikwu.ledger.history`), stored with it and given to scoring."""
    wins = []
    histories = list(histories) if histories is not None else [None] * len(hands)
    if len(histories) != len(hands):
        raise EntryError(f"{len(hands)} hands but {len(histories)} histories; give one history per hand (or none)")
    for hand, winner, past in zip(hands, winners, histories, strict=True):
        if winner is None and "seat" not in hand:
            raise PlayerError("say who won: give the winner's name (or the winner's seat in the hand JSON)")
        if winner is not None:
            position = player_position(game, winner)
        else:
            position = _seat_to_position(frame, hand["seat"], "seat")
        melds = [dict(m) for m in hand.get("melds", []) or [] if isinstance(m, Mapping)]
        for m in melds:
            if m.get("fed_by") is not None:
                m["fed_by"] = _seat_to_position(frame, m["fed_by"], "melds.fed_by")
        wins.append({"winner": position, "hand": {**hand, "melds": melds}, **({"history": past} if past else {})})
    disc: int | None = None
    if discarder is not None:
        disc = player_position(game, discarder)
    else:
        seats = {h.get("discarder") for h in hands} - {None}
        if len(seats) > 1:
            raise EntryError("the hands name different discarders; simultaneous wins are on one discard")
        disc = _seat_to_position(frame, seats.pop(), "discarder") if seats else None
    return {"kind": "win", "wins": wins, "discarder": disc, "note": note}


def add_win(
    game_id: str,
    hand: Mapping[str, Any] | Sequence[Mapping[str, Any]],
    *,
    winner: str | int | Sequence[str | int | None] | None = None,
    discarder: str | int | None = None,
    device: str | None = None,
    hand_id: str | None = None,
    thumbnail: tuple[str, bytes] | None = None,
    note: str = "",
    url: str | None = None,
    pin: str | None = None,
    history: Mapping[str, Any] | Sequence[Mapping[str, Any] | None] | None = None,
) -> GameRecord:
    """The page's "add to game": one scored hand JSON (or a list of them for simultaneous wins on one discard).

    ``history``: what the table saw that the hand does not show, e.g. ``{"replacement_chain": [0, 1]}``
    (:mod:`sikwu.ledger.history`), one per hand for a list; stored with the hand and used on every recompute."""
    ledger = open_ledger(url)
    game = ledger.game(game_id, with_undone=False)
    hands = [hand] if isinstance(hand, Mapping) else list(hand)
    if isinstance(winner, list | tuple):
        winners: list[str | int | None] = list(winner)
    else:
        winners = [cast(str | int | None, winner)] * len(hands)
    if len(winners) != len(hands):
        raise EntryError(f"{len(hands)} hands but {len(winners)} winners; give one winner per hand")
    histories = [history] * len(hands) if history is None or isinstance(history, Mapping) else list(history)
    data = win_entry(game, hands, winners, discarder, game.state, note, histories)
    ledger.add_hand(game.id, entry_from_dict(data), device=device, hand_id=hand_id, thumbnail=thumbnail, pin=pin)
    return ledger.game(game.id)


def add_draw(game_id: str, *, device: str | None = None, hand_id: str | None = None, note: str = "",
             url: str | None = None, pin: str | None = None) -> GameRecord:  # fmt: skip
    ledger = open_ledger(url)
    ledger.add_hand(game_id, entry_from_dict({"kind": "draw", "note": note}), device=device, hand_id=hand_id,
                    pin=pin)  # fmt: skip
    return ledger.game(game_id)


def add_false_mahjong(game_id: str, offenders: Sequence[str | int], *, device: str | None = None,
                      hand_id: str | None = None, note: str = "", url: str | None = None,
                      pin: str | None = None) -> GameRecord:  # fmt: skip
    ledger = open_ledger(url)
    game = ledger.game(game_id, with_undone=False)
    data = {"kind": "false_mahjong", "offenders": [player_position(game, o) for o in offenders], "note": note}
    ledger.add_hand(game.id, entry_from_dict(data), device=device, hand_id=hand_id, pin=pin)
    return ledger.game(game.id)


def hand_frame(game: GameRecord, seq: int) -> TableState:
    """The seat-wind frame hand ``seq`` was played in (its dealer), for reading or editing its hand JSON."""
    for h in game.hands:
        if h.seq == seq:
            return TableState(dealer=int(h.result.get("context", {}).get("dealer", 1)))
    raise EntryError(f"game {game.id} has no hand #{seq}")


def edit_hand(game_id: str, seq: int, version: int, entry: Mapping[str, Any], *, device: str | None = None,
              url: str | None = None, pin: str | None = None) -> GameRecord:  # fmt: skip
    """Replace hand ``seq`` (at ``version``, as the editor last saw it) by ``entry`` (positions, see entries)."""
    ledger = open_ledger(url)
    ledger.edit_hand(game_id, seq, entry_from_dict(entry), version, device=device, pin=pin)
    return ledger.game(game_id)


def undo_hand(game_id: str, seq: int | None = None, version: int | None = None, *, device: str | None = None,
              url: str | None = None, pin: str | None = None) -> GameRecord:  # fmt: skip
    ledger = open_ledger(url)
    ledger.undo_hand(game_id, seq, version, device=device, pin=pin)
    return ledger.game(game_id)


def join_code(game_id: str, pin: str | None, *, url: str | None = None) -> str:
    """The code that opens a protected game read-only (only for the PIN holder, who shares it)."""
    return open_ledger(url).join_code("game", game_id, pin)


def game_by_code(code: str, *, client: str | None = None, url: str | None = None) -> GameRecord:
    """The page's way in: the game a join code opens, read-only (changes then need the PIN).  Wrong codes are
    rate-limited per ``client`` (the page's client address or device token) and server-wide."""
    return open_ledger(url).game_by_code(code, client)
