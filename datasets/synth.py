"""Synthetic tile photos: face artwork drawn onto tile bodies with the variation of a phone photo at a table.

Why: the real photos cover one or two tile sets, while players bring many. Rendering every face from several art
sets (read from ``../shared/datasets/tile-art`` by path, never copied, plus the project's own ``sikwu.artwork``) onto
varied bodies teaches the classifier the glyph, not one set's colours. Each sample goes through: ivory face with a
bevel -> body thickness with a coloured back -> neighbours and table -> perspective and rotation -> light colour,
glare and shadow -> blur, noise and JPEG. Crops are framed like the real ones: the tile's box plus ``PAD`` per side.
This module picks the faces and composes and frames each crop; :mod:`sikwu.datasets.tile_render` draws the tile
bodies, the table and the light and camera.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np
from sikwu.datasets import font_faces
from sikwu.datasets.paths import shared_path
from sikwu.datasets.tile_render import (
    ivory_colour,
    jpeg_roundtrip,
    paste_masked,
    photometric,
    table_surface,
    tile_image,
    trim_white_margins,
)
from sikwu.scoring.tiles import TILE_IDS

#: Margin around the tile's box in every training crop, as a fraction of the box side (real crops use the same).
PAD = 0.15
#: Face art is rasterised at this height, then scaled down per sample.
ART_HEIGHT = 128

_FLUFFY = {
    **{f"{r}m": f"Man{r}" for r in range(1, 10)},
    **{f"{r}p": f"Pin{r}" for r in range(1, 10)},
    **{f"{r}s": f"Sou{r}" for r in range(1, 10)},
    "1z": "Ton", "2z": "Nan", "3z": "Shaa", "4z": "Pei", "5z": "Haku", "6z": "Hatsu", "7z": "Chun",
    "1f": "Flower1", "2f": "Flower2", "3f": "Flower3", "4f": "Flower4",
    "5f": "Season1", "6f": "Season2", "7f": "Season3", "8f": "Season4",
}  # fmt: skip
_LIETXIA = {
    **{t: t for t in TILE_IDS if t[1] in "mpsz"},
    "1f": "mei", "2f": "lan", "3f": "ju", "4f": "zu", "5f": "chun", "6f": "xia", "7f": "qiu", "8f": "dong",
}  # fmt: skip
_SAMOHEEN = (
    "5z", "6z", "7z", "1z", "2z", "3z", "4z",
    *(f"{r}m" for r in range(1, 10)), *(f"{r}p" for r in range(1, 10)), *(f"{r}s" for r in range(1, 10)),
    "5f", "6f", "7f", "8f", "1f", "2f", "3f", "4f",
)  # fmt: skip


#: ``datasets.scenes`` loads its art with this module's helpers (``_flatten``, ``_svg``, ``_trim``); trimming white
#: margins moved to ``tile_render`` with the tile bodies that use it.
_trim = trim_white_margins


def _flatten(rgba: np.ndarray) -> np.ndarray:
    """BGRA -> BGR on white, so art with and without transparency multiplies onto ivory the same way."""
    if rgba.ndim == 2:
        return cv2.cvtColor(rgba, cv2.COLOR_GRAY2BGR)
    if rgba.shape[2] == 4:
        a = rgba[..., 3:4].astype(np.float32) / 255.0
        return (rgba[..., :3].astype(np.float32) * a + 255.0 * (1 - a)).astype(np.uint8)
    return rgba


def _svg(path: Path, height: int) -> np.ndarray | None:
    try:
        import cairosvg
    except ImportError:  # the synthetic sets degrade to PNG art only
        return None
    png = cairosvg.svg2png(url=str(path), output_height=height)
    return _flatten(cv2.imdecode(np.frombuffer(png, np.uint8), cv2.IMREAD_UNCHANGED))


@lru_cache(maxsize=1)
def art_faces(height: int = ART_HEIGHT) -> dict[str, list[np.ndarray]]:
    """tile id -> list of BGR face images (glyph on white), one per art set found."""
    faces: dict[str, list[np.ndarray]] = {t: [] for t in TILE_IDS}
    art = shared_path("datasets", "tile-art")
    sam = art / "samoheen-hk" / "png"
    if sam.is_dir():
        for i, tile in enumerate(_SAMOHEEN, start=1):
            for p in sam.glob(f"{i:02d}-*.png"):
                img = cv2.imread(str(p), cv2.IMREAD_UNCHANGED)
                if img is not None:
                    img = _flatten(img)
                    faces[tile].append(
                        cv2.resize(
                            img, (int(img.shape[1] * height / img.shape[0]), height), interpolation=cv2.INTER_AREA
                        )
                    )
    for folder, names in ((art / "lietxia" / "svg", _LIETXIA), (art / "fluffystuff-riichi" / "Regular", _FLUFFY)):
        for tile, name in names.items():
            p = folder / f"{name}.svg"
            if p.exists():
                img = _svg(p, height)
                if img is not None:
                    faces[tile].append(img)
    for tile, drawn in font_faces.font_faces().items():
        faces[tile].extend(
            cv2.resize(img, (round(img.shape[1] * height / img.shape[0]), height), interpolation=cv2.INTER_AREA)
            for _, img in drawn
        )
    return faces


def glyph_fonts() -> list[str]:
    """Font files to draw the Chinese glyphs in: the faces' default first, then every other Chinese font
    fontconfig knows (e.g. Debian's fonts-arphic-ukai brush and fonts-arphic-uming Ming hands).

    Real sets engrave their numerals and winds in many hands; a model that has seen only one font reads an
    unseen set's 七 or 九 as the 伍 it knows best. Which fonts a training run used is in its summary."""
    try:
        from sikwu.artwork import cjk_font_path, system_cjk_fonts
    except ImportError:
        return []
    default = cjk_font_path()
    fonts = [str(default)] if default else []
    for path in system_cjk_fonts():
        if str(path) not in fonts:
            fonts.append(str(path))
    return fonts


#: Tiles whose faces are Chinese glyphs (characters, winds, dragons but the white, flowers and seasons): these are
#: drawn once per glyph font; the dots and bamboo do not depend on the font and are drawn once.
_GLYPH_TILES = frozenset(t for t in TILE_IDS if t[1] in "mf" or (t[1] == "z" and t != "5z"))
#: Numeral ink for every other font's character tiles: sets print the numeral in blue or in black.
_BLACK_INK = (28, 28, 34)


def own_faces(height: int = ART_HEIGHT) -> dict[str, list[np.ndarray]]:
    """The project's own drawn faces (``sikwu.artwork.render_face``, RGB) as BGR, glyph tiles in every glyph font."""
    try:
        from sikwu.artwork import DEFAULT_STYLE, render_face
    except ImportError:
        return {}
    fonts = glyph_fonts()
    styles = [
        dataclasses.replace(DEFAULT_STYLE, font=f, blue=_BLACK_INK if i % 2 else DEFAULT_STYLE.blue)
        for i, f in enumerate(fonts)
    ] or [DEFAULT_STYLE]
    out: dict[str, list[np.ndarray]] = {}
    for tile in TILE_IDS:
        chosen = styles if tile in _GLYPH_TILES else styles[:1]
        if tile[1] == "f":  # real sets paint flowers and seasons as pictures with small corner glyphs
            chosen = chosen + [dataclasses.replace(st, bonus_picture=True) for st in chosen]
        for style in chosen:
            try:
                img = np.asarray(render_face(tile, height, style=style).convert("RGB"), dtype=np.uint8)
            except Exception:  # noqa: BLE001 - a face the other module cannot draw is simply not used
                continue
            out.setdefault(tile, []).append(cv2.cvtColor(img, cv2.COLOR_RGB2BGR))
    return out


def own_face_crops(size: int, copies: int, seed: int) -> tuple[np.ndarray, list[str]]:
    """The project's own faces as flat crops (no scene), framed like training crops: the app shows these faces
    and the tests classify them, so the model must read them as drawn, at any size and orientation."""
    try:
        from sikwu.artwork import render_face
    except ImportError:
        return np.zeros((0, size, size, 3), np.uint8), []
    rng = np.random.default_rng(seed)
    xs: list[np.ndarray] = []
    ys: list[str] = []
    for tile in (*TILE_IDS, "back"):
        for _ in range(copies):
            h = int(rng.integers(32, 160))
            try:
                img = cv2.cvtColor(np.asarray(render_face(tile, h).convert("RGB"), dtype=np.uint8), cv2.COLOR_RGB2BGR)
            except Exception:  # noqa: BLE001
                break
            p = int(round(PAD * h))
            pw = int(round(PAD * img.shape[1]))
            img = cv2.copyMakeBorder(img, p, p, pw, pw, cv2.BORDER_REPLICATE)
            xs.append(cv2.resize(img, (size, size), interpolation=cv2.INTER_AREA))
            ys.append(tile)
    return (np.stack(xs) if xs else np.zeros((0, size, size, 3), np.uint8)), ys


def all_faces() -> dict[str, list[np.ndarray]]:
    faces = {t: list(v) for t, v in art_faces().items()}
    for tile, imgs in own_faces().items():
        faces.setdefault(tile, []).extend(imgs)
    return faces


def _draw_tile(
    faces: dict[str, list[np.ndarray]],
    label: str,
    rng: np.random.Generator,
    th: int,
    back: np.ndarray | None = None,
    blank: bool = False,
) -> tuple:
    """One tile body of height ``th`` for ``label`` (a tile id or ``back``), its face picked from the art sets;
    ``back``: the back colour of a face-down tile (a training back when None); ``blank``: a face without art.

    Why the blank: many Hong Kong sets leave the white dragon blank, so ``5z`` is drawn without art 40% of the time.
    """
    if label == "back":
        return tile_image(None, rng, th, back=True, back_colour=back)
    if blank:
        return tile_image(None, rng, th)
    if label == "5z" and rng.random() < 0.4:
        return tile_image(None, rng, th)
    pool = faces[label]
    return tile_image(pool[int(rng.integers(len(pool)))], rng, th)


def _lay_neighbours(
    canvas: np.ndarray, faces: dict[str, list[np.ndarray]], rng: np.random.Generator, th: int, centre: tuple
) -> None:
    """Tiles beside the centre one, as hands are laid out: a row left/right, sometimes a row above/below.

    ``centre`` is the centre tile's (x, y, face width, body height) on ``canvas``; a real crop shows neighbours at
    its edges, so the model must learn to read the middle tile, not the whole frame.
    """
    tiles = [t for t in TILE_IDS if faces.get(t)]
    cx, cy, fw, body_h = centre
    gap = int(rng.integers(0, 4)) if rng.random() < 0.7 else int(rng.integers(4, th // 2))
    for dx in (-1, 1):
        if rng.random() < 0.7:
            lab = "back" if rng.random() < 0.08 else tiles[int(rng.integers(len(tiles)))]
            n_img, n_mask, _ = _draw_tile(faces, lab, rng, th)
            paste_masked(canvas, n_img, n_mask, cx + dx * (fw + gap), cy)
    for dy in (-1, 1):
        if rng.random() < 0.25:
            n_img, n_mask, _ = _draw_tile(faces, tiles[int(rng.integers(len(tiles)))], rng, th)
            paste_masked(canvas, n_img, n_mask, cx, cy + dy * (body_h + gap))


def _drop_shadow(canvas: np.ndarray, mask: np.ndarray, rng: np.random.Generator, cx: int, cy: int) -> np.ndarray:
    """Half the time, a soft shadow under the centre tile (whose ``mask`` goes at ``cx``, ``cy``) on the table."""
    if rng.random() >= 0.5:
        return canvas
    S = canvas.shape[0]
    sh = np.zeros((S, S), np.float32)
    off = int(rng.integers(1, 6))
    sh[cy + off : cy + off + mask.shape[0], cx + off : cx + off + mask.shape[1]] = (
        mask[: S - cy - off, : S - cx - off] > 0
    )
    sh = cv2.GaussianBlur(sh, (0, 0), 3) * rng.uniform(0.2, 0.5)
    return (canvas * (1 - sh[..., None])).astype(np.uint8)


def _frame_corners(rng: np.random.Generator, centre: tuple, face_box: tuple, shift: float) -> np.ndarray:
    """The crop's four source corners on the canvas: the face box with ``PAD`` per side, jittered as a detector's
    box is, shifted sideways by ``shift`` face widths (straddling negatives), then a camera not square on
    (corners moved a little) and slightly turned.

    ``centre`` is the centre tile's (x, y, body height) on the canvas; a detector's box may or may not include
    the tile's side, so the box height lies anywhere between the face and the whole body.
    """
    cx, cy, body_h = centre
    fx, fy, fw, fh = face_box
    bw, bh = fw, fh + (body_h - fh) * rng.uniform(0, 1)
    bx0 = cx + fx + shift * fw * (1 if rng.random() < 0.5 else -1)
    by0 = cy + fy
    bx0 += rng.normal(0, 0.04) * bw
    by0 += rng.normal(0, 0.04) * bh
    bw *= rng.uniform(0.92, 1.08)
    bh *= rng.uniform(0.92, 1.08)
    src = np.float32([[bx0, by0], [bx0 + bw, by0], [bx0 + bw, by0 + bh], [bx0, by0 + bh]])
    pw, ph = PAD * bw, PAD * bh
    src += np.float32([[-pw, -ph], [pw, -ph], [pw, ph], [-pw, ph]])
    src += rng.normal(0, 0.04, (4, 2)).astype(np.float32) * np.float32([bw, bh])
    ang = np.deg2rad(rng.normal(0, 4))
    c = src.mean(0)
    rot = np.float32([[np.cos(ang), -np.sin(ang)], [np.sin(ang), np.cos(ang)]])
    return (src - c) @ rot.T + c


def render_scene(
    faces: dict[str, list[np.ndarray]],
    label: str,
    rng: np.random.Generator,
    size: int,
    shift: float = 0.0,
    back: np.ndarray | None = None,
    blank: bool = False,
) -> np.ndarray:
    """One crop of ``size`` x ``size`` framed on a tile of ``label`` (a tile id or ``back``, of colour ``back``;
    ``blank``: the centre tile's face without art).

    ``shift`` moves the frame off the centre tile by that fraction of its width (0.5 = half of it and half of its
    neighbour), which is how ``not-a-tile`` straddling crops are made. Steps: centre tile -> table -> neighbours ->
    shadow -> frame -> perspective warp -> quarter turn -> light and camera (:mod:`sikwu.datasets.tile_render`).
    """
    th = int(rng.integers(70, 110))
    img, mask, face_box = _draw_tile(faces, label, rng, th, back, blank)
    fw, fh = face_box[2], face_box[3]
    S = th * 4
    canvas = table_surface(rng, S, S)
    cx, cy = S // 2 - fw // 2, S // 2 - fh // 2
    _lay_neighbours(canvas, faces, rng, th, (cx, cy, fw, img.shape[0]))
    canvas = _drop_shadow(canvas, mask, rng, cx, cy)
    paste_masked(canvas, img, mask, cx, cy)
    src = _frame_corners(rng, (cx, cy, img.shape[0]), face_box, shift)
    dst = np.float32([[0, 0], [size, 0], [size, size], [0, size]])
    M = cv2.getPerspectiveTransform(src, dst)
    out = cv2.warpPerspective(canvas, M, (size, size), flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE)
    out = np.ascontiguousarray(np.rot90(out, int(rng.integers(4))))
    return jpeg_roundtrip(photometric(out, rng), rng)


def render_negative(faces: dict[str, list[np.ndarray]], rng: np.random.Generator, size: int) -> np.ndarray:
    """A ``not-a-tile`` crop: bare table, a hand or skin blob, debris, or a frame straddling two tiles."""
    kind = rng.integers(4)
    if kind == 0:
        return render_scene(faces, TILE_IDS[int(rng.integers(len(TILE_IDS)))], rng, size, shift=rng.uniform(0.45, 0.6))
    canvas = table_surface(rng, size, size)
    if kind == 1:  # hand / finger: skin-coloured blobs
        skin = np.array([rng.uniform(90, 180), rng.uniform(120, 200), rng.uniform(170, 250)])
        for _ in range(int(rng.integers(1, 4))):
            c = (int(rng.integers(0, size)), int(rng.integers(0, size)))
            ax = (int(rng.integers(size // 6, size // 1.5)), int(rng.integers(size // 8, size // 3)))
            cv2.ellipse(canvas, c, ax, float(rng.uniform(0, 180)), 0, 360, (skin * rng.uniform(0.8, 1.1)).tolist(), -1)
    elif kind == 2:  # debris: cups, coins, chips, paper edges
        for _ in range(int(rng.integers(1, 6))):
            col = rng.uniform(0, 255, 3).tolist()
            p = rng.integers(0, size, (int(rng.integers(3, 6)), 2)).astype(np.int32)
            if rng.random() < 0.5:
                cv2.fillPoly(canvas, [p], col)
            else:
                cv2.circle(canvas, tuple(int(v) for v in p[0]), int(rng.integers(3, size // 3)), col, -1)
    # kind 3: table only
    return jpeg_roundtrip(photometric(canvas, rng), rng)


def blank_face_crops(n: int, size: int, seed: int) -> tuple[np.ndarray, list[str]]:
    """Tight crops of blank white-dragon faces: nothing but lit ivory (gradient, glare, noise, JPEG).

    Why: in many Hong Kong sets the white dragon is a blank tile, and a detector box on it holds no edge at all, so
    the model must call a bare ivory patch ``5z`` rather than ``not-a-tile``.
    """
    rng = np.random.default_rng(seed)
    xs = []
    for _ in range(n):
        img = np.empty((size, size, 3), np.float32)
        img[:] = ivory_colour(rng)
        out = photometric(np.clip(img, 0, 255).astype(np.uint8), rng)
        xs.append(jpeg_roundtrip(out, rng))
    return np.stack(xs), ["5z"] * n


def blank_tile_crops(n: int, size: int, seed: int) -> tuple[np.ndarray, list[str]]:
    """Blank white dragons as tiles lie on a table: body and side, neighbours, shadow, a detector-like frame.

    Why: a playing card learned as ``not-a-tile`` (``card_negatives``) is a white rectangle on the table framed as a
    blank tile is, and the tight ivory patches of ``blank_face_crops`` alone did not hold blank tiles at ``5z``
    against them (a run with the cards read hk-photos' blank dragons as backs). As many blank tiles as cards, framed
    alike, leave the tile's body and side to tell the two apart. Measured (CHANGELOG 2026-11-28, later): the blank
    dragons were read again, but a bright bare patch now and then became a ``5z`` phantom.
    """
    faces = all_faces()
    rng = np.random.default_rng(seed)
    xs = [render_scene(faces, "5z", rng, size, blank=True) for _ in range(n)]
    return (np.stack(xs) if xs else np.zeros((0, size, size, 3), np.uint8)), ["5z"] * n


def render_set(
    labels: list[str], per_class: int, size: int, seed: int, progress: Callable[[int], None] | None = None
) -> tuple[np.ndarray, list[str]]:
    """``per_class`` synthetic crops for each label in ``labels`` (tile ids, ``back``, ``not-a-tile``)."""
    faces = all_faces()
    rng = np.random.default_rng(seed)
    xs: list[np.ndarray] = []
    ys: list[str] = []
    for label in labels:
        if label not in ("back", "not-a-tile") and not faces.get(label):
            continue
        for _ in range(per_class):
            if label == "not-a-tile":
                xs.append(render_negative(faces, rng, size))
            else:
                xs.append(render_scene(faces, label, rng, size))
            ys.append(label)
        if progress:
            progress(per_class)
    return np.stack(xs) if xs else np.zeros((0, size, size, 3), np.uint8), ys
