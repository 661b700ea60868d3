"""Tile pictures for buttons and palettes: the project's own drawn faces, framed by state.

A coloured frame carries the state a player must notice (low confidence, changed, winning) into the picture itself,
because the picture, not the caption, is what the eye goes to on a phone.
"""

from __future__ import annotations

import functools
import io

from PIL import Image, ImageDraw
from sikwu.app import services
from sikwu.app.components.overlay import CHANGED, GONE, LOW

WINNING = (156, 54, 181)
FRAME = {"low": LOW, "changed": CHANGED, "unknown": GONE, "winning": WINNING}


@functools.lru_cache(maxsize=512)
def tile_png(tile: str, height: int = 56, state: str = "ok") -> bytes | None:
    """PNG of ``tile`` at ``height`` px with a frame for ``state``; None when tile pictures are unavailable."""
    if tile in services.TILE_IDS:
        try:
            face = Image.open(io.BytesIO(services.face_png(tile, height))).convert("RGBA")
        except services.Unavailable:
            return None
        except Exception:  # a drawing bug for one tile: show it by name instead of failing the page
            return None
    else:  # face down or unknown: a plain tile back with a question mark, clearly not a face
        w = round(height * 0.75)
        face = Image.new("RGBA", (w, height), (40, 120, 90, 255))
        d = ImageDraw.Draw(face)
        d.text((w // 2 - 3, height // 2 - 6), "?", fill=(255, 255, 255, 255))
    colour = FRAME.get(state)
    pad = max(3, height // 14)
    canvas = Image.new("RGBA", (face.width + 2 * pad, face.height + 2 * pad), (0, 0, 0, 0))
    if colour is not None:
        ImageDraw.Draw(canvas).rounded_rectangle(
            [0, 0, canvas.width - 1, canvas.height - 1], radius=pad * 2, fill=colour + (255,)
        )
    canvas.alpha_composite(face, (pad, pad))
    buf = io.BytesIO()
    canvas.save(buf, format="PNG")
    return buf.getvalue()
