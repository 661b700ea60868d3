"""Who may list games (issue 17, item 4: "A device never sees a game whose code it was not given"): the local user of
an embedded SQLite ledger sees every game; on a shared server only a league's organiser lists that league's games."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from ledger_helpers import PLAYERS
from sikwu.ledger import league, service
from sikwu.ledger.access import AccessError
from sikwu.ledger.store import Ledger

from sikwu.cli import main

PW = "organiser-secret"
EIGHT = ["Ann", "Bo", "Chi", "Dee", "Eva", "Fai", "Gus", "Hui"]


@pytest.fixture
def server_url(pg) -> Iterator[str]:
    name = pg.fresh()
    yield pg.url_of(name)
    service.close_ledgers()
    pg.drop(name)


def club_night(url: str) -> tuple[str, list[str]]:
    """A league with one round drawn (two tables) and, beside it, a private game with its own PIN."""
    league_id, _ = league.create_league("Sparrows", PW, url=url)
    for name in EIGHT:
        league.add_person(league_id, name, password=PW, url=url)
    league.new_session(league_id, password=PW, url=url)
    tables = league.draw_round(league_id, EIGHT, password=PW, seed=1, url=url)["tables"]
    service.new_game(PLAYERS, url=url, pin="9999", name="private")
    return league_id, [t["game_id"] for t in tables]


def test_the_local_sqlite_ledger_lists_every_game(sqlite_url: str):
    club_night(sqlite_url)
    assert Ledger(sqlite_url).local and len(Ledger(sqlite_url).games()) == 3


def test_a_shared_server_refuses_to_list_every_game(server_url: str):
    club_night(server_url)
    ledger = Ledger(server_url)
    assert not ledger.local
    with pytest.raises(AccessError, match="shared server, where a device sees only the games whose join code"):
        ledger.games()


def test_an_organiser_lists_the_leagues_games_and_no_other(url: str):
    league_id, tables = club_night(url)
    listed = Ledger(url).games(league="Sparrows", password=PW)
    assert sorted(g["id"] for g in listed) == sorted(tables)  # the private game is not among them


def test_a_wrong_organiser_password_lists_nothing(url: str):
    club_night(url)
    with pytest.raises(AccessError, match="wrong PIN or password for this league"):
        Ledger(url).games(league="Sparrows", password="guess")


def test_game_show_without_a_game_on_a_server_says_how_to_open_one(server_url: str, capsys):
    club_night(server_url)
    assert main(["game", "show", "--db", server_url]) == 2
    assert "open a game by its link or join code" in capsys.readouterr().err


def test_game_show_lists_a_leagues_tables_for_its_organiser_on_a_server(server_url: str, capsys, monkeypatch):
    club_night(server_url)
    monkeypatch.setenv("SIKWU_LEAGUE_PASSWORD", PW)
    assert main(["game", "show", "--db", server_url, "--league", "Sparrows"]) == 0
    out = capsys.readouterr().out
    assert out.count("Sparrows s1 r1") == 2 and "private" not in out
