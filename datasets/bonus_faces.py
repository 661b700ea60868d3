"""Flower and season faces drawn at random around the marks that name them, for the classifier's training renders.

Why: on synthetic scenes of held-out art only about two in five flowers and seasons are named right, a third of them
read as a suited tile (the bird of 1s, a dot, the white dragon). Every training set pairs one picture with each bonus
tile, so the classifier learns the picture; an unseen set paints another plum, another summer. What a set keeps is
the marks: the flower's or season's character (梅蘭菊竹, 春夏秋冬), its number (1-4, or 一二三四) in a corner, and
sometimes its English name. Here each face gets a picture drawn at random from the same motifs for all eight tiles
(blossoms, stems and leaves, bamboo canes, a sun, a snowflake, a bird's outline) so the picture never tells the tile,
and the marks at random corners, sizes, colours and fonts, so the classifier must read them. Faces are drawn from a
seed, never copied from any set.
"""

from __future__ import annotations

import math
from functools import lru_cache

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

BONUS_TILES = tuple(f"{n}f" for n in range(1, 9))
#: The character each flower and season carries.
CHARACTERS = {"1f": "梅", "2f": "蘭", "3f": "菊", "4f": "竹", "5f": "春", "6f": "夏", "7f": "秋", "8f": "冬"}
#: English names some sets print instead of (or beside) the character.
ENGLISH = {
    "1f": "PLUM", "2f": "ORCHID", "3f": "MUM", "4f": "BAMBOO", "5f": "SPRING", "6f": "SUMMER", "7f": "AUTUMN",
    "8f": "WINTER",
}  # fmt: skip
_CHINESE_NUMERALS = "一二三四"
#: Inks sets paint marks and pictures in (RGB): red, blue, green, black, navy, orange, pink, purple.
INKS = (
    (200, 40, 40), (30, 80, 190), (40, 140, 60), (30, 30, 34), (20, 45, 110), (225, 120, 30), (220, 100, 150),
    (120, 60, 160),
)  # fmt: skip
#: Faces drawn per tile (each with its own picture and marks).
PER_TILE = 12
#: Height of a drawn face (px); width is three quarters of it.
HEIGHT = 128
SEED = 20261128


def _ink(rng: np.random.Generator) -> tuple[int, int, int]:
    return INKS[int(rng.integers(len(INKS)))]


def _blossom(d: ImageDraw.ImageDraw, x: float, y: float, r: float, rng: np.random.Generator) -> None:
    petals, colour = int(rng.integers(4, 7)), _ink(rng)
    for k in range(petals):
        a = k * 2 * math.pi / petals
        px, py = x + math.cos(a) * r * 0.55, y + math.sin(a) * r * 0.55
        d.ellipse((px - r * 0.45, py - r * 0.45, px + r * 0.45, py + r * 0.45), fill=colour)
    d.ellipse((x - r * 0.25, y - r * 0.25, x + r * 0.25, y + r * 0.25), fill=(236, 190, 40))


def _picture(d: ImageDraw.ImageDraw, w: int, h: int, rng: np.random.Generator) -> None:
    """One to three motifs anywhere in the face's middle; the same motifs for every bonus tile."""
    green = (40 + int(rng.integers(40)), 120 + int(rng.integers(60)), 40 + int(rng.integers(40)))
    for _ in range(int(rng.integers(1, 4))):
        motif = int(rng.integers(6))
        cx, cy = rng.uniform(0.25, 0.75) * w, rng.uniform(0.3, 0.8) * h
        s = rng.uniform(0.15, 0.3) * w
        if motif == 0:  # blossoms on a stem
            d.line([(cx, cy + 2 * s), (cx + rng.uniform(-s, s), cy)], fill=green, width=max(2, w // 40))
            for _ in range(int(rng.integers(1, 4))):
                _blossom(d, cx + rng.uniform(-s, s), cy + rng.uniform(-s, s), s * rng.uniform(0.5, 0.9), rng)
        elif motif == 1:  # leaves
            for _ in range(int(rng.integers(2, 6))):
                x0, y0 = cx + rng.uniform(-s, s), cy + rng.uniform(-s, s)
                d.ellipse((x0 - s * 0.5, y0 - s * 0.15, x0 + s * 0.5, y0 + s * 0.15), fill=green)
        elif motif == 2:  # bamboo canes
            for k in range(int(rng.integers(1, 3))):
                x0 = cx + k * s * 0.6
                d.line([(x0, cy - 1.5 * s), (x0, cy + 1.5 * s)], fill=green, width=max(3, w // 22))
                for j in range(3):
                    y = cy - s + j * s
                    d.line([(x0 - s * 0.15, y), (x0 + s * 0.15, y)], fill=(20, 80, 30), width=max(1, w // 60))
        elif motif == 3:  # a sun
            colour = _ink(rng)
            for k in range(12):
                a = k * math.pi / 6
                d.line([(cx, cy), (cx + math.cos(a) * s, cy + math.sin(a) * s)], fill=colour, width=max(1, w // 50))
            d.ellipse((cx - s * 0.5, cy - s * 0.5, cx + s * 0.5, cy + s * 0.5), fill=colour)
        elif motif == 4:  # a snowflake
            colour = _ink(rng)
            for k in range(3):
                a = k * math.pi / 3
                dx, dy = math.cos(a) * s, math.sin(a) * s
                d.line([(cx - dx, cy - dy), (cx + dx, cy + dy)], fill=colour, width=max(1, w // 45))
        else:  # a bird's outline: a body, a head and a tail
            colour = _ink(rng)
            d.ellipse((cx - s * 0.6, cy - s * 0.3, cx + s * 0.3, cy + s * 0.3), outline=colour, width=max(1, w // 45))
            d.ellipse((cx + s * 0.2, cy - s * 0.5, cx + s * 0.55, cy - s * 0.15), fill=colour)
            d.polygon([(cx - s * 0.6, cy), (cx - s * 1.1, cy - s * 0.3), (cx - s * 1.1, cy + s * 0.2)], fill=colour)


def _text(d: ImageDraw.ImageDraw, text: str, font_path: str | None, px: int, xy: tuple[float, float], ink) -> None:  # noqa: ANN001
    font = ImageFont.truetype(font_path, px) if font_path else ImageFont.load_default()
    left, top, right, bottom = d.textbbox((0, 0), text, font=font)
    x, y = xy
    d.text((x - left - (right - left) / 2, y - top - (bottom - top) / 2), text, font=font, fill=ink)


def draw_face(tile: str, rng: np.random.Generator, fonts: list[str]) -> np.ndarray:
    """One face of ``tile`` (BGR, ivory-white ground): a random picture, its number in a corner and its character
    (or, one face in six, its English name along the bottom)."""
    h, w = HEIGHT, HEIGHT * 3 // 4
    im = Image.new("RGB", (w, h), (250, 248, 240))
    d = ImageDraw.Draw(im)
    _picture(d, w, h, rng)
    seat = int(tile[0]) if int(tile[0]) <= 4 else int(tile[0]) - 4
    font = fonts[int(rng.integers(len(fonts)))] if fonts else None
    number = str(seat) if rng.random() < 0.7 or not fonts else _CHINESE_NUMERALS[seat - 1]
    left_first = rng.random() < 0.5
    corner = (0.17 * w, 0.13 * h), (0.83 * w, 0.13 * h)
    number_at, char_at = corner if left_first else corner[::-1]
    _text(d, number, font, int(h * rng.uniform(0.13, 0.2)), number_at, _ink(rng))
    if fonts and rng.random() >= 1 / 6:
        size = int(h * rng.uniform(0.14, 0.22))
        at = char_at if rng.random() < 0.75 else (0.5 * w, 0.88 * h)
        _text(d, CHARACTERS[tile], font, size, at, _ink(rng))
    else:
        _text(d, ENGLISH[tile], None if not fonts else font, int(h * 0.09), (0.5 * w, 0.92 * h), _ink(rng))
    return cv2.cvtColor(np.asarray(im), cv2.COLOR_RGB2BGR)


@lru_cache(maxsize=2)
def bonus_faces(per_tile: int = PER_TILE, seed: int = SEED) -> dict[str, list[np.ndarray]]:
    """``per_tile`` drawn faces of each flower and season, the same for the same seed (and glyph fonts)."""
    from sikwu.datasets.synth import glyph_fonts

    fonts = glyph_fonts()
    rng = np.random.default_rng(seed)
    return {tile: [draw_face(tile, rng, fonts) for _ in range(per_tile)] for tile in BONUS_TILES}
