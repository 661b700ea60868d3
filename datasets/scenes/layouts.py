"""Where tiles lie in a scene, by scene kind, in the table's own (top-down) coordinates.

Kinds, as players lay tiles out:
- ``row``: the hand in a touching row at the near table edge, exposed melds above it (one claimed tile turned 90
  degrees), sometimes a concealed kong, flowers and seasons set apart;
- ``kong``: a row scene that always holds one or two concealed kongs (two tiles face down);
- ``scattered``: loose discards at any angle, apart;
- ``pile``: heaps of overlapping tiles at any angle, some face down;
- ``standing``: the player's own hand standing on its side, seen from the seat, melds lying behind it;
- ``wall``: walls of face-down tiles two high with a few discards.
A layout returns :class:`Placement` s in drawing order (later ones lie on top).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import numpy as np
from sikwu.datasets.scenes.art import FaceBank
from sikwu.datasets.scenes.tiles import BACK, BLANK, SetStyle

KINDS = ("row", "kong", "scattered", "pile", "standing", "wall")
Rect = tuple[float, float, float, float]  # x0, y0, x1, y1 of the region the camera sees
#: How often a tile lies face down: a loose discard (``scattered``), a tile in a heap (``pile``); and how often a
#: ``row`` scene holds a concealed kong. Face-down tiles among faces are what the detector missed most (half the
#: backs of kong scenes got no box); with these, backs are about an eighth of the tiles outside walls.
FACE_DOWN = {"scattered": 0.15, "pile": 0.25, "row": 0.4}


@dataclass(frozen=True)
class Placement:
    label: str  # tile id, ``back`` or ``blank``
    tile: str  # the face's tile id ("" for a back)
    mode: str  # ``flat``, ``down`` (face down) or ``standing``
    cx: float
    cy: float
    angle: float  # degrees counter-clockwise; 90 = turned sideways
    height: float  # the tile's long side, table px
    group: str  # hand, meld, kong, flowers, discard, pile, standing, wall


def _is_bonus(tile: str) -> bool:
    return tile.endswith("f")


class _Dealer:
    """Tiles dealt from a shuffled set (four of each suited and honour face, one of each flower and season), so a
    scene's counts are plausible: it never holds two copies of one flower or season, as a real set never does."""

    def __init__(self, bank: FaceBank, style: SetStyle, rng: np.random.Generator) -> None:
        self.bank, self.style, self.rng = bank, style, rng
        deck = [t for t in bank.tiles for _ in range(1 if _is_bonus(t) else 4)]
        self.deck = [deck[i] for i in rng.permutation(len(deck))]

    def draw(self, bonus: bool = False) -> str:
        """The next tile of the deck; ``bonus``: the next flower or season still in it (an ordinary tile once all
        are out)."""
        if bonus:
            for i in range(len(self.deck) - 1, -1, -1):
                if _is_bonus(self.deck[i]):
                    return self.deck.pop(i)
            # every bonus tile is out: an ordinary tile instead
        return self.deck.pop() if self.deck else self._spare()

    def take(self, tiles: list[str]) -> bool:
        """Take ``tiles`` (a meld) out of the deck when every one is still in it; False (deck unchanged) if not."""
        left = Counter(self.deck)
        if any(left[t] < n for t, n in Counter(tiles).items()):
            return False
        for t in tiles:
            del self.deck[len(self.deck) - 1 - self.deck[::-1].index(t)]
        return True

    def meld(self, run: bool, n: int = 3) -> list[str]:
        """A run of three (``run``) or ``n`` of a kind, taken from the deck: the first the deck still holds, from
        its top. Never a flower or season (an honour tile makes no run: three of it then)."""
        for t in reversed(self.deck):
            if _is_bonus(t):
                continue
            tiles = [f"{min(int(t[0]), 7) + i}{t[1]}" for i in range(3)] if run and t[1] in "mps" else [t] * n
            if self.take(tiles):
                return tiles
        return [self._spare()] * n  # the deck has run dry (a crowded scene): the counts can no longer hold

    def _spare(self) -> str:
        """A suited or honour tile once the deck has none left (more tiles than a set holds: a crowded pile)."""
        plain = [t for t in self.bank.tiles if not _is_bonus(t)]
        if not plain:
            raise ValueError("the art holds no suited or honour face: a scene needs some; allow more tile sets")
        return plain[int(self.rng.integers(len(plain)))]

    def label(self, tile: str) -> str:
        return BLANK if tile == "5z" and self.style.blank_white else tile


def _face(d: _Dealer, tile: str, x: float, y: float, h: float, group: str, angle: float = 0.0) -> Placement:
    return Placement(d.label(tile), tile, "flat", x, y, angle, h, group)


def _down(x: float, y: float, h: float, group: str, angle: float = 0.0) -> Placement:
    return Placement(BACK, "", "down", x, y, angle, h, group)


def _meld_tiles(d: _Dealer, rng: np.random.Generator) -> tuple[list[str], str]:
    """(tiles, meld kind): a chow, a pung, an exposed kong or a concealed kong."""
    kind = str(rng.choice(["chow", "pung", "kong", "concealed"], p=[0.35, 0.35, 0.12, 0.18]))
    tiles = d.meld(run=kind == "chow", n=4 if kind in ("kong", "concealed") else 3)
    return tiles, "pung" if kind == "chow" and tiles[0] == tiles[1] else kind


def _lay_group(
    d: _Dealer, tiles: list[str], kind: str, x: float, y_bottom: float, h: float, rng: np.random.Generator
) -> tuple[list[Placement], float]:
    """A meld laid in a touching row from ``x`` with its bottom edge on ``y_bottom``; returns placements, end x."""
    w = h * d.style.aspect
    gap = h * rng.uniform(0.0, 0.03)
    turned = int(rng.integers(len(tiles))) if kind in ("chow", "pung", "kong") and rng.random() < 0.6 else -1
    down = {0, 3} if rng.random() < 0.6 else {1, 2}  # a concealed kong: the ends or the middle two face down
    out = []
    for i, t in enumerate(tiles):
        if i == turned:  # the claimed tile lies sideways: its long side along the row
            out.append(_face(d, t, x + h / 2, y_bottom - w / 2, h, "meld", angle=90.0))
            x += h + gap
            continue
        if kind == "concealed" and i in down:
            out.append(_down(x + w / 2, y_bottom - h / 2, h, "kong"))
        else:
            out.append(_face(d, t, x + w / 2, y_bottom - h / 2, h, "kong" if kind == "concealed" else "meld"))
        x += w + gap
    return out, x


def _lay_melds(
    d: _Dealer, rng: np.random.Generator, groups: list[tuple[list[str], str]], row: tuple[float, float, float], h: float
) -> tuple[list[Placement], float]:
    """Melds laid left to right along ``row`` = (start x, end x, bottom y); returns placements and the end x.

    A group without room is left out and later, shorter ones still tried; room is kept for the concealed kongs
    still to come, so a ``kong`` scene shows its face-down tiles whenever one kong fits at all."""
    x, x1, y = row
    w = h * d.style.aspect
    kong_width = w * (4 * 1.05 + 1.5)  # four tiles and the widest gap after them
    kong_room = sum(kind == "concealed" for _, kind in groups) * kong_width
    out: list[Placement] = []
    for tiles, kind in groups:
        concealed = kind == "concealed"
        need = len(tiles) * w * 1.05 + (0.0 if concealed else h - w)  # a claimed tile lies sideways
        if x + need + (0.0 if concealed else kong_room) > x1:
            continue
        placed, x = _lay_group(d, tiles, kind, x, y, h, rng)
        out += placed
        x += w * rng.uniform(0.3, 1.5)
        kong_room -= kong_width if concealed else 0.0
    return out, x


def _row_scene(d: _Dealer, rng: np.random.Generator, area: Rect, kongs: int) -> list[Placement]:
    x0, y0, x1, y1 = area
    n_hand = int(rng.integers(4, 15))
    n_melds = int(rng.integers(0, 5))
    aspect = d.style.aspect
    h_fit = (x1 - x0) * 0.95 / max(1.0, (n_hand + 0.5) * aspect)
    h = min(h_fit, (y1 - y0) / 3.2) * rng.uniform(0.3, 1.3)  # far to near (near: the row runs off the photo)
    if kongs:  # not so near that no concealed kong fits in the meld row
        h = min(h, (x1 - x0) / (7.5 * aspect))
    w = h * aspect
    out: list[Placement] = []
    # the hand: a touching row near the table edge (bottom of the view)
    y_hand = y1 - h * rng.uniform(0.6, 1.2)
    x = x0 + rng.uniform(0, max(1.0, (x1 - x0) - n_hand * w * 1.02))
    for _ in range(n_hand):
        out.append(_face(d, d.draw(), x + w / 2, y_hand, h, "hand"))
        x += w * rng.uniform(1.0, 1.03)
    # melds in a row above the hand, apart from each other
    y_meld = y_hand - h * rng.uniform(0.65, 1.3)
    x = x0 + rng.uniform(0, 1.5) * w
    groups = [_meld_tiles(d, rng) for _ in range(n_melds)]
    for _ in range(kongs):
        groups.insert(int(rng.integers(len(groups) + 1)), (d.meld(run=False, n=4), "concealed"))
    placed, x = _lay_melds(d, rng, groups, (x, x1, y_meld), h)
    out += placed
    # flowers and seasons set apart: a short row of their own, above the melds or at the end of the meld row
    n_bonus = int(rng.integers(0, 5)) if kongs == 0 else int(rng.integers(0, 3))
    if n_bonus:
        if x + (n_bonus + 1) * w < x1 and rng.random() < 0.5:
            xb, yb = x + w * rng.uniform(0.5, 1.5), y_meld - h / 2
        else:
            xb, yb = x0 + rng.uniform(0, 3) * w, y_meld - h * rng.uniform(1.7, 2.4)
        for _ in range(n_bonus):
            if yb - h / 2 > y0 and xb + w < x1:
                out.append(_face(d, d.draw(bonus=True), xb + w / 2, yb, h, "flowers"))
            xb += w * rng.uniform(1.0, 1.4)
    return out


def _free_spots(
    rng: np.random.Generator, area: Rect, n: int, min_dist: float, margin: float, tries: int = 40
) -> list[tuple[float, float]]:
    """Up to ``n`` random points in ``area`` at least ``min_dist`` apart (rejection sampling); none when the area is
    narrower than its two margins (e.g. the strip left below a wall), so a crowded scene gets fewer tiles, not an
    error."""
    x0, y0, x1, y1 = area
    pts: list[tuple[float, float]] = []
    if x1 - x0 < 2 * margin or y1 - y0 < 2 * margin:
        return pts
    for _ in range(n * tries):
        if len(pts) == n:
            break
        p = (rng.uniform(x0 + margin, x1 - margin), rng.uniform(y0 + margin, y1 - margin))
        if all((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2 >= min_dist**2 for q in pts):
            pts.append(p)
    return pts


def _scattered(d: _Dealer, rng: np.random.Generator, area: Rect) -> list[Placement]:
    x0, y0, x1, y1 = area
    n = int(rng.integers(6, 26))
    h = np.sqrt((x1 - x0) * (y1 - y0) / (n * 4.0)) * rng.uniform(0.35, 1.0)
    out = []
    for cx, cy in _free_spots(rng, area, n, h * 1.1, h * 0.6):
        angle = float(rng.uniform(0, 360))
        if rng.random() < FACE_DOWN["scattered"]:
            out.append(_down(cx, cy, h, "discard", angle))
        else:
            out.append(_face(d, d.draw(bonus=rng.random() < 0.08), cx, cy, h, "discard", angle))
    return out


def _piles(d: _Dealer, rng: np.random.Generator, area: Rect) -> list[Placement]:
    x0, y0, x1, y1 = area
    n_piles = int(rng.integers(1, 4))
    h = min(x1 - x0, y1 - y0) / rng.uniform(5, 11)
    out = []
    for cx, cy in _free_spots(rng, area, n_piles, h * 3, h * 1.5):
        spread = h * rng.uniform(0.5, 1.3)
        for _ in range(int(rng.integers(6, 18))):
            px, py = cx + rng.normal(0, spread), cy + rng.normal(0, spread)
            angle = float(rng.uniform(0, 360))
            if rng.random() < FACE_DOWN["pile"]:
                out.append(_down(px, py, h, "pile", angle))
            else:
                out.append(_face(d, d.draw(bonus=rng.random() < 0.06), px, py, h, "pile", angle))
    return out


def _standing(d: _Dealer, rng: np.random.Generator, area: Rect) -> list[Placement]:
    x0, y0, x1, y1 = area
    n = int(rng.integers(7, 15))
    h = min((x1 - x0) * 0.95 / (n * d.style.aspect), (y1 - y0) / 2.5) * rng.uniform(0.5, 1.6)
    w = h * d.style.aspect
    out: list[Placement] = []
    # melds lying flat behind the standing hand, smaller (farther)
    if rng.random() < 0.7:
        hf = h * rng.uniform(0.55, 0.8)
        x = x0 + rng.uniform(0, 2) * w
        y_meld = y1 - h * rng.uniform(1.7, 2.3)
        for _ in range(int(rng.integers(1, 4))):
            tiles, kind = _meld_tiles(d, rng)
            if x + len(tiles) * hf > x1:
                break
            placed, x = _lay_group(d, tiles, kind, x, y_meld, hf, rng)
            out += placed
            x += hf * rng.uniform(0.4, 1.2)
    x = x0 + rng.uniform(0, max(1.0, (x1 - x0) - n * w * 1.02))
    y = y1 - h * rng.uniform(0.55, 0.9)
    for _ in range(n):
        t = d.draw()
        jitter = h * float(rng.normal(0, 0.02))  # a hand stands a little unevenly
        out.append(Placement(d.label(t), t, "standing", x + w / 2, y + jitter, float(rng.normal(0, 2)), h, "standing"))
        x += w * rng.uniform(1.0, 1.04)
    return out


def _wall(d: _Dealer, rng: np.random.Generator, area: Rect) -> list[Placement]:
    """Walls of face-down tiles two high (the upper layer drawn a little up the view), plus a few discards."""
    x0, y0, x1, y1 = area
    h = min(x1 - x0, y1 - y0) / rng.uniform(7, 14)
    w = h * d.style.aspect
    out: list[Placement] = []
    y = y0 + h
    for _ in range(int(rng.integers(1, 4))):
        n = min(int(rng.integers(6, 18)), int((x1 - x0) // (w * 1.02)) - 1)
        x = x0 + rng.uniform(0, max(1.0, (x1 - x0) - n * w))
        for layer in (0, 1):
            lift = layer * h * d.style.thickness * 0.35
            out += [_down(x + w * (i + 0.5), y - lift, h, "wall") for i in range(n)]
        y += h * rng.uniform(1.6, 2.5)
        if y > y1 - h:
            break
    spots = _free_spots(rng, (x0, y, x1, y1), int(rng.integers(0, 6)), h * 1.2, h * 0.6)
    out += [_face(d, d.draw(), cx, cy, h, "discard", float(rng.uniform(0, 360))) for cx, cy in spots]
    return out


def lay_out(kind: str, bank: FaceBank, style: SetStyle, rng: np.random.Generator, area: Rect) -> list[Placement]:
    """The placements of one scene of ``kind`` inside ``area`` (table px)."""
    d = _Dealer(bank, style, rng)
    if kind == "row":
        return _row_scene(d, rng, area, kongs=int(rng.random() < FACE_DOWN["row"]))
    if kind == "kong":
        return _row_scene(d, rng, area, kongs=int(rng.integers(1, 3)))
    if kind == "scattered":
        return _scattered(d, rng, area)
    if kind == "pile":
        return _piles(d, rng, area)
    if kind == "standing":
        return _standing(d, rng, area)
    if kind == "wall":
        return _wall(d, rng, area)
    raise ValueError(f"unknown scene kind {kind!r}: choose one of {', '.join(KINDS)}")
