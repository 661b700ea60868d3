"""Views: running totals, the final 找數 in the fewest transfers, statistics and titles, money rounding."""

from __future__ import annotations

from decimal import Decimal
from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st
from ledger_helpers import HALF_FLUSH, hand
from sikwu.ledger import service, text, views
from sikwu.ledger.money import round_zero_sum
from sikwu.ledger.views import _fewest_transfers


def _minimum_transfers(balance: dict[int, Decimal]) -> int:
    """Reference: n - (most zero-sum groups), by trying every labelling of players into groups."""
    people = [p for p, v in balance.items() if v]
    best = 0
    for labels in product(range(len(people)), repeat=len(people)):
        sums: dict[int, Decimal] = {}
        for p, label in zip(people, labels, strict=True):
            sums[label] = sums.get(label, Decimal(0)) + balance[p]
        if all(v == 0 for v in sums.values()):
            best = max(best, len(sums))
    return len(people) - best


@settings(max_examples=40)
@given(st.lists(st.integers(-50, 50), min_size=3, max_size=3))
def test_settlement_uses_the_fewest_transfers_for_one_table(first_three):
    balance = {i + 1: Decimal(v) for i, v in enumerate([*first_three, -sum(first_three)])}
    transfers = _fewest_transfers(balance)
    assert len(transfers) == _minimum_transfers(balance)
    after = dict(balance)
    for debtor, creditor, amount in transfers:
        assert amount > 0
        after[debtor] += amount
        after[creditor] -= amount
    assert all(v == 0 for v in after.values())


def test_money_is_rounded_to_the_quantum_and_still_sums_to_zero():
    amounts = {1: Decimal("0.015"), 2: Decimal("0.015"), 3: Decimal("-0.015"), 4: Decimal("-0.015")}
    rounded = round_zero_sum(amounts, Decimal("0.01"))
    assert sum(rounded.values()) == 0 and all(abs(rounded[k] - amounts[k]) < Decimal("0.01") for k in amounts)


def test_running_totals_start_at_zero_and_follow_each_hand(game, url):
    g = service.add_win(game.id, hand(HALF_FLUSH), winner="Bob", discarder="Ann", url=url)
    g = service.add_draw(g.id, url=url)
    rows = views.running_totals(g)
    assert rows[0] == {"hand": 0, "Ann": 0, "Bob": 0, "Cat": 0, "Dan": 0, "pot": 0}
    assert rows[-1]["pot"] == 16 and sum(rows[-1][p] for p in g.players) == -16


def test_statistics_count_wins_self_draws_deal_ins_and_name_the_kings(game, url):
    g = service.add_win(game.id, hand(HALF_FLUSH), winner="Bob", discarder="Ann", url=url)
    g = service.add_win(g.id, hand(HALF_FLUSH, self_drawn=True), winner="Bob", url=url)
    g = service.add_false_mahjong(g.id, ["Dan"], url=url)
    stats = views.statistics(g)
    assert stats["players"]["Bob"]["wins"] == 2 and stats["players"]["Bob"]["self_draws"] == 1
    assert stats["players"]["Ann"]["deal_ins"] == 1 and stats["players"]["Dan"]["false_mahjongs"] == 1
    assert stats["titles"]["食糊王"] == {"players": ["Bob"], "count": 2}
    assert stats["titles"]["出銃王"]["players"] == ["Ann"]
    assert stats["players"]["Bob"]["biggest"]["faan"] >= 5


def test_settlement_pays_money_at_the_stake(game, url):
    g = service.add_win(game.id, hand(HALF_FLUSH), winner="Bob", discarder="Ann", url=url)
    st_ = views.settlement(g)
    won = g.state.totals[1]
    assert st_["money"]["Bob"] == str((Decimal("0.5") * won).quantize(Decimal("0.01")))
    assert st_["transfers"] == [{"from": "Ann", "to": "Bob", "amount": st_["money"]["Bob"]}]


def test_a_pot_paid_back_in_the_settlement_is_data_and_the_cli_words_it(game, url):
    """The page words the note in its own language, so the view returns numbers; the terminal keeps its English."""
    g = service.add_draw(game.id, url=url)  # Sparrow's Nest: 4 points each into the pot
    result = views.settlement(g)
    assert (result["pot_returned"], result["pot_share"]) == (16, 4) and "note" not in result
    assert sum(result["points"].values()) == 0
    assert "(the draw-game pot of 16 left at the end is paid back, 4 to each player)" in text.settlement_text(g)
