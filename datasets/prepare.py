"""Training and evaluation data, prepared once and cached as ``.npy`` under ``.cache/classifier`` (gitignored).

Training crops are stored at ``CACHE_SIZE`` with ``PAD`` margin so augmentation can re-frame them; evaluation crops
are kept exactly as a detector box would cut them (no margin, native size), because evaluation runs the shipped
ONNX model through ``vision.classifier`` with its own preprocessing.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np
from sikwu.datasets import hk_photos, split, synth
from sikwu.datasets.paths import PROJECT_ROOT
from sikwu.scoring.tiles import TILE_IDS

CACHE_SIZE = 80
PAD = synth.PAD
CACHE_VERSION = 3  # hk-photos and tile-crops crops
SYNTH_VERSION = 7  # synthetic renders (4: blank white dragons, no ivory tables, more own faces; 5: glyph fonts;
#                     6: flowers and seasons also as pictures; 7: backs of any hue outside the held-out bands)
#: Bonus tiles are one per set, so the photos hold a quarter as many of them: repeat them to balance the classes.
BONUS_REPEAT = 2
#: Bare ivory crops labelled 5z (blank white dragons seen through a tight box).
BLANK_WHITE_DRAGONS = 400
#: Pale ``back`` crops (a pale back is not a blank white dragon) and bare-table ``not-a-tile`` crops of each table
#: kind the scenes draw (table texture is not a back): ``datasets.confusable_crops``.
PALE_BACKS = 300
TABLE_CROPS_PER_KIND = 80
#: How many copies of each held-in tile-crops photo enter an epoch (they are the only other tile sets we have).
TILE_CROPS_REPEAT = 6


def cache_dir() -> Path:
    return PROJECT_ROOT / ".cache" / "classifier"


def _pad_resize(img: np.ndarray, size: int, pad: float) -> np.ndarray:
    h, w = img.shape[:2]
    ph, pw = int(round(pad * h)), int(round(pad * w))
    img = cv2.copyMakeBorder(img, ph, ph, pw, pw, cv2.BORDER_REPLICATE)
    return cv2.resize(img, (size, size), interpolation=cv2.INTER_AREA)


class Progress:
    """A plain-text progress bar on stderr (no dependency): ``label [#####.....] 50% 120/240 12s``."""

    def __init__(self, label: str, total: int, width: int = 30) -> None:
        import sys

        self.label, self.total, self.width, self.done, self.t0 = label, max(1, total), width, 0, time.time()
        self._out = sys.stderr
        self._last = -1.0

    def update(self, n: int = 1, extra: str = "") -> None:
        self.done += n
        now = time.time()
        if now - self._last < 0.5 and self.done < self.total:
            return
        self._last = now
        frac = min(1.0, self.done / self.total)
        bar = "#" * int(frac * self.width) + "." * (self.width - int(frac * self.width))
        el = now - self.t0
        eta = el / frac - el if frac > 0 else 0
        self._out.write(
            f"\r{self.label} [{bar}] {frac:4.0%} {self.done}/{self.total} {el:4.0f}s eta {eta:4.0f}s {extra}"
        )
        if self.done >= self.total:
            self._out.write("\n")
        self._out.flush()


def _cached(name: str, build: Callable[[], tuple[np.ndarray, list[str]]]) -> tuple[np.ndarray, list[str]]:
    d = cache_dir()
    d.mkdir(parents=True, exist_ok=True)
    xp, yp = d / f"{name}.x.npy", d / f"{name}.y.json"
    if xp.exists() and yp.exists():
        return np.load(xp), json.loads(yp.read_text())
    x, y = build()
    np.save(xp, x)
    yp.write_text(json.dumps(y))
    return x, y


def hk_train(seed: int) -> tuple[np.ndarray, list[str]]:
    def build() -> tuple[np.ndarray, list[str]]:
        n = len(hk_photos.images("train"))
        bar = Progress("hk-photos/train crops", n)
        xs, ys, last = [], [], None
        for crop, label, name in hk_photos.iter_crops("train", CACHE_SIZE, PAD, negatives_per_image=2, seed=seed):
            xs.append(crop)
            ys.append(label)
            if name != last:
                bar.update(1)
                last = name
        bar.update(bar.total - bar.done)
        return np.stack(xs), ys

    return _cached(f"v{CACHE_VERSION}-hk-train-s{seed}", build)


def tile_crops_train(seed: int) -> tuple[np.ndarray, list[str]]:
    def build() -> tuple[np.ndarray, list[str]]:
        train = split.training_tile_crops()  # whole tile sets are held out (datasets.split)
        xs = [_pad_resize(cv2.imread(str(it.image), cv2.IMREAD_COLOR), CACHE_SIZE, PAD) for it in train]
        return np.stack(xs), [it.tile for it in train]

    return _cached(f"v{CACHE_VERSION}-tile-crops-train-{split.VERSION}", build)


def synthetic(seed: int, per_class: int) -> tuple[np.ndarray, list[str]]:
    def build() -> tuple[np.ndarray, list[str]]:
        labels = [*TILE_IDS, "back", "not-a-tile"]
        counts = {"back": per_class * 4, "not-a-tile": per_class * 6}
        bar = Progress("synthetic renders", per_class * len(TILE_IDS) + sum(counts.values()))
        x1, y1 = synth.render_set(labels[:-2], per_class, CACHE_SIZE, seed, progress=bar.update)
        x2, y2 = synth.render_set(["back"], counts["back"], CACHE_SIZE, seed + 1, progress=bar.update)
        x3, y3 = synth.render_set(["not-a-tile"], counts["not-a-tile"], CACHE_SIZE, seed + 2, progress=bar.update)
        x4, y4 = synth.own_face_crops(CACHE_SIZE, 24, seed + 3)
        return np.concatenate([x1, x2, x3, x4]), y1 + y2 + y3 + y4

    return _cached(f"v{SYNTH_VERSION}-synth-s{seed}-n{per_class}", build)


def ambiguous_negatives(x: np.ndarray, y: list[str]) -> np.ndarray:
    """Mask of ``not-a-tile`` crops whose middle is a bright, featureless patch.

    Why drop them: a blank white dragon (common in Hong Kong sets) is exactly such a patch, so keeping them teaches
    the model to reject real 5z tiles; rejecting bare table is segmentation's job before the classifier.
    """
    m = CACHE_SIZE // 6
    centre = x[:, m:-m, m:-m].astype(np.float32).mean(axis=3)
    flat = (centre.reshape(len(x), -1).std(axis=1) < 14) & (centre.reshape(len(x), -1).mean(axis=1) > 120)
    return flat & (np.array(y) == "not-a-tile")


def contrast_parts(
    seed: int, pale_backs: int = PALE_BACKS, tables_per_kind: int = TABLE_CROPS_PER_KIND
) -> dict[str, tuple[np.ndarray, list[str]]]:
    """Crops that teach apart what looks alike: bare ivory is a blank white dragon (``5z``), a pale back is a back,
    bare table of every kind the scenes draw is ``not-a-tile`` (``datasets.confusable_crops``). A table crop whose
    middle is bright and featureless is left out, as the hk-photos negatives are (``ambiguous_negatives``)."""
    from sikwu.datasets import confusable_crops  # it draws with the scene generator, which imports this module

    tx, ty, _ = confusable_crops.table_crops(tables_per_kind, CACHE_SIZE, seed + 6)
    keep = ~ambiguous_negatives(tx, ty)
    return {
        "synthetic blank 5z": synth.blank_face_crops(BLANK_WHITE_DRAGONS, CACHE_SIZE, seed + 4),
        "synthetic pale backs": _cached(
            f"v{SYNTH_VERSION}-pale-backs-s{seed}-n{pale_backs}",
            lambda: confusable_crops.pale_back_crops(pale_backs, CACHE_SIZE, seed + 5),
        ),
        "table-texture negatives": (tx[keep], [v for v, k in zip(ty, keep, strict=True) if k]),
    }


def training_set(seed: int, per_class: int = 150) -> tuple[np.ndarray, np.ndarray, dict[str, int]]:
    """All training crops (uint8 BGR, CACHE_SIZE square) and class indices into CLASS_LABELS, plus source sizes."""
    from sikwu.scoring.tiles import BONUS_IDS
    from sikwu.vision.labels import CLASS_LABELS

    index = {c: i for i, c in enumerate(CLASS_LABELS)}
    hx, hy = hk_train(seed)
    keep = ~ambiguous_negatives(hx, hy)
    hx, hy = hx[keep], [v for v, k in zip(hy, keep, strict=True) if k]
    bonus = np.isin(np.array(hy), BONUS_IDS)
    hx = np.concatenate([hx] + [hx[bonus]] * (BONUS_REPEAT - 1))
    hy = hy + [v for v, b in zip(hy, bonus, strict=True) if b] * (BONUS_REPEAT - 1)
    parts = {
        "hk-photos/train": (hx, hy),
        "tile-crops/train": tile_crops_train(seed),
        "synthetic": synthetic(seed, per_class),
        **contrast_parts(seed),
    }
    xs, ys, sizes = [], [], {}
    for name, (x, y) in parts.items():
        rep = TILE_CROPS_REPEAT if name == "tile-crops/train" else 1
        xs += [x] * rep
        ys += [np.array([index[v] for v in y], np.int64)] * rep
        sizes[name] = len(y)
    return np.concatenate(xs), np.concatenate(ys), sizes


# ------------------------------------------------------------------------------------------- evaluation sets


def hk_valid_crops(exclude: frozenset[str] = frozenset(), reviewed: bool = False) -> tuple[list[np.ndarray], list[str]]:
    """Ground-truth tile crops of ``hk-photos/valid``: exactly the annotated box, native size.

    ``exclude`` names photos to leave out (the labelling slips of ``hk_photos.label_slips``); ``reviewed`` applies
    the by-eye label corrections of ``hk_photos.REVIEW_FILE``."""
    xs, ys = [], []
    for path in hk_photos.images("valid"):
        if path.name in exclude:
            continue
        img = cv2.imread(str(path), cv2.IMREAD_COLOR)
        if img is None:
            continue
        H, W = img.shape[:2]
        for b in hk_photos.read_boxes(path, W, H, reviewed=reviewed):
            x0, y0 = int(round(b.x0)), int(round(b.y0))
            x1, y1 = max(x0 + 2, int(round(b.x1))), max(y0 + 2, int(round(b.y1)))
            xs.append(img[y0:y1, x0:x1].copy())
            ys.append(b.tile)
    return xs, ys


def hk_valid_negatives(seed: int = 0, per_image: int = 2) -> tuple[list[np.ndarray], list[str]]:
    """``not-a-tile`` crops from ``hk-photos/valid`` (table and straddling boxes), to measure rejection."""
    rng = np.random.default_rng(seed)
    xs, ys = [], []
    for path in hk_photos.images("valid"):
        img = cv2.imread(str(path), cv2.IMREAD_COLOR)
        if img is None:
            continue
        H, W = img.shape[:2]
        for c in hk_photos.negative_boxes(hk_photos.read_boxes(path, W, H), W, H, rng, per_image):
            x0, y0, x1, y1 = (int(round(v)) for v in c)
            xs.append(img[y0:y1, x0:x1].copy())
            ys.append("not-a-tile")
    return xs, ys


def tile_crops_held_out() -> tuple[list[np.ndarray], list[str]]:
    """The held-out tile-set groups of ``datasets.split``, as read from disk."""
    test = split.held_out_tile_crops()
    return [cv2.imread(str(it.image), cv2.IMREAD_COLOR) for it in test], [it.tile for it in test]


def own_faces_set() -> tuple[list[np.ndarray], list[str]]:
    """The project's own rendered faces at three heights, upright, as the app draws them."""
    from sikwu.artwork import render_face

    xs, ys = [], []
    for h in (48, 72, 96):
        for tile in TILE_IDS:
            xs.append(cv2.cvtColor(np.asarray(render_face(tile, h).convert("RGB")), cv2.COLOR_RGB2BGR))
            ys.append(tile)
    return xs, ys
