"""Malformed hand input and profile files: a specific error naming the problem and the fix, exit 2 from the CLI,
never a traceback or a silent score."""

from __future__ import annotations

from pathlib import Path

import pytest
from sikwu.scoring import Hand, HandError, Meld, ProfileError, load_profile, parse_tiles, score_hand
from sikwu.scoring.__main__ import main

HAND = "123m 456p 789s 111z 55z"


def run(capsys, *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    return code, capsys.readouterr().err


def test_cli_empty_hand_says_the_hand_is_empty(capsys):
    code, err = run(capsys, "score", "", "--self-drawn")
    assert code == 2 and "the hand is empty" in err and "Traceback" not in err


def test_cli_thirteen_tiles_names_the_count(capsys):
    code, err = run(capsys, "score", "123m 456p 789s 111z 5z", "--self-drawn")
    assert code == 2 and "13 concealed tiles were given" in err


def test_cli_fifteen_tiles_without_a_kong_suggests_declaring_it(capsys):
    code, err = run(capsys, "score", "123m 456p 789s 111z 555z", "--self-drawn")
    assert code == 2 and "15 concealed tiles" in err and "declare a kong" in err


def test_cli_kong_of_three_tiles(capsys):
    code, err = run(capsys, "score", "123m 456p 789s 55z", "--melds", "kong:111z", "--self-drawn")
    assert code == 2 and "a kong has 4 tiles, got 3" in err


def test_cli_bonus_tile_among_the_concealed_tiles(capsys):
    code, err = run(capsys, "score", "123m 456p 789s 111z 55z 1f", "--self-drawn")
    assert code == 2 and "move it from the concealed tiles to the bonus tiles" in err


def test_cli_winning_tile_absent(capsys):
    code, err = run(capsys, "score", HAND, "--winning", "9m", "--self-drawn")
    assert code == 2 and "winning tile 9m is not among the concealed tiles" in err


def test_cli_unknown_profile_lists_the_built_ins(capsys):
    code, err = run(capsys, "score", HAND, "--self-drawn", "--profile", "nope")
    assert code == 2 and "no such profile" in err and "sparrows-nest" in err


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ('[meta]\nname = "x"\nextends = "sparrows-nest"\n[rules\n', "not valid TOML"),
        ('[meta]\nname = "x"\nextends = "sparrows-nest"\n[rules]\nminimum_fan = 4\n', "'rules.minimum_fan': unknown"),
        ('[meta]\nname = "x"\nextends = "sparrows-nest"\n[patterns.full_flush]\nvalue = -1\n', "must not be negative"),
        ('[meta]\nname = "x"\nextends = "sparrows-nestt"\n', "key 'meta.extends': 'sparrows-nestt': no such profile"),
    ],
    ids=["syntax", "unknown-key", "negative-faan", "extends-missing"],
)
def test_cli_bad_profile_file_names_file_key_and_problem(capsys, tmp_path: Path, body: str, expected: str):
    f = tmp_path / "house.toml"
    f.write_text(body, encoding="utf-8")
    code, err = run(capsys, "score", HAND, "--self-drawn", "--profile", str(f))
    assert code == 2 and str(f) in err and expected in err and "Traceback" not in err


def test_cli_profile_that_is_not_utf8(capsys, tmp_path: Path):
    f = tmp_path / "house.toml"
    f.write_bytes(b"\xff\xfe[meta]")
    code, err = run(capsys, "score", HAND, "--self-drawn", "--profile", str(f))
    assert code == 2 and "is not UTF-8 text" in err


def test_cli_profile_that_is_a_folder(capsys, tmp_path: Path):
    code, err = run(capsys, "score", HAND, "--self-drawn", "--profile", str(tmp_path))
    assert code == 2 and "is a folder, not a profile" in err


def test_cli_json_in_file_that_is_not_utf8(capsys, tmp_path: Path):
    f = tmp_path / "hand.json"
    f.write_bytes(b"\xff\xfe{}")
    code, err = run(capsys, "score", "--json-in", str(f))
    assert code == 2 and "not UTF-8 text" in err


@pytest.mark.parametrize(
    ("doc", "field"),
    [
        ('{"concealed": "123m"}', "'concealed'"),
        ('{"concealed": [1, 2]}', "'concealed[0]'"),
        ('{"concealed": ["1m"], "self_drawn": "yes"}', "'self_drawn'"),
        ('{"concealed": ["1m"], "melds": {"kind": "pung"}}', "'melds'"),
        ('{"concealed": ["1m"], "seat": 1.5}', "'seat'"),
    ],
)
def test_cli_json_in_wrong_types_name_the_field(capsys, tmp_path: Path, doc: str, field: str):
    f = tmp_path / "hand.json"
    f.write_text(doc, encoding="utf-8")
    code, err = run(capsys, "score", "--json-in", str(f))
    assert code == 2 and f"hand JSON field {field}" in err


# --- library ---------------------------------------------------------------------------------------------------


def test_hand_from_a_string_is_refused_instead_of_split_into_characters():
    with pytest.raises(HandError, match="not the string '123m"):
        Hand("123m456p789s111z55z", winning_tile="5z", self_drawn=True)


def test_meld_that_is_not_a_meld_object():
    tiles = parse_tiles("456p 789s 111z 55z")
    with pytest.raises(HandError, match="is not a Meld"):
        score_hand(Hand(tiles, melds=("chow 1m",), winning_tile="5z", self_drawn=True))


def test_self_drawn_must_be_a_boolean():
    with pytest.raises(HandError, match="self_drawn must be True or False"):
        score_hand(Hand(parse_tiles(HAND), winning_tile="5z", self_drawn="no"))


def test_empty_profile_name():
    with pytest.raises(ProfileError, match="no profile name given"):
        load_profile("")


def test_valid_hand_still_scores():
    tiles = parse_tiles("456p 789s 111z 55z")
    s = score_hand(Hand(tiles, melds=(Meld.chow("1m"),), winning_tile="5z", self_drawn=True))
    assert s.faan >= 1
