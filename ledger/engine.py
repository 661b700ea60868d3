"""The table's state from hand to hand: dealer, 連莊 count, round wind, draw-game pot and running totals.

Pure and deterministic (no database): :func:`play` takes the state before a hand and the hand's entry and returns
what the hand paid and the state after it, so adding a hand costs one step and an edit replays from the edited hand
on.  Positions 1-4 are the seats taken at the start (position 1 deals first); the seat wind of a position is
counted from the current dealer, so scoring always sees the winner's real seat wind.  The totals plus the pot are
zero after every hand (checked here, not only in tests).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from sikwu.ledger.entries import HandEntry
from sikwu.ledger.errors import GameFinishedError, LedgerError
from sikwu.ledger.scorecache import ScoredWin, score_win
from sikwu.ledger.settings import GameRules
from sikwu.scoring import Profile
from sikwu.scoring.payments import draw_game, false_mahjong, rules_of
from sikwu.scoring.tiles import WIND_IDS

WIND_NAMES = ("East", "South", "West", "North")


@dataclass(frozen=True)
class TableState:
    """Where the game stands before the next hand."""

    hands: int = 0  # hands recorded so far
    round_index: int = 0  # 0 = East round .. 3 = North round
    dealer: int = 1  # position of the dealer
    streak: int = 0  # 連莊: hands the current dealer has kept the deal
    passes: int = 0  # times the deal has passed in this round (the round wind advances after four)
    pot: int = 0  # draw-game pot, in points
    totals: tuple[int, int, int, int] = (0, 0, 0, 0)
    finished: bool = False

    @classmethod
    def start(cls, rules: GameRules) -> TableState:
        """The state before a game's first hand: its first round wind, position 1 dealing."""
        return cls(round_index=rules.first_round)

    def seat_of(self, position: int) -> int:
        """Seat wind (1 = East) of a table position under the current dealer."""
        return (position - self.dealer) % 4 + 1

    def position_of(self, seat: int) -> int:
        return (seat - 1 + self.dealer - 1) % 4 + 1

    @property
    def round_wind(self) -> str:
        return WIND_IDS[self.round_index]

    def to_dict(self) -> dict[str, Any]:
        return {
            "hands": self.hands, "round_index": self.round_index, "round_wind": WIND_NAMES[self.round_index],
            "dealer": self.dealer, "streak": self.streak, "passes": self.passes, "pot": self.pot,
            "totals": list(self.totals), "finished": self.finished,
        }  # fmt: skip

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TableState:
        return cls(
            hands=int(data["hands"]), round_index=int(data["round_index"]), dealer=int(data["dealer"]),
            streak=int(data["streak"]), passes=int(data["passes"]), pot=int(data["pot"]),
            totals=tuple(int(t) for t in data["totals"]), finished=bool(data["finished"]),  # type: ignore[arg-type]
        )  # fmt: skip


@dataclass(frozen=True)
class Outcome:
    """What one hand did: per-position payments (+ receives), pot change, the scored hands and readable lines."""

    kind: str
    before: TableState
    payments: tuple[int, int, int, int]
    pot_delta: int
    wins: tuple[dict[str, Any], ...]
    lines: tuple[str, ...]
    dealer_stays: bool

    def to_dict(self) -> dict[str, Any]:
        b = self.before
        return {
            "kind": self.kind,
            "context": {"round_wind": WIND_NAMES[b.round_index], "dealer": b.dealer, "streak": b.streak,
                        "pot_before": b.pot, "seat_winds": [b.seat_of(p) for p in (1, 2, 3, 4)]},
            "payments": list(self.payments),
            "pot_delta": self.pot_delta,
            "wins": list(self.wins),
            "lines": list(self.lines),
            "dealer_stays": self.dealer_stays,
        }  # fmt: skip


def _advance(state: TableState, stays: bool, rules: GameRules) -> TableState:
    if stays:
        return replace(state, streak=state.streak + 1)
    passes, round_index = state.passes + 1, state.round_index
    if passes == 4:
        passes, round_index = 0, round_index + 1
    if round_index > rules.last_round:  # the last deal of the last round has passed: the game is over
        return replace(state, dealer=1, streak=0, passes=0, round_index=rules.last_round, finished=True)
    return replace(state, dealer=state.dealer % 4 + 1, streak=0, passes=passes, round_index=round_index)


def _by_position(state: TableState, by_seat: Mapping[Any, int]) -> list[int]:
    out = [0, 0, 0, 0]
    for seat, amount in by_seat.items():
        out[state.position_of(int(seat)) - 1] += int(amount)
    return out


def _turn_distance(discarder: int, position: int) -> int:
    return (position - discarder) % 4


def _paid_wins(scored: list[ScoredWin], entry: HandEntry, rules: GameRules) -> tuple[list[ScoredWin], str]:
    """Which winners are paid on one discard: all (each_paid) or the nearest in turn order (nearest_takes)."""
    if len(scored) == 1 or rules.simultaneous_mode == "each_paid":
        return scored, ""
    assert entry.discarder is not None
    special = [s for s in scored if s.shape in rules.turn_order_exceptions]
    pool = special or scored
    taker = min(pool, key=lambda s: _turn_distance(entry.discarder or 0, s.position))
    why = "its shape takes the tile regardless of turn order" if special else "nearest the discarder in turn order"
    return [taker], f"position {taker.position} takes the tile ({why}; {rules.source})"


def _play_win(state: TableState, entry: HandEntry, profile: Profile, rules: GameRules):
    discarder_seat = None if entry.discarder is None else state.seat_of(entry.discarder)
    scored = [
        score_win(profile, w.hand, w.winner, tuple(state.seat_of(p) for p in (1, 2, 3, 4)), discarder_seat,
                  state.round_wind, w.history)
        for w in entry.wins
    ]  # fmt: skip
    paid, why = _paid_wins(scored, entry, rules)
    payments = [0, 0, 0, 0]
    lines: list[str] = [why] if why else []
    for s in paid:
        for i, amount in enumerate(_by_position(state, s.payments_by_seat)):
            payments[i] += amount
        lines.extend(s.lines)
    pot_delta = 0
    if state.pot:
        start = entry.discarder if entry.discarder is not None else paid[0].position
        taker = min(paid, key=lambda s: _turn_distance(start, s.position) or 4)
        payments[taker.position - 1] += state.pot
        pot_delta = -state.pot
        lines.append(f"position {taker.position} also takes the draw-game pot of {state.pot}")
    paid_positions = {s.position for s in paid}
    wins = tuple({**s.to_dict(), "paid": s.position in paid_positions} for s in scored)
    stays = rules.repeat_on_win and state.dealer in paid_positions
    return payments, pot_delta, wins, lines, stays


def play(state: TableState, entry: HandEntry, profile: Profile, rules: GameRules) -> tuple[Outcome, TableState]:
    """Apply one hand.  Raises GameFinishedError after the last round, EntryError for a hand that cannot count."""
    if state.finished:
        raise GameFinishedError(
            f"the game is over: all {rules.rounds} round(s) have been played; start a new game (sikwu game new)"
        )
    wins: tuple[dict[str, Any], ...] = ()
    if entry.kind == "win":
        payments, pot_delta, wins, lines, stays = _play_win(state, entry, profile, rules)
    elif entry.kind == "draw":
        stays = rules.repeat_on_draw
        last = _advance(state, stays, rules).finished and rules_of(profile).draw.reimburse_on_last_hand
        st = draw_game(profile, state.pot, last_hand=last)
        payments, pot_delta, lines = _by_position(state, st.payments), st.pot, list(st.lines)
    else:
        stays = rules.repeat_on_false_mahjong
        st = false_mahjong([state.seat_of(p) for p in entry.offenders], profile, dealer=1)
        payments, pot_delta, lines = _by_position(state, st.payments), 0, list(st.lines)
    totals = tuple(t + p for t, p in zip(state.totals, payments, strict=True))
    if sum(totals) + state.pot + pot_delta != 0:  # pragma: no cover - a scoring bug, never bad input
        raise LedgerError(f"internal error: hand {state.hands + 1} does not sum to zero; please report it")
    after = _advance(replace(state, totals=totals, pot=state.pot + pot_delta, hands=state.hands + 1), stays, rules)  # type: ignore[arg-type]
    out = Outcome(entry.kind, state, tuple(payments), pot_delta, wins, tuple(lines), stays)  # type: ignore[arg-type]
    return out, after


def replay(
    entries: Iterable[HandEntry], profile: Profile, rules: GameRules, start: TableState | None = None
) -> list[tuple[Outcome, TableState]]:
    """Play entries in order from ``start`` (a new game by default); the state after each is returned with it."""
    state = start or TableState.start(rules)
    out = []
    for entry in entries:
        outcome, state = play(state, entry, profile, rules)
        out.append((outcome, state))
    return out
