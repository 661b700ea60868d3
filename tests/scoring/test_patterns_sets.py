"""Set-type patterns: all chows, all pungs, concealed pungs, kongs, same-number pungs, seven pairs.

Every case cites the rule document and section it encodes; each pattern has a positive case and a near miss.
"""

from __future__ import annotations

import pytest
from core_helpers import make_hand
from pattern_cases import CS, NS, OS, SN, C, check, params
from sikwu.scoring import NotAWinningHandError, score_hand

PUNGS = "111m 222p 333s 999m 55z"
CASES = [
    C("all_chows", True, "sparrows-nest", "123m 456m 789p 234s 55p", faan=1, cite=f"{SN} All Sequences"),
    C("all_chows", False, "sparrows-nest", "123m 456m 789p 222s 55p", cite=f"{SN} All Sequences: four sequences"),
    C("all_chows", True, "old-style-v1", "123m 456m 789p 234s 55p", cite=f"{OS} Variant 1: All Chows"),
    C(
        "all_chows",
        False,
        "old-style-v1",
        "123m 456m 789p 234s 77z",
        cite=f"{OS} Variant 1: All Chows needs a pair of suit tiles",
    ),
    C("all_chows", True, "new-style", "123m 456m 789p 234s 77z", cite=f"{NS} All Sequences 平糊: all sets sequences"),
    C("all_pungs", True, "sparrows-nest", "222p 333s 999m 55z", "pung 1m", faan=3, cite=f"{SN} All Triplets 3"),
    C("all_pungs", False, "sparrows-nest", "222p 333s 999m 55z", "chow 1m", cite=f"{SN} All Triplets"),
    C(
        "all_pungs",
        True,
        "old-style-cheat-sheet",
        "222p 333s 999m 55z",
        "pung 1m",
        faan=2,
        cite=f"{CS} Faan from Melds: Four pungs max (2), open = 2",
    ),
    C(
        "all_pungs",
        True,
        "old-style-cheat-sheet",
        "222p 333s 999m 55z",
        "ckong 1m",
        faan=13,
        cite=f"{CS} Faan from Melds: Four pungs max (2), closed = max",
    ),
    C(
        "four_concealed_pungs",
        True,
        "sparrows-nest",
        PUNGS,
        faan=8,
        cite=f"{SN} Four Concealed Triplets: by discard to complete the pair",
    ),
    C("all_pungs", False, "sparrows-nest", PUNGS, cite=f"{SN} Four Concealed Triplets includes All Triplets"),
    C(
        "four_concealed_pungs",
        False,
        "sparrows-nest",
        "111m 222p 333s 55z 999m",
        cite=f"{SN} Four Concealed Triplets: not when a discard completes a triplet",
    ),
    C(
        "four_concealed_pungs",
        True,
        "sparrows-nest",
        "111m 222p 333s 55z 999m",
        self_drawn=True,
        cite=f"{SN} Four Concealed Triplets: scored when winning by self draw",
    ),
    C(
        "four_concealed_pungs",
        True,
        "new-style",
        PUNGS,
        faan=8,
        cite=f"{NS} All Concealed Triplets 四暗刻: discard for the pair",
    ),
    C(
        "four_concealed_pungs",
        False,
        "old-style-v1",
        PUNGS,
        cite=f"{OS} Variant 1: Four Concealed Pungs needs a self-drawn win",
    ),
    C(
        "four_concealed_pungs",
        True,
        "old-style-v1",
        PUNGS,
        self_drawn=True,
        faan=10,
        cite=f"{OS} Variant 1: Four Concealed Pungs, Limit",
    ),
    C(
        "four_concealed_pungs",
        True,
        "old-style-v3",
        "222p 333s 999m 55z",
        "kong 1m",
        cite=f"{OS} Variant 3: Kan Kan Woo, a kong is considered a concealed pung",
    ),
    C(
        "four_concealed_pungs",
        False,
        "sparrows-nest",
        "222p 333s 999m 55z",
        "kong 1m",
        cite=f"{SN} Four Concealed Triplets: without Pung or Gong calls",
    ),
    C(
        "all_kongs",
        True,
        "sparrows-nest",
        "55z",
        "kong 1m",
        "kong 2p",
        "kong 3s",
        "ckong 9m",
        faan=10,
        cite=f"{SN} Four Gongs 10",
    ),
    C(
        "all_kongs",
        False,
        "sparrows-nest",
        "999m 55z",
        "kong 1m",
        "kong 2p",
        "kong 3s",
        cite=f"{SN} Four Gongs: four quads",
    ),
    C(
        "all_kongs",
        True,
        "new-style",
        "55z",
        "kong 1m",
        "kong 2p",
        "kong 3s",
        "ckong 9m",
        faan=13,
        cite=f"{NS} All Quadruplets 四槓子 13",
    ),
    C(
        "three_kongs",
        True,
        "old-style-cheat-sheet",
        "999m 55z",
        "kong 1m",
        "kong 2p",
        "kong 3s",
        faan=2,
        cite=f"{CS} Faan from Melds: Three kongs 2",
    ),
    C(
        "three_kongs",
        False,
        "old-style-cheat-sheet",
        "999m 333s 55z",
        "kong 1m",
        "kong 2p",
        cite=f"{CS} Faan from Melds: Three kongs",
    ),
    C(
        "three_concealed_pungs",
        True,
        "old-style-cheat-sheet",
        "222m 333p 444s 77z",
        "chow 1s",
        faan=2,
        cite=f"{CS} Faan from Melds: Three closed pungs 2",
    ),
    C(
        "three_concealed_pungs",
        False,
        "old-style-cheat-sheet",
        "222m 333p 77z 444s",
        "chow 1s",
        cite=f"{CS} Three closed pungs: a pung completed by a discard is not closed",
    ),
    C(
        "triple_pung",
        True,
        "old-style-cheat-sheet",
        "222m 222p 222s 456m 77z",
        faan=2,
        cite=f"{CS} Faan from Melds: Three pungs with the same number",
    ),
    C(
        "triple_pung",
        False,
        "old-style-cheat-sheet",
        "222m 222p 333s 456m 77z",
        cite=f"{CS} Three pungs with the same number",
    ),
    C("seven_pairs", True, "old-style-v1", "11m 33m 55p 77p 99s 22z 66z", faan=4, cite=f"{OS} Variant 1: Seven Pairs"),
    C(
        "seven_pairs",
        True,
        "old-style-cheat-sheet",
        "11m 33m 55p 77p 99s 22z 66z",
        faan=2,
        cite=f"{CS} Alternate Winning Hands: Seven Pairs 2",
    ),
    C(
        "seven_pairs",
        False,
        "old-style-v1",
        "123m 123m 456p 789s 55z",
        cite=f"{OS} Variant 1: Seven Pairs (a hand of sets is not seven pairs)",
    ),
]


@pytest.mark.parametrize("case", params(CASES))
def test_set_type_pattern(case):
    """The pattern is credited exactly when the cited document says so."""
    check(case)


def test_seven_pairs_is_not_a_win_where_the_profile_lacks_it():
    """sparrows-nest-hk-league-rules.md Scoring Conditions lists no Seven Pairs, so seven pairs is no winning hand."""
    with pytest.raises(NotAWinningHandError):
        score_hand(make_hand("11m 33m 55p 77p 99s 22z 66z"), "sparrows-nest")


def test_seven_pairs_must_be_different_pairs_by_default():
    """hk-rule-sheet-new-style.md Special Hands: "Seven different pairs" -- four of a kind is not two pairs."""
    with pytest.raises(NotAWinningHandError):
        score_hand(make_hand("11m 11m 55p 77p 99s 22z 66z"), "old-style-v1")
