"""The night's summary card: a PNG of one fixed size with the players, totals, 找數, titles, profile and stake."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from ledger_helpers import HALF_FLUSH, PLAYERS, hand
from PIL import Image
from sikwu.artwork import cjk_font_path
from sikwu.ledger import service
from sikwu.ledger.night_card import SIZE, night_card, night_card_png

from sikwu.cli import main


def played(url: str, players: list[str]):
    game = service.new_game(players, "sparrows-nest", name="Friday", stake="0.5", currency="HKD", url=url)
    service.add_win(game.id, hand(HALF_FLUSH), winner=2, discarder=1, url=url)
    return service.add_win(game.id, hand(HALF_FLUSH, self_drawn=True), winner=3, url=url)


def test_the_card_is_a_png_of_the_fixed_size(sqlite_url: str):
    png = night_card_png(played(sqlite_url, PLAYERS))
    image = Image.open(io.BytesIO(png))
    image.load()
    assert image.format == "PNG" and image.size == SIZE


def test_a_new_game_without_hands_draws_too(sqlite_url: str):
    game = service.new_game(PLAYERS, "sparrows-nest", url=sqlite_url)
    assert night_card(game).size == SIZE


@pytest.mark.skipif(cjk_font_path() is None, reason="no CJK font installed (pylopdf-fonts-zh-tw or fonts-noto-cjk)")
def test_chinese_names_are_drawn_as_glyphs(tmp_path: Path, migrated_template: Path):
    """Two games alike but for the players' Chinese names give different cards: the names are drawn as their
    glyphs, not as the same "missing glyph" boxes."""
    import shutil

    cards = []
    for i, names in enumerate((["陳大文", "李小明", "黃志強", "何美玲"], ["張家輝", "梁朝偉", "劉德華", "周潤發"])):
        url = str(tmp_path / f"{i}.sqlite")
        shutil.copyfile(migrated_template, url)
        cards.append(night_card(played(url, names)).crop((0, 140, SIZE[0] // 2, 400)))
    assert cards[0].size == cards[1].size and cards[0].tobytes() != cards[1].tobytes()


def test_the_words_can_be_translated(sqlite_url: str):
    game = played(sqlite_url, PLAYERS)
    assert night_card(game, {"totals": "總數"}).tobytes() != night_card(game).tobytes()


def test_show_writes_the_picture_and_reports_its_path(capsys, sqlite_url: str, tmp_path: Path):
    game = played(sqlite_url, PLAYERS)
    out = tmp_path / "night.png"
    assert main(["game", "show", game.id, "--picture", str(out), "--db", sqlite_url, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["picture"] == str(out.resolve())
    assert Image.open(out).size == SIZE


def test_a_picture_that_is_not_a_png_file_name_exits_2(capsys, sqlite_url: str, tmp_path: Path):
    game = played(sqlite_url, PLAYERS)
    code = main(["game", "show", game.id, "--picture", str(tmp_path / "night.jpg"), "--db", sqlite_url])
    err = capsys.readouterr().err
    assert code == 2 and "ending in .png" in err and not (tmp_path / "night.jpg").exists()
