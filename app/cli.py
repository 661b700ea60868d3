"""The ``sikwu`` console script: one entry point whose subcommands live beside the code they drive.

Each subcommand module exposes ``register(subparsers)`` and keeps its heavy imports (OpenCV, onnxruntime,
Streamlit, torch) inside the handler, so ``sikwu score`` starts fast and works without the vision stack.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

#: Modules that contribute subcommands, in the order ``sikwu --help`` lists them.
SUBCOMMAND_MODULES: tuple[str, ...] = (
    "scoring.cli",  # score, profiles
    "vision.classify_cli",  # classify
    "vision.recognize_cli",  # recognize
    "datasets.cli",  # train, evaluate
    "app.launch",  # app
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="sikwu",
        description="Score a Hong Kong mahjong hand from a photo or from notation.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in SUBCOMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:  # that part of the product is not built yet
                continue
            raise
        module.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "handler", None):
        parser.print_help()
        return 2
    return int(args.handler(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
