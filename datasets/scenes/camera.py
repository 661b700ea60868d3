"""The phone: where it looks at the table from (a homography) and what its photo does to light and detail.

Why a homography over the whole table: a phone held at the seat sees the far tiles smaller and the table's edges
converging, turned a little; near and far are the zoom. The camera is chosen so the table fills the photo (no
border to invent), and the layout is told which part of the table the photo shows. The photometric steps are the
ones real photos have: lamp colour, dim light, a shadow across, glare, defocus or shake, sensor noise and JPEG,
at the working size the pipeline reads a photo at (``vision.io.WORK_MAX_SIDE`` long side).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

#: Photo shapes (width : height) phones produce.
ASPECTS = ((4, 3), (3, 4), (16, 9), (9, 16), (1, 1))


@dataclass(frozen=True)
class Camera:
    homography: np.ndarray  # 3x3, table px -> photo px
    size: tuple[int, int]  # photo (width, height)
    visible: tuple[float, float, float, float]  # axis-aligned part of the table the whole photo shows, table px
    side_view: float  # how much of a flat tile's side shows, as a share of its thickness (camera tilt)


def _keystone(w: float, h: float, squeeze: float) -> np.ndarray:
    """Table rectangle -> trapezoid whose far (top) edge is ``squeeze`` times the near edge."""
    src = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    d = (1 - squeeze) * w / 2
    dst = np.array([[d, 0], [w - d, 0], [w, h], [0, h]], np.float32)
    return cv2.getPerspectiveTransform(src, dst).astype(np.float64)


def make_camera(rng: np.random.Generator, size: tuple[int, int], tilt: float, turn: float) -> Camera:
    """A camera for a photo of ``size`` over a table twice as large: ``tilt`` in [0, 1] (0 = straight down), the
    photo turned ``turn`` degrees. The table is zoomed until it covers the photo."""
    w, h = size
    tw, th = 2.0 * w, 2.0 * h
    k = _keystone(tw, th, 1.0 - 0.45 * tilt)
    c = np.array([tw / 2, th / 2])
    a = np.deg2rad(turn)
    rot = np.array([[np.cos(a), -np.sin(a), 0], [np.sin(a), np.cos(a), 0], [0, 0, 1]])
    zoom = 0.5
    for _ in range(60):
        s = np.diag([zoom, zoom, 1.0])
        to_photo = np.array([[1, 0, w / 2], [0, 1, h / 2], [0, 0, 1]]) @ rot @ s
        hom = to_photo @ np.array([[1, 0, -c[0]], [0, 1, -c[1]], [0, 0, 1]]) @ k
        corners = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32).reshape(-1, 1, 2)
        back = cv2.perspectiveTransform(corners, np.linalg.inv(hom)).reshape(-1, 2)
        if back.min() >= 0 and back[:, 0].max() <= tw and back[:, 1].max() <= th:
            break
        zoom *= 1.06
    return Camera(hom, (w, h), _inner_box(back), side_view=float(0.1 + 0.5 * tilt))


def _inner_box(quad: np.ndarray) -> tuple[float, float, float, float]:
    """The largest box of the quad's own proportions, centred on its centroid, that lies inside the (convex) quad."""
    c = quad.mean(0)
    half = (quad.max(0) - quad.min(0)) / 2
    contour = quad.reshape(-1, 1, 2).astype(np.float32)
    lo, hi = 0.0, 1.0
    for _ in range(20):
        s = (lo + hi) / 2
        corners = [c + half * s * np.array(d) for d in ((-1, -1), (1, -1), (1, 1), (-1, 1))]
        if all(cv2.pointPolygonTest(contour, (float(x), float(y)), False) >= 0 for x, y in corners):
            lo = s
        else:
            hi = s
    x0, y0 = c - half * lo
    x1, y1 = c + half * lo
    return float(x0), float(y0), float(x1), float(y1)


def table_size(camera: Camera) -> tuple[int, int]:
    w, h = camera.size
    return 2 * w, 2 * h


def photo_size(rng: np.random.Generator, long_side: int) -> tuple[int, int]:
    aw, ah = ASPECTS[int(rng.integers(len(ASPECTS)))]
    s = long_side / max(aw, ah)
    return max(16, round(aw * s)), max(16, round(ah * s))


def light(img: np.ndarray, rng: np.random.Generator, dim: bool) -> np.ndarray:
    """Lamp colour, exposure (dim rooms included), a shadow across, glare spots and vignetting."""
    f = img.astype(np.float32)
    h, w = f.shape[:2]
    f *= rng.uniform(0.85, 1.12, 3).astype(np.float32)
    f *= rng.uniform(0.3, 0.55) if dim else rng.uniform(0.75, 1.2)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    xx, yy = xx / w - 0.5, yy / h - 0.5
    if rng.random() < 0.5:  # a soft shadow edge: a person or the phone between lamp and table
        ang = rng.uniform(0, 2 * np.pi)
        g = np.clip((np.cos(ang) * xx + np.sin(ang) * yy - rng.uniform(-0.3, 0.3)) / rng.uniform(0.02, 0.2), 0, 1)
        f *= (1 - rng.uniform(0.2, 0.55) * g)[..., None]
    for _ in range(int(rng.integers(0, 3))):  # glare: a lamp's reflection
        cx, cy = rng.uniform(-0.5, 0.5), rng.uniform(-0.5, 0.5)
        sx, sy = rng.uniform(0.03, 0.25), rng.uniform(0.03, 0.25)
        g = np.exp(-(((xx - cx) / sx) ** 2 + ((yy - cy) / sy) ** 2))
        f += (g * rng.uniform(60, 200))[..., None]
    if rng.random() < 0.5:
        f *= (1 - rng.uniform(0.1, 0.5) * (xx**2 + yy**2) * 2)[..., None]
    return np.clip(f, 0, 255).astype(np.uint8)


def optics(img: np.ndarray, rng: np.random.Generator, dim: bool) -> np.ndarray:
    """Defocus or hand shake, then sensor noise (more in dim light), then the phone's or a messenger's JPEG."""
    out = img
    if rng.random() < 0.6:
        out = cv2.GaussianBlur(out, (0, 0), rng.uniform(0.4, 1.8))
    if rng.random() < 0.2:
        n = int(rng.integers(3, 9))
        kern = np.zeros((n, n), np.float32)
        kern[n // 2] = 1.0 / n
        rot = cv2.getRotationMatrix2D((n / 2 - 0.5, n / 2 - 0.5), float(rng.uniform(0, 180)), 1)
        out = cv2.filter2D(out, -1, cv2.warpAffine(kern, rot, (n, n)))
    sigma = rng.uniform(4, 12) if dim else rng.uniform(0.5, 5)
    out = np.clip(out.astype(np.float32) + rng.normal(0, sigma, out.shape).astype(np.float32), 0, 255)
    return out.astype(np.uint8)


def jpeg_quality(rng: np.random.Generator) -> int:
    return int(rng.integers(30, 96))
