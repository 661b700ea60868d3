"""Flower and season patterns, including the seven/eight-flower wins and the minimum-faan rule for flowers.

Every case cites the rule document and section it encodes; each pattern has a positive case and a near miss.
"""

from __future__ import annotations

import pytest
from core_helpers import faan_of, keys, score
from pattern_cases import CS, NS, OS, SN, C, check, params

H = "123m 456m 789p 123s 55z"
SEVEN_BONUS = "1234567f"
CASES = [
    C("no_flowers", True, "sparrows-nest", H, faan=1, cite=f"{SN} No Flowers"),
    C("no_flowers", False, "sparrows-nest", H, bonus="3f", cite=f"{SN} No Flowers"),
    C("own_flower", True, "sparrows-nest", H, seat=2, bonus="2f", faan=1, cite=f"{SN} Matching Flower"),
    C("own_flower", False, "sparrows-nest", H, seat=1, bonus="2f", cite=f"{SN} Matching Flower: seat position"),
    C("own_season", True, "old-style-v1", H, seat=3, bonus="7f", faan=1, cite=f"{OS} Variant 1: Seat Season"),
    C("own_season", False, "old-style-v1", H, seat=3, bonus="6f", cite=f"{OS} Variant 1: Seat Season"),
    C("all_flowers", True, "sparrows-nest", H, bonus="1234f", faan=2, cite=f"{SN} Set of Flowers 2"),
    C("own_flower", False, "sparrows-nest", H, bonus="1234f", cite=f"{SN} Set of Flowers includes Matching Flower"),
    C(
        "own_flower",
        True,
        "old-style-cheat-sheet",
        H,
        bonus="1234f",
        cite=f"{CS} Faan from Bonuses: All flowers 2 and Per flower of your seat 1 are separate lines",
    ),
    C("all_flowers", False, "sparrows-nest", H, bonus="123f", cite=f"{SN} Set of Flowers: all four"),
    C("all_seasons", True, "new-style", H, bonus="5678f", faan=2, cite=f"{NS} All Flowers or All Seasons 一槓花 2"),
    C("all_seasons", False, "new-style", H, bonus="4567f", cite=f"{NS} All Flowers or All Seasons"),
    C("any_flower", True, "old-style-v3", H, seat=2, bonus="3f", faan=1, cite=f"{OS} Variant 3: Any Flower/Season"),
    C("any_flower", False, "old-style-v3", H, cite=f"{OS} Variant 3: Any Flower/Season Tile"),
    C(
        "round_flower",
        True,
        "old-style-v3",
        H,
        round_wind="2z",
        bonus="6f",
        faan=1,
        cite=f"{OS} Variant 3: Flower/Season of the Round",
    ),
    C("round_flower", False, "old-style-v3", H, round_wind="2z", bonus="7f", cite=f"{OS} Variant 3: of the Round"),
    C(
        "seven_flowers",
        True,
        "sparrows-nest",
        "123m 456m 789p 123s 5z",
        self_drawn=True,
        bonus=SEVEN_BONUS,
        events=("seven_flowers",),
        win=None,
        faan=3,
        cite=f"{SN} Flowers Hand 3",
    ),
    C(
        "seven_flowers",
        False,
        "sparrows-nest",
        H,
        self_drawn=True,
        bonus=SEVEN_BONUS,
        cite=f"{SN} Flowers Hand: only when the player chooses to win on the seventh flower",
    ),
    C(
        "seven_flowers",
        True,
        "old-style-v3",
        "123m 456m 789p 123s 5z",
        self_drawn=True,
        bonus=SEVEN_BONUS,
        events=("seven_flowers",),
        faan=11,
        cite=f"{OS} Variant 3: seven flowers, one less than the maximum",
    ),
    C(
        "eight_flowers",
        True,
        "sparrows-nest",
        "123m 456m 789p 123s 5z",
        self_drawn=True,
        bonus="12345678f",
        events=("eight_flowers",),
        faan=8,
        cite=f"{SN} Big Flowers Hand 8",
    ),
    C(
        "eight_flowers",
        False,
        "sparrows-nest",
        H,
        self_drawn=True,
        bonus="12345678f",
        cite=f"{SN} Big Flowers Hand: an immediate win on the eighth flower",
    ),
    C(
        "eight_flowers",
        True,
        "old-style-cheat-sheet",
        H,
        self_drawn=True,
        bonus="12345678f",
        faan=13,
        cite=f"{CS} Alternate Winning Hands: Eight Treasures max (read as holding all eight bonus tiles)",
    ),
]


@pytest.mark.parametrize("case", params(CASES))
def test_flower_pattern(case):
    """The pattern is credited exactly when the cited document says so."""
    check(case)


def test_flowers_hand_does_not_stack_with_anything():
    """sparrows-nest-hk-league-rules.md Flowers Hand: "Does not stack with anything"."""
    s = score(
        "sparrows-nest", "123m 456m 789p 123s 5z", self_drawn=True, seat=1, bonus=SEVEN_BONUS, events=("seven_flowers",)
    )
    assert keys(s) == ["seven_flowers"] and s.faan == 3


def test_seat_flower_and_season_each_score():
    """hk-rule-sheet-new-style.md Flowers and Seasons: Seat Flower or Season "1 fan for each"."""
    s = score("new-style", H, seat=2, bonus="26f")
    assert faan_of(s, "own_flower") + faan_of(s, "own_season") == 2


def test_old_style_flowers_do_not_count_towards_the_minimum():
    """mahjong-basics-and-hk-old-style-scoring.md Equipment > Flowers: "The flowers never count towards the points
    necessary for a minimum hand" -- 1 dragon + 2 seat bonus tiles = 3 faan, but only 1 counts."""
    s = score("old-style-v1", "123m 456m 789p 777z 55p", seat=1, bonus="15f")
    assert s.faan == 3 and not s.meets_minimum
    assert any("minimum" in n for n in s.notes)


def test_sparrows_nest_matching_flowers_count_towards_the_minimum():
    """sparrows-nest-hk-league-rules.md says nothing to exclude flowers from its 3 faan minimum."""
    s = score("sparrows-nest", "456m 789p 777z 55p", "chow 1m", seat=1, bonus="15f")
    assert s.faan == 3 and s.meets_minimum


def test_seven_flower_win_is_no_win_where_the_profile_lacks_it():
    """mahjong-basics-and-hk-old-style-scoring.md Variant 1 has no seven-flower hand: declaring one is no win."""
    import pytest
    from sikwu.scoring import NotAWinningHandError

    with pytest.raises(NotAWinningHandError, match="seven/eight-flower"):
        score("old-style-v1", "123m 456m 789p 123s 5z", self_drawn=True, bonus=SEVEN_BONUS, events=("seven_flowers",))
