"""Playing cards as ``not-a-tile`` training crops, from decks that are neither measured nor near copies of them.

Why: a playing card on the table is boxed by the detectors like a tile, and the classifier, which never saw one,
names it (pips as dots, court cards and jokers as flowers): ``benchmarks/bench_cards.py`` found most cards of the
five measured decks (``negatives.CARD_DECKS``) reported as tiles. The classifier learns cards of other decks of
Debian's ``gnome-cards-data`` as ``not-a-tile``; the measured decks and the decks drawn from the same artwork
(``KEPT_OUT``) never enter training, so the benchmark still tells generalisation from memory.

Each card is drawn whole on a table top of the scene generator's kinds, sometimes turned a quarter (a card lying
sideways, as a tile of a meld does), with a detector-like margin and the training crops' ``PAD`` of table around it.
Deterministic from the seed; the decks' sheet hashes enter the data version (``fingerprints``).
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import numpy as np

#: Decks kept out of training: the five measured ones and the decks drawn from the same artwork (the anglo and
#: gnomangelo family share anglo's court cards, bellot and ancient_french paris's French pattern, tango_nuevo is
#: tango redrawn).
KEPT_OUT = (
    "anglo", "anglo_bitmap", "anglo_modern", "anglo_modern_4_color", "anglo_poker", "gnomangelo",
    "gnomangelo_bitmap", "dondorf", "ornamental", "paris", "bellot", "ancient_french", "tango", "tango_nuevo",
)  # fmt: skip
#: Decks whose cards the classifier learns as ``not-a-tile``.
TRAINING_DECKS = (
    "atlasnye", "atlasnye_skat", "berlin", "guyenne-classic", "lattmann", "neoclassical", "neoclassical_4_color",
    "orell", "plastic", "rheinland", "simplistic", "slavic_costumes", "swiss-xvii", "tarocco", "tigullio",
)  # fmt: skip
RANKS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king")
SUITS = ("club", "diamond", "heart", "spade")
#: Pixels a card is drawn tall before it is laid on the table and scaled to the training crops' size.
DRAW_HEIGHT = 96
#: Share of cards turned a quarter.
TURNED = 0.3
#: A detector's box leaves this share (low, high) of the card's height of table around it.
MARGIN = (0.02, 0.08)
SEED_OFFSET = 31000
#: Seed offset of the blank white dragons drawn beside the cards (``synth.blank_tile_crops``).
BLANKS = 32000


class CardsMissing(RuntimeError):
    """``--card-negatives`` was asked for but the decks cannot be drawn here."""


def deck_cards(ids: set[str | None]) -> list[str]:
    """The cards of a deck's sheet (element ids): every suit and rank, then its jokers."""
    return [f"{s}_{r}" for s in SUITS for r in RANKS if f"{s}_{r}" in ids] + sorted(
        i for i in ids if i and "joker" in i
    )


def fingerprints(folder: Path) -> dict[str, str]:
    """Each training deck -> SHA-256 (first 16 hex) of its sheet; refuses with what to do when one is missing."""
    missing = [d for d in TRAINING_DECKS if not (folder / f"{d}.svgz").is_file()]
    if missing:
        raise CardsMissing(
            f"--card-negatives needs Debian's gnome-cards-data decks in {folder} and {', '.join(missing)} "
            "is missing: run `python -m sikwu.datasets.negatives` (it fetches them with apt-get) or leave the "
            "option out"
        )
    return {d: hashlib.sha256((folder / f"{d}.svgz").read_bytes()).hexdigest()[:16] for d in TRAINING_DECKS}


def lay_card(bgra: np.ndarray, rng: np.random.Generator, size: int, pad: float) -> np.ndarray:
    """One drawn card (BGRA) on a random table top, as a training crop: ``size`` px square, the card plus a
    detector-like margin framed with ``pad`` of that box's size on each side (as ``prepare`` pads its crops)."""
    import cv2
    from sikwu.datasets.scenes.tables import table

    if rng.random() < TURNED:
        bgra = np.ascontiguousarray(np.rot90(bgra, int(rng.choice([1, 3]))))
    h, w = bgra.shape[:2]
    margin = int(round(rng.uniform(*MARGIN) * max(h, w)))
    bh, bw = h + 2 * margin, w + 2 * margin
    py, px = int(round(pad * bh)), int(round(pad * bw))
    top, _ = table(rng, bh + 2 * py, bw + 2 * px)
    y0, x0 = py + margin, px + margin
    alpha = bgra[..., 3:4].astype(np.float32) / 255
    under = top[y0 : y0 + h, x0 : x0 + w].astype(np.float32)
    top[y0 : y0 + h, x0 : x0 + w] = (alpha * bgra[..., :3] + (1 - alpha) * under).astype(np.uint8)
    return cv2.resize(top, (size, size), interpolation=cv2.INTER_AREA)


def training_cards(folder: Path, size: int, seed: int) -> np.ndarray:
    """Every card of every ``TRAINING_DECKS`` sheet in ``folder`` as a training crop (N x size x size x 3 BGR)."""
    from sikwu.datasets.prepare import PAD, Progress
    from sikwu.datasets.scenes.kde_sheets import isolate, parse_sheet, render

    rng = np.random.default_rng(seed + SEED_OFFSET)
    out: list[np.ndarray] = []
    bar = Progress("playing cards", len(TRAINING_DECKS))
    for deck in TRAINING_DECKS:
        bar.update(1)
        sheet = parse_sheet(folder / f"{deck}.svgz")
        svgs = [s for s in (isolate(sheet, c) for c in deck_cards({e.get("id") for e in sheet.iter()})) if s]
        first = render(svgs[0], 1.0) if svgs else None
        if first is None:
            raise CardsMissing(f"deck {deck} draws nothing: install cairosvg (pip install -e '.[train]')")
        scale = DRAW_HEIGHT / first.shape[0]  # one scale per deck: its cards share a size
        out += [lay_card(d, rng, size, PAD) for d in (render(s, scale) for s in svgs) if d is not None]
    return np.stack(out)


def cached_cards(folder: Path, size: int, seed: int) -> np.ndarray:
    """``training_cards`` drawn once per (seed, size, decks' hashes, this code) into ``.cache``."""
    from sikwu.datasets.detector_data import cache_root

    h = hashlib.sha256(Path(__file__).read_bytes())
    for deck, digest in sorted(fingerprints(folder).items()):
        h.update(f"{deck}\t{digest}\n".encode())
    path = cache_root() / f"card-negatives-s{seed}-{size}-{h.hexdigest()[:12]}.npy"
    if path.is_file():
        return np.load(path)
    crops = training_cards(folder, size, seed)
    tmp = path.with_suffix(f".partial-{os.getpid()}.npy")
    np.save(tmp, crops)
    tmp.replace(path)
    return crops
