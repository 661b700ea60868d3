"""Audit of the built-in profiles against the rule documents: the discrepancies found (and fixed) and the tricky
hands a referee asks about, each pinned to the document text it follows."""

from __future__ import annotations

import pytest
from core_helpers import faan_of, keys, score

ALL_PROFILES = ("sparrows-nest", "old-style-cheat-sheet", "old-style-v1", "old-style-v2", "old-style-v3", "new-style")


# --- fixed discrepancies -------------------------------------------------------------------------------------


def test_sparrows_nest_last_tile_not_scored_on_a_flower_replacement():
    """sparrows-nest-hk-league-rules.md, Scoring Conditions, Last Tile: "Not scored if the last tile is drawn for a
    replacement from a flower tile or from calling Gong"."""
    s = score(
        "sparrows-nest",
        "123m 456m 789p 123p 55s",
        win="1p",
        self_drawn=True,
        bonus="3f",
        events=("last_tile_wall", "flower_replacement"),
    )
    assert "last_tile_draw" not in keys(s)


def test_sparrows_nest_last_tile_scored_on_an_ordinary_last_draw():
    """sparrows-nest-hk-league-rules.md, Scoring Conditions, Last Tile: "Scored when winning off the last draw"."""
    s = score(
        "sparrows-nest", "123m 456m 789p 123p 55s", win="1p", self_drawn=True, bonus="3f", events=("last_tile_wall",)
    )
    assert faan_of(s, "last_tile_draw") == 1


def test_new_style_kong_replacement_replaces_self_pick():
    """hk-rule-sheet-new-style.md, How to Use: "Indented features replace the parent feature"; the profile follows
    the league's printed inclusions where the values agree (sparrows-nest-hk-league-rules.md, Self Draw After Gong
    2 faan: "Includes faan from Self Draw"), so Win by Kong Replacement 2 does not add Self-Pick 1."""
    s = score("new-style", "123m 456m 789p 55s", "kong 2s", win="9p", self_drawn=True, events=("kong_replacement",))
    assert faan_of(s, "kong_replacement") == 2 and "self_drawn" not in keys(s)


def test_new_style_double_kong_replacement_replaces_kong_replacement_and_self_pick():
    """hk-rule-sheet-new-style.md, Win Actions: Double Kong Replacement 9 (indented under Win by Kong Replacement,
    which replaces Self-Pick)."""
    s = score(
        "new-style",
        "123m 789p 55s",
        "kong 2s",
        "ckong 3p",
        win="9p",
        self_drawn=True,
        events=("double_kong_replacement",),
    )
    assert faan_of(s, "double_kong_replacement") == 9
    assert not {"self_drawn", "kong_replacement"} & set(keys(s))


def test_new_style_all_flowers_replaces_the_seat_flower():
    """hk-rule-sheet-new-style.md, Flowers and Seasons: All Flowers or All Seasons 2 replaces Seat Flower 1x (the
    league prints the same 2 with "Includes faan from Matching Flower", sparrows-nest Set of Flowers)."""
    s = score("new-style", "123m 456m 789p 234s 55s", win="5s", self_drawn=True, bonus="1f 2f 3f 4f", seat=1)
    assert faan_of(s, "all_flowers") == 2 and "own_flower" not in keys(s)


def test_new_style_seat_season_still_scores_beside_all_flowers():
    """hk-rule-sheet-new-style.md, Flowers and Seasons: the set of four flowers replaces only the seat *flower*;
    the seat season (1x) is still scored."""
    s = score("new-style", "123m 456m 789p 234s 55s", win="5s", self_drawn=True, bonus="1f 2f 3f 4f 5f", seat=1)
    assert faan_of(s, "all_flowers") == 2 and faan_of(s, "own_season") == 1


def test_v3_kong_added_to_a_claimed_pung_is_not_a_concealed_pung():
    """mahjong-basics-and-hk-old-style-scoring.md, Variant 3, Four Concealed Pungs: "A kong is considered a concealed
    pung" -- but a small melded kong is built on a pung claimed from a discard (Small Melded Kong), never
    concealed, so an open hand of kongs is not Kan Kan Woo."""
    s = score("old-style-v3", "222m 55z", "kong 2p", "akong 2s", "kong 9m", win="5z")
    assert "four_concealed_pungs" not in keys(s)


def test_v3_concealed_kong_counts_as_a_concealed_pung():
    """mahjong-basics-and-hk-old-style-scoring.md, Variant 3, Four Concealed Pungs: "A kong is considered a concealed
    pung" (a concealed kong, declared face down)."""
    s = score("old-style-v3", "111m 222p 555z 44p", "ckong 3s", win="4p")
    assert "four_concealed_pungs" in keys(s) and s.faan == 12


# --- referee probes (behaviour confirmed against the documents) ------------------------------------------------


def test_ping_wu_needs_a_suited_pair_in_old_style_v1():
    """mahjong-basics-and-hk-old-style-scoring.md, Variant 1, All Chows: "only of chows and a pair of suit tiles"."""
    assert "all_chows" not in keys(score("old-style-v1", "123m 456m 789p 234s 55z", win="4s"))
    assert "all_chows" in keys(score("old-style-v1", "123m 456m 789p 234s 55s", win="5s"))


def test_ping_wu_with_an_honour_pair_in_sparrows_nest():
    """sparrows-nest-hk-league-rules.md, All Sequences: "Four sequences and a pair" (no condition on the pair)."""
    assert faan_of(score("sparrows-nest", "123m 456m 789p 234s 55z", win="4s"), "all_chows") == 1


def test_111222333_reads_as_three_concealed_pungs_when_that_scores_more():
    """hk-old-style-cheat-sheet.html, Faan from Melds: Three closed pungs 2 beats Two matching chow 1 (-): the
    111222333m block is read as pungs when self-drawn."""
    s = score("old-style-cheat-sheet", "111222333m 789p 55s", win="3m", self_drawn=True)
    assert faan_of(s, "three_concealed_pungs") == 2
    assert any(r.patterns and "pure_double_chow" in [h.key for h in r.patterns] for r in s.alternatives)


def test_111222333_on_a_discard_third_pung_is_not_concealed():
    """hk-old-style-cheat-sheet.html, Faan from Melds: on a discard the 3m pung is completed by a claimed tile, so
    only two closed pungs remain and the chow reading (Two matching chow 1 (-)) is better."""
    s = score("old-style-cheat-sheet", "111222333m 789p 55s", win="3m")
    assert "three_concealed_pungs" not in keys(s) and faan_of(s, "pure_double_chow") == 1


@pytest.mark.parametrize("profile", ["sparrows-nest", "old-style-v2", "old-style-v3", "new-style"])
def test_seven_pairs_is_not_a_win_where_the_document_has_no_seven_pairs(profile):
    """Seven Pairs appears only in the cheat sheet (2), Old Style variant 1 (4) and, "only played in certain
    variants", the New Style sheet (disabled there)."""
    from sikwu.scoring import NotAWinningHandError

    with pytest.raises(NotAWinningHandError):
        score(profile, "11m 33m 55p 77p 99s 22s 66z", win="6z")


def test_thirteen_orphans_on_a_discard_is_a_limit_hand():
    """sparrows-nest-hk-league-rules.md, Thirteen Orphans 10 faan: no self-draw condition."""
    s = score("sparrows-nest", "19m 19p 19s 1234567z 1m", win="1m")
    assert s.best.shape == "thirteen_orphans" and s.faan == 10


def test_nine_gates_is_not_in_old_style_v3():
    """mahjong-basics-and-hk-old-style-scoring.md, Variant 3 table lists no Nine Gates: it scores as a Full Flush."""
    s = score("old-style-v3", "1112345678999m 5m", win="5m")
    assert "nine_gates" not in keys(s) and faan_of(s, "full_flush") == 6


@pytest.mark.parametrize("profile", ALL_PROFILES)
def test_full_flush_with_an_honour_is_a_half_flush(profile):
    """All documents: Full Flush is one suit and no honours (cheat sheet "All one suit, no honours"); with a dragon
    pung the hand is a Half Flush only."""
    s = score(profile, "123m 456m 789m 55z", "pung 7z", win="5z")
    assert "full_flush" not in keys(s) and "half_flush" in keys(s)


def test_all_honours_is_not_also_mixed_terminals_in_new_style():
    """hk-rule-sheet-new-style.md: All Honours 10 (only honour tiles) and Mixed Terminals 4 (ones, nines *and*
    honours) are different hands; an all-honour hand is not capped to 13 by adding Mixed Terminals."""
    s = score("new-style", "111z 222z 555z 666z 77z", win="7z", discarder=2)
    assert "all_honours" in keys(s) and "mixed_terminals" not in keys(s) and "half_flush" not in keys(s)


def test_big_four_winds_is_not_small_four_winds():
    """sparrows-nest-hk-league-rules.md: Little Four Winds 6 (a pair of the fourth wind) vs Big Four Winds 10."""
    s = score("sparrows-nest", "111z 222z 333z 444z 22m", win="2m")
    assert "big_four_winds" in keys(s) and "small_four_winds" not in keys(s)


def test_small_three_dragons_is_not_big_three_dragons():
    """sparrows-nest-hk-league-rules.md: Little Three Dragons 5 (includes the 2 dragon triplets)."""
    s = score("sparrows-nest", "555z 66z 123m 222m", "pung 7z", win="2m")
    assert faan_of(s, "small_three_dragons") == 5 and "big_three_dragons" not in keys(s)
    assert "dragon_pung" not in keys(s)


def test_own_flower_and_season_follow_the_seat():
    """sparrows-nest-hk-league-rules.md, Matching Flower: "each flower that matches the player's seat position";
    South (seat 2) owns 2f and 6f, not 1f."""
    s = score("sparrows-nest", "123m 456m 789p 234s 55s", win="5s", self_drawn=True, bonus="1f 2f 6f", seat=2)
    assert faan_of(s, "own_flower") == 1 and faan_of(s, "own_season") == 1


def test_seven_flowers_does_not_stack():
    """sparrows-nest-hk-league-rules.md, Flowers Hand 3 faan: "Does not stack with anything"."""
    s = score(
        "sparrows-nest",
        "123m 456m 789p 234s 5s",
        win="5s",
        self_drawn=True,
        bonus="1f 2f 3f 4f 5f 6f 7f",
        events=("seven_flowers",),
    )
    assert keys(s) == ["seven_flowers"] and s.faan == 3


def test_v3_seven_flowers_is_one_less_than_the_limit():
    """mahjong-basics-and-hk-old-style-scoring.md, Variant 3, All Flowers and Seasons: "worth one less than the
    maximum fan level" (12 - 1)."""
    s = score(
        "old-style-v3",
        "123m 456m 789p 234s 5s",
        win="5s",
        self_drawn=True,
        bonus="1f 2f 3f 4f 5f 6f 7f",
        events=("seven_flowers",),
    )
    assert s.faan == 11


def test_four_concealed_pungs_needs_self_draw_in_old_style_v1():
    """mahjong-basics-and-hk-old-style-scoring.md, Variant 1: Four Concealed Pungs "and self-drawn win"."""
    assert "four_concealed_pungs" not in keys(score("old-style-v1", "111m 222p 333s 555z 44p", win="4p"))
    assert "four_concealed_pungs" in keys(score("old-style-v1", "111m 222p 333s 555z 44p", win="4p", self_drawn=True))


def test_four_concealed_triplets_on_a_discard_for_the_pair_only():
    """sparrows-nest-hk-league-rules.md, Four Concealed Triplets: "Scored when winning by self draw or discard to
    complete the pair but not scored when winning by discard to complete a triplet"."""
    assert "four_concealed_pungs" in keys(score("sparrows-nest", "111m 222p 333s 555z 44p", win="4p"))
    assert "four_concealed_pungs" not in keys(score("sparrows-nest", "111m 222p 333s 555z 44p", win="1m"))


def test_robbing_a_kong_is_not_a_self_draw_faan():
    """sparrows-nest-hk-league-rules.md, Robbing Gong 1 faan: the robbed hand is "valued as a self draw" for the
    payments (the konger pays all three); the faan has Robbing Gong, not Self Draw."""
    s = score("sparrows-nest", "123m 456m 789p 234s 55s", win="4s", events=("robbing_kong",))
    assert faan_of(s, "robbing_kong") == 1 and "self_drawn" not in keys(s)


def test_sparrows_nest_closed_hand_not_with_a_closed_gong():
    """sparrows-nest-hk-league-rules.md, Closed Hand: "Cannot be scored with a 'closed' gong"."""
    s = score("sparrows-nest", "123m 456m 789p 55s", "ckong 2s", win="5s", self_drawn=True)
    assert "concealed_hand" not in keys(s)
