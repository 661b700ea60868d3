"""How a hand was won, checked against the rest of the hand: the discarder and the events (``Hand.events``).

Each rule is a row of a table -- (the hand breaks it, what to tell the player) -- so a new event or a new
restriction is one row, and the order of the rows is the order in which problems are reported.
"""

from __future__ import annotations

from collections.abc import Callable

from sikwu.scoring.errors import HandError
from sikwu.scoring.hand import Hand, HandHistory
from sikwu.scoring.message_texts import say

_SEATS = (1, 2, 3, 4)
_FLOWER_WINS = frozenset({"seven_flowers", "eight_flowers"})
REPLACEMENT_WINS = frozenset({"kong_replacement", "double_kong_replacement", "flower_replacement"})
_KONG_WINS = frozenset({"kong_replacement", "double_kong_replacement"})


def won_on_replacement_tile(hand: Hand) -> bool:
    """Self-drawn on a kong or flower replacement tile: the only win a replacement chain can end in."""
    return hand.self_drawn and bool(hand.events & REPLACEMENT_WINS)


_FIRST_TURN = frozenset({"heavenly", "earthly", "human"})


def _kongs(hand: Hand) -> int:
    return sum(m.kind == "kong" for m in hand.melds)


HandRule = tuple[Callable[[Hand], bool], str]

#: Who discarded: (the hand breaks the rule, the ``scoring.message_texts`` key of what to tell the player); checked
#: in order, first broken one reported.
_DISCARDER_RULES: tuple[HandRule, ...] = (
    (
        lambda h: h.self_drawn and h.discarder is not None,
        "event.self_drawn_discarder",
    ),
    (
        lambda h: h.discarder is not None and h.discarder not in _SEATS,
        "event.discarder_seat",
    ),
    (
        lambda h: h.discarder is not None and h.discarder == h.seat,
        "event.own_discard",
    ),
)

#: How the hand was won (``Hand.events``) against the rest of the hand, in the same form.  ``{bonus}`` in a
#: message is the number of bonus tiles given.
_EVENT_RULES: tuple[HandRule, ...] = (
    (
        lambda h: "robbing_kong" in h.events and h.self_drawn,
        "event.robbing_kong_self_drawn",
    ),
    (
        lambda h: bool(h.events & REPLACEMENT_WINS) and not h.self_drawn,
        "event.replacement_not_self_drawn",
    ),
    (
        lambda h: bool(h.events & _KONG_WINS) and _kongs(h) == 0,
        "event.kong_win_no_kong",
    ),
    (
        lambda h: "double_kong_replacement" in h.events and _kongs(h) < 2,
        "event.double_kong_needs_two",
    ),
    (
        lambda h: "robbing_kong" in h.events and bool(h.events & REPLACEMENT_WINS),
        "event.robbing_and_replacement",
    ),
    (
        lambda h: {"last_tile_wall", "last_discard"} <= h.events,
        "event.last_tile_both",
    ),
    (
        lambda h: "last_tile_wall" in h.events and not h.self_drawn,
        "event.last_tile_wall_discard",
    ),
    (
        lambda h: "last_discard" in h.events and h.self_drawn,
        "event.last_discard_self_drawn",
    ),
    (lambda h: len(h.events & _FIRST_TURN) > 1, "event.first_turn_both"),
    (
        lambda h: bool(h.events & _FIRST_TURN) and h.has_exposed_melds,
        "event.first_turn_melds",
    ),
    (
        lambda h: "heavenly" in h.events and not (h.is_dealer and h.self_drawn),
        "event.heavenly",
    ),
    (
        lambda h: "earthly" in h.events and (h.is_dealer or h.self_drawn),
        "event.earthly",
    ),
    (
        lambda h: "earthly" in h.events and h.discarder is not None and h.discarder != h.dealer,
        "event.earthly_discarder",
    ),
    (
        lambda h: "human" in h.events and (h.is_dealer or not h.self_drawn),
        "event.human",
    ),
    (lambda h: _FLOWER_WINS <= h.events, "event.flower_wins_both"),
    (
        lambda h: "seven_flowers" in h.events and len(h.bonus) != 7,
        "event.seven_flowers_count",
    ),
    (
        lambda h: "eight_flowers" in h.events and len(h.bonus) != 8,
        "event.eight_flowers_count",
    ),
    (
        lambda h: bool(h.events & _FLOWER_WINS) and not h.self_drawn,
        "event.flower_win_discard",
    ),
)


def check_events(hand: Hand) -> None:
    """Raise HandError for the first discarder or event rule the hand breaks (tables above)."""
    rules = _DISCARDER_RULES + _EVENT_RULES if hand.events else _DISCARDER_RULES
    for broken, message in rules:
        if broken(hand):
            raise HandError(say(message, bonus=len(hand.bonus)))


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
    if not won_on_replacement_tile(hand):
        raise HandError(
            "a replacement chain ends in a win on a replacement tile: set self_drawn and the kong_replacement "
            "(or flower_replacement) event, or drop the chain"
        )
