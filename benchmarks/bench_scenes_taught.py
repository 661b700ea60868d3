"""Held-out art before and after teaching: what a player with a set sikwu never saw gets from the one-time teach step.

For each held-out art set (one set per run of scenes, so teaching and testing share the set, as at a real table):

1. one teaching photo: a tile of each face the set has, cut from scenes of that set (seed ``TEACH_SEED``, never a
   test scene) and laid out in rows on a cloth in the canonical order (``bench_teach.grid_photo``), taught through
   ``vision.teach.teach_from_photo`` both ways: tiles named by the classifier ("named"), and each tile named by its
   place ("in order"), so finding the tiles of the teaching photo is part of it;
2. scenes of that set (every kind but the wall, ``--seed``) read by the shipped models, then with each taught set
   (``vision.set_classifier.for_recognition``), as the page and ``sikwu recognize --set`` do.

Printed: per set, tiles right and bonus tiles named right before and after each way (or why a way taught nothing);
per scene kind, tiles right before and after each way over the sets it taught. tile-crops held-out groups are left
out here (their scenes mix three sets).

Usage: python -m benchmarks.bench_scenes_taught [--per-kind N] [--seed S] [--long-side PX] [--write-docs]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, cast

import numpy as np
from sikwu.datasets.scenes.art import ArtFilter, FaceBank
from sikwu.datasets.scenes.generate import iter_scenes
from sikwu.datasets.scenes.heldout import with_detectors_art
from sikwu.datasets.scenes.layouts import KINDS

from benchmarks import bench_scenes, teach_pull
from benchmarks.bench_scenes import DOC, Tally, art_for
from benchmarks.bench_teach import GRID_GAP, grid_photo, grid_tile_width
from benchmarks.report import command_line, write_section

if TYPE_CHECKING:
    from sikwu.vision.io import LoadedImage
    from sikwu.vision.pipeline import RecognizedTile

#: Scenes the teaching tiles are cut from (test scenes use ``--seed``, 1000 by default).
TEACH_SEED = 7000
#: Row scenes drawn at most while looking for a tile of every face of a set.
TEACH_SCENES = 40
#: Sets whose scenes mix several sets (teaching one photo of them means nothing).
MIXED = ("tile-crops",)


def teaching_crops(bank: FaceBank, long_side: int, backs: tuple[str, ...]) -> list[np.ndarray]:
    """One face-up tile crop per face the set has, from row scenes of that set (box plus a little table)."""
    import cv2

    crops: dict[str, np.ndarray] = {}
    for _, sample in iter_scenes(("row",), TEACH_SCENES, TEACH_SEED, bank, long_side, backs, progress=False):
        img = cv2.imdecode(np.frombuffer(sample.jpeg, np.uint8), cv2.IMREAD_COLOR)
        for t in sample.tiles:
            if t.label in crops or t.label not in bank.tiles:
                continue
            x0, y0, x1, y1 = (int(round(v)) for v in t.box)
            if (x1 - x0) > (y1 - y0):  # a tile lying sideways: the grid lays tiles upright
                continue
            pad = int(0.08 * (y1 - y0))
            crops[t.label] = img[max(0, y0 - pad) : y1 + pad, max(0, x0 - pad) : x1 + pad].copy()
        if len(crops) == len(bank.tiles):
            break
    return [crops[t] for t in bank.tiles if t in crops]


def recognized(jpeg: bytes, classifier) -> tuple[LoadedImage | None, Sequence[RecognizedTile]]:  # noqa: ANN001
    """The scene as loaded and the tiles recognition reports on it with this classifier (none for an unusable
    photo)."""
    from sikwu.vision import recognize
    from sikwu.vision.io import ImageInputError, load_image

    try:
        loaded = load_image(jpeg)
        return loaded, recognize(loaded, classifier=classifier).tiles
    except ImageInputError:
        return None, ()


def read_scene(jpeg: bytes, classifier) -> tuple[list[str], np.ndarray]:  # noqa: ANN001
    """Ids and boxes recognition reports for a scene with this classifier (none for an unusable photo)."""
    return ids_and_boxes(recognized(jpeg, classifier)[1])


def ids_and_boxes(tiles: Sequence[RecognizedTile]) -> tuple[list[str], np.ndarray]:
    return [t.id for t in tiles], np.array([t.box for t in tiles], np.float32).reshape(-1, 4)


def run_set(source: str, args: argparse.Namespace, backs: tuple[str, ...]) -> dict[str, object]:
    """Teach one held-out set from one photo, both ways (tiles named by the classifier, and laid out in order), and
    read its scenes before and after each."""
    import cv2
    from sikwu.vision.classifier import default_classifier
    from sikwu.vision.set_classifier import SetClassifier, for_recognition
    from sikwu.vision.teach import TeachError, load_set, teach_from_photo

    bank = FaceBank(ArtFilter(sets=frozenset({source})))
    crops = teaching_crops(bank, args.long_side, backs)
    out: dict[str, object] = {"source": source, "faces": len(bank.tiles), "laid_out": len(crops)}
    if len(crops) == len(bank.tiles):
        out["teaching"] = (crops, list(bank.tiles), bank)
    photo = Path(tempfile.mkdtemp()) / "set.png"
    cv2.imwrite(str(photo), grid_photo(crops, seed=0))
    classifiers = {"before": default_classifier()}
    for way, in_order in (("named", False), ("in order", True)):
        if in_order and len(crops) != len(bank.tiles):
            out[way] = f"a tile of {len(crops)} of its {len(bank.tiles)} faces found in row scenes"
            continue
        try:
            taught = teach_from_photo(
                photo, f"held-{way.replace(' ', '-')}", SetClassifier(), True, in_order, bank.tiles
            )
        except TeachError as exc:
            out[way] = str(exc)
            continue
        classifiers[way] = for_recognition(load_set(taught.set_name))
        if not in_order and len(crops) == len(bank.tiles):  # each grid place's face is known
            classifiers[CHECKED] = _checked(taught, photo, list(bank.tiles))
    tallies = {way: Tally() for way in classifiers}
    for name, sample in iter_scenes(args.kinds, args.per_kind, args.seed, bank, args.long_side, backs, progress=False):
        for way, clf in classifiers.items():
            tallies[way].add(name, sample, *read_scene(sample.jpeg, clf))
    out["tallies"] = tallies
    return out


def _pct(a: int, b: int) -> str:
    return bench_scenes._pct(a, b).strip()


#: The named way after the players checked the unsure names (``vision.teach.TeachResult.unsure_tiles``).
CHECKED = "named, unsure checked"
WAYS = ("before", "named", CHECKED, "in order")
#: The ways the per-kind table compares with the shipped models.
KIND_WAYS = ("named", "in order")


def grid_face(box: tuple[float, float, float, float], faces: list[str], cols: int = 9, tile_h: int = 150) -> str | None:
    """The face ``bench_teach.grid_photo`` put at the place of a tile box found in its photo (None: between places)."""
    gap, w = GRID_GAP, grid_tile_width(tile_h)
    x, y = (box[0] + box[2]) / 2 - gap, (box[1] + box[3]) / 2 - gap
    col, row = int(x // (w + gap)), int(y // (tile_h + gap))
    index = row * cols + col
    return faces[index] if 0 <= col < cols and 0 <= index < len(faces) else None


def _checked(taught, photo: Path, faces: list[str]):  # noqa: ANN001, ANN202
    """The named set after the players put right every unsure name that was wrong and named every tile given no face
    (tile by tile, as the page asks):
    each unsure tile is found among the photo's tiles (the same crops, recognition being deterministic) and its true
    face read from its place in the grid."""
    from sikwu.vision.pipeline import recognize
    from sikwu.vision.set_classifier import SetClassifier, for_recognition
    from sikwu.vision.teach import add_examples, load_set, photo_crops, rename_tiles

    clf = SetClassifier()
    crops, tiles = photo_crops(photo, clf), recognize(photo, classifier=clf.base).tiles
    fixes, added = {}, []
    for tile, name, crop in taught.unsure_tiles:
        found = [t for c, t in zip(crops, tiles, strict=True) if c.shape == crop.shape and np.array_equal(c, crop)]
        face = grid_face(found[0].box, faces) if found else None
        if face is not None and tile is None:
            added.append((crop, face))
        elif face is not None and face != name:
            fixes[tile] = face
    if fixes:
        rename_tiles(taught.set_name, fixes)
    if added:
        add_examples(taught.set_name, [c for c, _ in added], [f for _, f in added], clf)
    return for_recognition(load_set(taught.set_name))


def _right(t: Tally) -> tuple[int, int]:
    return sum(v[2] for v in t.kind.values()), sum(v[0] for v in t.kind.values())


def report(results: list[dict[str, object]], args: argparse.Namespace) -> str:
    lines = [
        f"Held-out art, one set at a time: taught from one photo of a tile of each face (cut from row scenes, seed "
        f"{TEACH_SEED}, laid out in rows), tested on {args.per_kind} scenes per kind of that set (seed {args.seed}, "
        f"long side {args.long_side} px). before: shipped models; named: taught with the classifier naming the "
        "photo's tiles; named, unsure checked: then the players put right every name the page asks them to check that "
        "was wrong; in order: the set laid out in order, each tile named by its place.",
        "",
        "| set | tiles right: before | named | named, unsure checked | in order | bonus right: before | named | "
        "checked | in order |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    # per scene kind, each way of teaching against the shipped models on the same sets (those it could teach)
    kinds = {(way, when): Tally() for way in KIND_WAYS for when in ("before", "after")}
    for r in results:
        tallies = r["tallies"]
        assert isinstance(tallies, dict)
        cells = [_pct(*_right(tallies[w])) if w in tallies else "not taught" for w in WAYS]
        bonus = [_pct(tallies[w].bonus[1], tallies[w].bonus[0]) if w in tallies else "-" for w in WAYS]
        lines.append(f"| {r['source']} | " + " | ".join(cells + bonus) + " |")
        for way in KIND_WAYS:
            if way not in tallies:
                continue
            for when, tally in (("before", tallies["before"]), ("after", tallies[way])):
                total = kinds[(way, when)].kind
                for kind, counts in tally.kind.items():
                    total[kind] = [x + y for x, y in zip(total[kind], counts, strict=True)]
    notes = [f"- {r['source']}, {w}: {str(r[w])[:160]}" for r in results for w in ("named", "in order") if w in r]
    lines += [
        "",
        "| scene kind | named: tiles | right before | after | in order: tiles | right before | after |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for kind in args.kinds:
        cells = []
        for way in KIND_WAYS:
            gt = kinds[(way, "before")].kind[kind][0]
            cells += [
                str(gt),
                _pct(kinds[(way, "before")].kind[kind][2], gt),
                _pct(kinds[(way, "after")].kind[kind][2], gt),
            ]
        lines.append(f"| {kind} | " + " | ".join(cells) + " |")
    return "\n".join(lines + ([""] + notes if notes else []))


def headline(results: list[dict[str, object]]) -> dict[str, str]:
    """README's figure: tiles right over every set taught in order, before and after."""
    sums = {"before": [0, 0], "in order": [0, 0]}
    taught = [t for t in (r["tallies"] for r in results) if isinstance(t, dict) and "in order" in t]
    for tallies in taught:
        for way, total in sums.items():
            right, gt = _right(tallies[way])
            total[0], total[1] = total[0] + right, total[1] + gt
    sets = len(taught)
    key = f"held-out art scenes ({sets} sets), tiles right: before / after teaching one photo laid out in order"
    return {key: f"{_pct(*sums['before'])} / {_pct(*sums['in order'])}"}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--per-kind", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--long-side", type=int, default=1600)
    ap.add_argument("--kinds", default=",".join(k for k in KINDS if k != "wall"))
    ap.add_argument("--fit-part", type=int, default=4, help="scenes per kind of the PULL check (0: skip it)")
    ap.add_argument("--write-docs", action="store_true")
    args = ap.parse_args(argv)
    args.kinds = tuple(k.strip() for k in args.kinds.split(",") if k.strip())
    from sikwu.vision.classifier import default_classifier

    flt, backs, _ = art_for("heldout", None, with_detectors_art(dict(default_classifier().metadata)))
    sources = [s for s in FaceBank(flt).sources() if s not in MIXED]
    if not sources:
        print("no held-out art set available (fetch the Debian sets: python -m sikwu.datasets.scenes.debian)")
        return 0
    with tempfile.TemporaryDirectory() as data:
        os.environ["SIKWU_DATA_DIR"] = data  # taught sets go to a scratch folder, never the user's
        results = [run_set(s, args, backs) for s in sources]
        text = report(results, args)
        if args.fit_part:
            teaching = {str(r["source"]): cast(tuple, r["teaching"]) for r in results if "teaching" in r}
            totals = teach_pull.sweep(teaching, backs, args.fit_part, args.kinds)
            text += "\n\n" + "\n".join(teach_pull.table(totals, args.fit_part) + teach_pull.naming_doubt(teaching))
    print(text)
    if args.write_docs:
        argv_used = sys.argv[1:] if argv is None else argv
        path = write_section(
            "bench_scenes_taught",
            "Held-out art before and after teaching one photo",
            command_line("benchmarks.bench_scenes_taught", argv_used),
            text,
            path=DOC,
            figures=headline(results),
        )
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
