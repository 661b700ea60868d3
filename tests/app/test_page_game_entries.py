"""The Game page's entries without a photo -- a draw (流局), a false mahjong (詐糊) with its offender, an edit of a past
hand (refused with "changed meanwhile, reload" when another device changed it first) -- the "Ann won" links that
fill the scoring page's winner seat, dealer and round, and the night card's download.  AppTest on a temporary
SQLite ledger, as in test_page_game.py.
"""

from __future__ import annotations

import pytest

pytest.importorskip("streamlit")
from game_pages import PLAYERS, TILES, scoring_page, use_temporary_ledger  # noqa: E402
from game_pages import game_page as open_game_page  # noqa: E402
from sikwu.ledger import service  # noqa: E402
from streamlit.testing.v1 import AppTest  # noqa: E402


@pytest.fixture(autouse=True)
def ledger_url(tmp_path, monkeypatch):
    use_temporary_ledger(tmp_path, monkeypatch)
    yield
    service.close_ledgers()


def scored_game() -> str:
    """Ann (East, dealing) wins hand 1 on Bo's discard; under Sparrow's Nest the deal then passes to Bo."""
    game = service.new_game(PLAYERS)
    service.add_win(game.id, {"concealed": TILES, "winning_tile": "1z", "seat": 1, "discarder": 2})
    return game.id


def game_page(game_id: str) -> AppTest:
    return open_game_page(game=game_id)


def hands(game_id: str):
    return service.open_ledger().game(game_id).active_hands


def test_a_draw_is_recorded_with_one_tap():
    game_id = scored_game()
    at = game_page(game_id)
    at.button(key="record_draw").click().run()
    assert not at.exception and not at.error
    assert [h.entry["kind"] for h in hands(game_id)] == ["win", "draw"]


def test_a_false_mahjong_is_recorded_with_its_offender():
    game_id = scored_game()
    at = game_page(game_id)
    at.selectbox(key="fm_offender").select("Cy").run()
    at.button(key="record_false_mahjong").click().run()
    assert not at.exception and not at.error
    assert hands(game_id)[-1].entry["offenders"] == [3]


def test_a_past_hand_is_edited_and_the_totals_follow():
    game_id = scored_game()
    at = game_page(game_id)
    at.segmented_control(key="edit_kind_1").set_value("draw").run()
    at.button(key="edit_save").click().run()
    assert not at.exception and not at.error
    first = hands(game_id)[0]
    assert first.entry["kind"] == "draw" and first.version == 2
    assert list(at.dataframe[0].value.iloc[-1]) == [-4, -4, -4, -4]  # the win is gone; each put 4 in the pot


def test_an_edit_of_a_hand_changed_meanwhile_says_reload_and_keeps_the_other_change():
    game_id = scored_game()
    at = game_page(game_id)
    service.edit_hand(game_id, 1, 1, {"kind": "false_mahjong", "offenders": [4]}, device="other phone")
    at.segmented_control(key="edit_kind_1").set_value("draw").run()
    at.button(key="edit_save").click().run()
    assert not at.exception and not at.error
    assert any("changed meanwhile" in w.value and "Reload" in w.value for w in at.warning)
    assert hands(game_id)[0].entry["kind"] == "false_mahjong"
    at.button(key="reload_game").click().run()
    at.segmented_control(key="edit_kind_1").set_value("draw").run()
    at.button(key="edit_save").click().run()
    assert not at.warning and hands(game_id)[0].entry["kind"] == "draw"


def test_the_winner_link_fills_the_winners_seat_dealer_and_round():
    """After hand 1 Bo deals, so Cy sits South: "Cy won" opens the scoring page with seat 2, dealer 1 (East)."""
    game_id = scored_game()
    at = game_page(game_id)
    links = [link for link in at.get("page_link") if "won" in link.proto.label]
    assert [link.proto.label for link in links] == [f"{name} won" for name in PLAYERS]
    scoring = scoring_page(game=game_id, winner="3")
    assert not scoring.exception
    assert scoring.session_state["ctx_seat"] == 2 and scoring.session_state["ctx_dealer"] == 1
    assert "winner" not in scoring.query_params


def test_the_night_card_is_offered_for_download():
    at = game_page(scored_game())
    labels = [b.proto.label for b in at.get("download_button")]
    assert "Night card (PNG)" in labels


def _add_kong_chain_hand(game_id: str) -> None:
    """The scoring page's "Add to game" for a hand won on a kong's replacement tile (Ann called a kong on Di's
    discard, then declared a concealed kong), as the page renders it."""
    import streamlit as st
    from sikwu.app.components import game_panel
    from sikwu.app.session import Session
    from sikwu.ledger import service as ledger_service
    from sikwu.scoring import Hand, Meld, parse_tiles

    hand = Hand(parse_tiles("123m 456m 55z"), (Meld.kong("1p", "exposed", fed_by=4), Meld.kong("9s", "concealed")),
                winning_tile="5z", self_drawn=True, events=frozenset({"double_kong_replacement"}), seat=1)  # fmt: skip
    game_panel.render_add(ledger_service.open_ledger().game(game_id), Session(st.session_state), hand)


def test_add_to_game_asks_for_the_replacement_chain_and_the_kongs_feeder_pays():
    """sparrows-nest-hk-league-rules.md, Liability Payments, Self Draw After Gong: the player who discarded the
    claimed kong's tile is responsible for the hand -- the chain picked on the page reaches scoring."""
    game = service.new_game(PLAYERS)
    at = AppTest.from_function(_add_kong_chain_hand, args=(game.id,), default_timeout=60).run()
    at.multiselect(key="game_chain").set_value([0, 1]).run()
    at.button(key="add_to_game").click().run()
    assert not at.exception and not at.error
    ann, bo, cy, di = hands(game.id)[0].result["payments"]
    assert di == -ann and bo == cy == 0


def test_the_round_wind_is_still_the_games_after_a_visit_to_the_game_page():
    """Four hands in Sparrow's Nest pass the deal four times: the South round.  Streamlit forgets the scoring page's
    widgets while the Game page is shown; coming back must not fall back to the East round."""
    game = service.new_game(PLAYERS)
    for seat in (1, 1, 1, 1):  # each time the dealer (East) wins and the deal passes
        service.add_win(game.id, {"concealed": TILES, "winning_tile": "1z", "seat": seat, "discarder": 2})
    at = scoring_page(game=game.id)
    assert at.session_state["ctx_round"] == "2z"
    at = at.switch_page("pages/game.py").run().switch_page("page.py").run()
    assert not at.exception and at.session_state["ctx_round"] == "2z"


# ---- several winners on one discard (一炮多響) ---------------------------------------------------------------------
#: sparrows-nest-hk-league-rules.md, Scoring: "Simultaneous wins: If two or more players claim a win on the same
#: tile, the player who discarded the winning tile pays each winner the full value of their respective hands."
DOTS = "123p 456p 789p 777z 99p"


def test_a_second_winner_on_the_same_discard_is_added_with_their_tiles_and_each_is_paid_in_full():
    game_id = scored_game()
    alone = hands(game_id)[0].result["payments"]
    at = game_page(game_id)
    at.multiselect(key="edit_more_1").select("Cy").run()
    at.text_input(key="edit_tiles_1_Cy").input(DOTS).run()
    at.button(key="edit_save").click().run()
    assert not at.exception and not at.error
    first = hands(game_id)[0]
    ann, bo, cy, di = first.result["payments"]
    assert [w["winner"] for w in first.entry["wins"]] == [1, 3] and first.version == 2
    assert ann == alone[0] and cy > 0 and bo == -(ann + cy) and di == 0


def test_a_simultaneous_win_shows_each_winner_and_keeps_the_others_hand_when_one_is_retyped():
    game = service.new_game(PLAYERS)
    dots = ["1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p", "7z", "7z", "7z", "9p", "9p"]
    service.add_win(game.id, [{"concealed": TILES, "winning_tile": "1z"}, {"concealed": dots, "winning_tile": "9p"}],
                    winner=["Ann", "Cy"], discarder="Bo")  # fmt: skip
    at = game_page(game.id)
    assert at.multiselect(key="edit_more_1").value == ["Cy"]
    assert at.text_input(key="edit_tiles_1_Cy").value.endswith("9p")
    at.text_input(key="edit_tiles_1_Cy").input("123p 456p 789p 555z 99p").run()
    at.button(key="edit_save").click().run()
    assert not at.exception and not at.error
    ann, cy = hands(game.id)[0].entry["wins"]
    assert ann["hand"]["concealed"] == TILES and "5z" in cy["hand"]["concealed"]


def test_a_second_winners_melds_name_the_feeder_and_the_caption_says_the_seat_winds():
    game_id = scored_game()
    at = game_page(game_id)
    at.multiselect(key="edit_more_1").select("Cy").run()
    assert any("Ann E, Bo S, Cy W, Di N" in c.value for c in at.caption)
    at.text_input(key="edit_tiles_1_Cy").input("123p 456p 789p 99p").run()
    at.text_input(key="edit_melds_1_Cy").input("pung:777z@Di").run()
    at.button(key="edit_save").click().run()
    assert not at.exception and not at.error
    assert hands(game_id)[0].entry["wins"][1]["hand"]["melds"] == [{"kind": "pung", "tiles": ["7z"] * 3, "fed_by": 4}]


def test_a_second_winner_without_tiles_is_refused_in_one_line_and_nothing_changes():
    game_id = scored_game()
    at = game_page(game_id)
    at.multiselect(key="edit_more_1").select("Cy").run()
    at.button(key="edit_save").click().run()
    assert not at.exception
    assert [e.value for e in at.error] == ["hand #1: Cy did not win it before: type Cy's tiles, the winning tile last"]
    assert hands(game_id)[0].version == 1


def test_no_second_winner_is_offered_on_a_self_draw():
    game_id = scored_game()
    at = game_page(game_id)
    at.selectbox(key="edit_discarder_1").select_index(0).run()
    assert not [m for m in at.multiselect if m.key == "edit_more_1"]


def test_the_second_winner_fields_are_in_cantonese_on_the_chinese_page():
    from sikwu.app import i18n

    game_id = scored_game()
    at = open_game_page(game=game_id, lang=i18n.CHINESE)
    assert at.multiselect(key="edit_more_1").label == "同一隻牌仲有邊個食糊（一炮多響）"
    at.multiselect(key="edit_more_1").select("Cy").run()
    assert at.text_input(key="edit_tiles_1_Cy").label == "Cy 手上嘅牌，食嗰隻擺最尾"


def test_the_replacement_chain_of_a_self_drawn_win_is_told_in_the_edit_form():
    """sparrows-nest-hk-league-rules.md, Liability Payments, Self Draw After Gong: Ann called a kong on Di's discard,
    declared a concealed kong and drew her winning tile; told afterwards, the chain makes Di pay everything."""
    melds = [{"kind": "kong", "tiles": ["1p"] * 4, "kong_kind": "exposed", "fed_by": 4},
             {"kind": "kong", "tiles": ["9s"] * 4, "kong_kind": "concealed"}]  # fmt: skip
    concealed = ["1m", "2m", "3m", "4m", "5m", "6m", "5z", "5z"]
    game = service.new_game(PLAYERS)
    service.add_win(game.id, {"concealed": concealed, "winning_tile": "5z", "self_drawn": True, "melds": melds,
                              "events": ["double_kong_replacement"]}, winner="Ann")  # fmt: skip
    at = game_page(game.id)
    at.multiselect(key="edit_chain_1").set_value([0, 1]).run()
    at.button(key="edit_save").click().run()
    assert not at.exception and not at.error
    ann, bo, cy, di = hands(game.id)[0].result["payments"]
    assert di == -ann and bo == cy == 0
