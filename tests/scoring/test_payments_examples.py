"""The documents' worked payment examples, reproduced from real hands scored by the engine."""

from __future__ import annotations

from sikwu.scoring.hand import Hand, Meld
from sikwu.scoring.payments import settle
from sikwu.scoring.scorer import score_hand


def test_old_style_example_1_five_fan_by_discard_pays_64() -> None:
    """mahjong-basics-and-hk-old-style-scoring.md, Variant 1, Scoring Examples, Example 1.

    East round, South position; melded pung (dragon), melded chow, melded pung, out on a discard: Half Flush 3 +
    Dragon Pung 1 + No Flowers 1 = 5 fan; "Payment 64 (32 + 16 + 16) points ... The discarder would pay 32, while
    all other players pay 16 points each."
    """
    hand = Hand(
        concealed=("5p", "6p", "7p", "3z", "3z"),
        melds=(Meld.pung("7z", fed_by=3), Meld.chow("2p", fed_by=1), Meld.pung("9p", fed_by=4)),
        winning_tile="7p",
        seat=2,
        round_wind="1z",
        discarder=3,
    )
    score = score_hand(hand, "old-style-v1")
    st = settle(score, "old-style-v1")
    assert score.faan == 5
    assert st.payments == {1: -16, 2: 64, 3: -32, 4: -16}
    assert st.table_row == "5 faan -> 16 points (row 4-6)"


def test_old_style_example_2_four_fan_self_drawn_pays_32_times_3() -> None:
    """Variant 1, Scoring Examples, Example 2: East round, East position, self-drawn.

    Seat Wind 1 + Prevalent Wind 1 + Self-Drawn Win 1 + No Flowers 1 = 4 fan; "Payment 96 (32 x 3) points ...
    Each opponent would have to pay 32 points each."
    """
    hand = Hand(
        concealed=("6p", "7p", "8p", "2p", "2p"),
        melds=(Meld.pung("1z", fed_by=3), Meld.chow("3m", fed_by=4), Meld.pung("8s", fed_by=2)),
        winning_tile="8p",
        self_drawn=True,
        seat=1,
        round_wind="1z",
    )
    score = score_hand(hand, "old-style-v1")
    st = settle(score, "old-style-v1")
    assert score.faan == 4
    assert st.payments == {1: 96, 2: -32, 3: -32, 4: -32}


def test_example_1_hand_under_sparrows_nest_only_the_discarder_pays() -> None:
    """The same 5-faan hand under Sparrow's Nest (Scoring table: 5 faan, discard 24) -- only West pays."""
    hand = Hand(
        concealed=("5p", "6p", "7p", "3z", "3z"),
        melds=(Meld.pung("7z", fed_by=3), Meld.chow("2p", fed_by=1), Meld.pung("9p", fed_by=4)),
        winning_tile="7p",
        seat=2,
        discarder=3,
    )
    score = score_hand(hand, "sparrows-nest")
    st = settle(score, "sparrows-nest")
    assert score.faan == 5
    assert st.payments == {1: 0, 2: 24, 3: -24, 4: 0}
