"""Procedural table tops: felt, woven cloth, printed cloth, wood, automatic-table tops, embossed tops, stone, plain
plastic.

Why procedural: players photograph on whatever they own, and a detector that has only seen green felt calls a
wood grain line or a checked cloth a tile edge. Each kind is drawn from a seeded generator, so a scene's table is
reproducible, and none is photographed or copied from anywhere. Arrays are BGR uint8.
"""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np

Rng = np.random.Generator


def _noise(rng: Rng, h: int, w: int, sigma: float) -> np.ndarray:
    """Smooth noise in about [-1, 1] with features of ``sigma`` pixels (blurred white noise, renormalised)."""
    small = max(1.0, sigma / 4)
    sh, sw = max(2, int(h / small)), max(2, int(w / small))
    n = cv2.GaussianBlur(rng.normal(0, 1, (sh, sw)).astype(np.float32), (0, 0), 2.0)
    n = cv2.resize(n, (w, h), interpolation=cv2.INTER_CUBIC)
    return n / max(1e-6, float(np.abs(n).max()))


def _fill(h: int, w: int, colour: np.ndarray) -> np.ndarray:
    out = np.empty((h, w, 3), np.float32)
    out[:] = colour
    return out


def felt(rng: Rng, h: int, w: int) -> np.ndarray:
    hue = rng.choice(["green", "blue", "red", "purple", "teal"])
    base = {
        "green": (40, 120, 30), "blue": (140, 70, 20), "red": (40, 40, 150), "purple": (110, 50, 80),
        "teal": (110, 110, 20),
    }[hue]  # fmt: skip
    img = _fill(h, w, np.array(base, np.float32) * rng.uniform(0.6, 1.3, 3))
    img += _noise(rng, h, w, rng.uniform(20, 80))[..., None] * rng.uniform(4, 14)
    img += rng.normal(0, rng.uniform(2, 6), (h, w, 1)).astype(np.float32)  # fibres
    return img


def woven(rng: Rng, h: int, w: int) -> np.ndarray:
    """A woven cloth: a fine warp/weft texture, sometimes checked or striped in a second colour."""
    c1 = rng.uniform(30, 230, 3).astype(np.float32)
    c2 = rng.uniform(30, 230, 3).astype(np.float32)
    img = _fill(h, w, c1)
    period = rng.uniform(2.5, 6)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    weave = np.sin(xx * 2 * np.pi / period) * np.sin(yy * 2 * np.pi / period)
    img += weave[..., None] * rng.uniform(5, 18)
    pattern = rng.choice(["plain", "check", "stripes", "herringbone"])
    if pattern == "herringbone":  # a twill whose diagonal turns every band: a tray's lining, a jacket's cloth
        band = rng.uniform(5, 20)
        sign = np.where(np.floor(xx / band) % 2 == 0, 1.0, -1.0)
        img += np.sin(2 * np.pi * (yy + sign * xx) / rng.uniform(3, 8))[..., None] * rng.uniform(15, 40)
    elif pattern != "plain":
        cell = rng.uniform(20, 120)
        a = (np.floor(xx / cell) % 2).astype(np.float32)
        b = (np.floor(yy / cell) % 2).astype(np.float32)
        m = (a * b if pattern == "check" else a)[..., None] * rng.uniform(0.4, 1.0)
        img = img * (1 - m) + c2 * m
    return img


def printed(rng: Rng, h: int, w: int) -> np.ndarray:
    """A printed table cloth: scattered dots, flowers or blobs of one or two colours on a ground."""
    img = _fill(h, w, rng.uniform(60, 235, 3).astype(np.float32))
    n = int(rng.integers(20, 120)) * max(1, h * w // 500_000)
    r0 = rng.uniform(5, 40)
    for _ in range(n):
        col = rng.uniform(0, 255, 3).tolist()
        c = (int(rng.integers(0, w)), int(rng.integers(0, h)))
        r = max(2, int(r0 * rng.uniform(0.5, 1.5)))
        if rng.random() < 0.5:
            cv2.circle(img, c, r, col, -1, cv2.LINE_AA)
        else:
            cv2.ellipse(img, c, (r, max(2, r // 2)), float(rng.uniform(0, 180)), 0, 360, col, -1, cv2.LINE_AA)
    return cv2.GaussianBlur(img, (0, 0), 1.0)


def wood(rng: Rng, h: int, w: int) -> np.ndarray:
    """Wood: planks of grain (warped sine rings) in light to dark tones, sometimes with plank seams."""
    red = rng.uniform(70, 225)  # browns: red > green > blue, light oak to dark walnut
    green = red * rng.uniform(0.55, 0.8)
    base = np.array([green * rng.uniform(0.45, 0.8), green, red], np.float32)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    warp = _noise(rng, h, w, rng.uniform(60, 200)) * rng.uniform(10, 40)
    freq = rng.uniform(0.05, 0.25)
    grain = np.sin((yy + warp) * freq + _noise(rng, h, w, 300) * 3)
    img = _fill(h, w, base) * (1 + grain[..., None] * rng.uniform(0.05, 0.18))
    img += _noise(rng, h, w, 3)[..., None] * 6
    if rng.random() < 0.6:
        plank = rng.uniform(80, 260)
        seams = (np.abs(((yy + rng.uniform(0, plank)) % plank) - plank / 2) > plank / 2 - 1.2).astype(np.float32)
        img *= 1 - seams[..., None] * 0.45
    if rng.random() < 0.5:
        img = np.ascontiguousarray(np.transpose(img, (1, 0, 2)))
        img = cv2.resize(img, (w, h))
    return img


def automatic(rng: Rng, h: int, w: int) -> np.ndarray:
    """An automatic table: smooth felt or plastic top, a darker centre panel with a dice window, a rim."""
    img = felt(rng, h, w) if rng.random() < 0.6 else _fill(h, w, rng.uniform(20, 200, 3).astype(np.float32))
    side = int(min(h, w) * rng.uniform(0.25, 0.45))
    cx, cy = int(w * rng.uniform(0.3, 0.7)), int(h * rng.uniform(0.2, 0.6))
    panel = img.mean(axis=(0, 1)) * rng.uniform(0.4, 0.8)
    cv2.rectangle(img, (cx - side // 2, cy - side // 2), (cx + side // 2, cy + side // 2), panel.tolist(), -1)
    r = max(4, side // 6)
    cv2.circle(img, (cx, cy), r, (panel * 0.5).tolist(), -1, cv2.LINE_AA)
    if rng.random() < 0.5:  # a plastic rim along one edge of the photo
        t = int(min(h, w) * rng.uniform(0.03, 0.08))
        rim = rng.uniform(10, 90, 3).tolist()
        edge = int(rng.integers(4))
        sl = [np.s_[:t, :], np.s_[h - t :, :], np.s_[:, :t], np.s_[:, w - t :]][edge]
        img[sl] = rim
    return img


def _lattice(rng: Rng, h: int, w: int, period: float) -> tuple[np.ndarray, np.ndarray]:
    """Each pixel's offset (du, dv) from the nearest point of a turned lattice of ``period`` px, square or
    staggered (every other row shifted half a period)."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    a = rng.uniform(0, np.pi)
    u = xx * np.cos(a) + yy * np.sin(a)
    v = -xx * np.sin(a) + yy * np.cos(a)
    if rng.random() < 0.5:
        u = u + (np.floor(v / period) % 2) * period / 2
    return (u % period) - period / 2, (v % period) - period / 2


def embossed(rng: Rng, h: int, w: int) -> np.ndarray:
    """An embossed top (many automatic tables, rubber mats): a regular lattice of small bumps, lit on one side,
    over felt or plastic. Why: a lattice of dots a tile wide is what a dot tile's face is made of, and a detector's
    box on such a top held a sure 8-dots reading in one classifier run."""
    img = felt(rng, h, w) if rng.random() < 0.6 else _fill(h, w, rng.uniform(20, 200, 3).astype(np.float32))
    p = rng.uniform(4, 14)
    du, dv = _lattice(rng, h, w, p)
    s = (p * rng.uniform(0.15, 0.3)) ** 2
    light = rng.uniform(0, 2 * np.pi)
    ox, oy = 0.12 * p * np.cos(light), 0.12 * p * np.sin(light)
    lit = np.exp(-((du + ox) ** 2 + (dv + oy) ** 2) / s) * rng.uniform(20, 60)
    shade = np.exp(-((du - ox) ** 2 + (dv - oy) ** 2) / s) * rng.uniform(10, 40)
    return img + (lit - shade)[..., None]


def stone(rng: Rng, h: int, w: int) -> np.ndarray:
    """Marble or granite: a pale or dark ground with veins and speckle."""
    v = rng.uniform(40, 220)
    img = _fill(h, w, np.array([v, v, v]) + rng.normal(0, 10, 3))
    veins = np.abs(np.sin(_noise(rng, h, w, rng.uniform(80, 250)) * rng.uniform(6, 14)))
    img -= ((1 - veins) ** 8)[..., None] * rng.uniform(20, 80) * (1 if v > 120 else -1)
    img += rng.normal(0, rng.uniform(2, 10), (h, w, 1)).astype(np.float32)
    return img


def plain(rng: Rng, h: int, w: int) -> np.ndarray:
    """Plastic or painted top in one colour, not ivory-white (a bare ivory patch is a blank white dragon)."""
    col = rng.uniform(15, 200, 3)
    img = _fill(h, w, col.astype(np.float32))
    img += _noise(rng, h, w, 150)[..., None] * rng.uniform(2, 10)
    return img


KINDS: dict[str, Callable[[Rng, int, int], np.ndarray]] = {
    "felt": felt, "woven": woven, "printed": printed, "wood": wood, "automatic": automatic, "embossed": embossed,
    "stone": stone, "plain": plain,
}  # fmt: skip


def table(rng: Rng, h: int, w: int, kind: str | None = None) -> tuple[np.ndarray, str]:
    """(BGR uint8 table top of ``h`` x ``w``, its kind), the kind drawn at random unless given."""
    kind = kind or str(rng.choice(sorted(KINDS)))
    return np.clip(KINDS[kind](rng, h, w), 0, 255).astype(np.uint8), kind
