"""What a pattern sees (``Context``) and what a pattern is (``Pattern``).

A pattern is a small class with a ``key`` and one ``condition`` method that returns a one-line reason when the
hand has the pattern and ``None`` otherwise.  Nothing about *value* lives here: faan, open/closed values, limit
flags, which patterns a pattern includes and whether it counts towards the minimum are profile data
(``scoring/profiles/*.toml``), because the rule documents agree on what e.g. a Half Flush is far more often than on
what it is worth.  Patterns that score once per item (one faan per dragon pung, per seat flower) set
``per_item = True`` and implement ``items`` instead, returning one reason per item.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any, ClassVar

from scoring.hand import Hand
from scoring.tiles import is_honour, is_terminal

REGISTRY: dict[str, type[Pattern]] = {}


@dataclass(frozen=True)
class SetInfo:
    """One set (or the pair, or a single of a special shape) of a reading."""

    kind: str  # "chow" | "pung" | "kong" | "pair" | "single"
    tiles: tuple[str, ...]
    concealed: bool  # pung/kong formed without a claimed tile (a pung completed by a discard is NOT concealed)
    declared: bool  # laid down as a meld

    @property
    def first(self) -> str:
        return self.tiles[0]

    @property
    def suit(self) -> str:
        return self.tiles[0][1]

    @property
    def is_pung(self) -> bool:
        """Pung or kong: "anything that needs a pung, you can also use kongs for" (cheat sheet, Score Table)."""
        return self.kind in ("pung", "kong")

    def text(self) -> str:
        return " ".join(self.tiles)


@dataclass(frozen=True)
class Context:
    """One reading of a hand, with the facts patterns ask about."""

    hand: Hand
    shape: str  # "standard" | "seven_pairs" | "thirteen_orphans" | "nine_gates" | "flowers"
    sets: tuple[SetInfo, ...]  # sets then pair (standard); pairs / singles for special shapes
    winning_set: SetInfo | None = None  # the concealed group the winning tile completed, if known

    @cached_property
    def tiles(self) -> tuple[str, ...]:
        return self.hand.all_tiles()

    @cached_property
    def closed(self) -> bool:
        """A closed (concealed) hand: nothing claimed from another player apart from the winning tile."""
        return not self.hand.has_exposed_melds

    @cached_property
    def melds(self) -> tuple[SetInfo, ...]:
        """The four sets of a standard reading (pair excluded)."""
        return tuple(s for s in self.sets if s.kind in ("chow", "pung", "kong"))

    @cached_property
    def pungs(self) -> tuple[SetInfo, ...]:
        return tuple(s for s in self.sets if s.is_pung)

    @cached_property
    def chows(self) -> tuple[SetInfo, ...]:
        return tuple(s for s in self.sets if s.kind == "chow")

    @cached_property
    def kongs(self) -> tuple[SetInfo, ...]:
        return tuple(s for s in self.sets if s.kind == "kong")

    @cached_property
    def pair(self) -> SetInfo | None:
        if self.shape != "standard":
            return None
        pairs = [s for s in self.sets if s.kind == "pair"]
        return pairs[0] if pairs else None

    @cached_property
    def suits(self) -> frozenset[str]:
        return frozenset(t[1] for t in self.tiles if not is_honour(t))

    @cached_property
    def has_honours(self) -> bool:
        return any(is_honour(t) for t in self.tiles)

    @cached_property
    def all_orphans(self) -> bool:
        return bool(self.tiles) and all(is_honour(t) or is_terminal(t) for t in self.tiles)

    @property
    def standard(self) -> bool:
        return self.shape == "standard"


class Pattern:
    """Base class: subclasses set ``key``/names and implement ``condition`` (or ``items`` when ``per_item``)."""

    key: ClassVar[str]
    name_en: ClassVar[str]
    name_zh: ClassVar[str] = ""
    #: Pattern-specific profile options and their defaults; a profile may set them in ``[patterns.<key>]``.
    options: ClassVar[Mapping[str, Any]] = {}
    per_item: ClassVar[bool] = False

    def condition(self, ctx: Context, opts: Mapping[str, Any]) -> str | None:
        items = self.items(ctx, opts)
        return "; ".join(items) if items else None

    def items(self, ctx: Context, opts: Mapping[str, Any]) -> tuple[str, ...]:
        reason = self.condition(ctx, opts)
        return (reason,) if reason else ()


def register(cls: type[Pattern]) -> type[Pattern]:
    if cls.key in REGISTRY:
        raise RuntimeError(f"pattern key {cls.key!r} registered twice")
    REGISTRY[cls.key] = cls
    return cls
