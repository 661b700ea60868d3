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
import re
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final

from sikwu.scoring.errors import ProfileError

SECTIONS: Final = ("points", "payment", "liability", "penalties", "draw")

#: How a liable player's share is worked out in each situation (see :class:`LiabilityRule`).
OUTCOMES: Final = ("normal", "liable_pays_all", "split")
#: Liability triggers implemented by :mod:`scoring.payments` (each a small condition over the hand).
TRIGGERS: Final = ("fourth_meld", "kong_self_draw", "dangerous_discard")
#: Tile categories a dangerous-discard rule can watch.
CATEGORIES: Final = ("dragon", "wind", "honour", "terminal", "one_suit", "green")
#: How a dangerous-discard hand must end for liability to apply.
COMPLETIONS: Final = ("all_sets", "sets_or_pair")
FORMULAS: Final = ("doubling", "half_spicy")
FALSE_MAHJONG_KINDS: Final = ("none", "reverse_self_draw_limit", "fixed_per_player", "faan_per_player")
ROBBING_KONG: Final = ("as_discard", "as_self_draw_paid_by_konger")

_ROW_KEY = re.compile(r"^(\d+)(?:(\+)|-(\d+))?$")


def _fail(where: str, key: str, problem: str) -> ProfileError:
    return ProfileError(where, key, problem)


def _table(raw: Mapping[str, Any], key: str, where: str, *, required: bool) -> Mapping[str, Any]:
    value = raw.get(key)
    if value is None:
        if required:
            raise _fail(where, key, f"missing table [{key}]; add it or 'extends' a built-in profile that has one")
        return {}
    if not isinstance(value, Mapping):
        raise _fail(where, key, f"must be a table ([{key}]), got {type(value).__name__}")
    return value


def _check_keys(table: Mapping[str, Any], allowed: tuple[str, ...], where: str, prefix: str) -> None:
    for key in table:
        if key not in allowed:
            raise _fail(where, f"{prefix}.{key}", f"unknown key; allowed keys in [{prefix}] are: {', '.join(allowed)}")


def _int(value: Any, where: str, key: str, *, minimum: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(where, key, f"must be a whole number, got {value!r}")
    if value < minimum:
        raise _fail(where, key, f"must be at least {minimum}, got {value}")
    return value


def _multiplier(value: Any, where: str, key: str) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise _fail(where, key, f"must be a number of table points (e.g. 1, 2 or 0.5), got {value!r}")
    if value < 0:
        raise _fail(where, key, f"must not be negative, got {value}")
    return Fraction(value).limit_denominator(100)


def _choice(value: Any, choices: tuple[str, ...], where: str, key: str) -> str:
    if value not in choices:
        raise _fail(where, key, f"must be one of {', '.join(repr(c) for c in choices)}, got {value!r}")
    return value


def _bool(value: Any, where: str, key: str) -> bool:
    if not isinstance(value, bool):
        raise _fail(where, key, f"must be true or false, got {value!r}")
    return value


def _str(value: Any, where: str, key: str) -> str:
    if not isinstance(value, str):
        raise _fail(where, key, f"must be a string, got {value!r}")
    return value


# --------------------------------------------------------------------------------------------------------------
# [points]


@dataclass(frozen=True)
class PointsRow:
    """One row of a faan -> points table: ``low``..``high`` faan (``high`` None = open-ended "13+")."""

    low: int
    high: int | None
    points: int

    @property
    def label(self) -> str:
        if self.high is None:
            return f"{self.low}+"
        return str(self.low) if self.high == self.low else f"{self.low}-{self.high}"

    def covers(self, faan: int) -> bool:
        return faan >= self.low and (self.high is None or faan <= self.high)


@dataclass(frozen=True)
class PointsTable:
    """Faan -> base points.  ``describe`` says where the numbers come from (table or formula)."""

    rows: tuple[PointsRow, ...]
    describe: str

    @property
    def lowest(self) -> int:
        return self.rows[0].low

    @property
    def highest(self) -> int | None:
        """Highest faan with a row, or None when the last row is open-ended."""
        return self.rows[-1].high

    def row_for(self, faan: int) -> PointsRow | None:
        for row in self.rows:
            if row.covers(faan):
                return row
        return None

    def points(self, faan: int) -> int:
        row = self.row_for(faan)
        if row is None:
            raise KeyError(faan)
        return row.points


def formula_points(formula: str, base: int, faan: int, spicy_from: int = 4) -> int:
    """Points for ``faan`` under a named growth rule.

    ``doubling``: base x 2^faan.  ``half_spicy`` (半辣, New Style sheet "Payment Table"; Old Style variant 3 "doubles
    after every increment of two" after 4): doubles every faan up to ``spicy_from``, then alternates x1.5 and x4/3, so
    it doubles every two faan -- 1,2,4,8,16,24,32,48,64,... for base 1.
    """
    if formula == "doubling" or faan <= spicy_from:
        return base * 2**faan
    steps = faan - spicy_from
    value = base * 2**spicy_from * 2 ** (steps // 2)
    return value * 3 // 2 if steps % 2 else value


def _parse_points(table: Mapping[str, Any], where: str) -> PointsTable:
    _check_keys(table, ("table", "formula", "base", "spicy_from", "rows_up_to", "source"), where, "points")
    has_table, has_formula = "table" in table, "formula" in table
    if has_table == has_formula:
        raise _fail(
            where,
            "points",
            'give exactly one of \'table\' (faan -> points rows, e.g. {"3" = 8, "4-6" = 16, "13+" = 128}) '
            "or 'formula' ('doubling' or 'half_spicy')",
        )
    if has_formula:
        formula = _choice(table["formula"], FORMULAS, where, "points.formula")
        base = _int(table.get("base", 1), where, "points.base", minimum=1)
        spicy_from = _int(table.get("spicy_from", 4), where, "points.spicy_from")
        up_to = _int(table.get("rows_up_to", 13), where, "points.rows_up_to")
        rows = [PointsRow(f, f, formula_points(formula, base, f, spicy_from)) for f in range(up_to)]
        rows.append(PointsRow(up_to, None, formula_points(formula, base, up_to, spicy_from)))
        return PointsTable(tuple(rows), f"{formula} formula, base {base}, flat from {up_to} faan")
    for extra in ("base", "spicy_from", "rows_up_to"):
        if extra in table:
            raise _fail(where, f"points.{extra}", "only used with 'formula'; remove it or drop 'table'")
    rows_raw = table["table"]
    if not isinstance(rows_raw, Mapping) or not rows_raw:
        raise _fail(where, "points.table", 'must be a non-empty table of "faan" = points, e.g. {"0" = 1, "1" = 2}')
    rows: list[PointsRow] = []
    for key, value in rows_raw.items():
        match = _ROW_KEY.match(str(key).strip())
        if not match:
            raise _fail(
                where, f"points.table.{key}", 'row key must be a faan number "5", a range "4-6" or open-ended "13+"'
            )
        low = int(match.group(1))
        high = None if match.group(2) else int(match.group(3) or low)
        if high is not None and high < low:
            raise _fail(where, f"points.table.{key}", f"range runs backwards ({low} > {high})")
        points = _int(value, where, f"points.table.{key}", minimum=1)
        rows.append(PointsRow(low, high, points))
    rows.sort(key=lambda r: r.low)
    for before, after in zip(rows, rows[1:], strict=False):
        if before.high is None:
            raise _fail(where, f"points.table.{before.label}", "an open-ended row ('N+') must be the last row")
        if after.low != before.high + 1:
            problem = "overlaps" if after.low <= before.high else "leaves a gap after"
            raise _fail(
                where, f"points.table.{after.label}", f"row {problem} row {before.label}; rows must be contiguous"
            )
        if after.points < before.points:
            raise _fail(where, f"points.table.{after.label}", "points must not fall as faan rises")
    return PointsTable(tuple(rows), "table")


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
    _check_keys(table, allowed, where, "payment")
    for key in ("discarder", "others_on_discard", "self_draw_each"):
        if key not in table:
            raise _fail(where, f"payment.{key}", "missing; say how many times the table points this loser pays")
    scheme = PaymentScheme(
        discarder=_multiplier(table["discarder"], where, "payment.discarder"),
        others_on_discard=_multiplier(table["others_on_discard"], where, "payment.others_on_discard"),
        self_draw_each=_multiplier(table["self_draw_each"], where, "payment.self_draw_each"),
        dealer_factor=_multiplier(table.get("dealer_factor", 1), where, "payment.dealer_factor"),
        robbing_kong=_choice(table.get("robbing_kong", "as_discard"), ROBBING_KONG, where, "payment.robbing_kong"),
        describe=_str(table.get("describe", ""), where, "payment.describe"),
    )
    if scheme.discarder == 0 and scheme.others_on_discard == 0:
        raise _fail(where, "payment.discarder", "nobody pays on a discard win; set discarder (usually 1 or 2)")
    if scheme.self_draw_each == 0:
        raise _fail(where, "payment.self_draw_each", "nobody pays on a self-drawn win; set it (usually 1 or 2)")
    if scheme.dealer_factor == 0:
        raise _fail(where, "payment.dealer_factor", "must be positive (1 = no dealer premium)")
    return scheme


# --------------------------------------------------------------------------------------------------------------
# [liability]


@dataclass(frozen=True)
class LiabilityRule:
    """One way a player becomes liable for another's hand, and what they then pay.

    ``trigger``:
      * ``fourth_meld`` -- 12-tile insurance: the discarder of the claimed tile that made the winner's fourth
        exposed meld (Sparrow's Nest "12 Tile Insurance");
      * ``kong_self_draw`` -- the discarder whose tile the winner claimed for an exposed kong, when the winner then
        wins on the kong's replacement tile (Sparrow's Nest "Self Draw After Gong"; Old Style variant 3 "discarder
        pays three times");
      * ``dangerous_discard`` -- the winner showed ``sets_before`` exposed sets of ``category`` and a discard of
        that category gave the next set (claimed as a meld, if ``via_meld``) or was the winning tile itself (if
        ``via_winning_discard``), and the hand ends complete in that category (Old Style "Insurance Penalties",
        Chinese Classical 4.2).

    Outcomes (``normal`` / ``liable_pays_all`` / ``split``) per situation: the winner self-draws, wins on the liable
    player's discard, or wins on somebody else's discard.  ``liable_pays_all`` = the liable player pays every
    loser's share; ``split`` = liable player and discarder split the total evenly (Sparrow's Nest Big Three Dragons).
    """

    name: str
    trigger: str
    self_drawn: str
    discard_by_liable: str
    discard_by_other: str
    category: str | None = None
    sets_before: int = 0
    completion: str = "all_sets"
    via_meld: bool = True
    via_winning_discard: bool = False
    kong_claims_count: bool = True
    source: str = ""
    describe: str = ""


def _parse_liability_rule(name: str, table: Any, where: str) -> LiabilityRule:
    prefix = f"liability.{name}"
    if not isinstance(table, Mapping):
        raise _fail(where, prefix, "each liability rule must be a table, e.g. [liability.twelve_tile]")
    allowed = (
        "trigger", "self_drawn", "discard_by_liable", "discard_by_other", "category", "sets_before", "completion",
        "via_meld", "via_winning_discard", "kong_claims_count", "source", "describe", "enabled",
    )  # fmt: skip
    _check_keys(table, allowed, where, prefix)
    if "trigger" not in table:
        raise _fail(where, f"{prefix}.trigger", f"missing; one of {', '.join(TRIGGERS)}")
    trigger = _choice(table["trigger"], TRIGGERS, where, f"{prefix}.trigger")
    outcomes = {
        key: _choice(table.get(key, "normal"), OUTCOMES, where, f"{prefix}.{key}")
        for key in ("self_drawn", "discard_by_liable", "discard_by_other")
    }
    if outcomes["self_drawn"] == "split":
        raise _fail(where, f"{prefix}.self_drawn", "'split' needs a discarder; use 'liable_pays_all' or 'normal'")
    if outcomes["discard_by_liable"] == "split":
        raise _fail(where, f"{prefix}.discard_by_liable", "the liable player is the discarder; nothing to split")
    category = None
    sets_before = 0
    completion = "all_sets"
    if trigger == "dangerous_discard":
        if "category" not in table or "sets_before" not in table:
            raise _fail(where, prefix, "a dangerous_discard rule needs 'category' and 'sets_before'")
        category = _choice(table["category"], CATEGORIES, where, f"{prefix}.category")
        sets_before = _int(table["sets_before"], where, f"{prefix}.sets_before", minimum=1)
        if sets_before > 3:
            raise _fail(where, f"{prefix}.sets_before", "a hand has at most 4 sets; use 1-3")
        completion = _choice(table.get("completion", "all_sets"), COMPLETIONS, where, f"{prefix}.completion")
    else:
        for key in ("category", "sets_before", "completion", "via_winning_discard"):
            if key in table:
                raise _fail(where, f"{prefix}.{key}", "only used with trigger = 'dangerous_discard'; remove it")
    rule = LiabilityRule(
        name=name,
        trigger=trigger,
        category=category,
        sets_before=sets_before,
        completion=completion,
        via_meld=_bool(table.get("via_meld", True), where, f"{prefix}.via_meld"),
        via_winning_discard=_bool(table.get("via_winning_discard", False), where, f"{prefix}.via_winning_discard"),
        kong_claims_count=_bool(table.get("kong_claims_count", True), where, f"{prefix}.kong_claims_count"),
        source=_str(table.get("source", ""), where, f"{prefix}.source"),
        describe=_str(table.get("describe", ""), where, f"{prefix}.describe"),
        **outcomes,
    )
    if trigger == "dangerous_discard" and not (rule.via_meld or rule.via_winning_discard):
        raise _fail(where, prefix, "set via_meld or via_winning_discard (or both) so the rule can ever apply")
    return rule


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
    _check_keys(table, ("false_mahjong",), where, "penalties")
    fm = table.get("false_mahjong", {"kind": "none"})
    if not isinstance(fm, Mapping):
        raise _fail(where, "penalties.false_mahjong", "must be a table, e.g. [penalties.false_mahjong]")
    _check_keys(fm, ("kind", "points", "faan", "dealer_factor_applies", "source"), where, "penalties.false_mahjong")
    kind = _choice(fm.get("kind", "none"), FALSE_MAHJONG_KINDS, where, "penalties.false_mahjong.kind")
    points = _int(fm.get("points", 0), where, "penalties.false_mahjong.points")
    faan = _int(fm.get("faan", 0), where, "penalties.false_mahjong.faan")
    if kind == "fixed_per_player" and points <= 0:
        raise _fail(where, "penalties.false_mahjong.points", "kind 'fixed_per_player' needs points > 0")
    if kind == "faan_per_player" and "faan" not in fm:
        raise _fail(where, "penalties.false_mahjong.faan", "kind 'faan_per_player' needs the faan value to charge")
    return FalseMahjongRule(
        kind=kind,
        points=points,
        faan=faan,
        dealer_factor_applies=_bool(
            fm.get("dealer_factor_applies", False), where, "penalties.false_mahjong.dealer_factor_applies"
        ),
        source=_str(fm.get("source", ""), where, "penalties.false_mahjong.source"),
    )


def _parse_draw(table: Mapping[str, Any], where: str) -> DrawRule:
    _check_keys(table, ("pot_per_player", "reimburse_on_last_hand", "source"), where, "draw")
    return DrawRule(
        pot_per_player=_int(table.get("pot_per_player", 0), where, "draw.pot_per_player"),
        reimburse_on_last_hand=_bool(table.get("reimburse_on_last_hand", False), where, "draw.reimburse_on_last_hand"),
        source=_str(table.get("source", ""), where, "draw.source"),
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
        points = _parse_points(_table(raw, "points", where, required=True), where)
        scheme = _parse_payment(_table(raw, "payment", where, required=True), where)
        liability_table = _table(raw, "liability", where, required=False)
        rules = []
        for name, body in liability_table.items():
            if isinstance(body, Mapping) and body.get("enabled", True) is False:
                continue
            rules.append(_parse_liability_rule(name, body, where))
        false_mahjong = _parse_penalties(_table(raw, "penalties", where, required=False), where)
        draw = _parse_draw(_table(raw, "draw", where, required=False), where)
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
            raise _fail(
                self.where,
                "points.table",
                f"no row for {minimum} faan (the minimum); add rows from {minimum} faan or raise the minimum",
            )
        highest = self.points.highest
        if highest is not None and (cap is None or cap > highest):
            top = "any faan" if cap is None else f"{cap} faan (the cap)"
            raise _fail(
                self.where,
                "points.table",
                f'rows stop at {highest} faan but hands can reach {top}; add an open-ended row like "{highest + 1}+"',
            )

    def describe(self) -> str:
        """One line for reports: how a win is paid under this profile."""
        s = self.scheme
        if s.describe:
            return s.describe
        parts = [f"discarder pays {_fmt(s.discarder)}x"]
        parts.append(f"others pay {_fmt(s.others_on_discard)}x" if s.others_on_discard else "others pay nothing")
        parts.append(f"self-draw: each pays {_fmt(s.self_draw_each)}x")
        return "; ".join(parts)


def _fmt(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def apply(multiplier: Fraction, points: int) -> int:
    """Whole points owed: fractional shares (e.g. 'others pay half' of 1 point) round up."""
    return math.ceil(multiplier * points)
