"""A supersampled drawing surface in tile design units, shared by every face.

Everything is drawn on a 300 x 400 design grid at ``style.supersample`` times the output size and downsampled once,
which gives smooth edges without an anti-aliasing dependency.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from PIL import Image, ImageDraw, ImageFont
from sikwu.artwork.fonts import cjk_font, glyph_font_path, latin_font
from sikwu.artwork.style import RGB, FaceStyle

GRID_W, GRID_H = 300.0, 400.0


class Canvas:
    """A supersampled face with drawing helpers in 300 x 400 design units."""

    def __init__(self, width: int, height: int, style: FaceStyle) -> None:
        self.style = style
        self.w, self.h = width * style.supersample, height * style.supersample
        self.sx, self.sy = self.w / GRID_W, self.h / GRID_H
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
        font_path = glyph_font_path(self.style.font)
        make: Callable[[int], ImageFont.FreeTypeFont | ImageFont.ImageFont] = latin_font
        if font_path is not None and not text.isascii():
            make = functools.partial(cjk_font, font_path)
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
