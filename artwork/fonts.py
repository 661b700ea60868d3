"""The fonts tile faces are drawn with: a CJK font for the Chinese glyphs, a Latin font for numbers and labels.

Why a search order and a fallback: every install should draw the same faces, so a font package installed with the
project comes first; a machine without any Chinese font must still draw every face, so the faces then carry plain
Latin labels such as ``7m`` instead of failing.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
from pathlib import Path

from PIL import ImageFont


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


def glyph_font_path(style_font: str | None) -> str | None:
    """The font file Chinese glyphs are drawn with: the style's own, else the CJK font found, else None."""
    if style_font:
        return style_font
    found = cjk_font_path()
    return str(found) if found is not None else None


def draws_cjk(style_font: str | None) -> bool:
    """Whether glyphs can be drawn in Chinese; without a font the faces carry Latin labels instead."""
    return style_font is not None or cjk_font_path() is not None


@functools.lru_cache(maxsize=512)
def cjk_font(path: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(path, size)


@functools.lru_cache(maxsize=256)
def latin_font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    for name in ("DejaVuSans-Bold.ttf", "DejaVuSans.ttf"):
        try:
            return ImageFont.truetype(name, size)
        except OSError:
            continue
    return ImageFont.load_default(size)


def text_font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """The font for words on a shared picture (the hand card, the night card): the CJK font, which has Latin letters
    too, so Chinese names and patterns render; the Latin font when there is none."""
    path = cjk_font_path()
    return cjk_font(str(path), size) if path is not None else latin_font(size)
