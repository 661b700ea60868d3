"""A hand's history (the replacement chain) given to the ledger as plain data, stored with the hand and passed to
scoring on every scoring: when the hand is added and on every recompute after an edit.

sparrows-nest-hk-league-rules.md, Liability Payments, Self Draw After Gong: "If a player makes a Gong call on
another player's discard and then self draws their winning tile, the player who discarded the claimed tile becomes
responsible for this player's hand.  This liability applies even if there is a flower replacement between the Gong
call and self draw."
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from ledger_helpers import PLAYERS, hand
from sikwu.ledger import service
from sikwu.ledger.errors import EntryError

from sikwu.cli import main

CHAIN = {"replacement_chain": [0, 1]}


def kong_chain_hand(fed_by: int = 4) -> dict[str, Any]:
    """The winner calls a kong on the discard of seat ``fed_by`` (meld 0; 4 = North: Dan while Ann deals), declares a
    concealed kong (meld 1), then wins on the second replacement tile.  The hand alone shows only the last kong
    declared: the concealed one."""
    melds = [{"kind": "kong", "tiles": ["1p"] * 4, "kong_kind": "exposed", "fed_by": fed_by},
             {"kind": "kong", "tiles": ["9s"] * 4, "kong_kind": "concealed"}]  # fmt: skip
    return {**hand("123m 456m 55z", self_drawn=True), "melds": melds, "events": ["double_kong_replacement"]}


def payments(game: Any, seq: int) -> list[int]:
    return next(h.result["payments"] for h in game.hands if h.seq == seq)


def test_with_the_chain_the_kongs_feeder_pays_everything(sqlite_url: str):
    game = service.new_game(PLAYERS, "sparrows-nest", url=sqlite_url)
    game = service.add_win(game.id, kong_chain_hand(), winner="Ann", history=CHAIN, url=sqlite_url)
    ann, bob, cat, dan = payments(game, 1)
    assert dan == -ann and bob == cat == 0
    assert game.hands[0].entry["wins"][0]["history"] == CHAIN


def test_without_the_chain_nobody_is_liable(sqlite_url: str):
    game = service.new_game(PLAYERS, "sparrows-nest", url=sqlite_url)
    game = service.add_win(game.id, kong_chain_hand(), winner="Ann", url=sqlite_url)
    ann, bob, cat, dan = payments(game, 1)
    assert bob == cat == dan == -ann // 3
    assert "history" not in game.hands[0].entry["wins"][0]


def test_the_liability_survives_the_recompute_after_an_earlier_edit(sqlite_url: str):
    """Hand 1 is edited from a draw (the deal passes to Bob) into Cat's false mahjong (Ann deals again): every seat
    wind of hand 2 moves and hand 2 is re-scored -- still with its chain, so Dan (who fed the kong) still pays
    everything."""
    game = service.new_game(PLAYERS, "sparrows-nest", url=sqlite_url)
    service.add_draw(game.id, url=sqlite_url)
    west_while_bob_deals = 3  # Dan
    game = service.add_win(game.id, kong_chain_hand(west_while_bob_deals), winner="Ann", history=CHAIN, url=sqlite_url)
    assert game.hands[1].result["context"]["dealer"] == 2 and payments(game, 2)[3] < 0 == payments(game, 2)[1]
    game = service.edit_hand(game.id, 1, 1, {"kind": "false_mahjong", "offenders": [3]}, url=sqlite_url)
    ann, bob, cat, dan = payments(game, 2)
    assert game.hands[1].result["context"]["dealer"] == 1
    assert dan == -ann and bob == cat == 0


@pytest.mark.parametrize(
    ("history", "message"),
    [
        ({"replacement_chain": [5]}, "not a declared meld"),
        ({"replacement_chain": "0 1"}, "list of meld positions"),
        ({"chain": [0]}, "history field 'chain': unknown"),
        (["0"], "must be an object"),
    ],
)
def test_a_history_that_does_not_fit_the_hand_is_refused_and_nothing_is_written(sqlite_url, history, message):
    game = service.new_game(PLAYERS, "sparrows-nest", url=sqlite_url)
    with pytest.raises(EntryError, match=message):
        service.add_win(game.id, kong_chain_hand(), winner="Ann", history=history, url=sqlite_url)
    assert service.open_ledger(sqlite_url).game(game.id).state.hands == 0


def test_the_cli_takes_the_chain_typed_or_beside_the_hand_json(capsys, sqlite_url: str, tmp_path: Path):
    assert main(["game", "new", *PLAYERS, "--db", sqlite_url, "--json"]) == 0
    game_id = json.loads(capsys.readouterr().out)["status"]["game"]
    typed = ["123m 456m 55z", "--melds", "kong:1111p@N", "ckong:9999s", "--self-drawn",
             "--event", "double_kong_replacement", "--winner", "Ann"]  # fmt: skip
    assert main(["game", "add", game_id, *typed, "--replacement-chain", "0", "1", "--db", sqlite_url, "--json"]) == 0
    first = json.loads(capsys.readouterr().out)["hand"]["wins"][0]
    assert first["liable"] == "Dan" and first["history"] == CHAIN
    # Bob deals now: the kong Bob called on North's discard was Ann's
    doc = tmp_path / "hand.json"
    doc.write_text(json.dumps({"winner": "Bob", "hand": kong_chain_hand(), "history": CHAIN}), encoding="utf-8")
    assert main(["game", "add", game_id, "--json-in", str(doc), "--db", sqlite_url, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["hand"]["wins"][0]["liable"] == "Ann"


def test_a_hand_json_carrying_its_history_as_sikwu_score_writes_it_keeps_it_in_the_game(capsys, sqlite_url, tmp_path):
    """One format: the hand of a ``sikwu score --json`` report (its "history" inside) added to a game settles alike."""
    assert main(["game", "new", *PLAYERS, "--db", sqlite_url, "--json"]) == 0
    game_id = json.loads(capsys.readouterr().out)["status"]["game"]
    doc = tmp_path / "hand.json"
    doc.write_text(json.dumps({**kong_chain_hand(), "history": CHAIN}), encoding="utf-8")
    assert main(["game", "add", game_id, "--json-in", str(doc), "--winner", "Ann", "--db", sqlite_url, "--json"]) == 0
    win = json.loads(capsys.readouterr().out)["hand"]["wins"][0]
    assert win["liable"] == "Dan" and win["history"] == CHAIN


def test_a_history_given_inside_the_hand_and_beside_it_is_refused(sqlite_url: str):
    game = service.new_game(PLAYERS, "sparrows-nest", url=sqlite_url)
    with pytest.raises(EntryError, match="given twice"):
        service.add_win(game.id, {**kong_chain_hand(), "history": CHAIN}, winner="Ann", history=CHAIN, url=sqlite_url)


def test_a_bad_history_file_exits_2_with_one_line(capsys, sqlite_url: str, tmp_path: Path):
    assert main(["game", "new", *PLAYERS, "--name", "Friday", "--db", sqlite_url]) == 0
    capsys.readouterr()
    doc = tmp_path / "history.json"
    doc.write_text("{not json", encoding="utf-8")
    code = main(["game", "add", "Friday", "123m 456m 789m 222z 99m", "--winner", "Ann", "--self-drawn",
                 "--history", str(doc), "--db", sqlite_url])  # fmt: skip
    err = capsys.readouterr().err
    assert code == 2 and "--history" in err and "not JSON" in err and err.count("\n") == 1


def test_the_page_is_offered_the_kongs_only_for_a_win_on_a_replacement_tile():
    from sikwu.ledger.history import chain_choices
    from sikwu.scoring.hand_json import hand_from_json

    assert chain_choices(hand_from_json(kong_chain_hand())) == [(0, "1111p"), (1, "9999s")]
    assert chain_choices(hand_from_json({**kong_chain_hand(), "events": []})) == []
