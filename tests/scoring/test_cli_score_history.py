"""``sikwu score`` told the hand's history (the replacement chain) -- typed, in a file, or inside the hand JSON -- so
a player with the library or the CLI alone settles Self Draw After Gong the way the ledger does.

sparrows-nest-hk-league-rules.md, Liability Payments, Self Draw After Gong: "If a player makes a Gong call on
another player's discard and then self draws their winning tile, the player who discarded the claimed tile becomes
responsible for this player's hand.  This liability applies even if there is a flower replacement between the Gong
call and self draw."  (issue 16, item 2)
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from core_helpers import run_cli as run

NORTH = "4"
#: East calls a kong on North's discard (meld 0), declares a concealed kong (meld 1), wins on the second
#: replacement tile.  The hand alone shows only the last kong declared: the concealed one.
TWO_KONGS = ["score", "123m 456m 55z", "--melds", "kong:1111p@N", "ckong:9999s", "--self-drawn",
             "--event", "double_kong_replacement", "--no-compare", "--json"]  # fmt: skip


def report(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    return json.loads(out)


def test_a_typed_replacement_chain_makes_the_kongs_feeder_pay_everything(capsys) -> None:
    """Sparrow's Nest, Self Draw After Gong: North fed the kong that opened the chain and pays every share."""
    d = report(capsys, *TWO_KONGS, "--replacement-chain", "0", "1")
    payments = d["settlement"]["payments"]
    assert d["settlement"]["liable"]["seat"] == 4 and d["settlement"]["liable"]["rule"] == "kong_self_draw"
    assert payments[NORTH] == -payments["1"] and payments["2"] == payments["3"] == 0


def test_without_the_chain_the_hand_alone_makes_nobody_liable(capsys) -> None:
    """The hand shows the concealed kong last, so without the history no Gong call is known to precede the draw."""
    d = report(capsys, *TWO_KONGS)
    assert d["settlement"]["liable"] is None
    assert d["settlement"]["payments"]["2"] == d["settlement"]["payments"][NORTH] < 0


def test_a_flower_replacement_in_the_chain_keeps_the_liability(capsys) -> None:
    """Sparrow's Nest, Self Draw After Gong: "This liability applies even if there is a flower replacement between
    the Gong call and self draw"."""
    d = report(capsys, "score", "234m 567m 789m 55m", "--melds", "kong:1111m@N", "--bonus", "2f", "--self-drawn",
               "--event", "flower_replacement", "--replacement-chain", "0", "--no-compare", "--json")  # fmt: skip
    assert d["settlement"]["liable"]["seat"] == 4


def test_the_history_in_the_hand_json_settles_the_same_and_is_written_back(capsys, tmp_path: Path) -> None:
    typed = report(capsys, *TWO_KONGS, "--replacement-chain", "0", "1")
    assert typed["hand"]["history"] == {"replacement_chain": [0, 1]}
    doc = tmp_path / "hand.json"
    doc.write_text(json.dumps(typed["hand"]), encoding="utf-8")
    assert report(capsys, "score", "--json-in", str(doc), "--no-compare", "--json") == typed


def test_a_history_file_settles_like_the_typed_chain(capsys, tmp_path: Path) -> None:
    history = tmp_path / "history.json"
    history.write_text('{"replacement_chain": [0, 1]}', encoding="utf-8")
    from_file = report(capsys, *TWO_KONGS, "--history", str(history))
    assert from_file == report(capsys, *TWO_KONGS, "--replacement-chain", "0", "1")


def test_the_text_report_names_the_kongs_of_the_chain(capsys) -> None:
    argv = [a for a in TWO_KONGS if a != "--json"]
    code, out, _ = run(capsys, *argv, "--replacement-chain", "0", "1")
    assert code == 0 and "replacement chain: 1111p, 9999s" in out


def _json_hand(history: Any) -> str:
    melds = [{"kind": "kong", "tiles": ["1p"] * 4, "fed_by": 4}, {"kind": "pung", "tiles": ["9s"] * 3, "fed_by": 2}]
    hand = {"concealed": ["1m", "2m", "3m", "4m", "5m", "6m", "5z", "5z"], "melds": melds, "self_drawn": True,
            "events": ["kong_replacement"], "history": history}  # fmt: skip
    return json.dumps(hand)


@pytest.mark.parametrize(
    ("history", "says"),
    [
        ({"chain": [0]}, "history field 'chain': unknown; allowed: replacement_chain"),
        ({"replacement_chain": [1]}, "replacement chain entry 1 is a pung, not a kong"),
        ({"replacement_chain": [0, 7]}, "entry 7 is not a declared meld"),
        ({"replacement_chain": "0 1"}, "must be a list of meld positions"),
        ([0, 1], "history: must be an object"),
    ],
)
def test_a_bad_history_in_the_hand_json_exits_2_with_one_line(capsys, tmp_path: Path, history: Any, says: str) -> None:
    doc = tmp_path / "hand.json"
    doc.write_text(_json_hand(history), encoding="utf-8")
    code, out, err = run(capsys, "score", "--json-in", str(doc))
    assert code == 2 and out == ""
    assert says in err and err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.parametrize(
    ("extra", "says"),
    [
        (["--replacement-chain", "0", "2"], "entry 2 is not a declared meld"),
        (["--replacement-chain", "0", "0"], "each kong once"),
        (["--replacement-chain", "0", "--history", "h.json"], "not both"),
        (["--history", "/nonexistent/h.json"], "--history '/nonexistent/h.json': cannot read"),
    ],
)
def test_a_bad_history_option_exits_2_with_one_line(capsys, extra: list[str], says: str) -> None:
    code, out, err = run(capsys, *TWO_KONGS, *extra)
    assert code == 2 and out == ""
    assert says in err and err.count("\n") == 1 and "Traceback" not in err


def test_a_history_file_that_is_not_json_exits_2_saying_what_to_write(capsys, tmp_path: Path) -> None:
    history = tmp_path / "history.json"
    history.write_text("{not json", encoding="utf-8")
    code, _, err = run(capsys, *TWO_KONGS, "--history", str(history))
    assert code == 2 and "not JSON" in err and '{"replacement_chain": [0, 1]}' in err and err.count("\n") == 1


def test_a_history_both_in_the_json_and_on_the_command_line_is_refused(capsys, tmp_path: Path) -> None:
    doc = tmp_path / "hand.json"
    doc.write_text(_json_hand({"replacement_chain": [0]}), encoding="utf-8")
    code, _, err = run(capsys, "score", "--json-in", str(doc), "--replacement-chain", "0")
    assert code == 2 and 'the hand JSON has a "history"' in err
