"""What a pattern sees (``Context``) and what a pattern is (``Pattern``).

A pattern is a small class with a ``key`` and one ``condition`` method that returns a one-line reason when the
hand has the pattern and ``None`` otherwise.  Nothing about *value* lives here: faan, open/closed values, limit
flags, which patterns a pattern includes and whether it counts towards the minimum are profile data
(``scoring/profiles/*.toml``), because the rule documents agree on what e.g. a Half Flush is far more often than on
what it is worth.  Patterns that score once per item (one faan per dragon pung, per seat flower) set
``per_item = True`` and implement ``items`` instead, returning one reason per item.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from sikwu.scoring.facts import (
    F_DRAGON_PUNG,
    F_FOUR_CHOWS,
    F_FOUR_PUNGS,
    F_PAIR,
    F_SPECIAL,
    F_STANDARD,
    F_THREE_CHOWS,
    F_THREE_KONGS,
    F_THREE_PUNGS,
    F_THREE_WIND_PUNGS,
    F_TWO_CHOWS,
    F_TWO_DRAGON_PUNGS,
    F_WIND_PUNG,
    HandFacts,
)
from sikwu.scoring.hand import Hand
from sikwu.scoring.tiles import DRAGON_IDS, WIND_IDS

REGISTRY: dict[str, type[Pattern]] = {}


@dataclass(frozen=True, slots=True)
class SetInfo:
    """One set (or the pair, or a single of a special shape) of a reading.

    ``first``, ``suit`` and ``is_pung`` are computed once here because every pattern asks for them; instances are
    immutable and shared through :func:`set_info` (there are only a few hundred distinct sets).
    """

    kind: str  # "chow" | "pung" | "kong" | "pair" | "single"
    tiles: tuple[str, ...]
    concealed: bool  # pung/kong formed without a claimed tile (a pung completed by a discard is NOT concealed)
    declared: bool  # laid down as a meld
    first: str = field(init=False, compare=False)
    suit: str = field(init=False, compare=False)
    #: Pung or kong: "anything that needs a pung, you can also use kongs for" (cheat sheet, Score Table).
    is_pung: bool = field(init=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "first", self.tiles[0])
        object.__setattr__(self, "suit", self.tiles[0][1])
        object.__setattr__(self, "is_pung", self.kind in ("pung", "kong"))

    def text(self) -> str:
        return " ".join(self.tiles)


_SET_CACHE: dict[tuple, SetInfo] = {}


def set_info(kind: str, tiles: tuple[str, ...], concealed: bool, declared: bool) -> SetInfo:
    """A shared :class:`SetInfo` (sets are immutable, and building one is the costly part of a reading)."""
    key = (kind, tiles, concealed, declared)
    info = _SET_CACHE.get(key)
    if info is None:
        info = _SET_CACHE[key] = SetInfo(kind, tiles, concealed, declared)
    return info


def clear_caches() -> None:
    """Forget the shared sets (benchmarks measure a pass from empty caches)."""
    _SET_CACHE.clear()


_DRAGONS = frozenset(DRAGON_IDS)
_WINDS = frozenset(WIND_IDS)


def _reading_flags(
    standard: bool, has_pair: bool, pungs: list, chows: list, kongs: list, dragon_pungs: list, wind_pungs: list
) -> int:
    """The prerequisite bits (``scoring.facts``) a reading's sets give."""
    flags = 0
    if standard:
        flags |= F_STANDARD
        if len(pungs) == 4:
            flags |= F_FOUR_PUNGS
        if has_pair:
            flags |= F_PAIR
    else:
        flags |= F_SPECIAL
    if dragon_pungs:
        flags |= F_DRAGON_PUNG
        if len(dragon_pungs) >= 2:
            flags |= F_TWO_DRAGON_PUNGS
    if wind_pungs:
        flags |= F_WIND_PUNG
        if len(wind_pungs) >= 3:
            flags |= F_THREE_WIND_PUNGS
    n_chows = len(chows)
    if n_chows >= 2:
        flags |= F_TWO_CHOWS
        if n_chows >= 3:
            flags |= F_THREE_CHOWS
            if n_chows == 4:
                flags |= F_FOUR_CHOWS
    if len(pungs) >= 3:
        flags |= F_THREE_PUNGS
    if len(kongs) >= 3:
        flags |= F_THREE_KONGS
    return flags


class Context:
    """One reading of a hand, with the facts patterns ask about (all computed once, on construction)."""

    __slots__ = (
        "hand",
        "shape",
        "sets",
        "winning_set",
        "tiles",
        "suits",
        "has_honours",
        "all_orphans",
        "closed",
        "pungs",
        "chows",
        "kongs",
        "pair",
        "standard",
        "dragon_pungs",
        "wind_pungs",
        "flags",
    )

    def __init__(
        self,
        hand: Hand,
        shape: str,
        sets: tuple[SetInfo, ...],
        winning_set: SetInfo | None = None,
        facts: HandFacts | None = None,
    ) -> None:
        facts = facts if facts is not None else HandFacts(hand)
        self.hand = hand
        self.shape = shape  # "standard" | "seven_pairs" | "thirteen_orphans" | "nine_gates" | "flowers"
        self.sets = sets  # sets then pair (standard); pairs / singles for special shapes
        self.winning_set = winning_set  # the concealed group the winning tile completed, if known
        self.tiles = facts.tiles
        self.suits = facts.suits
        self.has_honours = facts.has_honours
        self.all_orphans = facts.all_orphans
        #: A closed (concealed) hand: nothing claimed from another player apart from the winning tile.
        self.closed = facts.closed
        pungs, chows, kongs = [], [], []
        pair = None
        dragon_pungs, wind_pungs = [], []
        for s in sets:
            kind = s.kind
            if kind == "chow":
                chows.append(s)
            elif kind == "pair":
                if pair is None:
                    pair = s
            elif kind == "pung" or kind == "kong":
                pungs.append(s)
                if kind == "kong":
                    kongs.append(s)
                first = s.first
                if first in _DRAGONS:
                    dragon_pungs.append(s)
                elif first in _WINDS:
                    wind_pungs.append(s)
        self.standard = standard = shape == "standard"
        self.pungs = tuple(pungs)
        self.chows = tuple(chows)
        self.kongs = tuple(kongs)
        self.pair = pair if standard else None
        self.dragon_pungs = tuple(dragon_pungs)
        self.wind_pungs = tuple(wind_pungs)
        flags = facts.flags | _reading_flags(standard, pair is not None, pungs, chows, kongs, dragon_pungs, wind_pungs)
        self.flags = flags

    @property
    def melds(self) -> tuple[SetInfo, ...]:
        """The four sets of a standard reading (pair excluded), in reading order (on demand: few patterns ask)."""
        return tuple(s for s in self.sets if s.kind in _SET_KINDS)


_SET_KINDS = frozenset({"chow", "pung", "kong"})


class Pattern:
    """Base class: subclasses set ``key``/names and implement ``condition`` (or ``items`` when ``per_item``)."""

    key: ClassVar[str]
    name_en: ClassVar[str]
    name_zh: ClassVar[str] = ""
    #: Pattern-specific profile options and their defaults; a profile may set them in ``[patterns.<key>]``.
    options: ClassVar[Mapping[str, Any]] = {}
    per_item: ClassVar[bool] = False
    #: ``F_*`` bits the reading must have for the pattern to possibly apply (checked before ``condition`` is called).
    needs: ClassVar[int] = 0

    def condition(self, ctx: Context, opts: Mapping[str, Any]) -> str | None:
        items = self.items(ctx, opts)
        return "; ".join(items) if items else None

    def items(self, ctx: Context, opts: Mapping[str, Any]) -> tuple[str, ...]:
        reason = self.condition(ctx, opts)
        return (reason,) if reason else ()


def _source_file(cls: type) -> str | None:
    return getattr(sys.modules.get(cls.__module__), "__file__", None)


def register(cls: type[Pattern]) -> type[Pattern]:
    existing = REGISTRY.get(cls.key)
    if existing is not None:
        if _source_file(existing) == _source_file(cls) and existing.__qualname__ == cls.__qualname__:
            return cls  # the same file imported a second time under another name (pytest --doctest-modules)
        raise RuntimeError(f"pattern key {cls.key!r} registered twice")
    REGISTRY[cls.key] = cls
    return cls
