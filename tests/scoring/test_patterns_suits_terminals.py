"""Flush, chow-combination, terminal and one-suit special patterns.

Every case cites the rule document and section it encodes; each pattern has a positive case and a near miss.
"""

from __future__ import annotations

import pytest
from core_helpers import make_hand
from pattern_cases import CS, NS, OS, SN, C, check, params
from sikwu.scoring import NotAWinningHandError, score_hand

NINE_GATES = "1112345678999m 5m"
CASES = [
    C("half_flush", True, "sparrows-nest", "123m 456m 789m 111z 55z", faan=3, cite=f"{SN} Half Flush 3"),
    C("half_flush", False, "sparrows-nest", "123m 456m 789m 111p 55z", cite=f"{SN} Half Flush: one suit"),
    C(
        "half_flush",
        True,
        "old-style-cheat-sheet",
        "456m 789m 111z 55z",
        "chow 1m",
        faan=2,
        cite=f"{CS} Faan from Suits: Half Flush 3 (2), open = 2",
    ),
    C("half_flush", True, "old-style-v2", "123m 456m 789m 111z 55z", faan=2, cite=f"{OS} Variant 2: Half Flush 2"),
    C("full_flush", True, "sparrows-nest", "123m 456m 789m 222m 55m", faan=7, cite=f"{SN} Full Flush 7"),
    C("half_flush", False, "sparrows-nest", "123m 456m 789m 222m 55m", cite=f"{SN} Full Flush replaces Half Flush"),
    C("full_flush", False, "sparrows-nest", "123m 456m 789m 111z 55z", cite=f"{SN} Full Flush: no honours"),
    C(
        "full_flush",
        True,
        "old-style-cheat-sheet",
        "123m 456m 789m 222m 55m",
        faan=6,
        cite=f"{CS} Faan from Suits: Full Flush 6 (5), closed",
    ),
    C(
        "full_flush",
        True,
        "old-style-cheat-sheet",
        "456m 789m 222m 55m",
        "chow 1m",
        faan=5,
        cite=f"{CS} Faan from Suits: Full Flush 6 (5), open",
    ),
    C(
        "pure_straight",
        True,
        "old-style-cheat-sheet",
        "123m 456m 789m 234p 55s",
        faan=2,
        cite=f"{CS} Faan from Suits: Pure Straight 2 (1)",
    ),
    C("pure_straight", False, "old-style-cheat-sheet", "123m 456m 678m 234p 55s", cite=f"{CS} Pure Straight 1-9"),
    C(
        "mixed_triple_chow",
        True,
        "old-style-cheat-sheet",
        "123m 123p 123s 789m 55z",
        faan=2,
        cite=f"{CS} Faan from Suits: Three matching chow of different suits 2 (1)",
    ),
    C(
        "mixed_triple_chow",
        False,
        "old-style-cheat-sheet",
        "123m 123p 234s 789m 55z",
        cite=f"{CS} Three matching chow of different suits",
    ),
    C(
        "pure_double_chow",
        True,
        "old-style-cheat-sheet",
        "123m 123m 456p 789s 55z",
        faan=1,
        cite=f"{CS} Faan from Suits: Two matching chow of one suit 1 (-)",
    ),
    C(
        "pure_double_chow",
        False,
        "old-style-cheat-sheet",
        "123m 123m 789s 55z",
        "chow 4p",
        cite=f"{CS} Two matching chow of one suit 1 (-): closed hands only",
    ),
    C(
        "twice_pure_double_chow",
        True,
        "old-style-cheat-sheet",
        "123m 123m 456p 456p 55z",
        faan=3,
        cite=f"{CS} Faan from Suits: Two sets of two matching chow of one suit 3 (-)",
    ),
    C(
        "pure_double_chow",
        False,
        "old-style-cheat-sheet",
        "123m 123m 456p 456p 55z",
        cite=f"{CS} two sets of two matching chows include the single pair of matching chows",
    ),
    C(
        "twice_pure_double_chow",
        False,
        "old-style-cheat-sheet",
        "123m 123m 456p 789p 55z",
        cite=f"{CS} Two sets of two matching chow",
    ),
    C("all_terminals", True, "sparrows-nest", "111m 999m 111p 999s 11s", faan=10, cite=f"{SN} All Terminals 10"),
    C("all_terminals", False, "sparrows-nest", "111m 999m 111p 111z 11s", cite=f"{SN} All Terminals"),
    C("mixed_terminals", True, "sparrows-nest", "111m 999p 111z 555z 99s", faan=4, cite=f"{SN} Terminals and Honors 4"),
    C(
        "all_pungs",
        False,
        "sparrows-nest",
        "111m 999p 111z 555z 99s",
        cite=f"{SN} Terminals and Honors includes All Triplets",
    ),
    C("mixed_terminals", False, "sparrows-nest", "111m 999p 111z 555z 88s", cite=f"{SN} Terminals and Honors"),
    C("mixed_terminals", True, "new-style", "111m 999p 111z 555z 99s", faan=4, cite=f"{NS} Mixed Terminals 混么九 4"),
    C(
        "mixed_terminals",
        True,
        "old-style-cheat-sheet",
        "111m 999p 111z 555z 99s",
        faan=2,
        cite=f"{CS} Only terminals and honours 2",
    ),
    C("all_simples", True, "old-style-cheat-sheet", "234m 456p 678s 222s 55m", faan=1, cite=f"{CS} All Simples 1"),
    C("all_simples", False, "old-style-cheat-sheet", "123m 456p 678s 222s 55m", cite=f"{CS} All Simples"),
    C(
        "terminal_in_each_set",
        True,
        "old-style-cheat-sheet",
        "123m 789m 123p 999s 11s",
        faan=3,
        cite=f"{CS} At least one terminal in each meld 3 (2)",
    ),
    C(
        "terminal_in_each_set",
        False,
        "old-style-cheat-sheet",
        "123m 789m 123p 999s 11z",
        cite=f"{CS} At least one terminal in each meld (honours are not terminals)",
    ),
    C(
        "terminal_in_each_set",
        False,
        "old-style-cheat-sheet",
        "123m 789m 234p 999s 11s",
        cite=f"{CS} At least one terminal in each meld",
    ),
    C("nine_gates", True, "sparrows-nest", NINE_GATES, faan=10, cite=f"{SN} Nine Gates 10"),
    C("full_flush", False, "sparrows-nest", NINE_GATES, cite=f"{SN} Nine Gates includes Full Flush and Closed Hand"),
    C("nine_gates", False, "sparrows-nest", "111m 234m 678m 999m 88m", cite=f"{SN} Nine Gates: 1112345678999"),
    C("nine_gates", True, "new-style", NINE_GATES, faan=13, cite=f"{NS} Nine Gates 九蓮寶燈 13"),
    C("thirteen_orphans", True, "sparrows-nest", "19m 19p 19s 1234567z 1m", faan=10, cite=f"{SN} Thirteen Orphans"),
    C(
        "thirteen_orphans",
        True,
        "old-style-cheat-sheet",
        "19m 19p 19s 1234567z 7z",
        faan=13,
        cite=f"{CS} Alternate Winning Hands: Thirteen Orphans max",
    ),
    C("jade_dragon", True, "old-style-v1", "234s 456s 666z 888s 22s", faan=10, cite=f"{OS} Variant 1: Jade Dragon"),
    C("jade_dragon", False, "old-style-v1", "234s 456s 666z 888s 55z", cite=f"{OS} Variant 1: Jade Dragon"),
    C("ruby_dragon", True, "old-style-v1", "123m 456m 777z 999m 22m", faan=10, cite=f"{OS} Variant 1: Ruby Dragon"),
    C("ruby_dragon", False, "old-style-v1", "123m 456p 777z 999m 22m", cite=f"{OS} Variant 1: Ruby Dragon"),
    C("pearl_dragon", True, "old-style-v1", "123p 456p 555z 999p 22p", faan=10, cite=f"{OS} Variant 1: Pearl Dragon"),
    C("pearl_dragon", False, "old-style-v1", "123p 456p 666z 999p 22p", cite=f"{OS} Variant 1: Pearl Dragon"),
]


@pytest.mark.parametrize("case", params(CASES))
def test_suit_or_terminal_pattern(case):
    """The pattern is credited exactly when the cited document says so."""
    check(case)


def test_thirteen_orphans_near_miss_is_no_winning_hand():
    """sparrows-nest-hk-league-rules.md Thirteen Orphans: one of each terminal and honour plus one more."""
    with pytest.raises(NotAWinningHandError):
        score_hand(make_hand("19m 19p 29s 1234567z 1m"), "sparrows-nest")
