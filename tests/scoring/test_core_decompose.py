"""Hand division: every reading, cached, and the same readings as PyPI ``mahjong``'s HandDivider."""

from __future__ import annotations

import random

import pytest
from core_helpers import score
from sikwu.scoring import parse_tiles
from sikwu.scoring.decompose import counts_of, divisions, standard_divisions


def test_three_consecutive_pungs_read_two_ways():
    """111222333m is three pungs or three identical chows; both readings are offered."""
    readings = {d.groups for d in divisions(parse_tiles("111222333m 444p 55s"))}
    assert readings == {
        (("chow", "1m"), ("chow", "1m"), ("chow", "1m"), ("pung", "4p"), ("pair", "5s")),
        (("pung", "1m"), ("pung", "2m"), ("pung", "3m"), ("pung", "4p"), ("pair", "5s")),
    }


def test_pure_one_suit_hand_has_many_readings():
    assert len(standard_divisions(counts_of(parse_tiles("11122233344455m")))) >= 4


def test_nine_gates_is_a_special_shape_and_a_standard_one():
    shapes = sorted(d.shape for d in divisions(parse_tiles("1112345678999m 5m")))
    assert shapes == ["nine_gates", "standard"]


def test_seven_pairs_only_when_allowed():
    tiles = parse_tiles("11m 33m 55p 77p 99s 22z 66z")
    assert divisions(tiles) == ()
    assert [d.shape for d in divisions(tiles, seven_pairs=True)] == ["seven_pairs"]


def test_thirteen_orphans_shape():
    (d,) = divisions(parse_tiles("19m 19p 19s 1234567z 9p"))
    assert d.shape == "thirteen_orphans" and d.groups[-1] == ("pair", "9p")


def test_not_winning_gives_no_reading():
    assert divisions(parse_tiles("123m 456m 789p 124s 55z")) == ()


def test_results_are_cached():
    counts = counts_of(parse_tiles("123m 456m 789p 123s 55z"))
    assert standard_divisions(counts) is standard_divisions(counts)


def test_scorer_returns_alternatives_for_ambiguous_hands():
    s = score("old-style-cheat-sheet", "111222333m 456p 55s")
    assert s.alternatives and s.best.faan >= max(a.faan for a in s.alternatives)


def _random_counts(rng: random.Random) -> list[int]:
    counts = [0] * 34
    while sum(counts) < 14:
        i = rng.randrange(34)
        if counts[i] < 4:
            counts[i] += 1
    return counts


def test_same_readings_as_pypi_mahjong_on_random_and_winning_hands():
    """Cross-check against the peer library: random 14-tile multisets, biased to tiles of one suit so that many
    of them are winning hands."""
    divider = pytest.importorskip("mahjong.hand_calculating.divider").HandDivider
    rng = random.Random(3)
    checked = winners = 0
    for _ in range(3000):
        counts = _random_counts(rng) if rng.random() < 0.3 else [0] * 34
        if sum(counts) == 0:
            base = rng.choice((0, 9, 18))
            while sum(counts) < 14:
                i = base + rng.randrange(9)
                if counts[i] < 4:
                    counts[i] += 1
        ours = standard_divisions(tuple(counts))
        theirs = [d for d in divider.divide_hand(counts) if len(d) == 5]
        assert len(ours) == len({tuple(sorted(g)) for g in ours}) == len(theirs), counts
        checked += 1
        winners += bool(ours)
    assert checked == 3000 and winners > 100
