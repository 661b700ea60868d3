"""What the table says happened in one hand (the entry), kept apart from what the ledger works out from it.

An entry names players by their table position (1-4: the seat they took at the start, position 1 dealing first),
never by seat wind: the seat winds move with the deal, and an edit of an earlier hand can change who deals later.
So a stored hand JSON (scoring's ``hand_json`` format) keeps only the tiles, melds (``fed_by`` as a *position*),
bonus tiles, winning tile, self-drawn flag and events; the seat, round wind, dealer and discarder are filled in
from the game's state every time the hand is scored, so a recompute after an edit re-scores it correctly (a seat
wind pung, a seat flower).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from sikwu.ledger.errors import EntryError, PlayerError
from sikwu.ledger.history import clean_history
from sikwu.scoring import ScoringError
from sikwu.scoring.hand_json import hand_from_json, hand_to_json

KINDS: Final = ("win", "draw", "false_mahjong")
POSITIONS: Final = (1, 2, 3, 4)
#: hand JSON fields the ledger fills in from the game's state (they are not part of a stored entry)
CONTEXT_FIELDS: Final = ("seat", "round_wind", "dealer", "discarder")


def _position(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value not in POSITIONS:
        raise PlayerError(f"{what} {value!r} is not a table position; use 1-4 (or the player's name)")
    return value


@dataclass(frozen=True)
class Win:
    """One winner, the hand they showed (positions, not seat winds, in ``fed_by``) and what the table saw of its
    history (:mod:`sikwu.ledger.history`; empty = not known)."""

    winner: int
    hand: Mapping[str, Any]
    history: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """Without an empty history, so entries stored before histories existed compare equal to their re-sends."""
        out: dict[str, Any] = {"winner": self.winner, "hand": dict(self.hand)}
        if self.history:
            out["history"] = dict(self.history)
        return out


@dataclass(frozen=True)
class HandEntry:
    """A recorded hand: a win (one or several winners on one discard), a draw game, or a false mahjong."""

    kind: str
    wins: tuple[Win, ...] = ()
    discarder: int | None = None
    offenders: tuple[int, ...] = ()
    note: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "wins": [w.to_dict() for w in self.wins],
            "discarder": self.discarder,
            "offenders": list(self.offenders),
            "note": self.note,
        }


def _clean_hand(raw: Any, what: str) -> dict[str, Any]:
    """Validate a hand JSON and keep the canonical form minus the context fields (filled in per game state)."""
    if not isinstance(raw, Mapping):
        raise EntryError(f'{what}: the hand must be a hand JSON object like {{"concealed": [...]}}')
    probe = {k: v for k, v in raw.items() if k not in CONTEXT_FIELDS}
    fed = [m.get("fed_by") if isinstance(m, Mapping) else None for m in probe.get("melds", []) or []]
    try:
        canonical = hand_to_json(hand_from_json(probe))
    except ScoringError as exc:
        raise EntryError(f"{what}: {exc}") from None
    for meld, fed_by in zip(canonical["melds"], fed, strict=True):
        if fed_by is not None:
            meld["fed_by"] = _position(fed_by, f"{what}: meld fed_by")
        else:
            meld.pop("fed_by", None)
    return {k: v for k, v in canonical.items() if k not in CONTEXT_FIELDS}


def _lift_history(hand: Any, history: Any, what: str) -> tuple[Any, Any]:
    """A hand JSON may carry its ``"history"`` inside (as ``sikwu score`` reads and writes it): the ledger keeps it
    beside the hand, so it is lifted out -- refused when it is also given beside the hand, not silently dropped."""
    if not isinstance(hand, Mapping) or "history" not in hand:
        return hand, history
    if history is not None:
        raise EntryError(f"{what}: the history is given twice (inside the hand JSON and beside it); give it once")
    return {k: v for k, v in hand.items() if k != "history"}, hand["history"]


def entry_from_dict(data: Any) -> HandEntry:
    """Check a stored or submitted entry; raises EntryError/PlayerError naming what to fix."""
    if not isinstance(data, Mapping):
        raise EntryError("a hand entry must be an object with 'kind' (win, draw or false_mahjong)")
    kind = data.get("kind")
    if kind not in KINDS:
        raise EntryError(f"hand kind {kind!r} is unknown; use one of {', '.join(KINDS)}")
    note = data.get("note", "") or ""
    if not isinstance(note, str):
        raise EntryError("note must be text")
    if kind == "draw":
        if data.get("wins") or data.get("offenders"):
            raise EntryError("a draw game has no winners and no offenders")
        return HandEntry("draw", note=note)
    if kind == "false_mahjong":
        offenders = tuple(sorted({_position(o, "offender") for o in data.get("offenders") or ()}))
        if not 1 <= len(offenders) <= 3:
            raise EntryError("a false mahjong needs one to three offending players")
        return HandEntry("false_mahjong", offenders=offenders, note=note)
    raw_wins = data.get("wins") or []
    if not isinstance(raw_wins, list) or not raw_wins:
        raise EntryError("a win needs at least one winner with the hand they showed")
    wins = []
    for i, w in enumerate(raw_wins):
        if not isinstance(w, Mapping):
            raise EntryError(f"wins[{i}] must be an object with 'winner' and 'hand'")
        winner = _position(w.get("winner"), f"wins[{i}].winner")
        what = f"hand of the winner at position {winner}"
        raw_hand, raw_history = _lift_history(w.get("hand"), w.get("history"), what)
        hand = _clean_hand(raw_hand, what)
        wins.append(Win(winner, hand, clean_history(raw_history, hand, what)))
    discarder = data.get("discarder")
    discarder = None if discarder is None else _position(discarder, "discarder")
    _check_wins(wins, discarder)
    return HandEntry("win", tuple(sorted(wins, key=lambda w: w.winner)), discarder, note=note)


def _check_wins(wins: list[Win], discarder: int | None) -> None:
    winners = [w.winner for w in wins]
    if len(set(winners)) != len(winners):
        raise EntryError("the same player is listed as winner twice; one hand per winner")
    drawn = [w.hand.get("self_drawn", False) for w in wins]
    if any(drawn):
        if len(wins) > 1:
            raise EntryError("only one player can win on a self-drawn tile; several winners means one discard")
        if discarder is not None:
            raise EntryError("a self-drawn win has no discarder; remove the discarder or clear self_drawn")
        return
    if discarder is None:
        raise EntryError("won on a discard: say who discarded the winning tile (or mark the hand self-drawn)")
    if discarder in winners:
        raise EntryError("the discarder cannot also be a winner of the same tile")
