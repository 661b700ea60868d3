"""Every faan -> points table and payment scheme in the rule documents, row by row.

Payments here are settled from a Score with a given faan (the patterns are the core engine's business; these tests
pin the settlement arithmetic).  Worked examples with real hands are in test_payments_examples.py.
"""

from __future__ import annotations

import pytest
from sikwu.scoring.hand import Hand
from sikwu.scoring.payment_rules import formula_points
from sikwu.scoring.payments import settle
from sikwu.scoring.profile import load_profile
from sikwu.scoring.scorer import Reading, Score

# Any legal-looking hand: settlement only reads seat/dealer/discarder/self_drawn/melds/events from it.
_TILES = ("1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "2m", "3m", "4m", "5z", "5z")


def scored(faan: int, *, self_drawn: bool, seat: int = 1, discarder: int | None = 2, minimum: int = 0) -> Score:
    hand = Hand(
        concealed=_TILES,
        winning_tile="5z",
        self_drawn=self_drawn,
        seat=seat,
        discarder=None if self_drawn else discarder,
    )
    reading = Reading("standard", (), (), faan, faan, None, faan)
    return Score("test", hand, reading, (), faan, faan, False, False, minimum, faan >= minimum, ())


# sparrows-nest-hk-league-rules.md, "Scoring": Self Draw "Points" (x 3) | Faan | Discard "Points"
SPARROWS_TABLE = [(3, 4, 8), (4, 8, 16), (5, 12, 24), (6, 16, 32), (7, 24, 48), (8, 32, 64), (9, 48, 96), (10, 64, 128)]


@pytest.mark.parametrize(("faan", "each", "discard"), SPARROWS_TABLE)
def test_sparrows_nest_self_draw_each_other_player_pays_the_table(faan: int, each: int, discard: int) -> None:
    """Sparrow's Nest, Scoring: "Payment for winning by self draw comes from each other player" (4 x 3 ...)."""
    st = settle(scored(faan, self_drawn=True, seat=2), "sparrows-nest")
    assert st.payments == {1: -each, 2: 3 * each, 3: -each, 4: -each}


@pytest.mark.parametrize(("faan", "each", "discard"), SPARROWS_TABLE)
def test_sparrows_nest_discard_only_the_discarder_pays(faan: int, each: int, discard: int) -> None:
    """Sparrow's Nest, Scoring: "Payment for winning by discard comes solely from the player who discarded"."""
    st = settle(scored(faan, self_drawn=False, seat=2, discarder=4), "sparrows-nest")
    assert st.payments == {1: 0, 2: discard, 3: 0, 4: -discard}


def test_sparrows_nest_table_starts_at_the_three_faan_minimum() -> None:
    """Sparrow's Nest, Game Setup: "3 faan minimum, 10 faan cap" -- the table has rows 3..10 only."""
    points = load_profile("sparrows-nest").payment.points
    assert points.lowest == 3 and points.highest == 10


# hk-old-style-cheat-sheet.html, "Faan to Points"
CHEAT_SHEET = [(0, 1), (1, 2), (2, 4), (3, 8), (4, 16), (5, 16), (6, 16), (7, 32), (8, 32), (9, 32), (10, 64),
               (11, 64), (12, 64), (13, 128)]  # fmt: skip


@pytest.mark.parametrize(("faan", "points"), CHEAT_SHEET)
def test_old_style_cheat_sheet_faan_to_points(faan: int, points: int) -> None:
    """Cheat sheet, "Faan to Points": 0 1 2 3 4-6 7-9 10-12 13+ -> 1 2 4 8 16 32 64 128."""
    assert load_profile("old-style-cheat-sheet").payment.points.points(faan) == points


def test_old_style_cheat_sheet_discarder_pays_double_others_single() -> None:
    """Cheat sheet, Scoring: "the person they stole it from pays double" (the others pay the table)."""
    st = settle(scored(7, self_drawn=False, seat=3, discarder=1), "old-style-cheat-sheet")
    assert st.payments == {1: -64, 2: -32, 3: 128, 4: -32}


def test_old_style_cheat_sheet_self_draw_everyone_pays_double() -> None:
    """Cheat sheet, Scoring: "If they won by drawing a tile, everyone pays double"."""
    st = settle(scored(3, self_drawn=True, seat=4), "old-style-cheat-sheet")
    assert st.payments == {1: -16, 2: -16, 3: -16, 4: 48}


# mahjong-basics-and-hk-old-style-scoring.md, Variant 1 "Scoring Table": Fan | Points | By discard | Self drawn
VARIANT_1 = [(0, 1, (1, 1, 2), None), (1, 2, (2, 2, 4), 12), (2, 4, (4, 4, 8), 24), (3, 8, (8, 8, 16), 48),
             (4, 16, (16, 16, 32), 96), (5, 16, (16, 16, 32), 96), (6, 16, (16, 16, 32), 96),
             (7, 32, (32, 32, 64), 192), (8, 32, (32, 32, 64), 192), (9, 32, (32, 32, 64), 192),
             (10, 64, (64, 64, 128), 384)]  # fmt: skip


@pytest.mark.parametrize("profile", ["old-style-v1", "old-style-v2"])
@pytest.mark.parametrize(("faan", "points", "by_discard", "self_drawn"), VARIANT_1)
def test_old_style_v1_v2_scoring_table(profile: str, faan: int, points: int, by_discard: tuple, self_drawn) -> None:
    """Old Style Variants 1 and 2, "Scoring Table": e.g. 3 fan -> 8 points, by discard 8+8+16=32, self 16+16+16=48.

    Variant 2's table prints 2 fan self-drawn as "8+8+8=32"; the sum of its own shares (8 x 3 = 24) is used.
    Settled with no minimum so the 0-2 fan rows can be checked too.
    """
    payment = load_profile(profile).payment
    assert payment.points.points(faan) == points
    st = settle(scored(faan, self_drawn=False, seat=1, discarder=3), profile)
    assert (-st.payments[2], -st.payments[4], -st.payments[3]) == by_discard
    assert st.payments[1] == sum(by_discard)
    if self_drawn is not None:
        st = settle(scored(faan, self_drawn=True, seat=1), profile)
        assert st.payments == {1: self_drawn, 2: -self_drawn // 3, 3: -self_drawn // 3, 4: -self_drawn // 3}


# Variant 3 table: "Fan | Score"
VARIANT_3 = [(0, 2), (1, 4), (2, 8), (3, 16), (4, 32), (5, 48), (6, 64), (7, 96), (8, 128), (9, 192), (10, 256),
             (11, 384), (12, 512)]  # fmt: skip


@pytest.mark.parametrize(("faan", "points"), VARIANT_3)
def test_old_style_v3_score_table(faan: int, points: int) -> None:
    """Old Style Variant 3: "After four fan the score doubles after every increment of two" (0 -> 2 .. 12 -> 512)."""
    assert load_profile("old-style-v3").payment.points.points(faan) == points
    assert formula_points("half_spicy", 2, faan) == points


def test_old_style_v3_discarder_pays_double_the_full_score() -> None:
    """Variant 3, Variations: "Discarder pays winner double the full score" (others pay nothing)."""
    st = settle(scored(5, self_drawn=False, seat=2, discarder=3), "old-style-v3")
    assert st.payments == {1: 0, 2: 96, 3: -96, 4: 0}


def test_old_style_v3_self_draw_everyone_pays_the_full_value() -> None:
    """Variant 3: "Win by self-drawn tile: All player's pay the full value of the winner's hand"."""
    st = settle(scored(5, self_drawn=True, seat=2), "old-style-v3")
    assert st.payments == {1: -48, 2: 144, 3: -48, 4: -48}


# hk-rule-sheet-new-style.md, "Payment Table (New Style)"
NEW_STYLE = [(0, 1), (1, 2), (2, 4), (3, 8), (4, 16), (5, 24), (6, 32), (7, 48), (8, 64), (9, 96), (10, 128),
             (11, 192), (12, 256), (13, 384), (14, 384)]  # fmt: skip


@pytest.mark.parametrize(("faan", "points"), NEW_STYLE)
def test_new_style_payment_table(faan: int, points: int) -> None:
    """New Style Payment Table: 0..12 -> 1..256, 13+ -> 384 (half-spicy, base 1)."""
    assert load_profile("new-style").payment.points.points(faan) == points
    assert formula_points("half_spicy", 1, min(faan, 13)) == points


def test_new_style_discarder_pays_all_at_double() -> None:
    """New Style: "When winning by discard, only the discarding player pays, but they pay 2x the points"."""
    st = settle(scored(6, self_drawn=False, seat=4, discarder=2), "new-style")
    assert st.payments == {1: 0, 2: -64, 3: 0, 4: 64}


def test_new_style_self_pick_all_players_pay_the_table() -> None:
    """New Style: "When winning by self pick, all players pay the number of points based on the number of Fan"."""
    st = settle(scored(6, self_drawn=True, seat=4), "new-style")
    assert st.payments == {1: -32, 2: -32, 3: -32, 4: 96}


def test_the_table_row_used_is_reported() -> None:
    st = settle(scored(5, self_drawn=False, seat=2, discarder=3), "old-style-v1")
    assert st.table_row == "5 faan -> 16 points (row 4-6)"
    st = settle(scored(5, self_drawn=True, seat=2), "new-style")
    assert st.table_row == "5 faan -> 24 points"


def test_below_the_minimum_nobody_pays_and_the_settlement_says_why() -> None:
    """Sparrow's Nest, Game Setup: 3 faan minimum -- a 2-faan hand is not a legal win."""
    st = settle(scored(2, self_drawn=True, seat=2, minimum=3), "sparrows-nest")
    assert not st.legal
    assert set(st.payments.values()) == {0}
    assert "2 faan is below the 3-faan minimum: not a legal win" in st.lines[0]


@pytest.mark.parametrize(
    "profile", ["sparrows-nest", "old-style-cheat-sheet", "old-style-v1", "old-style-v2", "old-style-v3", "new-style"]
)
def test_same_faan_pays_differently_per_profile_scheme(profile: str) -> None:
    """The schemes differ: only Old Style v1/v2 and the cheat sheet make the non-discarders pay on a discard."""
    st = settle(scored(5, self_drawn=False, seat=1, discarder=2), profile)
    others_pay = st.payments[3] != 0
    assert others_pay == (profile in {"old-style-cheat-sheet", "old-style-v1", "old-style-v2"})
    assert sum(st.payments.values()) == 0


def test_doubling_formula_doubles_every_faan() -> None:
    assert [formula_points("doubling", 1, f) for f in range(6)] == [1, 2, 4, 8, 16, 32]
