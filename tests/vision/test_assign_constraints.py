"""Hand-aware decoding: never an impossible tile count; with winning=True, the most probable legal hand."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st
from sikwu.scoring.tiles import BONUS_IDS, TILE_IDS
from sikwu.vision.assign import assign, counts_ok, is_winning_reading


def test_fifth_copy_becomes_its_next_most_probable_id():
    """A Hong Kong set has four copies of each playing tile."""
    topks = [[("5p", 0.95), ("6p", 0.03)]] * 4 + [[("5p", 0.6), ("6p", 0.35)]]
    d = assign(topks)
    assert [t.id for t in d.tiles] == ["5p"] * 4 + ["6p"]
    assert d.tiles[4].changed and d.tiles[4].low_confidence
    assert not any(t.changed for t in d.tiles[:4])


def test_the_least_confident_duplicate_flower_is_the_one_changed():
    """One copy of each flower and season."""
    d = assign([[("1f", 0.7), ("2f", 0.2)], [("1f", 0.99), ("2f", 0.01)]])
    assert [t.id for t in d.tiles] == ["2f", "1f"]


def test_legal_reading_is_left_alone():
    topks = [[(t, 0.9), ("1m", 0.05)] for t in ["1m", "2m", "3m", "5z"]]
    d = assign(topks)
    assert d.method == "classifier" and not any(t.changed for t in d.tiles)


WIN = "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 5z 5z".split()


def test_winning_prefers_the_most_probable_legal_hand():
    topks = [[(t, 0.97)] for t in WIN]
    topks[-1] = [("6z", 0.55), ("5z", 0.45)]  # the classifier's favourite breaks the pair
    d = assign(topks, winning=True)
    assert d.method == "winning"
    assert [t.id for t in d.tiles] == WIN
    assert d.tiles[-1].changed and d.tiles[-1].top3[0] == ("6z", 0.55)


def test_winning_check_accepts_kongs_and_ignores_flowers():
    assert is_winning_reading(WIN[:-5] + ["1z"] * 4 + ["5z", "5z", "3f"])
    assert not is_winning_reading(WIN[:-1] + ["6z"])


def test_winning_without_a_legal_reading_falls_back_to_counts_and_says_so():
    topks = [[(t, 0.99)] for t in "1m 4m 7m 1p 4p 7p 1s 4s 7s 1z 2z 3z 5z 6z".split()]
    d = assign(topks, winning=True)
    assert d.method == "counts-fallback" and d.notes


label = st.sampled_from(TILE_IDS)
topk = st.lists(st.tuples(label, st.floats(0.0001, 1.0)), min_size=1, max_size=5, unique_by=lambda t: t[0]).map(
    lambda xs: sorted(xs, key=lambda t: -t[1])
)


@settings(max_examples=150, deadline=None)
@given(st.lists(topk, min_size=1, max_size=40), st.booleans())
def test_decoding_never_emits_an_impossible_hand(topks, winning):
    d = assign(topks, winning=winning)
    ids = [t.id for t in d.tiles]
    assert len(ids) == len(topks)
    assert counts_ok(ids)
    c = Counter(ids)
    assert all(c[b] <= 1 for b in BONUS_IDS)
    assert all(n <= 4 for n in c.values())


def test_winning_with_a_wrong_tile_number_says_which_number_is_wrong():
    d = assign([[(t, 0.99)] for t in WIN[:13]], winning=True)
    assert d.method == "counts-fallback"
    assert any("13 playing tiles" in n for n in d.notes)
