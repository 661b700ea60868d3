"""Hand checks that do not depend on a rule profile; the vision pipeline uses them to reject impossible readings.

Every message says what is wrong and what to do, because the player sees it at the table.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from sikwu.scoring.decompose import TILE_INDEX, counts_of, divisions, standard_divisions
from sikwu.scoring.errors import HandError
from sikwu.scoring.event_checks import check_events
from sikwu.scoring.hand import EVENTS, KONG_KINDS, Hand, Meld
from sikwu.scoring.message_texts import say
from sikwu.scoring.messages import Message
from sikwu.scoring.tiles import (
    BONUS_IDS,
    PLAYING_IDS,
    TILE_NAMES,
    WIND_IDS,
    copies_in_set,
    is_bonus,
    is_honour,
    is_tile_id,
    rank_of,
    suit_of,
)


def _name(tile: str) -> str:
    return f"{tile} ({TILE_NAMES[tile].english})"


_PLAYING = frozenset(PLAYING_IDS)
_BONUS = frozenset(BONUS_IDS)
_FLOWER_WINS = frozenset({"seven_flowers", "eight_flowers"})
_GOOD_MELDS: set[Meld] = set()  # melds already checked (immutable, so once is enough)


def check_counts(tiles: Iterable[str]) -> None:
    """Raise HandError if any tile appears more often than a set holds (4 of a playing tile, 1 of a bonus tile).

    >>> check_counts(["1m"] * 4)
    >>> check_counts(["1m"] * 5)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    sikwu.scoring.errors.HandError: 1m (1 Characters) appears 5 times but a set has only 4; correct the misread tile...
    """
    counts = Counter(tiles)
    if not counts:
        return
    if _PLAYING.issuperset(counts) and max(counts.values()) <= 4:
        return  # the usual case: playing tiles only, none more than four times
    for tile, n in counts.items():
        if not is_tile_id(tile):
            raise HandError(say("hand.not_a_tile_id", token=tile))
        limit = copies_in_set(tile)
        if n > limit:
            if is_bonus(tile):
                raise HandError(say("hand.bonus_twice", tiles=tile, tile=tile, count=n))
            raise HandError(say("hand.too_many", tiles=tile, tile=tile, count=n, limit=limit))


def winning_shapes(tiles: Sequence[str], *, seven_pairs: bool = True) -> bool:
    """True if 14 concealed playing tiles (no melds) form 4 sets + pair, Thirteen Orphans or (optionally) 7 pairs.

    >>> from sikwu.scoring import parse_tiles
    >>> winning_shapes(parse_tiles("19m 19p 19s 1234567z 9s"))  # Thirteen Orphans
    True
    >>> winning_shapes(parse_tiles("11m 33m 55p 77p 99s 22z 66z"), seven_pairs=False)
    False
    """
    playing = [t for t in tiles if not is_bonus(t)]
    if any(not is_tile_id(t) for t in playing):
        return False
    return bool(divisions(playing, seven_pairs=seven_pairs))


def is_winning_hand(concealed: Sequence[str], melds: Sequence[Meld] = (), *, seven_pairs: bool = True) -> bool:
    """True if the concealed tiles plus declared melds make a winning shape (any profile's special shapes).

    >>> from sikwu.scoring import Meld, parse_tiles
    >>> is_winning_hand(parse_tiles("123m 456m 789p 55z"), [Meld.kong("1s")])
    True
    >>> is_winning_hand(parse_tiles("123m 456m 789p 124s 55z"))
    False
    """
    try:
        check_counts([*concealed, *(t for m in melds for t in m.tiles)])
    except HandError:
        return False
    if any(not is_tile_id(t) or is_bonus(t) for t in concealed) or len(melds) > 4:
        return False
    if len(concealed) != 3 * (4 - len(melds)) + 2:
        return False
    if melds:
        return bool(standard_divisions(counts_of(concealed)))
    return winning_shapes(concealed, seven_pairs=seven_pairs)


_MELD_SIZE = {"chow": 3, "pung": 3, "kong": 4}


def meld_shape_problem(kind: str, tiles: Sequence[str]) -> Message | None:
    """Why ``tiles`` cannot be a meld of ``kind`` (chow, pung or kong), or None when they can.

    The one statement of the meld-shape rule: a chow is three consecutive tiles of one numbered suit, a pung three
    and a kong four identical playing tiles.  Callers add their own context (which meld, which field, which
    command-line argument) in front of the reason.

    >>> meld_shape_problem("chow", ["3p", "4p", "5p"]) is None
    True
    >>> meld_shape_problem("chow", ["1s", "2s", "4s"])
    'a chow must be three consecutive numbers (like 3-4-5); fix the tiles'
    >>> meld_shape_problem("kong", ["7z", "7z", "7z"])
    'a kong has 4 tiles, got 3 (a kong is 4 identical tiles)'
    """
    size = _MELD_SIZE.get(kind)
    if size is None:
        return say("meld.not_a_kind", token=repr(kind))
    for t in tiles:
        if not is_tile_id(t):
            return say("meld.not_a_tile", token=t)
        if is_bonus(t):
            return say("meld.bonus_tile", tiles=t)
    if len(tiles) != size:
        what = say("meld.what.chow") if kind == "chow" else say("meld.what.same", size=size)
        return say("meld.size", kind=kind, size=size, count=len(tiles), what=what)
    if kind != "chow":
        if len(set(tiles)) != 1:
            return say("meld.identical", kind=kind, size=size)
        return None
    if any(is_honour(t) for t in tiles):
        return say("meld.chow_honours")
    if len({suit_of(t) for t in tiles}) != 1:
        return say("meld.chow_suit")
    ranks = sorted(rank_of(t) for t in tiles)
    if ranks != list(range(ranks[0], ranks[0] + 3)):
        return say("meld.chow_run")
    return None


def check_meld(meld: Meld, index: int) -> None:
    """Raise HandError naming the meld when it is not a possible declared meld (shape, kong kind, feeder)."""
    where = f"meld {index + 1} ({' '.join(meld.tiles)})"
    problem = meld_shape_problem(meld.kind, meld.tiles)
    if problem:
        raise HandError(f"{where}: {problem}")
    if meld.kind != "kong" and (meld.kong_kind is not None or meld.concealed):
        raise HandError(f"{where}: only a kong can be concealed or have a kong kind; declare it as a kong")
    if meld.kind == "kong":
        if meld.kong_kind not in KONG_KINDS:
            raise HandError(f"{where}: kong kind must be exposed, added or concealed, not {meld.kong_kind!r}")
        if meld.concealed != (meld.kong_kind == "concealed"):
            raise HandError(f"{where}: a kong is concealed exactly when its kong kind is 'concealed'; make them agree")
    if meld.fed_by is not None and meld.fed_by not in (1, 2, 3, 4):
        raise HandError(f"{where}: fed_by must be a seat 1-4 (East..North)")


def clear_caches() -> None:
    """Forget the melds already found good (benchmarks measure a pass from empty caches)."""
    _GOOD_MELDS.clear()


_SEATS = (1, 2, 3, 4)


def valid_concealed_counts(hand: Hand) -> tuple[int, ...] | None:
    """The 34 counts of the concealed tiles when the hand certainly passes :func:`validate_hand`, else None.

    Why: the scorer validates every hand, and the usual hand (no events, melds already seen, playing tiles only)
    needs none of the per-check messages; this one pass over the tiles answers for all of them and yields the
    counts the division needs anyway.  None means "not sure": the caller runs :func:`validate_hand`, which raises
    the specific message (or passes), so behaviour and messages are exactly those of the full check.
    """
    try:
        if hand.events:
            return None
        self_drawn = hand.self_drawn
        if self_drawn is not True and self_drawn is not False:
            return None
        seat = hand.seat
        if seat not in _SEATS or hand.dealer not in _SEATS or hand.round_wind not in WIND_IDS:
            return None
        discarder = hand.discarder
        if discarder is not None and (self_drawn or discarder not in _SEATS or discarder == seat):
            return None
        melds = hand.melds
        concealed = hand.concealed
        if len(concealed) != 14 - 3 * len(melds) or hand.winning_tile not in concealed:
            return None
        counts = [0] * 34
        index = TILE_INDEX.__getitem__
        for i in map(index, concealed):
            counts[i] += 1
        if melds:
            everything = counts[:]
            good = _GOOD_MELDS
            for m in melds:
                if type(m) is not Meld or m not in good:
                    return None
                for i in map(index, m.tiles):
                    everything[i] += 1
            if max(everything) > 4:
                return None
        elif max(counts) > 4:
            return None
        bonus = hand.bonus
        if bonus and (len(set(bonus)) != len(bonus) or not _BONUS.issuperset(bonus)):
            return None
        return tuple(counts)
    except Exception:  # any odd field (unhashable, wrong type): the full check says what is wrong
        return None


def _check_fields(hand: Hand) -> None:
    """The hand's fields are of the right kind: tiles given, a boolean self-draw, Meld objects."""
    if not hand.concealed and not hand.events & _FLOWER_WINS:
        raise HandError(say("hand.empty"))
    if not isinstance(hand.self_drawn, bool):
        raise HandError(f"self_drawn must be True or False, not {hand.self_drawn!r}")
    for i, m in enumerate(hand.melds):
        if not isinstance(m, Meld):
            raise HandError(
                f"meld {i + 1} ({m!r}) is not a Meld; build it with Meld.chow('1m'), Meld.pung('7z') or Meld.kong('3s')"
            )


def _check_tile_ids(hand: Hand) -> None:
    """Concealed tiles are playing tiles, bonus tiles are flowers/seasons."""
    if not _PLAYING.issuperset(hand.concealed):
        for t in hand.concealed:
            if not is_tile_id(t):
                raise HandError(f"'{t}' in the concealed tiles is not a tile id; use 1m-9m, 1p-9p, 1s-9s or 1z-7z")
            if is_bonus(t):
                raise HandError(f"{_name(t)} is a bonus tile: move it from the concealed tiles to the bonus tiles")
    if not _BONUS.issuperset(hand.bonus):
        for t in hand.bonus:
            if not is_tile_id(t) or not is_bonus(t):
                raise HandError(f"'{t}' listed as a bonus tile is not a flower or season (1f-8f); move it to the hand")


def _check_melds(hand: Hand) -> None:
    """Every declared meld is possible (each distinct meld is checked once per process: melds are immutable)."""
    for i, m in enumerate(hand.melds):
        try:
            known = m in _GOOD_MELDS
        except TypeError:  # a field of the wrong type (e.g. a list): check_meld says which
            known = False
        if not known:
            check_meld(m, i)
            if len(_GOOD_MELDS) < 10_000:
                _GOOD_MELDS.add(m)


def _check_table(hand: Hand) -> None:
    """Seats, round wind and event names are ones the table knows."""
    if hand.seat not in _SEATS or hand.dealer not in _SEATS:
        raise HandError("seat and dealer must be 1-4 (1 = East, 2 = South, 3 = West, 4 = North)")
    if hand.round_wind not in WIND_IDS:
        raise HandError(f"round wind must be one of 1z-4z (East..North), not {hand.round_wind!r}")
    unknown = sorted(hand.events - EVENTS)
    if unknown:
        raise HandError(f"unknown event(s) {', '.join(unknown)}; known events: {', '.join(sorted(EVENTS))}")


def validate_hand(hand: Hand) -> None:
    """Raise HandError with a specific message when ``hand`` is impossible or inconsistent.

    >>> from sikwu.scoring import Hand, parse_tiles
    >>> validate_hand(Hand(parse_tiles("123m 456m 789p 123s 55z"), winning_tile="5z", self_drawn=True))
    >>> validate_hand(Hand(parse_tiles("123m 456m 789p 123s 5z"), winning_tile="5z", self_drawn=True))
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    sikwu.scoring.errors.HandError: a winning hand ... has 14 concealed tiles ..., but 13 concealed tiles were given...
    """
    _check_fields(hand)
    _check_tile_ids(hand)
    _check_melds(hand)
    all_tiles = hand.all_tiles()
    if len(set(hand.bonus)) != len(hand.bonus) or (all_tiles and max(map(all_tiles.count, set(all_tiles))) > 4):
        check_counts([*all_tiles, *hand.bonus])  # says which tile is over-counted
    _check_table(hand)
    check_events(hand)
    _check_tile_number(hand)


def _check_tile_number(hand: Hand) -> None:
    if len(hand.melds) > 4:
        raise HandError(say("hand.too_many_melds", count=len(hand.melds)))
    kongs = sum(m.kind == "kong" for m in hand.melds)
    expected = 3 * (4 - len(hand.melds)) + 2
    n = len(hand.concealed)
    flower_win = bool(hand.events & {"seven_flowers", "eight_flowers"})
    if flower_win:
        if n not in (expected - 1, expected):
            raise HandError(
                say("hand.flower_win_size", melds=len(hand.melds), fewer=expected - 1, expected=expected, count=n)
            )
        return
    if n != expected:
        total = 14 + kongs
        raise HandError(say("hand.size", melds=len(hand.melds), kongs=kongs, expected=expected, total=total, count=n))
    if hand.winning_tile is None:
        raise HandError(say("hand.no_winning_tile"))
    if hand.winning_tile not in hand.concealed:
        if is_tile_id(hand.winning_tile) and any(hand.winning_tile in m.tiles for m in hand.melds):
            raise HandError(say("hand.winning_tile_in_meld", tiles=hand.winning_tile))
        raise HandError(say("hand.winning_tile_missing", tiles=hand.winning_tile))
