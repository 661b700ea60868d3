"""The table's state from hand to hand (dealer, 連莊, round wind, pot, simultaneous wins) -- pure engine, no DB."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ledger_helpers import DRAW, HALF_FLUSH, ORPHANS, game_setup, multi, win
from sikwu.ledger.engine import TableState, play, replay
from sikwu.ledger.entries import entry_from_dict
from sikwu.ledger.errors import GameFinishedError

SN = game_setup("sparrows-nest")
OLD = game_setup("old-style-v1")


def states(entries, setup=SN):
    return [s for _, s in replay(entries, *setup)]


def test_dealer_passes_after_a_dealer_win_in_sparrows_nest():
    # sparrows-nest-hk-league-rules.md, Game Setup: "No dealer repeat when dealer wins"
    after = states([win(1, discarder=2)])[-1]
    assert (after.dealer, after.streak) == (2, 0)


def test_dealer_keeps_the_deal_and_counts_lian_zhuang_in_old_style():
    # mahjong-basics-and-hk-old-style-scoring.md, Mahjong: "If the winner is the dealer, he continues to be the dealer"
    after = states([win(1, discarder=2), win(1, discarder=3)], OLD)[-1]
    assert (after.dealer, after.streak) == (1, 2)
    assert states([win(1, discarder=2), win(2, discarder=3)], OLD)[-1].dealer == 2


def test_dealer_keeps_the_deal_after_a_draw_in_old_style():
    # mahjong-basics-and-hk-old-style-scoring.md, Draw: "All players keep their current seat winds."
    after = states([DRAW], OLD)[-1]
    assert (after.dealer, after.streak) == (1, 1)


def test_round_wind_advances_after_four_deals():
    # mahjong-basics-and-hk-old-style-scoring.md, Post Round; hk-old-style-cheat-sheet "Next Round"
    seq = states([win(p % 4 + 1, discarder=p) for p in (1, 2, 3, 4)])
    assert [s.round_index for s in seq] == [0, 0, 0, 1]
    assert seq[-1].dealer == 1


def test_game_ends_after_the_profiles_four_rounds():
    # sparrows-nest-hk-league-rules.md, Game Setup: "All 4 Rounds (East, South, West & North)"
    entries = [win((i % 4) + 1, discarder=((i + 1) % 4) + 1) for i in range(16)]
    seq = states(entries)
    assert [s.finished for s in seq].index(True) == 15
    with pytest.raises(GameFinishedError, match="the game is over"):
        play(seq[-1], entries[0], *SN)


def test_draw_game_puts_four_points_each_into_a_pot_for_the_next_winner():
    # sparrows-nest-hk-league-rules.md, Game Setup: "each player puts up 4 points toward a pot for the next winner"
    (o1, s1), (o2, s2) = replay([DRAW, win(3, discarder=1)], *SN)
    assert o1.payments == (-4, -4, -4, -4) and s1.pot == 16
    assert o2.payments[2] == -o2.payments[0] + 16 and s2.pot == 0  # the discarder's payment, plus the pot
    assert o2.payments[1] == o2.payments[3] == 0


def test_pot_is_paid_back_when_the_last_hand_is_a_draw():
    # sparrows-nest-hk-league-rules.md, Game Setup: "Reimburse pot if draw game on last hand."
    entries = [win((i % 4) + 1, discarder=((i + 1) % 4) + 1) for i in range(14)] + [DRAW, DRAW]
    seq = replay(entries, *SN)
    last_outcome, last_state = seq[-1]
    assert last_state.finished and last_state.pot == 0
    assert last_outcome.payments == (4, 4, 4, 4)  # 16 in the pot from the 15th hand comes back


def test_simultaneous_wins_discarder_pays_each_winner_in_full():
    # sparrows-nest-hk-league-rules.md, Scoring: "the player who discarded the winning tile pays each winner the
    # full value of their respective hands"
    outcome, _ = play(TableState(), multi([(2, HALF_FLUSH), (4, HALF_FLUSH)], discarder=1), *SN)
    single, _ = play(TableState(), win(2, discarder=1), *SN)
    assert outcome.payments[1] == single.payments[1] and outcome.payments[3] > 0
    assert outcome.payments[0] == -(outcome.payments[1] + outcome.payments[3])


def test_nearest_player_in_turn_order_takes_the_tile_in_old_style():
    # mahjong-basics-and-hk-old-style-scoring.md, Criteria: "the player sitting closest to the discarder in turn
    # order is given the tile"
    outcome, _ = play(TableState(), multi([(2, HALF_FLUSH), (4, HALF_FLUSH)], discarder=3), *OLD)
    assert outcome.payments[3] > 0 and outcome.payments[1] <= 0  # West discards: North (4) is next in turn
    assert [w["paid"] for w in outcome.wins] == [False, True]


def test_thirteen_orphans_takes_the_tile_regardless_of_turn_order_in_old_style():
    # mahjong-basics-and-hk-old-style-scoring.md, Criteria: "An exception to this is when a player completes a
    # Thirteen Orphans hand the turn order does not matter."
    outcome, _ = play(TableState(), multi([(2, ORPHANS), (4, HALF_FLUSH)], discarder=3), *OLD)
    assert [w["paid"] for w in outcome.wins] == [True, False]
    assert outcome.payments[1] > 0 and outcome.payments[3] <= 0


def test_false_mahjong_pays_a_reverse_limit_self_draw_and_the_dealer_deals_again():
    # sparrows-nest-hk-league-rules.md, Penalties, False Mahjong: "a reverse limit hand self draw payment"
    # (10 faan self-draw: 64 from each).  The same dealer deals again: a setting (the document is silent).
    outcome, after = play(TableState(), entry_from_dict({"kind": "false_mahjong", "offenders": [3]}), *SN)
    assert outcome.payments == (64, 64, -192, 64)
    assert after.dealer == 1 and after.passes == 0


def test_the_winners_seat_wind_follows_the_dealer():
    before = TableState(dealer=2)
    outcome, _ = play(before, win(2, self_drawn=True), *SN)
    assert outcome.wins[0]["hand"]["seat"] == 1  # position 2 deals: East
    assert outcome.payments == (-outcome.payments[1] // 3, outcome.payments[1], *[-outcome.payments[1] // 3] * 2)


def test_twelve_tile_liability_follows_the_feeding_player_whoever_deals():
    # sparrows-nest-hk-league-rules.md, Liability Payments, 12 Tile Insurance: the player who fed the fourth
    # revealed group pays for a self-drawn win.  fed_by is stored as a table position.
    melds = [{"kind": "pung", "tiles": ["2z"] * 3, "fed_by": 1}, {"kind": "chow", "tiles": ["1m", "2m", "3m"],
             "fed_by": 1}, {"kind": "chow", "tiles": ["4m", "5m", "6m"], "fed_by": 1},
             {"kind": "chow", "tiles": ["7m", "8m", "9m"], "fed_by": 3}]  # fmt: skip
    hand = {"concealed": ["9m", "9m"], "melds": melds, "winning_tile": "9m", "self_drawn": True}
    entry = entry_from_dict({"kind": "win", "wins": [{"winner": 2, "hand": hand}]})
    for dealer in (1, 2, 3, 4):
        outcome, _ = play(TableState(dealer=dealer), entry, *SN)
        assert outcome.payments[0] == 0 and outcome.payments[3] == 0 and outcome.payments[2] < 0


ENTRY = st.sampled_from(
    [DRAW, win(1, discarder=2), win(3, self_drawn=True), multi([(2, HALF_FLUSH), (4, ORPHANS)], discarder=1),
     entry_from_dict({"kind": "false_mahjong", "offenders": [2, 4]})]
)  # fmt: skip


@settings(max_examples=25, deadline=None)
@given(st.lists(ENTRY, max_size=30), st.sampled_from([SN, OLD]))
def test_totals_and_pot_sum_to_zero_after_every_hand(entries, setup):
    state = TableState()
    for entry in entries:
        if state.finished:
            break
        _, state = play(state, entry, *setup)
        assert sum(state.totals) + state.pot == 0


def test_self_draw_after_a_called_kong_makes_the_kongs_feeder_pay_everything():
    # sparrows-nest-hk-league-rules.md, Liability Payments, Self Draw After Gong: "the player who discarded the
    # claimed tile becomes responsible for this player's hand".  The ledger passes the claim (fed_by, a position)
    # and the replacement draw (event) to scoring as plain data.
    melds = [{"kind": "kong", "tiles": ["8s"] * 4, "kong_kind": "exposed", "fed_by": 4}]
    hand = {"concealed": ["1s", "2s", "3s", "4s", "5s", "6s", "7z", "7z", "7z", "9s", "9s"], "melds": melds,
            "winning_tile": "9s", "self_drawn": True, "events": ["kong_replacement"]}  # fmt: skip
    entry = entry_from_dict({"kind": "win", "wins": [{"winner": 2, "hand": hand}]})
    for dealer in (1, 3):
        outcome, _ = play(TableState(dealer=dealer), entry, *SN)
        assert outcome.payments[0] == outcome.payments[2] == 0 and outcome.payments[3] == -outcome.payments[1]


def test_big_three_dragons_liability_is_split_with_another_discarder():
    # sparrows-nest-hk-league-rules.md, Liability Payments, Big Three Dragons: the feeder of the third dragon set
    # and the player who discarded the winning tile "split the payment for the hand evenly".
    melds = [{"kind": "pung", "tiles": [t] * 3, "fed_by": f} for t, f in (("5z", 1), ("6z", 1), ("7z", 3))]
    hand = {"concealed": ["1m", "2m", "3m", "9m", "9m"], "melds": melds, "winning_tile": "9m"}
    entry = entry_from_dict({"kind": "win", "wins": [{"winner": 2, "hand": hand}], "discarder": 4})
    outcome, _ = play(TableState(), entry, *SN)
    assert outcome.payments[0] == 0 and outcome.payments[2] == outcome.payments[3] < 0
    assert outcome.wins[0]["liable_rule"] == "big_three_dragons"
