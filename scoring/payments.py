"""Who pays whom after a hand: the scored faan through the profile's points table, payment scheme and liability.

Seats are 1=East .. 4=North (seat winds).  Every :class:`Settlement` sums to zero together with its ``pot``: money
only moves between the four players and the draw-game pot.  Each step writes a sentence into ``lines`` so a
disputed settlement can be read back at the table ("South discarded: pays 2 x 16 = 32").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from sikwu.scoring.errors import HandError, ProfileError
from sikwu.scoring.event_checks import check_history
from sikwu.scoring.hand import Hand, HandHistory, Seat
from sikwu.scoring.liability import Liability, find_liability
from sikwu.scoring.payment_rules import LiabilityRule, PaymentRules, apply
from sikwu.scoring.profile import Profile, load_profile
from sikwu.scoring.scorer import Score
from sikwu.scoring.tiles import SEAT_WINDS, TILE_NAMES

SEATS: tuple[Seat, ...] = (1, 2, 3, 4)


def seat_name(seat: Seat) -> str:
    """'South (seat 2)': seats are named by their wind so a table can follow a report."""
    return f"{TILE_NAMES[SEAT_WINDS[seat - 1]].english.split()[0]} (seat {seat})"


def seat_short(seat: Seat) -> str:
    return TILE_NAMES[SEAT_WINDS[seat - 1]].english.split()[0]


@dataclass(frozen=True)
class Settlement:
    """Result of settling one hand (or a penalty, or a draw).

    ``payments``: + receives, - pays, for all four seats.  ``pot``: points put into (+) or taken out of (-) the
    draw-game pot, so ``sum(payments) + pot == 0`` always.  ``legal`` is False when the hand did not reach the
    minimum and nothing was paid.  ``missing`` names what is needed before anything can be paid (the discarder of
    a discard win); the faan and table row are still reported.
    """

    points: int
    table_row: str
    payments: Mapping[Seat, int]
    lines: tuple[str, ...]
    legal: bool = True
    total: int = 0
    liable: Liability | None = None
    pot: int = 0
    kind: str = "win"  # "win" | "false_mahjong" | "draw"
    missing: str | None = None  # "discarder": won on a discard but nobody said who discarded; nothing settled

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "legal": self.legal,
            "points": self.points,
            "table_row": self.table_row,
            "total": self.total,
            "payments": {str(s): self.payments.get(s, 0) for s in SEATS},
            "pot": self.pot,
            "liable": None
            if self.liable is None
            else {"seat": self.liable.seat, "rule": self.liable.rule, "reason": self.liable.reason},
            "lines": list(self.lines),
            "missing": self.missing,
        }


def rules_of(profile: Profile | str) -> PaymentRules:
    """The validated PaymentRules of a profile (loading a built-in by name if given a string)."""
    if isinstance(profile, str):
        profile = load_profile(profile)
    if profile.payment is not None:
        return profile.payment
    return PaymentRules.from_table(profile.raw, profile.path or profile.name)


def _zero() -> dict[Seat, int]:
    return dict.fromkeys(SEATS, 0)


# ---------------------------------------------------------------------------------------------------------------
# settlement


def _shares(hand: Hand, rules: PaymentRules, points: int, as_self_draw: bool) -> tuple[dict[Seat, int], list[str]]:
    """What each loser pays before liability, with one line each."""
    scheme = rules.scheme
    winner = hand.seat
    shares: dict[Seat, int] = {}
    lines: list[str] = []
    for seat in SEATS:
        if seat == winner:
            continue
        dealer_involved = hand.dealer in (seat, winner) and scheme.dealer_factor != 1
        if as_self_draw:
            mult, role = scheme.self_draw_each, "self-draw share"
        elif seat == hand.discarder:
            mult, role = scheme.discarder, "discarder"
        else:
            mult, role = scheme.others_on_discard, "not the discarder"
        if dealer_involved:
            mult = mult * scheme.dealer_factor
        amount = apply(mult, points)
        shares[seat] = amount
        if amount == 0:
            continue
        dealer_note = f" (dealer factor {scheme.dealer_factor})" if dealer_involved else ""
        to = seat_short(winner)
        lines.append(f"{seat_name(seat)} pays {to} {_mult_text(mult)} x {points} = {amount}: {role}{dealer_note}")
    if not as_self_draw and scheme.others_on_discard == 0:
        lines.append("the other players pay nothing on a discard win")
    return shares, lines


def _mult_text(mult: Fraction) -> str:
    return str(mult.numerator) if mult.denominator == 1 else f"{float(mult):g}"


def settle(score: Score, profile: Profile | str, pot: int = 0, history: HandHistory | None = None) -> Settlement:
    """Per-seat payments for a scored hand under ``profile``.  ``pot``: draw-game pot the winner also collects;
    ``history``: what the hand does not show but liability needs (the replacement chain), as plain data from
    whoever kept the game (raises HandError when it does not fit the hand).

    South's self-drawn 7-faan hand under Sparrow's Nest: 24 points, each other player pays one share.

    >>> from sikwu.scoring import Hand, parse_tiles, score_hand
    >>> hand = Hand(parse_tiles("123m 456m 789m 111z 55m"), winning_tile="5m", self_drawn=True, seat=2)
    >>> settlement = settle(score_hand(hand, "sparrows-nest"), "sparrows-nest")
    >>> settlement.points, dict(settlement.payments)
    (24, {1: -24, 2: 72, 3: -24, 4: -24})
    >>> settlement.lines[1]
    'East (seat 1) pays South 1 x 24 = 24: self-draw share'
    """
    rules = rules_of(profile)
    hand: Hand = score.hand
    if history is not None:
        check_history(hand, history)
    winner = hand.seat
    if not score.meets_minimum:
        return _below_minimum(score)
    points, table_row = _table_points(score.faan, rules)
    robbed = "robbing_kong" in hand.events and not hand.self_drawn
    konger_pays = robbed and rules.scheme.robbing_kong == "as_self_draw_paid_by_konger"
    konger = hand.discarder if konger_pays else None
    as_self_draw = hand.self_drawn or konger is not None
    if not as_self_draw and hand.discarder is None:
        line = "won on a discard but no discarder given: say who discarded (or that it was self-drawn) to see payments"
        return Settlement(points, table_row, _zero(), (table_row, line), True, 0, None, 0, "win", "discarder")
    shares, lines = _shares(hand, rules, points, as_self_draw)
    lines.insert(0, f"{table_row}; {rules.describe()}")
    liable: Liability | None = None
    if konger is not None:
        shares, note = _konger_pays_all(shares, konger)
        lines.append(note)
    else:
        found = find_liability(hand, rules, history)
        if found is not None:
            liable, rule = found
            shares, note = _apply_liability(hand, shares, liable, rule)
            lines.append(note)
    payments = _zero()
    for seat, amount in shares.items():
        payments[seat] -= amount
        payments[winner] += amount
    total = payments[winner]
    if pot:
        payments[winner] += pot
        lines.append(f"{seat_name(winner)} also takes the draw-game pot of {pot}")
    lines.append(f"{seat_name(winner)} receives {payments[winner]} in total")
    return Settlement(points, table_row, payments, tuple(lines), True, total, liable, -pot)


def _below_minimum(score: Score) -> Settlement:
    faan, counted, minimum = score.faan, score.best.minimum_faan, score.minimum
    line = f"{counted} faan is below the {minimum}-faan minimum: not a legal win"
    if counted != faan:
        line += f" ({faan - counted} of the {faan} faan do not count towards the minimum)"
    return Settlement(0, f"no payment: below the {minimum}-faan minimum", _zero(), (line, "Nobody pays."), False)


def _table_points(faan: int, rules: PaymentRules) -> tuple[int, str]:
    """(points, the table row in words) of ``faan``."""
    row = rules.points.row_for(faan)
    if row is None:
        raise ProfileError(rules.where, "points.table", f"no row for {faan} faan; add one (e.g. an open-ended row)")
    label = f" (row {row.label})" if row.label != str(faan) else ""
    return row.points, f"{faan} faan -> {row.points} points{label}"


def _konger_pays_all(shares: dict[Seat, int], konger: Seat) -> tuple[dict[Seat, int], str]:
    total = sum(shares.values())
    note = (
        f"Robbing the kong: valued as a self-draw, {seat_name(konger)} who added to the kong pays all three shares "
        f"= {total}"
    )
    return {s: (total if s == konger else 0) for s in shares}, note


def _apply_liability(
    hand: Hand, shares: dict[Seat, int], liable: Liability, rule: LiabilityRule
) -> tuple[dict[Seat, int], str]:
    if hand.self_drawn:
        outcome, case = rule.self_drawn, "self-drawn"
    elif hand.discarder == liable.seat:
        outcome, case = rule.discard_by_liable, "won on the liable player's discard"
    else:
        outcome, case = rule.discard_by_other, "won on another player's discard"
    total = sum(shares.values())
    who = seat_name(liable.seat)
    head = f"Liability ({rule.name}{', ' + rule.source if rule.source else ''}): {who} {liable.reason}; {case}"
    if outcome == "liable_pays_all":
        new = {s: (total if s == liable.seat else 0) for s in shares}
        return new, f"{head}: {who} pays every share, {total}"
    if outcome == "split" and hand.discarder is not None:
        liable_part = (total + 1) // 2
        new = {s: 0 for s in shares}
        new[liable.seat] = liable_part
        new[hand.discarder] = new.get(hand.discarder, 0) + total - liable_part
        return new, (
            f"{head}: {who} and the discarder {seat_name(hand.discarder)} split {total}: "
            f"{liable_part} and {total - liable_part}"
        )
    return shares, f"{head}: normal payment"


def false_mahjong(offender: Seat | Iterable[Seat], profile: Profile | str, dealer: Seat = 1) -> Settlement:
    """Penalty for a false win under ``profile``; ``offender`` may be several seats (Chinese Classical 4.1)."""
    rules = rules_of(profile)
    fm = rules.false_mahjong
    offenders = _offenders(offender)
    names = ", ".join(seat_name(s) for s in offenders)
    payments = _zero()
    others = [s for s in SEATS if s not in offenders]
    src = f" ({fm.source})" if fm.source else ""
    if fm.kind == "none":
        return Settlement(
            0, "no penalty", payments, (f"False mahjong by {names}: this profile defines no penalty{src}.",),
            kind="false_mahjong",
        )  # fmt: skip
    lines = [f"False mahjong by {names}{src}"]
    if fm.kind == "fixed_per_player":
        each = fm.points // len(offenders)
        row = f"{fm.points} points to each non-offender"
        for o in offenders:
            for s in others:
                payments[o] -= each
                payments[s] += each
                lines.append(f"{seat_name(o)} pays {seat_name(s)} {each}")
        return Settlement(fm.points, row, payments, tuple(lines), kind="false_mahjong", total=fm.points)
    base, each, row = _penalty_share(profile, rules)
    factor = rules.scheme.dealer_factor if fm.dealer_factor_applies else Fraction(1)
    for o in offenders:
        for s in SEATS:
            if s == o or s in offenders:
                continue
            amount = apply(factor, each) if dealer in (o, s) else each
            payments[o] -= amount
            payments[s] += amount
            lines.append(f"{seat_name(o)} pays {seat_name(s)} {amount}")
    return Settlement(base, row, payments, tuple(lines), kind="false_mahjong", total=each)


def _offenders(offender: Seat | Iterable[Seat]) -> tuple[Seat, ...]:
    offenders = (offender,) if isinstance(offender, int) else tuple(sorted(set(offender)))
    for seat in offenders:
        if seat not in SEATS:
            raise HandError(f"offender seat {seat!r} is not a seat; use 1 (East) to 4 (North)")
    if not offenders or len(offenders) > 3:
        raise HandError("false mahjong needs one to three offending seats")
    return offenders


def _penalty_share(profile: Profile | str, rules: PaymentRules) -> tuple[int, int, str]:
    """(table points, what each offender pays each other player, the row in words) of a points-based penalty."""
    fm = rules.false_mahjong
    if fm.kind == "reverse_self_draw_limit":
        cap = _cap_of(profile)
        base = rules.points.points(cap)
        each = apply(rules.scheme.self_draw_each, base)
        return base, each, f"{cap} faan (limit) -> {base} points; self-draw share {each}"
    base = rules.points.points(fm.faan)  # faan_per_player
    return base, base, f"{fm.faan} faan -> {base} points"


def _cap_of(profile: Profile | str) -> int:
    return (load_profile(profile) if isinstance(profile, str) else profile).cap_faan


def draw_game(profile: Profile | str, pot_before: int = 0, last_hand: bool = False) -> Settlement:
    """A hand with no winner: each player feeds the pot, or on the last hand the pot is paid back (Sparrow's Nest)."""
    rules = rules_of(profile)
    draw = rules.draw
    payments = _zero()
    src = f" ({draw.source})" if draw.source else ""
    if last_hand:
        back = pot_before // 4
        for s in SEATS:
            payments[s] += back
        return Settlement(
            0, "draw on the last hand", payments,
            (f"Draw on the last hand{src}: the pot of {pot_before} is paid back, {back} to each player.",),
            kind="draw", pot=-4 * back,
        )  # fmt: skip
    if draw.pot_per_player == 0:
        return Settlement(
            0, "no pot", payments, (f"Draw game: this profile has no draw-game pot{src}; nobody pays.",), kind="draw"
        )
    for s in SEATS:
        payments[s] -= draw.pot_per_player
    total = 4 * draw.pot_per_player
    return Settlement(
        draw.pot_per_player, f"{draw.pot_per_player} points each into the pot", payments,
        (f"Draw game{src}: each player puts {draw.pot_per_player} into the pot for the next winner "
         f"(pot now {pot_before + total}).",),
        kind="draw", pot=total,
    )  # fmt: skip


__all__ = [
    "Liability",
    "Settlement",
    "draw_game",
    "false_mahjong",
    "find_liability",
    "rules_of",
    "seat_name",
    "settle",
]
