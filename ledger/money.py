"""Points to money: an exact Decimal stake per point, and one stated rounding rule.

Rounding rule (the only place money is rounded): every hand is kept in whole table points, so running totals are
exact integers and always sum to zero with the draw-game pot.  Money is points x stake, an exact Decimal product.
Only when the night is settled is each player's money rounded to the game's ``quantum`` (default 0.01, one cent),
by the largest-remainder method: everyone is rounded down, then the cents still missing go one by one to the largest
remainders (ties to the earlier seat).  So the rounded amounts still sum to exactly zero and no amount moves by a
quantum or more.  A stake that is a whole multiple of the quantum never needs rounding at all.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import ROUND_FLOOR, Decimal, InvalidOperation

from sikwu.ledger.errors import LedgerError

ROUNDING_RULE = (
    "points are exact; money = points x stake (exact Decimal); final amounts are rounded to the quantum by the "
    "largest-remainder method so they still sum to zero (ties to the earlier seat)"
)


def parse_decimal(text: str | int | Decimal, what: str, *, positive: bool = True) -> Decimal:
    """A stake or quantum as an exact Decimal ("0.5", "2", "1.25"); floats are refused (0.1 is not exact)."""
    if isinstance(text, float):
        raise LedgerError(f'{what} {text!r}: give it as text such as "0.5" so it stays exact')
    try:
        value = Decimal(str(text).strip())
    except InvalidOperation:
        raise LedgerError(f"{what} {text!r} is not a number; write it like 0.5 or 2") from None
    if not value.is_finite() or (positive and value <= 0) or value < 0:
        raise LedgerError(f"{what} {text!r} must be a positive amount, e.g. 0.5 or 2")
    return value


def to_money(points: int, stake: Decimal) -> Decimal:
    return stake * points


def round_zero_sum(amounts: Mapping[int, Decimal], quantum: Decimal) -> dict[int, Decimal]:
    """Round each amount to ``quantum`` keeping the sum (zero for a settled table) -- largest remainder."""
    floors = {k: (v / quantum).to_integral_value(ROUND_FLOOR) for k, v in amounts.items()}
    target = (sum(amounts.values(), Decimal(0)) / quantum).to_integral_value(ROUND_FLOOR)
    missing = int(target - sum(floors.values(), Decimal(0)))
    order = sorted(amounts, key=lambda k: (-(amounts[k] / quantum - floors[k]), k))
    for k in order[:missing]:
        floors[k] += 1
    return {k: (floors[k] * quantum).quantize(quantum) for k in amounts}
