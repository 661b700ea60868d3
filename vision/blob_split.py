"""Split one blob of touching tile faces into single tiles: a few scored (columns x rows) grid hypotheses.

Why this shape: tiles laid in a row or a grid touch, so one bright blob is usually several tiles.  Each blob is
rectified through its own quadrilateral (which also undoes moderate perspective) and split along its axes at evenly
spaced cuts that land on the dark seams between faces: for every plausible number of columns and rows we score how
much "seam" the cuts hit, how tile-shaped the cells are and, for a long row, how well the cells match the row's
measured pitch, and keep the best few hypotheses.  The classifier later chooses between the hypotheses of a blob
(``vision.split_choice``), so a doubtful count is kept rather than guessed.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
from sikwu.vision.quads import portrait_quad, quad_size

#: Allowed ratio of a single tile cell's width to height (either orientation; photos may be stretched).
MIN_CELL_ASPECT = 0.38
MAX_CELL_ASPECT = 1.0 / MIN_CELL_ASPECT
#: A grid cell must be at least this much face (after filling glyph holes) to be a tile candidate.
MIN_CELL_FILL = 0.3
#: Keep at most this many split hypotheses per blob for the classifier to choose from.
MAX_HYPOTHESES = 3
#: Width/height range of a standing tile in a row (stretched photos included), for row count hypotheses.
ROW_CELL_ASPECT = (0.4, 1.05)
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

#: One grid hypothesis: (score, columns, rows, x cut positions, y cut positions) in rectified blob pixels.
Hypothesis = tuple[float, int, int, list[int], list[int]]


@dataclass
class Split:
    """One way to cut a blob into tiles: quads in image coordinates (each tl, tr, br, bl of the upright tile)."""

    quads: list[np.ndarray]
    score: float
    grid: tuple[int, int]


@dataclass(frozen=True)
class _Rectified:
    """A blob warped upright to its own W x H rectangle: whiteness, filled mask and the way back to the image."""

    face: np.ndarray
    filled: np.ndarray
    to_image: np.ndarray  # 3 x 3 perspective transform, rectified -> image pixels
    width: int
    height: int


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


def _rectify_blob(face: np.ndarray, filled: np.ndarray, quad: np.ndarray) -> _Rectified:
    w, h = quad_size(quad)
    width, height = max(4, int(round(w))), max(4, int(round(h)))
    dst = np.array([[0, 0], [width - 1, 0], [width - 1, height - 1], [0, height - 1]], dtype=np.float32)
    m = cv2.getPerspectiveTransform(quad.astype(np.float32), dst)
    return _Rectified(
        face=cv2.warpPerspective(face, m, (width, height), flags=cv2.INTER_LINEAR),
        filled=cv2.warpPerspective(filled, m, (width, height), flags=cv2.INTER_NEAREST),
        to_image=np.linalg.inv(m),
        width=width,
        height=height,
    )


def _seams(blob: _Rectified) -> tuple[np.ndarray, np.ndarray, float]:
    """Seam profiles along x and y and the blob's own face level."""
    # Seams and bevels are darker than the ivory of *this* blob even when they pass the global face threshold,
    # so "face" for seam finding is measured against the blob's own face level.
    inside = blob.face[blob.filled > 0]
    level = float(np.percentile(inside, 80)) if inside.size else 255.0
    rm = (blob.face >= SEAM_LEVEL * level).astype(np.uint8) * 255
    px, py = _seam_profiles(blob.face, rm, level)
    if NOTCH_SCALE:
        px = np.maximum(px, _notches(blob.filled, 0))
        py = np.maximum(py, _notches(blob.filled, 1))
    return px, py, level


def _row_pitch(blob: _Rectified, level: float) -> tuple[float, float, float, float]:
    """(pitch_x, strength_x, pitch_y, strength_y): the measured pitch of a blob that is one long row, else zeros."""
    W, H = blob.width, blob.height
    dark = (blob.face < SEAM_LEVEL * level).astype(np.float64)
    if W >= ROW_MIN_ELONGATION * H:  # one row of tiles along x: measure its pitch
        prof = dark[int(H * 0.1) : max(int(H * 0.9), int(H * 0.1) + 1)].mean(axis=0)
        pitch_x, strength_x = _periodic_pitch(prof, int(0.35 * H), int(1.8 * H))
        return pitch_x, strength_x, 0.0, 0.0
    if H >= ROW_MIN_ELONGATION * W:  # one row along y
        prof = dark[:, int(W * 0.1) : max(int(W * 0.9), int(W * 0.1) + 1)].mean(axis=1)
        pitch_y, strength_y = _periodic_pitch(prof, int(0.35 * W), int(1.8 * W))
        return 0.0, 0.0, pitch_y, strength_y
    return 0.0, 0.0, 0.0, 0.0


def _hypotheses(blob: _Rectified, min_side: float, tile_aspect: float, tile_area: float | None) -> list[Hypothesis]:
    """Every (columns, rows) grid with tile-shaped cells, scored by seams hit minus shape, size and pitch costs."""
    W, H = blob.width, blob.height
    px, py, level = _seams(blob)
    pitch_x, strength_x, pitch_y, strength_y = _row_pitch(blob, level)
    nx_max = max(1, int(W / max(min_side, 4)))
    ny_max = max(1, int(H / max(min_side, 4)))
    bx, by = float(np.median(px)), float(np.median(py))
    ex = {n: _cut_evidence(px, n, CUT_WINDOW, bx) for n in range(1, min(nx_max, 40) + 1)}
    ey = {n: _cut_evidence(py, n, CUT_WINDOW, by) for n in range(1, min(ny_max, 40) + 1)}
    hyps: list[Hypothesis] = []
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
    hyps.sort(key=lambda t: -t[0])
    return hyps


def _kept(hyps: list[Hypothesis], W: int, H: int) -> list[Hypothesis]:
    """The best MAX_HYPOTHESES, plus, for one long row, every other plausible tile count along it."""
    chosen = hyps[:MAX_HYPOTHESES]
    if max(W, H) >= ROW_MIN_ELONGATION * min(W, H):
        # One row of touching tiles: where the seams are invisible the count rests on the (unknown) tile shape,
        # so every plausible count stays a hypothesis for the classifier to check (see vision.split_choice).
        along, across = (W, H) if W >= H else (H, W)
        for h_ in hyps[MAX_HYPOTHESES:]:
            n = h_[1] if W >= H else h_[2]
            if (h_[2] if W >= H else h_[1]) == 1 and ROW_CELL_ASPECT[0] <= along / n / across <= ROW_CELL_ASPECT[1]:
                chosen.append(h_)
    return chosen


def _cells(blob: _Rectified, hyp: Hypothesis) -> list[np.ndarray]:
    """The tile quads (image pixels) of one grid hypothesis; cells that are mostly not face are left out."""
    _, nx, ny, cx, cy = hyp
    xs = [0, *cx, blob.width - 1]
    ys = [0, *cy, blob.height - 1]
    quads = []
    for j in range(ny):
        for i in range(nx):
            x0, x1, y0, y1 = xs[i], xs[i + 1], ys[j], ys[j + 1]
            if x1 - x0 < 3 or y1 - y0 < 3:
                continue
            cell = blob.filled[y0:y1, x0:x1]
            if cell.size == 0 or float((cell > 0).mean()) < MIN_CELL_FILL:
                continue
            pts = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], dtype=np.float32).reshape(-1, 1, 2)
            q = cv2.perspectiveTransform(pts, blob.to_image).reshape(4, 2)
            quads.append(portrait_quad(q))
    return quads


def split_blob(
    face: np.ndarray,
    filled: np.ndarray,
    quad: np.ndarray,
    min_side: float,
    tile_aspect: float = 0.75,
    tile_area: float | None = None,
) -> list[Split]:
    """Split hypotheses for one blob: rectify it, then score (columns, rows) grids by the seams their cuts hit
    plus how tile-shaped their cells are (``tile_aspect`` = short/long side of a single tile in this photo)."""
    blob = _rectify_blob(face, filled, quad)
    hyps = _hypotheses(blob, min_side, tile_aspect, tile_area)
    splits = []
    for hyp in _kept(hyps, blob.width, blob.height):
        quads = _cells(blob, hyp)
        if quads:
            splits.append(Split(quads=quads, score=hyp[0], grid=(hyp[1], hyp[2])))
    return splits
