"""The engine's own sentences on the 繁體中文 page: pattern reasons, payment lines, notation errors, profile names.

Scoring writes them as keyed messages (``scoring.messages``); the page says them in Hong Kong Cantonese mahjong
words by key (``app/engine_text.py``). The hand 123m 456m 789m 777z 11z won by East on South's discard in the East
round is No Flowers + Closed Hand + Dragon Triplet + Half Flush = 6 faan under Sparrow's Nest
(../shared/rules/sparrows-nest-hk-league-rules.md, "Scoring Conditions"), paid 2 x 16 = 32 by the discarder alone
("Scoring").
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sikwu.app import i18n
from sikwu.app.engine_text import engine, profile_description, profile_name
from sikwu.scoring import Hand, load_profile, parse_tiles, score_hand
from sikwu.scoring.errors import NotationError
from sikwu.scoring.payments import settle

PAGE = str(Path(i18n.__file__).resolve().parent / "page.py")
HAND = "123m 456m 789m 777z 11z"


@pytest.fixture
def chinese():
    i18n.activate(i18n.CHINESE)
    yield
    i18n.activate(i18n.ENGLISH)


def _east_wins_on_south_discard():
    hand = Hand(parse_tiles(HAND), winning_tile="1z", self_drawn=False, discarder=2, seat=1)
    score = score_hand(hand, "sparrows-nest")
    return score, settle(score, "sparrows-nest")


def test_a_reason_names_tiles_and_sets_in_chinese(chinese):
    score, _settlement = _east_wins_on_south_discard()
    reasons = {hit.key: engine(hit.reason) for hit in score.best.patterns}
    assert reasons["dragon_pung"] == "三元牌碰中（中 中 中）"
    assert reasons["half_flush"] == "得萬子同字"


def test_payment_lines_name_seats_as_players_say_them(chinese):
    _score, settlement = _east_wins_on_south_discard()
    lines = [engine(line) for line in settlement.lines]
    assert "南家俾東家 2 × 16 = 32：出銃" in lines
    assert lines[-1] == "東家合共收32分"


def test_the_english_page_keeps_the_engines_own_words():
    _score, settlement = _east_wins_on_south_discard()
    assert engine(settlement.lines[1]) == "South (seat 2) pays East 2 x 16 = 32: discarder"


def test_a_notation_error_is_in_chinese_and_keeps_the_bad_token(chinese):
    with pytest.raises(NotationError) as caught:
        parse_tiles("123m 45x")
    said = engine(caught.value)
    assert "'45x'" in said and "花色字母" in said


def test_profiles_have_chinese_names_and_descriptions(chinese):
    profile = load_profile("new-style")
    assert profile_name(profile) == "香港新章"
    assert i18n.has_chinese(profile_description(profile))


def test_scored_hand_on_the_chinese_page_explains_itself_in_chinese(chinese):
    """(AppTest formats a widget's options in the test's thread too: the test speaks the page's language.)"""
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(PAGE, default_timeout=60)
    at.query_params["lang"] = i18n.CHINESE
    at.run()
    at.segmented_control(key="input_mode").set_value("Type").run()
    at.text_input(key="typed_hand").input(HAND).run()
    at.button(key="use_typed").click().run()
    assert not at.exception, at.exception
    reasons = [row for table in at.table for row in table.value.get("點解", [])]
    assert "得萬子同字" in reasons and "三元牌碰中（中 中 中）" in reasons
    worked_out = [m.value for m in at.markdown if m.value.startswith("- ")]  # "How the payment was worked out"
    assert "- 南家俾東家 2 × 16 = 32：出銃" in worked_out
    assert all(i18n.has_chinese(line) and "pays" not in line for line in worked_out), worked_out


def test_bad_notation_on_the_chinese_page_is_in_chinese(chinese):
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(PAGE, default_timeout=60)
    at.query_params["lang"] = i18n.CHINESE
    at.run()
    at.segmented_control(key="input_mode").set_value("Type").run()
    at.text_input(key="typed_hand").input("123m 45x").run()
    at.button(key="use_typed").click().run()
    assert not at.exception
    warning = at.warning[0].value
    assert "'45x'" in warning and "睇唔明" in warning and "cannot read" not in warning


def test_not_a_winning_hand_names_the_rules_as_players_call_them(chinese):
    hand = Hand(parse_tiles("123m 456m 789m 777z 12z"), winning_tile="2z", self_drawn=True, seat=1)
    with pytest.raises(ValueError) as caught:
        score_hand(hand, "new-style")
    said = engine(caught.value)
    assert "「香港新章」" in said and "new-style" not in said


def test_a_broken_house_rules_file_is_explained_in_chinese_under_its_own_name(chinese):
    from sikwu.app import services

    body = '[meta]\nname="h"\ndescription="d"\nextends="sparrows-nest"\n[payment]\ndiscarder="two"\n'
    with pytest.raises(services.HouseRulesError) as caught:
        services.load_profile("sparrows-nest", body, "our-rules.toml")
    said = str(caught.value)
    assert said.startswith("規則檔 our-rules.toml：設定「payment.discarder」：") and "倍數" in said
    assert "sikwu-house-" not in said


def test_a_meld_that_is_not_a_chow_is_explained_in_chinese(chinese):
    """A chow is three tiles of one suit and consecutive numbers (mahjong-basics-and-hk-old-style-scoring.md, "The
    Objective")."""
    from sikwu.app.draft import Draft, DraftError

    draft = Draft.from_tiles(parse_tiles("124s 456m 789m 111z 55z"))
    with pytest.raises(DraftError) as caught:
        draft.declare_meld([1, 2, 3], "chow")
    said = str(caught.value)
    assert "順住" in said and "consecutive" not in said


def test_a_recogniser_note_is_in_chinese(chinese):
    from sikwu.vision.note_texts import note

    said = engine(note("vision.slanted", degrees="12"))
    assert said == "啲牌排成斜線，大約斜12度；已經先將相擺正"
