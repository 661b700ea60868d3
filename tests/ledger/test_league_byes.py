"""Byes: a round with a number of players that is not a multiple of four.

The Sparrow's Nest rules (sparrows-nest-hk-league-rules.md, Game Setup: "4 Players", "Shuffle players between
tables each round") say nothing about players beyond a multiple of four, so it is a league setting, ``byes``:
``rotate`` by default (they sit out in turn, scoring 0 that round), or ``refuse``."""

from __future__ import annotations

from collections import Counter

import pytest
from ledger_helpers import HALF_FLUSH, hand
from sikwu.ledger import league, league_views, service

PW = "organiser-secret"
NINE = ["Ann", "Bo", "Chi", "Dee", "Eva", "Fai", "Gus", "Hui", "Ivy"]


def club(url: str, names: list[str]) -> str:
    league_id, _ = league.create_league("Sparrows", PW, url=url)
    for name in names:
        league.add_person(league_id, name, password=PW, url=url)
    league.new_session(league_id, password=PW, url=url)
    return league_id


def draw(league_id: str, names: list[str], url: str, seed: int) -> dict:
    if len(league_views.standings(league_id, url=url)["rounds"]) % 4 == 0 and seed:
        league.new_session(league_id, password=PW, url=url)  # a session has at most 4 rounds
    return league.draw_round(league_id, names, password=PW, seed=seed, url=url)


def test_the_rules_are_silent_on_byes_so_rotating_them_is_the_default_setting():
    assert league.BYES[0] == "rotate" and "silent" in league.BYE_RULE


def test_players_beyond_a_multiple_of_four_sit_out_and_everyone_else_plays(url: str):
    league_id = club(url, NINE[:7])
    drawn = league.draw_round(league_id, NINE[:7], password=PW, seed=3, url=url)
    seated = [p for t in drawn["tables"] for p in t["players"]]
    assert len(drawn["tables"]) == 1 and len(drawn["byes"]) == 3
    assert sorted(seated + drawn["byes"]) == sorted(NINE[:7]) and drawn["bye_rule"]


def test_nobody_sits_out_twice_before_everyone_present_has_sat_out_once(url: str):
    league_id = club(url, NINE)
    counts: Counter[str] = Counter()
    for r in range(1, 10):  # 9 players, 1 bye a round: 9 rounds (three sessions) give everyone exactly one
        drawn = draw(league_id, NINE, url, seed=100 + r)
        counts.update(drawn["byes"])
        assert max(counts.values()) == 1 and sum(counts.values()) == r
    assert set(counts) == set(NINE)


def test_the_rotation_counts_only_the_people_present_that_round(url: str):
    league_id = club(url, NINE[:6])
    first = draw(league_id, NINE[:6], url, seed=1)["byes"]  # two sit out
    late = [n for n in NINE[:6] if n not in first][:1]  # one who played round 1 goes home
    present = [n for n in NINE[:6] if n not in late]
    second = draw(league_id, present, url, seed=2)["byes"]  # 5 present: one sits out, not a round-1 sitter
    assert len(second) == 1 and second[0] not in first


def test_a_bye_shows_in_the_rounds_standings_with_zero_points(url: str):
    league_id = club(url, NINE[:5])
    drawn = league.draw_round(league_id, NINE[:5], password=PW, seed=8, url=url)
    table = drawn["tables"][0]
    p = table["players"]
    service.add_win(table["game_id"], hand(HALF_FLUSH), winner=p[1], discarder=p[0], pin=table["pin"], url=url)
    rnd = league_views.standings(league_id, url=url)["rounds"][0]
    (sitter,) = drawn["byes"]
    assert rnd["byes"] == [sitter] and rnd["points"][sitter] == 0
    assert sitter in [row["player"] for row in rnd["standings"]] and sum(rnd["points"].values()) == 0
    assert league_views.overview(league_id, url=url)["byes"] == [{"session": 1, "round": 1, "players": [sitter]}]


def test_the_draw_of_the_tables_records_who_sat_out(url: str):
    league_id = club(url, NINE[:6])
    drawn = league.draw_round(league_id, NINE[:6], password=PW, seed=4, url=url)
    assert len(drawn["byes"]) == 2 and not set(drawn["byes"]) & set(drawn["tables"][0]["players"])


def test_fewer_than_four_players_cannot_make_a_table(url: str):
    league_id = club(url, NINE[:3])
    with pytest.raises(league.LeagueError, match="3 players present; a table needs 4"):
        league.draw_round(league_id, NINE[:3], password=PW, url=url)


def test_an_unknown_bye_setting_is_refused_with_the_choices(url: str):
    with pytest.raises(league.LeagueError, match="byes must be one of rotate, refuse"):
        league.create_league("Odd", PW, byes="skip", url=url)


def test_merging_two_entries_keeps_their_byes(url: str):
    league_id = club(url, NINE[:5])
    (sitter,) = league.draw_round(league_id, NINE[:5], password=PW, seed=8, url=url)["byes"]
    league.add_person(league_id, "Zed", password=PW, url=url)
    league.merge_people(league_id, "Zed", sitter, password=PW, url=url)
    assert league_views.standings(league_id, url=url)["rounds"][0]["byes"] == ["Zed"]


def test_the_cli_prints_who_sits_out(url: str, capsys, monkeypatch):
    from sikwu.cli import main

    monkeypatch.setenv("SIKWU_LEAGUE_PASSWORD", PW)
    league_id = club(url, NINE[:5])
    assert main(["league", "round", league_id, *NINE[:5], "--seed", "8", "--db", url]) == 0
    assert "sitting out (bye, 0 points):" in capsys.readouterr().out
    assert main(["league", "show", league_id, "--db", url]) == 0
    assert "(sat out: " in capsys.readouterr().out
