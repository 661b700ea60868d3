"""The report: one scored, settled hand in text, Markdown and JSON forms, with the cross-profile comparison."""

from __future__ import annotations

import json

import pytest
from sikwu.scoring.hand import Hand, Meld
from sikwu.scoring.profile import builtin_profiles
from sikwu.scoring.report import SCHEMA, build_report

# Old Style Variant 1, Example 1 (5 fan by discard, 64 = 32 + 16 + 16)
EXAMPLE_1 = Hand(
    concealed=("5p", "6p", "7p", "3z", "3z"),
    melds=(Meld.pung("7z", fed_by=3), Meld.chow("2p", fed_by=1), Meld.pung("9p", fed_by=4)),
    winning_tile="7p",
    seat=2,
    discarder=3,
)
# Two faan under Sparrow's Nest: below the 3-faan minimum
TWO_FAAN = Hand(
    concealed=("2m", "3m", "4m", "5p", "6p", "7p", "5z", "5z"),
    melds=(Meld.pung("7z", fed_by=3), Meld.chow("1s", fed_by=1)),
    winning_tile="5z",
    seat=2,
    discarder=3,
)

DICT_KEYS = {
    "schema", "profile", "hand", "seats", "faan", "raw_faan", "capped", "limit_hand", "meets_minimum",
    "minimum_statement", "cap_statement", "reading", "patterns", "alternatives", "notes", "note_messages",
    "settlement", "comparison",
}  # fmt: skip


@pytest.fixture(scope="module")
def report():
    return build_report(EXAMPLE_1, "old-style-v1")


def test_dict_has_the_documented_stable_keys(report) -> None:
    d = report.to_dict()
    assert set(d) == DICT_KEYS
    assert d["schema"] == SCHEMA
    assert set(d["settlement"]) >= {"points", "table_row", "payments", "lines", "legal", "total", "pot", "liable"}
    assert set(d["patterns"][0]) == {
        *("key", "name_en", "name_zh", "faan", "reason", "reason_message", "limit", "counts_for_minimum")
    }


def test_json_round_trips_and_uses_canonical_tile_ids(report) -> None:
    d = json.loads(report.to_json())
    assert d["faan"] == 5
    assert d["settlement"]["payments"] == {"1": -16, "2": 64, "3": -32, "4": -16}
    assert d["hand"]["concealed"] == ["5p", "6p", "7p", "3z", "3z"]
    assert d["hand"]["melds"][0] == {"kind": "pung", "tiles": ["7z", "7z", "7z"], "fed_by": 3}
    assert d["seats"] == {"1": "East", "2": "South", "3": "West", "4": "North"}


def test_each_pattern_has_faan_english_chinese_and_a_reason(report) -> None:
    for p in report.to_dict()["patterns"]:
        assert p["faan"] >= 0 and p["name_en"] and p["name_zh"] and p["reason"]


def test_text_names_the_patterns_table_row_and_seat_winds(report) -> None:
    text = report.to_text()
    assert "Half Flush" in text and "混一色" in text
    assert "5 faan -> 16 points (row 4-6)" in text
    for seat in ("East (seat 1)", "South (seat 2)", "West (seat 3)", "North (seat 4)"):
        assert seat in text
    assert "+64" in text and "-32" in text


def test_markdown_has_a_pattern_table_and_a_payment_table(report) -> None:
    md = report.to_markdown()
    assert "| faan | pattern | 中文 | why |" in md
    assert "| South (seat 2) | +64 | winner |" in md


def test_comparison_covers_every_other_builtin_profile(report) -> None:
    names = {c["profile"] for c in report.to_dict()["comparison"]}
    assert names == set(builtin_profiles()) - {"old-style-v1"}
    for row in report.comparison:
        if row.error is None:
            assert sum(row.payments.values()) == 0


def test_comparison_can_be_skipped() -> None:
    assert build_report(EXAMPLE_1, "old-style-v1", compare=False).comparison == ()


def test_below_minimum_is_stated_plainly() -> None:
    """Sparrow's Nest, Game Setup: 3 faan minimum."""
    r = build_report(TWO_FAAN, "sparrows-nest", compare=False)
    assert r.minimum_statement == "2 faan is below the 3-faan minimum: not a legal win"
    assert r.minimum_statement in r.to_text()
    d = r.to_dict()
    assert d["meets_minimum"] is False and d["settlement"]["legal"] is False
    assert set(d["settlement"]["payments"].values()) == {0}


def test_cap_is_stated_when_it_applies() -> None:
    """Sparrow's Nest, Game Setup: 10 faan cap -- Big Three Dragons (8) + Half Flush (3) + ... is paid as 10."""
    hand = Hand(
        concealed=("1m", "2m", "3m", "4m", "4m"),
        melds=(Meld.pung("5z", fed_by=1), Meld.pung("6z", fed_by=3), Meld.pung("7z", fed_by=4)),
        winning_tile="4m",
        self_drawn=True,
        seat=2,
    )
    r = build_report(hand, "sparrows-nest", compare=False)
    assert r.score.faan == 10
    assert r.cap_statement is not None and "10-faan limit" in r.cap_statement
    assert r.settlement.table_row == "10 faan -> 64 points"


def test_liability_is_explained_in_the_report() -> None:
    """Sparrow's Nest, Liability Payments, Big Three Dragons."""
    hand = Hand(
        concealed=("1m", "2m", "3m", "4p", "4p"),
        melds=(Meld.pung("5z", fed_by=1), Meld.pung("6z", fed_by=3), Meld.pung("7z", fed_by=4)),
        winning_tile="4p",
        self_drawn=True,
        seat=2,
    )
    r = build_report(hand, "sparrows-nest", compare=False)
    assert r.to_dict()["settlement"]["liable"]["seat"] == 4
    assert "Liability (big_three_dragons" in r.to_text()


def test_discard_win_without_discarder_still_reports_faan() -> None:
    hand = Hand(EXAMPLE_1.concealed, EXAMPLE_1.melds, winning_tile="7p", seat=2)
    r = build_report(hand, "old-style-v1", compare=False)
    assert r.score.faan == 5
    assert r.settlement.missing == "discarder"
    assert "no discarder given" in r.to_text()


def test_json_carries_each_reason_and_line_as_a_keyed_message(report) -> None:
    """Another front end can translate the report by key (scoring.messages), as the page does."""
    d = report.to_dict()
    assert all(p["reason_message"]["key"].startswith("reason.") for p in d["patterns"])
    lines, keyed = d["settlement"]["lines"], d["settlement"]["line_messages"]
    assert len(keyed) == len(lines) and all(m is not None for m in keyed)
    assert d["profile"]["name_zh"] and d["profile"]["description_zh"]
