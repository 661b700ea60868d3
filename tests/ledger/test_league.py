"""A league on one database (issue 17, item 3): registry with spellings, sessions, tables drawn per round,
standings and the league settlement.  Rules: sparrows-nest-hk-league-rules.md, Game Setup."""

from __future__ import annotations

from decimal import Decimal
from itertools import combinations

import pytest
from ledger_helpers import HALF_FLUSH, hand
from sikwu.ledger import league, league_views, service
from sikwu.ledger.access import AccessError
from sikwu.ledger.errors import PlayerError

PW = "organiser-secret"
EIGHT = ["阿明", "Bo", "Chi", "Dee", "Eva", "Fai", "Gus", "Hui"]


@pytest.fixture
def club(url: str) -> tuple[str, str]:
    league_id, code = league.create_league("Sparrows", PW, stake="2", url=url)
    for name in EIGHT:
        league.add_person(league_id, name, ["Ah Ming"] if name == "阿明" else [], password=PW, url=url)
    league.new_session(league_id, "Friday", password=PW, url=url)
    return league_id, code


def test_a_person_is_found_by_any_of_their_spellings(club, url: str):
    drawn = league.draw_round(club[0], ["ah  ming", *EIGHT[1:]], password=PW, seed=1, url=url)
    assert "阿明" in [p for t in drawn["tables"] for p in t["players"]]


def test_the_organiser_merges_two_entries_that_are_one_person(club, url: str):
    league.add_person(club[0], "Ming", password=PW, url=url)
    merged = league.merge_people(club[0], "阿明", "Ming", password=PW, url=url)
    assert merged["spellings"] == ["阿明", "Ah Ming", "Ming"]
    assert league_views.overview(club[0], url=url)["people"].count("Ming") == 0


def test_two_people_who_sat_at_one_table_cannot_be_merged(club, url: str):
    drawn = league.draw_round(club[0], EIGHT, password=PW, seed=3, url=url)
    a, b = drawn["tables"][0]["players"][:2]
    with pytest.raises(league.LeagueError, match="sat at the same table .* two people"):
        league.merge_people(club[0], a, b, password=PW, url=url)


def test_each_round_draws_tables_of_four_playing_that_rounds_wind(club, url: str):
    first = league.draw_round(club[0], EIGHT, password=PW, seed=7, url=url)
    second = league.draw_round(club[0], EIGHT, password=PW, seed=7, url=url)
    assert [first["round_wind"], second["round_wind"]] == ["East", "South"]
    g = service.open_ledger(url).game(second["tables"][0]["game_id"])
    assert g.state.round_wind == "2z" and g.rules.rounds == 1  # one round wind per table, then a new shuffle
    assert sorted(p for t in second["tables"] for p in t["players"]) == sorted(EIGHT)


def test_players_are_shuffled_between_tables_each_round_avoiding_repeat_pairs(club, url: str):
    """Game Setup: "Shuffle players between tables each round"; with 8 people some pairs must meet again."""
    rounds = [league.draw_round(club[0], EIGHT, password=PW, seed=11, url=url) for _ in range(2)]
    pairs = [{frozenset(p) for t in r["tables"] for p in combinations(t["players"], 2)} for r in rounds]
    assert pairs[0] != pairs[1] and len(pairs[0] & pairs[1]) == rounds[1]["repeat_pairs"]
    assert rounds[1]["repeat_pairs"] == 4  # the fewest possible: 2 tables of 4 from two earlier tables of 4


def test_a_league_set_to_refuse_byes_needs_a_multiple_of_four_players(url: str):
    league_id, _ = league.create_league("Strict", PW, byes="refuse", url=url)
    for name in EIGHT[:7]:
        league.add_person(league_id, name, password=PW, url=url)
    league.new_session(league_id, password=PW, url=url)
    with pytest.raises(league.LeagueError, match="7 players present; tables need a multiple of 4"):
        league.draw_round(league_id, EIGHT[:7], password=PW, url=url)


def test_only_the_organiser_changes_the_league(club, url: str):
    with pytest.raises(AccessError, match="wrong PIN or password"):
        league.draw_round(club[0], EIGHT, password="guess", url=url)
    with pytest.raises(PlayerError, match="already names someone"):
        league.add_person(club[0], "AH MING", password=PW, url=url)


def test_a_table_pin_or_the_organiser_password_adds_hands_at_that_table_only(club, url: str):
    tables = league.draw_round(club[0], EIGHT, password=PW, seed=5, url=url)["tables"]
    one, two = tables
    winner, discarder = one["players"][1], one["players"][0]
    service.add_win(one["game_id"], hand(HALF_FLUSH), winner=winner, discarder=discarder, pin=one["pin"], url=url)
    service.add_draw(one["game_id"], pin=PW, url=url)
    with pytest.raises(AccessError, match="wrong PIN"):
        service.add_draw(two["game_id"], pin=one["pin"], url=url)


def test_standings_after_each_round_and_overall_and_a_settlement_in_n_minus_1_transfers(club, url: str):
    for seed in (21, 22):
        drawn = league.draw_round(club[0], EIGHT, password=PW, seed=seed, url=url)
        for t in drawn["tables"]:
            p = t["players"]
            service.add_win(t["game_id"], hand(HALF_FLUSH), winner=p[seed % 4], discarder=p[(seed + 1) % 4],
                            pin=t["pin"], url=url)  # fmt: skip
    st = league_views.standings(club[0], url=url)
    assert [r["round"] for r in st["rounds"]] == [1, 2]
    assert sum(r["points"] for r in st["overall"]) == 0 and len(st["overall"]) == 8
    assert st["rounds"][-1]["standings"] == st["overall"]
    settled = league_views.settlement(club[0], url=url)
    paying = [n for n, v in settled["money"].items() if Decimal(v)]
    assert len(settled["transfers"]) <= len(paying) - 1
    balance = {n: Decimal(v) for n, v in settled["money"].items()}
    for t in settled["transfers"]:
        balance[t["from"]] += Decimal(t["amount"])
        balance[t["to"]] -= Decimal(t["amount"])
    assert not any(balance.values())


def test_the_leagues_join_code_opens_its_tables_read_only_and_no_other_game(club, url: str):
    tables = league.draw_round(club[0], EIGHT, password=PW, seed=9, url=url)["tables"]
    seen = league_views.league_by_code(club[1], url=url)
    assert {t["game_id"] for t in seen["tables"]} == {t["game_id"] for t in tables}
    assert league_views.table_game_by_code(club[1], tables[0]["game_id"], url=url).id == tables[0]["game_id"]
    outside = service.new_game(["W", "X", "Y", "Z"], url=url)
    with pytest.raises(AccessError, match="not a table of the league"):
        league_views.table_game_by_code(club[1], outside.id, url=url)


def test_settle_balances_never_needs_more_than_n_minus_1_transfers():
    balances = {f"p{i}": Decimal(v) for i, v in enumerate([-7, -3, -1, 2, 4, 5, 0])}
    assert len(league_views.settle_balances(balances)) <= 5
