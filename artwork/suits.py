"""The picture suits: dots (筒) and bamboo (索), drawn from circles and polygons (no font involved).

The designs follow the traditional layouts found on real Hong Kong sets, so a player recognises a face at a glance.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from sikwu.artwork.canvas import Canvas
from sikwu.artwork.style import RGB

# -------------------------------------------------------------------------------------------------------------- dots


def _dot(c: Canvas, x: float, y: float, r: float, colour: RGB) -> None:
    """One coin: coloured rim, ivory gap, coloured ring with notches, ivory eye and centre."""
    ivory = c.style.ivory
    c.circle(x, y, r, colour)
    c.circle(x, y, r * 0.80, ivory)
    c.circle(x, y, r * 0.66, colour)
    for k in range(8):  # the little petal notches of a traditional coin
        a = k * math.pi / 4
        c.circle(x + math.cos(a) * r * 0.52, y + math.sin(a) * r * 0.52, r * 0.07, ivory)
    c.circle(x, y, r * 0.34, ivory)
    c.circle(x, y, r * 0.18, colour)


def _big_dot(c: Canvas) -> None:
    """The one-dot: a large ornate coin in blue, green and red."""
    st = c.style
    x, y = 150, 200
    c.circle(x, y, 118, st.blue)
    c.circle(x, y, 106, st.ivory)
    c.circle(x, y, 98, st.green)
    for k in range(16):
        a = k * math.pi / 8
        c.circle(x + math.cos(a) * 82, y + math.sin(a) * 82, 9, st.ivory)
    c.circle(x, y, 68, st.ivory)
    c.circle(x, y, 60, st.red)
    for k in range(8):
        a = k * math.pi / 4 + math.pi / 8
        c.circle(x + math.cos(a) * 44, y + math.sin(a) * 44, 8, st.ivory)
    c.circle(x, y, 28, st.ivory)
    c.circle(x, y, 16, st.blue)


def dots(c: Canvas, rank: int) -> None:
    """The dots (筒) suit: coins in the traditional arrangement of each rank."""
    st = c.style
    b, g, r = st.blue, st.green, st.red
    layouts: dict[int, Sequence[tuple[float, float, float, RGB]]] = {
        2: [(150, 112, 66, g), (150, 288, 66, b)],
        3: [(78, 88, 54, b), (150, 200, 54, r), (222, 312, 54, g)],
        4: [(88, 122, 56, b), (212, 122, 56, g), (88, 278, 56, g), (212, 278, 56, b)],
        5: [(80, 96, 50, b), (220, 96, 50, g), (150, 200, 50, r), (80, 304, 50, g), (220, 304, 50, b)],
        6: [
            (92, 84, 46, g),
            (208, 84, 46, g),
            (92, 212, 46, r),
            (208, 212, 46, r),
            (92, 316, 46, r),
            (208, 316, 46, r),
        ],
        7: [
            (70, 62, 38, g),
            (150, 100, 38, g),
            (230, 138, 38, g),
            (92, 232, 42, r),
            (208, 232, 42, r),
            (92, 326, 42, r),
            (208, 326, 42, r),
        ],
        8: [(x, y, 40, b) for y in (64, 154, 246, 336) for x in (94, 206)],
        9: [(x, y, 40, col) for y, col in ((78, b), (200, r), (322, g)) for x in (64, 150, 236)],
    }
    if rank == 1:
        _big_dot(c)
        return
    for x, y, rad, colour in layouts[rank]:
        _dot(c, x, y, rad, colour)


# ------------------------------------------------------------------------------------------------------------ bamboo


def _stick(c: Canvas, p0: tuple[float, float], p1: tuple[float, float], half: float, colour: RGB) -> None:
    """One bamboo stick from p0 to p1: a chain of four swellings pinched at the joints, a pale pith down the
    middle broken at the central node, as carved on real tiles."""
    ivory = c.style.ivory
    (x0, y0), (x1, y1) = c.pt(*p0), c.pt(*p1)
    length = math.hypot(x1 - x0, y1 - y0)
    ux, uy = (x1 - x0) / length, (y1 - y0) / length  # along the stick
    nx, ny = -uy, ux  # across the stick
    hw = half * c.s

    def at(t: float) -> tuple[float, float]:
        return x0 + ux * length * t, y0 + uy * length * t

    def oval(t: float, along: float, across: float) -> list[tuple[float, float]]:
        cx, cy = at(t)
        pts = []
        for k in range(24):
            a = k * math.pi / 12
            da, dc = math.cos(a) * along, math.sin(a) * across
            pts.append((cx + ux * da + nx * dc, cy + uy * da + ny * dc))
        return pts

    def band(a: float, b: float, width: float) -> list[tuple[float, float]]:
        (ax, ay), (bx, by) = at(a), at(b)
        return [
            (ax + nx * width, ay + ny * width),
            (bx + nx * width, by + ny * width),
            (bx - nx * width, by - ny * width),
            (ax - nx * width, ay - ny * width),
        ]

    lobe = length / 8
    for t in (0.125, 0.375, 0.625, 0.875):
        c.draw.polygon(oval(t, lobe * 1.18, hw), fill=colour)
    c.draw.polygon(band(0.1, 0.9, hw * 0.72), fill=colour)  # keep the pinches from cutting through
    pith = hw * 0.26
    for a, b in ((0.07, 0.45), (0.55, 0.93)):
        c.draw.polygon(band(a, b, pith), fill=ivory)
        for t in (a, b):
            px, py = at(t)
            c.draw.ellipse((px - pith, py - pith, px + pith, py + pith), fill=ivory)


def _vstick(c: Canvas, x: float, y: float, length: float, colour: RGB, half: float = 17) -> None:
    _stick(c, (x, y - length / 2), (x, y + length / 2), half, colour)


def _leaf(c: Canvas, p0: tuple[float, float], p1: tuple[float, float], width: float, colour: RGB) -> None:
    """A pointed leaf or feather from p0 to p1, widest two thirds of the way along."""
    (x0, y0), (x1, y1) = c.pt(*p0), c.pt(*p1)
    length = math.hypot(x1 - x0, y1 - y0)
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    nx, ny = -uy, ux
    half = width * c.s / 2
    side = []
    for k in range(13):
        t = k / 12
        w = half * math.sin(math.pi * t**1.4)
        side.append((t, w))
    pts = [(x0 + ux * length * t + nx * w, y0 + uy * length * t + ny * w) for t, w in side]
    pts += [(x0 + ux * length * t - nx * w, y0 + uy * length * t - ny * w) for t, w in reversed(side)]
    c.draw.polygon(pts, fill=colour)


def _bird(c: Canvas) -> None:
    """The one-bamboo's bird: a peacock-like bird with a long feathered tail, drawn from simple shapes."""
    st = c.style
    d = c.draw
    # Tail: long feathers sweeping down to the left, each with an eye near its tip.
    feathers = (((140, 250), (30, 330), st.blue), ((145, 262), (62, 385), st.green), ((160, 270), (130, 390), st.blue))
    for (bx, by), (tx, ty), colour in feathers:
        _leaf(c, (bx, by), (tx, ty), 46, colour)
        ex, ey = bx + (tx - bx) * 0.78, by + (ty - by) * 0.78
        c.circle(ex, ey, 12, st.ivory)
        c.circle(ex, ey, 6, st.red)
    # Body, breast and wing.
    d.ellipse(c.box(100, 150, 222, 292), fill=st.green)
    d.ellipse(c.box(160, 165, 220, 255), fill=st.blue)
    _leaf(c, (200, 180), (92, 300), 62, st.blue)
    for k in range(3):
        _leaf(c, (178 - 14 * k, 208 + 10 * k), (112 - 6 * k, 292 - 4 * k), 9, st.ivory)
    # Neck and head.
    d.polygon([c.pt(172, 196), c.pt(208, 124), c.pt(238, 132), c.pt(214, 214)], fill=st.green)
    c.circle(224, 112, 28, st.green)
    d.polygon([c.pt(246, 102), c.pt(280, 120), c.pt(246, 126)], fill=st.red)  # beak
    c.circle(230, 105, 8, st.ivory)
    c.circle(231, 105, 4, (20, 20, 20))
    for k, dx in enumerate((-16, 0, 16)):  # crest
        tip = (214 + dx, 46 + 8 * abs(k - 1))
        d.line([c.pt(222, 86), c.pt(*tip)], fill=st.red, width=max(1, int(6 * c.s)))
        c.circle(*tip, 8, st.red)
    # Legs and feet.
    for lx in (162, 188):
        d.line([c.pt(lx, 282), c.pt(lx - 4, 338)], fill=st.red, width=int(7 * c.s))
        for fx in (-22, 0, 14):
            d.line([c.pt(lx - 4, 338), c.pt(lx - 4 + fx, 352)], fill=st.red, width=int(5 * c.s))


def bamboo(c: Canvas, rank: int) -> None:
    """The bamboo (索) suit: sticks in the traditional arrangement of each rank, a bird on the one."""
    st = c.style
    b, g, r = st.blue, st.green, st.red
    if rank == 1:
        _bird(c)
        return
    if rank == 8:
        # Top row forms a W, bottom row an M, as on real sets.
        top = [((40, 40), (95, 182)), ((95, 182), (150, 40)), ((150, 40), (205, 182)), ((205, 182), (260, 40))]
        for (ax, ay), (bx, by) in top:
            # Shorten each stick a little so the W and M read as four sticks, not one zigzag.
            sx, sy = ax + (bx - ax) * 0.08, ay + (by - ay) * 0.08
            ex, ey = bx - (bx - ax) * 0.08, by - (by - ay) * 0.08
            _stick(c, (sx, sy), (ex, ey), 17, g)
            _stick(c, (sx, 400 - sy), (ex, 400 - ey), 17, b)
        return
    layouts: dict[int, Sequence[tuple[float, float, float, RGB]]] = {
        2: [(150, 115, 150, g), (150, 285, 150, b)],
        3: [(150, 115, 150, g), (95, 285, 150, b), (205, 285, 150, b)],
        4: [(95, 115, 150, g), (205, 115, 150, b), (95, 285, 150, b), (205, 285, 150, g)],
        5: [(72, 110, 140, g), (228, 110, 140, b), (150, 200, 140, r), (72, 290, 140, b), (228, 290, 140, g)],
        6: [(x, y, 150, col) for y, col in ((115, g), (285, b)) for x in (70, 150, 230)],
        7: [(150, 72, 100, r)] + [(x, y, 110, col) for y, col in ((192, g), (322, b)) for x in (70, 150, 230)],
        9: [(x, y, 112, col) for y in (72, 200, 328) for x, col in ((66, g), (150, r), (234, b))],
    }
    half = 21 if rank in (5, 7, 9) else 24
    for x, y, length, colour in layouts[rank]:
        _vstick(c, x, y, length, colour, half)
