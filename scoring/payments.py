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
from sikwu.scoring.message_texts import say
from sikwu.scoring.messages import Message, seat_name, seat_wind_word, to_json
from sikwu.scoring.payment_rules import LiabilityRule, PaymentRules, apply
from sikwu.scoring.profile import Profile, load_profile
from sikwu.scoring.profile_texts import say_profile
from sikwu.scoring.scorer import Score

SEATS: tuple[Seat, ...] = (1, 2, 3, 4)


def seat_short(seat: Seat) -> str:
    return seat_wind_word(seat)


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
            "line_messages": [to_json(line) for line in self.lines],
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
            mult, role = scheme.self_draw_each, "self_draw"
        elif seat == hand.discarder:
            mult, role = scheme.discarder, "discarder"
        else:
            mult, role = scheme.others_on_discard, "other"
        if dealer_involved:
            mult = mult * scheme.dealer_factor
        amount = apply(mult, points)
        shares[seat] = amount
        if amount == 0:
            continue
        dealer_note = say("payment.dealer_factor", factor=str(scheme.dealer_factor)) if dealer_involved else ""
        lines.append(
            say(
                "payment.share",
                payer_seat=seat,
                winner_wind=winner,
                times=_mult_text(mult),
                points=points,
                amount=amount,
                role=say(f"payment.role.{role}"),
                dealer=dealer_note,
            )
        )
    if not as_self_draw and scheme.others_on_discard == 0:
        lines.append(say("payment.others_pay_nothing"))
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
        line = say("payment.no_discarder")
        return Settlement(points, table_row, _zero(), (table_row, line), True, 0, None, 0, "win", "discarder")
    shares, lines = _shares(hand, rules, points, as_self_draw)
    lines.insert(0, say("payment.row_and_rule", row=table_row, rule=rules.describe()))
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
        lines.append(say("payment.pot", winner_seat=winner, pot=pot))
    lines.append(say("payment.receives", winner_seat=winner, amount=payments[winner]))
    return Settlement(points, table_row, payments, tuple(lines), True, total, liable, -pot)


def _below_minimum(score: Score) -> Settlement:
    faan, counted, minimum = score.faan, score.best.minimum_faan, score.minimum
    extra = say("payment.not_counted", count=faan - counted, faan=faan) if counted != faan else ""
    line = say("payment.below_minimum", counted=counted, minimum=minimum, excluded=extra)
    row = say("payment.no_payment_row", minimum=minimum)
    return Settlement(0, row, _zero(), (line, say("payment.nobody_pays")), False)


def _table_points(faan: int, rules: PaymentRules) -> tuple[int, Message]:
    """(points, the table row in words) of ``faan``."""
    row = rules.points.row_for(faan)
    if row is None:
        raise ProfileError(rules.where, "points.table", say_profile("points.no_row", faan=faan))
    label = say("payment.table_row_label", label=row.label) if row.label != str(faan) else ""
    return row.points, say("payment.table_row", faan=faan, points=row.points, row=label)


def _konger_pays_all(shares: dict[Seat, int], konger: Seat) -> tuple[dict[Seat, int], str]:
    total = sum(shares.values())
    note = say("payment.robbed_kong", konger_seat=konger, total=total)
    return {s: (total if s == konger else 0) for s in shares}, note


def _apply_liability(
    hand: Hand, shares: dict[Seat, int], liable: Liability, rule: LiabilityRule
) -> tuple[dict[Seat, int], str]:
    if hand.self_drawn:
        outcome, case = rule.self_drawn, "self_drawn"
    elif hand.discarder == liable.seat:
        outcome, case = rule.discard_by_liable, "liable_discard"
    else:
        outcome, case = rule.discard_by_other, "other_discard"
    total = sum(shares.values())
    who = liable.seat
    # the rule as the profile names it in English; another language says what kind of liability it is
    named = say(f"liability.rule.{rule.trigger}", text=f"{rule.name}{', ' + rule.source if rule.source else ''}")
    why = liable.reason
    head = say("liability.head", rule=named, liable_seat=who, why=why, case=say(f"liability.case.{case}"))
    if outcome == "liable_pays_all":
        new = {s: (total if s == liable.seat else 0) for s in shares}
        return new, say("liability.pays_all", head=head, liable_seat=who, total=total)
    if outcome == "split" and hand.discarder is not None:
        liable_part = (total + 1) // 2
        new = {s: 0 for s in shares}
        new[liable.seat] = liable_part
        new[hand.discarder] = new.get(hand.discarder, 0) + total - liable_part
        return new, say(
            "liability.split",
            head=head,
            liable_seat=who,
            discarder_seat=hand.discarder,
            total=total,
            part=liable_part,
            rest=total - liable_part,
        )
    return shares, say("liability.normal", head=head)


def false_mahjong(offender: Seat | Iterable[Seat], profile: Profile | str, dealer: Seat = 1) -> Settlement:
    """Penalty for a false win under ``profile``; ``offender`` may be several seats (Chinese Classical 4.1)."""
    rules = rules_of(profile)
    fm = rules.false_mahjong
    offenders = _offenders(offender)
    payments = _zero()
    others = [s for s in SEATS if s not in offenders]
    src = say("source", source=fm.source) if fm.source else ""
    if fm.kind == "none":
        return Settlement(
            0, say("penalty.no_penalty_row"), payments,
            (say("penalty.none", offender_seats=offenders, source=src),), kind="false_mahjong",
        )  # fmt: skip
    lines = [say("penalty.head", offender_seats=offenders, source=src)]
    if fm.kind == "fixed_per_player":
        each = fm.points // len(offenders)
        row = say("penalty.fixed_row", points=fm.points)
        for o in offenders:
            for s in others:
                payments[o] -= each
                payments[s] += each
                lines.append(say("penalty.pays", payer_seat=o, payee_seat=s, amount=each))
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
            lines.append(say("penalty.pays", payer_seat=o, payee_seat=s, amount=amount))
    return Settlement(base, row, payments, tuple(lines), kind="false_mahjong", total=each)


def _offenders(offender: Seat | Iterable[Seat]) -> tuple[Seat, ...]:
    offenders = (offender,) if isinstance(offender, int) else tuple(sorted(set(offender)))
    for seat in offenders:
        if seat not in SEATS:
            raise HandError(f"offender seat {seat!r} is not a seat; use 1 (East) to 4 (North)")
    if not offenders or len(offenders) > 3:
        raise HandError("false mahjong needs one to three offending seats")
    return offenders


def _penalty_share(profile: Profile | str, rules: PaymentRules) -> tuple[int, int, Message]:
    """(table points, what each offender pays each other player, the row in words) of a points-based penalty."""
    fm = rules.false_mahjong
    if fm.kind == "reverse_self_draw_limit":
        cap = _cap_of(profile)
        base = rules.points.points(cap)
        each = apply(rules.scheme.self_draw_each, base)
        return base, each, say("penalty.limit_row", cap=cap, points=base, each=each)
    base = rules.points.points(fm.faan)  # faan_per_player
    return base, base, say("penalty.faan_row", faan=fm.faan, points=base)


def _cap_of(profile: Profile | str) -> int:
    return (load_profile(profile) if isinstance(profile, str) else profile).cap_faan


def draw_game(profile: Profile | str, pot_before: int = 0, last_hand: bool = False) -> Settlement:
    """A hand with no winner: each player feeds the pot, or on the last hand the pot is paid back (Sparrow's Nest)."""
    rules = rules_of(profile)
    draw = rules.draw
    payments = _zero()
    src = say("source", source=draw.source) if draw.source else ""
    if last_hand:
        back = pot_before // 4
        for s in SEATS:
            payments[s] += back
        return Settlement(
            0, say("draw.last_hand_row"), payments,
            (say("draw.last_hand", source=src, pot=pot_before, back=back),),
            kind="draw", pot=-4 * back,
        )  # fmt: skip
    if draw.pot_per_player == 0:
        return Settlement(
            0, say("draw.no_pot_row"), payments, (say("draw.no_pot", source=src),), kind="draw"
        )  # fmt: skip
    for s in SEATS:
        payments[s] -= draw.pot_per_player
    total = 4 * draw.pot_per_player
    each = draw.pot_per_player
    return Settlement(
        each, say("draw.pot_row", each=each), payments,
        (say("draw.pot", source=src, each=each, pot=pot_before + total),),
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
