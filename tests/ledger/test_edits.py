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


# ---- several winners on one discard (一炮多響) ---------------------------------------------------------------------
#: sparrows-nest-hk-league-rules.md, Scoring: "Simultaneous wins: If two or more players claim a win on the same
#: tile, the player who discarded the winning tile pays each winner the full value of their respective hands."
DOTS_FLUSH = "123p 456p 789p 777z 99p"


def test_a_second_winner_on_the_same_discard_is_added_and_each_is_paid_in_full(two_hands, sqlite_url):
    alone = two_hands.hands[0].result["payments"]
    game = edits.as_wins(two_hands.id, 1, 1, [edits.WinEdit("Bob"), edits.WinEdit("Cat", DOTS_FLUSH)], "Ann",
                         url=sqlite_url)  # fmt: skip
    ann, bob, cat, dan = game.hands[0].result["payments"]
    assert [w["winner"] for w in game.hands[0].entry["wins"]] == [2, 3]
    assert bob == alone[1] and cat > 0 and ann == -(bob + cat) and dan == 0


def test_each_winner_of_a_simultaneous_win_keeps_their_hand_when_another_is_retyped(sqlite_url):
    game = service.new_game(PLAYERS, "sparrows-nest", url=sqlite_url)
    game = service.add_win(game.id, [hand(HALF_FLUSH), hand(DOTS_FLUSH)], winner=["Bob", "Cat"], discarder="Ann",
                           url=sqlite_url)  # fmt: skip
    row = edits.editable(game)[0]
    assert row["winners"] == 2 and [w["winner"] for w in row["wins"]] == [2, 3]
    retyped = "123p 456p 789p 555z 99p"
    game = edits.as_wins(game.id, 1, 1, [edits.WinEdit("Bob"), edits.WinEdit("Cat", retyped)], "Ann", url=sqlite_url)
    wins = game.hands[0].entry["wins"]
    assert edits.tiles_text(wins[0]["hand"]) == row["wins"][0]["tiles"]
    assert edits.tiles_text(wins[1]["hand"]) == edits.tiles_text(hand(retyped))


def test_one_winner_of_a_simultaneous_win_can_be_taken_out(sqlite_url):
    game = service.new_game(PLAYERS, "sparrows-nest", url=sqlite_url)
    game = service.add_win(game.id, [hand(HALF_FLUSH), hand(DOTS_FLUSH)], winner=["Bob", "Cat"], discarder="Ann",
                           url=sqlite_url)  # fmt: skip
    game = edits.as_win(game.id, 1, 1, "Cat", "Ann", url=sqlite_url)
    (win,) = game.hands[0].entry["wins"]
    assert win["winner"] == 3 and edits.tiles_text(win["hand"]) == edits.tiles_text(hand(DOTS_FLUSH))
    assert game.hands[0].result["payments"][1] == 0


def test_a_new_winner_melds_are_typed_with_the_feeder_by_seat_wind_or_name(two_hands, sqlite_url):
    """Ann deals hand 1, so she sits East: ``@Ann`` and ``@E`` name the same feeder, kept as her position 1."""
    cat = edits.WinEdit("Cat", "123p 456p 789p 99p", "pung:777z@Ann")
    game = edits.as_wins(two_hands.id, 1, 1, [edits.WinEdit("Bob"), cat], "Ann", url=sqlite_url)
    stored = game.hands[0].entry["wins"][1]["hand"]
    assert stored["melds"] == [{"kind": "pung", "tiles": ["7z"] * 3, "fed_by": 1}]
    assert edits.editable(game)[0]["wins"][1]["melds"] == "pung:777z@E"


@pytest.mark.parametrize(
    ("winners", "discarder", "says"),
    [
        ([edits.WinEdit("Bob"), edits.WinEdit("Cat")], "Ann", "Cat did not win it before: type Cat's tiles"),
        ([edits.WinEdit("Bob"), edits.WinEdit("Cat", DOTS_FLUSH)], None, "several winners means one discard"),
        ([edits.WinEdit("Bob"), edits.WinEdit("Bob", DOTS_FLUSH)], "Ann", "listed as winner twice"),
        ([edits.WinEdit("Bob"), edits.WinEdit("Cat", DOTS_FLUSH, "pong:777z")], "Ann", "Cat's meld 'pong:777z'"),
        ([edits.WinEdit("Bob"), edits.WinEdit("Cat", "123x")], "Ann", "Cat's tiles"),
        ([edits.WinEdit("Bob"), edits.WinEdit("Ann", DOTS_FLUSH)], "Ann", "cannot also be a winner"),
    ],
)
def test_a_simultaneous_win_that_cannot_be_is_refused_saying_what_to_fix(
    two_hands, sqlite_url, winners, discarder, says
):
    with pytest.raises(EntryError, match=says):
        edits.as_wins(two_hands.id, 1, 1, winners, discarder, url=sqlite_url)
    assert service.open_ledger(sqlite_url).game(two_hands.id).hands[0].version == 1


def test_the_replacement_chain_of_a_self_drawn_win_is_told_or_cleared_by_an_edit(sqlite_url):
    """sparrows-nest-hk-league-rules.md, Liability Payments, Self Draw After Gong: the chain told afterwards makes
    the player who fed the called kong (Dan, North while Ann deals) pay everything; cleared, nobody is liable."""
    melds = [{"kind": "kong", "tiles": ["1p"] * 4, "kong_kind": "exposed", "fed_by": 4},
             {"kind": "kong", "tiles": ["9s"] * 4, "kong_kind": "concealed"}]  # fmt: skip
    kongs = {**hand("123m 456m 55z", self_drawn=True), "melds": melds, "events": ["double_kong_replacement"]}
    game = service.new_game(PLAYERS, "sparrows-nest", url=sqlite_url)
    game = service.add_win(game.id, kongs, winner="Ann", url=sqlite_url)
    assert edits.editable(game)[0]["wins"][0]["chain_choices"] == [(0, "1111p"), (1, "9999s")]
    game = edits.as_wins(game.id, 1, 1, [edits.WinEdit("Ann", chain=[0, 1])], None, url=sqlite_url)
    ann, bob, cat, dan = game.hands[0].result["payments"]
    assert dan == -ann and bob == cat == 0 and edits.editable(game)[0]["wins"][0]["chain"] == [0, 1]
    game = edits.as_wins(game.id, 1, 2, [edits.WinEdit("Ann", chain=())], None, url=sqlite_url)
    assert "history" not in game.hands[0].entry["wins"][0] and game.hands[0].result["payments"][1] < 0
