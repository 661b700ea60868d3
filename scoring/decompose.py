"""Every way to read the concealed tiles as sets plus one pair, and the special (non 4-sets-and-a-pair) shapes.

Why this shape: scoring must consider *every* reading (``111222333m`` is three pungs or three identical chows and
the two score differently), so division is a pure function of the tile counts that yields all of them, and the
scorer picks the best.  Suits are independent of each other (a set never mixes suits), so the work is done per suit
on a 9-count key and cached with ``functools.lru_cache``; a whole hand is the cartesian product of its suits'
readings.  There are only a few thousand distinct suit keys in practice, so after warm-up a division is a handful
of dictionary look-ups -- that is what makes it faster than PyPI ``mahjong``'s ``HandDivider`` (see
``benchmarks/bench_scoring.py``).

Groups are ``(kind, first_tile)`` pairs with kind ``"chow" | "pung" | "pair"``; :func:`group_tiles` expands them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from typing import Generic, TypeVar

from sikwu.scoring.tiles import ORPHAN_IDS, PLAYING_IDS, SUITS

Group = tuple[str, str]  # (kind, first tile id)

_SUIT_BASES = {"m": 0, "p": 9, "s": 18, "z": 27}
#: Position of each playing tile in the 34 counts (``PLAYING_IDS`` order).
TILE_INDEX: dict[str, int] = {t: i for i, t in enumerate(PLAYING_IDS)}
_NINE_GATES_BASE = (3, 1, 1, 1, 1, 1, 1, 1, 3)


@dataclass(frozen=True)
class Division:
    """One reading of the concealed tiles: ``shape`` and its groups (pair last for the standard shape)."""

    shape: str  # "standard" | "seven_pairs" | "thirteen_orphans" | "nine_gates"
    groups: tuple[Group, ...]


def group_tiles(group: Group) -> tuple[str, ...]:
    kind, first = group
    if kind == "chow":
        rank, suit = int(first[0]), first[1]
        return (first, f"{rank + 1}{suit}", f"{rank + 2}{suit}")
    if kind == "pung":
        return (first,) * 3
    if kind == "pair":
        return (first,) * 2
    if kind == "single":
        return (first,)
    raise ValueError(f"unknown group kind {kind!r}")


def counts_of(tiles: Iterable[str]) -> tuple[int, ...]:
    """34-long count vector in ``PLAYING_IDS`` order; raises KeyError for a bonus or unknown id."""
    counts = [0] * 34
    for t in tiles:
        counts[TILE_INDEX[t]] += 1
    return tuple(counts)


RelGroup = tuple[str, int]  # (kind, index of the first tile within its suit, 0-based)

_SUIT_READINGS: dict[tuple[int, ...], tuple[tuple[RelGroup, ...], ...]] = {}


def suit_readings(key: tuple[int, ...]) -> tuple[tuple[RelGroup, ...], ...]:
    """Every reading of one suit's counts (9 for a numbered suit, 7 for honours: no chows) into sets, plus exactly
    one pair when the count is 2 more than a multiple of 3; ``()`` when there is none.

    Groups are suit-relative ``(kind, index)``, so the three numbered suits share one cache entry per pattern of
    counts (``123m`` and ``123p`` are the same key): that sharing is what keeps a cold pass over many hands cheap.
    Each reading is in canonical order (sets by index then kind, pair last) and the readings are sorted, which is
    the order the named groups had before this cache existed.
    """
    found = _SUIT_READINGS.get(key)
    if found is not None:
        return found
    n_tiles = sum(key)
    if n_tiles % 3 == 1:
        found = ()
    elif n_tiles == 0:
        found = ((),)
    else:
        # The lowest tile present starts the pair (when one is needed), a pung or a chow; the rest of the suit is
        # itself a (smaller, often repeated) key, read through this same cache.
        i = 0
        while not key[i]:
            i += 1
        c = key[i]
        results: set[tuple[RelGroup, ...]] = set()
        options = []
        if n_tiles % 3 == 2 and c >= 2:
            options.append((("pair", i), key[:i] + (c - 2,) + key[i + 1 :]))
        if c >= 3:
            options.append((("pung", i), key[:i] + (c - 3,) + key[i + 1 :]))
        if len(key) == 9 and i < 7 and key[i + 1] and key[i + 2]:
            options.append((("chow", i), key[:i] + (c - 1, key[i + 1] - 1, key[i + 2] - 1) + key[i + 3 :]))
        for group, rest in options:
            for reading in suit_readings(rest):
                # Taking the pair, a pung or a chow at the same tile in another order reaches the same reading
                # twice: keep one, in canonical order (sets by index then kind, pair last).
                results.add(tuple(sorted((group, *reading), key=_rel_canonical)))
        found = tuple(sorted(results))
    _SUIT_READINGS[key] = found
    return found


def _rel_canonical(group: RelGroup) -> tuple[bool, int, str]:
    return (group[0] == "pair", group[1], group[0])


T = TypeVar("T")
#: One suit's readings as the divider stores them: each reading is (sets, pair or None) of the caller's objects.
SuitReading = tuple[tuple[T, ...], T | None]
_SUIT_LETTERS = "mpsz"


class SuitDivider(Generic[T]):
    """The hand division: every standard reading of 34 counts, combined from cached per-suit readings.

    Suits are independent, so a hand's readings are the product of its suits' readings (``suit_readings``); this
    keeps, per suit and per 9-count key, those readings with each suit-relative group turned once into the
    caller's object by ``make_group(suit_index, (kind, index))`` -- named groups for :func:`standard_divisions`,
    shared ``SetInfo`` objects for the scorer -- plus ``suit_extra(suit_index, key)`` bits OR-ed over the suits
    (the scorer's fact bits, ``scoring.facts.suit_bits``).  After warm-up a division is four dictionary look-ups.
    """

    def __init__(
        self,
        make_group: Callable[[int, RelGroup], T],
        suit_extra: Callable[[int, tuple[int, ...]], int] | None = None,
    ) -> None:
        self._make_group = make_group
        self._suit_extra = suit_extra
        # Per suit: key -> (readings, extra bits, pairs needed -- 9 when the suit cannot be read --, only reading)
        self._stores: tuple[dict[tuple[int, ...], tuple], ...] = ({}, {}, {}, {})

    def clear(self) -> None:
        for store in self._stores:
            store.clear()

    def _suit(self, which: int, key: tuple[int, ...]) -> tuple:
        """The stored entry of one suit's counts (cache miss)."""
        make = self._make_group
        readings: list[SuitReading] = []
        for reading in suit_readings(key):
            sets = []
            pair = None
            for group in reading:
                if group[0] == "pair":
                    pair = make(which, group)
                else:
                    sets.append(make(which, group))
            readings.append((tuple(sets), pair))
        found: tuple[SuitReading, ...] = tuple(readings) if any(key) else (((), None),)
        n_pairs = 9 if not found else int(found[0][1] is not None)
        extra = self._suit_extra(which, key) if self._suit_extra is not None else 0
        entry = self._stores[which][key] = (found, extra, n_pairs, found[0] if len(found) == 1 else None)
        return entry

    def divide(self, counts: tuple[int, ...]) -> tuple[list[list[T]], int]:
        """(every standard reading as a list of groups, sets first and the pair last; the OR of the suit extras).

        Same readings in the same order as :func:`standard_divisions`; the list is empty when there is none.
        """
        m_store, p_store, s_store, z_store = self._stores
        key = counts[0:9]
        m = m_store.get(key) or self._suit(0, key)
        key = counts[9:18]
        p = p_store.get(key) or self._suit(1, key)
        key = counts[18:27]
        s = s_store.get(key) or self._suit(2, key)
        key = counts[27:34]
        z = z_store.get(key) or self._suit(3, key)
        bits = m[1] | p[1] | s[1] | z[1]
        if m[2] + p[2] + s[2] + z[2] != 1:
            return [], bits
        m1, p1, s1, z1 = m[3], p[3], s[3], z[3]
        if m1 is not None and p1 is not None and s1 is not None and z1 is not None:  # the usual case: one reading
            return [[*m1[0], *p1[0], *s1[0], *z1[0], m1[1] or p1[1] or s1[1] or z1[1]]], bits
        out = []
        for combo in product(m[0], p[0], s[0], z[0]):
            groups = []
            pair = None
            for sets, suit_pair in combo:
                groups.extend(sets)
                if suit_pair is not None:
                    pair = suit_pair
            groups.append(pair)
            out.append(groups)
        return out, bits


def _named_group(which: int, group: RelGroup) -> Group:
    kind, i = group
    return (kind, f"{i + 1}{_SUIT_LETTERS[which]}")


_NAMED = SuitDivider(_named_group)


@lru_cache(maxsize=65536)
def standard_divisions(counts: tuple[int, ...]) -> tuple[tuple[Group, ...], ...]:
    """Every reading of a 34-count vector as sets plus exactly one pair (pair last); empty if none.

    ``111222333m`` is three pungs or three identical chows, and the two score differently:

    >>> for reading in standard_divisions(counts_of(["1m"] * 3 + ["2m"] * 3 + ["3m"] * 3 + ["5p"] * 3 + ["9s"] * 2)):
    ...     print(reading)
    (('chow', '1m'), ('chow', '1m'), ('chow', '1m'), ('pung', '5p'), ('pair', '9s'))
    (('pung', '1m'), ('pung', '2m'), ('pung', '3m'), ('pung', '5p'), ('pair', '9s'))

    Pure and cached: the scorer, the validator and the vision pipeline all call it with the same keys.
    """
    readings, _ = _NAMED.divide(counts)
    return tuple(map(tuple, readings))


def is_thirteen_orphans(counts: tuple[int, ...]) -> bool:
    if sum(counts) != 14:
        return False
    orphan_idx = [TILE_INDEX[t] for t in ORPHAN_IDS]
    return all(counts[i] >= 1 for i in orphan_idx) and sum(counts[i] for i in orphan_idx) == 14


def seven_pairs_groups(counts: tuple[int, ...], distinct: bool = True) -> tuple[Group, ...] | None:
    """The seven pairs, or None.  ``distinct=False`` lets four identical tiles count as two pairs."""
    if sum(counts) != 14:
        return None
    pairs: list[Group] = []
    for i, c in enumerate(counts):
        if c % 2 or (distinct and c > 2):
            return None
        pairs.extend([("pair", PLAYING_IDS[i])] * (c // 2))
    return tuple(pairs) if len(pairs) == 7 else None


def nine_gates_suit(counts: tuple[int, ...], waiting_on: str | None = None) -> str | None:
    """Suit letter if the 14 tiles are 1112345678999 plus one more of the same suit.

    ``waiting_on``: the winning tile, when the rule is that the hand *waited* on 1112345678999 (the 13 tiles
    without it are exactly that); otherwise any 14 tiles of that make-up count.

    >>> from sikwu.scoring import parse_tiles
    >>> hand = counts_of(parse_tiles("11123455678999p"))  # won on 1p: the 13 before were 1123455678999
    >>> nine_gates_suit(hand), nine_gates_suit(hand, waiting_on="1p"), nine_gates_suit(hand, waiting_on="5p")
    ('p', None, 'p')
    """
    if sum(counts) != 14:
        return None
    for suit in SUITS:
        base = _SUIT_BASES[suit]
        key = counts[base : base + 9]
        if sum(key) == 14 and all(c >= b for c, b in zip(key, _NINE_GATES_BASE, strict=True)):
            if waiting_on is not None and not _waited_on_nine_gates(key, suit, waiting_on):
                return None
            return suit
    return None


def _waited_on_nine_gates(key: tuple[int, ...], suit: str, winning_tile: str) -> bool:
    """Without the winning tile the suit's 13 tiles are exactly 1112345678999."""
    if len(winning_tile) != 2 or winning_tile[1] != suit or not winning_tile[0].isdigit():
        return False
    rank = int(winning_tile[0])
    if not 1 <= rank <= 9:
        return False
    before = list(key)
    before[rank - 1] -= 1
    return tuple(before) == _NINE_GATES_BASE


def divisions(
    concealed: Sequence[str],
    *,
    seven_pairs: bool = False,
    seven_pairs_distinct: bool = True,
    thirteen_orphans: bool = True,
    nine_gates: bool = True,
) -> tuple[Division, ...]:
    """All readings of the concealed tiles (declared melds are fixed and added by the scorer).

    Special shapes are only offered where the profile has the pattern, because e.g. Seven Pairs is not a winning
    hand at all under most of the documents.
    """
    counts = counts_of(concealed)
    out = [Division("standard", groups) for groups in standard_divisions(counts)]
    if len(concealed) == 14:
        if thirteen_orphans and is_thirteen_orphans(counts):
            pair = next(PLAYING_IDS[i] for i, c in enumerate(counts) if c == 2)
            singles = tuple(("single", t) for t in ORPHAN_IDS if t != pair)
            out.append(Division("thirteen_orphans", singles + (("pair", pair),)))
        if seven_pairs:
            pairs = seven_pairs_groups(counts, seven_pairs_distinct)
            if pairs is not None:
                out.append(Division("seven_pairs", pairs))
        if nine_gates and nine_gates_suit(counts) is not None:
            # Nine Gates always also reads as 4 sets + a pair; the special entry carries the whole-hand shape.
            out.append(
                Division("nine_gates", tuple(("single", t) for t in sorted(concealed, key=TILE_INDEX.__getitem__)))
            )
    return tuple(out)


def clear_caches() -> None:
    """Forget cached readings (benchmarks use this to measure cold performance)."""
    _SUIT_READINGS.clear()
    _NAMED.clear()
    standard_divisions.cache_clear()
