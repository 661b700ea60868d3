"""``sikwu score`` / ``sikwu profiles`` / ``python -m sikwu.scoring``: output for good input; exit 2 and one line
for bad."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from core_helpers import run_cli as run
from sikwu.scoring.cli import parse_meld
from sikwu.scoring.errors import ScoringError
from sikwu.scoring.hand import Meld

EXAMPLE_1 = ["score", "567p 33z", "--melds", "pung:777z@W", "chow:234p@1", "pung:999p@4", "--winning", "7p",
             "--seat", "S", "--round", "E", "--discarder", "W", "--profile", "old-style-v1"]  # fmt: skip


def test_score_prints_patterns_points_and_payments(capsys) -> None:
    """Old Style Variant 1, Example 1: 5 fan by discard, 64 (32 + 16 + 16)."""
    code, out, err = run(capsys, *EXAMPLE_1)
    assert code == 0 and err == ""
    assert "5 faan -> 16 points (row 4-6)" in out
    assert re.search(r"South \(seat 2\) +\+64  winner", out)
    assert "Same hand under the other built-in profiles" in out


def test_score_json_parses_and_matches_the_example(capsys) -> None:
    code, out, _ = run(capsys, *EXAMPLE_1, "--json", "--no-compare")
    d = json.loads(out)
    assert code == 0
    assert d["faan"] == 5 and d["settlement"]["payments"] == {"1": -16, "2": 64, "3": -32, "4": -16}
    assert d["comparison"] == []


def test_score_markdown(capsys) -> None:
    code, out, _ = run(capsys, *EXAMPLE_1, "--markdown", "--no-compare")
    assert code == 0 and out.startswith("### 5 faan under **old-style-v1**")


def test_score_reads_json_from_a_file(capsys, tmp_path: Path) -> None:
    code, out, _ = run(capsys, *EXAMPLE_1, "--json", "--no-compare")
    hand = json.loads(out)["hand"]
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(hand))
    code, out2, _ = run(capsys, "score", "--json-in", str(path), "--profile", "old-style-v1", "--json", "--no-compare")
    assert code == 0 and json.loads(out2)["settlement"] == json.loads(out)["settlement"]


def test_self_drawn_example_2(capsys) -> None:
    """Old Style Variant 1, Example 2: 4 fan self-drawn, 32 x 3."""
    melds = ["--melds", "pung:EEE@3", "chow:345m@N", "pung:888s@2"]
    flags = ["--winning", "8p", "--self-drawn", "--profile", "old-style-v1", "--json", "--no-compare"]
    code, out, _ = run(capsys, "score", "678p 22p", *melds, *flags)
    assert code == 0
    assert json.loads(out)["settlement"]["payments"] == {"1": 96, "2": -32, "3": -32, "4": -32}


def test_profiles_lists_every_builtin(capsys) -> None:
    code, out, _ = run(capsys, "profiles")
    assert code == 0
    for name in ("sparrows-nest", "old-style-cheat-sheet", "old-style-v1", "old-style-v2", "old-style-v3", "new-style"):
        assert name in out
    code, out, _ = run(capsys, "profiles", "--json")
    assert {p["name"] for p in json.loads(out)} >= {"sparrows-nest", "new-style"}


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["score", "567x"], "HAND: cannot read '567x'"),
        (["score", "123m", "--melds", "pong:111z"], "KIND:TILES[@SEAT]"),
        (["score", "123m", "--melds", "pung:11z"], "a pung has 3 tiles"),
        (["score", "123m", "--melds", "pung:123z"], "identical"),
        (["score", "123m", "--melds", "chow:135m"], "consecutive"),
        (["score", "123m", "--melds", "ckong:1111m@2"], "no feeder"),
        (["score", "123m", "--melds", "pung:111m@X"], "not a seat"),
        (["score", "123m", "--seat", "9"], "--seat '9'"),
        (["score", "123m", "--winning", "12m"], "exactly one tile"),
        (["score", "123m", "--event", "lucky"], "--event 'lucky'"),
        (["score", "123m", "--self-drawn", "--discarder", "2"], "contradict"),
        (["score", "123m 456p 789s 111z 55z", "--self-drawn", "--profile", "nope"], "no such profile"),
        (["score", "123m 456p 789s 111z 56z", "--self-drawn"], "four sets and a pair"),
        (["score", "--json-in", "/nonexistent.json"], "cannot read"),
        (["score"], "no hand given"),
    ],
)
def test_bad_input_exits_2_with_one_clear_line(capsys, argv: list[str], says: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert says in err
    assert "Traceback" not in err


def test_bad_house_profile_names_file_and_key(capsys, tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_text('[meta]\nname = "h"\ndescription = "h"\nextends = "sparrows-nest"\n[payment]\nwho_pays = 1\n')
    code, _, err = run(capsys, "score", "123m 456p 789s 111z 55z", "--self-drawn", "--profile", str(path))
    assert code == 2 and "house.toml: key 'payment.who_pays': unknown key" in err


def test_unknown_option_is_a_usage_error(capsys) -> None:
    code, _, err = run(capsys, "score", "123m", "--colour", "red")
    assert code == 2 and "unrecognized arguments" in err


def test_meld_notation() -> None:
    assert parse_meld("pung:777z@3") == Meld.pung("7z", fed_by=3)
    assert parse_meld("chow:123m") == Meld.chow("1m")
    assert parse_meld("kong:1111p@W") == Meld.kong("1p", "exposed", fed_by=3)
    assert parse_meld("akong:5555s@2") == Meld.kong("5s", "added", fed_by=2)
    assert parse_meld("ckong:9999s") == Meld.kong("9s", "concealed")
    assert parse_meld("pung:CCC@N") == Meld.pung("7z", fed_by=4)
    with pytest.raises(ScoringError):
        parse_meld("kong:111p")


def test_python_dash_m_scoring_runs_without_the_vision_stack() -> None:
    """A real process: exit codes and no traceback, and no OpenCV/onnxruntime import on the way."""
    code = (
        "import sys, runpy; sys.argv = ['scoring', 'score', '567x'];\n"
        "try:\n    runpy.run_module('scoring', run_name='__main__')\n"
        "except SystemExit as e:\n"
        "    assert 'cv2' not in sys.modules and 'onnxruntime' not in sys.modules, 'vision stack imported'\n"
        "    raise\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.startswith("sikwu: error: HAND: cannot read '567x'")
    assert "Traceback" not in proc.stderr


def test_sikwu_dispatcher_has_score_and_profiles(capsys) -> None:
    from sikwu.cli import main as sikwu

    assert sikwu(["profiles", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)


def test_bonus_and_events_reach_the_scorer(capsys) -> None:
    """Sparrow's Nest, Scoring Conditions: Matching Flower (1f is East's) and Self Draw After Gong."""
    hand = ["123m 456p 789s 55z", "--melds", "kong:EEEE@3", "--bonus", "1f", "--winning", "5z"]
    how = ["--self-drawn", "--event", "kong_replacement", "--json", "--no-compare"]
    code, out, _ = run(capsys, "score", *hand, *how)
    d = json.loads(out)
    assert code == 0
    assert d["hand"]["bonus"] == ["1f"] and d["hand"]["events"] == ["kong_replacement"]
    keys = {p["key"] for p in d["patterns"]}
    assert "no_flowers" not in keys
    assert d["settlement"]["liable"]["seat"] == 3  # Liability Payments: Self Draw After Gong


def test_json_in_reads_stdin(capsys, monkeypatch) -> None:
    import io

    hand = {"concealed": ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "1z", "1z", "5z", "5z"],
            "winning_tile": "5z", "self_drawn": True}  # fmt: skip
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(hand)))
    code, out, err = run(capsys, "score", "--json-in", "-", "--json", "--no-compare")
    assert code == 0, err
    assert json.loads(out)["hand"]["concealed"][:3] == ["1m", "2m", "3m"]


def test_hand_and_json_in_together_is_an_error(capsys) -> None:
    code, _, err = run(capsys, "score", "123m", "--json-in", "-")
    assert code == 2 and "not both" in err
