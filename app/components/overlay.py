"""The photo with every found tile outlined and numbered, so the numbers on the tile buttons point at the table.

Pure Pillow (no Streamlit): the page and the tests can both call :func:`annotate`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from PIL import Image, ImageDraw, ImageFont

OK = (46, 160, 67)  # found and confident
LOW = (245, 159, 0)  # low confidence: check this one
CHANGED = (28, 126, 214)  # corrected by the player or the recogniser
GONE = (224, 49, 49)  # deleted by the player


def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    for name in ("DejaVuSans-Bold.ttf", "Arial Bold.ttf", "arialbd.ttf"):
        try:
            return ImageFont.truetype(name, size)
        except OSError:
            continue
    return ImageFont.load_default(size=size)


def _outline(box: Sequence[float] | None, quad: Any) -> list[tuple[float, float]] | None:
    if quad is not None:
        pts = np.asarray(quad, dtype=float).reshape(-1, 2)
        if len(pts) >= 3:
            return [(float(x), float(y)) for x, y in pts]
    if box is not None and len(box) == 4:
        x0, y0, x1, y1 = (float(v) for v in box)
        if x1 < x0 or y1 < y0:  # (x, y, w, h)
            x1, y1 = x0 + x1, y0 + y1
        return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    return None


def annotate(
    rgb: np.ndarray,
    boxes: Sequence[Sequence[float] | None],
    quads: Sequence[Any],
    states: Sequence[str],
    labels: Sequence[str],
    max_width: int = 1200,
    coord_scale: float = 1.0,
) -> Image.Image:
    """Draw each tile's outline and number; ``states[i]`` is "ok", "low", "changed" or "deleted".

    ``coord_scale`` maps box/quad coordinates onto ``rgb`` when it is a reduced copy of the recognised photo."""
    img = Image.fromarray(rgb)
    scale = min(1.0, max_width / img.width) * coord_scale
    if scale / coord_scale < 1.0:
        f = scale / coord_scale
        img = img.resize((round(img.width * f), round(img.height * f)), Image.Resampling.LANCZOS)
    draw = ImageDraw.Draw(img)
    stroke = max(2, round(img.width / 300))
    font = _font(max(14, round(img.width / 40)))
    colours = {"ok": OK, "low": LOW, "changed": CHANGED, "deleted": GONE}
    for i, label in enumerate(labels):
        outline = _outline(boxes[i] if i < len(boxes) else None, quads[i] if i < len(quads) else None)
        if outline is None:
            continue
        pts = [(x * scale, y * scale) for x, y in outline]
        colour = colours.get(states[i], OK)
        draw.line(pts + [pts[0]], fill=colour, width=stroke)
        # the label sits on the tile's own top-left corner (quads are ordered tl, tr, br, bl of the upright tile),
        # so it stays on its tile when the row is photographed at an angle
        left, top, right, bottom = draw.textbbox((0, 0), label, font=font)
        w, h = right - left + 6, bottom - top + 6
        x = min(max(pts[0][0], 0), img.width - w)
        ty = min(max(pts[0][1], 0), img.height - h)
        draw.rectangle([x, ty, x + w, ty + h], fill=colour)
        draw.text((x + 3 - left, ty + 3 - top), label, fill=(255, 255, 255), font=font)
    return img
