"""``sikwu game ...``: every subcommand with --json, and exit status 2 with one clear line on bad input."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from sikwu.cli import main

TILES = "123m 456m 789m 222z 99m"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def new_game(capsys, url: str) -> str:
    code, out, _ = run(capsys, "game", "new", "Ann", "Bob", "Cat", "Dan", "--stake", "0.5", "--db", url, "--json")
    assert code == 0
    return json.loads(out)["status"]["game"]


def test_a_night_from_the_cli(capsys, url: str, new_game: str, tmp_path: Path):
    g = new_game[:8]
    code, out, _ = run(capsys, "game", "add", g, TILES, "--winner", "Bob", "--discarder", "Ann", "--db", url, "--json")
    assert code == 0 and json.loads(out)["hand"]["wins"][0]["winner"] == "Bob"
    assert run(capsys, "game", "draw", g, "--db", url)[0] == 0
    code, out, _ = run(capsys, "game", "show", g, "--db", url, "--json")
    shown = json.loads(out)
    assert shown["status"]["pot"] == 16 and len(shown["history"]) == 2
    assert run(capsys, "game", "edit", g, "2", TILES, "--version", "1", "--winner", "Cat", "--self-drawn",
               "--db", url)[0] == 0  # fmt: skip
    assert run(capsys, "game", "undo", g, "--db", url, "--json")[0] == 0
    export = tmp_path / "night.json"
    assert run(capsys, "game", "export", g, "-o", str(export), "--db", url)[0] == 0
    code, out, _ = run(capsys, "game", "import", str(export), "--db", str(tmp_path / "b.sqlite"), "--json")
    assert code == 0 and json.loads(out)["status"]["hands"] == 1
    code, out, _ = run(capsys, "game", "export", g, "--format", "csv", "--db", url)
    assert out.startswith("hand,round_wind")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["add", "{g}", TILES, "--winner", "Zed", "--discarder", "Ann"], "'Zed' is not a player of this game"),
        (["add", "{g}", TILES, "--winner", "Bob"], "say who discarded"),
        (["add", "{g}", "123m 456m", "--winner", "Bob", "--self-drawn"], "tiles"),
        (["edit", "{g}", "7", "--version", "1", "--draw"], "has no hand #7"),
        (["undo", "{g}"], "no hand to undo"),
        (["show", "nosuchgame"], "no game 'nosuchgame'"),
        (["import", "{export}"], "not a sikwu game export"),
    ],
)
def test_bad_input_exits_2_with_one_clear_line(capsys, url, new_game, tmp_path, argv, message):
    export = tmp_path / "x.json"
    export.write_text('{"some": "thing"}', encoding="utf-8")
    argv = [a.format(g=new_game, export=export) for a in argv]
    code, out, err = run(capsys, "game", *argv, "--db", url)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("sikwu game: error: ") and message in err


def test_a_stale_edit_exits_2_and_says_to_reload(capsys, url, new_game):
    run(capsys, "game", "add", new_game, TILES, "--winner", "Bob", "--discarder", "Ann", "--db", url)
    assert run(capsys, "game", "edit", new_game, "1", "--version", "1", "--draw", "--db", url)[0] == 0
    code, _, err = run(capsys, "game", "edit", new_game, "1", "--version", "1", "--draw", "--db", url)
    assert code == 2 and "changed meanwhile" in err and "reload" in err


def test_a_corrupt_ledger_file_exits_2(capsys, tmp_path: Path):
    bad = tmp_path / "bad.sqlite"
    bad.write_bytes(b"garbage" * 1000)
    code, _, err = run(capsys, "game", "show", "--db", str(bad))
    assert code == 2 and "damaged or is not a sikwu ledger" in err


def test_a_photo_is_kept_as_a_thumbnail_and_can_be_deleted(capsys, url, new_game, tmp_path: Path):
    from PIL import Image

    photo = tmp_path / "hand.png"
    Image.new("RGB", (1200, 800), (20, 120, 40)).save(photo)
    code, out, _ = run(capsys, "game", "add", new_game, TILES, "--winner", "Bob", "--discarder", "Ann",
                       "--photo", str(photo), "--db", url, "--json")  # fmt: skip
    assert code == 0 and json.loads(out)["hand"]["photo"] is True
    from sikwu.ledger import service

    mime, data = service.open_ledger(url).thumbnail(json.loads(out)["hand"]["id"])
    assert mime == "image/jpeg" and max(Image.open(io.BytesIO(data)).size) == 320
    assert run(capsys, "game", "delete-photo", new_game, "1", "--db", url)[0] == 0
    code, out, _ = run(capsys, "game", "show", new_game, "--db", url, "--json")
    assert json.loads(out)["history"][0]["photo"] is False


def test_a_file_that_is_not_an_image_is_refused_as_a_photo(capsys, url, new_game, tmp_path: Path):
    bad = tmp_path / "notes.txt"
    bad.write_text("not a photo", encoding="utf-8")
    code, _, err = run(capsys, "game", "add", new_game, TILES, "--winner", "Bob", "--discarder", "Ann",
                       "--photo", str(bad), "--db", url)  # fmt: skip
    assert code == 2 and "cannot be read as an image" in err
