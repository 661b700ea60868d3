"""Find tile faces in a photo with OpenCV and split blocks of touching tiles into single tiles.

Why this shape: a tile face is the brightest, least saturated thing on a mahjong table (green or pink felt and wood
are saturated; a grey table is darker than ivory), so a "whiteness" score (value minus saturation) separates faces
from the table with one Otsu threshold, refined once when the table itself is pale.  Tiles laid in a row or a grid
touch, so one bright blob is usually several tiles.  Each blob is rectified through its own quadrilateral (which
also undoes moderate perspective), and split along the axes at evenly spaced cuts that land on the dark seams
between faces: for every plausible number of columns and rows we score how much "seam" the cuts hit, and keep the
best few hypotheses.  The classifier later chooses between the hypotheses of a blob (see ``vision.recognize``).

Everything here works in the coordinates of the image it is given; ``segment`` downsizes internally for speed and
maps quadrilaterals back.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

#: Segmentation runs at most at this longer side (pixels); tiles stay >= ~20 px even in a full-table photo.
SEG_MAX_SIDE = 800
#: Split the 'white' class again when it covers more than this fraction of the photo, its upper part keeps at
#: least REFINE_MIN_UPPER of the photo, and the two parts' mean whiteness differs by more than REFINE_SEPARATION.
REFINE_MIN_BRIGHT = 0.1
REFINE_MIN_UPPER = 0.01
REFINE_SEPARATION = 35.0
#: ...unless the less white part is this many times more edge-rich than the whiter part (it holds the glyphs).
REFINE_INK_RATIO = 3.5
#: Pixels at least this fraction of the local white level (and above LOCAL_FLOOR x the global threshold) are
#: face too, for photos lit unevenly (0 disables).
LOCAL_LEVEL = 0.8
LOCAL_FLOOR = 0.75
#: A bright region touching the image border and larger than this fraction of the photo is table, not tiles...
BACKGROUND_FRACTION = 0.04
#: ...but tiles touching it are recovered by eroding it by this radius (segmentation pixels) and growing back.
BACKGROUND_ERODE = 3
#: Edge density (Canny pixels per pixel) below which such a region is plain table (tile blocks measure > 0.1).
BACKGROUND_MAX_EDGES = 0.06
#: A blob smaller than this fraction of the image cannot be a tile face.
MIN_BLOB_FRACTION = 0.0006
#: Allowed ratio of a single tile cell's width to height (either orientation; photos may be stretched).
MIN_CELL_ASPECT = 0.38
MAX_CELL_ASPECT = 1.0 / MIN_CELL_ASPECT
#: A grid cell must be at least this much face (after filling glyph holes) to be a tile candidate.
MIN_CELL_FILL = 0.3
#: Keep at most this many split hypotheses per blob for the classifier to choose from.
MAX_HYPOTHESES = 3
#: Width/height range of a standing tile in a row (stretched photos included), for row count hypotheses.
ROW_CELL_ASPECT = (0.4, 1.05)
#: A blob less solid than this (area / convex hull area) is split by erosion first (tiles touching at angles).
CONCAVE_SOLIDITY = 0.75
#: ...by at most this radius (segmentation pixels): angled tiles touch at small contacts, grids are thick.
CONCAVE_MAX_ERODE = 4
#: ...and only into pieces of at least this fraction of the blob (not a tile and a crumb of it).
CONCAVE_MIN_PART = 0.15
#: Height of the rectified crop handed to the classifier (width follows the tile's aspect).
CROP_HEIGHT = 96

# split scoring: seams, tile shape, row pitch
#: A seam must also stand this far above the blob's median seam strength.
SEAM_MARGIN = 0.22
#: A dip in blob thickness of this fraction of the thickness counts as a full seam (0 disables the cue).
NOTCH_SCALE = 0.06
#: A faint seam whose bright pixels are this fraction of the face level darker than beside it counts fully.
VALLEY_SCALE = 0.05
#: Each cut may move this fraction of the pitch from its evenly spaced position to sit on a seam (perspective).
CUT_WINDOW = 0.12
#: A cut must cross at least this fraction of "not face" to count as a seam (glyph strokes cross less).
SEAM_ABS = 0.7
#: A pixel darker than this fraction of its blob's face level counts as "not face" when looking for seams.
SEAM_LEVEL = 0.85
#: Weight of the tile-shape prior (per unit of |log(cell aspect / expected aspect)|).
SHAPE_WEIGHT = 1.0
#: A blob at least this many times longer than thick is treated as one row (its pitch is measured).
ROW_MIN_ELONGATION = 3.5
#: Minimum normalised autocorrelation for a measured pitch to be trusted, and its weight.
PITCH_MIN_STRENGTH = 0.1
PITCH_WEIGHT = 10.0
HARMONIC_COST = 1.0
#: Extra cost for reading cells as tiles lying on their side (rarer than standing ones in a row or grid).
LYING_COST = 0.5
#: Weight of the tile-size prior (per unit of |log(cell area / typical lone tile area)|), when lone tiles exist.
SIZE_WEIGHT = 1.0


@dataclass
class Split:
    """One way to cut a blob into tiles: quads in image coordinates (each tl, tr, br, bl of the upright tile)."""

    quads: list[np.ndarray]
    score: float
    grid: tuple[int, int]


@dataclass
class Blob:
    """A connected bright region: its outline quad and its split hypotheses, best first."""

    quad: np.ndarray
    area: float
    splits: list[Split] = field(default_factory=list)

    @property
    def row_like(self) -> bool:
        """One long row of touching tiles (its count is a question for the classifier)."""
        w, h = quad_size(self.quad)
        return max(w, h) >= ROW_MIN_ELONGATION * max(min(w, h), 1e-6)


@dataclass
class Segmentation:
    blobs: list[Blob]
    threshold: float
    mask: np.ndarray | None = None  # face mask at segmentation resolution (debugging / annotation)


# ----------------------------------------------------------------------------------------------------------------
# face mask


def face_score(bgr: np.ndarray) -> np.ndarray:
    """Per-pixel whiteness: value minus 1.2 x saturation (uint8); ivory faces score high, felt and wood low."""
    hsv = cv2.cvtColor(bgr, cv2.COLOR_BGR2HSV)
    s = hsv[:, :, 1].astype(np.int16)
    v = hsv[:, :, 2].astype(np.int16)
    f = np.clip(v - (s * 6) // 5, 0, 255).astype(np.uint8)
    return cv2.GaussianBlur(f, (3, 3), 0)


def face_threshold(score: np.ndarray, edges: np.ndarray | None = None) -> float:
    """Otsu on the whiteness; when the 'white' class is itself two populations (a pale table, a wooden frame or a
    white rack beside ivory faces), split it again and keep the whiter one, unless the less white one is the one
    full of glyph edges (ivory tiles beside a whiter plastic rack)."""
    t, _ = cv2.threshold(score, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    bright = score[score > t]
    if bright.size > REFINE_MIN_BRIGHT * score.size:
        t2, _ = cv2.threshold(bright.reshape(-1, 1), 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
        hi = bright[bright > t2]
        lo = bright[bright <= t2]
        # Only when the bright pixels really are two populations, not shading on faces.
        if (
            hi.size > REFINE_MIN_UPPER * score.size
            and lo.size > 0.3 * bright.size
            and float(hi.mean()) - float(lo.mean()) > REFINE_SEPARATION
        ):
            if edges is None:
                return float(t2)
            near = cv2.dilate(edges, np.ones((3, 3), np.uint8)) > 0
            inky_lo = float(near[(score > t) & (score <= t2)].mean())
            inky_hi = float(near[score > t2].mean())
            if inky_lo <= REFINE_INK_RATIO * inky_hi:
                t = t2
    return float(t)


# ----------------------------------------------------------------------------------------------------------------
# geometry helpers


def order_quad(pts: np.ndarray) -> np.ndarray:
    """Order 4 points tl, tr, br, bl with the first edge the one closest to the image x axis."""
    pts = np.asarray(pts, dtype=np.float32).reshape(4, 2)
    c = pts.mean(axis=0)
    ang = np.arctan2(pts[:, 1] - c[1], pts[:, 0] - c[0])
    pts = pts[np.argsort(ang)]  # clockwise in image coordinates (y down), starting anywhere
    best, best_cost = 0, None
    for k in range(4):
        q = np.roll(pts, -k, axis=0)
        e = q[1] - q[0]
        # prefer the edge pointing +x, and tl being upper-left
        cost = -e[0] / (np.hypot(*e) + 1e-6)
        if best_cost is None or cost < best_cost - 1e-6:
            best, best_cost = k, cost
    return np.roll(pts, -best, axis=0)


def quad_size(q: np.ndarray) -> tuple[float, float]:
    w = (np.linalg.norm(q[1] - q[0]) + np.linalg.norm(q[2] - q[3])) / 2
    h = (np.linalg.norm(q[3] - q[0]) + np.linalg.norm(q[2] - q[1])) / 2
    return float(w), float(h)


def portrait_quad(q: np.ndarray) -> np.ndarray:
    """Re-start the corner order so the quad's first edge is its short side (tiles are taller than wide)."""
    w, h = quad_size(q)
    return np.roll(q, -1, axis=0) if w > h * 1.02 else q


def rectify(image: np.ndarray, quad: np.ndarray, height: int = CROP_HEIGHT, pad: float = 0.0) -> np.ndarray:
    """Warp the quad (tl, tr, br, bl) to an upright rectangle of the given height, optionally with a margin of
    ``pad`` x its size on every side (the classifier was trained on boxes with a little table around them)."""
    if pad:
        c = quad.mean(axis=0)
        quad = (c + (quad - c) * (1 + 2 * pad)).astype(np.float32)
    w, h = quad_size(quad)
    out_h = height
    out_w = max(8, int(round(height * w / max(h, 1e-6))))
    dst = np.array([[0, 0], [out_w - 1, 0], [out_w - 1, out_h - 1], [0, out_h - 1]], dtype=np.float32)
    m = cv2.getPerspectiveTransform(quad.astype(np.float32), dst)
    return cv2.warpPerspective(image, m, (out_w, out_h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def _is_background(contour: np.ndarray, w: int, h: int, edges: np.ndarray | None = None) -> bool:
    """A large bright region running off the photo is table when it is plain (few edges); a block of tiles
    running off the photo is full of glyph edges."""
    x, y, cw, ch = cv2.boundingRect(contour)
    touches = x <= 1 or y <= 1 or x + cw >= w - 1 or y + ch >= h - 1
    if not touches or cv2.contourArea(contour) <= BACKGROUND_FRACTION * w * h:
        return False
    if edges is None:
        return True
    region = np.zeros(edges.shape, np.uint8)
    cv2.drawContours(region, [contour], -1, 255, thickness=cv2.FILLED)
    return float((edges[region > 0] > 0).mean()) < BACKGROUND_MAX_EDGES


def _split_background(
    mask: np.ndarray, contour: np.ndarray, grown: np.ndarray, min_area: float
) -> list[tuple[np.ndarray, int]]:
    """Tiles hidden in a pale-table region: erode the region so thin joins break, keep the parts that are not
    themselves table (not touching the border, not huge), and remember them grown back by the erosion radius."""
    h, w = mask.shape
    region = np.zeros_like(mask)
    cv2.drawContours(region, [contour], -1, 255, thickness=cv2.FILLED)
    region = cv2.bitwise_and(region, mask)
    k = BACKGROUND_ERODE
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * k + 1, 2 * k + 1))
    parts, _ = cv2.findContours(cv2.erode(region, kernel), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    out = []
    for c in parts:
        if cv2.contourArea(c) < min_area * 0.6 or _is_background(c, w, h):
            continue
        x, y, cw, ch = cv2.boundingRect(c)
        if x <= 1 or y <= 1 or x + cw >= w - 1 or y + ch >= h - 1:
            continue
        piece = np.zeros_like(mask)
        cv2.drawContours(piece, [c], -1, 255, thickness=cv2.FILLED)
        cv2.bitwise_or(grown, cv2.dilate(piece, kernel), dst=grown)
        out.append((c, k))
    return out


def _split_concave(
    contour: np.ndarray, shape: tuple[int, int], min_area: float, depth: int = 0
) -> list[tuple[np.ndarray, int]]:
    """Tiles lying at different angles that touch make a concave blob no grid can split: erode it step by step
    until it falls apart into tile-sized pieces (each remembered with the erosion radius to grow back by)."""
    area = cv2.contourArea(contour)
    hull = cv2.contourArea(cv2.convexHull(contour))
    if depth >= 2 or hull <= 0 or area / hull >= CONCAVE_SOLIDITY:
        return [(contour, 0)]
    x, y, w, h = cv2.boundingRect(contour)
    pad = 2
    canvas = np.zeros((h + 2 * pad, w + 2 * pad), np.uint8)
    cv2.drawContours(canvas, [contour - np.array([x - pad, y - pad])], -1, 255, thickness=cv2.FILLED)
    max_r = CONCAVE_MAX_ERODE
    for r in range(1, max_r + 1):
        kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1, 2 * r + 1))
        parts, _ = cv2.findContours(cv2.erode(canvas, kernel), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        big = [p for p in parts if cv2.contourArea(p) >= 0.4 * min_area]
        if len(big) >= 2 and all(cv2.contourArea(p) >= CONCAVE_MIN_PART * area for p in big):
            out = []
            for p in big:
                p = p + np.array([x - pad, y - pad])
                out.extend((q, rr + r) for q, rr in _split_concave(p, shape, min_area, depth + 1))
            return out
    return [(contour, 0)]


def grow_quad(q: np.ndarray, d: float) -> np.ndarray:
    """Move every edge of a (roughly rectangular) quad outward by ``d`` pixels."""
    if d <= 0:
        return q
    c = q.mean(axis=0)
    ax = (q[1] - q[0] + q[2] - q[3]) / 2
    ay = (q[3] - q[0] + q[2] - q[1]) / 2
    ux = ax / (np.linalg.norm(ax) + 1e-6)
    uy = ay / (np.linalg.norm(ay) + 1e-6)
    signs = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]], dtype=np.float32)
    out = q.copy()
    for i in range(4):
        out[i] = q[i] + d * (signs[i, 0] * ux + signs[i, 1] * uy)
    # keep ordering relative to the centre sensible even for skewed quads
    del c
    return out.astype(np.float32)


def _blob_quad(contour: np.ndarray) -> np.ndarray:
    """Four corners of a blob: a 4-gon fitted to the hull when it fits well (keeps perspective), else minAreaRect."""
    hull = cv2.convexHull(contour)
    hull_area = cv2.contourArea(hull)
    peri = cv2.arcLength(hull, True)
    for eps in (0.02, 0.035, 0.05):
        approx = cv2.approxPolyDP(hull, eps * peri, True)
        if len(approx) == 4 and cv2.isContourConvex(approx):
            a = cv2.contourArea(approx)
            if 0.93 * hull_area <= a <= 1.12 * hull_area:
                return order_quad(approx.reshape(4, 2))
            break
    box = cv2.boxPoints(cv2.minAreaRect(contour))
    return order_quad(box)


# ----------------------------------------------------------------------------------------------------------------
# splitting


def _cut_evidence(profile: np.ndarray, n: int, window: float, base: float | None = None) -> tuple[float, list[int]]:
    """Evidence that n equal cells separated by seams explain this seam profile; returns (score, cut positions).

    Each cut looks for the strongest seam near its evenly spaced position; a clear seam adds up to ~0.3, a cut
    through a plain face costs about as much, so extra cuts are paid for only by real seams.
    """
    length = len(profile)
    if n <= 1:
        return 0.0, []
    pitch = length / n
    if base is None:
        base = float(np.median(profile))
    win = max(1, int(round(pitch * window)))
    centres = np.rint(np.arange(1, n) * pitch).astype(np.int64)
    idx = centres[:, None] + np.arange(-win, win + 1)[None, :]
    valid = (idx >= 1) & (idx <= length - 2)
    if not valid.any(axis=1).all():
        return -1e9, []
    vals = np.where(valid, profile[np.clip(idx, 0, length - 1)], -np.inf)
    j = vals.argmax(axis=1)
    peaks = vals[np.arange(len(j)), j]
    cuts = (idx[np.arange(len(j)), j]).tolist()
    score = float(np.minimum(peaks, 1.0).sum()) - (n - 1) * max(SEAM_ABS, base + SEAM_MARGIN)
    return score, cuts


def _valley(col: np.ndarray, d: int = 3) -> np.ndarray:
    """How much darker each position is than both positions ``d`` away (0 where it is not a valley)."""
    v = np.minimum(np.roll(col, d), np.roll(col, -d)) - col
    v[:d] = 0
    v[-d:] = 0
    return np.maximum(v, 0)


def _notches(filled: np.ndarray, axis: int) -> np.ndarray:
    """Dips in a blob's thickness along one axis, 0..1: the rounded corners of touching tiles leave a small notch
    in the outline at every seam, even when the seam itself is invisible on the faces."""
    m = filled > 0
    if axis == 1:
        m = m.T
    n_across = m.shape[0]
    has = m.any(axis=0)
    top = np.where(has, m.argmax(axis=0), n_across)
    bottom = np.where(has, n_across - 1 - m[::-1].argmax(axis=0), 0)
    thick = (bottom - top).astype(np.float32)
    d = 3
    dip = np.maximum(np.roll(thick, d), np.roll(thick, -d)) - thick
    dip[:d] = 0
    dip[-d:] = 0
    return np.clip(dip / max(NOTCH_SCALE * n_across, 1.0), 0, 1)


def _seam_profiles(face: np.ndarray, mask: np.ndarray, level: float) -> tuple[np.ndarray, np.ndarray]:
    """Seam strength along x (per column) and along y (per row) of a rectified blob, 0..1.

    A seam between touching tiles is a line of darker pixels crossing the whole blob, while glyph strokes cross
    only part of a face (faces have a blank margin).  Two cues: the fraction of 'not face' pixels along the line
    (clear gaps), and how much darker the line's bright pixels (75th percentile) are than those a few pixels to
    either side (faint grey seams between tightly packed tiles, which glyphs rarely imitate along a whole line).
    """
    nonface = (mask == 0).astype(np.float32)
    h, w = mask.shape
    ys = slice(int(h * 0.04), max(int(h * 0.96), int(h * 0.04) + 1))
    xs = slice(int(w * 0.04), max(int(w * 0.96), int(w * 0.04) + 1))
    f = face.astype(np.float32)
    scale = max(VALLEY_SCALE * level, 1.0)
    vx = np.clip(_valley(np.percentile(f[ys, :], 75, axis=0)) / scale, 0, 1)
    vy = np.clip(_valley(np.percentile(f[:, xs], 75, axis=1)) / scale, 0, 1)
    px = np.maximum(nonface[ys, :].mean(axis=0), vx)
    py = np.maximum(nonface[:, xs].mean(axis=1), vy)
    px = np.maximum(px, np.maximum(np.roll(px, 1), np.roll(px, -1)))
    py = np.maximum(py, np.maximum(np.roll(py, 1), np.roll(py, -1)))
    return px, py


def _periodic_pitch(profile: np.ndarray, lo: int, hi: int) -> tuple[float, float]:
    """Tile pitch along a row from the autocorrelation of its seam profile: (pitch, strength 0..1).

    Tiles in a row repeat at one pitch (bevels, face margins) even where no single seam is visible; the strongest
    autocorrelation lag in the plausible range is that pitch, unless half of it is nearly as strong (then the row
    alternates between similar and different tiles and the half is the true pitch).
    """
    n = len(profile)
    hi = min(hi, n // 2)
    if hi - lo < 3:
        return 0.0, 0.0
    k = max(3, (lo // 2) | 1)
    x = profile - np.convolve(profile, np.ones(k) / k, mode="same")
    denom = float(np.dot(x, x)) / n + 1e-9
    ac = np.array([float(np.dot(x[:-lag], x[lag:])) / (n - lag) for lag in range(1, hi + 1)]) / denom
    best = lo - 1 + int(np.argmax(ac[lo - 1 : hi]))
    lag = best + 1
    half = lag // 2
    if half >= max(2, lo // 2):
        w = slice(max(0, half - 3), half + 2)
        if ac[w].max() >= 0.6 * ac[best]:
            lag = max(2, int(np.argmax(ac[w])) + w.start + 1)
    return float(lag), float(max(0.0, ac[best]))


def _pitch_cost(cell: float, pitch: float) -> float:
    """Cost of a cell length against a measured row pitch; the autocorrelation may have locked onto a multiple
    of the true pitch (two or three similar tiles repeating), so sub-multiples are allowed at a small charge."""
    return min(PITCH_WEIGHT * abs(np.log(cell * k / pitch)) + HARMONIC_COST * (k - 1) for k in (1, 2, 3))


def _shape_cost(aspect: float, tile_aspect: float) -> float:
    """How far a cell's width/height is from a tile standing (tile_aspect) or lying (1/tile_aspect)."""
    la = np.log(aspect)
    lt = abs(np.log(tile_aspect))
    standing = SHAPE_WEIGHT * abs(la + lt)
    lying = SHAPE_WEIGHT * abs(la - lt) + LYING_COST
    return float(min(standing, lying))


def split_blob(
    face: np.ndarray,
    raw_mask: np.ndarray,
    filled: np.ndarray,
    quad: np.ndarray,
    min_side: float,
    tile_aspect: float = 0.75,
    tile_area: float | None = None,
) -> list[Split]:
    """Split hypotheses for one blob: rectify it, then score (columns, rows) grids by the seams their cuts hit
    plus how tile-shaped their cells are (``tile_aspect`` = short/long side of a single tile in this photo)."""
    w, h = quad_size(quad)
    W, H = max(4, int(round(w))), max(4, int(round(h)))
    dst = np.array([[0, 0], [W - 1, 0], [W - 1, H - 1], [0, H - 1]], dtype=np.float32)
    m = cv2.getPerspectiveTransform(quad.astype(np.float32), dst)
    m_inv = np.linalg.inv(m)
    rf = cv2.warpPerspective(face, m, (W, H), flags=cv2.INTER_LINEAR)
    rfill = cv2.warpPerspective(filled, m, (W, H), flags=cv2.INTER_NEAREST)
    # Seams and bevels are darker than the ivory of *this* blob even when they pass the global face threshold,
    # so "face" for seam finding is measured against the blob's own face level.
    inside = rf[rfill > 0]
    level = float(np.percentile(inside, 80)) if inside.size else 255.0
    rm = (rf >= SEAM_LEVEL * level).astype(np.uint8) * 255
    px, py = _seam_profiles(rf, rm, level)
    if NOTCH_SCALE:
        px = np.maximum(px, _notches(rfill, 0))
        py = np.maximum(py, _notches(rfill, 1))

    pitch_x = pitch_y = strength_x = strength_y = 0.0
    dark = (rf < SEAM_LEVEL * level).astype(np.float64)
    if W >= ROW_MIN_ELONGATION * H:  # one row of tiles along x: measure its pitch
        prof = dark[int(H * 0.1) : max(int(H * 0.9), int(H * 0.1) + 1)].mean(axis=0)
        pitch_x, strength_x = _periodic_pitch(prof, int(0.35 * H), int(1.8 * H))
    elif H >= ROW_MIN_ELONGATION * W:  # one row along y
        prof = dark[:, int(W * 0.1) : max(int(W * 0.9), int(W * 0.1) + 1)].mean(axis=1)
        pitch_y, strength_y = _periodic_pitch(prof, int(0.35 * W), int(1.8 * W))

    nx_max = max(1, int(W / max(min_side, 4)))
    ny_max = max(1, int(H / max(min_side, 4)))
    bx, by = float(np.median(px)), float(np.median(py))
    ex = {n: _cut_evidence(px, n, CUT_WINDOW, bx) for n in range(1, min(nx_max, 40) + 1)}
    ey = {n: _cut_evidence(py, n, CUT_WINDOW, by) for n in range(1, min(ny_max, 40) + 1)}
    hyps = []
    for nx, (sx, cx) in ex.items():
        for ny, (sy, cy) in ey.items():
            cw, ch = W / nx, H / ny
            a = cw / ch
            if not (MIN_CELL_ASPECT <= a <= MAX_CELL_ASPECT):
                continue
            # "standing" = the tile's short side runs along the blob's long axis (a row of upright tiles)
            cost = _shape_cost(a if W >= H else 1.0 / a, tile_aspect)
            if tile_area:
                cost += SIZE_WEIGHT * abs(np.log(cw * ch / tile_area))
            if pitch_x and strength_x >= PITCH_MIN_STRENGTH:
                cost += _pitch_cost(cw, pitch_x)
            if pitch_y and strength_y >= PITCH_MIN_STRENGTH:
                cost += _pitch_cost(ch, pitch_y)
            hyps.append((sx + sy - cost, nx, ny, cx, cy))
    if not hyps:
        return []
    hyps.sort(key=lambda t: -t[0])
    chosen = hyps[:MAX_HYPOTHESES]
    if max(W, H) >= ROW_MIN_ELONGATION * min(W, H):
        # One row of touching tiles: where the seams are invisible the count rests on the (unknown) tile shape,
        # so every plausible count stays a hypothesis for the classifier to check (see vision.recognize).
        along, across = (W, H) if W >= H else (H, W)
        for h_ in hyps[MAX_HYPOTHESES:]:
            n = h_[1] if W >= H else h_[2]
            if (h_[2] if W >= H else h_[1]) == 1 and ROW_CELL_ASPECT[0] <= along / n / across <= ROW_CELL_ASPECT[1]:
                chosen.append(h_)
    splits = []
    for score, nx, ny, cx, cy in chosen:
        xs = [0, *cx, W - 1]
        ys = [0, *cy, H - 1]
        quads = []
        for j in range(ny):
            for i in range(nx):
                x0, x1, y0, y1 = xs[i], xs[i + 1], ys[j], ys[j + 1]
                if x1 - x0 < 3 or y1 - y0 < 3:
                    continue
                cell = rfill[y0:y1, x0:x1]
                if cell.size == 0 or float((cell > 0).mean()) < MIN_CELL_FILL:
                    continue
                pts = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], dtype=np.float32).reshape(-1, 1, 2)
                q = cv2.perspectiveTransform(pts, m_inv).reshape(4, 2)
                quads.append(portrait_quad(q))
        if quads:
            splits.append(Split(quads=quads, score=score, grid=(nx, ny)))
    return splits


def estimate_tile_shape(contours: list[np.ndarray], default: float = 0.75) -> tuple[float, float | None]:
    """Short/long side ratio of a single tile in this photo, from blobs that look like lone tiles.

    Photos may be stretched (the reference set is 4:3 squeezed to square), so the ratio is measured, not assumed:
    lone tiles are compact, well-filled blobs no bigger than the typical blob.  Returns (aspect, area or None).
    """
    cands = []
    for c in contours:
        rect = cv2.minAreaRect(c)
        (rw, rh) = rect[1]
        if rw < 4 or rh < 4:
            continue
        r = min(rw, rh) / max(rw, rh)
        fill = cv2.contourArea(c) / (rw * rh)
        if 0.45 <= r <= 0.95 and fill > 0.85:
            cands.append((rw * rh, r))
    if len(cands) < 2:
        return default, None
    areas = np.array([a for a, _ in cands])
    med = np.median(areas)
    kept = [(a, r) for a, r in cands if 0.5 * med <= a <= 1.6 * med]
    if len(kept) < 2:
        return default, None
    return float(np.median([r for _, r in kept])), float(np.median([a for a, _ in kept]))


# ----------------------------------------------------------------------------------------------------------------
# entry point


def segment(bgr: np.ndarray, *, keep_mask: bool = False) -> Segmentation:
    """Blobs of tile faces with split hypotheses; quads are in ``bgr``'s pixel coordinates."""
    h0, w0 = bgr.shape[:2]
    f = min(1.0, SEG_MAX_SIDE / max(h0, w0))
    small = cv2.resize(bgr, (round(w0 * f), round(h0 * f)), interpolation=cv2.INTER_AREA) if f < 1 else bgr
    h, w = small.shape[:2]
    score = face_score(small)
    edges = cv2.Canny(cv2.cvtColor(small, cv2.COLOR_BGR2GRAY), 80, 160)
    t = face_threshold(score, edges)
    raw = (score > t).astype(np.uint8) * 255
    if LOCAL_LEVEL:
        # Uneven light: a face in the shadow end of the table can fall below one global threshold although it is
        # nearly as white as the brightest thing around it.  Also accept pixels close to the local white level.
        k = max(15, int(max(h, w) * 0.08)) | 1
        local = cv2.blur(cv2.dilate(score, cv2.getStructuringElement(cv2.MORPH_RECT, (k, k))), (k, k))
        near_white = (score.astype(np.float32) >= LOCAL_LEVEL * local) & (score > LOCAL_FLOOR * t)
        raw = np.where(near_white, 255, raw).astype(np.uint8)
    opened = cv2.morphologyEx(raw, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (3, 3)))
    contours, _ = cv2.findContours(opened, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    min_area = MIN_BLOB_FRACTION * h * w
    filled = np.zeros_like(raw)
    grown = np.zeros_like(raw)
    items: list[tuple[np.ndarray, int]] = []  # (contour, radius to grow its outline back by)
    for c in contours:
        if cv2.contourArea(c) < min_area:
            continue
        if _is_background(c, w, h, edges):
            items.extend(_split_background(opened, c, grown, min_area))
        else:
            for part, r in _split_concave(c, raw.shape, min_area):
                items.append((part, r))
                cv2.drawContours(filled, [part], -1, 255, thickness=cv2.FILLED)
                if r:
                    cv2.drawContours(filled, [part], -1, 255, thickness=2 * r)
    filled = cv2.bitwise_or(filled, grown)
    big = [c for c, _ in items]
    min_side = max(8.0, np.sqrt(min_area) * 0.8)
    tile_aspect, tile_area = estimate_tile_shape(big)
    blobs = []
    for c, k in items:
        quad = grow_quad(_blob_quad(c), k)
        splits = split_blob(score, raw, filled, quad, min_side, tile_aspect, tile_area)
        if not splits:
            continue
        if f < 1:
            for s in splits:
                s.quads = [q / f for q in s.quads]
            quad = quad / f
        blobs.append(Blob(quad=quad, area=float(cv2.contourArea(c)) / (f * f), splits=splits))
    return Segmentation(blobs=blobs, threshold=t, mask=filled if keep_mask else None)


def quad_box(q: np.ndarray) -> tuple[float, float, float, float]:
    """Axis-aligned [x1, y1, x2, y2] of a quad."""
    return float(q[:, 0].min()), float(q[:, 1].min()), float(q[:, 0].max()), float(q[:, 1].max())
