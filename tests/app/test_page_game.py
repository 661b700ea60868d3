"""The Game page and the scoring page's "Add to game", driven by AppTest against a temporary SQLite ledger.

The hand is the one tests/app/test_page_apptest.py scores (Sparrow's Nest, ../shared/rules/sparrows-nest-hk-league-
rules.md "Scoring"): 123m 456m 789m 777z 11z won by East on a discard, 6 faan, 32 points from the discarder.
"""

from __future__ import annotations

import pytest

pytest.importorskip("streamlit")
from game_pages import PLAYERS, TILES, game_page, scoring_page, use_temporary_ledger  # noqa: E402
from sikwu.ledger import service  # noqa: E402
from streamlit.testing.v1 import AppTest  # noqa: E402


@pytest.fixture(autouse=True)
def ledger_url(tmp_path, monkeypatch):
    url = use_temporary_ledger(tmp_path, monkeypatch)
    yield url
    service.close_ledgers()


def start_game(at: AppTest, names: list[str], stake: str = "1") -> AppTest:
    for i, name in enumerate(names):
        at.text_input(key=f"player_{i}").input(name)
    at.text_input(key="game_stake").input(stake)
    return next(b for b in at.button if b.label == "Start the game").click().run()


def type_hand(at: AppTest, text: str) -> AppTest:
    at.segmented_control(key="input_mode").set_value("Type").run()
    at.text_input(key="typed_hand").input(text).run()
    return at.button(key="use_typed").click().run()


def scored_game() -> str:
    game = service.new_game(PLAYERS)
    hand = {"concealed": TILES, "winning_tile": "1z", "seat": 1, "discarder": 2}
    service.add_win(game.id, hand)
    return game.id


def test_a_new_game_becomes_the_active_game_in_the_url():
    at = start_game(game_page(), PLAYERS)
    assert not at.exception and not at.error
    game_id = at.query_params["game"][0] if isinstance(at.query_params["game"], list) else at.query_params["game"]
    assert service.open_ledger().game(game_id).players == tuple(PLAYERS)
    assert list(at.dataframe[0].value.columns) == PLAYERS


def test_a_bad_stake_is_the_ledgers_message_not_a_traceback():
    at = start_game(game_page(), PLAYERS, stake="lots")
    assert not at.exception
    assert len(at.error) == 1 and "stake" in at.error[0].value
    assert service.open_ledger().games() == []


def test_missing_names_are_asked_for():
    at = start_game(game_page(), ["Ann", "", "Cy", "Di"])
    assert "four players" in at.error[0].value


def test_add_to_game_records_the_scored_hand_and_totals_are_zero_sum():
    game = service.new_game(PLAYERS)
    at = type_hand(scoring_page(game=game.id), "123m 456m 789m 777z 11z")
    at.button(key="add_to_game").click().run()
    assert not at.exception and not at.error
    after = service.open_ledger().game(game.id)
    assert after.state.hands == 1
    assert sum(after.state.totals) == 0 and max(after.state.totals) == 32
    assert at.query_params["device"]


def test_game_page_shows_zero_sum_totals_history_and_settlement():
    at = game_page(game=scored_game())
    assert not at.exception and not at.error
    totals = at.dataframe[0].value.iloc[-1]
    assert totals.sum() == 0 and totals["Ann"] == 32
    assert any("Ann pays" in m.value or "pays Ann" in m.value for m in at.markdown)
    assert len(at.get("download_button")) == 3  # JSON, CSV and the night card


def test_undo_the_last_hand_puts_the_totals_back():
    game_id = scored_game()
    at = game_page(game=game_id)
    at.button(key="undo_last").click().run()
    assert not at.exception and not at.error
    assert service.open_ledger().game(game_id).state.hands == 0
    assert at.dataframe[0].value.iloc[-1].sum() == 0


def test_the_next_hand_is_prefilled_from_the_game():
    game = service.new_game(PLAYERS)
    at = scoring_page(game=game.id, ctx_dealer="3")
    assert at.session_state["ctx_dealer"] == 1 and at.session_state["ctx_round"] == "1z"


def test_a_ledger_that_cannot_open_is_one_message_and_scoring_still_works(monkeypatch, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    monkeypatch.setenv("SIKWU_DATABASE_URL", f"sqlite:///{blocker / 'ledger.sqlite'}")
    at = type_hand(scoring_page(game="some-game"), "123m 456m 789m 777z 11z")
    assert not at.exception
    assert len(at.error) == 1 and "ledger" in at.error[0].value
    assert any(m.label.startswith("Total faan") for m in at.metric)


def test_a_hand_once_added_says_so_instead_of_offering_to_add_it_again():
    game = service.new_game(PLAYERS)
    at = type_hand(scoring_page(game=game.id), "123m 456m 789m 777z 11z")
    at.button(key="add_to_game").click().run()
    at.run()
    assert service.open_ledger().game(game.id).state.hands == 1
    assert not [b for b in at.button if b.key == "add_to_game"]
    assert any("Added as hand 1" in s.value for s in at.success)
