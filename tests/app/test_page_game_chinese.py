"""The Game page in 繁體中文 (issue 15 item 5, issue 16 item 4): the ledger returns data and the page words it, so the
history, where the game stands, the 找數 lines and the night's titles read in Hong Kong Cantonese mahjong words.

The hand is tests/app/test_page_game.py's (Sparrow's Nest, ../shared/rules/sparrows-nest-hk-league-rules.md
"Scoring"): East (Ann) wins 6 faan on South's (Bo's) discard, 32 points from the discarder.
"""

from __future__ import annotations

import pytest

pytest.importorskip("streamlit")
from game_pages import PLAYERS, TILES, game_page, use_temporary_ledger  # noqa: E402
from sikwu.app import game_words, i18n  # noqa: E402
from sikwu.ledger import service, views  # noqa: E402
from streamlit.testing.v1 import AppTest  # noqa: E402

CHINESE = {"lang": i18n.CHINESE}


@pytest.fixture(autouse=True)
def ledger_url(tmp_path, monkeypatch):
    url = use_temporary_ledger(tmp_path, monkeypatch)
    yield url
    service.close_ledgers()
    i18n.activate(i18n.ENGLISH)


def scored_game(self_drawn: bool = False) -> str:
    game = service.new_game(PLAYERS)
    hand = {"concealed": TILES, "winning_tile": "1z", "seat": 1}
    service.add_win(game.id, {**hand, "self_drawn": True} if self_drawn else {**hand, "discarder": 2})
    return game.id


def history_lines(at: AppTest) -> list[str]:
    return [str(v) for v in at.table[0].value.iloc[:, 0]]


def test_the_history_says_who_dealt_off_whom_and_the_faan_in_cantonese():
    at = game_page(game=scored_game(), **CHINESE)
    assert not at.exception and not at.error
    assert history_lines(at) == ["東圈，Ann 做莊：Bo 出銃，Ann 食 6 番"]


def test_a_self_drawn_win_in_the_history_is_自摸():
    at = game_page(game=scored_game(self_drawn=True), **CHINESE)
    assert "Ann 自摸" in history_lines(at)[0]


def test_the_settlement_找數_says_who_pays_whom_in_cantonese():
    at = game_page(game=scored_game(), **CHINESE)
    assert "找數" in [s.value for s in at.subheader]
    assert "Bo 俾 Ann 32.00" in [m.value for m in at.markdown]


def test_where_the_game_stands_and_the_titles_are_in_cantonese():
    at = game_page(game=scored_game(), **CHINESE)
    status = next(c.value for c in at.caption if "圈" in c.value)
    assert status == "東圈第 2 局，Bo 做莊 · 1 鋪"  # Sparrow's Nest: no dealer repeat, the deal passes to South
    assert "食糊王: Ann (1)" in [m.value for m in at.markdown]
    assert "faan" not in " ".join(history_lines(at)) + status


def test_the_english_page_words_the_same_data_in_english():
    at = game_page(game=scored_game())
    assert history_lines(at) == ["East 東 round, Ann deals: Ann 6 faan off Bo"]
    assert any(c.value == "East 東 round, deal 2, Bo deals · 1 hand" for c in at.caption)


def test_a_pot_left_at_the_end_is_data_and_the_page_words_its_note():
    """views.settlement returns the pot paid back as numbers; the page (and the CLI) word the note."""
    result = {**views.settlement(service.open_ledger().game(scored_game())), "pot_returned": 8, "pot_share": 2}
    assert game_words.settlement_note(result).startswith("Counted as if the game ended now: the draw-game pot of 8")
    assert game_words.settlement_note({**result, "final": True}).startswith("The draw-game pot of 8 left at the end")
    i18n.activate(i18n.CHINESE)
    assert game_words.settlement_note({**result, "final": True}) == "完場時流局彩池仲有 8 分，退返每家 2 分。"


def test_a_draw_games_pot_in_the_settlement_is_said_in_cantonese():
    game_id = scored_game()
    service.add_draw(game_id)  # Sparrow's Nest: each player puts 4 points into the pot
    at = game_page(game=game_id, **CHINESE)
    assert "流局" in history_lines(at)[-1]
    assert any("流局彩池" in c.value and "16" in c.value for c in at.caption)


def test_a_win_not_paid_on_a_shared_discard_says_another_winner_took_the_tile():
    """HK Old Style (../shared/rules, mahjong-basics-and-hk-old-style-scoring.md): on one discard, the player nearest
    the discarder in turn order takes the tile; the other winner is shown, not paid."""
    game = service.new_game(PLAYERS, "old-style-v1")
    half_flush = "1m 2m 3m 4m 5m 6m 7m 8m 9m 2z 2z 2z 9m 9m".split()
    hand = {"concealed": half_flush, "winning_tile": "9m"}
    service.add_win(game.id, [hand, hand], winner=["Cy", "Di"], discarder="Bo")
    line = history_lines(game_page(game=game.id, **CHINESE))[0]
    assert "Cy 食" in line and "Di 食" in line and line.endswith("（唔計：俾另一家截糊）"), line
