"""The three trainings ``sikwu train`` runs (``train_all``), one function each: the general detector, the main
detector fine-tuned from it, and the classifier with its calibration, each written into the run's output folder.

Why apart from ``train_all``: that module decides what a run reads and records (inputs, data version, scenes,
``training.json``); these say how each model is made from them.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sikwu.datasets.hard_negatives import Detectors

GENERAL_NAME, MAIN_NAME, CLASSIFIER_NAME = "tile_detector_general.onnx", "tile_detector.onnx", "tile_classifier.onnx"


def model_extra(debian_sets: list[str]) -> dict[str, object]:
    """What every model's metadata carries about this run; ``debian_art`` only when used (a default run's bytes)."""
    from sikwu.datasets.scenes.art import DEBIAN_ART_KEY

    return {"command": command(), **({DEBIAN_ART_KEY: ",".join(debian_sets)} if debian_sets else {})}


def train_general(args: argparse.Namespace, scenes: Path, debian_sets: list[str]) -> dict[str, object]:
    """The general detector, from scratch on every training scene kind, hk-photos/train and own-faces tables."""
    from sikwu.datasets import train_detector

    t0 = time.time()
    data = train_detector.load_data(args.seed, scene_dirs=(scenes,))
    prep = time.time() - t0
    extra = model_extra(debian_sets)
    recipe = train_detector.Recipe(heads=args.detector_heads)
    general = args.out / GENERAL_NAME
    summary = train_detector.train(data, args.detector_steps, args.seed, general, recipe, extra=extra)
    return {**summary, "prep_seconds": round(prep, 1), "scene_folder": scenes.name}


def train_main(args: argparse.Namespace, debian_sets: list[str]) -> dict[str, object]:
    """The main detector: the general one just made, fine-tuned on real photos and own-faces tables only
    (``train_detector.MAIN_RECIPE``), so that recognition's two detectors come from one run."""
    from sikwu.datasets import train_detector

    data = train_detector.load_data(args.seed)
    recipe = train_detector.MAIN_RECIPE.with_heads(args.detector_heads)
    init = args.out / GENERAL_NAME
    return train_detector.train(
        data, args.main_steps, args.seed, args.out / MAIN_NAME, recipe, init=init, extra=model_extra(debian_sets)
    )


def mining_detectors(args: argparse.Namespace) -> Detectors:
    """The detectors the classifier's hard negatives are mined with: the pair this run makes, when it makes them."""
    from sikwu.datasets import hard_negatives

    if args.only == "classifier":
        return hard_negatives.shipped_detectors()
    return hard_negatives.Detectors(args.out / MAIN_NAME, args.out / GENERAL_NAME)


def train_classifier(
    args: argparse.Namespace, scenes: Path, debian_sets: list[str], generator: str
) -> dict[str, object]:
    """The classifier, from scratch on the prepared crops plus the scenes' crops and the hard negatives (and, when
    asked, playing cards), stored in int8 and calibrated beside it. ``generator``: the run's generator version
    (``train_all.generator_version``, read once when the run starts), which names the cached hard negatives."""
    import numpy as np
    from sikwu.datasets import hard_negatives, train
    from sikwu.datasets.prepare import CACHE_SIZE
    from sikwu.datasets.quantize import replace_with_int8
    from sikwu.datasets.scene_crops import scene_crops
    from sikwu.vision.labels import NOT_A_TILE

    more: dict[str, tuple[np.ndarray, list[str]]] = {"synthetic scenes": scene_crops(scenes)}
    detectors = mining_detectors(args)
    if args.negative_scenes:
        negatives = hard_negatives.cached_negatives(args.seed, args.negative_scenes, generator, CACHE_SIZE, detectors)
        more["hard negatives"] = (negatives, [NOT_A_TILE] * len(negatives))
    if getattr(args, "card_negatives", False):
        from sikwu.datasets import synth
        from sikwu.datasets.card_negatives import BLANKS, cached_cards
        from sikwu.datasets.negatives import cards_dir

        cards = cached_cards(cards_dir(), CACHE_SIZE, args.seed)
        more["playing cards"] = (cards, [NOT_A_TILE] * len(cards))
        more["blank white dragons laid as tiles"] = synth.blank_tile_crops(len(cards), CACHE_SIZE, args.seed + BLANKS)
    summary = train.train(
        args.classifier_steps, args.seed, out=args.out / CLASSIFIER_NAME,
        extra={**model_extra(debian_sets), "threads": args.threads}, more_crops=more,
    )  # fmt: skip
    summary.pop("history", None)
    if args.negative_scenes:  # the crops depend on the detectors mined with: name them
        summary["hard_negatives_digest"] = hard_negatives.detectors_digest(detectors)
    summary["quantized"] = replace_with_int8(args.out / CLASSIFIER_NAME)  # the float one stays beside it
    summary["calibration"] = calibrate_beside(args.out / CLASSIFIER_NAME, args.seed)
    return summary


def calibrate_beside(model: Path, seed: int) -> dict[str, object]:
    """Fit the new classifier's calibration and known-face centroids beside it (``calibrate``), so the folder holds
    all recognition reads; returns the fitted values and the report part's figures for ``training.json``."""
    from sikwu.datasets import calibrate

    out = calibrate.run_calibration(write=True, model=model, seed=seed)
    report = out["report"]
    assert isinstance(report, dict)
    keep = ("accuracy", "ece_calibrated", "real_tiles_called_unknown", "n")
    return {"fitted": out["calibration"], "report_part": {k: report[k] for k in keep}}


def command() -> str:
    """The command line as typed, for the record and the models' metadata."""
    return "sikwu train " + " ".join(sys.argv[2:] if sys.argv[1:2] == ["train"] else sys.argv[1:])
