"""The ``[liability]`` tables of a rule profile: who becomes liable for a winner's hand, and what they then pay.

:mod:`scoring.liability` applies these rules to a hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from sikwu.scoring.profile_texts import say_profile
from sikwu.scoring.table_checks import as_bool, as_choice, as_int, as_str, check_keys, fail

#: How a liable player's share is worked out in each situation (see :class:`LiabilityRule`).
OUTCOMES: Final = ("normal", "liable_pays_all", "split")
#: Liability triggers implemented by :mod:`scoring.liability` (each a small condition over the hand).
TRIGGERS: Final = ("fourth_meld", "kong_self_draw", "dangerous_discard")
#: Tile categories a dangerous-discard rule can watch.
CATEGORIES: Final = ("dragon", "wind", "honour", "terminal", "one_suit", "green")
#: How a dangerous-discard hand must end for liability to apply.
COMPLETIONS: Final = ("all_sets", "sets_or_pair")


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


def parse_liability_rule(name: str, table: Any, where: str) -> LiabilityRule:
    prefix = f"liability.{name}"
    if not isinstance(table, Mapping):
        raise fail(where, prefix, say_profile("liability.not_a_table"))
    allowed = (
        "trigger", "self_drawn", "discard_by_liable", "discard_by_other", "category", "sets_before", "completion",
        "via_meld", "via_winning_discard", "kong_claims_count", "source", "describe", "enabled",
    )  # fmt: skip
    check_keys(table, allowed, where, prefix)
    if "trigger" not in table:
        raise fail(where, f"{prefix}.trigger", say_profile("liability.missing_trigger", triggers=", ".join(TRIGGERS)))
    trigger = as_choice(table["trigger"], TRIGGERS, where, f"{prefix}.trigger")
    outcomes = {
        key: as_choice(table.get(key, "normal"), OUTCOMES, where, f"{prefix}.{key}")
        for key in ("self_drawn", "discard_by_liable", "discard_by_other")
    }
    if outcomes["self_drawn"] == "split":
        raise fail(where, f"{prefix}.self_drawn", say_profile("liability.split_self_drawn"))
    if outcomes["discard_by_liable"] == "split":
        raise fail(where, f"{prefix}.discard_by_liable", say_profile("liability.split_liable"))
    category = None
    sets_before = 0
    completion = "all_sets"
    if trigger == "dangerous_discard":
        if "category" not in table or "sets_before" not in table:
            raise fail(where, prefix, say_profile("liability.dangerous_needs"))
        category = as_choice(table["category"], CATEGORIES, where, f"{prefix}.category")
        sets_before = as_int(table["sets_before"], where, f"{prefix}.sets_before", minimum=1)
        if sets_before > 3:
            raise fail(where, f"{prefix}.sets_before", say_profile("liability.sets_before"))
        completion = as_choice(table.get("completion", "all_sets"), COMPLETIONS, where, f"{prefix}.completion")
    else:
        for key in ("category", "sets_before", "completion", "via_winning_discard"):
            if key in table:
                raise fail(where, f"{prefix}.{key}", say_profile("liability.only_dangerous"))
    rule = LiabilityRule(
        name=name,
        trigger=trigger,
        category=category,
        sets_before=sets_before,
        completion=completion,
        via_meld=as_bool(table.get("via_meld", True), where, f"{prefix}.via_meld"),
        via_winning_discard=as_bool(table.get("via_winning_discard", False), where, f"{prefix}.via_winning_discard"),
        kong_claims_count=as_bool(table.get("kong_claims_count", True), where, f"{prefix}.kong_claims_count"),
        source=as_str(table.get("source", ""), where, f"{prefix}.source"),
        describe=as_str(table.get("describe", ""), where, f"{prefix}.describe"),
        **outcomes,
    )
    if trigger == "dangerous_discard" and not (rule.via_meld or rule.via_winning_discard):
        raise fail(where, prefix, say_profile("liability.never_applies"))
    return rule
