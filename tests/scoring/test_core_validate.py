"""Hand validation: impossible or inconsistent hands fail with a specific message saying what to do."""

from __future__ import annotations

import pytest
from core_helpers import make_hand, meld
from sikwu.scoring import Hand, HandError, Meld, check_counts, is_winning_hand, parse_tiles, winning_shapes
from sikwu.scoring.validate import validate_hand


def err(hand: Hand) -> str:
    with pytest.raises(HandError) as info:
        validate_hand(hand)
    return str(info.value)


def test_valid_hand_passes():
    validate_hand(make_hand("123m 456m 789p 123s 55z"))


def test_five_of_a_tile_is_impossible():
    msg = err(make_hand("11m 456m 789p", "pung 1m", "chow 1s", win="9p"))
    assert "1m" in msg and "5 times" in msg and "only 4" in msg


def test_two_of_one_flower_is_impossible():
    with pytest.raises(HandError, match="only one of each flower"):
        check_counts(parse_tiles("2f 2f"))


def test_check_counts_accepts_four_of_a_kind():
    check_counts(parse_tiles("1111m 1f"))


def test_wrong_tile_number_says_how_many_are_expected():
    msg = err(make_hand("123m 456m 789p 123s 5z"))
    assert "14 concealed tiles" in msg and "13 concealed tiles were given" in msg


def test_tile_number_counts_one_extra_per_kong():
    msg = err(make_hand("123m 456m 789p 55z 9s", "kong 1s"))
    assert "11 concealed tiles" in msg and "15 tiles in all" in msg


def test_winning_tile_must_be_in_the_concealed_tiles():
    assert "not among the concealed tiles" in err(make_hand("123m 456m 789p 123s 55z", win="9s"))


def test_winning_tile_in_a_declared_meld_is_explained():
    assert "only in a declared meld" in err(make_hand("123m 456m 789p 55z", "pung 9s", win="9s"))


def test_winning_tile_is_required():
    h = Hand(concealed=parse_tiles("123m 456m 789p 123s 55z"), discarder=2)
    assert "winning_tile" in err(h)


def test_bonus_tiles_cannot_be_concealed():
    h = Hand(concealed=parse_tiles("123m 456m 789p 123s 5z 1f"), winning_tile="5z", discarder=2)
    assert "move it from the concealed tiles to the bonus tiles" in err(h)


def test_playing_tile_listed_as_bonus():
    assert "not a flower or season" in err(make_hand("123m 456m 789p 123s 55z", bonus="1m"))


def test_robbing_a_kong_is_not_a_self_draw():
    assert "not a self-draw" in err(make_hand("123m 456m 789p 123s 55z", self_drawn=True, events=("robbing_kong",)))


def test_replacement_win_must_be_self_drawn():
    assert "set self_drawn to true" in err(make_hand("123m 456m 789p 55z", "kong 9s", events=("kong_replacement",)))


def test_kong_replacement_needs_a_kong():
    h = make_hand("123m 456m 789p 123s 55z", self_drawn=True, events=("kong_replacement",))
    assert "needs a declared kong" in err(h)


def test_last_tile_events_exclude_each_other():
    h = make_hand("123m 456m 789p 123s 55z", self_drawn=True, events=("last_tile_wall", "last_discard"))
    assert "exclude each other" in err(h)


def test_heavenly_hand_is_the_dealers():
    h = make_hand("123m 456m 789p 123s 55z", seat=2, self_drawn=True, events=("heavenly",))
    assert "dealer" in err(h)


def test_earthly_hand_is_won_on_the_dealers_discard():
    h = make_hand("123m 456m 789p 123s 55z", seat=2, discarder=3, events=("earthly",))
    assert "dealer's discard" in err(h)


def test_self_drawn_win_has_no_discarder():
    h = Hand(concealed=parse_tiles("123m 456m 789p 123s 55z"), winning_tile="5z", self_drawn=True, discarder=2)
    assert "no discarder" in err(h)


def test_unknown_event_lists_the_known_ones():
    assert "known events" in err(make_hand("123m 456m 789p 123s 55z", events=("moonlight",)))


def test_chow_must_be_consecutive():
    h = Hand(
        concealed=parse_tiles("123m 456m 789p 55z"),
        melds=(Meld("chow", ("1s", "2s", "4s")),),
        winning_tile="5z",
        discarder=2,
    )
    assert "consecutive" in err(h)


def test_honours_cannot_form_a_chow():
    h = Hand(
        concealed=parse_tiles("123m 456m 789p 55z"),
        melds=(Meld("chow", ("1z", "2z", "3z")),),
        winning_tile="5z",
        discarder=2,
    )
    assert "cannot form a chow" in err(h)


def test_chow_of_mixed_suits():
    h = Hand(
        concealed=parse_tiles("123m 456m 789p 55z"),
        melds=(Meld("chow", ("1s", "2p", "3s")),),
        winning_tile="5z",
        discarder=2,
    )
    assert "one suit" in err(h)


def test_pung_must_be_identical_tiles():
    h = Hand(
        concealed=parse_tiles("123m 456m 789p 55z"),
        melds=(Meld("pung", ("1s", "1s", "2s")),),
        winning_tile="5z",
        discarder=2,
    )
    assert "identical" in err(h)


def test_concealed_flag_only_on_kongs():
    h = Hand(
        concealed=parse_tiles("123m 456m 789p 55z"),
        melds=(Meld("pung", ("1s",) * 3, concealed=True),),
        winning_tile="5z",
        discarder=2,
    )
    assert "only a kong can be concealed" in err(h)


def test_seven_flower_win_needs_seven_bonus_tiles():
    h = make_hand("123m 456m 789p 123s 5z", self_drawn=True, bonus="123456f", events=("seven_flowers",))
    assert "exactly 7" in err(h)


def test_is_winning_hand_for_vision():
    assert is_winning_hand(parse_tiles("123m 456m 789p 123s 55z"))
    assert is_winning_hand(parse_tiles("123m 456m 789p 55z"), [meld("kong 1s")])
    assert not is_winning_hand(parse_tiles("123m 456m 789p 124s 55z"))
    assert not is_winning_hand(parse_tiles("1111m 456m 789p 12s 55z"))


def test_winning_shapes_knows_the_special_hands():
    assert winning_shapes(parse_tiles("19m 19p 19s 1234567z 9s"))
    assert winning_shapes(parse_tiles("11m 33m 55p 77p 99s 22z 66z"))
    assert not winning_shapes(parse_tiles("11m 33m 55p 77p 99s 22z 66z"), seven_pairs=False)
