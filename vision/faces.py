"""The project's own drawing of every Hong Kong mahjong tile face, made in code with Pillow.

Why draw instead of ship pictures: the project carries no third-party artwork, yet the page must show players the
tiles it recognised (so they can confirm or correct them) and the classifier needs clean synthetic faces to learn
from. The designs follow the traditional layouts found on real Hong Kong sets (dot and bamboo arrangements, numeral
over a red 萬, coloured dragons, numbered flowers and seasons) so a player recognises a face at a glance.

Everything is drawn on a 300 x 400 design grid at ``style.supersample`` times the output size and downsampled once,
which gives smooth edges without an anti-aliasing dependency. Chinese glyphs come from a CJK font found by
:func:`cjk_font_path` (a font package installed with the project first, then the system's fonts); without one the
face shows a plain Latin label such as ``7m`` instead of failing.
"""

from __future__ import annotations

import functools
import io
import math
import operator
import os
import shutil
import subprocess
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont
from sikwu.scoring.tiles import TILE_IDS

RGB = tuple[int, int, int]

BACK_ID = "back"
#: Every id :func:`render_face` draws: the 42 faces in canonical order, then a face-down tile.
FACE_IDS: tuple[str, ...] = TILE_IDS + (BACK_ID,)
#: Width / height of a tile face, close to a real Hong Kong tile (about 27 x 36 mm).
ASPECT = 0.75

_GRID_W, _GRID_H = 300.0, 400.0
_NUMERALS = "一二三四伍六七八九"  # real sets write five as 伍 on the character tiles
_HONOUR_GLYPHS = {"1z": "東", "2z": "南", "3z": "西", "4z": "北", "6z": "發", "7z": "中"}
_BONUS_GLYPHS = {"1f": "梅", "2f": "蘭", "3f": "菊", "4f": "竹", "5f": "春", "6f": "夏", "7f": "秋", "8f": "冬"}
_LATIN_HONOURS = {"1z": "E", "2z": "S", "3z": "W", "4z": "N", "6z": "F", "7z": "C"}


@dataclass(frozen=True, slots=True)
class FaceStyle:
    """Colours and options of the drawing; frozen so it can key the render cache."""

    ivory: RGB = (247, 242, 226)
    border: RGB = (150, 138, 112)
    background: RGB = (255, 255, 255)
    blue: RGB = (28, 72, 165)
    green: RGB = (22, 128, 62)
    red: RGB = (206, 32, 42)
    ink: RGB = (22, 32, 78)  # winds: near-black dark blue
    back: RGB = (20, 112, 78)  # face-down tiles; a blue set would use e.g. (30, 80, 160)
    flower_band: RGB = (206, 32, 42)
    season_band: RGB = (28, 72, 165)
    corner_index: bool = False  # Arabic index in the top-left corner of suited tiles, as some sets print
    #: Font file for the Chinese glyphs; None takes :func:`cjk_font_path`. Real sets engrave their characters in
    #: many hands (brush, Ming, bold sans), so training renders the faces in every font it can find.
    font: str | None = None
    #: Flowers and seasons as most real sets paint them: a flowering plant, the seat number in one top corner and
    #: a small glyph in the other (the page's faces keep the big glyph, which reads better at a glance).
    bonus_picture: bool = False
    supersample: int = 4


DEFAULT_STYLE = FaceStyle()


# --------------------------------------------------------------------------------------------------------------- font


def system_cjk_fonts() -> list[Path]:
    """Every Chinese font file fontconfig knows, the ones closest to engraved tile characters first."""
    if shutil.which("fc-list") is None:
        return []
    try:
        out = subprocess.run(
            ["fc-list", ":lang=zh", "file"], capture_output=True, text=True, timeout=10, check=False
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return []
    paths = [Path(line.split(":")[0].strip()) for line in out.splitlines() if line.strip()]

    def preference(p: Path) -> tuple[int, str]:
        name = p.name.lower()
        # Bold serif (Ming) shapes are closest to the engraved tile characters; then bold sans; then anything.
        rank = 0 if "serif" in name and "bold" in name else 1 if "bold" in name else 2 if "serif" in name else 3
        return rank, name

    return sorted((p for p in paths if p.is_file()), key=preference)


@functools.cache
def cjk_font_path() -> Path | None:
    """The CJK font faces are drawn with, or None when there is none (faces then carry Latin labels).

    Order: ``SIKWU_CJK_FONT`` (a font file), the Noto Serif TC font of the PyPI package ``pylopdf-fonts-zh-tw`` (a
    project dependency, so every install renders identically), then any Chinese font fontconfig knows about (for
    example Debian's ``fonts-noto-cjk``).
    """
    override = os.environ.get("SIKWU_CJK_FONT")
    if override and Path(override).is_file():
        return Path(override)
    try:
        import pylopdf_fonts_zh_tw  # type: ignore[import-not-found]

        candidate = Path(pylopdf_fonts_zh_tw.serif_path())
        if candidate.is_file():
            return candidate
    except ImportError:
        pass
    system = system_cjk_fonts()
    return system[0] if system else None


def font_description() -> str:
    """Human-readable name of the glyph source, for reports and the UI's about box."""
    path = cjk_font_path()
    return str(path) if path else "no CJK font found: Latin labels (install pylopdf-fonts-zh-tw or fonts-noto-cjk)"


def _draws_cjk(style: FaceStyle) -> bool:
    """Whether glyphs can be drawn in Chinese; without a font the faces carry Latin labels instead."""
    return style.font is not None or cjk_font_path() is not None


@functools.lru_cache(maxsize=512)
def _cjk_font(path: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(path, size)


@functools.lru_cache(maxsize=256)
def _latin_font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    for name in ("DejaVuSans-Bold.ttf", "DejaVuSans.ttf"):
        try:
            return ImageFont.truetype(name, size)
        except OSError:
            continue
    return ImageFont.load_default(size)


# ------------------------------------------------------------------------------------------------------------ canvas


class _Canvas:
    """A supersampled face with drawing helpers in 300 x 400 design units."""

    def __init__(self, width: int, height: int, style: FaceStyle) -> None:
        self.style = style
        self.w, self.h = width * style.supersample, height * style.supersample
        self.sx, self.sy = self.w / _GRID_W, self.h / _GRID_H
        self.s = min(self.sx, self.sy)
        self.image = Image.new("RGB", (self.w, self.h), style.background)
        self.draw = ImageDraw.Draw(self.image)

    def pt(self, x: float, y: float) -> tuple[float, float]:
        return x * self.sx, y * self.sy

    def box(self, x0: float, y0: float, x1: float, y1: float) -> tuple[float, float, float, float]:
        return x0 * self.sx, y0 * self.sy, x1 * self.sx, y1 * self.sy

    def circle(self, x: float, y: float, r: float, fill: RGB) -> None:
        cx, cy = self.pt(x, y)
        rr = r * self.s
        self.draw.ellipse((cx - rr, cy - rr, cx + rr, cy + rr), fill=fill)

    def tile_body(self, fill: RGB) -> None:
        """Rounded ivory face with a thin border: the silhouette every face shares."""
        line = max(1, round(self.h / 96 / self.style.supersample)) * self.style.supersample
        radius = 0.11 * self.w
        self.draw.rounded_rectangle((0, 0, self.w - 1, self.h - 1), radius, fill=self.style.border)
        self.draw.rounded_rectangle((line, line, self.w - 1 - line, self.h - 1 - line), radius - line, fill=fill)

    def text(self, text: str, box: tuple[float, float, float, float], fill: RGB, *, bold: float = 0.035) -> None:
        """Fit ``text`` into a design-unit box, centred, keeping the glyph's proportions."""
        x0, y0, x1, y1 = self.box(*box)
        font_path = self.style.font or cjk_font_path()
        if font_path is not None and not text.isascii():
            make = functools.partial(_cjk_font, str(font_path))
        else:
            make = _latin_font
        ref = 200
        stroke = max(0, round(ref * bold))
        left, top, right, bottom = make(ref).getbbox(text, stroke_width=stroke)
        scale = min((x1 - x0) / max(1, right - left), (y1 - y0) / max(1, bottom - top))
        size = max(4, int(ref * scale))
        font = make(size)
        stroke = max(0, round(size * bold))
        left, top, right, bottom = font.getbbox(text, stroke_width=stroke)
        x = (x0 + x1) / 2 - (left + right) / 2
        y = (y0 + y1) / 2 - (top + bottom) / 2
        self.draw.text((x, y), text, font=font, fill=fill, stroke_width=stroke, stroke_fill=fill)

    def finish(self, width: int, height: int) -> Image.Image:
        return self.image.resize((width, height), Image.Resampling.LANCZOS)


# -------------------------------------------------------------------------------------------------------------- dots


def _dot(c: _Canvas, x: float, y: float, r: float, colour: RGB) -> None:
    """One coin: coloured rim, ivory gap, coloured ring with notches, ivory eye and centre."""
    ivory = c.style.ivory
    c.circle(x, y, r, colour)
    c.circle(x, y, r * 0.80, ivory)
    c.circle(x, y, r * 0.66, colour)
    for k in range(8):  # the little petal notches of a traditional coin
        a = k * math.pi / 4
        c.circle(x + math.cos(a) * r * 0.52, y + math.sin(a) * r * 0.52, r * 0.07, ivory)
    c.circle(x, y, r * 0.34, ivory)
    c.circle(x, y, r * 0.18, colour)


def _big_dot(c: _Canvas) -> None:
    """The one-dot: a large ornate coin in blue, green and red."""
    st = c.style
    x, y = 150, 200
    c.circle(x, y, 118, st.blue)
    c.circle(x, y, 106, st.ivory)
    c.circle(x, y, 98, st.green)
    for k in range(16):
        a = k * math.pi / 8
        c.circle(x + math.cos(a) * 82, y + math.sin(a) * 82, 9, st.ivory)
    c.circle(x, y, 68, st.ivory)
    c.circle(x, y, 60, st.red)
    for k in range(8):
        a = k * math.pi / 4 + math.pi / 8
        c.circle(x + math.cos(a) * 44, y + math.sin(a) * 44, 8, st.ivory)
    c.circle(x, y, 28, st.ivory)
    c.circle(x, y, 16, st.blue)


def _dots(c: _Canvas, rank: int) -> None:
    st = c.style
    b, g, r = st.blue, st.green, st.red
    layouts: dict[int, list[tuple[float, float, float, RGB]]] = {
        2: [(150, 112, 66, g), (150, 288, 66, b)],
        3: [(78, 88, 54, b), (150, 200, 54, r), (222, 312, 54, g)],
        4: [(88, 122, 56, b), (212, 122, 56, g), (88, 278, 56, g), (212, 278, 56, b)],
        5: [(80, 96, 50, b), (220, 96, 50, g), (150, 200, 50, r), (80, 304, 50, g), (220, 304, 50, b)],
        6: [
            (92, 84, 46, g),
            (208, 84, 46, g),
            (92, 212, 46, r),
            (208, 212, 46, r),
            (92, 316, 46, r),
            (208, 316, 46, r),
        ],
        7: [
            (70, 62, 38, g),
            (150, 100, 38, g),
            (230, 138, 38, g),
            (92, 232, 42, r),
            (208, 232, 42, r),
            (92, 326, 42, r),
            (208, 326, 42, r),
        ],
        8: [(x, y, 40, b) for y in (64, 154, 246, 336) for x in (94, 206)],
        9: [(x, y, 40, col) for y, col in ((78, b), (200, r), (322, g)) for x in (64, 150, 236)],
    }
    if rank == 1:
        _big_dot(c)
        return
    for x, y, rad, colour in layouts[rank]:
        _dot(c, x, y, rad, colour)


# ------------------------------------------------------------------------------------------------------------ bamboo


def _stick(c: _Canvas, p0: tuple[float, float], p1: tuple[float, float], half: float, colour: RGB) -> None:
    """One bamboo stick from p0 to p1: a chain of four swellings pinched at the joints, a pale pith down the
    middle broken at the central node, as carved on real tiles."""
    ivory = c.style.ivory
    (x0, y0), (x1, y1) = c.pt(*p0), c.pt(*p1)
    length = math.hypot(x1 - x0, y1 - y0)
    ux, uy = (x1 - x0) / length, (y1 - y0) / length  # along the stick
    nx, ny = -uy, ux  # across the stick
    hw = half * c.s

    def at(t: float) -> tuple[float, float]:
        return x0 + ux * length * t, y0 + uy * length * t

    def oval(t: float, along: float, across: float) -> list[tuple[float, float]]:
        cx, cy = at(t)
        pts = []
        for k in range(24):
            a = k * math.pi / 12
            da, dc = math.cos(a) * along, math.sin(a) * across
            pts.append((cx + ux * da + nx * dc, cy + uy * da + ny * dc))
        return pts

    def band(a: float, b: float, width: float) -> list[tuple[float, float]]:
        (ax, ay), (bx, by) = at(a), at(b)
        return [
            (ax + nx * width, ay + ny * width),
            (bx + nx * width, by + ny * width),
            (bx - nx * width, by - ny * width),
            (ax - nx * width, ay - ny * width),
        ]

    lobe = length / 8
    for t in (0.125, 0.375, 0.625, 0.875):
        c.draw.polygon(oval(t, lobe * 1.18, hw), fill=colour)
    c.draw.polygon(band(0.1, 0.9, hw * 0.72), fill=colour)  # keep the pinches from cutting through
    pith = hw * 0.26
    for a, b in ((0.07, 0.45), (0.55, 0.93)):
        c.draw.polygon(band(a, b, pith), fill=ivory)
        for t in (a, b):
            px, py = at(t)
            c.draw.ellipse((px - pith, py - pith, px + pith, py + pith), fill=ivory)


def _vstick(c: _Canvas, x: float, y: float, length: float, colour: RGB, half: float = 17) -> None:
    _stick(c, (x, y - length / 2), (x, y + length / 2), half, colour)


def _leaf(c: _Canvas, p0: tuple[float, float], p1: tuple[float, float], width: float, colour: RGB) -> None:
    """A pointed leaf or feather from p0 to p1, widest two thirds of the way along."""
    (x0, y0), (x1, y1) = c.pt(*p0), c.pt(*p1)
    length = math.hypot(x1 - x0, y1 - y0)
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    nx, ny = -uy, ux
    half = width * c.s / 2
    side = []
    for k in range(13):
        t = k / 12
        w = half * math.sin(math.pi * t**1.4)
        side.append((t, w))
    pts = [(x0 + ux * length * t + nx * w, y0 + uy * length * t + ny * w) for t, w in side]
    pts += [(x0 + ux * length * t - nx * w, y0 + uy * length * t - ny * w) for t, w in reversed(side)]
    c.draw.polygon(pts, fill=colour)


def _bird(c: _Canvas) -> None:
    """The one-bamboo's bird: a peacock-like bird with a long feathered tail, drawn from simple shapes."""
    st = c.style
    d = c.draw
    # Tail: long feathers sweeping down to the left, each with an eye near its tip.
    feathers = (((140, 250), (30, 330), st.blue), ((145, 262), (62, 385), st.green), ((160, 270), (130, 390), st.blue))
    for (bx, by), (tx, ty), colour in feathers:
        _leaf(c, (bx, by), (tx, ty), 46, colour)
        ex, ey = bx + (tx - bx) * 0.78, by + (ty - by) * 0.78
        c.circle(ex, ey, 12, st.ivory)
        c.circle(ex, ey, 6, st.red)
    # Body, breast and wing.
    d.ellipse(c.box(100, 150, 222, 292), fill=st.green)
    d.ellipse(c.box(160, 165, 220, 255), fill=st.blue)
    _leaf(c, (200, 180), (92, 300), 62, st.blue)
    for k in range(3):
        _leaf(c, (178 - 14 * k, 208 + 10 * k), (112 - 6 * k, 292 - 4 * k), 9, st.ivory)
    # Neck and head.
    d.polygon([c.pt(172, 196), c.pt(208, 124), c.pt(238, 132), c.pt(214, 214)], fill=st.green)
    c.circle(224, 112, 28, st.green)
    d.polygon([c.pt(246, 102), c.pt(280, 120), c.pt(246, 126)], fill=st.red)  # beak
    c.circle(230, 105, 8, st.ivory)
    c.circle(231, 105, 4, (20, 20, 20))
    for k, dx in enumerate((-16, 0, 16)):  # crest
        tip = (214 + dx, 46 + 8 * abs(k - 1))
        d.line([c.pt(222, 86), c.pt(*tip)], fill=st.red, width=max(1, int(6 * c.s)))
        c.circle(*tip, 8, st.red)
    # Legs and feet.
    for lx in (162, 188):
        d.line([c.pt(lx, 282), c.pt(lx - 4, 338)], fill=st.red, width=int(7 * c.s))
        for fx in (-22, 0, 14):
            d.line([c.pt(lx - 4, 338), c.pt(lx - 4 + fx, 352)], fill=st.red, width=int(5 * c.s))


def _bamboo(c: _Canvas, rank: int) -> None:
    st = c.style
    b, g, r = st.blue, st.green, st.red
    if rank == 1:
        _bird(c)
        return
    if rank == 8:
        # Top row forms a W, bottom row an M, as on real sets.
        top = [((40, 40), (95, 182)), ((95, 182), (150, 40)), ((150, 40), (205, 182)), ((205, 182), (260, 40))]
        for (ax, ay), (bx, by) in top:
            # Shorten each stick a little so the W and M read as four sticks, not one zigzag.
            sx, sy = ax + (bx - ax) * 0.08, ay + (by - ay) * 0.08
            ex, ey = bx - (bx - ax) * 0.08, by - (by - ay) * 0.08
            _stick(c, (sx, sy), (ex, ey), 17, g)
            _stick(c, (sx, 400 - sy), (ex, 400 - ey), 17, b)
        return
    layouts: dict[int, list[tuple[float, float, float, RGB]]] = {
        2: [(150, 115, 150, g), (150, 285, 150, b)],
        3: [(150, 115, 150, g), (95, 285, 150, b), (205, 285, 150, b)],
        4: [(95, 115, 150, g), (205, 115, 150, b), (95, 285, 150, b), (205, 285, 150, g)],
        5: [(72, 110, 140, g), (228, 110, 140, b), (150, 200, 140, r), (72, 290, 140, b), (228, 290, 140, g)],
        6: [(x, y, 150, col) for y, col in ((115, g), (285, b)) for x in (70, 150, 230)],
        7: [(150, 72, 100, r)] + [(x, y, 110, col) for y, col in ((192, g), (322, b)) for x in (70, 150, 230)],
        9: [(x, y, 112, col) for y in (72, 200, 328) for x, col in ((66, g), (150, r), (234, b))],
    }
    half = 21 if rank in (5, 7, 9) else 24
    for x, y, length, colour in layouts[rank]:
        _vstick(c, x, y, length, colour, half)


# ----------------------------------------------------------------------------------------------------- glyph tiles


def _characters(c: _Canvas, rank: int) -> None:
    st = c.style
    if not _draws_cjk(c.style):
        c.text(f"{rank}m", (40, 110, 260, 290), st.red)
        return
    c.text(_NUMERALS[rank - 1], (62, 34, 238, 172), st.blue)
    c.text("萬", (44, 186, 256, 372), st.red, bold=0.02)  # dense glyph: less stroke, or it clogs


def _honour(c: _Canvas, tile: str) -> None:
    st = c.style
    if tile == "5z":
        # White dragon: a blue double frame (no glyph, so it never depends on the font).
        line = 16 * c.s
        c.draw.rectangle(c.box(50, 64, 250, 336), outline=st.blue, width=int(line))
        c.draw.rectangle(c.box(82, 96, 218, 304), outline=st.blue, width=int(line * 0.4))
        return
    colour = {"6z": st.green, "7z": st.red}.get(tile, st.ink)
    if not _draws_cjk(c.style):
        c.text(_LATIN_HONOURS[tile], (50, 80, 250, 320), colour)
        return
    c.text(_HONOUR_GLYPHS[tile], (36, 56, 264, 344), colour, bold=0.025 if tile == "6z" else 0.04)


def _blossom(c: _Canvas, x: float, y: float, r: float, colour: RGB) -> None:
    for k in range(5):
        a = -math.pi / 2 + k * 2 * math.pi / 5
        c.circle(x + math.cos(a) * r * 0.55, y + math.sin(a) * r * 0.55, r * 0.48, colour)
    c.circle(x, y, r * 0.28, (236, 190, 40))


def _plant(c: _Canvas, rank: int) -> None:
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


def _bonus(c: _Canvas, tile: str) -> None:
    """Flowers and seasons: numeral in the corner, the glyph, and a colour band that tells the two sets apart."""
    st = c.style
    rank = int(tile[0])
    seat = rank if rank <= 4 else rank - 4
    if st.bonus_picture:
        _plant(c, rank)
        corner = st.red  # flowers and seasons alike: the corners, not their colour, tell them apart
        c.text(str(seat), (18, 14, 78, 92), corner, bold=0.02)
        glyph = _BONUS_GLYPHS[tile] if _draws_cjk(st) else tile
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
    if not _draws_cjk(c.style):
        c.text(tile, (60, 110, 260, 300), glyph_colour)
        return
    c.text(_BONUS_GLYPHS[tile], (74, 80, 272, 306), glyph_colour, bold=0.022)


def _corner_index(c: _Canvas, rank: int) -> None:
    c.text(str(rank), (16, 12, 56, 62), c.style.red, bold=0.02)


def _back(c: _Canvas) -> None:
    inset = 0.09 * c.w
    c.draw.rounded_rectangle((inset, inset, c.w - inset, c.h - inset), radius=0.07 * c.w, fill=c.style.back)


# ------------------------------------------------------------------------------------------------------------ public


def face_size(height: int) -> tuple[int, int]:
    """(width, height) of a face drawn at ``height`` pixels."""
    return round(height * ASPECT), height


@functools.lru_cache(maxsize=1024)
def _render_cached(tile_id: str, height: int, style: FaceStyle) -> Image.Image:
    width, _ = face_size(height)
    c = _Canvas(width, height, style)
    c.tile_body(style.ivory)
    rank, suit = tile_id[0], tile_id[-1]
    if tile_id == BACK_ID:
        _back(c)
    elif suit == "p":
        _dots(c, int(rank))
    elif suit == "s":
        _bamboo(c, int(rank))
    elif suit == "m":
        _characters(c, int(rank))
    elif suit == "z":
        _honour(c, tile_id)
    else:
        _bonus(c, tile_id)
    if style.corner_index and suit in "mps" and tile_id != BACK_ID:
        _corner_index(c, int(rank))
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


if __name__ == "__main__":  # python -m sikwu.vision.faces [out.png] [height]
    import sys

    out = sys.argv[1] if len(sys.argv) > 1 else "/tmp/faces_preview.png"
    h = int(sys.argv[2]) if len(sys.argv) > 2 else 96
    preview_sheet(h).save(out)
    print(f"wrote {out} ({font_description()})")
