"""The ``[points]`` table of a rule profile: faan -> base points, as explicit rows or a named growth formula."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from sikwu.scoring.profile_texts import say_profile
from sikwu.scoring.table_checks import as_choice, as_int, check_keys, fail

FORMULAS: Final = ("doubling", "half_spicy")
_ROW_KEY = re.compile(r"^(\d+)(?:(\+)|-(\d+))?$")


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


def parse_points(table: Mapping[str, Any], where: str) -> PointsTable:
    check_keys(table, ("table", "formula", "base", "spicy_from", "rows_up_to", "source"), where, "points")
    has_table, has_formula = "table" in table, "formula" in table
    if has_table == has_formula:
        raise fail(where, "points", say_profile("points.table_or_formula"))
    if has_formula:
        formula = as_choice(table["formula"], FORMULAS, where, "points.formula")
        base = as_int(table.get("base", 1), where, "points.base", minimum=1)
        spicy_from = as_int(table.get("spicy_from", 4), where, "points.spicy_from")
        up_to = as_int(table.get("rows_up_to", 13), where, "points.rows_up_to")
        steps = [PointsRow(f, f, formula_points(formula, base, f, spicy_from)) for f in range(up_to)]
        steps.append(PointsRow(up_to, None, formula_points(formula, base, up_to, spicy_from)))
        return PointsTable(tuple(steps), f"{formula} formula, base {base}, flat from {up_to} faan")
    for extra in ("base", "spicy_from", "rows_up_to"):
        if extra in table:
            raise fail(where, f"points.{extra}", say_profile("points.formula_only"))
    rows_raw = table["table"]
    if not isinstance(rows_raw, Mapping) or not rows_raw:
        raise fail(where, "points.table", say_profile("points.empty"))
    rows: list[PointsRow] = []
    for key, value in rows_raw.items():
        match = _ROW_KEY.match(str(key).strip())
        if not match:
            raise fail(where, f"points.table.{key}", say_profile("points.row_key"))
        low = int(match.group(1))
        high = None if match.group(2) else int(match.group(3) or low)
        if high is not None and high < low:
            raise fail(where, f"points.table.{key}", say_profile("points.backwards", low=low, high=high))
        points = as_int(value, where, f"points.table.{key}", minimum=1)
        rows.append(PointsRow(low, high, points))
    rows.sort(key=lambda r: r.low)
    for before, after in zip(rows, rows[1:], strict=False):
        if before.high is None:
            raise fail(where, f"points.table.{before.label}", say_profile("points.open_last"))
        if after.low != before.high + 1:
            key = "points.overlaps" if after.low <= before.high else "points.gap"
            raise fail(where, f"points.table.{after.label}", say_profile(key, before=before.label))
        if after.points < before.points:
            raise fail(where, f"points.table.{after.label}", say_profile("points.falling"))
    return PointsTable(tuple(rows), "table")
