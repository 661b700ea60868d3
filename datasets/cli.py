"""``sikwu train`` and ``sikwu evaluate``: build the tile classifier and measure it (torch only for training)."""

from __future__ import annotations

import argparse


def register(subparsers: argparse._SubParsersAction) -> None:
    from sikwu.datasets import evaluate, train

    t = subparsers.add_parser(
        "train", help="train the tile classifier on this CPU and export models/tile_classifier.onnx",
        description="Prepare crops (cached in .cache/classifier), train with a progress bar, export ONNX with its "
        "labels and preprocessing in the metadata. Needs the 'train' extra and ../shared.",
    )  # fmt: skip
    train.add_arguments(t)
    t.set_defaults(handler=train.run)
    e = subparsers.add_parser(
        "evaluate", help="measure the tile classifier (in-distribution and held-out, calibration, unknowns, speed)",
        description="Accuracy on hk-photos/valid crops, the held-out tile-set groups and the project's rendered "
        "faces; writes models/confusion.png and prints a speed benchmark; then, apart, the held-out split "
        "(datasets/split.py): IMG_27xx and tile-set groups, calibration error, unknown rates (--heldout: only these).",
    )  # fmt: skip
    evaluate.add_arguments(e)
    e.set_defaults(handler=evaluate.run)
