"""One scene: table, tiles (with their visible sides and shadows), camera, light, optics, JPEG -> photo + labels.

Labels come from an owner map drawn alongside the pixels (which tile each table pixel shows) and warped by the same
camera, so occlusion in piles, the photo's edges and perspective are all accounted for at once: a tile is labelled
when at least ``MIN_VISIBLE`` of it shows (face and side), with the box around the visible pixels of its face: the
top of a tile lying down, the front of one standing. Real photos' labels (hk-photos) box the face and leave out the
side below it; scenes that boxed face and side taught the detector boxes looser than the real labels (median 1.46x
their area) and cut the classifier's crops with more side than real crops have.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np
from sikwu.datasets.scenes import camera as cam
from sikwu.datasets.scenes.art import FaceBank
from sikwu.datasets.scenes.layouts import Placement, lay_out
from sikwu.datasets.scenes.tables import table
from sikwu.datasets.scenes.tiles import BACK, SetStyle, flat_sprite, random_style, side_colours, standing_sprite

#: A tile with less of it showing (covered in a pile, cut by the photo's edge) is not labelled.
MIN_VISIBLE = 0.5
#: Tiles smaller than this (long side, photo px) are not labelled: nobody reads them, nor could a model.
MIN_TILE_PX = 10


@dataclass(frozen=True)
class TileLabel:
    label: str  # tile id, ``back`` or ``blank``
    box: tuple[float, float, float, float]  # x1, y1, x2, y2 photo px
    group: str
    source: str  # the face's art set ("" for backs and blanks)
    name: str  # the face's file / element name
    visible: float


@dataclass(frozen=True)
class SceneSample:
    kind: str
    jpeg: bytes  # the photo as written (its JPEG noise is part of the sample)
    size: tuple[int, int]
    tiles: tuple[TileLabel, ...]
    meta: dict = field(default_factory=dict)

    def image(self) -> np.ndarray:
        img = cv2.imdecode(np.frombuffer(self.jpeg, np.uint8), cv2.IMREAD_COLOR)
        if img is None:
            raise ValueError("the scene's JPEG does not decode")
        return np.asarray(img)


def _rotated(sprite: np.ndarray, angle: float) -> tuple[np.ndarray, np.ndarray]:
    """Sprite turned ``angle`` degrees about its centre on a canvas that holds it; returns (sprite, offset of the
    turned canvas's centre from its top-left)."""
    h, w = sprite.shape[:2]
    m = cv2.getRotationMatrix2D((w / 2, h / 2), angle, 1.0)
    cos, sin = abs(m[0, 0]), abs(m[0, 1])
    nw, nh = int(np.ceil(h * sin + w * cos)) + 2, int(np.ceil(h * cos + w * sin)) + 2
    m[0, 2] += nw / 2 - w / 2
    m[1, 2] += nh / 2 - h / 2
    out = cv2.warpAffine(sprite, m, (nw, nh), flags=cv2.INTER_LINEAR, borderValue=(0, 0, 0, 0))
    return out, np.array([nw / 2, nh / 2])


class _Canvas:
    """The table top with tiles drawn on it, plus the owner maps (-1 = table): which tile each pixel shows, and
    which tile's face (a side or a standing tile's top edge belongs to no face); and each tile's drawn area."""

    def __init__(self, top: np.ndarray) -> None:
        self.img = top.astype(np.float32)
        self.owner: np.ndarray = np.full(top.shape[:2], -1, np.int16)
        self.face_owner: np.ndarray = np.full(top.shape[:2], -1, np.int16)
        self.area: list[int] = []

    def paste(
        self,
        rgb: np.ndarray,
        alpha: np.ndarray,
        x: int,
        y: int,
        index: int,
        darken: float = 0.0,
        face: np.ndarray | None = None,
    ) -> None:
        """Blend ``rgb`` (or, with ``darken`` > 0, only darken by alpha: a shadow) at (x, y); clip at the edges.
        ``face`` marks which of the layer's pixels are the tile's face (None: none are, e.g. its side)."""
        H, W = self.owner.shape[:2]
        h, w = alpha.shape
        x0, y0, x1, y1 = max(0, x), max(0, y), min(W, x + w), min(H, y + h)
        if x1 <= x0 or y1 <= y0:
            return
        a = alpha[y0 - y : y1 - y, x0 - x : x1 - x].astype(np.float32)[..., None] / 255.0
        region = self.img[y0:y1, x0:x1]
        if darken:
            region *= 1 - darken * a
            return
        region[:] = rgb[y0 - y : y1 - y, x0 - x : x1 - x] * a + region * (1 - a)
        drawn = a[..., 0] > 0.5
        self.owner[y0:y1, x0:x1][drawn] = index
        on_face = face[y0 - y : y1 - y, x0 - x : x1 - x] > 127 if face is not None else np.zeros_like(drawn)
        self.face_owner[y0:y1, x0:x1][drawn] = np.where(on_face[drawn], index, -1)


def _draw_tile(canvas: _Canvas, p: Placement, index: int, bank: FaceBank, style: SetStyle, side: float, rng) -> str:
    """Draw one placement (shadow, visible side, top) and return the face's (source, name) as 'source|name'."""
    face = None if p.label in (BACK, "blank") else bank.face(p.tile, rng)
    h = max(4, round(p.height))
    edge = 0  # rows of a standing tile's top edge above its face
    if p.mode == "standing":
        sprite, edge = standing_sprite(face, style, h, rng)
    else:
        sprite = flat_sprite(face, style, h, rng, face_down=p.mode == "down")
    face_mask = sprite[..., 3].copy()
    face_mask[:edge] = 0
    turned, centre = _rotated(sprite, p.angle)
    turned_face, _ = _rotated(face_mask, p.angle)
    x, y = round(p.cx - centre[0]), round(p.cy - centre[1])
    alpha = turned[..., 3]
    shadow = cv2.GaussianBlur(alpha, (0, 0), max(1.0, h * 0.06))
    off = round(h * 0.06)
    canvas.paste(turned[..., :3], shadow, x + off, y + off, index, darken=0.45)
    if p.mode != "standing":  # the side towards the camera: back layer below, ivory layer above it
        t = h * style.thickness * side * 0.35
        ivory, back = side_colours(style)
        for shift, colour in ((t, back), (t * (1 - style.back_share), ivory)):
            body = np.empty(turned.shape[:2] + (3,), np.float32)
            body[:] = colour
            canvas.paste(body, alpha, x, y + round(shift), index)
    canvas.paste(turned[..., :3].astype(np.float32), alpha, x, y, index, face=turned_face)
    hh, ww = alpha.shape
    region = canvas.owner[max(0, y) : max(0, y + hh + round(h * 0.5)), max(0, x) : max(0, x + ww)]
    canvas.area.append(int((region == index).sum()))
    return f"{face.source}|{face.name}" if face is not None else "|"


def _labels(
    owner: np.ndarray, face_owner: np.ndarray, placements: list[Placement], full: np.ndarray, sources: list[str]
) -> list[TileLabel]:
    """Labels of the tiles that show enough, from the photo's owner maps; ``full`` = each tile's area in photo px.
    How much shows counts face and side; the box is the visible face's."""
    shown = np.bincount(owner[owner >= 0].ravel(), minlength=len(placements))
    ys, xs = np.nonzero(face_owner >= 0)
    ids = face_owner[ys, xs]
    out = []
    for i, p in enumerate(placements):
        sel = ids == i
        if not sel.any() or full[i] <= 0:
            continue
        vis = min(1.0, int(shown[i]) / full[i])
        x1, y1, x2, y2 = xs[sel].min(), ys[sel].min(), xs[sel].max() + 1, ys[sel].max() + 1
        if vis < MIN_VISIBLE or max(x2 - x1, y2 - y1) < MIN_TILE_PX:
            continue
        src, _, name = sources[i].partition("|")
        box = (float(x1), float(y1), float(x2), float(y2))
        out.append(TileLabel(p.label, box, p.group, src, name, round(vis, 3)))
    return out


def render_scene(
    kind: str,
    bank: FaceBank,
    rng: np.random.Generator,
    long_side: int = 1600,
    back_colours: tuple[str, ...] | None = None,
    table_seed: int | None = None,
    table_kind: str | None = None,
) -> SceneSample:
    """A photo of one scene of ``kind`` at ``long_side`` px (the pipeline's working size by default). Its table is
    drawn from the scene's own randomness, or from ``table_seed`` (and of ``table_kind``) when given: scenes of one
    table seed are photos of one table, as an evening's hands at one table are."""
    size = cam.photo_size(rng, long_side)
    tilt = float(rng.uniform(0.0, 0.45) if kind != "standing" else rng.uniform(0.5, 0.9))
    turn = float(rng.normal(0, 6)) + (float(rng.choice([0, 90, 180, 270])) if rng.random() < 0.2 else 0.0)
    if kind in ("scattered", "pile"):
        turn = float(rng.uniform(0, 360))
    camera = cam.make_camera(rng, size, tilt, turn)
    style = random_style(rng, back_colours) if back_colours else random_style(rng)
    tw, th = cam.table_size(camera)
    top, table_kind = table(rng if table_seed is None else np.random.default_rng(table_seed), th, tw, table_kind)
    placements = lay_out(kind, bank, style, rng, camera.visible)
    canvas = _Canvas(top)
    sources = [_draw_tile(canvas, p, i, bank, style, camera.side_view, rng) for i, p in enumerate(placements)]
    w, h = camera.size
    hom = camera.homography
    img = cv2.warpPerspective(np.clip(canvas.img, 0, 255).astype(np.uint8), hom, (w, h), flags=cv2.INTER_AREA)
    owner = cv2.warpPerspective(canvas.owner, hom, (w, h), flags=cv2.INTER_NEAREST, borderValue=-1)
    face_owner = cv2.warpPerspective(canvas.face_owner, hom, (w, h), flags=cv2.INTER_NEAREST, borderValue=-1)
    full = _drawn_area(canvas.area, placements, hom)
    dim = bool(rng.random() < 0.2)
    img = cam.optics(cam.light(img, rng, dim), rng, dim)
    quality = cam.jpeg_quality(rng)
    ok, enc = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, quality])
    if not ok:
        raise RuntimeError("JPEG encoding failed")
    meta = {
        "table": table_kind, "back_colour": style.back_name,
        "back_bgr": [round(float(c)) for c in style.back], "blank_white": style.blank_white, "tilt": round(tilt, 3),
        "turn": round(turn, 2), "dim": dim, "jpeg_quality": quality,
    }  # fmt: skip
    return SceneSample(kind, enc.tobytes(), (w, h), tuple(_labels(owner, face_owner, placements, full, sources)), meta)


def _drawn_area(areas: list[int], placements: list[Placement], hom: np.ndarray) -> np.ndarray:
    """Each tile's unoccluded area in photo px: the pixels it covered on the table when drawn (face and side,
    before anything covered it) times the camera's local area scale at its centre."""
    full = np.zeros(len(placements))
    for i, p in enumerate(placements):
        pts = np.array([[p.cx, p.cy], [p.cx + 1, p.cy], [p.cx, p.cy + 1]], np.float32).reshape(-1, 1, 2)
        q = cv2.perspectiveTransform(pts, hom).reshape(-1, 2)
        (ax, ay), (bx, by) = q[1] - q[0], q[2] - q[0]
        full[i] = areas[i] * abs(float(ax * by - ay * bx))
    return full
