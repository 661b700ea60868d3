"""The glyph tiles: characters (萬), winds and dragons, flowers and seasons, and the face-down back.

Chinese glyphs come from the CJK font :func:`sikwu.artwork.fonts.glyph_font_path` finds; without one each face shows
a plain Latin label (``7m``, ``E``, ``1f``) instead, still distinct from every other face.
"""

from __future__ import annotations

import math

from sikwu.artwork.canvas import Canvas
from sikwu.artwork.fonts import draws_cjk
from sikwu.artwork.style import RGB

_NUMERALS = "一二三四伍六七八九"  # real sets write five as 伍 on the character tiles
_HONOUR_GLYPHS = {"1z": "東", "2z": "南", "3z": "西", "4z": "北", "6z": "發", "7z": "中"}
_BONUS_GLYPHS = {"1f": "梅", "2f": "蘭", "3f": "菊", "4f": "竹", "5f": "春", "6f": "夏", "7f": "秋", "8f": "冬"}
_LATIN_HONOURS = {"1z": "E", "2z": "S", "3z": "W", "4z": "N", "6z": "F", "7z": "C"}


def characters(c: Canvas, rank: int) -> None:
    """The characters (萬) suit: the numeral over a red 萬 (a Latin label without a CJK font)."""
    st = c.style
    if not draws_cjk(c.style.font):
        c.text(f"{rank}m", (40, 110, 260, 290), st.red)
        return
    c.text(_NUMERALS[rank - 1], (62, 34, 238, 172), st.blue)
    c.text("萬", (44, 186, 256, 372), st.red, bold=0.02)  # dense glyph: less stroke, or it clogs


def honour(c: Canvas, tile: str) -> None:
    """Winds and dragons: one big glyph; the white dragon a blue double frame."""
    st = c.style
    if tile == "5z":
        # White dragon: a blue double frame (no glyph, so it never depends on the font).
        line = 16 * c.s
        c.draw.rectangle(c.box(50, 64, 250, 336), outline=st.blue, width=int(line))
        c.draw.rectangle(c.box(82, 96, 218, 304), outline=st.blue, width=int(line * 0.4))
        return
    colour = {"6z": st.green, "7z": st.red}.get(tile, st.ink)
    if not draws_cjk(c.style.font):
        c.text(_LATIN_HONOURS[tile], (50, 80, 250, 320), colour)
        return
    c.text(_HONOUR_GLYPHS[tile], (36, 56, 264, 344), colour, bold=0.025 if tile == "6z" else 0.04)


def _blossom(c: Canvas, x: float, y: float, r: float, colour: RGB) -> None:
    for k in range(5):
        a = -math.pi / 2 + k * 2 * math.pi / 5
        c.circle(x + math.cos(a) * r * 0.55, y + math.sin(a) * r * 0.55, r * 0.48, colour)
    c.circle(x, y, r * 0.28, (236, 190, 40))


def _plant(c: Canvas, rank: int) -> None:
    """A flowering plant filling the face below the corners: a stem, leaves, and blossoms whose number and colours
    vary with the tile (so the picture alone never names it, as on real sets where the corners do)."""
    st = c.style
    c.draw.line([c.pt(150, 372), c.pt(146, 250), c.pt(160, 150)], fill=st.green, width=int(9 * c.s))
    for x0, y0, x1, y1 in ((84, 262, 148, 292), (152, 222, 218, 250), (92, 318, 148, 344), (152, 300, 214, 330)):
        c.draw.ellipse(c.box(x0, y0, x1, y1), fill=st.green)
    colours = (st.red, st.blue, (222, 110, 160))
    spots = ((160, 150, 44), (98, 206, 30), (212, 196, 30))
    for k, (x, y, r) in enumerate(spots[: 1 + rank % 3]):
        _blossom(c, x, y, r, colours[(rank + k) % 3])


def bonus(c: Canvas, tile: str) -> None:
    """Flowers and seasons: numeral in the corner, the glyph, and a colour band that tells the two sets apart."""
    st = c.style
    rank = int(tile[0])
    seat = rank if rank <= 4 else rank - 4
    if st.bonus_picture:
        _plant(c, rank)
        corner = st.red  # flowers and seasons alike: the corners, not their colour, tell them apart
        c.text(str(seat), (18, 14, 78, 92), corner, bold=0.02)
        glyph = _BONUS_GLYPHS[tile] if draws_cjk(st.font) else tile
        c.text(glyph, (206, 14, 286, 96), corner, bold=0.02)
        return
    band = st.flower_band if rank <= 4 else st.season_band
    c.draw.rounded_rectangle(c.box(28, 318, 272, 372), radius=10 * c.s, fill=band)
    if rank <= 4:
        for k, bx in enumerate((80, 150, 220)):
            _blossom(c, bx, 345, 20 if k == 1 else 16, st.ivory)
    else:
        for bx in (80, 150, 220):
            c.circle(bx, 345, 13, st.ivory)
            c.circle(bx, 345, 8, band)
    c.text(str(seat), (30, 26, 96, 104), band, bold=0.02)
    glyph_colour = st.green if rank <= 4 else st.ink
    if not draws_cjk(c.style.font):
        c.text(tile, (60, 110, 260, 300), glyph_colour)
        return
    c.text(_BONUS_GLYPHS[tile], (74, 80, 272, 306), glyph_colour, bold=0.022)


def corner_index(c: Canvas, rank: int) -> None:
    """The Arabic rank in the top-left corner, as some sets print it on suited tiles."""
    c.text(str(rank), (16, 12, 56, 62), c.style.red, bold=0.02)


def back(c: Canvas) -> None:
    """A face-down tile: the coloured back inside the ivory rim."""
    inset = 0.09 * c.w
    c.draw.rounded_rectangle((inset, inset, c.w - inset, c.h - inset), radius=0.07 * c.w, fill=c.style.back)
