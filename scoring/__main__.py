"""``python -m sikwu.scoring score ...``: the scoring subcommands without the rest of sikwu (no vision stack needed)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from sikwu.scoring import cli


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m sikwu.scoring", description="Score a Hong Kong mahjong hand.")
    cli.register(parser.add_subparsers(dest="command", metavar="COMMAND"))
    args = parser.parse_args(argv)
    if not getattr(args, "handler", None):
        parser.print_help()
        return 2
    return int(args.handler(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
