"""Recording, editing and undoing hands in a stored game: versions, audit trail, recompute, refusals."""

from __future__ import annotations

import pytest
from ledger_helpers import HALF_FLUSH, hand
from sikwu.ledger import service
from sikwu.ledger.errors import GameFinishedError, LedgerError, PlayerError, StaleVersionError
from sikwu.ledger.models import HandVersion


def _add(game, url, winner="Bob", discarder="Ann", **kw):
    return service.add_win(game.id, hand(HALF_FLUSH), winner=winner, discarder=discarder, url=url, **kw)


def test_adding_a_hand_moves_the_totals_and_the_dealer(game, url):
    g = _add(game, url)
    assert sum(g.state.totals) == 0 and g.state.totals[1] > 0 and g.state.dealer == 2
    assert g.version == game.version + 1


def test_undo_takes_the_hand_out_and_recomputes_later_hands(game, url):
    _add(game, url, "Bob", "Ann")
    g = _add(game, url, "Cat", "Dan")
    g2 = service.undo_hand(g.id, seq=1, version=1, url=url)
    assert [h.status for h in g2.hands] == ["undone", "active"]
    assert g2.hands[1].result["context"]["dealer"] == 1  # hand 2 is now the first deal
    assert sum(g2.state.totals) + g2.state.pot == 0 and g2.state.totals[1] == 0


def test_edit_keeps_the_previous_version_in_the_audit_trail(game, url):
    _add(game, url)
    edited = service.edit_hand(game.id, 1, 1, {"kind": "draw"}, device="phone-1", url=url)
    assert edited.hands[0].version == 2 and edited.state.pot == 16
    with service.open_ledger(url).transaction() as s:
        versions = s.query(HandVersion).order_by(HandVersion.version).all()
        assert [(v.version, v.action, v.entry["kind"]) for v in versions] == [(1, "add", "win"), (2, "edit", "draw")]
        assert versions[1].device == "phone-1"


def test_an_edit_of_a_stale_version_is_refused_and_changes_nothing(game, url):
    _add(game, url)
    service.edit_hand(game.id, 1, 1, {"kind": "draw"}, url=url)  # another device edited it meanwhile
    before = service.open_ledger(url).game(game.id)
    with pytest.raises(StaleVersionError, match="changed meanwhile; reload"):
        service.edit_hand(game.id, 1, 1, {"kind": "false_mahjong", "offenders": [1]}, url=url)
    assert service.open_ledger(url).game(game.id) == before


def test_a_hand_for_a_finished_game_is_refused(game, url):
    g = game
    for i in range(16):  # Sparrow's Nest, Game Setup: "All 4 Rounds" and "No dealer repeat": 16 deals
        g = _add(g, url, winner=(i % 4) + 1, discarder=((i + 1) % 4) + 1)
    assert g.state.finished
    with pytest.raises(GameFinishedError, match="the game is over"):
        service.add_draw(g.id, url=url)


def test_an_edit_that_would_make_a_later_hand_illegal_is_refused_and_nothing_is_written(game, url):
    # Cat's later hand reaches 3 faan only with the pung of her seat wind (South while Bob deals).  Turning hand 1
    # into a false mahjong keeps Ann dealing (a setting), so Cat would be West: 2 faan, not a legal win.
    _add(game, url, winner="Ann", discarder="Bob")
    service.add_win(game.id, hand("123m 456p 789s 222z 55s"), winner="Cat", discarder="Ann", url=url)
    before = service.open_ledger(url).game(game.id)
    with pytest.raises(LedgerError, match="hand #2 would then be invalid .*below the 3-faan minimum"):
        service.edit_hand(game.id, 1, 1, {"kind": "false_mahjong", "offenders": [1]}, url=url)
    assert service.open_ledger(url).game(game.id) == before


def test_a_hand_entered_twice_with_the_same_id_counts_once(game, url):
    _add(game, url, hand_id="7d0b8c1e-0000-4000-8000-000000000001")
    g = _add(game, url, hand_id="7d0b8c1e-0000-4000-8000-000000000001")
    assert len(g.hands) == 1


def test_an_unknown_player_is_refused_with_the_names_to_use(game, url):
    with pytest.raises(PlayerError, match="'Zed' is not a player of this game; use one of Ann, Bob, Cat, Dan"):
        _add(game, url, winner="Zed")


def test_a_discard_win_without_a_discarder_is_refused(game, url):
    with pytest.raises(LedgerError, match="say who discarded"):
        _add(game, url, discarder=None)


def test_a_hand_below_the_minimum_is_refused_not_recorded(game, url):
    with pytest.raises(LedgerError, match="below the 3-faan minimum"):
        low = hand("123m 456p 789s 55s", melds=[{"kind": "chow", "tiles": ["2s", "3s", "4s"], "fed_by": 1}])
        service.add_win(game.id, low, winner="Bob", discarder="Ann", url=url)  # all chows + no flowers: 2 faan
    assert service.open_ledger(url).game(game.id).hands == ()


def test_a_thumbnail_is_kept_with_the_hand_and_can_be_deleted(game, url):
    g = _add(game, url, thumbnail=("image/jpeg", b"\xff\xd8 tiny"))
    ledger = service.open_ledger(url)
    assert g.hands[0].has_thumbnail and ledger.thumbnail(g.hands[0].id) == ("image/jpeg", b"\xff\xd8 tiny")
    assert ledger.delete_thumbnail(g.id, 1) is True
    assert ledger.thumbnail(g.hands[0].id) is None


def test_a_game_id_prefix_or_name_finds_the_game(game, url):
    ledger = service.open_ledger(url)
    assert ledger.game(game.id[:8]).id == game.id == ledger.game("Friday").id


def test_players_must_have_four_distinct_names(url):
    with pytest.raises(PlayerError, match="same name"):
        service.new_game(["Ann", "ann", "Cat", "Dan"], url=url)
    with pytest.raises(PlayerError, match="four players"):
        service.new_game(["Ann", "Bob", "Cat"], url=url)


def test_the_page_adds_a_hand_scored_in_the_games_context_without_naming_players(game, url):
    # the page pre-fills the scoring form from table_context, then sends the hand JSON it scored (seat winds)
    g = _add(game, url, winner="Ann", discarder="Bob")  # Bob deals next: Bob East, Cat South, Dan West, Ann North
    context = service.table_context(g)
    assert context["seats"] == {"Ann": 4, "Bob": 1, "Cat": 2, "Dan": 3} and context["round_wind"] == "1z"
    scored = hand(HALF_FLUSH, seat=context["seats"]["Cat"], discarder=context["seats"]["Ann"],
                  round_wind=context["round_wind"], dealer=1)  # fmt: skip
    g = service.add_win(g.id, scored, url=url, device="browser-token-1")
    last = g.hands[-1]
    assert last.entry["wins"][0]["winner"] == 3 and last.entry["discarder"] == 1 and last.device == "browser-token-1"
