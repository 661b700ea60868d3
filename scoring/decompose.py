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

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product

from sikwu.scoring.tiles import ORPHAN_IDS, PLAYING_IDS, SUITS

Group = tuple[str, str]  # (kind, first tile id)

_SUIT_BASES = {"m": 0, "p": 9, "s": 18, "z": 27}
_INDEX = {t: i for i, t in enumerate(PLAYING_IDS)}
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
        counts[_INDEX[t]] += 1
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


@lru_cache(maxsize=65536)
def _suit_sets(key: tuple[int, ...], suit: str, need_pair: bool) -> tuple[tuple[Group, ...], ...]:
    """All readings of one suit's 9 (or 7 honour) counts into sets, plus exactly one pair if ``need_pair``."""
    if need_pair != (sum(key) % 3 == 2):
        return ()
    names = [f"{i + 1}{suit}" for i in range(len(key))]
    return tuple(tuple((kind, names[i]) for kind, i in reading) for reading in suit_readings(key))


@lru_cache(maxsize=65536)
def standard_divisions(counts: tuple[int, ...]) -> tuple[tuple[Group, ...], ...]:
    """Every reading of a 34-count vector as sets plus exactly one pair (pair last); empty if none.

    Pure and cached: the scorer, the validator and the vision pipeline all call it with the same keys.
    """
    total = sum(counts)
    if total % 3 != 2:
        return ()
    per_suit: list[tuple[tuple[Group, ...], ...]] = []
    pair_suits = 0
    for suit, base in _SUIT_BASES.items():
        size = 7 if suit == "z" else 9
        key = counts[base : base + size]
        n = sum(key)
        if n == 0:
            continue
        if n % 3 == 1:
            return ()
        need_pair = n % 3 == 2
        pair_suits += need_pair
        if pair_suits > 1:
            return ()
        readings = _suit_sets(key, suit, need_pair)
        if not readings:
            return ()
        per_suit.append(readings)
    if all(len(r) == 1 for r in per_suit):  # the usual case: one reading per suit, no product needed
        groups = [g for r in per_suit for g in r[0]]
        pair = [g for g in groups if g[0] == "pair"]
        return (tuple([g for g in groups if g[0] != "pair"] + pair),)
    out = []
    for combo in product(*per_suit):
        groups = [g for part in combo for g in part]
        pair = [g for g in groups if g[0] == "pair"]
        sets = [g for g in groups if g[0] != "pair"]
        out.append(tuple(sets + pair))
    return tuple(out)


def is_thirteen_orphans(counts: tuple[int, ...]) -> bool:
    if sum(counts) != 14:
        return False
    orphan_idx = [_INDEX[t] for t in ORPHAN_IDS]
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


def nine_gates_suit(counts: tuple[int, ...]) -> str | None:
    """Suit letter if the 14 tiles are 1112345678999 plus one more of the same suit."""
    if sum(counts) != 14:
        return None
    for suit in SUITS:
        base = _SUIT_BASES[suit]
        key = counts[base : base + 9]
        if sum(key) == 14 and all(c >= b for c, b in zip(key, _NINE_GATES_BASE, strict=True)):
            return suit
    return None


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
            out.append(Division("nine_gates", tuple(("single", t) for t in sorted(concealed, key=_INDEX.get))))
    return tuple(out)


def clear_caches() -> None:
    """Forget cached readings (benchmarks use this to measure cold performance)."""
    _SUIT_READINGS.clear()
    _suit_sets.cache_clear()
    standard_divisions.cache_clear()
