"""Canonical tile ids and names: the one vocabulary shared by notation, JSON, classifier labels and reports.

Ids are ``<rank><suit>``: ``1m``-``9m`` characters, ``1p``-``9p`` dots, ``1s``-``9s`` bamboo, ``1z``-``7z`` honours
(East, South, West, North, White, Green, Red) and ``1f``-``8f`` bonus tiles (flowers 1-4, seasons 5-8).  Flower or
season ``N`` (``N-4`` for seasons) belongs to seat ``N`` with 1 = East.  Everything else in the project imports these
constants rather than spelling ids itself, so a typo is an import error, not a silent mismatch.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

SUITS: Final = ("m", "p", "s")
HONOUR_SUIT: Final = "z"
BONUS_SUIT: Final = "f"

SUITED_IDS: Final[tuple[str, ...]] = tuple(f"{rank}{suit}" for suit in SUITS for rank in range(1, 10))
WIND_IDS: Final[tuple[str, ...]] = ("1z", "2z", "3z", "4z")
DRAGON_IDS: Final[tuple[str, ...]] = ("5z", "6z", "7z")
HONOUR_IDS: Final[tuple[str, ...]] = WIND_IDS + DRAGON_IDS
FLOWER_IDS: Final[tuple[str, ...]] = ("1f", "2f", "3f", "4f")
SEASON_IDS: Final[tuple[str, ...]] = ("5f", "6f", "7f", "8f")
BONUS_IDS: Final[tuple[str, ...]] = FLOWER_IDS + SEASON_IDS
#: The 34 tiles that form sets, four copies each in a set.
PLAYING_IDS: Final[tuple[str, ...]] = SUITED_IDS + HONOUR_IDS
#: All 42 tile faces in canonical order (this order is also the first 42 classifier labels).
TILE_IDS: Final[tuple[str, ...]] = PLAYING_IDS + BONUS_IDS
TERMINAL_IDS: Final[tuple[str, ...]] = tuple(f"{r}{s}" for s in SUITS for r in (1, 9))
ORPHAN_IDS: Final[tuple[str, ...]] = TERMINAL_IDS + HONOUR_IDS

#: How many copies of each tile a Hong Kong set holds.
COPIES_PLAYING: Final = 4
COPIES_BONUS: Final = 1

SEAT_WINDS: Final[tuple[str, ...]] = WIND_IDS  # seat 1..4 = East..North


@dataclass(frozen=True, slots=True)
class TileName:
    """Human names of one tile, for reports and the UI."""

    english: str
    chinese: str
    jyutping: str


_NUM_ZH = "一二三四五六七八九"
_NUM_JP = ("jat1", "ji6", "saam1", "sei3", "ng5", "luk6", "cat1", "baat3", "gau2")
_SUIT_NAMES = {
    "m": ("Characters", "萬", "maan6"),
    "p": ("Dots", "筒", "tung4"),
    "s": ("Bamboo", "索", "sok3"),
}
_HONOUR_NAMES = {
    "1z": TileName("East wind", "東", "dung1"),
    "2z": TileName("South wind", "南", "naam4"),
    "3z": TileName("West wind", "西", "sai1"),
    "4z": TileName("North wind", "北", "bak1"),
    "5z": TileName("White dragon", "白", "baak6"),
    "6z": TileName("Green dragon", "發", "faat3"),
    "7z": TileName("Red dragon", "中", "zung1"),
    "1f": TileName("Plum (flower 1)", "梅", "mui4"),
    "2f": TileName("Orchid (flower 2)", "蘭", "laan4"),
    "3f": TileName("Chrysanthemum (flower 3)", "菊", "guk1"),
    "4f": TileName("Bamboo (flower 4)", "竹", "zuk1"),
    "5f": TileName("Spring (season 1)", "春", "ceon1"),
    "6f": TileName("Summer (season 2)", "夏", "haa6"),
    "7f": TileName("Autumn (season 3)", "秋", "cau1"),
    "8f": TileName("Winter (season 4)", "冬", "dung1"),
}


def _build_names() -> dict[str, TileName]:
    names: dict[str, TileName] = {}
    for suit, (en, zh, jp) in _SUIT_NAMES.items():
        for rank in range(1, 10):
            names[f"{rank}{suit}"] = TileName(f"{rank} {en}", f"{_NUM_ZH[rank - 1]}{zh}", f"{_NUM_JP[rank - 1]} {jp}")
    names.update(_HONOUR_NAMES)
    return names


TILE_NAMES: Final[dict[str, TileName]] = _build_names()


def is_tile_id(value: object) -> bool:
    return isinstance(value, str) and value in TILE_NAMES


def suit_of(tile: str) -> str:
    return tile[1]


def rank_of(tile: str) -> int:
    return int(tile[0])


def is_suited(tile: str) -> bool:
    return tile[1] in SUITS


def is_honour(tile: str) -> bool:
    return tile[1] == HONOUR_SUIT


def is_bonus(tile: str) -> bool:
    return tile[1] == BONUS_SUIT


def is_terminal(tile: str) -> bool:
    return is_suited(tile) and tile[0] in "19"


def is_dragon(tile: str) -> bool:
    return tile in DRAGON_IDS


def is_wind(tile: str) -> bool:
    return tile in WIND_IDS


def copies_in_set(tile: str) -> int:
    """How many copies of ``tile`` a full set holds: why a hand with more is impossible."""
    return COPIES_BONUS if is_bonus(tile) else COPIES_PLAYING


def bonus_seat(tile: str) -> int:
    """Seat (1 = East .. 4 = North) that owns a flower or season."""
    n = rank_of(tile)
    return n if n <= 4 else n - 4


def tile_sort_key(tile: str) -> int:
    return TILE_IDS.index(tile)
