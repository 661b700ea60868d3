"""Tile names in the page's language: '5 Characters 五萬' in English (the characters stay: they are on the tiles),
'五萬' in 繁體中文, from the engine's tile table rather than from the catalogue (one source for every tile)."""

from __future__ import annotations

from sikwu.app.i18n import CHINESE, current
from sikwu.scoring.tiles import BONUS_IDS, HONOUR_IDS, TILE_NAMES


def tile_name(tile: str) -> str:
    name = TILE_NAMES[tile]
    return name.chinese if current() == CHINESE else f"{name.english} {name.chinese}"


def palette_label(tile: str) -> str:
    """Short label under a palette picture. Suited tiles by id in English (the picture shows the rank) and by name in
    Chinese; honours and flowers by their short name, since ``5z`` means nothing to most players."""
    name = TILE_NAMES[tile]
    if current() == CHINESE:
        return name.chinese
    if tile in HONOUR_IDS or tile in BONUS_IDS:
        short = name.english.split(" (")[0].replace(" wind", "").replace(" dragon", "")
        return "Chrys." if short == "Chrysanthemum" else short
    return tile
