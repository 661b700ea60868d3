"""The ``sikwu`` console script: one entry point whose subcommands live beside the code they drive.

Each subcommand module exposes ``register(subparsers)`` and keeps its heavy imports (OpenCV, onnxruntime,
Streamlit, torch) inside the handler, so importing all of them here is cheap and ``sikwu score`` starts fast and
works without the vision stack.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from sikwu import classify_cli, recognize_cli, teach_cli
from sikwu.app import launch
from sikwu.datasets import cli as datasets_cli
from sikwu.ledger import cli_args as ledger_cli
from sikwu.scoring import cli as scoring_cli

#: Modules that contribute subcommands, in the order ``sikwu --help`` lists them.
SUBCOMMAND_MODULES = (scoring_cli, ledger_cli, classify_cli, recognize_cli, teach_cli, datasets_cli, launch)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="sikwu",
        description="Score a Hong Kong mahjong hand from a photo or from notation.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in SUBCOMMAND_MODULES:
        module.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "handler", None):
        parser.print_help()
        return 2
    try:
        return int(args.handler(args) or 0)
    except BrokenPipeError:
        # the reader of the output stopped early (``sikwu recognize ... | head``): not an error of sikwu's; point
        # stdout at nothing so the interpreter's final flush does not raise again (Python's signal docs, SIGPIPE)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
