"""Flower and season faces in which only the name and the seat number tell the eight apart.

Why: on held-out art the classifier names under half of the flowers and seasons right (docs/benchmarks.md), and
reads a set's large 梅 as the character tile 1m: it learnt each training set's pictures and colours, not what tells
the eight apart. Real sets say which bonus tile a face is with a name, a Chinese character (梅蘭菊竹 / 春夏秋冬,
large or in a corner) or an English name or its abbreviation (PLUM, ORCHID, MUM, BAMBOO / SPRING, SUMMER, AUTUMN,
WINTER), and often a seat number (1-4 or 一二三四); the picture is the set's own. Each face here draws the name (and
mostly the number) in a font, size, ink and place drawn at random over a picture drawn at random *independently of
the tile*: a plant, a pot, a sun or a leaf may stand on any of the eight, so only what names the tile on a real set
names it here. Fonts are the system's (fontconfig) and the CJK fonts the artwork draws with; none is copied.
"""

from __future__ import annotations

import math
import shutil
import subprocess
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

#: Bonus tile -> its Chinese name.
CHINESE = {"1f": "梅", "2f": "蘭", "3f": "菊", "4f": "竹", "5f": "春", "6f": "夏", "7f": "秋", "8f": "冬"}
#: Bonus tile -> the English names sets print: the name, a short name, the first three letters.
ENGLISH = {
    "1f": ("PLUM",), "2f": ("ORCHID", "ORC"), "3f": ("CHRYSANTHEMUM", "MUM", "CHRYS"), "4f": ("BAMBOO", "BAM"),
    "5f": ("SPRING", "SPR"), "6f": ("SUMMER", "SUM"), "7f": ("AUTUMN", "AUT", "FALL"), "8f": ("WINTER", "WIN"),
}  # fmt: skip
SEAT_NUMERALS = ("1234", "一二三四")
#: Inks sets paint names and pictures with (RGB): reds, greens, blues, black, gold, purple, orange.
INKS = (
    (200, 30, 40), (150, 20, 30), (30, 130, 50), (20, 90, 40), (30, 80, 180), (20, 40, 110), (25, 25, 30),
    (190, 140, 30), (120, 40, 140), (230, 110, 30),
)  # fmt: skip
#: Faces drawn per bonus tile for the synthetic renders' face pools (``synth.all_faces``).
PER_TILE = 12
#: The seed those faces are drawn from (fixed: the pools are part of the data version through this file).
SEED = 0


def _fc_files(pattern: str) -> list[str]:
    if shutil.which("fc-list") is None:
        return []
    try:
        out = subprocess.run(["fc-list", pattern, "file"], capture_output=True, text=True, timeout=10, check=False)
    except (OSError, subprocess.SubprocessError):
        return []
    return sorted({line.split(":")[0].strip() for line in out.stdout.splitlines() if line.strip()})


@lru_cache(maxsize=1)
def latin_fonts() -> tuple[str, ...]:
    """Proportional Latin fonts fontconfig knows (no symbol, maths or monospaced ones), sorted by path."""
    skip = ("math", "mono", "symbol", "emoji", "wqy", "noto")
    files = [f for f in _fc_files(":lang=en") if f.lower().endswith((".ttf", ".otf"))]
    return tuple(f for f in files if not any(s in Path(f).name.lower() for s in skip))


@lru_cache(maxsize=1)
def cjk_fonts() -> tuple[str, ...]:
    """The Chinese fonts the project's own faces draw with (``synth.glyph_fonts``)."""
    from sikwu.datasets.synth import glyph_fonts

    return tuple(glyph_fonts())


def _font(path: str | None, size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    if path is None:
        return ImageFont.load_default(size=size)
    return ImageFont.truetype(path, size=size)


def _fit_text(
    draw: ImageDraw.ImageDraw, text: str, font_path: str | None, box: tuple[int, int, int, int], ink: tuple
) -> None:
    """``text`` as large as fits ``box`` (x0, y0, x1, y1), centred in it."""
    x0, y0, x1, y1 = box
    size = max(6, y1 - y0)
    while size > 6:
        font = _font(font_path, size)
        left, top, right, bottom = draw.textbbox((0, 0), text, font=font)
        if right - left <= x1 - x0 and bottom - top <= y1 - y0:
            break
        size = int(size * 0.9)
    font = _font(font_path, size)
    left, top, right, bottom = draw.textbbox((0, 0), text, font=font)
    at = ((x0 + x1 - (right - left)) / 2 - left, (y0 + y1 - (bottom - top)) / 2 - top)
    draw.text(at, text, fill=ink, font=font)


def _ink(rng: np.random.Generator) -> tuple[int, int, int]:
    return INKS[int(rng.integers(len(INKS)))]


def _blossom(draw: ImageDraw.ImageDraw, x: float, y: float, r: float, ink: tuple, rng: np.random.Generator) -> None:
    petals = int(rng.integers(4, 7))
    turn = rng.uniform(0, math.pi)
    for k in range(petals):
        a = turn + k * 2 * math.pi / petals
        px, py = x + math.cos(a) * r * 0.55, y + math.sin(a) * r * 0.55
        draw.ellipse((px - r * 0.45, py - r * 0.45, px + r * 0.45, py + r * 0.45), fill=ink)
    draw.ellipse((x - r * 0.25, y - r * 0.25, x + r * 0.25, y + r * 0.25), fill=(235, 190, 40))


def _plant(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], rng: np.random.Generator) -> None:
    """Stems with leaves and blossoms, sometimes in a pot: the kind of picture any of the eight may carry."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    green = INKS[int(rng.choice([2, 3]))]
    if rng.random() < 0.3:  # a pot or basket
        draw.polygon([(x0 + w * 0.25, y1 - h * 0.22), (x1 - w * 0.25, y1 - h * 0.22), (x1 - w * 0.33, y1),
                      (x0 + w * 0.33, y1)], fill=_ink(rng))  # fmt: skip
        y1 = int(y1 - h * 0.2)
    tips = []
    for _ in range(int(rng.integers(1, 4))):
        bx = x0 + w * rng.uniform(0.35, 0.65)
        tx, ty = x0 + w * rng.uniform(0.1, 0.9), y0 + h * rng.uniform(0.05, 0.4)
        mx, my = (bx + tx) / 2 + w * rng.uniform(-0.2, 0.2), (y1 + ty) / 2
        draw.line([(bx, y1), (mx, my), (tx, ty)], fill=green, width=max(2, int(w * rng.uniform(0.02, 0.06))))
        tips.append((tx, ty))
        for _ in range(int(rng.integers(1, 4))):  # leaves along the stem
            t = rng.uniform(0.2, 0.8)
            lx, ly = bx + (mx - bx) * t * 2 if t < 0.5 else mx + (tx - mx) * (t - 0.5) * 2, y1 + (ty - y1) * t
            rx, ry = w * rng.uniform(0.06, 0.14), h * rng.uniform(0.03, 0.06)
            draw.ellipse((lx - rx, ly - ry, lx + rx, ly + ry), fill=green)
    for tx, ty in tips[: int(rng.integers(0, len(tips) + 1))]:
        _blossom(draw, tx, ty, w * rng.uniform(0.08, 0.16), _ink(rng), rng)


def _emblem(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], rng: np.random.Generator) -> None:
    """A sun, a snowflake or a leaf: pictures some sets give seasons, here on any of the eight."""
    x0, y0, x1, y1 = box
    cx, cy, r = (x0 + x1) / 2, (y0 + y1) / 2, min(x1 - x0, y1 - y0) * rng.uniform(0.25, 0.4)
    ink, kind = _ink(rng), int(rng.integers(3))
    rays = int(rng.integers(6, 13))
    if kind == 0:  # sun
        draw.ellipse((cx - r * 0.6, cy - r * 0.6, cx + r * 0.6, cy + r * 0.6), fill=ink)
    for k in range(rays if kind < 2 else 0):
        a = k * 2 * math.pi / rays
        inner = r * (0.7 if kind == 0 else 0.0)
        draw.line([(cx + math.cos(a) * inner, cy + math.sin(a) * inner), (cx + math.cos(a) * r, cy + math.sin(a) * r)],
                  fill=ink, width=max(1, int(r * 0.12)))  # fmt: skip
    if kind == 2:  # leaf
        draw.polygon([(cx, cy - r), (cx + r * 0.7, cy), (cx, cy + r), (cx - r * 0.7, cy)], fill=ink)
        draw.line([(cx, cy - r), (cx, cy + r * 1.2)], fill=(60, 40, 20), width=max(1, int(r * 0.08)))


def tile_name(tile: str, rng: np.random.Generator) -> tuple[str, str | None]:
    """(text, font) naming ``tile``: its Chinese character (when a CJK font exists) or an English name."""
    cjk = cjk_fonts()
    if cjk and rng.random() < 0.6:
        return CHINESE[tile], cjk[int(rng.integers(len(cjk)))]
    word = ENGLISH[tile][int(rng.integers(len(ENGLISH[tile])))]
    word = word if rng.random() < 0.6 else word.title()
    latin = latin_fonts()
    return word, latin[int(rng.integers(len(latin)))] if latin else None


def seat_number(tile: str, rng: np.random.Generator) -> tuple[str, str | None]:
    """(numeral, font) of the seat ``tile`` belongs to (flower or season N: seat N), Arabic or Chinese."""
    seat = (int(tile[0]) - 1) % 4
    chinese = bool(cjk_fonts()) and rng.random() < 0.5
    fonts = cjk_fonts() if chinese else (latin_fonts() or (None,))
    return SEAT_NUMERALS[int(chinese)][seat], fonts[int(rng.integers(len(fonts)))]


def bonus_face(tile: str, rng: np.random.Generator, height: int = 128) -> np.ndarray:
    """One face (BGR, height x 3/4 height) of bonus tile ``tile`` (``1f``..``8f``)."""
    w, h = round(height * 0.75), height
    grey = int(rng.integers(228, 253))  # white to ivory: a tile's face, not a coloured card
    ground = (min(255, grey + int(rng.integers(0, 6))), grey, max(0, grey - int(rng.integers(0, 16))))
    img = Image.new("RGB", (w, h), ground)
    draw = ImageDraw.Draw(img)
    text, font = tile_name(tile, rng)
    layout = int(rng.integers(3))  # 0: name large in the middle; 1: name in a band; 2: name small in a corner
    if layout == 0:
        if rng.random() < 0.5:
            _plant(draw, (int(w * 0.1), int(h * 0.6), int(w * 0.9), int(h * 0.96)), rng)
            name_box = (int(w * 0.12), int(h * 0.21), int(w * 0.88), int(h * 0.6))
        else:
            name_box = (int(w * 0.1), int(h * 0.22), int(w * 0.9), int(h * 0.86))
    elif layout == 1:
        top = rng.random() < 0.5
        name_box = (int(w * 0.06), int(h * 0.03), int(w * 0.94), int(h * 0.2)) if top else (
            int(w * 0.06), int(h * 0.8), int(w * 0.94), int(h * 0.97))  # fmt: skip
        picture = (int(w * 0.08), int(h * 0.24), int(w * 0.92), int(h * 0.78)) if top else (
            int(w * 0.08), int(h * 0.04), int(w * 0.92), int(h * 0.76))  # fmt: skip
        (_plant if rng.random() < 0.75 else _emblem)(draw, picture, rng)
    else:
        (_plant if rng.random() < 0.75 else _emblem)(draw, (int(w * 0.06), int(h * 0.2), int(w * 0.94), h - 4), rng)
        side = rng.random() < 0.5
        name_box = (int(w * 0.6), 4, w - 4, int(h * 0.24)) if side else (4, 4, int(w * 0.4), int(h * 0.24))
    _fit_text(draw, text, font, name_box, _ink(rng))
    if rng.random() < 0.8:  # the seat number, in a top corner the name left free (or the bottom one)
        digit, digit_font = seat_number(tile, rng)
        left = layout == 2 and name_box[0] > w / 2
        corner = (4, 4, int(w * 0.3), int(h * 0.2)) if left else (w - int(w * 0.3), 4, w - 4, int(h * 0.2))
        if layout == 1 and name_box[1] < h / 2:
            corner = (corner[0], h - int(h * 0.2), corner[2], h - 4)
        _fit_text(draw, digit, digit_font, corner, _ink(rng))
    return cv2.cvtColor(np.asarray(img), cv2.COLOR_RGB2BGR)


@lru_cache(maxsize=2)
def bonus_faces(height: int = 128, per_tile: int = PER_TILE, seed: int = SEED) -> dict[str, list[np.ndarray]]:
    """``per_tile`` faces of each of the eight bonus tiles, drawn from ``seed``."""
    rng = np.random.default_rng(seed)
    return {tile: [bonus_face(tile, rng, height) for _ in range(per_tile)] for tile in CHINESE}
