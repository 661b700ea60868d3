"""The argument parser of ``sikwu game`` (kept apart from the handlers in :mod:`sikwu.ledger.cli`)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from sikwu.ledger import league_args
from sikwu.scoring.cli import add_history_options


def _game_handler(name: str) -> Callable[[argparse.Namespace], int]:
    """``sikwu.ledger.cli.<name>``, imported when the command runs: the ledger's SQLAlchemy, Alembic and platformdirs
    load only for ``sikwu game``, so ``sikwu score`` starts (and runs) without them."""

    def run(args: argparse.Namespace) -> int:
        from sikwu.ledger import cli  # the database stack: only when a game command runs

        return int(cli._guard(getattr(cli, name))(args))

    return run


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--db", metavar="URL|FILE", help="ledger database (default: $SIKWU_DATABASE_URL or user data dir)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--device", default="cli", help="device token recorded with the change (default: cli)")
    p.add_argument("--pin", default=None, help="the game's PIN (new: protect the game with it; else: to change it)")


def _hand_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("hand", nargs="*", help="winner's concealed tiles incl. the winning tile, e.g. '123m 456p 77z'")
    p.add_argument("--winner", metavar="NAME", help="who won (name or table position 1-4)")
    p.add_argument("--discarder", metavar="NAME", help="who discarded the winning tile (omit for a self-draw)")
    p.add_argument("--melds", nargs="+", metavar="KIND:TILES[@S]", help="as for sikwu score; @S = feeder's seat wind")
    p.add_argument("--bonus", nargs="+", metavar="TILES", help="flowers/seasons, e.g. 1f 6f")
    p.add_argument("--winning", metavar="TILE", help="the winning tile (default: last tile)")
    p.add_argument("--self-drawn", action="store_true", help="won on a self-drawn tile")
    p.add_argument("--event", action="append", metavar="NAME", help="kong_replacement, robbing_kong, ...")
    p.add_argument("--json-in", metavar="FILE", help="hand JSON (or a list of {winner, hand} for simultaneous wins)")
    add_history_options(p)  # the same words as sikwu score
    p.add_argument("--false-mahjong", nargs="+", metavar="NAME", help="record a false mahjong by these players")
    p.add_argument("--note", default="", help="a note kept with the hand")


def register(subparsers: Any) -> None:
    """Add ``game`` with its subcommands to the ``sikwu`` parser."""
    game = subparsers.add_parser("game", help="keep a whole game's ledger: totals, dealer, undo, settlement")
    sub = game.add_subparsers(dest="game_command", metavar="ACTION", required=True)

    handlers = _entry_commands(sub)
    handlers.update(_other_commands(sub))
    for name, parser in sub.choices.items():
        _common(parser)
        parser.set_defaults(handler=_game_handler(handlers[name]))

    league_args.register(subparsers)  # ``sikwu league ...`` lives beside ``sikwu game ...``


def _entry_commands(sub: Any) -> dict[str, str]:
    """new, add, draw, edit: the commands that write hands."""
    p = sub.add_parser("new", help="start a game: four players in seat order, East first")
    p.add_argument("players", nargs=4, metavar="NAME")
    p.add_argument("--profile", default="sparrows-nest", help="built-in profile or a house-rule .toml")
    p.add_argument("--rules", metavar="FILE", help="ledger rules file (dealer repeat, rounds, simultaneous wins)")
    p.add_argument("--stake", default="1", help="money per point, exact decimal (default 1)")
    p.add_argument("--quantum", default="0.01", help="smallest money unit for the final settlement (default 0.01)")
    p.add_argument("--currency", default="", help="currency label, e.g. HKD")
    p.add_argument("--name", default="", help="a name for the game")
    handlers = {"new": "run_new"}

    p = sub.add_parser("add", help="record a win (or --false-mahjong)")
    p.add_argument("game", help="game id (or a unique prefix, or its name)")
    _hand_options(p)
    p.add_argument("--photo", metavar="FILE", help="keep a thumbnail of this photo with the hand")
    handlers["add"] = "run_add"

    p = sub.add_parser("draw", help="record a draw game (no winner)")
    p.add_argument("game")
    p.add_argument("--note", default="")
    p.set_defaults(false_mahjong=None)
    handlers["draw"] = "run_draw"

    p = sub.add_parser("edit", help="replace a past hand; everything after it is recomputed")
    p.add_argument("game")
    p.add_argument("hand_no", type=int, metavar="HAND")
    p.add_argument("--version", type=int, required=True, metavar="V", help="the hand's version you are editing")
    p.add_argument("--draw", action="store_true", help="the hand was a draw game")
    _hand_options(p)
    handlers["edit"] = "run_edit"
    return handlers


def _other_commands(sub: Any) -> dict[str, str]:
    """show, undo, export, import, delete-photo."""
    handlers = {}
    p = sub.add_parser("show", help="list games, or show one: history, totals, settlement, statistics")
    p.add_argument("game", nargs="?")
    p.add_argument("--picture", metavar="OUT.png", help="also write the night's summary card (PNG) to this file")
    p.add_argument("--league", help="list this league's games (on a server: needs the organiser password)")
    p.add_argument("--password", help="organiser password for --league (better: $SIKWU_LEAGUE_PASSWORD)")
    handlers["show"] = "run_show"

    p = sub.add_parser("undo", help="undo the last hand (or --hand N); later hands are recomputed")
    p.add_argument("game")
    p.add_argument("--hand", type=int, metavar="N", help="hand number (default: the last one)")
    p.add_argument("--version", type=int, metavar="V", help="the hand's version you saw (refused if it changed)")
    handlers["undo"] = "run_undo"

    p = sub.add_parser("export", help="export a game as JSON (complete) or CSV")
    p.add_argument("game")
    p.add_argument("--format", choices=("json", "csv"), default="json")
    p.add_argument("--no-thumbnails", action="store_true", help="leave photos out of the JSON")
    p.add_argument("-o", "--output", metavar="FILE")
    handlers["export"] = "run_export"

    p = sub.add_parser("import", help="import a game exported as JSON (identical ids, versions, audit)")
    p.add_argument("file", help="export file (- = stdin)")
    p.add_argument("--no-thumbnails", action="store_true", help="import without the photos")
    handlers["import"] = "run_import"

    p = sub.add_parser("delete-photo", help="delete the thumbnail kept with a hand")
    p.add_argument("game")
    p.add_argument("hand", type=int)
    handlers["delete-photo"] = "run_delete_photo"
    return handlers
