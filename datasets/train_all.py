"""``sikwu train``: make the shipped models from scratch in one repeatable command, with a JSON record beside them.

    sikwu train --out DIR [--seed 0] [--threads 2] [--numerics fp32|bf16|auto] [--detector-steps N]
                [--main-steps N] [--classifier-steps N]
                [--negative-scenes N] [--debian-art [extra|all]] [--card-negatives] [--only detector|classifier]

Why one command with fixed step counts: the shipped models must be remade by anyone on two CPU cores and checked
against what is committed. Recognition runs two detectors side by side (``vision.fill_in``): the general one trains
on hk-photos/train, the project's own-faces tables and synthetic table photos composed from training tile sets
(``datasets.scenes``); the main one is that general detector fine-tuned on the real photos and own-faces tables
alone (``train_detector.MAIN_RECIPE``), which draws its boxes where real photos' labels put them. The classifier
trains on hk-photos/train crops,
tile-crops photos, renders of the tile-art sets and the well-visible tiles of those same scenes (``scene_crops``).
Nothing held out is read: the held-out tile-crops photos come from one function
(``scenes.art.training_excluded_crops``, the split of ``datasets.split`` when present) and hk-photos/valid is never
opened. The classifier also learns what recognition's detectors box on a bare table as ``not-a-tile``
(``hard_negatives``, mined from scenes of their own seed with the two detectors the run has just made).
``training.json`` records the command, seed, threads,
steps, data version and durations; the same seed, threads and steps on the same data version give byte-identical
weights. The classifier is stored in int8 (``quantize``; the float one stays beside it) and its calibration and
known-face centroids (``calibrate``) are fitted on that and written beside it: the folder holds all recognition reads.

``--debian-art`` (off by default) adds every Debian tile set ``python -m sikwu.datasets.scenes.debian`` fetched
(``extra``: its training-only sets) to the scenes' art, and so to the classifier's scene crops. The sets and their
sheet files' hashes enter the data version, ``training.json`` and both models' metadata (``debian_art``), which
held-out evaluation reads to stop counting those sets as held out for this model. ``--card-negatives`` adds the
cards of Debian's playing-card decks that are not measured (``card_negatives``) to the classifier's ``not-a-tile``
crops; the decks' sheet hashes enter the data version and ``training.json``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import shutil
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from sikwu.datasets import train_stages as stages
from sikwu.datasets.numerics import CHOICES as NUMERICS
from sikwu.datasets.numerics import DEFAULT as DEFAULT_NUMERICS
from sikwu.datasets.paths import PROJECT_ROOT, shared_path

if TYPE_CHECKING:
    from sikwu.datasets.scenes.render import SceneSample

DEFAULT_OUT = PROJECT_ROOT / "models"
RECORD_NAME = "training.json"
#: = ``train_detector.DEFAULT_STEPS``, repeated here so ``sikwu`` starts without OpenCV (a test keeps them equal).
DEFAULT_DETECTOR_STEPS = 15000
#: Steps of the main detector's fine-tune from the general one (``train_detector.MAIN_RECIPE``).
DEFAULT_MAIN_STEPS = 6000
#: Scenes of each kind (row, kong, scattered, pile, standing, wall) drawn for the detector.
DEFAULT_SCENES_PER_KIND = 80
#: Scenes are drawn at the pipeline's working size: the classifier's crops are cut from that size in use.
SCENE_LONG_SIDE = 1600
#: Source files whose code decides what the training data look like: their bytes are part of the data version.
GENERATOR_SOURCES = (
    "synth.py", "tile_render.py", "detector_data.py", "detector_synth.py", "prepare.py", "hk_photos.py",
    "tile_crops.py", "back_colours.py", "confusable_crops.py", "font_faces.py", "scenes",
)  # fmt: skip


def training_files() -> list[Path]:
    """Every file of ``../shared`` a training run may read, sorted; held-out tile-crops photos are left out."""
    from sikwu.datasets.scenes.art import training_excluded_crops

    held, _ = training_excluded_crops()
    crops = shared_path("datasets", "tile-crops")
    files = [*shared_path("datasets", "hk-photos", "train").rglob("*"), crops / "labels.csv"]
    files += [p for p in (crops / "images").iterdir() if p.name not in held]
    files += list(shared_path("datasets", "tile-art").rglob("*"))
    return sorted(p for p in files if p.is_file())


def generator_version() -> str:
    """SHA-256 (first 16 hex) of the data-making code: a change to how scenes or crops are drawn changes it."""
    here = Path(__file__).parent
    h = hashlib.sha256()
    for name in GENERATOR_SOURCES:
        for p in sorted((here / name).rglob("*.py")) if (here / name).is_dir() else [here / name]:
            h.update(p.relative_to(here).as_posix().encode() + b"\0" + p.read_bytes())
    return h.hexdigest()[:16]


def data_version(
    files: list[Path], generator: str, debian_art: dict[str, str] | None = None, cards: dict[str, str] | None = None
) -> str:
    """SHA-256 (first 16 hex) of the sorted input list (path below ../shared and size), the generator version and,
    with ``--debian-art``, the Debian sets drawn (set name -> hash of its files, ``debian_fingerprints``)."""
    base = shared_path()
    h = hashlib.sha256(generator.encode())
    for p in files:
        h.update(f"{p.relative_to(base).as_posix()}\t{p.stat().st_size}\n".encode())
    for name, digest in sorted((debian_art or {}).items()):
        h.update(f"{name}\t{digest}\n".encode())
    for name, digest in sorted((cards or {}).items()):  # the playing-card decks (--card-negatives)
        h.update(f"card deck {name}\t{digest}\n".encode())
    return h.hexdigest()[:16]


class DebianArtMissing(RuntimeError):
    """``--debian-art`` was asked for but no Debian tile set is fetched."""


def debian_fingerprints(which: str = "all") -> dict[str, str]:
    """Every fetched Debian set (``which="extra"``: the training-only ones) -> SHA-256 (first 16 hex) of its sheet
    file; refuses with what to run when none is."""
    from sikwu.datasets.scenes import debian

    files = debian.extra_set_files() if which == "extra" else {**debian.set_files(), **debian.extra_set_files()}
    if not files:
        raise DebianArtMissing(
            f"--debian-art needs the Debian tile sets and none is in {debian.tileset_dir()}: run "
            "`python -m sikwu.datasets.scenes.debian` first (it fetches them with apt-get into that cache)"
        )
    return {name: hashlib.sha256(path.read_bytes()).hexdigest()[:16] for name, path in sorted(files.items())}


def card_fingerprints() -> dict[str, str]:
    """The playing-card decks ``--card-negatives`` draws -> hashes of their sheets (``card_negatives``)."""
    from sikwu.datasets.card_negatives import fingerprints
    from sikwu.datasets.negatives import cards_dir

    return fingerprints(cards_dir())


def card_negatives_problem() -> str | None:
    """Why ``--card-negatives`` cannot run here (decks not fetched, cairosvg missing), or None."""
    from sikwu.datasets.card_negatives import CardsMissing

    try:
        card_fingerprints()
        import cairosvg  # noqa: F401
    except CardsMissing as exc:
        return str(exc)
    except ImportError:
        return "--card-negatives draws the cards with cairosvg, which is missing: pip install -e '.[train]'"
    return None


def _training_scenes(
    seed: int, per_kind: int, skipped: list[str], debian_sets: tuple[str, ...] = ()
) -> Iterator[tuple[str, SceneSample]]:
    """Scenes of every kind drawn from training art only (tile-crops less the held-out photos, the shared art sets;
    the Debian sets only when given, ``--debian-art``), with a progress bar. A scene the generator cannot lay out is
    skipped and named in ``skipped``: the others do not depend on it (each scene has its own seed)."""
    from sikwu.datasets.prepare import Progress
    from sikwu.datasets.scenes.art import CROPS, SHARED_ART_SETS, ArtFilter, FaceBank, training_excluded_crops
    from sikwu.datasets.scenes.generate import KIND_INDEX, scene_rng
    from sikwu.datasets.scenes.render import render_scene
    from sikwu.datasets.scenes.tiles import TRAIN_BACK_COLOURS

    held, _ = training_excluded_crops()
    bank = FaceBank(ArtFilter(sets=frozenset({CROPS, *SHARED_ART_SETS, *debian_sets}), exclude_crops=held))
    bar = Progress("training scenes", per_kind * len(KIND_INDEX))
    for i in range(per_kind):
        for kind in KIND_INDEX:
            bar.update(1)
            try:
                sample = render_scene(kind, bank, scene_rng(seed, kind, i), SCENE_LONG_SIDE, TRAIN_BACK_COLOURS)
            except ValueError as exc:  # a layout that does not fit this camera; report it, keep the rest
                skipped.append(f"{kind}_{i:05d}: {exc}")
                continue
            yield f"{kind}_{i:05d}", sample


def scene_folder(
    seed: int, per_kind: int, generator: str, debian_art: dict[str, str] | None = None
) -> tuple[Path, list[str]]:
    """(training scenes for both models, scenes skipped), drawn once per (seed, count, generator, Debian sets drawn)
    into ``.cache``. Each process draws into a folder of its own and the first to finish publishes it: two runs
    started together (a classifier and a detector run side by side) must not write one folder."""
    from sikwu.datasets.detector_data import cache_root
    from sikwu.datasets.scenes.generate import write

    debian_sets = tuple(sorted(debian_art or {}))
    digest = hashlib.sha256(json.dumps(debian_art, sort_keys=True).encode()).hexdigest()[:8]
    tag = f"-debian{digest}" if debian_sets else ""
    out = cache_root() / f"scenes-train-s{seed}-n{per_kind}-{SCENE_LONG_SIDE}-{generator}{tag}"
    if (out / "scenes.jsonl").is_file():
        return out, json.loads((out / "skipped.json").read_text())
    tmp = out.with_name(f"{out.name}.partial-{os.getpid()}")
    shutil.rmtree(tmp, ignore_errors=True)
    skipped: list[str] = []
    info: dict[str, object] = {"seed": seed, "per_kind": per_kind, "long_side": SCENE_LONG_SIDE, "split": "train"}
    if debian_sets:
        info["debian_art"] = list(debian_sets)
    write(tmp, _training_scenes(seed, per_kind, skipped, debian_sets), info)
    (tmp / "skipped.json").write_text(json.dumps(skipped, indent=1))
    try:
        tmp.rename(out)
    except OSError:  # another run published the same scenes first: the draw is deterministic, keep theirs
        shutil.rmtree(tmp, ignore_errors=True)
    return out, skipped


def add_arguments(p: argparse.ArgumentParser) -> None:
    from sikwu.datasets import hard_negatives, train
    from sikwu.datasets.detector_net import HEADS

    p.add_argument("--out", type=Path, default=DEFAULT_OUT, help=f"folder for both models and {RECORD_NAME}")
    p.add_argument("--seed", type=int, default=0, help="seed for scenes, data order, augmentation and weights")
    p.add_argument("--threads", type=int, default=2, help="torch CPU threads (default 2; the weights depend on it)")
    p.add_argument(
        "--numerics", choices=NUMERICS, default=DEFAULT_NUMERICS,
        help="training numerics: fp32, or bf16 autocast (auto: bf16 where the CPU computes it natively; the weights "
        "depend on it; datasets.numerics)",
    )  # fmt: skip
    p.add_argument(
        "--detector-steps", type=int, default=DEFAULT_DETECTOR_STEPS,
        help=f"detector steps of 16 samples (default {DEFAULT_DETECTOR_STEPS})",
    )  # fmt: skip
    p.add_argument(
        "--main-steps", type=int, default=DEFAULT_MAIN_STEPS,
        help=f"steps of 16 samples fine-tuning the general detector into the main one on real photos and own-faces "
        f"tables (default {DEFAULT_MAIN_STEPS})",
    )  # fmt: skip
    p.add_argument(
        "--detector-heads", choices=HEADS, default="full",
        help="the detector heads' first layer: full 3x3 convolutions or light depthwise ones (a seventh of the "
        "multiply-adds)",
    )  # fmt: skip
    p.add_argument(
        "--classifier-steps", type=int, default=train.DEFAULT_STEPS,
        help=f"classifier steps of {train.BATCH_SIZE} crops (default {train.DEFAULT_STEPS})",
    )  # fmt: skip
    p.add_argument(
        "--negative-scenes", type=int, default=hard_negatives.PER_KIND,
        help="fresh training-art scenes of each kind whose bare-table detector boxes the classifier learns as "
        f"not-a-tile (default {hard_negatives.PER_KIND}; 0: none)",
    )  # fmt: skip
    p.add_argument(
        "--scenes-per-kind", type=int, default=DEFAULT_SCENES_PER_KIND,
        help=f"synthetic table photos of each scene kind for the detector (default {DEFAULT_SCENES_PER_KIND})",
    )  # fmt: skip
    p.add_argument(
        "--debian-art", nargs="?", const="all", choices=("extra", "all"), default=None,
        help="also draw the scenes from the fetched Debian tile sets (python -m sikwu.datasets.scenes.debian): "
        "'extra' the training-only ones, 'all' (the default value) every one, and those then stop counting as "
        "held-out art for the models made; off by default",
    )  # fmt: skip
    p.add_argument(
        "--card-negatives", action="store_true",
        help="the classifier also learns the cards of Debian's playing-card decks that bench_cards does not "
        "measure as not-a-tile (needs cairosvg and gnome-cards-data, fetched by python -m sikwu.datasets.negatives)",
    )  # fmt: skip
    p.add_argument("--only", choices=("detector", "classifier"), default=None, help="train one of the two models")
    p.add_argument("--minutes", type=_refuse_budget, help=argparse.SUPPRESS)
    p.add_argument("--epochs", type=_refuse_budget, help=argparse.SUPPRESS)
    p.add_argument("--json", action="store_true", help="print the training record as JSON")


def _refuse_budget(value: str) -> int:
    raise argparse.ArgumentTypeError(
        "--minutes and --epochs were replaced by --detector-steps and --classifier-steps: a fixed number of steps "
        "makes the run repeatable (same seed and threads, same weights)"
    )


def train_all(args: argparse.Namespace) -> dict[str, object]:
    """The two detectors and the classifier (or ``--only`` the detectors or the classifier), then ``training.json``
    beside them; returns that record."""
    import torch
    from sikwu.datasets import numerics
    from sikwu.datasets.repeatable import make_repeatable
    from sikwu.datasets.scenes.art import training_excluded_crops
    from sikwu.datasets.scenes.census import folder_census

    t0 = time.time()
    make_repeatable(args.seed, args.threads, args.numerics)
    files, generator = training_files(), generator_version()
    debian_art = debian_fingerprints(args.debian_art) if getattr(args, "debian_art", None) else {}
    cards = card_fingerprints() if getattr(args, "card_negatives", False) else {}
    _, held_origin = training_excluded_crops()
    record: dict[str, object] = {
        "command": stages.command(), "seed": args.seed, "threads": args.threads, "numerics": numerics.current(),
        "steps": {
            "detector": args.detector_steps, "main_detector": args.main_steps, "classifier": args.classifier_steps
        },
        "negative_scenes_per_kind": args.negative_scenes,
        "scenes_per_kind": args.scenes_per_kind, "data_version": data_version(files, generator, debian_art, cards),
        "generator_version": generator, "input_files": len(files), "held_out_tile_crops": held_origin,
        "debian_art": debian_art, **({"card_negatives": cards} if cards else {}),
        "torch": torch.__version__, "python": platform.python_version(), "machine": platform.machine(),
    }  # fmt: skip
    args.out.mkdir(parents=True, exist_ok=True)
    scenes, skipped = scene_folder(args.seed, args.scenes_per_kind, generator, debian_art)
    record["scenes_skipped"] = skipped
    record["scene_boxes"] = folder_census(scenes)  # faces, backs and blanks per scene kind (datasets.scenes.census)
    durations = {"scenes": round(time.time() - t0, 1)}
    if args.only in (None, "detector"):
        t1 = time.time()
        record["general_detector"] = stages.train_general(args, scenes, sorted(debian_art))
        durations["general_detector"] = round(time.time() - t1, 1)
        t1 = time.time()
        record["detector"] = stages.train_main(args, sorted(debian_art))
        durations["detector"] = round(time.time() - t1, 1)
    if args.only in (None, "classifier"):
        t1 = time.time()
        record["classifier"] = stages.train_classifier(args, scenes, sorted(debian_art), generator)
        durations["classifier"] = round(time.time() - t1, 1)
    record["durations_seconds"] = {**durations, "total": round(time.time() - t0, 1)}
    (args.out / RECORD_NAME).write_text(json.dumps(record, indent=2) + "\n")
    return record


def run(args: argparse.Namespace) -> int:
    from sikwu.datasets import hard_negatives, train

    problem = train.training_error(args.threads, min(args.detector_steps, args.main_steps, args.classifier_steps))
    if problem is None and args.negative_scenes < 0:
        problem = "--negative-scenes must be 0 (no hard negatives) or more"
    if problem is None and args.negative_scenes and args.only == "classifier":
        problem = hard_negatives.missing_detector()
    if problem is None and args.scenes_per_kind < 1:
        problem = "--scenes-per-kind must be at least 1"
    if problem is None and getattr(args, "debian_art", None):
        try:
            debian_fingerprints(args.debian_art)
        except DebianArtMissing as exc:
            problem = str(exc)
    if problem is None and getattr(args, "card_negatives", False):
        problem = card_negatives_problem()
    if problem:
        print(f"error: {problem}", file=sys.stderr)
        return 2
    record = train_all(args)
    if args.json:
        print(json.dumps(record, indent=2))
    else:
        took = record["durations_seconds"]["total"]  # type: ignore[index]
        print(f"wrote {args.out} (data version {record['data_version']}, seed {args.seed}) in {took / 60:.1f} min")
    return 0


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """``sikwu train``'s options from ``argv`` (the command line when None)."""
    p = argparse.ArgumentParser(prog="python -m sikwu.datasets.train_all", description=(__doc__ or "").splitlines()[0])
    add_arguments(p)
    return p.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    return run(parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
