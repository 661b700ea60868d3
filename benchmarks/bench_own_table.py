"""The players' own table, taught with their set: tiles right and phantom tiles on one table before and after.

A table a player brings (a printed cloth, wood, stone) can read as tiles. Teaching stores crops of the teaching
photo's table with the set as examples of not-a-tile (``vision.teach_table``). This measures what that gives, as an
evening at one table is: for each held-out art set that can be laid out in order (``bench_scenes_taught``) and each
table kind of ``datasets.scenes.tables``, one table (its own seed):

1. the teaching photo: a tile of each face laid out in order on that table (``bench_teach.grid_photo``), taught
   with ``vision.teach.teach_from_photo(in_order=True)``;
2. scenes of that set on that table (``--per-kind`` of each kind but the wall, ``--seed``), read by the shipped
   models ("before"), with the taught set without its table crops ("set only"), with the set as taught ("set and
   table"), and with the set as taught that also learns, after each scene, the phantom tiles of that scene as the
   players mark them "Not a tile" on the page ("marked as played": ``vision.teach.add_examples(table=...)``, the
   opt-in path of corrected hands), so each scene is read with the marks of the scenes before it on that table.

Printed per table kind: tiles right, phantom tiles (reported where no labelled tile lies under a tenth of the box:
on the bare table) and precision (reported tiles matching a labelled one).

Usage: python -m benchmarks.bench_own_table [--per-kind N] [--seed S] [--long-side PX] [--tables K,...] [--write-docs]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

import numpy as np
from sikwu.datasets.scenes.art import ArtFilter, FaceBank
from sikwu.datasets.scenes.generate import iter_scenes
from sikwu.datasets.scenes.heldout import with_detectors_art
from sikwu.datasets.scenes.layouts import KINDS
from sikwu.datasets.scenes.render import SceneSample
from sikwu.datasets.scenes.tables import KINDS as TABLE_KINDS

from benchmarks.bench_scenes import DOC, _pct, art_for, expected_id, match
from benchmarks.bench_scenes_taught import MIXED, ids_and_boxes, recognized, teaching_crops
from benchmarks.bench_teach import grid_photo
from benchmarks.report import command_line, markdown_table, write_section

#: Seeds of the tables: set number * 100 + table kind number + this.
TABLE_SEED = 9000
#: A reported tile whose box has at most this share over labelled tiles lies on the bare table.
ON_TABLE = 0.1
WAYS = ("before", "set only", "set and table", "marked as played")
MARKED = WAYS[-1]


class Counts:
    """Labelled tiles, named right, reported, reported matching a labelled tile, reported on the bare table."""

    def __init__(self) -> None:
        self.n = np.zeros(5, np.int64)

    def add(self, sample: SceneSample, ids: list[str], boxes: np.ndarray) -> list[int]:
        """Count one scene read as ``ids`` at ``boxes``; returns the indices of the phantoms (on the bare table)."""
        gt = np.array([t.box for t in sample.tiles], np.float32).reshape(-1, 4)
        pairs = dict((g, p) for p, g in match(boxes, gt))
        right = sum(g in pairs and ids[pairs[g]] == expected_id(t.label) for g, t in enumerate(sample.tiles))
        phantoms = [i for i, b in enumerate(boxes) if _on_table(b, gt)]
        self.n += [len(gt), right, len(ids), len(pairs), len(phantoms)]
        return phantoms


def _on_table(box: np.ndarray, gt: np.ndarray) -> bool:
    if not len(gt):
        return True
    w = np.clip(np.minimum(box[2], gt[:, 2]) - np.maximum(box[0], gt[:, 0]), 0, None)
    h = np.clip(np.minimum(box[3], gt[:, 3]) - np.maximum(box[1], gt[:, 1]), 0, None)
    area = max(float((box[2] - box[0]) * (box[3] - box[1])), 1e-6)
    return float((w * h).max()) / area <= ON_TABLE


def run_table(source: str, number: int, kind: str, crops, bank, args, backs, counts, refused) -> None:  # noqa: ANN001
    """Teach ``source`` on one table of ``kind`` and read its scenes on that table all three ways."""
    import cv2
    from sikwu.vision.classifier import default_classifier
    from sikwu.vision.set_classifier import SetClassifier, for_recognition
    from sikwu.vision.teach import TeachError, add_examples, load_set, teach_from_photo

    seed = TABLE_SEED + 100 * number + sorted(TABLE_KINDS).index(kind)
    photo = Path(tempfile.mkdtemp()) / "set.png"
    cv2.imwrite(str(photo), grid_photo(crops, seed=0, table=(seed, kind)))
    readers = {way: default_classifier() for way in WAYS}  # a photo that teaches nothing leaves the shipped models
    try:
        taught = teach_from_photo(photo, f"table-{seed}", SetClassifier(), True, True, bank.tiles)
    except TeachError as exc:
        refused[kind].append(f"{source}: {str(exc).split(';')[0]}")
    else:
        set_only = load_set(taught.set_name)
        set_only.table = np.zeros((0, 0), np.float32)
        readers["set only"] = for_recognition(set_only)
        readers["set and table"] = for_recognition(load_set(taught.set_name))
        marked = load_set(taught.set_name)
        marked.name = f"{taught.set_name}-marked"
        marked.save()
        readers[MARKED] = for_recognition(marked)
    scenes = iter_scenes(args.kinds, args.per_kind, args.seed + seed, bank, args.long_side, backs, False, seed, kind)
    for _, sample in scenes:
        for way, clf in readers.items():
            ids, boxes, crops = read_scene_crops(sample.jpeg, clf)
            phantoms = counts[kind][way].add(sample, ids, boxes)
            if way == MARKED and phantoms and getattr(clf, "tile_set", None) is not None:  # shipped: none
                add_examples(clf.tile_set.name, [], [], clf, not_tiles=[crops[i] for i in phantoms])
                readers[MARKED] = for_recognition(load_set(clf.tile_set.name))


def read_scene_crops(jpeg: bytes, classifier) -> tuple[list[str], np.ndarray, list[np.ndarray]]:  # noqa: ANN001
    """``bench_scenes_taught.read_scene`` plus each tile's crop as the page frames a tile the players mark."""
    from sikwu.vision.teach import tile_crops

    loaded, tiles = recognized(jpeg, classifier)
    if loaded is None:
        return [], np.zeros((0, 4), np.float32), []
    scale = np.array(loaded.scale, np.float32)
    crops = tile_crops(loaded.pixels, [np.asarray(t.quad, np.float32) / scale for t in tiles])
    return *ids_and_boxes(tiles), crops


def report(counts: dict[str, dict[str, Counts]], sets: list[str], args: argparse.Namespace) -> str:
    head = (
        f"Held-out art sets ({', '.join(sets)}), each taught in order from one photo on one table of each kind, "
        f"then read on that table: {args.per_kind} scene(s) per kind ({', '.join(args.kinds)}), seed {args.seed} "
        f"plus the table's, long side {args.long_side} px. Phantoms: tiles reported on the bare table. Marked as "
        f"played: the set as taught, learning after each scene the phantoms the players mark 'Not a tile' there "
        f"(scenes read in the order {', '.join(args.kinds)}, so the first scene of each table is read unmarked)."
    )
    rows = []
    for kind in [*sorted(counts), "all"]:
        c = {w: sum((counts[k][w].n for k in counts), np.zeros(5, np.int64)) for w in WAYS} if kind == "all" else None
        n = c or {w: counts[kind][w].n for w in WAYS}
        rows.append(
            [kind]
            + [_pct(int(n[w][1]), int(n[w][0])) for w in WAYS]
            + [str(int(n[w][4])) for w in WAYS]
            + [_pct(int(n[w][3]), int(n[w][2])) for w in WAYS]
        )
    header = [
        "table",
        *(f"right: {w}" for w in WAYS),
        *(f"phantoms: {w}" for w in WAYS),
        *(f"precision: {w}" for w in WAYS),
    ]
    return head + "\n\n" + markdown_table(header, rows)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--per-kind", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--long-side", type=int, default=1600)
    ap.add_argument("--kinds", default=",".join(k for k in KINDS if k != "wall"))
    ap.add_argument("--tables", default=",".join(sorted(TABLE_KINDS)), help="table kinds to teach and read on")
    ap.add_argument("--write-docs", action="store_true")
    args = ap.parse_args(argv)
    args.kinds = tuple(k.strip() for k in args.kinds.split(",") if k.strip())
    args.tables = tuple(k.strip() for k in args.tables.split(",") if k.strip())
    from sikwu.vision.classifier import default_classifier

    flt, backs, _ = art_for("heldout", None, with_detectors_art(dict(default_classifier().metadata)))
    counts: dict[str, dict[str, Counts]] = defaultdict(lambda: {w: Counts() for w in WAYS})
    refused: dict[str, list[str]] = defaultdict(list)
    sets = []
    with tempfile.TemporaryDirectory() as data:
        os.environ["SIKWU_DATA_DIR"] = data  # taught sets go to a scratch folder, never the user's
        for number, source in enumerate(s for s in FaceBank(flt).sources() if s not in MIXED):
            bank = FaceBank(ArtFilter(sets=frozenset({source})))
            crops = teaching_crops(bank, args.long_side, backs)
            if len(crops) != len(bank.tiles):
                continue  # a tile of every face is needed to lay the set out in order
            sets.append(source)
            for kind in args.tables:
                run_table(source, number, kind, crops, bank, args, backs, counts, refused)
    if not sets:
        print("no held-out art set available (fetch the Debian sets: python -m sikwu.datasets.scenes.debian)")
        return 0
    text = report(counts, sets, args)
    if refused:
        text += "\n\nTeaching photos refused (those tables read with the shipped models all three ways):\n"
        text += "\n".join(f"- {kind}: {'; '.join(why)}" for kind, why in sorted(refused.items()))
    print(text)
    if args.write_docs:
        argv_used = sys.argv[1:] if argv is None else argv
        cmd = command_line("benchmarks.bench_own_table", argv_used)
        print(f"wrote {write_section('bench_own_table', 'Teaching the table with the set', cmd, text, path=DOC)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
