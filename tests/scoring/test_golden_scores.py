"""The scorer's results are frozen: speed work must not change any reading, hit, reason, note or error.

``golden_scores.txt`` was written by the engine *before* the speed work of the scoring-perf change (commit ff08eac,
see its header): for 1000 seeded random hands (``diff_hands.random_hands``: standard hands with declared and
concealed kongs, honour and one-suit hands, seven pairs, thirteen orphans, nine gates, events, flowers, broken
hands) under each of the six built-in profiles, a digest of the full ``repr`` of the ``Score`` or of the error.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from diff_hands import digest, random_hands, record
from sikwu.scoring.profile import load_profile

GOLDEN = Path(__file__).with_name("golden_scores.txt")


def _golden() -> tuple[list[str], list[list[str]]]:
    lines = GOLDEN.read_text(encoding="utf-8").splitlines()
    header = next(line for line in lines if line.startswith("# hand\t"))
    names = header.split("\t")[1:]
    rows = [line.split("\t")[1:] for line in lines if not line.startswith("#")]
    return names, rows


NAMES, ROWS = _golden()
HANDS = random_hands(len(ROWS), 20261121)


@pytest.mark.parametrize("profile_name", NAMES)
def test_every_result_matches_the_engine_before_the_speed_work(profile_name: str) -> None:
    profile = load_profile(profile_name)
    column = NAMES.index(profile_name)
    differing = [
        (i, record(hand, profile))
        for i, hand in enumerate(HANDS)
        if digest(record(hand, profile))[:10] != ROWS[i][column]
    ]
    assert not differing, f"{len(differing)} results changed; first: hand {differing[0][0]}: {differing[0][1]}"


def test_the_golden_hands_cover_errors_special_shapes_and_alternatives() -> None:
    """A frozen file is only worth as much as what it exercises."""
    records = [record(hand, load_profile("old-style-cheat-sheet")) for hand in HANDS]
    assert any("HandError" in r[:12] for r in records)
    assert any("NotAWinningHandError" in r[:25] for r in records)
    for shape in ("seven_pairs", "thirteen_orphans", "nine_gates", "flowers"):
        assert any(f"shape='{shape}'" in r for r in records), shape
    assert any("alternatives=(Reading" in r for r in records)
    assert {m.kong_kind for hand in HANDS for m in hand.melds if m.kind == "kong"} == {"exposed", "added", "concealed"}
    assert sum(r.startswith("Score(") for r in records) > len(records) / 2
