"""Edits of a past hand in the table's words (what the Game page offers): a draw, a false mahjong, another winner."""

from __future__ import annotations

import pytest
from ledger_helpers import HALF_FLUSH, PLAYERS, hand
from sikwu.ledger import edits, service
from sikwu.ledger.errors import EntryError, StaleVersionError


@pytest.fixture
def two_hands(sqlite_url: str):
    game = service.new_game(PLAYERS, "sparrows-nest", url=sqlite_url)
    service.add_win(game.id, hand(HALF_FLUSH), winner="Bob", discarder="Ann", url=sqlite_url)
    return service.add_draw(game.id, url=sqlite_url)


def test_the_form_shows_each_hand_with_its_winner_tiles_and_version(two_hands):
    rows = edits.editable(two_hands)
    assert [(r["hand"], r["kind"], r["version"]) for r in rows] == [(1, "win", 1), (2, "draw", 1)]
    assert rows[0]["winner"] == 2 and rows[0]["discarder"] == 1 and rows[0]["tiles"].endswith(" 9m")


def test_a_win_edited_into_a_draw_takes_its_payments_back_and_puts_the_pot_in(two_hands, sqlite_url):
    game = edits.as_draw(two_hands.id, 1, 1, url=sqlite_url)
    assert game.state.totals == (-8, -8, -8, -8) and game.state.pot == 32


def test_a_draw_edited_into_a_false_mahjong_names_the_offender(two_hands, sqlite_url):
    game = edits.as_false_mahjong(two_hands.id, 2, 1, ["Cat"], url=sqlite_url)
    assert game.hands[1].entry["offenders"] == [3] and game.hands[1].result["payments"][2] < 0


def test_another_winner_keeps_the_tiles_and_a_self_draw_drops_the_discarder(two_hands, sqlite_url):
    game = edits.as_win(two_hands.id, 1, 1, "Dan", None, url=sqlite_url)
    win = game.hands[0].entry["wins"][0]
    assert win["winner"] == 4 and win["hand"]["self_drawn"] and game.hands[0].entry["discarder"] is None
    assert edits.tiles_text(win["hand"]) == edits.editable(two_hands)[0]["tiles"]


def test_a_draw_becomes_a_win_only_with_the_tiles_typed(two_hands, sqlite_url):
    with pytest.raises(EntryError, match="type the winner's tiles"):
        edits.as_win(two_hands.id, 2, 1, "Cat", "Dan", url=sqlite_url)
    game = edits.as_win(two_hands.id, 2, 1, "Cat", "Dan", "123m 456m 789m 222z 99m", url=sqlite_url)
    assert game.hands[1].result["wins"][0]["winner"] == 3


def test_an_edit_of_a_hand_changed_meanwhile_is_refused(two_hands, sqlite_url):
    edits.as_draw(two_hands.id, 1, 1, url=sqlite_url)
    with pytest.raises(StaleVersionError, match="changed meanwhile"):
        edits.as_false_mahjong(two_hands.id, 1, 1, ["Ann"], url=sqlite_url)
