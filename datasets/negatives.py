"""Things that are not a known tile, from real images, to measure how often recognition says "unknown" for them.

Why these sources, and not shapes drawn to pass: the unknown verdict must hold for what a real table shows besides
tiles. Sources (nothing is copied into the project; each is read where it lies or fetched into ``.cache``):

- ``table``: ``hk-photos/valid`` boxes of tile size that hold no single tile (table cloth, tile edges, a box across
  two tiles), as ``hk_photos.negative_boxes`` cuts them. Real photos of real tables.
- ``coins``: each coin of scikit-image's ``coins.png`` (a photograph of Greek coins, public domain), cut at tile shape.
- ``photo``: tile-shaped crops of the scikit-image photographs (cat, coffee cup, astronaut, camera man, motorcycle,
  rocket) and its surfaces (brick, grass, gravel) and printed page, which stand in for a hand, a cup, a card's print
  and table tops.

- ``cards``: playing cards, jokers among them, of five decks of distinct styles from Debian's ``gnome-cards-data``
  (GNOME Aisleriot's card themes: English, German, French and ornamental court cards, modern flat art), each
  card drawn whole on a table colour, as a card lying among the tiles is boxed. Drawn art, not photos: the same
  standing as the tile-art sets the held-out scenes are composed from.

The scikit-image pictures come from Debian's ``python3-skimage`` package and the cards from ``gnome-cards-data``,
fetched with ``apt-get download`` into ``.cache/negatives`` (``fetch_deb``) the first time; without them those
sources are skipped and said so; the cards also need cairosvg (the ``train`` extra) to draw them. Fingers: no real
photos of them are available here, so they are not in the set.
"""

from __future__ import annotations

import subprocess
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from sikwu.datasets import hk_photos
from sikwu.datasets.paths import PROJECT_ROOT

CACHE = PROJECT_ROOT / ".cache" / "negatives"
SKIMAGE_PACKAGE = "python3-skimage"
PHOTOS = ("chelsea.png", "coffee.png", "astronaut.png", "camera.png", "motorcycle_left.png", "rocket.jpg",
          "brick.png", "grass.png", "gravel.png", "page.png")  # fmt: skip
#: Tile shape (height / width) of a standing tile face.
TILE_ASPECT = 4 / 3
CARDS_PACKAGE = "gnome-cards-data"
#: Decks of distinct styles: English, German (Dondorf), ornamental, French (Paris) court cards, and modern flat art.
CARD_DECKS = ("anglo", "dondorf", "ornamental", "paris", "tango")
#: Per deck: the aces, a five and a ten (pips like dots and bamboo), and the court cards of every suit.
CARD_CARDS = tuple(
    f"{suit}_{rank}"
    for suit in ("club", "diamond", "heart", "spade")
    for rank in ("1", "5", "10", "jack", "queen", "king")
)


def skimage_data_dir() -> Path:
    return CACHE / "usr" / "lib" / "python3" / "dist-packages" / "skimage" / "data"


def fetch_deb(package: str, marker: Path) -> bool:
    """Unpack Debian ``package`` into ``.cache/negatives`` (``scenes.debian.fetch``) unless ``marker`` (a file it
    holds) is already there; False when apt cannot fetch it."""
    if marker.is_file():
        return True
    from sikwu.datasets.scenes import debian

    try:
        debian.fetch(CACHE, (package,))
    except (OSError, RuntimeError, subprocess.CalledProcessError):
        return False
    return marker.is_file()


def fetch_skimage_data() -> Path | None:
    """Debian's scikit-image data pictures, unpacked into ``.cache/negatives`` once; None when apt cannot fetch it."""
    folder = skimage_data_dir()
    return folder if fetch_deb(SKIMAGE_PACKAGE, folder / "coins.png") else None


def cards_dir() -> Path:
    return CACHE / "usr" / "share" / "aisleriot" / "cards"


def fetch_cards() -> Path | None:
    """Debian's card decks (``CARDS_PACKAGE``), unpacked into ``.cache/negatives`` once; None when apt cannot fetch
    them."""
    folder = cards_dir()
    return folder if fetch_deb(CARDS_PACKAGE, folder / f"{CARD_DECKS[0]}.svgz") else None


def card_crops(folder: Path, decks: Sequence[str] = CARD_DECKS, height: int = 112) -> list[np.ndarray]:
    """Each card of ``CARD_CARDS`` (and any joker) of each deck's sheet (``<deck>.svgz``), drawn ``height`` px tall
    on a table colour; decks missing from ``folder`` are skipped, and so is everything without cairosvg."""
    from sikwu.datasets.scenes.kde_sheets import isolate, parse_sheet, render

    out = []
    for deck in decks:
        path = folder / f"{deck}.svgz"
        if not path.is_file():
            continue
        sheet = parse_sheet(path)
        ids = {e.get("id") for e in sheet.iter()}
        wanted = [c for c in CARD_CARDS if c in ids] + sorted(i for i in ids if i and "joker" in i)
        svgs = [svg for svg in (isolate(sheet, card) for card in wanted) if svg is not None]
        first = render(svgs[0], 1.0) if svgs else None
        if first is None:  # nothing drawable, or no cairosvg
            continue
        for svg in svgs:  # one scale per deck: its cards share a size
            drawn = render(svg, height / first.shape[0])
            if drawn is not None and min(drawn.shape[:2]) >= 16:
                out.append(_on_table(drawn))
    return out


def table_margin(card_height: int) -> int:
    """Pixels of table around a drawn card of ``card_height`` in ``card_crops`` (as a detector's box leaves)."""
    return max(2, card_height // 16)


def _on_table(bgra: np.ndarray) -> np.ndarray:
    """A drawn card (BGRA) on a felt-green table, with the margin of ``table_margin`` around it."""
    h, w = bgra.shape[:2]
    pad = table_margin(h)
    table = np.zeros((h + 2 * pad, w + 2 * pad, 3), np.float32)
    table[:] = (40, 120, 70)
    alpha = bgra[..., 3:4].astype(np.float32) / 255
    inner = table[pad : pad + h, pad : pad + w]
    table[pad : pad + h, pad : pad + w] = alpha * bgra[..., :3] + (1 - alpha) * inner
    return table.astype(np.uint8)


def table_crops(per_photo: int = 2, seed: int = 0) -> list[np.ndarray]:
    import cv2

    rng = np.random.default_rng(seed)
    out = []
    for path in hk_photos.images("valid"):
        img = cv2.imread(str(path), cv2.IMREAD_COLOR)
        if img is None:
            continue
        boxes = hk_photos.read_boxes(path, img.shape[1], img.shape[0], reviewed=True)
        for x0, y0, x1, y1 in hk_photos.negative_boxes(boxes, img.shape[1], img.shape[0], rng, per_photo):
            out.append(img[int(y0) : int(y1), int(x0) : int(x1)].copy())
    return [c for c in out if min(c.shape[:2]) >= 8]


def coin_crops(folder: Path) -> list[np.ndarray]:
    """One tile-shaped crop around each coin found (Hough circles) in ``coins.png``."""
    import cv2

    img = cv2.imread(str(folder / "coins.png"), cv2.IMREAD_COLOR)
    if img is None:
        return []
    gray = cv2.medianBlur(cv2.cvtColor(img, cv2.COLOR_BGR2GRAY), 5)
    circles = cv2.HoughCircles(gray, cv2.HOUGH_GRADIENT, 1.2, 25, param1=100, param2=30, minRadius=12, maxRadius=45)
    out = []
    for x, y, r in circles[0] if circles is not None else []:
        w, h = 2.2 * r, 2.2 * r * TILE_ASPECT
        x0, y0 = int(max(0, x - w / 2)), int(max(0, y - h / 2))
        crop = img[y0 : int(y + h / 2), x0 : int(x + w / 2)]
        if min(crop.shape[:2]) >= 16:
            out.append(crop.copy())
    return out


def photo_crops(folder: Path, per_photo: int = 12, seed: int = 0) -> list[np.ndarray]:
    import cv2

    rng = np.random.default_rng(seed)
    out = []
    for name in PHOTOS:
        img = cv2.imread(str(folder / name), cv2.IMREAD_COLOR)
        if img is None:
            continue
        H, W = img.shape[:2]
        for _ in range(per_photo):
            w = int(rng.uniform(0.12, 0.35) * min(H, W))
            h = int(w * TILE_ASPECT)
            x0, y0 = int(rng.integers(0, W - w)), int(rng.integers(0, H - h))
            out.append(img[y0 : y0 + h, x0 : x0 + w].copy())
    return out


def negative_set() -> tuple[dict[str, list[np.ndarray]], list[str]]:
    """Source -> crops, and notes on sources left out."""
    sets: dict[str, list[np.ndarray]] = {"table": table_crops()}
    notes = []
    folder = fetch_skimage_data()
    if folder is None:
        notes.append(f"coins and photo crops skipped: `apt-get download {SKIMAGE_PACKAGE}` failed")
    else:
        sets["coins"] = coin_crops(folder)
        sets["photo"] = photo_crops(folder)
    folder = fetch_cards()
    cards = card_crops(folder) if folder is not None else []
    if cards:
        sets["cards"] = cards
    else:
        notes.append(f"playing cards skipped: `apt-get download {CARDS_PACKAGE}` failed or cairosvg is missing")
    return sets, notes


def main() -> int:
    """Fetch what the negative set and ``--card-negatives`` read (``python -m sikwu.datasets.negatives``)."""
    import sys

    ok = True
    for what, folder in (("scikit-image pictures", fetch_skimage_data()), ("playing cards", fetch_cards())):
        print(f"{what}: {folder}" if folder else f"{what}: apt-get could not fetch them", file=sys.stderr)
        ok = ok and folder is not None
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
