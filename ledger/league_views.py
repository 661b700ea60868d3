"""What a league looks at: its tables, standings per person after each round and overall, and the settlement.

Standings add up each person's points from the games they sat in (a table's totals, by position; a draw-game pot
still open is counted as paid back equally, as the one-table settlement does); money is points x the stake.
The league settlement pays every balance in at most n - 1 transfers for n people with a balance: the largest
debtor pays the largest creditor as much as one of them needs, so every transfer settles at least one person and
the last one settles two.  (Exact fewest transfers is a subset-sum search, fine for one table and used there, but
not for a league of dozens.)
"""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal
from typing import Any

from sikwu.ledger import access, service
from sikwu.ledger.league import LeagueError, resolve_league
from sikwu.ledger.league_models import League, LeagueBye, LeagueSession, LeagueTable, Person
from sikwu.ledger.models import Game
from sqlalchemy import select


def _tables(s: Any, league_id: str) -> list[tuple[LeagueSession, LeagueTable, Game]]:
    rows = s.execute(
        select(LeagueSession, LeagueTable, Game)
        .join(LeagueTable, LeagueTable.session_id == LeagueSession.id)
        .join(Game, Game.id == LeagueTable.game_id)
        .where(LeagueSession.league_id == league_id)
        .order_by(LeagueSession.seq, LeagueTable.round_no, LeagueTable.table_no)
    ).all()
    return [(r[0], r[1], r[2]) for r in rows]


def _byes(s: Any, league_id: str, people: dict[int, str]) -> dict[tuple[int, int], list[str]]:
    """Who sat out which (session, round)."""
    rows = s.execute(
        select(LeagueSession.seq, LeagueBye.round_no, LeagueBye.person_id).join(LeagueSession)
        .where(LeagueSession.league_id == league_id).order_by(LeagueSession.seq, LeagueBye.round_no, LeagueBye.id)
    ).all()  # fmt: skip
    out: dict[tuple[int, int], list[str]] = defaultdict(list)
    for seq, round_no, pid in rows:
        if people.get(pid, "?") not in out[(seq, round_no)]:  # two merged entries may both have sat out a round
            out[(seq, round_no)].append(people.get(pid, "?"))
    return dict(out)


def overview(league: str, *, url: str | None = None) -> dict[str, Any]:
    """The league's people, sessions and tables (game ids, players, hands, finished) -- read-only data."""
    with service.open_ledger(url).transaction() as s:
        lg = resolve_league(s, league)
        people = {p.id: p.name for p in s.scalars(select(Person).where(Person.league_id == lg.id))}
        tables = [{"session": sess.seq, "round": t.round_no, "table": t.table_no, "game_id": g.id,
                   "players": [people.get(p, "?") for p in t.seats], "hands": g.state["hands"],
                   "finished": g.state["finished"]} for sess, t, g in _tables(s, lg.id)]  # fmt: skip
        byes = [{"session": k[0], "round": k[1], "players": v} for k, v in sorted(_byes(s, lg.id, people).items())]
        return {"id": lg.id, "name": lg.name, "profile": lg.profile, "stake": lg.stake, "currency": lg.currency,
                "people": sorted(people.values()), "tables": tables, "byes": byes, "bye_setting": lg.byes}  # fmt: skip


def standings(league: str, *, session: int | None = None, url: str | None = None) -> dict[str, Any]:
    """Points per person after each round (cumulative) and overall; ``session`` limits it to one session."""
    with service.open_ledger(url).transaction() as s:
        lg = resolve_league(s, league)
        people = {p.id: p.name for p in s.scalars(select(Person).where(Person.league_id == lg.id))}
        per_round: dict[tuple[int, int], dict[str, int]] = defaultdict(lambda: defaultdict(int))
        for sess, t, g in _tables(s, lg.id):
            if session is None or sess.seq == session:
                share = int(g.state["pot"]) // 4  # a draw-game pot still open is counted as paid back (as at a table)
                for pid, points in zip(t.seats, g.state["totals"], strict=True):
                    per_round[(sess.seq, t.round_no)][people[pid]] += int(points) + share
        byes = {k: v for k, v in _byes(s, lg.id, people).items() if session is None or k[0] == session}
        for key, sitting_out in byes.items():
            for name in sitting_out:
                per_round[key][name] += 0  # a bye scores nothing that round, and the player stays in the standings
    running: dict[str, int] = defaultdict(int)
    rounds = []
    for (seq, round_no), points in sorted(per_round.items()):
        for name, value in points.items():
            running[name] += value
        rounds.append({"session": seq, "round": round_no, "points": dict(points),
                       "byes": byes.get((seq, round_no), []), "standings": _ranked(running)})  # fmt: skip
    return {"league": lg.name, "rounds": rounds, "overall": _ranked(running), "stake": lg.stake}


def _ranked(points: dict[str, int]) -> list[dict[str, Any]]:
    order = sorted(points.items(), key=lambda kv: (-kv[1], kv[0]))
    return [{"rank": i + 1, "player": name, "points": value} for i, (name, value) in enumerate(order)]


def settle_balances(balances: dict[str, Decimal]) -> list[tuple[str, str, Decimal]]:
    """Who pays whom: at most n - 1 transfers for n non-zero balances summing to zero."""
    if sum(balances.values(), Decimal(0)) != 0:
        raise LeagueError("the balances do not sum to zero; a table's totals are damaged (run sikwu game show)")
    left = {k: v for k, v in balances.items() if v}
    transfers = []
    while left:
        debtor = min(left, key=lambda k: (left[k], k))
        creditor = max(left, key=lambda k: (left[k], k))
        amount = min(-left[debtor], left[creditor])
        transfers.append((debtor, creditor, amount))
        for key, delta in ((debtor, amount), (creditor, -amount)):
            left[key] += delta
            if not left[key]:
                del left[key]
    return transfers


def settlement(league: str, *, session: int | None = None, url: str | None = None) -> dict[str, Any]:
    """Money per person (points x stake) and the transfers that settle the league (or one session)."""
    st = standings(league, session=session, url=url)
    stake = Decimal(st["stake"])
    money = {row["player"]: stake * row["points"] for row in st["overall"]}
    transfers = settle_balances(money)
    return {"money": {k: str(v) for k, v in money.items()}, "stake": st["stake"],
            "transfers": [{"from": a, "to": b, "amount": str(v)} for a, b, v in transfers]}  # fmt: skip


def league_by_code(code: str, *, client: str | None = None, url: str | None = None) -> dict[str, Any]:
    """The page's way into a league: its overview and standings, read-only, from its join code (wrong codes are
    rate-limited per ``client`` and server-wide, see :func:`sikwu.ledger.access.open_code`)."""
    kind, target = service.open_ledger(url).open_by_code(code, client)
    if kind != "league":
        raise access.AccessError("this join code opens a game, not a league; open it as a game")
    return {**overview(target, url=url), "standings": standings(target, url=url)}


def table_game_by_code(code: str, game_id: str, *, client: str | None = None, url: str | None = None):
    """A table's game, read-only, for a device holding the league's join code (and no other game)."""
    ledger = service.open_ledger(url)
    kind, target = ledger.open_by_code(code, client)
    with ledger.transaction() as s:
        owner = s.scalar(select(LeagueSession.league_id).join(LeagueTable).where(LeagueTable.game_id == game_id))
    if kind != "league" or owner != target:
        raise access.AccessError("this game is not a table of the league this code opens; ask its organiser")
    return ledger.game(game_id)


__all__ = ["League", "league_by_code", "overview", "settle_balances", "settlement", "standings", "table_game_by_code"]
