"""Recognition on synthetic table photos of held-out art, by scene kind: what a player's own set and table get.

Scenes come from ``sikwu.datasets.scenes`` with faces no shipped model trained on (the held-out tile-crops photos
and the Debian tile sets) and backs of the held-out colours, at the pipeline's working size; each photo goes through
the shipped ``sikwu.vision.recognize``. A recognised tile is matched one-to-one to a labelled tile (greedy by IoU,
threshold 0.5, as ``bench_recognition``). Printed, per scene kind:
- found: labelled tiles matched by a recognised tile; right: matched and named right (a back as ``back``, a blank
  white dragon as ``5z``); precision: matched / recognised; face-up found: the same as found, counting only the
  tiles lying face up (recognition reports a face-down tile only where it completes a concealed kong: elsewhere,
  in a heap or among discards, it scores nothing, and felt between tiles looks like a green back);
- bonus tiles (flowers and seasons, every kind): named right, i.e. flower vs season and its number;
- concealed kongs (``kong`` scenes): photos whose count of tiles read as ``back`` equals the face-down tiles shown;
- walls (``wall`` scenes): rows of face-down tiles two high, right when read as ``back``, plus a few discards.
Also the right-rate by art set, so an unfamiliar set stands out. The figures are written to docs/benchmarks.md.

Usage: python -m benchmarks.bench_scenes [--per-kind N] [--seed S] [--long-side PX] [--art heldout|seen]
       [--detector MODEL.onnx] [--no-write]
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict
from pathlib import Path

import numpy as np
from sikwu.datasets.box_match import match_pairs as match
from sikwu.datasets.scenes.art import SHARED_ART_SETS, ArtFilter, FaceBank, heldout_crop_names, heldout_filter
from sikwu.datasets.scenes.generate import iter_scenes
from sikwu.datasets.scenes.heldout import with_detectors_art
from sikwu.datasets.scenes.render import SceneSample
from sikwu.datasets.scenes.tiles import BACK, BLANK, HELDOUT_BACK_COLOURS, TRAIN_BACK_COLOURS

from benchmarks.report import DOCS_PATH as DOC
from benchmarks.report import write_section

KINDS = ("row", "scattered", "pile", "standing", "kong", "wall")
ART_NAMES = {"heldout": "held-out art", "seen": "art the shipped models trained on"}


def expected_id(label: str) -> str:
    """What recognition should answer for a scene label: a blank white dragon is tile 5z."""
    return "5z" if label == BLANK else label


class Tally:
    def __init__(self) -> None:
        self.kind: dict[str, list[int]] = defaultdict(lambda: [0] * 6)  # gt, found, right, recognised, face up, found
        self.source: dict[str, list[int]] = defaultdict(lambda: [0, 0])  # gt, right
        self.bonus = [0, 0]  # gt, right
        self.kongs = [0, 0]  # photos, count right
        #: Misnamed tiles (found, named wrong) and phantoms (reported where no tile lies): [all, of them flagged for
        #: the players to check], when the reader says which tiles it flags.
        self.misnamed_flagged = [0, 0]
        self.phantoms_flagged = [0, 0]
        #: Tiles named right, [all, of them flagged anyway]: what flagging costs the players in needless checks.
        self.right_flagged = [0, 0]
        self.errors: list[str] = []

    def add(
        self, name: str, sample: SceneSample, ids: list[str], boxes: np.ndarray, flags: list[bool] | None = None
    ) -> None:
        """One scene read as ``ids`` at ``boxes``; ``flags``: which of them the page asks the players to check."""
        gt = np.array([t.box for t in sample.tiles], np.float32).reshape(-1, 4)
        pairs = dict((g, p) for p, g in match(boxes, gt))
        if flags is not None:
            self._count_flags(sample, ids, pairs, flags)
        k = self.kind[sample.kind]
        k[0] += len(gt)
        k[3] += len(ids)
        for g, tile in enumerate(sample.tiles):
            got = ids[pairs[g]] if g in pairs else None
            right = got == expected_id(tile.label)
            k[1] += got is not None
            k[2] += right
            if tile.label != BACK:
                k[4] += 1
                k[5] += got is not None
            src = self.source[tile.source or ("backs" if tile.label == BACK else "blank faces")]
            src[0] += 1
            src[1] += right
            if tile.label.endswith("f"):
                self.bonus[0] += 1
                self.bonus[1] += right
            if not right and len(self.errors) < 400:
                self.errors.append(f"{name}: {tile.label} ({tile.source} {tile.name}) read {got or 'missed'}")
        if sample.kind == "kong":
            self.kongs[0] += 1
            self.kongs[1] += sum(t.label == BACK for t in sample.tiles) == sum(i == BACK for i in ids)

    def _count_flags(self, sample: SceneSample, ids: list[str], pairs: dict[int, int], flags: list[bool]) -> None:
        for g, p in pairs.items():
            counts = self.misnamed_flagged if ids[p] != expected_id(sample.tiles[g].label) else self.right_flagged
            counts[0] += 1
            counts[1] += flags[p]
        for p in set(range(len(ids))) - set(pairs.values()):
            self.phantoms_flagged[0] += 1
            self.phantoms_flagged[1] += flags[p]


def art_for(art: str, heldout_list: Path | None, metadata: dict[str, str]) -> tuple[ArtFilter, tuple[str, ...], str]:
    """(faces, back colours, where the held-out list came from) for ``heldout`` art, or for ``seen`` art: the faces
    and back colours the shipped models trained on, so the two figures side by side tell memory from
    generalisation."""
    if art == "heldout":
        flt, origin = heldout_filter(heldout_list, metadata)
        return flt, HELDOUT_BACK_COLOURS, origin
    held, origin = heldout_crop_names(heldout_list, metadata)
    return ArtFilter(sets=frozenset({"tile-crops", *SHARED_ART_SETS}), exclude_crops=held), TRAIN_BACK_COLOURS, origin


def run(
    per_kind: int,
    seed: int,
    long_side: int,
    kinds: tuple[str, ...],
    heldout_list: Path | None = None,
    art: str = "heldout",
    detector_path: Path | None = None,
    art_unseen_by: Path | None = None,
) -> tuple[Tally, dict]:
    from sikwu.vision import recognize
    from sikwu.vision.classifier import default_classifier
    from sikwu.vision.detector import TileDetector
    from sikwu.vision.io import ImageInputError

    detector = TileDetector(detector_path) if detector_path else None
    metadata = default_classifier().metadata
    if art_unseen_by is not None:  # compare two classifiers on the same scenes: art neither trained on
        from sikwu.vision.classifier import TileClassifier

        metadata = TileClassifier(art_unseen_by).metadata
    flt, backs, origin = art_for(art, heldout_list, with_detectors_art(dict(metadata)))
    bank = FaceBank(flt)
    tally = Tally()
    t0 = time.perf_counter()
    for name, sample in iter_scenes(kinds, per_kind, seed, bank, long_side, backs):
        try:
            rec = recognize(sample.jpeg, detector=detector)
            ids = [t.id for t in rec.tiles]
            boxes = np.array([t.box for t in rec.tiles], np.float32).reshape(-1, 4)
            flags = [t.low_confidence or t.unknown or t.changed for t in rec.tiles]
        except ImageInputError:  # no tiles found: every labelled tile is missed
            ids, boxes, flags = [], np.zeros((0, 4), np.float32), []
        tally.add(name, sample, ids, boxes, flags)
    info = {"heldout": origin, "sets": ", ".join(bank.sources()), "faces": bank.count(), "backs": ", ".join(backs)}
    info["s"] = time.perf_counter() - t0
    return tally, info


def _pct(a: int, b: int) -> str:
    return f"{100 * a / b:5.1f}% ({a}/{b})" if b else "  n/a"


def _row(kind: str, counts: list[int]) -> str:
    gt, found, right, rec, up, up_found = counts
    return f"| {kind} | {gt} | {_pct(found, gt)} | {_pct(right, gt)} | {_pct(found, rec)} | {_pct(up_found, up)} |"


def report(tally: Tally, info: dict, args: argparse.Namespace) -> str:
    lines = [
        f"Synthetic scenes of {ART_NAMES[args.art]}: {args.per_kind} per kind, seed {args.seed}, long side "
        f"{args.long_side} px; faces: {info['sets']} ({info['faces']}; held-out tile-crops: {info['heldout']}); "
        f"backs {info['backs']}.",
        "",
        "| scene kind | tiles | found | right | precision | face-up found |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    total = [0] * 6
    for kind in args.kinds:
        total = [a + b for a, b in zip(total, tally.kind[kind], strict=True)]
        lines.append(_row(kind, tally.kind[kind]))
    lines.append(_row("all", total))
    lines += [
        "",
        f"- bonus tiles named right (flower vs season and number): {_pct(tally.bonus[1], tally.bonus[0])}",
        f"- concealed-kong photos with the face-down count right: {_pct(tally.kongs[1], tally.kongs[0])}",
        "- asked to check (the page flags a tile under 60%, unknown or changed by the layout): misnamed tiles "
        f"{_pct(tally.misnamed_flagged[1], tally.misnamed_flagged[0]).strip()}, phantom tiles "
        f"{_pct(tally.phantoms_flagged[1], tally.phantoms_flagged[0]).strip()}; tiles named right "
        f"{_pct(tally.right_flagged[1], tally.right_flagged[0]).strip()}",
        "- right by art set: " + "; ".join(f"{s} {_pct(r, g).strip()}" for s, (g, r) in sorted(tally.source.items())),
    ]
    return "\n".join(lines)


def write_doc(text: str, command: str, art: str, long_side: int = 1600) -> None:
    """This run's section of docs/benchmarks.md (one per art choice, and one more per other photo size, e.g. 640 px
    as the page's camera input sends), replaced in place with date and machine."""
    size = "" if long_side == 1600 else f"-{long_side}px"
    title = f"Synthetic scenes of {ART_NAMES[art]}" + (f", {long_side} px photos" if size else "")
    write_section(f"bench_scenes-{art}{size}", title, command, text, path=DOC)


def debian_art_missing() -> str | None:
    """Why held-out art would be tile-crops only: the Debian tile sets are not fetched on this machine (a fresh
    machine's cache is empty), or None when they are."""
    from sikwu.datasets.scenes import debian

    if debian.fetched_set_names():
        return None
    return f"no Debian tile set in {debian.tileset_dir()}: run python -m sikwu.datasets.scenes.debian to fetch them"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--per-kind", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1000, help="scene seed (training scenes use other seeds)")
    ap.add_argument("--long-side", type=int, default=1600)
    ap.add_argument("--kinds", default=",".join(KINDS))
    ap.add_argument("--heldout-list", type=Path, default=None, help="tile-crops names to draw (default: held out)")
    ap.add_argument("--art", choices=tuple(ART_NAMES), default="heldout", help="held-out art, or art trained on")
    ap.add_argument("--detector", type=Path, default=None, help="another detector model (figures are not written)")
    ap.add_argument(
        "--art-unseen-by", type=Path, default=None,
        help="draw the art this classifier model never trained on, not the shipped one's (to compare the two on the "
        "same scenes; figures are not written)",
    )  # fmt: skip
    ap.add_argument("--errors", type=int, default=0, help="print this many misread tiles")
    ap.add_argument("--no-write", action="store_true", help="do not update docs/benchmarks.md")
    args = ap.parse_args(argv)
    args.kinds = tuple(k.strip() for k in args.kinds.split(",") if k.strip())
    missing = debian_art_missing() if args.art == "heldout" else None
    if missing and not args.no_write:
        print(f"{missing}; figures of tile-crops alone are not comparable with docs/benchmarks.md (or pass --no-write)")
        return 2
    tally, info = run(
        args.per_kind, args.seed, args.long_side, args.kinds, args.heldout_list, args.art, args.detector,
        args.art_unseen_by,
    )  # fmt: skip
    text = report(tally, info, args)
    print(text)
    for line in tally.errors[: args.errors]:
        print("  " + line)
    if not args.no_write and args.detector is None and args.art_unseen_by is None:
        cmd = "python -m benchmarks.bench_scenes" + (
            f" --per-kind {args.per_kind} --seed {args.seed} --long-side {args.long_side} --art {args.art}"
        )
        write_doc(text, cmd, args.art, args.long_side)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
