"""What is wrong with a rule profile file, in English, by stable key (see ``scoring.messages``).

A house-rules file is uploaded at the table, so its errors reach players too: as keyed messages the page says them in
繁體中文 while the file's own keys (``payment.discarder``) stay as written. ``profile.where`` / ``profile.where_key``
frame every problem with the file (and key) it is about; the rest are the problems. Literal braces are doubled.
"""

from __future__ import annotations

from typing import Final

from sikwu.scoring.messages import Texts

TEXTS: Final[dict[str, str]] = {
    "profile.where": "{file}: {problem}",
    "profile.where_key": "{file}: key '{key}': {problem}",
    # ---- finding and reading the file (scoring/profile.py)
    "profile.no_name": "no profile name given; use one of {names} or a path to a .toml file",
    "profile.folder": "is a folder, not a profile; give a built-in name or the path of a .toml file",
    "profile.no_such": "no such profile; built-in profiles are: {names}; or give a path to a .toml file",
    "profile.cycle": "extends cycle: {chain}",
    "profile.not_toml": "not valid TOML ({error}); fix the syntax",
    "profile.not_utf8": "is not UTF-8 text; save the profile as a UTF-8 .toml file",
    "profile.unreadable": "cannot be read ({error}); check the path and permissions",
    "profile.extends_type": "must be a profile name or path string",
    "profile.extends_failed": "{parent}: {problem}",
    "profile.boolean": "expected {types}, got a boolean",
    "profile.type": "expected {types}, got {got}",
    "profile.negative_faan": "faan must not be negative (got {value})",
    "profile.bad_value": 'cannot read value {value}; write an integer, "max", "max-1", "2 (1)" or "2 (-)"',
    "profile.unknown_table": "unknown table; allowed: {allowed}",
    "profile.missing_table": "missing [{section}] table",
    "profile.unknown_key": "unknown key; allowed: {allowed}",
    "profile.missing": "missing",
    "profile.minimum": "must be 0 or more (got {value})",
    "profile.cap": "must be at least 1 and at least minimum_faan (got {value})",
    "profile.unknown_pattern": "unknown pattern; known patterns: {known}",
    "profile.pattern_table": "must be a table like [patterns.{pattern}] value = 1",
    "profile.missing_value": "missing (the faan this pattern is worth)",
    "profile.unknown_included": "unknown pattern {pattern}",
    "profile.not_chinese": "has no Chinese character; write the 繁體中文 text or remove the key",
    # ---- settlement tables (scoring/table_checks.py, payment_rules.py, points_table.py, liability_rules.py)
    "table.missing": "missing table [{section}]; add it or 'extends' a built-in profile that has one",
    "table.not_a_table": "must be a table ([{section}]), got {got}",
    "table.unknown_key": "unknown key; allowed keys in [{section}] are: {allowed}",
    "table.whole_number": "must be a whole number, got {value}",
    "table.at_least": "must be at least {minimum}, got {value}",
    "table.multiplier": "must be a number of table points (e.g. 1, 2 or 0.5), got {value}",
    "table.negative": "must not be negative, got {value}",
    "table.choice": "must be one of {choices}, got {value}",
    "table.boolean": "must be true or false, got {value}",
    "table.string": "must be a string, got {value}",
    "payment.missing_share": "missing; say how many times the table points this loser pays",
    "payment.nobody_on_discard": "nobody pays on a discard win; set discarder (usually 1 or 2)",
    "payment.nobody_on_self_draw": "nobody pays on a self-drawn win; set it (usually 1 or 2)",
    "payment.dealer_factor_zero": "must be positive (1 = no dealer premium)",
    "penalty.not_a_table": "must be a table, e.g. [penalties.false_mahjong]",
    "penalty.fixed_needs_points": "kind 'fixed_per_player' needs points > 0",
    "penalty.faan_needs_faan": "kind 'faan_per_player' needs the faan value to charge",
    "points.no_minimum_row": (
        "no row for {minimum} faan (the minimum); add rows from {minimum} faan or raise the minimum"
    ),
    "points.rows_stop": 'rows stop at {highest} faan but hands can reach {top}; add an open-ended row like "{next}+"',
    "points.any_faan": "any faan",
    "points.no_row": "no row for {faan} faan; add one (e.g. an open-ended row)",
    "points.cap_faan": "{cap} faan (the cap)",
    "points.table_or_formula": (
        'give exactly one of \'table\' (faan -> points rows, e.g. {{"3" = 8, "4-6" = 16, "13+" = 128}}) or '
        "'formula' ('doubling' or 'half_spicy')"
    ),
    "points.formula_only": "only used with 'formula'; remove it or drop 'table'",
    "points.empty": 'must be a non-empty table of "faan" = points, e.g. {{"0" = 1, "1" = 2}}',
    "points.row_key": 'row key must be a faan number "5", a range "4-6" or open-ended "13+"',
    "points.backwards": "range runs backwards ({low} > {high})",
    "points.open_last": "an open-ended row ('N+') must be the last row",
    "points.overlaps": "row overlaps row {before}; rows must be contiguous",
    "points.gap": "row leaves a gap after row {before}; rows must be contiguous",
    "points.falling": "points must not fall as faan rises",
    "liability.not_a_table": "each liability rule must be a table, e.g. [liability.twelve_tile]",
    "liability.missing_trigger": "missing; one of {triggers}",
    "liability.split_self_drawn": "'split' needs a discarder; use 'liable_pays_all' or 'normal'",
    "liability.split_liable": "the liable player is the discarder; nothing to split",
    "liability.dangerous_needs": "a dangerous_discard rule needs 'category' and 'sets_before'",
    "liability.sets_before": "a hand has at most 4 sets; use 1-3",
    "liability.only_dangerous": "only used with trigger = 'dangerous_discard'; remove it",
    "liability.never_applies": "set via_meld or via_winning_discard (or both) so the rule can ever apply",
}

#: Makes a profile-file message: ``say_profile("profile.missing")``.
say_profile = Texts(TEXTS)

__all__ = ["TEXTS", "say_profile"]
