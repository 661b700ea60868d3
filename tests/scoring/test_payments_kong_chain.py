"""Self Draw After Gong liability over a whole replacement chain, given as plain data (``HandHistory``).

sparrows-nest-hk-league-rules.md, Liability Payments, Self Draw After Gong: "If a player makes a Gong call on
another player's discard and then self draws their winning tile, the player who discarded the claimed tile becomes
responsible for this player's hand.  This liability applies even if there is a flower replacement between the Gong
call and self draw."  And: "Once a player is liable for another's hand, no player will become liable for that same
hand if another liability condition is met."  (issue 16, item 6)
"""

from __future__ import annotations

import pytest
from sikwu.scoring import HandError, HandHistory, parse_tiles, score_hand
from sikwu.scoring.hand import Hand, Meld
from sikwu.scoring.payments import settle

NORTH = 4
#: East calls a kong on North's discard (meld 0), then declares a concealed kong (meld 1), then self-draws.
KONG_ON_NORTH_THEN_CONCEALED = (Meld.kong("1p", "exposed", fed_by=NORTH), Meld.kong("9s", "concealed"))


def east_wins_after_two_kongs(events: frozenset[str] = frozenset({"double_kong_replacement"})) -> Hand:
    return Hand(
        parse_tiles("123m 456m 55z"),
        KONG_ON_NORTH_THEN_CONCEALED,
        winning_tile="5z",
        self_drawn=True,
        events=events,
        seat=1,
    )


def test_kong_called_on_north_first_in_the_chain_makes_north_liable() -> None:
    """Sparrow's Nest, Self Draw After Gong: the chain is the kong called on North's discard, then a concealed kong,
    then the self-drawn replacement tile -- North made the Gong call possible and pays every share."""
    hand = east_wins_after_two_kongs()
    score = score_hand(hand, "sparrows-nest")
    st = settle(score, "sparrows-nest", history=HandHistory(replacement_chain=(0, 1)))
    assert st.liable is not None and st.liable.seat == NORTH and st.liable.rule == "kong_self_draw"
    assert st.payments[NORTH] == -st.total and st.payments[2] == st.payments[3] == 0


def test_a_flower_replacement_in_the_chain_keeps_the_liability() -> None:
    """Sparrow's Nest, Self Draw After Gong: "This liability applies even if there is a flower replacement between
    the Gong call and self draw" -- the win is on a flower's replacement tile, the chain still holds the kong."""
    hand = Hand(
        parse_tiles("234m 567m 789m 55m"),
        (Meld.kong("1m", "exposed", fed_by=NORTH),),
        bonus=("2f",),
        winning_tile="5m",
        self_drawn=True,
        events=frozenset({"flower_replacement"}),
        seat=1,
    )
    st = settle(score_hand(hand, "sparrows-nest"), "sparrows-nest", history=HandHistory(replacement_chain=(0,)))
    assert st.liable is not None and st.liable.seat == NORTH


def test_a_kong_called_before_the_chain_does_not_count() -> None:
    """Only a Gong call followed by the self draw makes the feeder liable: when the chain held only the concealed
    kong, the earlier kong on North's discard was followed by other draws, and nobody is liable."""
    hand = east_wins_after_two_kongs(frozenset({"kong_replacement"}))
    st = settle(score_hand(hand, "sparrows-nest"), "sparrows-nest", history=HandHistory(replacement_chain=(1,)))
    assert st.liable is None


def test_without_the_history_only_the_last_kong_declared_is_known() -> None:
    """With no history the hand alone says the win followed the last kong declared (here the concealed one), so no
    liability is assumed; the ledger's chain is what settles it (test above)."""
    st = settle(score_hand(east_wins_after_two_kongs(), "sparrows-nest"), "sparrows-nest")
    assert st.liable is None


@pytest.mark.parametrize(
    ("chain", "message"),
    [((5,), "not a declared meld"), ((0, 0), "twice"), (("0",), "not a declared meld")],
)
def test_a_chain_that_does_not_fit_the_hand_is_refused(chain: tuple, message: str) -> None:
    """Bad input gets a specific message, not a silent settlement."""
    score = score_hand(east_wins_after_two_kongs(), "sparrows-nest")
    with pytest.raises(HandError, match=message):
        settle(score, "sparrows-nest", history=HandHistory(replacement_chain=chain))


def test_a_chain_names_kongs_only() -> None:
    hand = Hand(
        parse_tiles("123m 456m 789m 55z"),
        (Meld.pung("1p", fed_by=NORTH),),
        winning_tile="5z",
        self_drawn=True,
        events=frozenset({"flower_replacement"}),
        bonus=("2f",),
    )
    with pytest.raises(HandError, match="not a kong"):
        settle(score_hand(hand, "sparrows-nest"), "sparrows-nest", history=HandHistory(replacement_chain=(0,)))


def test_a_chain_needs_a_win_on_a_replacement_tile() -> None:
    hand = Hand(parse_tiles("123m 456m 55z"), KONG_ON_NORTH_THEN_CONCEALED, winning_tile="5z", self_drawn=True)
    with pytest.raises(HandError, match="replacement tile"):
        settle(score_hand(hand, "sparrows-nest"), "sparrows-nest", history=HandHistory(replacement_chain=(0, 1)))
