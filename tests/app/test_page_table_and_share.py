"""Ask, don't assume (issue 15): the winning tile a photo proposes is marked until confirmed, the table facts are
chips that open their step and are kept in the URL, a correction can be undone; the share text says "false win"
for a hand below the minimum. Values follow the Sparrow's Nest league rules
(../shared/rules/sparrows-nest-hk-league-rules.md, "Scoring"): 123m 456m 789m 777z 11z is 6 faan; South's discard
pays 32.
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("streamlit")
from sikwu.app.components.input_view import secure_context  # noqa: E402
from sikwu.app.draft import Draft  # noqa: E402
from sikwu.app.session import Key, Session  # noqa: E402
from streamlit.testing.v1 import AppTest  # noqa: E402

PAGE = str(Path(__file__).resolve().parents[2] / "app" / "page.py")
HAND = "123m 456m 789m 777z 11z"
PHOTO_ROW = "1m 2m 3m 4m 5m 6m 7m 8m 9m 7z 7z 7z 1z 1z".split()


def new_page(**query: str) -> AppTest:
    at = AppTest.from_file(PAGE, default_timeout=60)
    for key, value in query.items():
        at.query_params[key] = value
    return at.run()


def type_hand(at: AppTest, text: str) -> AppTest:
    at.segmented_control(key="input_mode").set_value("Type").run()
    at.text_input(key="typed_hand").input(text).run()
    return at.button(key="use_typed").click().run()


def faan(at: AppTest) -> int:
    return int(next(m for m in at.metric if m.label.startswith("Total faan")).value)


def photo_page() -> AppTest:
    at = AppTest.from_file(PAGE, default_timeout=60)
    at.session_state[Key.DRAFT] = Draft.from_found([{"tile": t} for t in PHOTO_ROW])
    return at.run()


def test_a_photo_winning_tile_is_a_marked_proposal_until_the_player_taps_it():
    at = photo_page()
    assert faan(at) == 6
    assert any("proposed" in w.value for w in at.warning), "the result says the winning tile is only proposed"
    assert at.button(key="tile_14").label.startswith("☆")
    at.button(key="tile_14").click().run()
    at.button(key="mark_winning").click().run()
    assert not any("proposed" in w.value for w in at.warning)
    assert at.button(key="tile_14").label.startswith("★")


def test_a_correction_can_be_undone():
    at = type_hand(new_page(), HAND.replace("11z", "12z"))
    uid = next(t.uid for t in at.session_state[Key.DRAFT].tiles if t.tile == "2z")
    at.button(key=f"tile_{uid}").click().run()
    at.button(key="pal_1z").click().run()
    assert faan(at) == 6
    at.button(key="undo").click().run()
    assert at.session_state[Key.DRAFT].tile(uid).tile == "2z"
    assert not at.metric, "back to the misread hand: no result"


def test_table_facts_are_chips_that_say_when_they_are_assumed():
    at = type_hand(new_page(), HAND)
    chips = {b.key: b.label for b in at.button if (b.key or "").startswith("chip_")}
    assert chips["chip_seat"] == "East wins ?" and chips["chip_win"] == "on South's discard ?"
    at.button(key="chip_win").click().run()
    assert at.session_state["ctx_expander"] is True, "a chip opens the table step"
    at.segmented_control(key="ctx_win").set_value("self-drawn").run()
    assert faan(at) == 7
    assert at.button(key="chip_win").label == "self-drawn 自摸", "a set fact loses its '?'"
    lines = [m.value for m in at.expander(key="ctx_expander").markdown]
    assert "**7 faan · East receives +72 · South pays 24 · West pays 24 · North pays 24**" in lines, (
        "the changed result is repeated inside the step, in view while it is being changed"
    )
    assert at.query_params["ctx_win"] == "self-drawn" and at.query_params["table"] == "set"


def test_the_table_is_read_back_from_the_url_after_a_reload():
    """A phone reloading the page starts a new session: the seat and the win come from the URL."""
    at = type_hand(new_page(ctx_seat="2", ctx_win="self-drawn", ctx_discarder="4", table="set"), HAND)
    ctx = at.session_state[Key.CONTEXT]
    assert (ctx.seat, ctx.self_drawn) == (2, True)
    assert at.button(key="chip_seat").label == "South wins"


def test_a_hand_below_the_minimum_is_shared_as_a_false_win():
    """Sparrow's Nest: 3-faan minimum; below it the claim is a false mahjong (詐糊), not a win."""
    at = type_hand(new_page(), "123m 456p 789s 555p 22s 2f")
    draft = at.session_state[Key.DRAFT]
    at.pills(key="meld_pick").set_value([t.uid for t in draft.tiles if t.tile == "5p"][-3:]).run()
    at.button(key="declare_meld").click().run()
    text = at.code[0].value
    assert "False win" in text and "詐糊" in text and " wins " not in text
    assert "Penalty if declared" in text and "East -192" in text


def test_the_live_camera_is_offered_only_on_a_secure_page():
    assert secure_context("https://192.168.1.20:8501/")
    assert secure_context("http://localhost:8501/") and secure_context("http://127.0.0.1:8501")
    assert not secure_context("http://192.168.1.20:8501/")


def test_session_keys_live_under_one_prefix():
    store: dict = {}
    s = Session(store)
    s.draft = Draft.from_tiles(["1m"])
    s.flash("info", "x")
    s.selected = 3
    assert all(k.startswith("sikwu_") for k in store), store
