"""The project's own drawing of every Hong Kong mahjong tile face, made in code with Pillow.

The page shows players these faces to confirm or correct what was recognised, and ``sikwu.datasets`` renders them
into synthetic training scenes; neither needs the vision stack, so the drawing lives here rather than in
``sikwu.vision``.  ``render_face("7m", 96)`` is the entry point; see ``faces``, ``style`` and ``fonts``.
"""

from __future__ import annotations

from sikwu.artwork.faces import (
    BACK_ID,
    FACE_IDS,
    face_png_bytes,
    face_size,
    preview_sheet,
    render_face,
    render_hand_strip,
)
from sikwu.artwork.fonts import cjk_font_path, font_description, system_cjk_fonts
from sikwu.artwork.style import ASPECT, DEFAULT_STYLE, FaceStyle

__all__ = [
    "ASPECT",
    "BACK_ID",
    "DEFAULT_STYLE",
    "FACE_IDS",
    "FaceStyle",
    "cjk_font_path",
    "face_png_bytes",
    "face_size",
    "font_description",
    "preview_sheet",
    "render_face",
    "render_hand_strip",
    "system_cjk_fonts",
]
