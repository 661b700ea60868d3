"""``sikwu train`` and ``sikwu evaluate``: make both models and measure them (torch only for training)."""

from __future__ import annotations

import argparse


def register(subparsers: argparse._SubParsersAction) -> None:
    from sikwu.datasets import evaluate, train_all

    t = subparsers.add_parser(
        "train", help="train the tile detector and classifier from scratch on this CPU (fixed steps, repeatable)",
        description="Draw training scenes and crops (cached in .cache), train the detector then the classifier for a "
        "fixed number of steps with progress bars, export both ONNX models and training.json (command, seed, "
        "threads, steps, data version, durations) to --out. Needs the 'train' extra and ../shared.",
    )  # fmt: skip
    train_all.add_arguments(t)
    t.set_defaults(handler=train_all.run)
    e = subparsers.add_parser(
        "evaluate", help="measure the tile classifier (accuracy per set and class, confusions, speed)",
        description="Accuracy on hk-photos/valid crops, held-out tile-crops and the project's rendered faces; "
        "writes models/confusion.png and prints a speed benchmark.",
    )  # fmt: skip
    evaluate.add_arguments(e)
    e.set_defaults(handler=evaluate.run)
