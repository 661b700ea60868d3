"""Tile notation: what a player types parses to canonical ids, printing round-trips, errors point at the token."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sikwu.scoring import NotationError, ScoringError, format_tiles, parse_tiles
from sikwu.scoring.tiles import TILE_IDS


def test_compact_form_parses_in_order():
    assert parse_tiles("123m 456p 789s 111z 55z 18f") == (
        "1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "1z", "1z", "5z", "5z", "1f", "8f",
    )  # fmt: skip


def test_compact_groups_need_no_spaces():
    assert parse_tiles("12m3p") == ("1m", "2m", "3p")


def test_wind_and_dragon_letters():
    """Western sets print E S W N and C (red), F (green), P or B (white) -- mahjong-basics...md Equipment."""
    assert parse_tiles("E S W N C F P B") == ("1z", "2z", "3z", "4z", "7z", "6z", "5z", "5z")


def test_capital_letter_runs_are_several_tiles():
    assert parse_tiles("EEE CC") == ("1z", "1z", "1z", "7z", "7z")


def test_dragon_words_and_abbreviations():
    assert parse_tiles("Red green WHITE Rd Gr Wh east") == ("7z", "6z", "5z", "7z", "6z", "5z", "1z")


def test_chinese_honours_and_bonus_tiles():
    assert parse_tiles("東南西北中發白") == ("1z", "2z", "3z", "4z", "7z", "6z", "5z")
    assert parse_tiles("梅蘭菊竹春夏秋冬") == tuple(f"{i}f" for i in range(1, 9))


def test_chinese_suited_tiles():
    assert parse_tiles("一萬 九筒 五索 三万 二條") == ("1m", "9p", "5s", "3m", "2s")


def test_unicode_mahjong_tiles():
    assert parse_tiles("\U0001f000\U0001f004\U0001f005\U0001f006") == ("1z", "7z", "6z", "5z")
    assert parse_tiles("\U0001f007\U0001f010\U0001f019") == ("1m", "1s", "1p")
    # U+1F024 is the bamboo flower (4f), U+1F025 the chrysanthemum (3f)
    assert parse_tiles("\U0001f022\U0001f023\U0001f024\U0001f025\U0001f029") == ("1f", "2f", "4f", "3f", "8f")


def test_emoji_variation_selector_is_ignored():
    assert parse_tiles("\U0001f004\ufe0f") == ("7z",)


def test_format_groups_runs_of_a_suit():
    assert format_tiles(("1m", "2m", "3m", "4p", "1z", "1z", "5z")) == "123m 4p 115z"


@pytest.mark.parametrize(
    ("text", "token", "position"),
    [
        ("123m 4x", "4x", 5),
        ("123m 45", "45", 5),
        ("0m", "0m", 0),
        ("11 8z", "11", 0),
        ("1m 18z", "8z", 4),
        ("1m 10f", "0f", 4),
        ("E Q", "Q", 2),
        ("1m Blue", "Blue", 3),
        ("一", "一", 0),
        ("1m \U0001f02a", "\U0001f02a", 3),
        ("1m ?", "?", 3),
    ],
)
def test_errors_name_the_bad_token_and_its_position(text, token, position):
    with pytest.raises(NotationError) as info:
        parse_tiles(text)
    assert (info.value.token, info.value.position) == (token, position)
    assert repr(token) in str(info.value) and f"position {position}" in str(info.value)


def test_notation_error_is_a_scoring_error():
    assert issubclass(NotationError, ScoringError)


@given(st.lists(st.sampled_from(TILE_IDS), max_size=30))
def test_format_then_parse_round_trips(tiles):
    assert parse_tiles(format_tiles(tiles)) == tuple(tiles)


@given(st.lists(st.sampled_from(TILE_IDS), max_size=30))
def test_printed_form_is_a_fixed_point(tiles):
    text = format_tiles(tiles)
    assert format_tiles(parse_tiles(text)) == text
