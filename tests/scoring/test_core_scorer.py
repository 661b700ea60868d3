"""The scorer: result shape, best reading and tie-break, cap, minimum, notes, and robustness on any input."""

from __future__ import annotations

from core_helpers import keys, make_hand, score
from hypothesis import given, settings
from hypothesis import strategies as st
from sikwu.scoring import Hand, NotAWinningHandError, ScoringError, load_profile, score_hand
from sikwu.scoring.scorer import _rank
from sikwu.scoring.tiles import PLAYING_IDS


def test_score_shape():
    s = score("sparrows-nest", "123m 456m 789p 777z 55p")
    assert s.profile == "sparrows-nest" and s.faan == s.best.faan == 3 and s.raw_faan == 3
    assert s.minimum == 3 and s.meets_minimum and not s.capped and not s.limit_hand
    assert s.best.shape == "standard" and s.best.sets[-1] == ("5p", "5p")
    assert all(h.reason and h.name_en for h in s.best.patterns)


def test_best_reading_is_the_highest_faan():
    """111222333m under the cheat sheet: three closed pungs (2) beat three identical chows here."""
    s = score("old-style-cheat-sheet", "111222333m 444p 55s")
    assert "three_concealed_pungs" in keys(s)
    assert all(_rank(s.best) <= _rank(a) for a in s.alternatives)


def test_winning_tile_placement_is_a_reading():
    """A discard that could complete a pung or a chow is read both ways; the better one wins."""
    s = score("sparrows-nest", "111m 222p 333s 99m 789m", win="9m")
    # 9m completing the pair-free 789m chow keeps 111m, 222p, 333s concealed
    assert s.best.winning_set in (("7m", "8m", "9m"), ("9m", "9m"))


def test_chicken_hand_gets_a_note_and_misses_the_minimum():
    s = score("old-style-v2", "456m 789p 55z 222s", "chow 1m", bonus="3f")
    assert s.faan == 0 and not s.meets_minimum
    assert any("chicken" in n for n in s.notes) and any("minimum" in n for n in s.notes)


def test_capped_hand_notes_the_cap():
    s = score("sparrows-nest", "111z 555z 666z 777z 22z")
    assert s.capped and s.faan == 10 and any("capped" in n for n in s.notes)


def test_limit_hand_flag():
    s = score("old-style-v1", "19m 19p 19s 1234567z 1m")
    assert s.limit_hand and s.faan == 10


def test_not_a_winning_hand_says_what_to_check():
    try:
        score("sparrows-nest", "123m 456m 789p 124s 55z")
    except NotAWinningHandError as exc:
        assert "four sets and a pair" in str(exc) and "misread tile" in str(exc)
    else:  # pragma: no cover
        raise AssertionError("expected NotAWinningHandError")


def test_score_accepts_a_loaded_profile():
    prof = load_profile("new-style")
    assert score_hand(make_hand("123m 456m 789p 123s 55z"), prof).profile == "new-style"


def test_scoring_is_deterministic():
    a = score("old-style-cheat-sheet", "11122233344455m")
    b = score("old-style-cheat-sheet", "11122233344455m")
    assert a == b


tile_multisets = st.lists(st.sampled_from(PLAYING_IDS), min_size=14, max_size=14)


@settings(max_examples=300, deadline=None)
@given(
    tile_multisets,
    st.sampled_from(["sparrows-nest", "old-style-cheat-sheet", "old-style-v1", "new-style"]),
    st.booleans(),
    st.integers(1, 4),
)
def test_any_tile_multiset_either_scores_or_raises_a_scoring_error(tiles, profile, self_drawn, seat):
    hand = Hand(
        concealed=tuple(tiles),
        winning_tile=tiles[-1],
        self_drawn=self_drawn,
        seat=seat,
        discarder=None if self_drawn else seat % 4 + 1,
    )
    try:
        s = score_hand(hand, profile)
    except ScoringError:
        return
    assert 0 <= s.faan <= load_profile(profile).cap_faan
    assert s.faan == min(s.raw_faan, load_profile(profile).cap_faan)


winning_hands = st.lists(
    st.one_of(
        st.tuples(st.just("pung"), st.sampled_from(PLAYING_IDS)),
        st.tuples(st.just("chow"), st.sampled_from([f"{r}{s}" for s in "mps" for r in range(1, 8)])),
    ),
    min_size=4,
    max_size=4,
)


@settings(max_examples=200, deadline=None)
@given(winning_hands, st.sampled_from(PLAYING_IDS), st.sampled_from(["sparrows-nest", "old-style-v3", "new-style"]))
def test_four_sets_and_a_pair_always_score_unless_counts_are_impossible(sets, pair, profile):
    tiles: list[str] = []
    for kind, t in sets:
        tiles += [t] * 3 if kind == "pung" else [f"{int(t[0]) + i}{t[1]}" for i in range(3)]
    tiles += [pair, pair]
    hand = Hand(concealed=tuple(tiles), winning_tile=pair, discarder=2)
    if max(tiles.count(t) for t in tiles) > 4:
        try:
            score_hand(hand, profile)
        except ScoringError:
            return
        raise AssertionError("impossible counts were scored")
    s = score_hand(hand, profile)
    assert s.best.shape == "standard" and len(s.best.sets) == 5
