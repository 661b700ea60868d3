"""The physical look of a synthetic tile photo: tile bodies, the table under them, and the light and camera.

Why a module of its own: ``synth`` decides *what* is in a training crop (which faces, which neighbours, how it is
framed); this module draws *how* it looks — an ivory face with a bevel on a body with a coloured back, a felt, wood or
plain table, then light colour, glare, shadow, blur, noise and JPEG, the variation of a phone photo at a table. Every
function draws from the caller's generator in a fixed order, so the same seed gives the same pixels.
"""

from __future__ import annotations

import cv2
import numpy as np
from sikwu.datasets import back_colours


def trim_white_margins(img: np.ndarray) -> np.ndarray:
    """Cut uniform white margins so every art set fills the face the same way."""
    mask = (img.min(axis=2) < 235).astype(np.uint8)
    ys, xs = np.nonzero(mask)
    if len(xs) == 0:
        return img
    return img[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]


# ---------------------------------------------------------------------------------------------- tile bodies


def ivory_colour(rng: np.random.Generator) -> np.ndarray:
    """A warm white (BGR) for a tile face: sets differ from bright white to yellowed bone."""
    base = np.array([rng.uniform(200, 245), rng.uniform(225, 252), rng.uniform(232, 255)])  # BGR, warm white
    return base


def rounded_mask(h: int, w: int, r: int) -> np.ndarray:
    """255 inside an ``h`` x ``w`` rectangle with corners rounded by ``r``: the outline of a tile body or face."""
    m = np.zeros((h, w), np.uint8)
    cv2.rectangle(m, (r, 0), (w - 1 - r, h - 1), 255, -1)
    cv2.rectangle(m, (0, r), (w - 1, h - 1 - r), 255, -1)
    for cx, cy in ((r, r), (w - 1 - r, r), (r, h - 1 - r), (w - 1 - r, h - 1 - r)):
        cv2.circle(m, (cx, cy), r, 255, -1)
    return m


def tile_image(
    face: np.ndarray | None,
    rng: np.random.Generator,
    h: int = 96,
    back: bool = False,
    back_colour: np.ndarray | None = None,
) -> tuple:
    """A tile seen from the front: (BGR image, mask, face box) with thickness and back colour along one edge.

    The face box is returned so a caller can frame the crop on the face, as a real detector's box would. The back
    colour is ``back_colour`` or a training back (``back_colours.training``: never a held-out pink or purple).
    """
    w = int(round(h * rng.uniform(0.68, 0.8)))
    r = max(2, int(h * rng.uniform(0.05, 0.12)))
    back_col = back_colours.training(rng) if back_colour is None else np.asarray(back_colour, np.float32)
    ivory = ivory_colour(rng)
    thick = int(h * rng.uniform(0.0, 0.25))  # visible side of the body, below the face
    back_part = int(thick * rng.uniform(0.3, 0.7))
    H = h + thick
    img = np.zeros((H, w, 3), np.float32)
    mask = np.zeros((H, w), np.uint8)
    if thick:
        body = rounded_mask(H, w, r)
        img[:] = ivory * 0.82
        img[H - back_part :] = back_col
        mask |= body
    face_mask = rounded_mask(h, w, r)
    if back:
        face_rgb = np.empty((h, w, 3), np.float32)
        face_rgb[:] = back_col
        if rng.random() < 0.3:  # some backs carry an emblem or texture
            cv2.circle(face_rgb, (w // 2, h // 2), int(w * 0.25), (back_col * 0.85).tolist(), int(rng.integers(1, 4)))
    else:
        face_rgb = np.empty((h, w, 3), np.float32)
        face_rgb[:] = ivory
        if face is not None:
            m = rng.uniform(0.06, 0.16)
            fw, fh = int(w * (1 - 2 * m)), int(h * (1 - 2 * m * rng.uniform(0.6, 1.0)))
            g = cv2.resize(trim_white_margins(face), (max(4, fw), max(4, fh)), interpolation=cv2.INTER_AREA).astype(
                np.float32
            )
            x0, y0 = (w - g.shape[1]) // 2, (h - g.shape[0]) // 2
            face_rgb[y0 : y0 + g.shape[0], x0 : x0 + g.shape[1]] *= g / 255.0
    # bevel: darker towards the rim of the face
    dist = cv2.distanceTransform(face_mask, cv2.DIST_L2, 3)
    bevel = np.clip(dist / max(1.0, h * rng.uniform(0.03, 0.08)), 0, 1)
    shade = 0.75 + 0.25 * bevel
    face_rgb *= shade[..., None]
    sel = face_mask > 0
    img[:h][sel] = face_rgb[sel]
    mask[:h] |= face_mask
    return np.clip(img, 0, 255).astype(np.uint8), mask, (0, 0, w, h)


# ---------------------------------------------------------------------------------------------- table, light, camera


def table_surface(rng: np.random.Generator, h: int, w: int) -> np.ndarray:
    """A ``h`` x ``w`` BGR table: felt, wood with grain, grey or any colour, with soft texture noise."""
    kind = rng.integers(4)
    if kind == 0:  # green or blue felt
        col = np.array([rng.uniform(30, 90), rng.uniform(100, 170), rng.uniform(20, 70)])
        if rng.random() < 0.3:
            col = col[[1, 0, 2]]
    elif kind == 1:  # wood
        col = np.array([rng.uniform(60, 120), rng.uniform(110, 170), rng.uniform(160, 220)])
    elif kind == 2:  # grey / white / dark
        v = rng.uniform(30, 170)  # not ivory-white: a bare ivory patch is what a blank white dragon looks like
        col = np.array([v, v, v]) + rng.normal(0, 8, 3)
    else:
        col = rng.uniform(20, 235, 3)
        if col.min() > 150:
            col[int(rng.integers(3))] *= 0.5
    base = np.empty((h, w, 3), np.float32)
    base[:] = col
    noise = cv2.GaussianBlur(rng.normal(0, 1, (h, w)).astype(np.float32), (0, 0), rng.uniform(0.5, 3))
    base += noise[..., None] * rng.uniform(3, 18)
    if kind == 1:  # wood grain stripes
        stripes = np.sin(np.arange(w) / rng.uniform(2, 8) + rng.normal(0, 0.3, (h, 1)).cumsum(0)) * 12
        base += stripes[..., None]
    return np.clip(base, 0, 255).astype(np.uint8)


def paste_masked(canvas: np.ndarray, img: np.ndarray, mask: np.ndarray, x: int, y: int) -> None:
    """Copy ``img`` onto ``canvas`` at (``x``, ``y``) where ``mask`` is set, clipped at the canvas edges."""
    H, W = canvas.shape[:2]
    h, w = img.shape[:2]
    x0, y0, x1, y1 = max(0, x), max(0, y), min(W, x + w), min(H, y + h)
    if x1 <= x0 or y1 <= y0:
        return
    sub = mask[y0 - y : y1 - y, x0 - x : x1 - x] > 0
    canvas[y0:y1, x0:x1][sub] = img[y0 - y : y1 - y, x0 - x : x1 - x][sub]


def photometric(img: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """The light and lens of a phone at a table: light colour, exposure, shadow, glare, blur and noise."""
    f = img.astype(np.float32)
    H, W = f.shape[:2]
    f *= rng.uniform(0.85, 1.12, 3)  # light colour (warm lamps, daylight)
    f = f * rng.uniform(0.6, 1.25) + rng.uniform(-20, 20)
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    if rng.random() < 0.5:  # shadow: a soft gradient from one side
        ang = rng.uniform(0, 2 * np.pi)
        g = (np.cos(ang) * (xx / W - 0.5) + np.sin(ang) * (yy / H - 0.5)) * 2
        f *= (1 - rng.uniform(0.1, 0.45) * np.clip(g, 0, 1))[..., None]
    if rng.random() < 0.4:  # glare: a bright soft ellipse
        cx, cy = rng.uniform(0, W), rng.uniform(0, H)
        sx, sy = rng.uniform(0.08, 0.4) * W, rng.uniform(0.08, 0.4) * H
        g = np.exp(-(((xx - cx) / sx) ** 2 + ((yy - cy) / sy) ** 2))
        f += (g * rng.uniform(40, 140))[..., None]
    out = np.clip(f, 0, 255).astype(np.uint8)
    if rng.random() < 0.6:
        k = rng.uniform(0.3, 1.6)
        out = cv2.GaussianBlur(out, (0, 0), k)
    if rng.random() < 0.2:  # motion blur
        n = int(rng.integers(3, 7))
        kern = np.zeros((n, n), np.float32)
        kern[n // 2] = 1.0 / n
        rot = cv2.getRotationMatrix2D((n / 2 - 0.5, n / 2 - 0.5), rng.uniform(0, 180), 1)
        out = cv2.filter2D(out, -1, cv2.warpAffine(kern, rot, (n, n)))
    if rng.random() < 0.7:
        out = np.clip(out.astype(np.float32) + rng.normal(0, rng.uniform(2, 10), out.shape), 0, 255).astype(np.uint8)
    return out


def jpeg_roundtrip(img: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Most phone photos reach us as JPEG: encode and decode at a random quality (or leave the crop as is)."""
    if rng.random() < 0.7:
        ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(25, 92))])
        if ok:
            return cv2.imdecode(buf, cv2.IMREAD_COLOR)
    return img
