"""``sikwu train`` and ``sikwu evaluate``: make the models and measure them (torch only for training)."""

from __future__ import annotations

import argparse


def register(subparsers: argparse._SubParsersAction) -> None:
    from sikwu.datasets import evaluate, train_all

    t = subparsers.add_parser(
        "train", help="train both tile detectors and the classifier from scratch on this CPU (fixed steps, repeatable)",
        description="Draw training scenes and crops (cached in .cache), train the general detector, fine-tune it "
        "into the main one, then train the classifier, each for a fixed number of steps with progress bars; export "
        "the three ONNX models and training.json (command, seed, "
        "threads, steps, data version, durations) to --out. Needs the 'train' extra and ../shared.",
    )  # fmt: skip
    train_all.add_arguments(t)
    t.set_defaults(handler=train_all.run)
    e = subparsers.add_parser(
        "evaluate", help="measure the tile classifier (in-distribution and held-out, calibration, unknowns, speed)",
        description="Accuracy on hk-photos/valid crops, the held-out tile-set groups and the project's rendered "
        "faces; writes models/confusion.png and prints a speed benchmark; then, apart, the held-out split "
        "(datasets/split.py): IMG_27xx and tile-set groups, calibration error, unknown rates (--heldout: only these).",
    )  # fmt: skip
    evaluate.add_arguments(e)
    e.set_defaults(handler=evaluate.run)
