"""``sikwu league new|player|merge|session|round|show|settle|code``: run a league from the terminal, ``--json`` each.

The organiser's password is read from ``--password`` or, better (it stays out of the shell history), from the
``SIKWU_LEAGUE_PASSWORD`` environment variable.  Bad input -- an unknown league or person, a wrong password, too
many wrong attempts, a number of players that is not a multiple of four -- prints one line and exits 2.
"""

from __future__ import annotations

import argparse
import json
import os
from typing import Any

from sikwu.ledger import access, league, league_views, service
from sikwu.ledger.cli import _fail, _write
from sikwu.ledger.errors import LedgerError
from sikwu.ledger.league_args import PASSWORD_ENV
from sikwu.scoring import ScoringError


def _pw(args: argparse.Namespace) -> str | None:
    return args.password or os.environ.get(PASSWORD_ENV) or None


def _out(args: argparse.Namespace, data: Any, plain: str) -> int:
    return _write(json.dumps(data, ensure_ascii=False, indent=2, default=str) if args.json else plain)


def run_new(args: argparse.Namespace) -> int:
    league_id, code = league.create_league(args.name, _pw(args) or "", profile=args.profile, stake=args.stake,
                                           currency=args.currency, byes=args.byes, url=args.db)  # fmt: skip
    link = access.join_link(args.base_url, code)
    return _out(args, {"id": league_id, "join_code": code, "link": link},
                f"new league {league_id}\nread-only link for the players: {link}")  # fmt: skip


def run_player(args: argparse.Namespace) -> int:
    row = league.add_person(args.league, args.name, args.alias or (), password=_pw(args), url=args.db)
    return _out(args, row, f"registered {row['name']} ({', '.join(row['spellings'])})")


def run_merge(args: argparse.Namespace) -> int:
    row = league.merge_people(args.league, args.keep, args.merge, password=_pw(args), url=args.db)
    return _out(args, row, f"merged: {row['name']} ({', '.join(row['spellings'])})")


def run_session(args: argparse.Namespace) -> int:
    seq = league.new_session(args.league, args.name, password=_pw(args), url=args.db)
    return _out(args, {"session": seq}, f"session {seq} started")


def run_round(args: argparse.Namespace) -> int:
    drawn = league.draw_round(args.league, args.players, password=_pw(args), seed=args.seed, url=args.db)
    lines = [f"session {drawn['session']}, round {drawn['round']} ({drawn['round_wind']} wind), seed {drawn['seed']}, "
             f"{drawn['repeat_pairs']} pairs meet again"]  # fmt: skip
    lines += [f"  table {t['table']}: {', '.join(t['players'])}  PIN {t['pin']}  game {t['game_id'][:8]}"
              for t in drawn["tables"]]  # fmt: skip
    if drawn["byes"]:
        lines.append(f"  sitting out (bye, 0 points): {', '.join(drawn['byes'])}")
    return _out(args, drawn, "\n".join(lines))


def run_show(args: argparse.Namespace) -> int:
    data = {**league_views.overview(args.league, url=args.db),
            "standings": league_views.standings(args.league, session=args.session, url=args.db)}  # fmt: skip
    lines = [f"{data['name']} ({data['profile']}, stake {data['stake']}) -- {len(data['people'])} people"]
    for r in data["standings"]["rounds"]:
        ranks = ", ".join(f"{x['rank']}. {x['player']} {x['points']:+d}" for x in r["standings"])
        bye = f" (sat out: {', '.join(r['byes'])})" if r["byes"] else ""
        lines.append(f"after session {r['session']} round {r['round']}{bye}: {ranks}")
    return _out(args, data, "\n".join(lines))


def run_settle(args: argparse.Namespace) -> int:
    st = league_views.settlement(args.league, session=args.session, url=args.db)
    lines = [f"  {t['from']} pays {t['to']} {t['amount']}" for t in st["transfers"]] or ["  nobody owes"]
    return _out(args, st, "\n".join(["league settlement:", *lines]))


def run_code(args: argparse.Namespace) -> int:
    ledger_ = service.open_ledger(args.db)
    with ledger_.transaction() as s:
        league_id = league.resolve_league(s, args.league).id
    code = ledger_.join_code("league", league_id, _pw(args))
    link = access.join_link(args.base_url, code)
    if args.qr:
        with open(args.qr, "wb") as fh:
            fh.write(access.qr_png(link))
    return _out(
        args, {"join_code": code, "link": link, "qr": args.qr}, link + (f"\nQR code: {args.qr}" if args.qr else "")
    )


def _guard(handler: Any) -> Any:
    def run(args: argparse.Namespace) -> int:
        try:
            return int(handler(args) or 0)
        except (LedgerError, ScoringError, OSError) as exc:
            return _fail(str(exc))

    return run
