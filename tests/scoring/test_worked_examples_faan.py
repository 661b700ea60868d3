"""The worked examples and stated totals of the rule documents, reproduced exactly (faan part)."""

from __future__ import annotations

from core_helpers import faan_of, keys, score


def test_old_style_example_1_is_5_fan():
    """mahjong-basics-and-hk-old-style-scoring.md, Scoring Examples, Example 1: East round, South seat; melded pung,
    melded chow, melded pung, out on a discard.  Half Flush 3 + Dragon Pung 1 + No Flowers 1 = 5 fan."""
    s = score("old-style-v1", "456p 88p", "pung 7z", "chow 1p", "pung 9p", win="8p", seat=2, round_wind="1z")
    assert sorted(keys(s)) == ["dragon_pung", "half_flush", "no_flowers"]
    assert (faan_of(s, "half_flush"), faan_of(s, "dragon_pung"), faan_of(s, "no_flowers")) == (3, 1, 1)
    assert s.faan == 5


def test_old_style_example_2_is_4_fan_self_drawn():
    """mahjong-basics-and-hk-old-style-scoring.md, Scoring Examples, Example 2: East round, East seat; melded pung
    of East, melded chow, melded pung, pair, self-drawn.  Seat Wind 1 + Prevalent Wind 1 + Self-Drawn 1 + No
    Flowers 1 = 4 fan."""
    s = score(
        "old-style-v1", "234s 55m", "pung 1z", "chow 1p", "pung 9p", win="4s", self_drawn=True, seat=1, round_wind="1z"
    )
    assert sorted(keys(s)) == ["no_flowers", "round_wind", "seat_wind", "self_drawn"]
    assert s.faan == 4


def test_sparrows_nest_little_four_winds_with_half_flush_is_at_least_9():
    """sparrows-nest-hk-league-rules.md Little Four Winds: "Will also additionally score either Half Flush or All
    Honors for a minimum total of 9 faan" (6 + 3)."""
    s = score("sparrows-nest", "123m 22z 333z 444z", "pung 1z", seat=3, round_wind="2z", bonus="2f")
    assert faan_of(s, "small_four_winds") == 6 and faan_of(s, "half_flush") == 3
    assert s.faan == 9


def test_sparrows_nest_little_three_dragons_includes_its_dragon_triplets():
    """sparrows-nest-hk-league-rules.md Little Three Dragons 5 faan: "Includes the 2 faan from Dragon Triplets"."""
    s = score("sparrows-nest", "555z 666z 77z 456p", "chow 7s", bonus="3f")  # flower 3 is not seat 1's
    assert keys(s) == ["small_three_dragons"] and s.faan == 5


def test_sparrows_nest_big_three_dragons_includes_its_dragon_triplets():
    """sparrows-nest-hk-league-rules.md Big Three Dragons 8 faan: "Includes the 3 faan from Dragon Triplets"."""
    s = score("sparrows-nest", "555z 666z 777z 11p", "chow 1m", bonus="3f")
    assert keys(s) == ["big_three_dragons"] and s.faan == 8


def test_sparrows_nest_set_of_flowers_includes_matching_flower():
    """sparrows-nest-hk-league-rules.md Set of Flowers 2 faan: "Includes faan from Matching Flower"."""
    s = score("sparrows-nest", "456m 789p 777z 55p", "chow 1m", seat=1, bonus="1234f")
    assert faan_of(s, "all_flowers") == 2 and faan_of(s, "own_flower") == 0
    assert s.faan == 3  # Set of Flowers 2 + Dragon Triplet 1


def test_sparrows_nest_cap_is_10():
    """sparrows-nest-hk-league-rules.md Game Setup: "3 faan minimum, 10 faan cap" (All Honors 10 + Big Three
    Dragons 8 + ... is paid as 10)."""
    s = score("sparrows-nest", "111z 555z 666z 777z 22z")
    assert s.raw_faan > 10 and s.faan == 10 and s.capped


def test_new_style_all_honours_already_includes_all_triplets():
    """hk-rule-sheet-new-style.md All Honours 字一色 10: "3 Fan from All Triplets is already included"."""
    s = score("new-style", "111z 222z 555z 666z 77z", seat=3, round_wind="3z")
    assert faan_of(s, "all_pungs") == 0 and faan_of(s, "all_honours") == 10


def test_old_style_v3_seven_flowers_is_one_less_than_the_maximum():
    """mahjong-basics-and-hk-old-style-scoring.md Variant 3, All Flowers and Seasons: seven flowers "is worth one
    less than the maximum fan level. No additional fan may be added"; eight flowers "is worth max fan"."""
    seven = score(
        "old-style-v3", "123m 456m 789p 123s 5z", self_drawn=True, bonus="1234567f", events=("seven_flowers",)
    )
    eight = score(
        "old-style-v3", "123m 456m 789p 123s 5z", self_drawn=True, bonus="12345678f", events=("eight_flowers",)
    )
    assert (seven.faan, eight.faan) == (11, 12)
    assert keys(seven) == ["seven_flowers"] and keys(eight) == ["eight_flowers"]


def test_cheat_sheet_open_and_closed_values():
    """hk-old-style-cheat-sheet.html Score Table, Notes: "2 (1) means that bonus is worth 2 if closed, 1 if open.
    2 (-) means you only get the bonus if the hand is closed" -- Full Flush 6 (5)."""
    closed = score("old-style-cheat-sheet", "123m 456m 789m 222m 55m")
    opened = score("old-style-cheat-sheet", "456m 789m 222m 55m", "chow 1m")
    assert faan_of(closed, "full_flush") == 6 and faan_of(opened, "full_flush") == 5
