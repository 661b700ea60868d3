"""Who is liable for a winner's hand: the profile's ``[liability]`` rules applied to the hand and its history.

Each trigger (``LiabilityRule.trigger``) is one small function from (rule, hand) to the liable seat, when it
became liable (the index of the meld that made it so, to order several triggers in time) and a sentence for the
table.  Sparrow's Nest, Liability Payments: "Once a player is liable for another's hand, no player will become
liable for that same hand if another liability condition is met", so the earliest trigger wins.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from sikwu.scoring.hand import Hand, HandHistory, Meld, Seat
from sikwu.scoring.message_texts import say
from sikwu.scoring.messages import Message
from sikwu.scoring.payment_rules import LiabilityRule, PaymentRules
from sikwu.scoring.tiles import DRAGON_IDS, HONOUR_IDS, SUITS, WIND_IDS, is_terminal

GREEN_IDS = frozenset({"2s", "3s", "4s", "6s", "8s", "6z"})

#: A trigger's finding: (when -- meld index, or len(melds) for the winning discard --, liable seat, why).
Finding = tuple[int, Seat, str]


@dataclass(frozen=True)
class Liability:
    seat: Seat
    rule: str
    reason: str


def _ordinal(n: int) -> Message:
    return say(f"nth.{n}") if 1 <= n <= 4 else say("nth.n", n=n)


#: Is a tile in a dangerous-discard category (``one_suit`` is decided by the hand's suit, see _in_category)?
_CATEGORY_TILES: dict[str, Callable[[str], bool]] = {
    "dragon": lambda t: t in DRAGON_IDS,
    "wind": lambda t: t in WIND_IDS,
    "honour": lambda t: t in HONOUR_IDS,
    "terminal": is_terminal,
    "green": lambda t: t in GREEN_IDS,
}
#: Categories no chow can belong to.
_PUNG_ONLY_CATEGORIES = frozenset({"dragon", "wind", "honour", "terminal"})


def _in_category(tile: str, category: str, suit: str | None) -> bool:
    test = _CATEGORY_TILES.get(category)
    if test is not None:
        return test(tile)
    return suit is not None and tile[1] == suit  # one_suit


def _meld_in_category(meld: Meld, category: str, suit: str | None) -> bool:
    if category in _PUNG_ONLY_CATEGORIES and meld.kind == "chow":
        return False
    return all(_in_category(t, category, suit) for t in meld.tiles)


def _hand_complete(hand: Hand, rule: LiabilityRule, suit: str | None) -> bool:
    """Does the final hand finish the dangerous category (Big Three Dragons, Big/Little Four Winds, flush, ...)?"""
    tiles = hand.all_tiles()
    if rule.category in ("dragon", "wind"):
        ids = DRAGON_IDS if rule.category == "dragon" else WIND_IDS
        sets = sum(1 for t in ids if tiles.count(t) >= 3)
        pair = any(tiles.count(t) == 2 for t in ids)
        need = rule.sets_before + 1
        return sets >= need or (rule.completion == "sets_or_pair" and sets >= rule.sets_before and pair)
    return all(_in_category(t, rule.category or "", suit) for t in tiles)


def _fed_by_other(meld: Meld, hand: Hand) -> bool:
    return not meld.concealed and meld.fed_by is not None and meld.fed_by != hand.seat


def _fourth_meld(rule: LiabilityRule, hand: Hand, history: HandHistory) -> Finding | None:
    """12-tile insurance: the discarder of the tile that made the fourth exposed meld."""
    claimed = [(i, m) for i, m in enumerate(hand.melds) if not m.concealed]
    if len(claimed) < 4:
        return None
    i, m = claimed[3]
    if m.fed_by is None or m.fed_by == hand.seat:
        return None
    return i, m.fed_by, say("liability.why.fourth_meld", tiles=m.tiles[0], kind=m.kind)


def _chain_kongs(hand: Hand, history: HandHistory) -> list[int]:
    """The kongs of the replacement chain the win was drawn in, in declaration order.  Without the history only the
    hand is known: a kong-replacement win was drawn after the last kong declared."""
    if history.replacement_chain:
        return list(history.replacement_chain)
    if not {"kong_replacement", "double_kong_replacement"} & hand.events:
        return []
    kongs = [i for i, m in enumerate(hand.melds) if m.kind == "kong"]
    return kongs[-1:]


def _kong_self_draw(rule: LiabilityRule, hand: Hand, history: HandHistory) -> Finding | None:
    """Self-draw after a kong called on a discard: the discarder of the first kong of the replacement chain that
    was called on another player's discard (Sparrow's Nest, Self Draw After Gong; once liable, nothing moves it)."""
    if not hand.self_drawn:
        return None
    for i in _chain_kongs(hand, history):
        m = hand.melds[i]
        if m.kong_kind == "exposed" and m.fed_by is not None and m.fed_by != hand.seat:
            return i, m.fed_by, say("liability.why.kong", tiles=m.tiles[0], kind=m.kind)
    return None


def _category_suit(hand: Hand, rule: LiabilityRule) -> tuple[bool, str | None]:
    """(the rule can apply, the suit of a one-suit rule): a one-suit rule needs exactly one suit in the hand."""
    if rule.category != "one_suit":
        return True, None
    suits = {t[1] for t in hand.all_tiles() if t[1] in SUITS}
    return (True, suits.pop()) if len(suits) == 1 else (False, None)


def _dangerous_meld(rule: LiabilityRule, hand: Hand, in_cat: list[tuple[int, Meld]]) -> Finding | None:
    """The claimed meld that gave the next set of the category after ``sets_before`` were exposed."""
    if not rule.via_meld or len(in_cat) <= rule.sets_before:
        return None
    i, m = in_cat[rule.sets_before]
    if not _fed_by_other(m, hand) or m.fed_by is None:
        return None
    if m.kind == "kong" and m.kong_kind != "added" and not rule.kong_claims_count:
        return None
    why = say(
        "liability.why.dangerous_meld",
        nth=_ordinal(rule.sets_before + 1),
        category=say(f"category.{rule.category}"),
        tiles=m.tiles[0],
        kind=m.kind,
        count=rule.sets_before,
    )
    return i, m.fed_by, why


def _dangerous_winning_discard(
    rule: LiabilityRule, hand: Hand, in_cat: list[tuple[int, Meld]], suit: str | None
) -> Finding | None:
    """The discard of the winning tile itself, of the category, with ``sets_before`` sets exposed."""
    if not rule.via_winning_discard or hand.self_drawn or hand.discarder is None or hand.winning_tile is None:
        return None
    if len(in_cat) != rule.sets_before or not _in_category(hand.winning_tile, rule.category or "", suit):
        return None
    category = say(f"category.{rule.category}")
    why = say("liability.why.dangerous_winning", tiles=hand.winning_tile, count=rule.sets_before, category=category)
    return len(hand.melds), hand.discarder, why


def _dangerous_discard(rule: LiabilityRule, hand: Hand, history: HandHistory) -> Finding | None:
    """A discard that fed a dangerous category (Old Style "Insurance Penalties", Chinese Classical 4.2)."""
    applies, suit = _category_suit(hand, rule)
    if not applies or not _hand_complete(hand, rule, suit):
        return None
    in_cat = [(i, m) for i, m in enumerate(hand.melds) if _meld_in_category(m, rule.category or "", suit)]
    return _dangerous_meld(rule, hand, in_cat) or _dangerous_winning_discard(rule, hand, in_cat, suit)


#: ``LiabilityRule.trigger`` -> its condition (the names are validated on load by ``payment_rules.TRIGGERS``).
TRIGGERS: dict[str, Callable[[LiabilityRule, Hand, HandHistory], Finding | None]] = {
    "fourth_meld": _fourth_meld,
    "kong_self_draw": _kong_self_draw,
    "dangerous_discard": _dangerous_discard,
}


def find_liability(
    hand: Hand, rules: PaymentRules, history: HandHistory | None = None
) -> tuple[Liability, LiabilityRule] | None:
    """The liable player, if any.  Once a player is liable no later event moves it (Sparrow's Nest, Liability).

    ``history``: what the hand does not show (``HandHistory``, e.g. the replacement chain), when known.
    """
    history = history if history is not None else HandHistory()
    found: list[tuple[int, int, Liability, LiabilityRule]] = []
    for order, rule in enumerate(rules.liability):
        hit = TRIGGERS[rule.trigger](rule, hand, history)
        if hit is not None:
            when, seat, why = hit
            found.append((when, order, Liability(seat, rule.name, why), rule))
    if not found:
        return None
    found.sort(key=lambda f: (f[0], f[1]))
    return found[0][2], found[0][3]
