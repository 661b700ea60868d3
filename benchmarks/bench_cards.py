"""Playing cards beside a hand: how often recognition reports a card as a tile, and how often it flags it to check.

Why a photo and not only crops: the negative set (``datasets.negatives``, ``cards``) measures the classifier on each
card alone; at a table the detector must box the card first, and the page flags a tile under the check-this
probability or unknown. Each photo here is a felt table with a row of 14 of the project's drawn faces and two cards
of the negative set's decks above it (every card once); the row says whether the hand still reads whole.

Usage: python -m benchmarks.bench_cards [--write-docs]
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Sequence

import numpy as np

from benchmarks.report import command_line, write_section

#: Felt green (BGR) of the table, as the negative set's card crops are drawn on.
FELT = (40, 120, 70)
#: Height in pixels of a drawn tile face and of a card in the photo.
TILE_H, CARD_H = 120, 150
Box = tuple[int, int, int, int]


def compose(hand: Sequence[np.ndarray], cards: Sequence[np.ndarray], seed: int = 0) -> tuple[np.ndarray, list[Box]]:
    """A felt table photo (BGR) with ``hand`` in a row along the bottom and ``cards`` side by side above it; the
    cards' boxes."""
    width = max(1400, sum(f.shape[1] + 4 for f in hand) + 120)
    img = np.empty((700, width, 3), np.float32)
    img[:] = FELT
    img += np.random.default_rng(seed).normal(0, 5, img.shape)
    x = 60
    for face in hand:
        img[450 : 450 + face.shape[0], x : x + face.shape[1]] = face
        x += face.shape[1] + 4
    boxes = []
    for i, card in enumerate(cards):
        x0, y0 = 300 + i * 500, 100
        img[y0 : y0 + card.shape[0], x0 : x0 + card.shape[1]] = card
        boxes.append((x0, y0, x0 + card.shape[1], y0 + card.shape[0]))
    return np.clip(img, 0, 255).astype(np.uint8), boxes


def tally(tiles: Sequence, cards: Sequence[Box], row_top: int, counts: Counter) -> None:
    """Count, for each card, whether a reported tile overlaps it and whether every such tile is flagged; and the
    tiles reported in the hand's row."""
    for x0, y0, x1, y1 in cards:
        over = [t for t in tiles if t.box[0] < x1 and t.box[2] > x0 and t.box[1] < y1 and t.box[3] > y0]
        counts["cards"] += 1
        if over:
            counts["reported"] += 1
            counts["all flagged" if all(t.low_confidence or t.unknown for t in over) else "a sure tile"] += 1
    counts["hand tiles"] += sum(1 for t in tiles if t.box[1] >= row_top)


def run() -> Counter:
    import cv2
    from sikwu.artwork import render_face
    from sikwu.datasets import negatives
    from sikwu.scoring.tiles import TILE_IDS
    from sikwu.vision.pipeline import recognize

    folder = negatives.fetch_cards()
    if folder is None:
        raise SystemExit(f"bench_cards: `apt-get download {negatives.CARDS_PACKAGE}` failed: no cards to lay out")
    m = negatives.table_margin(CARD_H)
    cards = [c[m:-m, m:-m] for c in negatives.card_crops(folder, height=CARD_H)]  # the cards alone
    if not cards:
        raise SystemExit("bench_cards: the cards could not be drawn (cairosvg, the train extra, is missing)")
    rng = np.random.default_rng(0)
    counts: Counter = Counter()
    for k in range(0, len(cards), 2):
        ids = rng.choice(TILE_IDS[:34], 14)
        hand = [cv2.cvtColor(np.asarray(render_face(str(t), TILE_H).convert("RGB")), cv2.COLOR_RGB2BGR) for t in ids]
        img, boxes = compose(hand, cards[k : k + 2], seed=k)
        tiles = recognize(cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, 92])[1].tobytes()).tiles
        tally(tiles, boxes, 400, counts)
        counts["hand tiles laid"] += len(hand)
    return counts


def report(c: Counter) -> str:
    def pct(a: int, b: int) -> str:
        return f"{100 * a / max(b, 1):.1f}% ({a}/{b})"

    return "\n".join([
        f"{c['cards']} playing cards and jokers (the negative set's decks, datasets/negatives.py), two per photo above "
        "a row of 14 drawn tiles on felt, read by the shipped pipeline:",
        "",
        f"- cards reported as a tile: {pct(c['reported'], c['cards'])}",
        f"- of those, every tile on the card flagged to check (under 60% or unknown): "
        f"{pct(c['all flagged'], c['reported'])}",
        f"- hand tiles reported: {pct(c['hand tiles'], c['hand tiles laid'])}",
    ])  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--write-docs", action="store_true", help="replace this benchmark's section of docs/benchmarks.md")
    args = ap.parse_args(argv)
    text = report(run())
    print(text)
    if args.write_docs:
        used = sys.argv[1:] if argv is None else argv
        write_section("bench_cards", "Playing cards beside a hand", command_line("benchmarks.bench_cards", used), text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
