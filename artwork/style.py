"""How the project's tile faces look: colours and options of the drawing, one frozen value per style."""

from __future__ import annotations

from dataclasses import dataclass

RGB = tuple[int, int, int]

#: Width / height of a tile face, close to a real Hong Kong tile (about 27 x 36 mm).
ASPECT = 0.75


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
    #: Font file for the Chinese glyphs; None takes :func:`sikwu.artwork.fonts.cjk_font_path`. Real sets engrave
    #: their characters in many hands (brush, Ming, bold sans), so training renders the faces in every font it can
    #: find.
    font: str | None = None
    #: Flowers and seasons as most real sets paint them: a flowering plant, the seat number in one top corner and
    #: a small glyph in the other (the page's faces keep the big glyph, which reads better at a glance).
    bonus_picture: bool = False
    supersample: int = 4


DEFAULT_STYLE = FaceStyle()
