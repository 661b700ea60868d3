"""The winning hand as the scorer sees it: concealed tiles, declared melds, bonus tiles and how the hand was won.

Plain frozen dataclasses of canonical tile ids (``scoring.tiles``) so that a hand can be hashed, compared, sent as
JSON and built by the vision pipeline without knowing anything about scoring.  Checking lives in
``scoring.validate`` (``validate_hand``), which imports these types, so the data types stay small and the import
graph has no cycle.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final, Literal

from sikwu.scoring.errors import HandError
from sikwu.scoring.tiles import SEAT_WINDS, TILE_IDS, is_tile_id

Seat = int  # 1=East 2=South 3=West 4=North
MeldKind = Literal["chow", "pung", "kong"]
KongKind = Literal["exposed", "added", "concealed"]

MELD_KINDS: Final = ("chow", "pung", "kong")
KONG_KINDS: Final = ("exposed", "added", "concealed")

#: How a hand was won beyond plain discard/self-draw.  ``flower_replacement`` (winning on the tile drawn to
#: replace a flower) is an addition to the contract's list: the Old Style cheat sheet pays "any draw from the dead
#: wall", not only kong replacements.
EVENTS: Final[frozenset[str]] = frozenset(
    {
        "kong_replacement",
        "double_kong_replacement",
        "flower_replacement",
        "robbing_kong",
        "last_tile_wall",
        "last_discard",
        "heavenly",
        "earthly",
        "human",
        "seven_flowers",
        "eight_flowers",
    }
)


def _sort_tiles(tiles: tuple[str, ...]) -> tuple[str, ...]:
    if all(is_tile_id(t) for t in tiles):
        return tuple(sorted(tiles, key=TILE_IDS.index))
    return tuple(tiles)


@dataclass(frozen=True)
class Meld:
    """A declared (laid down) set.  Only concealed kongs are ``concealed``; everything else was claimed/exposed."""

    kind: MeldKind
    tiles: tuple[str, ...]
    concealed: bool = False
    kong_kind: KongKind | None = None
    fed_by: Seat | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "tiles", _sort_tiles(tuple(self.tiles)))
        if self.kind == "kong" and self.kong_kind is None:
            object.__setattr__(self, "kong_kind", "concealed" if self.concealed else "exposed")

    @classmethod
    def chow(cls, first: str, fed_by: Seat | None = None) -> Meld:
        """Chow starting at ``first`` (e.g. ``"3p"`` -> 3p 4p 5p)."""
        rank, suit = int(first[0]), first[1]
        return cls("chow", tuple(f"{rank + i}{suit}" for i in range(3)), fed_by=fed_by)

    @classmethod
    def pung(cls, tile: str, fed_by: Seat | None = None) -> Meld:
        return cls("pung", (tile,) * 3, fed_by=fed_by)

    @classmethod
    def kong(cls, tile: str, kong_kind: KongKind = "exposed", fed_by: Seat | None = None) -> Meld:
        return cls("kong", (tile,) * 4, concealed=kong_kind == "concealed", kong_kind=kong_kind, fed_by=fed_by)

    @property
    def exposed(self) -> bool:
        return not self.concealed


@dataclass(frozen=True)
class Hand:
    """A declared win.  ``concealed`` includes the winning tile, also when it was claimed from a discard."""

    concealed: tuple[str, ...]
    melds: tuple[Meld, ...] = ()
    bonus: tuple[str, ...] = ()
    winning_tile: str | None = None
    self_drawn: bool = False
    events: frozenset[str] = field(default_factory=frozenset)
    seat: Seat = 1
    round_wind: str = "1z"
    dealer: Seat = 1
    discarder: Seat | None = None

    def __post_init__(self) -> None:
        for name in ("concealed", "bonus"):
            value = getattr(self, name)
            if isinstance(value, str):  # tuple("123m") would silently become ('1', '2', '3', 'm')
                raise HandError(
                    f"{name} must be a sequence of tile ids such as ('1m', '2m'), not the string {value!r}; "
                    "read typed tiles with scoring.parse_tiles"
                )
        object.__setattr__(self, "concealed", tuple(self.concealed))
        object.__setattr__(self, "melds", tuple(self.melds))
        object.__setattr__(self, "bonus", tuple(self.bonus))
        events = (self.events,) if isinstance(self.events, str) else self.events  # "robbing_kong" is one event
        object.__setattr__(self, "events", frozenset(events))

    @property
    def seat_wind(self) -> str:
        return SEAT_WINDS[self.seat - 1] if 1 <= self.seat <= 4 else ""

    @property
    def is_dealer(self) -> bool:
        return self.seat == self.dealer

    @property
    def has_exposed_melds(self) -> bool:
        """True when any meld was claimed from another player (a concealed kong does not count)."""
        return any(not m.concealed for m in self.melds)

    def all_tiles(self) -> tuple[str, ...]:
        """Concealed plus meld tiles, without bonus tiles."""
        out = list(self.concealed)
        for m in self.melds:
            out.extend(m.tiles)
        return tuple(out)


@dataclass(frozen=True)
class HandHistory:
    """What the final hand does not show but some rules need: the game's history around the win, as plain data.

    Whoever watched the game supplies it (the ledger); scoring only reads it.  ``replacement_chain``: the kongs
    declared in the one replacement chain that ended in the self-drawn win, as indices into ``Hand.melds`` in the
    order they were declared (a flower replacement between them does not break the chain).  Empty = not known:
    the rules then fall back to what the hand shows (the last kong declared).
    """

    replacement_chain: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "replacement_chain", tuple(self.replacement_chain))
