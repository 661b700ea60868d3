"""How a hand was won, checked against the rest of the hand: the discarder and the events (``Hand.events``).

Each rule is a row of a table -- (the hand breaks it, what to tell the player) -- so a new event or a new
restriction is one row, and the order of the rows is the order in which problems are reported.
"""

from __future__ import annotations

from collections.abc import Callable

from sikwu.scoring.errors import HandError
from sikwu.scoring.hand import Hand, HandHistory

_SEATS = (1, 2, 3, 4)
_FLOWER_WINS = frozenset({"seven_flowers", "eight_flowers"})
_REPLACEMENT_WINS = frozenset({"kong_replacement", "double_kong_replacement", "flower_replacement"})
_KONG_WINS = frozenset({"kong_replacement", "double_kong_replacement"})
_FIRST_TURN = frozenset({"heavenly", "earthly", "human"})


def _kongs(hand: Hand) -> int:
    return sum(m.kind == "kong" for m in hand.melds)


HandRule = tuple[Callable[[Hand], bool], str]

#: Who discarded: (the hand breaks the rule, what to tell the player); checked in order, first broken one reported.
_DISCARDER_RULES: tuple[HandRule, ...] = (
    (
        lambda h: h.self_drawn and h.discarder is not None,
        "a self-drawn win has no discarder; drop discarder or set self_drawn to false",
    ),
    (
        lambda h: h.discarder is not None and h.discarder not in _SEATS,
        "discarder must be a seat 1-4 (1 = East .. 4 = North)",
    ),
    (
        lambda h: h.discarder is not None and h.discarder == h.seat,
        "the winner cannot have discarded their own winning tile; fix discarder or seat",
    ),
)

#: How the hand was won (``Hand.events``) against the rest of the hand, in the same form.  ``{bonus}`` in a message
#: is the number of bonus tiles given.
_EVENT_RULES: tuple[HandRule, ...] = (
    (
        lambda h: "robbing_kong" in h.events and h.self_drawn,
        "robbing a kong is a win on another player's tile, not a self-draw; set self_drawn to false",
    ),
    (
        lambda h: bool(h.events & _REPLACEMENT_WINS) and not h.self_drawn,
        "a win on a replacement tile is a self-draw; set self_drawn to true",
    ),
    (
        lambda h: bool(h.events & _KONG_WINS) and _kongs(h) == 0,
        "a kong-replacement win needs a declared kong; add the kong meld or drop the event",
    ),
    (
        lambda h: "double_kong_replacement" in h.events and _kongs(h) < 2,
        "a double kong replacement needs two declared kongs; add them or use kong_replacement",
    ),
    (
        lambda h: "robbing_kong" in h.events and bool(h.events & _REPLACEMENT_WINS),
        "a win cannot both rob a kong and come from a replacement tile; keep one event",
    ),
    (
        lambda h: {"last_tile_wall", "last_discard"} <= h.events,
        "last_tile_wall (self-drawn last tile) and last_discard (last discard) exclude each other; keep one",
    ),
    (
        lambda h: "last_tile_wall" in h.events and not h.self_drawn,
        "last_tile_wall means the last wall tile was self-drawn; set self_drawn or use last_discard",
    ),
    (
        lambda h: "last_discard" in h.events and h.self_drawn,
        "last_discard is a win on a discard; set self_drawn to false or use last_tile_wall",
    ),
    (lambda h: len(h.events & _FIRST_TURN) > 1, "heavenly, earthly and human hands exclude each other; keep one"),
    (
        lambda h: bool(h.events & _FIRST_TURN) and h.has_exposed_melds,
        "a first-turn win (heavenly/earthly/human) cannot have claimed melds",
    ),
    (
        lambda h: "heavenly" in h.events and not (h.is_dealer and h.self_drawn),
        "a heavenly hand is the dealer's self-drawn win on the starting hand; set seat = dealer and self_drawn",
    ),
    (
        lambda h: "earthly" in h.events and (h.is_dealer or h.self_drawn),
        "an earthly hand is a non-dealer winning on the dealer's first discard; fix seat/dealer or self_drawn",
    ),
    (
        lambda h: "earthly" in h.events and h.discarder is not None and h.discarder != h.dealer,
        "an earthly hand is won on the dealer's discard; set discarder to the dealer's seat",
    ),
    (
        lambda h: "human" in h.events and (h.is_dealer or not h.self_drawn),
        "a human hand is a non-dealer's self-drawn win on the first turn; fix seat/dealer or self_drawn",
    ),
    (lambda h: _FLOWER_WINS <= h.events, "seven_flowers and eight_flowers exclude each other; keep one"),
    (
        lambda h: "seven_flowers" in h.events and len(h.bonus) != 7,
        "a seven-flower win needs exactly 7 flowers/seasons, {bonus} given",
    ),
    (
        lambda h: "eight_flowers" in h.events and len(h.bonus) != 8,
        "an eight-flower win needs all 8 flowers/seasons, {bonus} given",
    ),
    (
        lambda h: bool(h.events & _FLOWER_WINS) and not h.self_drawn,
        "a flower win is declared on drawing a flower, i.e. a self-draw; set self_drawn to true",
    ),
)


def check_events(hand: Hand) -> None:
    """Raise HandError for the first discarder or event rule the hand breaks (tables above)."""
    rules = _DISCARDER_RULES + _EVENT_RULES if hand.events else _DISCARDER_RULES
    for broken, message in rules:
        if broken(hand):
            raise HandError(message.format(bonus=len(hand.bonus)))


def check_history(hand: Hand, history: HandHistory) -> None:
    """Raise HandError when the history does not fit the hand (a chain naming a meld that is no kong, ...)."""
    chain = history.replacement_chain
    if not chain:
        return
    for i in chain:
        if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < len(hand.melds):
            raise HandError(
                f"replacement chain entry {i!r} is not a declared meld; give meld positions 0-{len(hand.melds) - 1} "
                "in the order the kongs were declared"
            )
        if hand.melds[i].kind != "kong":
            raise HandError(f"replacement chain entry {i} is a {hand.melds[i].kind}, not a kong; list only kongs")
    if len(set(chain)) != len(chain):
        raise HandError("a kong appears twice in the replacement chain; list each kong once, in declaration order")
    if not hand.self_drawn or not hand.events & _REPLACEMENT_WINS:
        raise HandError(
            "a replacement chain ends in a win on a replacement tile: set self_drawn and the kong_replacement "
            "(or flower_replacement) event, or drop the chain"
        )
