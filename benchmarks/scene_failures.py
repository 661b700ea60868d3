"""Why tiles fail on synthetic scenes (faces of loose layouts, face-down counts, bonus tiles), by losing stage.

``bench_scenes`` says how often a concealed-kong photo's face-down count is right and how often a bonus tile is
named right; this says why not, so a fix goes to the stage at fault (code) or to the next training run (data).
Each photo goes through the shipped ``sikwu.vision.recognize``; the pipeline's stages are watched (the detector's
proposals, the classifier's names for them, the candidates ``consistent`` keeps) and every labelled tile of
interest is followed to the first stage that lost or misnamed it:

- face tiles of scattered, piled and standing scenes (``FACE_KINDS``): lost at which stage, or named right,
  named a back, or misnamed (the recall targets of issue 14 are for these kinds).
- face-down tiles (every ``back`` of the ``kong`` scenes): no box near it (detector miss); a box over it but not
  one tile's box (merged with a neighbour, or box off); a good box the classifier calls not-a-tile, or names under
  the tile gate, or names as a face (which faces); a box only one detector saw (faint, unconfirmed or filled in)
  that needed a face; a candidate dropped as a
  duplicate or straddler; read as ``back``.  Backs reported where no face-down tile lies (a face or the table read
  as a back) are counted too: they spoil the count as much as a lost back.
- bonus tiles (flowers and seasons of every kind): the same stages up to the name, then named right, the other
  bonus kind (flower for season or back), the wrong number of the right kind, a suited or honour tile, or a back;
  a bonus tile the scene holds twice (a set holds one) is marked, as the tile-set counts must move one of them.

Usage: python -m benchmarks.scene_failures [--per-kind N] [--seed S] [--long-side PX] [--art heldout|seen]
       [--kinds K,...] [--out FILE]
"""

from __future__ import annotations

import argparse
import contextlib
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from sikwu.datasets.box_match import match_pairs, overlaps
from sikwu.datasets.scenes.art import FaceBank
from sikwu.datasets.scenes.generate import iter_scenes
from sikwu.datasets.scenes.render import SceneSample
from sikwu.datasets.scenes.tiles import BACK
from sikwu.vision.quads import quad_box

from benchmarks.bench_scenes import ART_NAMES, KINDS, art_for, expected_id

#: A box is "over" a labelled tile when it covers at least this share of the tile (a matched box needs IoU 0.5).
COVERS = 0.5
#: Scene kinds whose face tiles are all followed (the recall targets: tiles scattered, piled, standing).
FACE_KINDS = ("scattered", "pile", "standing")


@dataclass
class Watch:
    """What the pipeline's stages produced for one photo, in photo pixels: the detector's quads (sure, then faint),
    the classifier's top-k for each, and which of them survived to ``consistent``'s output."""

    quads: list[np.ndarray] = field(default_factory=list)
    faint: list[bool] = field(default_factory=list)
    preds: list[list[tuple[str, float]]] = field(default_factory=list)
    kept_ids: set[int] = field(default_factory=set)
    offered_ids: set[int] = field(default_factory=set)
    working_ids: list[int] = field(default_factory=list)


@contextlib.contextmanager
def watching() -> Iterator[Watch]:
    """Wrap the pipeline's stage functions (as ``sikwu.vision.pipeline`` calls them) to record what each made."""
    from sikwu.vision import pipeline

    w = Watch()
    names = ("detector_proposals", "name_quads", "consistent")
    orig: dict[str, Any] = {n: getattr(pipeline, n) for n in names}
    state: dict[str, Any] = {}

    def proposals(loaded: Any, *detectors: Any) -> Any:
        out = orig["detector_proposals"](loaded, *detectors)
        state["image"], state["n_sure"] = out.image, len(out.quads)
        return out

    def name(pixels: Any, quads: Any, clf: Any) -> Any:
        named = orig["name_quads"](pixels, quads, clf)
        if "image" in state and not w.quads:
            w.quads = [state["image"].to_original(q) for q, _ in named]
            w.faint = [i >= state["n_sure"] for i in range(len(named))]
            w.preds = [p for _, p in named]
            w.working_ids = [id(q) for q, _ in named]
        return named

    def keep(tiles: Any) -> Any:
        out = orig["consistent"](tiles)
        w.offered_ids = {id(q) for q, _ in tiles}
        w.kept_ids = {id(q) for q, _ in out}
        return out

    try:
        for n, f in zip(names, (proposals, name, keep), strict=True):
            setattr(pipeline, n, f)
        yield w
    finally:
        for n, f in orig.items():
            setattr(pipeline, n, f)


def _boxes(quads: list[np.ndarray]) -> np.ndarray:
    return np.array([quad_box(np.asarray(q)) for q in quads], np.float32).reshape(-1, 4)


def _cover(boxes: np.ndarray, box: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(IoU of each box with ``box``, share of ``box`` each covers)."""
    inter, areas, (area,) = overlaps(boxes, box[None])
    inter, ab = inter[:, 0], max(float(area), 1e-6)
    return inter / np.maximum(areas + ab - inter, 1e-6), inter / ab


def lost_where(w: Watch, g: int, gt: np.ndarray) -> str:
    """The stage that lost labelled tile ``g`` (no recognised tile matches it)."""
    from sikwu.vision.labels import BACK as BACK_LABEL
    from sikwu.vision.labels import NOT_A_TILE
    from sikwu.vision.naming import is_tile

    if not w.quads:
        return "detector found nothing"
    boxes = _boxes(w.quads)
    iou, cover = _cover(boxes, gt[g])
    j = int(np.argmax(iou))
    if iou[j] < 0.5:
        over = np.nonzero(cover >= COVERS)[0]
        if not len(over):
            return "no box (detector miss)"
        for k in over:
            others = np.delete(_cover(gt, boxes[k])[1], g)
            if (others >= COVERS).any():
                return "box merged with a neighbour"
        return "box off (IoU < 0.5)"
    top = w.preds[j][0][0]
    if top == NOT_A_TILE:
        return "classifier: not-a-tile"
    if not is_tile(w.preds[j]):
        return "classifier: under the tile gate"
    if w.working_ids[j] not in w.offered_ids:
        return "faint box: a back needs a face" if top == BACK_LABEL else "faint box: not accepted"
    if w.working_ids[j] not in w.kept_ids:
        return "dropped as duplicate / straddler"
    return "its box matched a neighbour"


def bonus_reading(want: str, got: str) -> str:
    """How a recognised id relates to a bonus tile's true id (flowers 1f-4f, seasons 5f-8f)."""
    if got == want:
        return "named right"
    if got == BACK:
        return "named back"
    if got.endswith("f"):
        same_kind = (int(got[0]) <= 4) == (int(want[0]) <= 4)
        return "right kind, wrong number" if same_kind else "the other bonus kind (flower/season)"
    return "named a suited/honour tile"


def _named(got: Any, want: str) -> str:
    """A found face tile: named right, or what it was named instead (a back, a bonus tile, another face)."""
    if got.id == want:
        return "named right"
    return "named back" if got.id == BACK else "misnamed" + _changed(got, want)


def _changed(got: Any, want: str) -> str:
    """Whether the tile-set counts (``vision.assign``) moved the tile off the classifier's first reading, and
    whether that first reading was the right one."""
    if not got.changed:
        return ""
    return " (set counts changed it from the right id)" if got.top3[0][0] == want else " (set counts changed it)"


@dataclass
class Causes:
    """Failure causes tallied over the photos: face-down tiles of kong scenes, and bonus tiles of every kind."""

    backs: Counter[str] = field(default_factory=Counter)
    back_faces: Counter[str] = field(default_factory=Counter)
    extra_backs: Counter[str] = field(default_factory=Counter)
    bonus: Counter[str] = field(default_factory=Counter)
    bonus_faces: Counter[str] = field(default_factory=Counter)
    faces: Counter[str] = field(default_factory=Counter)
    kong_photos: list[tuple[str, int, int, str]] = field(default_factory=list)

    def add(self, name: str, sample: SceneSample, w: Watch, tiles: tuple[Any, ...]) -> None:
        gt = np.array([t.box for t in sample.tiles], np.float32).reshape(-1, 4)
        boxes = np.array([t.box for t in tiles], np.float32).reshape(-1, 4)
        pairs = {g: p for p, g in match_pairs(boxes, gt)}
        lost: Counter[str] = Counter()
        copies = Counter(t.label for t in sample.tiles if t.label.endswith("f"))
        for g, label in enumerate(sample.tiles):
            want = expected_id(label.label)
            got = tiles[pairs[g]] if g in pairs else None
            followed = want.endswith("f") or (want == BACK and sample.kind == "kong")
            face_kind = sample.kind in FACE_KINDS and want != BACK
            gone = lost_where(w, g, gt) if got is None and (followed or face_kind) else ""
            if face_kind:
                self.faces[f"{sample.kind}: " + (gone if got is None else _named(got, want))] += 1
            if not followed:
                continue
            if got is None:
                cause = gone
            elif want == BACK:
                cause = "read back" if got.id == BACK else "classifier: named a face"
                if got.id != BACK:
                    self.back_faces[got.id] += 1
            else:
                cause = bonus_reading(want, got.id) + _changed(got, want)
                if cause.startswith("named a suited"):
                    self.bonus_faces[got.id] += 1
            if want.endswith("f") and copies[want] > 1:  # the scene breaks the set's counts, not recognition
                cause = f"[scene holds {copies[want]} of it; a set holds 1] {cause}"
            (self.backs if want == BACK else self.bonus)[cause] += 1
            if want == BACK and cause != "read back":
                lost[cause] += 1
        if sample.kind == "kong":
            self._add_kong(name, sample, tiles, pairs, lost)

    def _add_kong(
        self, name: str, sample: SceneSample, tiles: tuple[Any, ...], pairs: dict[int, int], lost: Counter[str]
    ) -> None:
        matched = {p: g for g, p in pairs.items()}
        for p, t in enumerate(tiles):
            if t.id != BACK:
                continue
            g = matched.get(p)
            if g is None:
                self.extra_backs["a back where no tile is labelled (table, gap, box off)"] += 1
                lost["extra back: nothing labelled there"] += 1
            elif sample.tiles[g].label != BACK:
                self.extra_backs["a face read as back"] += 1
                lost["extra back: a face read as back"] += 1
        want = sum(t.label == BACK for t in sample.tiles)
        read = sum(t.id == BACK for t in tiles)
        why = ", ".join(f"{c} x{n}" for c, n in lost.most_common())
        self.kong_photos.append((name, want, read, why))


def run(args: argparse.Namespace) -> tuple[Causes, float]:
    from sikwu.vision import recognize
    from sikwu.vision.classifier import default_classifier
    from sikwu.vision.io import ImageInputError

    flt, backs, _ = art_for(args.art, None, default_classifier().metadata)
    bank = FaceBank(flt)
    causes = Causes()
    t0 = time.perf_counter()
    for name, sample in iter_scenes(args.kinds, args.per_kind, args.seed, bank, args.long_side, backs):
        with watching() as w:
            try:
                tiles = recognize(sample.jpeg).tiles
            except ImageInputError:
                tiles = ()
        causes.add(name, sample, w, tiles)
    return causes, time.perf_counter() - t0


def _table(title: str, counts: Counter[str]) -> list[str]:
    total = sum(counts.values())
    lines = [f"{title} ({total})"]
    lines += [f"  {n:5d}  {100 * n / total:5.1f}%  {c}" for c, n in counts.most_common()] if total else ["  none"]
    return lines


def report(c: Causes, args: argparse.Namespace, seconds: float) -> str:
    right = sum(want == read for _, want, read, _ in c.kong_photos)
    wrong = Counter(
        "too few backs" if read < want else "too many backs" for _, want, read, _ in c.kong_photos if read != want
    )
    lines = [
        f"Scene failures, {ART_NAMES[args.art]}: {args.per_kind} per kind ({', '.join(args.kinds)}), seed {args.seed},"
        f" long side {args.long_side} px; {seconds:.0f} s.",
        "",
        f"Concealed-kong photos with the face-down count right: {right}/{len(c.kong_photos)}; wrong: "
        + (", ".join(f"{k} {n}" for k, n in wrong.items()) or "none"),
        *_table("Face-down tiles of kong scenes, by where they were lost", c.backs),
        "  faces they were named: " + (", ".join(f"{k} x{n}" for k, n in c.back_faces.most_common()) or "none"),
        *_table("Backs reported where no face-down tile lies (kong scenes)", c.extra_backs),
        "Kong photos with a wrong count (labelled / read: causes):",
        *[f"  {n}: {want} / {read}: {why}" for n, want, read, why in c.kong_photos if want != read],
        "",
        *_table("Bonus tiles, by what became of them", c.bonus),
        "  suited/honour ids they were named: "
        + (", ".join(f"{k} x{n}" for k, n in c.bonus_faces.most_common()) or "none"),
        "",
        *_table(f"Face tiles of {', '.join(FACE_KINDS)} scenes, by where they were lost or how named", c.faces),
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--per-kind", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--long-side", type=int, default=1600)
    ap.add_argument("--kinds", default=",".join(KINDS))
    ap.add_argument("--art", choices=tuple(ART_NAMES), default="heldout")
    ap.add_argument("--out", type=Path, default=None, help="also write the printed table to this file")
    args = ap.parse_args(argv)
    args.kinds = tuple(k.strip() for k in args.kinds.split(",") if k.strip())
    causes, seconds = run(args)
    text = report(causes, args, seconds)
    print(text)
    if args.out is not None:
        args.out.write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
