"""The ``sikwu league`` parser: arguments only, so ``sikwu score`` never loads the database stack."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

PASSWORD_ENV = "SIKWU_LEAGUE_PASSWORD"


def _league_handler(name: str) -> Callable[[argparse.Namespace], int]:
    """``sikwu.ledger.league_cli.<name>``, imported when the command runs (SQLAlchemy, Alembic: only then)."""

    def run(args: argparse.Namespace) -> int:
        from sikwu.ledger import league_cli  # the database stack: only when a league command runs

        return int(league_cli._guard(getattr(league_cli, name))(args))

    return run


def register(subparsers: Any) -> None:
    """Add ``league`` with its subcommands to the ``sikwu`` parser."""
    top = subparsers.add_parser("league", help="run a league: registry, rounds drawn per table, standings")
    sub = top.add_subparsers(dest="league_command", metavar="ACTION", required=True)
    handlers: dict[str, str] = {}
    p = sub.add_parser("new", help="create a league (organiser password from --password or $SIKWU_LEAGUE_PASSWORD)")
    p.add_argument("name")
    p.add_argument("--profile", default="sparrows-nest")
    p.add_argument("--stake", default="1")
    p.add_argument("--currency", default="")
    p.add_argument(
        "--byes", choices=("rotate", "refuse"), default="rotate",
        help="players beyond a multiple of 4: sit out in turn (rotate, 0 points) or refuse the round",
    )  # fmt: skip
    handlers["new"] = "run_new"
    p = sub.add_parser("player", help="register a person with other spellings of the name")
    p.add_argument("league")
    p.add_argument("name")
    p.add_argument("--alias", action="append", metavar="SPELLING")
    handlers["player"] = "run_player"
    p = sub.add_parser("merge", help="two registry entries are one person: keep the first")
    p.add_argument("league")
    p.add_argument("keep")
    p.add_argument("merge")
    handlers["merge"] = "run_merge"
    p = sub.add_parser("session", help="start a session (a night of up to four rounds)")
    p.add_argument("league")
    p.add_argument("--name", default="")
    handlers["session"] = "run_session"
    p = sub.add_parser("round", help="draw the next round's tables from the players present")
    p.add_argument("league")
    p.add_argument("players", nargs="+", metavar="NAME")
    p.add_argument("--seed", type=int, help="the shuffle's seed (default: random; printed so the draw can be checked)")
    handlers["round"] = "run_round"
    for name, helptext in (("show", "tables and standings after each round"), ("settle", "who pays whom")):
        p = sub.add_parser(name, help=helptext)
        p.add_argument("league")
        p.add_argument("--session", type=int, help="only this session (default: the whole league)")
        handlers[name] = "run_show" if name == "show" else "run_settle"
    p = sub.add_parser("code", help="the read-only link (and a QR code PNG with --qr FILE)")
    p.add_argument("league")
    p.add_argument("--qr", metavar="FILE.png")
    handlers["code"] = "run_code"
    for name, parser in sub.choices.items():
        parser.add_argument("--db", metavar="URL|FILE", help="database (default: $SIKWU_DATABASE_URL or user data dir)")
        parser.add_argument("--json", action="store_true", help="print JSON")
        parser.add_argument("--password", help=f"organiser password (better: ${PASSWORD_ENV})")
        parser.add_argument("--base-url", default="http://localhost:8501", help="the page's address, for links")
        parser.set_defaults(handler=_league_handler(handlers[name]))
