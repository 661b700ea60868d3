"""``sikwu league ...`` end to end, with --json, and bad input exiting 2 with one line."""

from __future__ import annotations

import json

from sikwu.cli import main

EIGHT = ["阿明", "Bo", "Chi", "Dee", "Eva", "Fai", "Gus", "Hui"]


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_a_league_night_from_the_cli(capsys, url: str, monkeypatch, tmp_path):
    monkeypatch.setenv("SIKWU_LEAGUE_PASSWORD", "organiser-secret")
    code, out, _ = run(capsys, "league", "new", "Sparrows", "--db", url, "--json")
    assert code == 0 and len(json.loads(out)["join_code"]) >= 32
    for name in EIGHT:
        assert run(capsys, "league", "player", "Sparrows", name, "--db", url)[0] == 0
    assert run(capsys, "league", "player", "Sparrows", "Ming", "--db", url)[0] == 0
    code, out, _ = run(capsys, "league", "merge", "Sparrows", "阿明", "Ming", "--db", url, "--json")
    assert json.loads(out)["spellings"] == ["阿明", "Ming"]
    assert run(capsys, "league", "session", "Sparrows", "--db", url)[0] == 0
    code, out, _ = run(capsys, "league", "round", "Sparrows", "ming", *EIGHT[1:], "--seed", "4", "--db", url, "--json")
    table = json.loads(out)["tables"][0]
    code, _, _ = run(capsys, "game", "draw", table["game_id"], "--pin", table["pin"], "--db", url)
    assert code == 0
    code, out, _ = run(capsys, "league", "show", "Sparrows", "--db", url, "--json")
    assert json.loads(out)["standings"]["rounds"][0]["round"] == 1
    code, out, _ = run(capsys, "league", "settle", "Sparrows", "--db", url)
    assert code == 0 and "league settlement" in out
    qr = tmp_path / "join.png"
    code, out, _ = run(capsys, "league", "code", "Sparrows", "--qr", str(qr), "--db", url)
    assert code == 0 and "?join=" in out and qr.read_bytes()[:4] == b"\x89PNG"


def test_a_wrong_password_or_an_odd_table_exits_2_with_one_line(capsys, url: str):
    run(capsys, "league", "new", "Sparrows", "--password", "organiser-secret", "--db", url)
    code, _, err = run(capsys, "league", "player", "Sparrows", "Bo", "--password", "nope", "--db", url)
    assert code == 2 and "wrong PIN or password" in err and len(err.strip().splitlines()) == 1
    run(capsys, "league", "session", "Sparrows", "--password", "organiser-secret", "--db", url)
    code, _, err = run(capsys, "league", "round", "Sparrows", "Bo", "--password", "organiser-secret", "--db", url)
    assert code == 2 and "nobody called 'Bo'" in err


def test_a_protected_game_refuses_a_change_without_its_pin(capsys, url: str):
    code, out, _ = run(capsys, "game", "new", "A", "B", "C", "D", "--pin", "2468", "--db", url, "--json")
    game_id = json.loads(out)["status"]["game"]  # (listing every game is refused on a server: test_listing)
    code, _, err = run(capsys, "game", "draw", game_id, "--db", url)
    assert code == 2 and "protected: give its PIN" in err
    assert run(capsys, "game", "draw", game_id, "--pin", "2468", "--db", url)[0] == 0
