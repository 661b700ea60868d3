"""The Game page's doors (issue 17, item 4), driven by AppTest against a temporary SQLite ledger: a join code opens
a game or league read-only, the table's PIN unlocks changes, wrong codes are slowed, and only the browser on this
computer sees the list of every game."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("streamlit")
import streamlit as st  # noqa: E402
from game_pages import PAGE, PLAYERS, TILES, game_page, use_temporary_ledger  # noqa: E402
from sikwu.app.components import game_access  # noqa: E402
from sikwu.ledger import access, league, service  # noqa: E402
from sikwu.ledger.errors import LedgerError  # noqa: E402
from sikwu.ledger.store_access import LedgerAccess  # noqa: E402
from streamlit.testing.v1 import AppTest  # noqa: E402

PIN = "2468"
HAND = {"concealed": TILES, "winning_tile": "1z", "seat": 1, "discarder": 2}


@pytest.fixture(autouse=True)
def ledger_url(tmp_path, monkeypatch):
    url = use_temporary_ledger(tmp_path, monkeypatch)
    monkeypatch.setattr(access, "SCRYPT", {"n": 2**8, "r": 8, "p": 1})  # cheap hashes in tests
    yield url
    service.close_ledgers()


def protected_game() -> tuple[str, str]:
    """A game with one hand and a PIN; returns (game id, join code)."""
    game = service.new_game(PLAYERS, pin=PIN)
    service.add_win(game.id, HAND, pin=PIN)
    return game.id, service.join_code(game.id, PIN)


def unlock(at: AppTest, pin: str) -> AppTest:
    at.text_input(key="game_pin").input(pin)
    return next(b for b in at.button if b.label == "Unlock").click().run()


def test_a_join_link_opens_the_game_read_only():
    game_id, code = protected_game()
    at = game_page(join=code)
    assert not at.exception and not at.error
    assert at.dataframe[0].value.iloc[-1]["Ann"] == 32
    assert any("Read-only" in i.value for i in at.info)


def test_a_read_only_device_is_offered_no_change_and_the_ledger_refuses_one():
    game_id, code = protected_game()
    at = game_page(join=code)
    keys = {b.key for b in at.button}
    assert not at.exception and "undo_last" not in keys and "record_draw" not in keys
    hand = service.open_ledger().game(game_id).hands[-1]
    with pytest.raises(LedgerError, match="protected: give its PIN"):
        service.undo_hand(game_id, hand.seq, hand.version)
    assert service.open_ledger().game(game_id).state.hands == 1


def test_the_tables_pin_unlocks_changes_on_this_device():
    game_id, code = protected_game()
    at = unlock(game_page(join=code), PIN)
    assert not at.exception and not at.error
    assert any("Unlocked on this device" in c.value for c in at.caption)
    at.button(key="undo_last").click().run()
    assert not at.error and service.open_ledger().game(game_id).state.hands == 0


def test_a_wrong_pin_is_the_ledgers_message_and_stays_read_only():
    game_id, code = protected_game()
    at = unlock(game_page(join=code), "0000")
    assert not at.exception and "wrong PIN or password" in at.error[0].value
    assert any("Read-only" in i.value for i in at.info)


def test_a_wrong_join_code_is_one_message_and_leaves_the_url():
    at = game_page(join="not-a-real-code-" + "x" * 16)
    assert not at.exception and len(at.error) == 1
    assert "no game or league has this join code" in at.error[0].value and "join" not in at.query_params


def test_wrong_codes_from_this_device_are_slowed_on_the_page_too(monkeypatch):
    _game_id, code = protected_game()
    now = access.clock()
    monkeypatch.setattr(access, "clock", lambda: now)  # the page takes longer to start than the first wait
    for i in range(access.FREE_CODE_FAILURES):
        with pytest.raises(access.AccessError):
            service.game_by_code(f"wrong-{i}", client="device:phone-1")
    at = game_page(join=code, device="phone-1")
    assert not at.exception and "wrong join codes in a row from this device; wait" in at.error[0].value


def test_a_pasted_join_link_opens_the_game():
    game_id, code = protected_game()
    at = game_page()
    at.text_input(key="join_code").input(access.join_link("http://club.local:8501", code))
    at = next(b for b in at.button if b.label == "Open this game").click().run()
    assert not at.exception and not at.error
    assert at.query_params["game"] in (game_id, [game_id])


def test_a_league_code_shows_its_standings_and_opens_a_table():
    league_id, code = league.create_league("Sparrows", "organiser-pw")
    for name in ("Ann", "Bo", "Cy", "Di", "Eve"):
        league.add_person(league_id, name, password="organiser-pw")
    league.new_session(league_id, password="organiser-pw")
    drawn = league.draw_round(league_id, ["Ann", "Bo", "Cy", "Di", "Eve"], password="organiser-pw", seed=2)
    at = game_page(join=code)
    assert not at.exception and not at.error
    assert any("Sitting out round 1" in c.value for c in at.caption)
    table = drawn["tables"][0]["game_id"]
    at = at.button(key=f"table_{table}").click().run()
    assert not at.exception and at.query_params["game"] in (table, [table])


@pytest.mark.parametrize(("address", "listed"), [(None, True), ("192.0.2.9", False)])
def test_only_the_browser_on_this_computer_sees_every_game(monkeypatch, address, listed):
    service.new_game(PLAYERS)
    monkeypatch.setattr(type(st.context), "ip_address", property(lambda _self: address))
    at = game_page()
    assert not at.exception
    assert any(s.key == "pick" for s in at.selectbox) == listed


def test_a_join_code_is_found_in_a_pasted_link_or_taken_as_it_is():
    assert game_access.code_from(" http://club.local:8501/game?join=abc-DEF_1&lang=zh ") == "abc-DEF_1"
    assert game_access.code_from("abc-DEF_1") == "abc-DEF_1"


def test_a_pin_unlocked_on_the_game_page_lets_the_scoring_page_add_the_hand():
    game_id, code = protected_game()
    at = unlock(game_page(join=code), PIN).switch_page("page.py").run()
    at.segmented_control(key="input_mode").set_value("Type").run()
    at.text_input(key="typed_hand").input("123m 456m 789m 777z 11z").run()
    at = at.button(key="use_typed").click().run()
    at.button(key="add_to_game").click().run()
    assert not at.exception and not at.error
    assert service.open_ledger().game(game_id).state.hands == 2


@pytest.mark.parametrize(("ref", "opens"), [("full", True), ("prefix", False)])
def test_on_a_server_a_game_opens_by_its_full_id_only(monkeypatch, ref, opens):
    monkeypatch.setattr(LedgerAccess, "local", property(lambda _self: False))  # as on PostgreSQL
    game_id, _code = protected_game()
    at = AppTest.from_file(PAGE, default_timeout=60)
    at.query_params["game"] = game_id if ref == "full" else game_id[:8]
    said = [e.value for e in at.run().error]  # AppTest opens the Game page from the scoring page, which says it first
    at = at.switch_page("pages/game.py").run()
    assert not at.exception and bool(at.dataframe) == opens
    assert opens or any("only by its full link or its join code" in e for e in said)


def start_game(at: AppTest, pin: str) -> AppTest:
    for i, name in enumerate(PLAYERS):
        at.text_input(key=f"player_{i}").input(name)
    at.text_input(key="game_new_pin").input(pin)
    return next(b for b in at.button if b.label == "Start the game").click().run()


def test_a_game_started_with_a_pin_is_protected_and_open_to_change_on_the_phone_that_started_it():
    at = start_game(game_page(), PIN)
    assert not at.exception and not at.error
    game = service.open_ledger().games()[0]
    assert service.open_ledger().is_protected("game", game["id"])
    assert any("Unlocked on this device" in c.value for c in at.caption)
    assert at.button(key="record_draw").click().run() and not at.error
    assert service.open_ledger().game(game["id"]).state.hands == 1


def test_the_pin_holder_is_given_the_join_link_to_share():
    at = start_game(game_page(), PIN)
    game_id = service.open_ledger().games()[0]["id"]
    links = [c.value for c in at.code if "/game?join=" in c.value]
    assert len(links) == 1 and links[0].endswith(f"/game?join={service.join_code(game_id, PIN)}"), links
    assert len(at.image) == 1  # its QR code


def test_a_pin_too_short_is_the_ledgers_message_and_no_game_is_made():
    at = start_game(game_page(), "12")
    assert not at.exception and len(at.error) == 1 and "PIN" in at.error[0].value
    assert service.open_ledger().games() == []


def test_a_game_started_without_a_pin_stays_open_to_every_device():
    at = start_game(game_page(), "")
    assert not at.exception and not at.error
    assert not service.open_ledger().is_protected("game", service.open_ledger().games()[0]["id"])


@pytest.mark.parametrize(("ref", "opens"), [("full", True), ("prefix", False), ("name", False)])
def test_on_a_server_the_scoring_page_opens_a_game_by_its_full_id_only(monkeypatch, ref, opens):
    monkeypatch.setattr(LedgerAccess, "local", property(lambda _self: False))  # as on PostgreSQL
    game = service.new_game(PLAYERS, name="Friday table", pin=PIN)
    at = AppTest.from_file(PAGE, default_timeout=60)
    at.query_params["game"] = {"full": game.id, "prefix": game.id[:8], "name": "Friday table"}[ref]
    at.run()
    assert not at.exception
    assert ("game" in at.query_params) == opens
    assert opens or "only by its full link or its join code" in at.error[0].value


def test_on_this_computer_the_scoring_page_still_opens_a_game_by_its_id_prefix():
    game = service.new_game(PLAYERS)
    at = AppTest.from_file(PAGE, default_timeout=60)
    at.query_params["game"] = game.id[:8]
    at.run()
    assert not at.exception and not at.error and "game" in at.query_params


def test_on_a_server_the_game_page_opened_by_itself_refuses_an_id_prefix(monkeypatch):
    monkeypatch.setattr(LedgerAccess, "local", property(lambda _self: False))  # as on PostgreSQL
    game_id, _code = protected_game()
    at = AppTest.from_file(str(Path(PAGE).parent / "pages" / "game.py"), default_timeout=60)
    at.query_params["game"] = game_id[:8]
    at.run()
    assert not at.exception and not at.dataframe and "game" not in at.query_params
    assert "only by its full link or its join code" in at.error[0].value


def test_the_join_link_uses_the_address_sikwu_app_found_for_phones(monkeypatch):
    monkeypatch.setenv("SIKWU_PHONE_URL", "http://192.0.2.7:8501")
    at = start_game(game_page(), PIN)
    code = service.join_code(service.open_ledger().games()[0]["id"], PIN)
    assert [c.value for c in at.code] == [f"http://192.0.2.7:8501/game?join={code}"]
