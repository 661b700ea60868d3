"""Name segmentation's blobs: the classifier chooses how each blob splits into tiles, then names the chosen tiles.

A blob with several split hypotheses (``vision.blob_split``) is judged on a few sample crops per hypothesis: a
wrong tile count puts cuts through faces, and the classifier is less sure of (or rejects) such crops.  The
best-scored hypotheses are tried first; the long tail of row counts only when none of those convinces the
classifier.  Each round is one classifier batch, and no crop is classified twice.
"""

from __future__ import annotations

import numpy as np
from sikwu.vision.labels import NOT_A_TILE
from sikwu.vision.naming import CROP_PAD, TOP_K, Classifier, Named, TopK
from sikwu.vision.quads import rectify
from sikwu.vision.segment import Segmentation

#: A split whose sample crops reach this mean quality is accepted without looking at others; the first
#: FIRST_ROUND best-scored splits are judged before the long tail of row counts.
FIRST_ROUND = 3
GOOD_SPLIT = 0.9
#: Splits within this mean sample quality of the best count as equally liked (then the most tiles wins).
QUALITY_TOLERANCE = 0.03
#: Crops per split hypothesis the classifier looks at when a blob can be split more than one way.
SAMPLES_PER_SPLIT = 4

#: (blob, split, tile) indices of one crop.
CropKey = tuple[int, int, int]


def _quality(pred: TopK) -> float:
    """How convincingly one crop is a single, well-cut tile: its top probability, negative for `not-a-tile`."""
    label, prob = pred[0]
    return -0.5 * prob if label == NOT_A_TILE else prob


def _sample(n: int, k: int = SAMPLES_PER_SPLIT) -> list[int]:
    """Indices of up to k crops spread over a split (a wrong count drifts most in the middle of a row)."""
    if n <= k:
        return list(range(n))
    return sorted({int(round((i + 1) * n / (k + 1))) for i in range(k)})


class _SplitJudge:
    """The classifier's answers for one photo's blobs, cached per crop, and the splits they favour."""

    def __init__(self, pixels: np.ndarray, seg: Segmentation, clf: Classifier) -> None:
        self.pixels, self.seg, self.clf = pixels, seg, clf
        self.cache: dict[CropKey, TopK] = {}

    def run(self, keys: list[CropKey]) -> None:
        """Classify the crops not seen yet, in one batch."""
        keys = [k for k in keys if k not in self.cache]
        if keys:
            crops = [rectify(self.pixels, self.seg.blobs[b].splits[s].quads[i], pad=CROP_PAD) for b, s, i in keys]
            for key, pred in zip(keys, self.clf.predict(crops, k=TOP_K), strict=True):
                self.cache[key] = pred

    def samples(self, b: int, s: int) -> list[CropKey]:
        return [(b, s, i) for i in _sample(len(self.seg.blobs[b].splits[s].quads))]

    def quality(self, b: int, s: int) -> float:
        split = self.seg.blobs[b].splits[s]
        idx = _sample(len(split.quads))
        return sum(_quality(self.cache[(b, s, i)]) for i in idx) / len(idx) + 0.001 * split.score

    def pick(self, b: int, judged: list[int]) -> int:
        """Among splits the classifier likes about as much as the best, the one with the most tiles: a crop of
        two touching tiles is often named confidently as one of them, a wrong count of more tiles is not."""
        qs = {s: self.quality(b, s) for s in judged}
        top = max(qs.values())
        near = [s for s in judged if qs[s] >= top - QUALITY_TOLERANCE]
        return max(near, key=lambda s: (len(self.seg.blobs[b].splits[s].quads), qs[s]))

    def judge(self) -> dict[int, list[int]]:
        """The splits judged for every blob that has a choice, in rounds: the best-scored split of every blob
        first, then the next ones only for blobs still in doubt, then the long tail of row counts.  Rows are never
        settled early, because a half count (pairs of tiles) can look convincing."""
        blobs = self.seg.blobs
        multi = [b for b, blob in enumerate(blobs) if len(blob.splits) > 1]
        judged: dict[int, list[int]] = {b: [] for b in multi}
        rounds = [range(0, 1), range(1, FIRST_ROUND), range(FIRST_ROUND, 10_000)]
        unsure = multi
        for r in rounds:
            todo = {b: range(r.start, min(r.stop, len(blobs[b].splits))) for b in unsure}
            self.run([key for b, ss in todo.items() for s in ss for key in self.samples(b, s)])
            for b, ss in todo.items():
                judged[b].extend(ss)
            unsure = [b for b in unsure if blobs[b].row_like or max(self.quality(b, s) for s in judged[b]) < GOOD_SPLIT]
            if not unsure:
                break
        return judged


def name_blobs(pixels: np.ndarray, seg: Segmentation, clf: Classifier) -> list[Named]:
    """Choose each blob's split with the classifier, then classify the chosen tiles: every tile of every blob,
    with the classifier's TOP_K alternatives."""
    judge = _SplitJudge(pixels, seg, clf)
    judged = judge.judge()
    chosen_split = [judge.pick(b, judged[b]) if b in judged else 0 for b in range(len(seg.blobs))]
    judge.run([(b, s, i) for b, s in enumerate(chosen_split) for i in range(len(seg.blobs[b].splits[s].quads))])
    out = []
    for b, s in enumerate(chosen_split):
        for i, q in enumerate(seg.blobs[b].splits[s].quads):
            out.append((q, judge.cache[(b, s, i)]))
    return out
