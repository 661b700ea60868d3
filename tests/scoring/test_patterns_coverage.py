"""Every pattern in the catalogue is specified by at least one positive case and one near miss."""

from __future__ import annotations

import test_patterns_flowers
import test_patterns_honours
import test_patterns_sets
import test_patterns_suits_terminals
import test_patterns_win_actions
from sikwu.scoring.patterns import REGISTRY
from sikwu.scoring.profile import PROFILE_DIR, load_profile

ALL_CASES = [
    *test_patterns_flowers.CASES,
    *test_patterns_honours.CASES,
    *test_patterns_sets.CASES,
    *test_patterns_suits_terminals.CASES,
    *test_patterns_win_actions.CASES,
]
# Thirteen Orphans' near miss is not a winning hand at all; it has its own test in test_patterns_suits_terminals.
NEAR_MISS_ELSEWHERE = {"thirteen_orphans"}


def test_every_pattern_has_a_positive_case():
    positive = {c.pattern for c in ALL_CASES if c.present}
    assert sorted(set(REGISTRY) - positive) == []


def test_every_pattern_has_a_near_miss():
    negative = {c.pattern for c in ALL_CASES if not c.present} | NEAR_MISS_ELSEWHERE
    assert sorted(set(REGISTRY) - negative) == []


def test_every_catalogued_pattern_is_used_by_some_builtin_profile():
    """A pattern no document uses would be dead code."""
    used = set()
    for path in PROFILE_DIR.glob("*.toml"):
        used |= set(load_profile(path.stem).raw["patterns"])
    assert sorted(set(REGISTRY) - used) == []
