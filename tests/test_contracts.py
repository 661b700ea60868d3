"""The JSON contracts: what ``sikwu score/profiles/recognize --json`` print matches the shipped JSON Schemas, the
schemas name the same tiles, events and fields as the code, and a hand of a version this sikwu does not read is
refused with a message naming the version found and the versions supported (exit 2 on the CLI).

The schemas are package data (``sikwu.scoring/schemas``, ``sikwu.vision/schemas``) so an installed sikwu carries
them; they are loaded here the way a consumer would, through ``importlib.resources``.
"""

from __future__ import annotations

import json
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from sikwu.scoring.hand import EVENTS, KONG_KINDS, MELD_KINDS
from sikwu.scoring.hand_json import FIELDS, MELD_FIELDS, SCHEMA_VERSION, SUPPORTED_VERSIONS, hand_from_json
from sikwu.scoring.history_json import HISTORY_FIELDS
from sikwu.scoring.tiles import BONUS_IDS, PLAYING_IDS, TILE_IDS

from sikwu.cli import main as sikwu

SCHEMAS = {
    "hand": ("sikwu.scoring", "hand.schema.json"),
    "report": ("sikwu.scoring", "report.schema.json"),
    "profiles": ("sikwu.scoring", "profiles.schema.json"),
    "recognition": ("sikwu.vision", "recognition.schema.json"),
}


@cache
def schema(name: str) -> dict[str, Any]:
    package, filename = SCHEMAS[name]
    return json.loads((files(package) / "schemas" / filename).read_text(encoding="utf-8"))


def validator(name: str) -> Draft202012Validator:
    """A validator that resolves references between the shipped schemas by their ``$id``."""
    registry: Registry = Registry().with_resources(
        (schema(n)["$id"], Resource.from_contents(schema(n))) for n in SCHEMAS
    )
    return Draft202012Validator(schema(name), registry=registry)


def assert_valid(name: str, document: Any) -> None:
    errors = sorted(validator(name).iter_errors(document), key=lambda e: list(e.absolute_path))
    assert not errors, "\n".join(f"{list(e.absolute_path)}: {e.message}" for e in errors[:5])


def cli_json(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    capsys.readouterr()
    code = sikwu(list(argv))
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out)


# ---- the schemas themselves ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_every_shipped_schema_is_a_valid_draft_2020_12_schema(name: str) -> None:
    Draft202012Validator.check_schema(schema(name))
    assert schema(name)["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert "ersion" in schema(name)["description"], "each contract says how it is versioned"


def test_hand_schema_names_the_same_fields_tiles_and_events_as_the_reader() -> None:
    hand = schema("hand")
    meld = hand["$defs"]["meld"]
    assert tuple(hand["properties"]) == FIELDS
    assert tuple(meld["properties"]) == MELD_FIELDS
    assert tuple(meld["properties"]["kind"]["enum"]) == MELD_KINDS
    assert tuple(meld["properties"]["kong_kind"]["anyOf"][0]["enum"]) == KONG_KINDS
    assert tuple(hand["$defs"]["playing_tile"]["enum"]) == PLAYING_IDS
    assert tuple(hand["$defs"]["bonus_tile"]["enum"]) == BONUS_IDS
    assert set(hand["properties"]["events"]["items"]["enum"]) == set(EVENTS)
    assert hand["properties"]["version"]["const"] == SCHEMA_VERSION
    assert SCHEMA_VERSION in SUPPORTED_VERSIONS
    assert tuple(hand["$defs"]["history"]["properties"]) == HISTORY_FIELDS


def test_recognition_schema_names_every_label_the_classifier_can_give() -> None:
    from sikwu.vision.labels import BACK, CLASS_LABELS

    tile = schema("recognition")["$defs"]["tile"]["properties"]
    assert tuple(tile["id"]["enum"]) == TILE_IDS + (BACK,)
    assert tuple(tile["top3"]["items"]["prefixItems"][0]["enum"]) == CLASS_LABELS


# ---- sikwu score --json --------------------------------------------------------------------------------------------

SCORE_CASES = {
    # Sparrow's Nest: a discard win below the 3-faan minimum (nothing paid)
    "below minimum": ["234m 567p 55z", "--melds", "pung:777z@3", "chow:123s@1", "--winning", "5z", "--seat", "2",
                      "--discarder", "3"],
    # self-drawn, a concealed kong, a flower and a kong-replacement event
    "self-drawn with kong and flower": ["123m 456p 789s 55z", "--melds", "ckong:1111z", "--bonus", "1f",
                                        "--winning", "5z", "--self-drawn", "--event", "kong_replacement"],
    # a limit hand (Thirteen Orphans), with liability-free discard settlement
    "limit hand": ["19m 19p 19s 1234567z 1m", "--winning", "1m", "--discarder", "4"],
    "seven pairs under old-style-v1": ["1133m 5577p 99s 1155z", "--winning", "5z", "--discarder", "2",
                                       "--profile", "old-style-v1"],
    # won on a discard without saying who discarded: faan reported, settlement says what is missing
    "discarder missing": ["123m 456p 789s 111z 55z", "--winning", "5z"],
    # 12-tile liability: the fourth meld was fed by West
    "liability": ["55z", "--melds", "pung:111m@3", "pung:999p@3", "pung:777z@3", "pung:666z@3", "--bonus", "2f", "6f",
                  "--winning", "5z", "--self-drawn"],
    # Sparrow's Nest, Liability Payments, Self Draw After Gong: a replacement chain told as history
    "replacement chain": ["123m 456m 55z", "--melds", "kong:1111p@N", "ckong:9999s", "--self-drawn", "--event",
                          "double_kong_replacement", "--replacement-chain", "0", "1"],
}  # fmt: skip


@pytest.mark.parametrize("case", sorted(SCORE_CASES))
def test_score_json_output_matches_the_report_schema(capsys: pytest.CaptureFixture[str], case: str) -> None:
    report = cli_json(capsys, "score", *SCORE_CASES[case], "--json")
    assert_valid("report", report)
    assert report["hand"]["version"] == SCHEMA_VERSION


def test_the_hand_in_a_score_report_is_read_back_by_json_in(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    first = cli_json(capsys, "score", *SCORE_CASES["self-drawn with kong and flower"], "--json")
    hand_file = tmp_path / "hand.json"
    hand_file.write_text(json.dumps(first["hand"]), encoding="utf-8")
    again = cli_json(capsys, "score", "--json-in", str(hand_file), "--json")
    assert again == first


def test_the_history_in_a_score_report_is_read_back_by_json_in(capsys: Any, tmp_path: Path) -> None:
    """The hand a report writes carries the history it was settled with, so reading it back settles it the same."""
    first = cli_json(capsys, "score", *SCORE_CASES["replacement chain"], "--json")
    assert first["hand"]["history"] == {"replacement_chain": [0, 1]} and first["settlement"]["liable"]["seat"] == 4
    hand_file = tmp_path / "hand.json"
    hand_file.write_text(json.dumps(first["hand"]), encoding="utf-8")
    assert cli_json(capsys, "score", "--json-in", str(hand_file), "--json") == first


def test_profiles_json_output_matches_the_profiles_schema(capsys: pytest.CaptureFixture[str]) -> None:
    listing = cli_json(capsys, "profiles", "--json")
    assert listing
    assert_valid("profiles", listing)


# ---- the hand schema and the hand reader agree ---------------------------------------------------------------------

VALID_HANDS = [
    {"concealed": ["1m", "1m"]},  # a typed hand: no version, everything else defaulted
    {"version": 1, "concealed": ["1m"], "seat": "S", "round_wind": "west", "dealer": "n", "discarder": "E"},
    {"concealed": ["5p"], "round_wind": 3, "seat": " 2z ", "winning_tile": None, "discarder": None},
    {"concealed": [], "melds": [{"kind": "kong", "tiles": ["9s"] * 4, "concealed": True}]},
    {"concealed": [], "melds": [{"kind": "kong", "tiles": ["9s"] * 4, "kong_kind": "added", "fed_by": 2}]},
    {"concealed": [], "melds": [{"kind": "chow", "tiles": ["1p", "2p", "3p"], "fed_by": "north", "kong_kind": None}]},
    {"concealed": [], "bonus": ["1f", "8f"], "events": ["robbing_kong", "last_discard"], "self_drawn": False},
    {"concealed": [], "history": {}},  # nothing known of the history
    {"concealed": [], "history": {"replacement_chain": [2, 0]}},  # its form; against the hand: when scored
]  # fmt: skip


@pytest.mark.parametrize("document", VALID_HANDS, ids=range(len(VALID_HANDS)))
def test_a_hand_the_schema_accepts_is_read(document: dict[str, Any]) -> None:
    assert_valid("hand", document)
    hand_from_json(document)


REJECTED_HANDS = [
    {},
    {"concealed": "123m"},
    {"concealed": ["1m", "0m"]},
    {"concealed": ["1f"]},
    {"concealed": [], "bonus": ["1m"]},
    {"concealed": [], "melds": [{"kind": "pong", "tiles": ["1m"] * 3}]},
    {"concealed": [], "melds": [{"kind": "pung", "tiles": ["1m"] * 2}]},
    {"concealed": [], "melds": [{"kind": "kong", "tiles": ["1m"] * 3}]},
    {"concealed": [], "melds": [{"kind": "pung", "tiles": ["1m"] * 3, "kong_kind": "added"}]},
    {"concealed": [], "melds": [{"kind": "pung", "tiles": ["1m"] * 3, "concealed": True}]},
    {"concealed": [], "melds": [{"kind": "kong", "tiles": ["1m"] * 4, "kong_kind": "concealed", "fed_by": 2}]},
    {"concealed": [], "melds": [{"kind": "pung", "tiles": ["1m"] * 3, "x": 1}]},
    {"concealed": [], "winning_tile": "9z"},
    {"concealed": [], "self_drawn": "yes"},
    {"concealed": [], "events": ["lucky"]},
    {"concealed": [], "seat": 0},
    {"concealed": [], "seat": True},
    {"concealed": [], "round_wind": "5z"},
    {"concealed": [], "discarder": "X"},
    {"concealed": [], "colour": "red"},
    {"concealed": [], "version": 2},
    {"concealed": [], "version": "1"},
    {"concealed": [], "history": [0, 1]},
    {"concealed": [], "history": {"chain": [0]}},
    {"concealed": [], "history": {"replacement_chain": "0 1"}},
    {"concealed": [], "history": {"replacement_chain": [-1]}},
    {"concealed": [], "history": {"replacement_chain": [0, 0]}},
    {"concealed": [], "history": {"replacement_chain": [True]}},
]


@pytest.mark.parametrize("document", REJECTED_HANDS, ids=range(len(REJECTED_HANDS)))
def test_a_hand_the_schema_rejects_is_refused_by_the_reader_too(document: dict[str, Any]) -> None:
    assert list(validator("hand").iter_errors(document)), "the schema should reject it"
    with pytest.raises(ValueError):  # HandJSONError is a ScoringError, a ValueError
        hand_from_json(document)


# ---- versions ------------------------------------------------------------------------------------------------------


def test_a_hand_without_version_is_read_as_version_1() -> None:
    assert hand_from_json({"concealed": ["1m", "1m"]}) == hand_from_json({"version": 1, "concealed": ["1m", "1m"]})


@pytest.mark.parametrize("version", [2, 0, "1", True])
def test_unknown_hand_version_exits_2_naming_found_and_supported_versions(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, version: Any
) -> None:
    hand_file = tmp_path / "hand.json"
    hand_file.write_text(json.dumps({"version": version, "concealed": ["1m", "1m"]}), encoding="utf-8")
    assert sikwu(["score", "--json-in", str(hand_file), "--json"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert f"version {json.dumps(version)} is not supported" in err
    assert "reads hand JSON version 1" in err
    assert "Traceback" not in err


# ---- sikwu recognize --json ----------------------------------------------------------------------------------------


@pytest.mark.shared
def test_recognize_json_output_on_a_real_photo_matches_the_recognition_schema(
    capsys: pytest.CaptureFixture[str], shared: Path
) -> None:
    models = files("sikwu.models")
    for model in ("tile_detector.onnx", "tile_classifier.onnx"):
        if not (models / model).is_file():
            pytest.skip(f"sikwu.models/{model} is not shipped: recognition needs it")
    photo = sorted((shared / "datasets" / "hk-photos" / "valid" / "images").glob("*.jpg"))[0]
    result = cli_json(capsys, "recognize", str(photo), "--json")
    assert result["tiles"], f"no tiles found in {photo.name}"
    assert_valid("recognition", result)
    assert result["version"] == 1
