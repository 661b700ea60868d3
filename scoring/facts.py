"""The facts of a hand that patterns ask about, in one vocabulary: prerequisite bits and :class:`HandFacts`.

Why bits: a profile has ~80 patterns and most cannot apply to a given hand (no honours, no bonus tile, not one
suit...).  Each pattern says which ``F_*`` bits it needs (``Pattern.needs``) and the scorer only asks the patterns
whose bits the reading has.  A bit only ever says "this pattern cannot apply without it"; the condition decides.

Whole-hand facts come from per-tile *fact bits* (suit, honour, terminal or middle), OR-ed over the tiles and then
looked up in a 128-entry table: the division (``scoring.decompose.SuitDivider``) ORs them per suit as it reads the
concealed tiles, so a scored hand never builds a set of tile ids to learn that it is, say, one suit.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from sikwu.scoring.tiles import PLAYING_IDS

if TYPE_CHECKING:  # the Hand type only; facts are computed from its fields
    from sikwu.scoring.hand import Hand

# Prerequisite bits of a reading (hand-wide ones from HandFacts, the rest from the reading's sets).
F_STANDARD = 1 << 0
F_ONE_SUIT = 1 << 1  # exactly one suit (honours allowed)
F_HONOURS = 1 << 2
F_NO_HONOURS = 1 << 3
F_NO_SUIT = 1 << 4  # honours only
F_ORPHANS_ONLY = 1 << 5  # only terminals and honours
F_NO_ORPHANS = 1 << 6  # no terminal, no honour
F_DRAGON_PUNG = 1 << 7
F_TWO_DRAGON_PUNGS = 1 << 8
F_WIND_PUNG = 1 << 9
F_THREE_WIND_PUNGS = 1 << 10
F_FOUR_PUNGS = 1 << 11  # standard reading with four pungs/kongs
F_FOUR_CHOWS = 1 << 12
F_TWO_CHOWS = 1 << 13
F_THREE_CHOWS = 1 << 14
F_THREE_PUNGS = 1 << 15
F_THREE_KONGS = 1 << 16
F_EVENTS = 1 << 17
F_SELF_DRAWN = 1 << 18
F_BONUS = 1 << 19
F_NO_BONUS = 1 << 20
F_PAIR = 1 << 21  # a standard reading's pair is known
F_SPECIAL = 1 << 22  # thirteen orphans / nine gates / seven pairs / flowers shape
F_CLOSED = 1 << 23  # nothing claimed from another player (values such as "2 (-)" need it)
F_OPEN = 1 << 24

# Fact bits of one tile: which numbered suit (m, p, s = 1, 2, 4), honour, middle (2-8) or terminal (1, 9).
B_SUIT_M = 1
B_HONOURS, B_MIDDLE, B_TERMINAL, B_SUITED = 8, 16, 32, 64


def _tile_bits(tile: str) -> int:
    if tile[1] == "z":
        return B_HONOURS
    return B_SUITED | B_SUIT_M << "mps".index(tile[1]) | (B_TERMINAL if tile[0] in "19" else B_MIDDLE)


#: Fact bits of every playing tile.
TILE_BITS: dict[str, int] = {t: _tile_bits(t) for t in PLAYING_IDS}


def suit_bits(suit_index: int, key: tuple[int, ...]) -> int:
    """Fact bits of one suit's counts (``suit_index`` 0-2 = m, p, s; 3 = honours), OR of its tiles' bits."""
    if not any(key):
        return 0
    if suit_index == 3:
        return B_HONOURS
    bits = B_SUITED | B_SUIT_M << suit_index
    if any(key[1:8]):
        bits |= B_MIDDLE
    if key[0] or key[8]:
        bits |= B_TERMINAL
    return bits


def tiles_bits(tiles: Iterable[str]) -> int:
    bits = 0
    for t in tiles:
        bits |= TILE_BITS[t]
    return bits


def _facts_of_bits(bits: int) -> tuple[frozenset[str], bool, bool, int]:
    """(suits, has_honours, all_orphans, flags) of a hand whose tiles have these fact bits."""
    suits = frozenset(s for i, s in enumerate("mps") if bits & B_SUIT_M << i)
    has_honours = bool(bits & B_HONOURS)
    any_tile = bits != 0
    all_orphans = any_tile and not bits & B_MIDDLE
    flags = F_HONOURS if has_honours else F_NO_HONOURS
    if len(suits) == 1:
        flags |= F_ONE_SUIT
    elif not suits:
        flags |= F_NO_SUIT
    if all_orphans:
        flags |= F_ORPHANS_ONLY
    if any_tile and not has_honours and not bits & B_TERMINAL:
        flags |= F_NO_ORPHANS
    return suits, has_honours, all_orphans, flags


_FACTS_BY_BITS = tuple(_facts_of_bits(bits) for bits in range(128))


class HandFacts:
    """Facts of the whole hand that every reading shares (computed once per scored hand, not per pattern).

    ``concealed_bits``: the fact bits of the concealed tiles when the caller already has them (the scorer gets
    them from the division); otherwise they are computed here.  Both paths give the same facts.
    """

    __slots__ = ("tiles", "suits", "has_honours", "all_orphans", "closed", "flags")

    def __init__(self, hand: Hand, concealed_bits: int | None = None) -> None:
        bits = tiles_bits(hand.concealed) if concealed_bits is None else concealed_bits
        closed = True
        for m in hand.melds:
            for t in m.tiles:
                bits |= TILE_BITS[t]
            if not m.concealed:
                closed = False
        suits, has_honours, all_orphans, flags = _FACTS_BY_BITS[bits]
        self.tiles = hand.all_tiles()
        self.suits = suits
        self.has_honours = has_honours
        self.all_orphans = all_orphans
        #: A closed (concealed) hand: nothing claimed from another player apart from the winning tile.
        self.closed = closed
        flags |= F_CLOSED if closed else F_OPEN
        if hand.events:
            flags |= F_EVENTS
        if hand.self_drawn:
            flags |= F_SELF_DRAWN
        self.flags = flags | (F_BONUS if hand.bonus else F_NO_BONUS)
