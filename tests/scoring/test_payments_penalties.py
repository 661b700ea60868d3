"""False mahjong penalties and the draw-game pot."""

from __future__ import annotations

import pytest
from sikwu.scoring.errors import HandError
from sikwu.scoring.hand import Hand
from sikwu.scoring.payments import draw_game, false_mahjong, settle
from sikwu.scoring.scorer import Reading, Score


def test_sparrows_nest_false_mahjong_is_a_reverse_limit_self_draw() -> None:
    """Sparrow's Nest, Penalties, False Mahjong: "a reverse limit hand self draw payment" -- the offender pays each
    other player the 10-faan self-draw share (64, Scoring table)."""
    st = false_mahjong(3, "sparrows-nest", dealer=1)
    assert st.payments == {1: 64, 2: 64, 3: -192, 4: 64}
    assert st.kind == "false_mahjong"


def test_chinese_classical_false_out_pays_each_other_player_300() -> None:
    """four-winds-chinese-classical-penalties.txt, 4.1: "the offender shall pay each of the other players 300
    points (East does not pay/receive double)"."""
    st = false_mahjong(1, "old-style-cheat-sheet", dealer=1)
    assert st.payments == {1: -900, 2: 300, 3: 300, 4: 300}


def test_chinese_classical_two_false_outs_pay_150_to_each_non_offender() -> None:
    """4.1: "Should two players make a faulty declaration of out, each pays 150 points to each of the two
    non-offending players"."""
    st = false_mahjong((2, 4), "old-style-cheat-sheet", dealer=1)
    assert st.payments == {1: 300, 2: -300, 3: 300, 4: -300}


def test_chinese_classical_three_false_outs_pay_100_each() -> None:
    """4.1: "if three players make a faulty declaration, each pays 100 points to the non-offending players"."""
    st = false_mahjong((1, 2, 3), "old-style-cheat-sheet", dealer=1)
    assert st.payments == {1: -100, 2: -100, 3: -100, 4: 300}


@pytest.mark.parametrize(("profile", "each"), [("old-style-v1", 16), ("old-style-v2", 16), ("old-style-v3", 32)])
def test_old_style_erroneous_mahjong_pays_each_player_four_fan_worth(profile: str, each: int) -> None:
    """mahjong-basics-and-hk-old-style-scoring.md, Old Style Penalties, Erroneous Mahjong: "the offender pays each
    player 4 fan worth" (4 fan = 16 points in variants 1/2, 32 in variant 3)."""
    st = false_mahjong(2, profile, dealer=1)
    assert st.payments == {1: each, 2: -3 * each, 3: each, 4: each}


def test_new_style_defines_no_false_mahjong_penalty() -> None:
    """hk-rule-sheet-new-style.md has no penalty section: nothing moves and the settlement says so."""
    st = false_mahjong(2, "new-style", dealer=1)
    assert set(st.payments.values()) == {0}
    assert "defines no penalty" in st.lines[0]


def test_false_mahjong_rejects_a_seat_that_does_not_exist() -> None:
    with pytest.raises(HandError, match="not a seat"):
        false_mahjong(5, "sparrows-nest")


def test_sparrows_nest_draw_game_each_player_puts_four_in_the_pot() -> None:
    """Sparrow's Nest, Game Setup: "After a draw game, each player puts up 4 points toward a pot for the next
    winner"."""
    st = draw_game("sparrows-nest")
    assert st.payments == {1: -4, 2: -4, 3: -4, 4: -4}
    assert st.pot == 16
    assert sum(st.payments.values()) + st.pot == 0


def test_sparrows_nest_draw_on_the_last_hand_reimburses_the_pot() -> None:
    """Game Setup: "Reimburse pot if draw game on last hand"."""
    st = draw_game("sparrows-nest", pot_before=32, last_hand=True)
    assert st.payments == {1: 8, 2: 8, 3: 8, 4: 8}
    assert st.pot == -32


def test_next_winner_takes_the_pot() -> None:
    """Game Setup: the pot is "for the next winner" -- on top of the hand's payments."""
    hand = Hand(("1m",) * 2, winning_tile="1m", self_drawn=True, seat=3)
    score = Score("t", hand, Reading("standard", (), (), 3, 3, None, 3), (), 3, 3, False, False, 3, True, ())
    st = settle(score, "sparrows-nest", pot=16)
    assert st.payments == {1: -4, 2: -4, 3: 12 + 16, 4: -4}
    assert sum(st.payments.values()) + st.pot == 0


def test_profiles_without_a_pot_charge_nothing_for_a_draw() -> None:
    """Old Style, Draw: "the hand is a draw and nobody wins" -- no pot in these documents."""
    st = draw_game("old-style-v1")
    assert set(st.payments.values()) == {0} and st.pot == 0


def test_dealer_factor_applies_to_wins_and_optionally_to_penalties(tmp_path) -> None:
    """No document has a dealer premium, but a house rule can: payments to or from the dealer are multiplied."""
    from sikwu.scoring.profile import load_profile

    path = tmp_path / "house.toml"
    path.write_text(
        '[meta]\nname = "h"\ndescription = "h"\nextends = "sparrows-nest"\n[payment]\ndealer_factor = 2\n'
        "[penalties.false_mahjong]\ndealer_factor_applies = true\n"
    )
    prof = load_profile(path)
    hand = Hand(("1m",) * 2, winning_tile="1m", self_drawn=True, seat=3, dealer=1)
    score = Score("t", hand, Reading("standard", (), (), 3, 3, None, 3), (), 3, 3, False, False, 3, True, ())
    assert settle(score, prof).payments == {1: -8, 2: -4, 3: 16, 4: -4}
    assert false_mahjong(2, prof, dealer=1).payments == {1: 128, 2: -256, 3: 64, 4: 64}
