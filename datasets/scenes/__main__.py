"""``python -m sikwu.datasets.scenes OUT``: render synthetic table photos with YOLO labels (see ``generate``).

Examples::

    python -m sikwu.datasets.scenes /tmp/scenes --per-kind 200 --seed 0 --split train     # never held-out art
    python -m sikwu.datasets.scenes /tmp/heldout --per-kind 50 --seed 1 --split heldout   # held-out art only
    python -m sikwu.datasets.scenes /tmp/mine --crops my_crops.txt --sets tile-crops      # chosen photos only

Fetch the Debian tile sets first (``python -m sikwu.datasets.scenes.debian``) to draw with them too.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from sikwu.datasets.back_colours import ANY_HUE
from sikwu.datasets.scenes.art import ArtFilter, FaceBank, heldout_filter, read_names, training_filter
from sikwu.datasets.scenes.generate import iter_scenes, write
from sikwu.datasets.scenes.layouts import KINDS
from sikwu.datasets.scenes.tiles import BACK_COLOURS, HELDOUT_BACK_COLOURS, TRAIN_BACK_COLOURS


def _names(path: Path | None) -> frozenset[str] | None:
    return None if path is None else read_names(path)


def _art(args: argparse.Namespace) -> tuple[ArtFilter, tuple[str, ...], str]:
    """(face filter, back colours, where the held-out list came from) for the chosen split."""
    if args.split == "heldout":
        flt, origin = heldout_filter(args.heldout_list)
        return flt, HELDOUT_BACK_COLOURS, origin
    sets = frozenset(args.sets.split(",")) if args.sets else None
    if args.split == "train":
        flt, origin = training_filter(args.heldout_list, sets)
        return flt, TRAIN_BACK_COLOURS, origin
    crops, exclude = _names(args.crops), _names(args.exclude_crops) or frozenset()
    return ArtFilter(sets=sets, crops=crops, exclude_crops=exclude), (*BACK_COLOURS, ANY_HUE), "none (split all)"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Render synthetic mahjong table photos with YOLO labels.")
    ap.add_argument("out", type=Path, help="output folder (images/, labels/, classes.txt, scenes.jsonl)")
    ap.add_argument("--per-kind", type=int, default=100, help="scenes of each kind")
    ap.add_argument("--kinds", default=",".join(KINDS), help=f"comma-separated, from {','.join(KINDS)}")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--long-side", type=int, default=1600, help="photo long side (the pipeline's working size)")
    ap.add_argument(
        "--split",
        choices=("train", "heldout", "all"),
        default="all",
        help="train: no held-out photo, Debian set or back colour; heldout: only those; all: the filters below",
    )
    ap.add_argument(
        "--heldout-list", type=Path, default=None, help="held-out tile-crops names (default: datasets.split's groups)"
    )
    ap.add_argument("--sets", default=None, help="art sets allowed, comma-separated (e.g. tile-crops,debian:real)")
    ap.add_argument("--crops", type=Path, default=None, help="file of tile-crops names to use (one per line)")
    ap.add_argument("--exclude-crops", type=Path, default=None, help="file of tile-crops names never to use")
    ap.add_argument("--quiet", action="store_true", help="no progress bar")
    args = ap.parse_args(argv)
    if args.per_kind < 1 or args.long_side < 64:
        print("error: --per-kind must be at least 1 and --long-side at least 64", file=sys.stderr)
        return 2
    try:
        flt, backs, origin = _art(args)
        bank = FaceBank(flt)
        kinds = [k.strip() for k in args.kinds.split(",") if k.strip()]
        info = {
            "seed": args.seed, "per_kind": args.per_kind, "kinds": kinds, "long_side": args.long_side,
            "split": args.split, "heldout_list": origin, "art_sets": bank.sources(), "faces": bank.count(),
            "back_colours": list(backs),
        }  # fmt: skip
        scenes = iter_scenes(kinds, args.per_kind, args.seed, bank, args.long_side, backs, not args.quiet)
        n = write(args.out, scenes, info)
    except (ValueError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"{n} scenes in {args.out} ({bank.count()} faces from {', '.join(bank.sources())})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
