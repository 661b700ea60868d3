"""Render tile faces: one face, a row of faces for the page, PNG bytes for a Streamlit rerun, a preview sheet.

Why draw instead of ship pictures: the project carries no third-party artwork, yet the page must show players the
tiles it recognised (so they can confirm or correct them) and the classifier needs clean synthetic faces to learn
from.  Each face is the shared tile body (``canvas``) with its suit's drawing (``suits`` for dots and bamboo,
``glyphs`` for characters, honours, flowers and seasons) and is cached per (tile, height, style).
"""

from __future__ import annotations

import functools
import io
import math
import operator
from collections.abc import Mapping, Sequence

from PIL import Image, ImageDraw
from sikwu.artwork import glyphs, suits
from sikwu.artwork.canvas import Canvas
from sikwu.artwork.style import ASPECT, DEFAULT_STYLE, FaceStyle
from sikwu.scoring.tiles import TILE_IDS

BACK_ID = "back"
#: Every id :func:`render_face` draws: the 42 faces in canonical order, then a face-down tile.
FACE_IDS: tuple[str, ...] = TILE_IDS + (BACK_ID,)


def face_size(height: int) -> tuple[int, int]:
    """(width, height) of a face drawn at ``height`` pixels."""
    return round(height * ASPECT), height


@functools.lru_cache(maxsize=1024)
def _render_cached(tile_id: str, height: int, style: FaceStyle) -> Image.Image:
    width, _ = face_size(height)
    c = Canvas(width, height, style)
    c.tile_body(style.ivory)
    rank, suit = tile_id[0], tile_id[-1]
    if tile_id == BACK_ID:
        glyphs.back(c)
    elif suit == "p":
        suits.dots(c, int(rank))
    elif suit == "s":
        suits.bamboo(c, int(rank))
    elif suit == "m":
        glyphs.characters(c, int(rank))
    elif suit == "z":
        glyphs.honour(c, tile_id)
    else:
        glyphs.bonus(c, tile_id)
    if style.corner_index and suit in "mps" and tile_id != BACK_ID:
        glyphs.corner_index(c, int(rank))
    return c.finish(width, height)


def render_face(tile_id: str, height: int = 96, *, style: FaceStyle | None = None) -> Image.Image:
    """Draw one tile face (or ``"back"``) as an RGB image ``round(height * 0.75)`` wide and ``height`` tall."""
    if tile_id not in FACE_IDS:
        raise ValueError(f"unknown tile id {tile_id!r}: expected one of scoring.tiles.TILE_IDS or 'back'")
    try:
        pixels = operator.index(height)
    except TypeError:
        raise ValueError(f"face height must be a whole number of pixels, got {height!r}") from None
    if pixels < 8:
        raise ValueError(f"face height must be at least 8 pixels, got {pixels}")
    return _render_cached(tile_id, pixels, style or DEFAULT_STYLE).copy()


def render_hand_strip(
    tile_ids: Sequence[str],
    height: int = 72,
    gap: int = 4,
    highlight: Mapping[int, str] | None = None,
    *,
    style: FaceStyle | None = None,
) -> Image.Image:
    """A row of faces for the page; ``highlight`` maps a tile's index to an outline colour (any Pillow colour)."""
    style = style or DEFAULT_STYLE
    highlight = dict(highlight or {})
    for index in highlight:
        if not 0 <= index < len(tile_ids):
            raise ValueError(f"highlight index {index} is outside the strip of {len(tile_ids)} tiles")
    width, _ = face_size(height)
    pad = max(gap, 3)
    total_w = 2 * pad + len(tile_ids) * width + max(0, len(tile_ids) - 1) * gap
    strip = Image.new("RGB", (total_w, height + 2 * pad), style.background)
    draw = ImageDraw.Draw(strip)
    outline = max(2, min(pad, 3))
    for i, tile in enumerate(tile_ids):
        x = pad + i * (width + gap)
        strip.paste(render_face(tile, height, style=style), (x, pad))
        if i in highlight:
            draw.rounded_rectangle(
                (x - outline, pad - outline, x + width - 1 + outline, pad + height - 1 + outline),
                radius=round(0.11 * width) + outline,
                outline=highlight[i],
                width=outline,
            )
    return strip


@functools.lru_cache(maxsize=512)
def face_png_bytes(tile_id: str, height: int = 96) -> bytes:
    """PNG of a face in the default style, cached so a Streamlit rerun does not redraw every tile."""
    buffer = io.BytesIO()
    render_face(tile_id, height).save(buffer, format="PNG", optimize=True)
    return buffer.getvalue()


def preview_sheet(height: int = 96, columns: int = 9, *, style: FaceStyle | None = None) -> Image.Image:
    """All faces plus the back on one sheet, in canonical order: for looking at the drawing as players will."""
    width, _ = face_size(height)
    gap = max(4, height // 12)
    rows = math.ceil(len(FACE_IDS) / columns)
    sheet = Image.new("RGB", (columns * (width + gap) + gap, rows * (height + gap) + gap), (60, 110, 80))
    for i, tile in enumerate(FACE_IDS):
        r, col = divmod(i, columns)
        sheet.paste(render_face(tile, height, style=style), (gap + col * (width + gap), gap + r * (height + gap)))
    return sheet
