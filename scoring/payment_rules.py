"""The settlement half of a rule profile: faan -> points, who pays whom, liability, penalties, the draw-game pot.

The rule documents disagree on all of these (Sparrow's Nest: discarder pays 2x, nobody else; HK Old Style variants
1/2: discarder 2x and the others 1x, self-draw everyone 2x; New Style: "discarder pays all"), so each is *data* in
the profile's ``[points]``, ``[payment]``, ``[liability]``, ``[penalties]`` and ``[draw]`` tables, checked once on
load.  A bad table raises :class:`~scoring.errors.ProfileError` naming the file, the key and what to write instead,
so a house-rule author sees the mistake before a hand is ever settled.

Nothing here computes a payment; :mod:`scoring.payments` applies these rules to a scored hand.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final

from sikwu.scoring.liability_rules import LiabilityRule, parse_liability_rule
from sikwu.scoring.message_texts import say
from sikwu.scoring.messages import Message
from sikwu.scoring.points_table import PointsRow, PointsTable, formula_points, parse_points
from sikwu.scoring.profile_texts import say_profile
from sikwu.scoring.table_checks import as_bool, as_choice, as_int, as_multiplier, as_str, check_keys, fail, get_table

SECTIONS: Final = ("points", "payment", "liability", "penalties", "draw")

FALSE_MAHJONG_KINDS: Final = ("none", "reverse_self_draw_limit", "fixed_per_player", "faan_per_player")
ROBBING_KONG: Final = ("as_discard", "as_self_draw_paid_by_konger")


# --------------------------------------------------------------------------------------------------------------
# [payment]


@dataclass(frozen=True)
class PaymentScheme:
    """Multiples of the table points each loser pays.

    ``discarder``/``others_on_discard`` apply when the hand is won on a discard, ``self_draw_each`` when self-drawn.
    ``dealer_factor`` multiplies any payment to or from the dealer (1 in every built-in: no document has a dealer
    premium).  ``robbing_kong`` says whether a robbed kong is paid like a discard by the konger or, as Sparrow's Nest
    has it, valued as a self-draw with the konger paying all three shares.
    """

    discarder: Fraction
    others_on_discard: Fraction
    self_draw_each: Fraction
    dealer_factor: Fraction = Fraction(1)
    robbing_kong: str = "as_discard"
    describe: str = ""


def _parse_payment(table: Mapping[str, Any], where: str) -> PaymentScheme:
    allowed = (
        "discarder",
        "others_on_discard",
        "self_draw_each",
        "dealer_factor",
        "robbing_kong",
        "describe",
        "source",
    )
    check_keys(table, allowed, where, "payment")
    for key in ("discarder", "others_on_discard", "self_draw_each"):
        if key not in table:
            raise fail(where, f"payment.{key}", say_profile("payment.missing_share"))
    scheme = PaymentScheme(
        discarder=as_multiplier(table["discarder"], where, "payment.discarder"),
        others_on_discard=as_multiplier(table["others_on_discard"], where, "payment.others_on_discard"),
        self_draw_each=as_multiplier(table["self_draw_each"], where, "payment.self_draw_each"),
        dealer_factor=as_multiplier(table.get("dealer_factor", 1), where, "payment.dealer_factor"),
        robbing_kong=as_choice(table.get("robbing_kong", "as_discard"), ROBBING_KONG, where, "payment.robbing_kong"),
        describe=as_str(table.get("describe", ""), where, "payment.describe"),
    )
    if scheme.discarder == 0 and scheme.others_on_discard == 0:
        raise fail(where, "payment.discarder", say_profile("payment.nobody_on_discard"))
    if scheme.self_draw_each == 0:
        raise fail(where, "payment.self_draw_each", say_profile("payment.nobody_on_self_draw"))
    if scheme.dealer_factor == 0:
        raise fail(where, "payment.dealer_factor", say_profile("payment.dealer_factor_zero"))
    return scheme


# --------------------------------------------------------------------------------------------------------------
# [penalties] and [draw]


@dataclass(frozen=True)
class FalseMahjongRule:
    """Penalty for a false win (false out / erroneous mahjong).

    ``reverse_self_draw_limit``: offender pays each other player what they would pay on a self-drawn limit hand
    (Sparrow's Nest).  ``fixed_per_player``: each non-offender receives ``points`` in total, split evenly among the
    offenders (Chinese Classical 4.1: 300; two offenders 150 each; three 100 each).  ``faan_per_player``: offender
    pays each player the table points of ``faan`` (Old Style "Erroneous Mahjong": 4 fan worth).  ``none``: the
    documents define no penalty.
    """

    kind: str
    points: int = 0
    faan: int = 0
    dealer_factor_applies: bool = False
    source: str = ""


@dataclass(frozen=True)
class DrawRule:
    """Draw-game pot: each player puts ``pot_per_player`` in; the next winner takes it (Sparrow's Nest)."""

    pot_per_player: int = 0
    reimburse_on_last_hand: bool = False
    source: str = ""


def _parse_penalties(table: Mapping[str, Any], where: str) -> FalseMahjongRule:
    check_keys(table, ("false_mahjong",), where, "penalties")
    fm = table.get("false_mahjong", {"kind": "none"})
    if not isinstance(fm, Mapping):
        raise fail(where, "penalties.false_mahjong", say_profile("penalty.not_a_table"))
    check_keys(fm, ("kind", "points", "faan", "dealer_factor_applies", "source"), where, "penalties.false_mahjong")
    kind = as_choice(fm.get("kind", "none"), FALSE_MAHJONG_KINDS, where, "penalties.false_mahjong.kind")
    points = as_int(fm.get("points", 0), where, "penalties.false_mahjong.points")
    faan = as_int(fm.get("faan", 0), where, "penalties.false_mahjong.faan")
    if kind == "fixed_per_player" and points <= 0:
        raise fail(where, "penalties.false_mahjong.points", say_profile("penalty.fixed_needs_points"))
    if kind == "faan_per_player" and "faan" not in fm:
        raise fail(where, "penalties.false_mahjong.faan", say_profile("penalty.faan_needs_faan"))
    return FalseMahjongRule(
        kind=kind,
        points=points,
        faan=faan,
        dealer_factor_applies=as_bool(
            fm.get("dealer_factor_applies", False), where, "penalties.false_mahjong.dealer_factor_applies"
        ),
        source=as_str(fm.get("source", ""), where, "penalties.false_mahjong.source"),
    )


def _parse_draw(table: Mapping[str, Any], where: str) -> DrawRule:
    check_keys(table, ("pot_per_player", "reimburse_on_last_hand", "source"), where, "draw")
    return DrawRule(
        pot_per_player=as_int(table.get("pot_per_player", 0), where, "draw.pot_per_player"),
        reimburse_on_last_hand=as_bool(
            table.get("reimburse_on_last_hand", False), where, "draw.reimburse_on_last_hand"
        ),
        source=as_str(table.get("source", ""), where, "draw.source"),
    )


# --------------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PaymentRules:
    """Everything :mod:`scoring.payments` needs, validated.  Built by :meth:`from_table` from a profile's raw TOML."""

    points: PointsTable
    scheme: PaymentScheme
    liability: tuple[LiabilityRule, ...]
    false_mahjong: FalseMahjongRule
    draw: DrawRule
    where: str = "<profile>"

    @classmethod
    def from_table(cls, raw: Mapping[str, Any], where: str) -> PaymentRules:
        """Parse the settlement sections of a merged profile ``raw`` (the whole TOML dict); ``where`` names the file.

        Raises ProfileError for a missing ``[points]``/``[payment]`` table, unknown keys, wrong types, bad rows.
        """
        points = parse_points(get_table(raw, "points", where, required=True), where)
        scheme = _parse_payment(get_table(raw, "payment", where, required=True), where)
        liability_table = get_table(raw, "liability", where, required=False)
        rules = []
        for name, body in liability_table.items():
            if isinstance(body, Mapping) and body.get("enabled", True) is False:
                continue
            rules.append(parse_liability_rule(name, body, where))
        false_mahjong = _parse_penalties(get_table(raw, "penalties", where, required=False), where)
        draw = _parse_draw(get_table(raw, "draw", where, required=False), where)
        built = cls(points, scheme, tuple(rules), false_mahjong, draw, where)
        limits = raw.get("rules")
        if isinstance(limits, Mapping):
            minimum, cap = limits.get("minimum_faan"), limits.get("cap_faan")
            if isinstance(minimum, int) and isinstance(cap, int):
                built.check_covers(minimum, cap)
        return built

    def check_covers(self, minimum: int, cap: int | None) -> None:
        """Every faan a legal hand can score (minimum..cap) must have a points row: say so on load, not mid-game."""
        if self.points.lowest > minimum:
            raise fail(self.where, "points.table", say_profile("points.no_minimum_row", minimum=minimum))
        highest = self.points.highest
        if highest is not None and (cap is None or cap > highest):
            top = say_profile("points.any_faan") if cap is None else say_profile("points.cap_faan", cap=cap)
            problem = say_profile("points.rows_stop", highest=highest, top=top, next=highest + 1)
            raise fail(self.where, "points.table", problem)

    def describe(self) -> Message:
        """One line for reports: how a win is paid under this profile.

        A profile's own ``describe`` words it in English; the key and numbers say the same for another language."""
        s = self.scheme
        key = "payment.rule" if s.others_on_discard else "payment.rule_others_nothing"
        return say(
            key,
            text=s.describe or None,
            discarder=_fmt(s.discarder),
            others=_fmt(s.others_on_discard),
            each=_fmt(s.self_draw_each),
            konger=say("payment.rule_konger") if s.robbing_kong == "as_self_draw_paid_by_konger" else "",
        )


def _fmt(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def apply(multiplier: Fraction, points: int) -> int:
    """Whole points owed: fractional shares (e.g. 'others pay half' of 1 point) round up."""
    return math.ceil(multiplier * points)


__all__ = [
    "DrawRule",
    "FalseMahjongRule",
    "LiabilityRule",
    "PaymentRules",
    "PaymentScheme",
    "PointsRow",
    "PointsTable",
    "apply",
    "formula_points",
]
