"""Tile faces drawn from the I.Mahjong fonts (``../shared/datasets/tile-art/i-mahjong-font``), inked in colour.

Why: the classifier misnames the faces of held-out sets (a flower read as a bamboo one, a season as a plum) because
training shows it few hands of dots, bamboo and bonus pictures. The four I.Mahjong fonts draw every face in the
Hong Kong, Taiwanese, Cantonese and Japanese manner (ringed and crossed dots, other birds, flowers numbered in
Arabic or Chinese numerals), a designer's hand no training set has. A font glyph is black outline art inside a
drawn tile frame, so the frame is cut away and the inside inked as sets ink it: each cluster of strokes (a dot, a
stick, a character, a flower) gets its own colour from the inks tile sets use, drawn from a seed per font and
tile, so the model learns shapes, not one colour scheme. The joker and back glyphs are not used; the fonts are read
from ``../shared`` by path on every run and never copied.
"""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont
from sikwu.datasets.paths import shared_path

#: The four drawing styles (file ``I.Mahjong<V>.otf``).
VARIANTS = ("HK", "TW", "CAN", "JP")
#: Source name of these faces in ``datasets.scenes.art``.
SOURCE = "i-mahjong-font"
#: Unicode Mahjong Tiles code point -> canonical tile id (1F024 is the bamboo flower, 4f; 1F025 chrysanthemum, 3f).
CODEPOINTS: dict[int, str] = {
    0x1F000: "1z", 0x1F001: "2z", 0x1F002: "3z", 0x1F003: "4z", 0x1F004: "7z", 0x1F005: "6z", 0x1F006: "5z",
    **{0x1F007 + r: f"{r + 1}m" for r in range(9)},
    **{0x1F010 + r: f"{r + 1}s" for r in range(9)},
    **{0x1F019 + r: f"{r + 1}p" for r in range(9)},
    0x1F022: "1f", 0x1F023: "2f", 0x1F024: "4f", 0x1F025: "3f",
    0x1F026: "5f", 0x1F027: "6f", 0x1F028: "7f", 0x1F029: "8f",
}  # fmt: skip
#: Inks of real sets (BGR): red, green, blue, black, navy.
INKS = ((40, 40, 195), (55, 135, 35), (175, 95, 30), (30, 30, 32), (110, 45, 20))
#: Strokes closer than this share of the face's width are one cluster and take one ink.
CLUSTER_GAP = 0.04
_RENDER_PX = 360
#: Pixels (at ``_RENDER_PX``) of the frame's soft edge removed with it.
FRAME_RIM = 3


def font_path(variant: str) -> str:
    return str(shared_path("datasets", "tile-art", "i-mahjong-font", f"I.Mahjong{variant}.otf"))


def _glyph(font: ImageFont.FreeTypeFont, codepoint: int) -> np.ndarray:
    """The glyph as a uint8 ink mask (255 = ink), with a margin."""
    ch = chr(codepoint)
    left, top, right, bottom = font.getbbox(ch)
    im = Image.new("L", (right - left + 8, bottom - top + 8), 0)
    ImageDraw.Draw(im).text((4 - left, 4 - top), ch, font=font, fill=255)
    return np.asarray(im)


def _inside_frame(ink: np.ndarray) -> np.ndarray | None:
    """The ink inside the glyph's drawn tile frame, cropped to the frame's inner edge (None: no frame found)."""
    binary = (ink > 127).astype(np.uint8)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(binary, connectivity=8)
    if n < 2:
        return None
    frame = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_WIDTH] * stats[1:, cv2.CC_STAT_HEIGHT]))  # the outermost
    hole = (labels != frame).astype(np.uint8)
    # The frame's inside is the hole component holding the glyph's centre.
    _, hole_labels, hole_stats, _ = cv2.connectedComponentsWithStats(hole, connectivity=4)
    h, w = ink.shape
    inner = int(hole_labels[h // 2, w // 2])
    if inner == 0 or labels[h // 2, w // 2] == frame:
        return None
    x, y, bw, bh = (int(v) for v in hole_stats[inner, :4])
    if bw < w // 2 or bh < h // 2:
        return None
    # The frame's anti-aliased inner edge lies outside its thresholded label: drop a rim of FRAME_RIM px too.
    rim = cv2.dilate((labels == frame).astype(np.uint8), np.ones((2 * FRAME_RIM + 1,) * 2, np.uint8))
    return np.where(rim > 0, 0, ink)[y : y + bh, x : x + bw]


def ink_in_colour(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """BGR face on white: each cluster of strokes of ``mask`` (uint8, 255 = ink) in one of ``INKS``."""
    h, w = mask.shape
    gap = max(1, round(CLUSTER_GAP * w))
    grown = cv2.dilate((mask > 127).astype(np.uint8), np.ones((gap, gap), np.uint8))
    n, clusters = cv2.connectedComponents(grown, connectivity=8)
    colours = np.array([INKS[int(rng.integers(len(INKS)))] for _ in range(max(n, 1))], np.float32)
    alpha = (mask.astype(np.float32) / 255.0)[..., None]
    out = 255.0 * (1.0 - alpha) + colours[clusters] * alpha
    return out.astype(np.uint8)


@lru_cache(maxsize=1)
def font_faces() -> dict[str, tuple[tuple[str, np.ndarray], ...]]:
    """tile id -> ((variant, BGR face on white), ...): every face of every I.Mahjong font on this machine."""
    out: dict[str, list[tuple[str, np.ndarray]]] = {}
    for v_index, variant in enumerate(VARIANTS):
        try:
            font = ImageFont.truetype(font_path(variant), _RENDER_PX)
        except OSError:  # the fonts are not there (no ../shared): the other art sets still train
            continue
        for codepoint, tile in CODEPOINTS.items():
            inside = _inside_frame(_glyph(font, codepoint))
            if inside is None:
                continue
            rng = np.random.default_rng([v_index, codepoint])
            out.setdefault(tile, []).append((variant, ink_in_colour(inside, rng)))
    return {t: tuple(v) for t, v in out.items()}
