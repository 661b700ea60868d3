"""Properties that must hold for every input, checked with hypothesis over random tiles, melds and profiles."""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from sikwu.scoring.errors import ScoringError
from sikwu.scoring.hand import EVENTS, Hand, Meld
from sikwu.scoring.payments import draw_game, false_mahjong, settle
from sikwu.scoring.profile import builtin_profiles, load_profile
from sikwu.scoring.scorer import score_hand
from sikwu.scoring.tiles import BONUS_IDS, PLAYING_IDS, SUITS

PROFILES = sorted(builtin_profiles())
SEAT = st.integers(1, 4)
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def any_hand(draw) -> Hand:
    """Anything a confused user or a misreading classifier could send: wrong counts, odd melds, stray events."""
    concealed = draw(st.lists(st.sampled_from(PLAYING_IDS), min_size=0, max_size=16))
    melds = []
    for _ in range(draw(st.integers(0, 4))):
        tile = draw(st.sampled_from(PLAYING_IDS))
        kind = draw(st.sampled_from(["pung", "kong", "chow"]))
        fed = draw(st.one_of(st.none(), SEAT))
        if kind == "chow":
            if tile[1] not in SUITS or int(tile[0]) > 7:
                continue
            melds.append(Meld.chow(tile, fed_by=fed))
        elif kind == "pung":
            melds.append(Meld.pung(tile, fed_by=fed))
        else:
            kong_kind = draw(st.sampled_from(["exposed", "added", "concealed"]))
            melds.append(Meld.kong(tile, kong_kind, fed_by=None if kong_kind == "concealed" else fed))
    self_drawn = draw(st.booleans())
    return Hand(
        concealed=tuple(concealed),
        melds=tuple(melds),
        bonus=tuple(draw(st.lists(st.sampled_from(BONUS_IDS), max_size=8, unique=True))),
        winning_tile=draw(st.one_of(st.none(), st.sampled_from(concealed or PLAYING_IDS))),
        self_drawn=self_drawn,
        events=frozenset(draw(st.sets(st.sampled_from(sorted(EVENTS)), max_size=2))),
        seat=draw(SEAT),
        round_wind=draw(st.sampled_from(["1z", "2z", "3z", "4z"])),
        dealer=draw(SEAT),
        discarder=None if self_drawn else draw(st.one_of(st.none(), SEAT)),
    )


@st.composite
def winning_hand(draw) -> Hand:
    """A well-formed standard win: four sets (some declared, fed by random seats) and a pair, at most 4 copies."""
    sets = []
    for _ in range(4):
        if draw(st.booleans()):
            suit = draw(st.sampled_from(SUITS))
            start = draw(st.integers(1, 7))
            sets.append(("chow", tuple(f"{start + i}{suit}" for i in range(3))))
        else:
            sets.append(("pung", (draw(st.sampled_from(PLAYING_IDS)),) * 3))
    pair = (draw(st.sampled_from(PLAYING_IDS)),) * 2
    counts = Counter(t for _, tiles in sets for t in tiles) + Counter(pair)
    assume(max(counts.values()) <= 4)
    seat = draw(SEAT)
    n_declared = draw(st.integers(0, 4))
    melds = []
    for kind, tiles in sets[:n_declared]:
        feeder = draw(st.sampled_from([s for s in (1, 2, 3, 4) if s != seat]))
        melds.append(Meld(kind, tiles, fed_by=feeder))
    concealed = [t for _, tiles in sets[n_declared:] for t in tiles] + list(pair)
    self_drawn = draw(st.booleans())
    return Hand(
        concealed=tuple(concealed),
        melds=tuple(melds),
        bonus=tuple(draw(st.lists(st.sampled_from(BONUS_IDS), max_size=4, unique=True))),
        winning_tile=draw(st.sampled_from(concealed)),
        self_drawn=self_drawn,
        seat=seat,
        round_wind=draw(st.sampled_from(["1z", "2z", "3z", "4z"])),
        dealer=draw(SEAT),
        discarder=None if self_drawn else draw(st.sampled_from([s for s in (1, 2, 3, 4) if s != seat])),
    )


@SETTINGS
@given(hand=any_hand(), profile=st.sampled_from(PROFILES))
def test_any_input_scores_or_raises_a_scoring_error(hand: Hand, profile: str) -> None:
    """Never an IndexError/KeyError/TypeError: bad input is always reported as a ScoringError with a message."""
    try:
        score = score_hand(hand, profile)
        result = settle(score, profile)
    except ScoringError as exc:
        assert str(exc)
        return
    assert sum(result.payments.values()) + result.pot == 0


@SETTINGS
@given(hand=winning_hand(), profile=st.sampled_from(PROFILES), pot=st.sampled_from([0, 16, 32]))
def test_settlements_always_sum_to_zero(hand: Hand, profile: str, pot: int) -> None:
    try:
        score = score_hand(hand, profile)
    except ScoringError:
        assume(False)
        return
    result = settle(score, profile, pot=pot if score.meets_minimum else 0)
    assert sum(result.payments.values()) + result.pot == 0
    assert set(result.payments) == {1, 2, 3, 4}
    if result.legal and result.missing is None:
        assert result.payments[hand.seat] > 0
        assert all(v <= 0 for s, v in result.payments.items() if s != hand.seat)


@SETTINGS
@given(hand=winning_hand(), profile=st.sampled_from(PROFILES))
def test_faan_never_exceeds_the_cap(hand: Hand, profile: str) -> None:
    try:
        score = score_hand(hand, profile)
    except ScoringError:
        assume(False)
        return
    assert 0 <= score.faan <= load_profile(profile).cap_faan


@SETTINGS
@given(hand=winning_hand(), profile=st.sampled_from(PROFILES), extra=st.sampled_from(BONUS_IDS))
def test_adding_a_flower_to_a_hand_that_has_flowers_never_lowers_the_score(hand: Hand, profile: str, extra) -> None:
    """Once a hand holds a flower ("No Flowers" is already gone), another flower can only add faan."""
    assume(hand.bonus and extra not in hand.bonus)
    try:
        before = score_hand(hand, profile)
    except ScoringError:
        assume(False)
        return
    after = score_hand(Hand(**{**hand.__dict__, "bonus": (*hand.bonus, extra)}), profile)
    assert after.faan >= before.faan


@settings(max_examples=60, deadline=None)
@given(offenders=st.sets(SEAT, min_size=1, max_size=3), profile=st.sampled_from(PROFILES), dealer=SEAT)
def test_penalties_and_draws_sum_to_zero(offenders: set[int], profile: str, dealer: int) -> None:
    result = false_mahjong(tuple(offenders), profile, dealer)
    assert sum(result.payments.values()) == 0
    assert all(result.payments[s] <= 0 for s in offenders)
    drawn = draw_game(profile)
    assert sum(drawn.payments.values()) + drawn.pot == 0
