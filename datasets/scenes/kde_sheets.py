"""KDE mahjongg tile sets (``kdegames-mahjongg-data-kf5``): one gzip SVG sheet per set, each face a named element.

Why its own module: KDE sets are not grids to cut but SVG documents whose faces are elements named by kmahjongglib's
ids (``CHARACTER_1``-``9``, ``BAMBOO_1``-``9``, ``ROD_1``-``9`` = dots, ``WIND_1``-``4``, ``DRAGON_1``-``3``,
``FLOWER_1``-``4``, ``SEASON_1``-``4``; ``TILE_1``-``4`` are tile bodies). kmahjongglib only lists the ids; what
each number shows is the artist's, so the mapping below was read off rendered faces: in every set read, winds are
numbered North, South, East, West and dragons white, green, red.

How an element is drawn: the sheet is parsed with the standard library's ElementTree, every drawing element that is
not the wanted one or one of its ancestors is moved into a ``<defs>`` (so ancestors' transforms still apply and the
many ``<use>`` clones that point at other elements still resolve, which removing them would break), and cairosvg
(the ``train`` extra, already used for the other SVG art) renders the page; the face is the box of the drawn
(non-transparent) pixels. This needs no bounding-box geometry of our own and no new dependency (``rsvg-convert
--export-id`` would need librsvg's command-line tool installed from the system). Faces are composited on white like
the other Debian faces; the tile body is drawn by the scene renderer.

Sets read: ``traditional`` (all 42 faces), ``default`` (41: its white dragon is only the outline every face of the
set has, so it would teach a blank face to be read as a white dragon drawn, the scenes' separate ``blank`` label)
and ``classic`` (38: its flowers carry their names Orchid, Plum, Mum, Bamboo, mapped to flowers 2, 1, 3, 4; its
seasons are four trees with no number or name and are skipped).
Not read: ``alphabet`` (letters and digits, not mahjong faces), ``egypt`` (Egyptian pictures with no mahjong glyph
or number) and ``jade`` (white engravings meant for a dark red body; on an ivory face they vanish).
"""

from __future__ import annotations

import copy
import gzip
import xml.etree.ElementTree as ET
from pathlib import Path

import cv2
import numpy as np

#: Where the package puts the sheets, below the cache root.
KDE_DIR = "usr/share/kmahjongglib/tilesets"
_SVG = "{http://www.w3.org/2000/svg}"
#: Elements that draw something; everything else (defs, style, metadata, Inkscape's namedview) stays in place.
_DRAWING = frozenset(
    _SVG + t for t in ("g", "path", "rect", "circle", "ellipse", "line", "polyline", "polygon", "text", "image", "use")
)
#: Alpha above which a rendered pixel belongs to the face.
_ALPHA = 8

_SUITS = {"CHARACTER": "m", "BAMBOO": "s", "ROD": "p"}
#: Element id -> tile id common to the sets read: suits, winds (N S E W) and dragons (white, green, red).
HONOURS_AND_SUITS: dict[str, str] = {
    **{f"{kde}_{r}": f"{r}{suit}" for kde, suit in _SUITS.items() for r in range(1, 10)},
    "WIND_1": "4z", "WIND_2": "2z", "WIND_3": "1z", "WIND_4": "3z",
    "DRAGON_1": "5z", "DRAGON_2": "6z", "DRAGON_3": "7z",
}  # fmt: skip
#: Bonus tiles numbered 1-4 in the usual order: flowers plum, orchid, chrysanthemum, bamboo; seasons spring-winter.
_NUMBERED_BONUS = {**{f"FLOWER_{n}": f"{n}f" for n in range(1, 5)}, **{f"SEASON_{n}": f"{n + 4}f" for n in range(1, 5)}}
#: Set (sheet file stem) -> element id -> tile id, for the sets read.
KDE_SETS: dict[str, dict[str, str]] = {
    "default": {k: t for k, t in {**HONOURS_AND_SUITS, **_NUMBERED_BONUS}.items() if k != "DRAGON_1"},
    "traditional": {**HONOURS_AND_SUITS, **_NUMBERED_BONUS},
    "classic": {**HONOURS_AND_SUITS, "FLOWER_1": "2f", "FLOWER_2": "1f", "FLOWER_3": "3f", "FLOWER_4": "4f"},
}
#: The element whose height sets the drawing scale (kmahjongglib's tile body; every set has it).
SCALE_ELEMENT = "TILE_1"


def set_name(stem: str) -> str:
    """Art-set name (without the ``debian:`` prefix) of a KDE sheet, e.g. ``kde-classic``."""
    return f"kde-{stem}"


def sheet_path(root: Path, stem: str) -> Path:
    return root / KDE_DIR / f"{stem}.svgz"


def fetched(root: Path) -> list[str]:
    """Stems of the read KDE sets whose sheet is in the cache ``root``."""
    return [stem for stem in KDE_SETS if sheet_path(root, stem).is_file()]


def parse_sheet(path: Path) -> ET.Element:
    """The SVG root of a sheet (gzip-compressed ``.svgz``, or plain SVG)."""
    data = path.read_bytes()
    return ET.fromstring(gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data)


def isolate(svg: ET.Element, element_id: str) -> bytes | None:
    """The sheet with only ``element_id`` drawn (None when it has no such element); see the module docstring."""
    doc = copy.deepcopy(svg)
    parent = {child: p for p in doc.iter() for child in p}
    node = next((e for e in doc.iter() if e.get("id") == element_id), None)
    if node is None:
        return None
    moved = []
    while node in parent:
        up = parent[node]
        for sibling in list(up):
            if sibling is not node and sibling.tag in _DRAWING:
                up.remove(sibling)
                moved.append(sibling)
        node = up
    store = ET.SubElement(doc, _SVG + "defs")
    store.extend(_still_referenced(doc, moved))
    return ET.tostring(doc)


def _hrefs(tree: ET.Element) -> set[str]:
    return {v[1:] for e in tree.iter() for k, v in e.attrib.items() if k.endswith("href") and v.startswith("#")}


def _still_referenced(doc: ET.Element, moved: list[ET.Element]) -> list[ET.Element]:
    """The moved elements a kept one points at (``<use>`` clones), transitively: the rest are dropped, which makes
    cairosvg parse a face's few elements instead of the whole sheet's."""
    needed, kept = _hrefs(doc), set()
    ids = [{e.get("id") for e in m.iter()} for m in moved]
    grew = True
    while grew:
        grew = False
        for i, (m, its_ids) in enumerate(zip(moved, ids, strict=True)):
            if i not in kept and its_ids & needed:
                kept.add(i)
                needed |= _hrefs(m)
                grew = True
    return [m for i, m in enumerate(moved) if i in kept]


def render(svg_bytes: bytes, scale: float) -> np.ndarray | None:
    """BGRA of the drawn pixels' box (None when nothing is drawn or cairosvg, the ``train`` extra, is missing)."""
    try:
        import cairosvg
    except ImportError:
        return None
    png = cairosvg.svg2png(bytestring=svg_bytes, scale=scale)
    img = cv2.imdecode(np.frombuffer(png, np.uint8), cv2.IMREAD_UNCHANGED)
    if img is None or img.ndim != 3 or img.shape[2] != 4:
        return None
    ys, xs = np.nonzero(img[..., 3] > _ALPHA)
    if not len(xs):
        return None
    return img[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]


def _scale(svg: ET.Element, face_px: int) -> float:
    """Scale at which a tile body (``TILE_1``) is ``face_px`` tall, so a face is drawn at least about that size."""
    body = isolate(svg, SCALE_ELEMENT)
    drawn = render(body, 1.0) if body is not None else None
    return face_px / drawn.shape[0] if drawn is not None else 2.0


def sheet_faces(
    path: Path, mapping: dict[str, str], face_px: int = 240, min_px: int = 160
) -> list[tuple[str, str, np.ndarray]]:
    """(tile id, element id, BGRA face) for every mapped element drawn from the sheet, in ``mapping`` order;
    an element missing from the sheet or drawing nothing is left out.

    Drawn so that a tile body is ``face_px`` tall; a face whose drawing is smaller than ``min_px`` (a set that draws
    a glyph without a face ground, e.g. ``classic``'s one dot) is drawn again larger, so faces are only scaled down
    later. A face is its element's drawn box, stretched to the tile face by the scene renderer as kmahjongglib
    stretches an element to its tile face."""
    svg = parse_sheet(path)
    scale = _scale(svg, face_px)
    faces = []
    for element_id, tile in mapping.items():
        doc = isolate(svg, element_id)
        img = render(doc, scale) if doc is not None else None
        if doc is not None and img is not None and img.shape[0] < min_px:
            img = render(doc, scale * min_px / img.shape[0] * 1.02)
        if img is not None:
            faces.append((tile, element_id, img))
    return faces
