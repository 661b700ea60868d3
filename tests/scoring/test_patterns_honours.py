"""Honour patterns: dragon and wind pungs, three dragons, four winds, all honours.

Every case cites the rule document and section it encodes; each pattern has a positive case and a near miss.
"""

from __future__ import annotations

import pytest
from core_helpers import faan_of, score
from pattern_cases import CS, NS, OS, SN, C, check, params

CASES = [
    C("dragon_pung", True, "sparrows-nest", "123m 456m 789p 777z 55p", faan=1, cite=f"{SN} Dragon Triplet"),
    C("dragon_pung", False, "sparrows-nest", "123m 456m 789p 111p 77z", cite=f"{SN} Dragon Triplet: a pair is not"),
    C("seat_wind", True, "old-style-v1", "123m 456m 789p 222z 55p", seat=2, faan=1, cite=f"{OS} Variant 1: Seat Wind"),
    C("seat_wind", False, "old-style-v1", "123m 456m 789p 333z 55p", seat=2, cite=f"{OS} Variant 1: Seat Wind"),
    C(
        "round_wind",
        True,
        "old-style-v1",
        "123m 456m 789p 222z 55p",
        round_wind="2z",
        faan=1,
        cite=f"{OS} Variant 1: Prevalent Wind",
    ),
    C(
        "round_wind",
        False,
        "old-style-v1",
        "123m 456m 789p 444z 55p",
        round_wind="2z",
        cite=f"{OS} Variant 1: Prevalent Wind",
    ),
    C(
        "matching_wind_pung",
        True,
        "sparrows-nest",
        "123m 456m 789p 333z 55p",
        seat=3,
        faan=1,
        cite=f"{SN} Matching Wind Triplet",
    ),
    C(
        "matching_wind_pung",
        False,
        "sparrows-nest",
        "123m 456m 789p 444z 55p",
        seat=3,
        cite=f"{SN} Matching Wind Triplet: round or seat wind only",
    ),
    C(
        "small_three_dragons",
        True,
        "sparrows-nest",
        "123m 456m 555z 666z 77z",
        faan=5,
        cite=f"{SN} Little Three Dragons 5",
    ),
    C(
        "dragon_pung",
        False,
        "sparrows-nest",
        "123m 456m 555z 666z 77z",
        cite=f"{SN} Little Three Dragons includes the 2 faan from Dragon Triplets",
    ),
    C(
        "dragon_pung",
        True,
        "old-style-v1",
        "123m 456m 555z 666z 77z",
        faan=2,
        cite=f"{OS} Variant 1 lists Dragon Pung and Little Three Dragons separately",
    ),
    C("small_three_dragons", False, "sparrows-nest", "123m 456m 555z 666z 11z", cite=f"{SN} Little Three Dragons"),
    C(
        "small_three_dragons",
        True,
        "old-style-cheat-sheet",
        "123m 456m 555z 666z 77z",
        faan=2,
        cite=f"{CS} Faan from Melds: 2 pungs + 1 pair of dragons",
    ),
    C("big_three_dragons", True, "sparrows-nest", "123m 555z 666z 777z 11p", faan=8, cite=f"{SN} Big Three Dragons 8"),
    C("big_three_dragons", False, "sparrows-nest", "123m 456m 555z 666z 77z", cite=f"{SN} Big Three Dragons"),
    C("big_three_dragons", True, "old-style-v3", "123m 555z 666z 777z 11p", faan=6, cite=f"{OS} Variant 3: 6"),
    C("small_four_winds", True, "sparrows-nest", "123m 111z 222z 333z 44z", faan=6, cite=f"{SN} Little Four Winds 6"),
    C(
        "matching_wind_pung",
        False,
        "sparrows-nest",
        "123m 111z 222z 333z 44z",
        cite=f"{SN} Little Four Winds includes Matching Wind Triplet",
    ),
    C("small_four_winds", False, "sparrows-nest", "123m 111z 222z 555z 44z", cite=f"{SN} Little Four Winds"),
    C(
        "small_four_winds",
        True,
        "old-style-cheat-sheet",
        "123m 111z 222z 333z 44z",
        faan=13,
        cite=f"{CS} Three wind pungs + wind pair or pung: max",
    ),
    C("big_four_winds", True, "sparrows-nest", "111z 222z 333z 444z 55p", faan=10, cite=f"{SN} Big Four Winds 10"),
    C(
        "all_pungs",
        False,
        "sparrows-nest",
        "111z 222z 333z 444z 55p",
        cite=f"{SN} Big Four Winds includes All Triplets",
    ),
    C("big_four_winds", False, "sparrows-nest", "123m 111z 222z 333z 44z", cite=f"{SN} Big Four Winds"),
    C("big_four_winds", True, "new-style", "111z 222z 333z 444z 55p", faan=13, cite=f"{NS} Big Four Winds 大四喜 13"),
    C("all_honours", True, "sparrows-nest", "111z 222z 555z 666z 77z", faan=10, cite=f"{SN} All Honors 10"),
    C("all_honours", False, "sparrows-nest", "111z 222z 555z 111m 77z", cite=f"{SN} All Honors"),
    C("all_honours", True, "new-style", "111z 222z 333z 555z 77z", faan=10, cite=f"{NS} All Honours 字一色 10"),
]


@pytest.mark.parametrize("case", params(CASES))
def test_honour_pattern(case):
    """The pattern is credited exactly when the cited document says so."""
    check(case)


def test_new_style_double_wind_pung_counts_two():
    """hk-rule-sheet-new-style.md Special Tile Hands: "If the triplet is both the round and seat wind, count for
    2 fan"."""
    s = score("new-style", "123m 456m 789p 111z 55p", seat=1, round_wind="1z")
    assert faan_of(s, "seat_wind") + faan_of(s, "round_wind") == 2


def test_sparrows_nest_matching_wind_is_once_per_triplet():
    """sparrows-nest-hk-league-rules.md Matching Wind Triplet: "Scored for each triplet/quad of the Round Wind or
    Seat Wind" -- one faan per triplet, even when it is both."""
    s = score("sparrows-nest", "123m 456m 789p 111z 55p", seat=1, round_wind="1z")
    assert faan_of(s, "matching_wind_pung") == 1


def test_dragon_pung_scores_once_per_dragon():
    """sparrows-nest-hk-league-rules.md Dragon Triplet: "Scored for each triplet/quad of a dragon"."""
    s = score("sparrows-nest", "123m 456m 555z 777z 11p")
    assert faan_of(s, "dragon_pung") == 2
