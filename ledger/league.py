"""A league on one database: a registry of people, sessions of rounds, tables drawn per round, every table a game.

Sparrow's Nest (``sparrows-nest-hk-league-rules.md``, Game Setup): "All 4 Rounds (East, South, West & North)" and
"Shuffle players between tables each round".  So a session plays up to four rounds; in round *r* every table plays
the *r*-th round wind only (a game with ``game.first_round = r - 1`` and ``game.rounds = 1``), and before each round
the people present are shuffled onto tables afresh: a seeded random shuffle (the seed is stored with the draw, so
it can be checked), and of :data:`CANDIDATES` shuffles the one that seats the fewest pairs who already shared a
table this session.  Seats at a table are the shuffled order (the first deals first).

People have one name and any number of spellings (阿明, Ah Ming, ah ming): a typed name is matched casefolded with
spaces squeezed, and the organiser merges two entries that turn out to be one person.  Everything that changes the
league needs the organiser's password; every table gets its own random PIN for the phones at that table (the
organiser's password works at every table too).  Standings and the league settlement are in
:mod:`sikwu.ledger.league_views`.

Byes: the Sparrow's Nest rules say nothing about a number of players that is not a multiple of four, so it is the
league's setting ``byes``: ``rotate`` (the default, as clubs commonly do) -- the players beyond a multiple of four
sit out the round, chosen among those present with the fewest byes so far in the league (ties by the seeded
shuffle), so nobody sits out twice before everyone present has sat out once; a bye scores 0 points that round --
or ``refuse`` (a round needs a multiple of four players).
"""

from __future__ import annotations

import random
import secrets
import uuid
from collections.abc import Iterable, Sequence
from itertools import combinations
from typing import Any, Final

from sikwu.ledger import access, service
from sikwu.ledger.errors import LedgerError, PlayerError
from sikwu.ledger.frozen import freeze_profile
from sikwu.ledger.league_models import Alias, League, LeagueBye, LeagueSession, LeagueTable, Person
from sikwu.ledger.money import parse_decimal
from sikwu.ledger.settings import builtin_rules_for, rules_from_data
from sikwu.ledger.store import insert_game, now
from sqlalchemy import func, select
from sqlalchemy.orm import Session

CANDIDATES: Final = 200
RULE_SOURCE: Final = "sparrows-nest-hk-league-rules.md, Game Setup: 'Shuffle players between tables each round'"
WINDS: Final = ("East", "South", "West", "North")
BYES: Final = ("rotate", "refuse")
BYE_RULE: Final = (
    "the league rules are silent on byes; league setting 'rotate': the fewest byes so far sit out, 0 points"
)


class LeagueError(LedgerError):
    """A league request that cannot be carried out (unknown league or person, bad number of players, ...)."""


def name_key(name: str) -> str:
    return " ".join(str(name).split()).casefold()


def create_league(name: str, password: str, *, profile: str = "sparrows-nest", stake: str = "1",
                  currency: str = "", byes: str = "rotate", url: str | None = None) -> tuple[str, str]:  # fmt: skip
    """A new league protected by the organiser's password; returns (league id, join code)."""
    freeze_profile(profile)  # a bad profile fails now, not at the first draw
    if not name.strip():
        raise LeagueError("give the league a name")
    if byes not in BYES:
        raise LeagueError(f"byes must be one of {', '.join(BYES)} (rotate: extra players sit out in turn)")
    league = League(id=str(uuid.uuid4()), name=name.strip()[:200], profile=profile, currency=currency.strip()[:16],
                    stake=str(parse_decimal(stake, "stake")), created_at=now(), byes=byes)  # fmt: skip
    with service.open_ledger(url).transaction() as s:
        s.add(league)
        s.flush()
        code = access.protect(s, "league", league.id, password)
    return league.id, code


def resolve_league(s: Session, ref: str) -> League:
    rows = s.scalars(select(League).where((League.id == ref) | (League.id.startswith(ref)) | (League.name == ref)))
    found = list(rows)
    if len(found) != 1:
        raise LeagueError(f"no single league {ref!r} in this database; give its id or exact name")
    return found[0]


def person(s: Session, league_id: str, name: str) -> Person:
    """The person a typed name or spelling stands for."""
    found = s.scalar(select(Person).join(Alias).where(Alias.league_id == league_id, Alias.key == name_key(name)))
    if found is None:
        raise PlayerError(f"nobody called {name!r} is registered in this league; add them with: sikwu league player")
    return found


def _organiser(ref: str, password: str | None, url: str | None) -> tuple[Any, str]:
    ledger = service.open_ledger(url)
    with ledger.transaction() as s:
        league_id = resolve_league(s, ref).id
    ledger.authorize("league", league_id, password)
    return ledger, league_id


def add_person(league: str, name: str, aliases: Iterable[str] = (), *, password: str | None,
               url: str | None = None) -> dict[str, Any]:  # fmt: skip
    """Register a person under a name and other spellings of it."""
    ledger, league_id = _organiser(league, password, url)
    spellings = [n.strip() for n in (name, *aliases) if n and n.strip()]
    if not spellings or any(len(n) > 100 or n.isdigit() for n in spellings):
        raise PlayerError("a person needs a name of 1 to 100 characters, not only digits")
    with ledger.transaction() as s:
        for spelling in spellings:
            taken = s.scalar(select(Alias).where(Alias.league_id == league_id, Alias.key == name_key(spelling)))
            if taken is not None:
                raise PlayerError(f"{spelling!r} already names someone in this league; merge them if they are one")
        row = Person(league_id=league_id, name=spellings[0])
        s.add(row)
        s.flush()
        s.add_all(Alias(league_id=league_id, person_id=row.id, spelling=n, key=name_key(n)) for n in spellings)
        return {"id": row.id, "name": row.name, "spellings": spellings}


def merge_people(league: str, keep: str, merge: str, *, password: str | None, url: str | None = None) -> dict[str, Any]:
    """The organiser says two registry entries are one person: ``merge``'s spellings and tables move to ``keep``."""
    ledger, league_id = _organiser(league, password, url)
    with ledger.transaction() as s:
        kept, gone = person(s, league_id, keep), person(s, league_id, merge)
        if kept.id == gone.id:
            raise LeagueError(f"{keep!r} and {merge!r} are already the same person")
        tables = s.scalars(select(LeagueTable).join(LeagueSession).where(LeagueSession.league_id == league_id))
        for table in tables:
            if kept.id in table.seats and gone.id in table.seats:
                raise LeagueError(f"{kept.name} and {gone.name} sat at the same table (round {table.round_no}, table "
                                  f"{table.table_no}): they are two people; not merged")  # fmt: skip
            if gone.id in table.seats:
                table.seats = [kept.id if p == gone.id else p for p in table.seats]
        for alias in s.scalars(select(Alias).where(Alias.person_id == gone.id)):
            alias.person_id = kept.id
        for bye in s.scalars(select(LeagueBye).where(LeagueBye.person_id == gone.id)):
            bye.person_id = kept.id
        s.flush()
        s.delete(gone)
        spellings = s.scalars(select(Alias.spelling).where(Alias.person_id == kept.id).order_by(Alias.id)).all()
        return {"id": kept.id, "name": kept.name, "spellings": list(spellings)}


def new_session(league: str, name: str = "", *, password: str | None, url: str | None = None) -> int:
    """Start a session (a night of up to four rounds); returns its number."""
    ledger, league_id = _organiser(league, password, url)
    with ledger.transaction() as s:
        seq = (s.scalar(select(func.max(LeagueSession.seq)).where(LeagueSession.league_id == league_id)) or 0) + 1
        s.add(LeagueSession(league_id=league_id, seq=seq, name=name.strip() or f"session {seq}", created_at=now()))
    return seq


def _met_before(s: Session, session_id: int) -> set[frozenset[int]]:
    met: set[frozenset[int]] = set()
    for seats in s.scalars(select(LeagueTable.seats).where(LeagueTable.session_id == session_id)):
        met.update(frozenset(pair) for pair in combinations(seats, 2))
    return met


def shuffle_tables(people: Sequence[int], met: set[frozenset[int]], seed: int) -> tuple[list[list[int]], int]:
    """Tables of four from a seeded shuffle: of CANDIDATES shuffles, the one with the fewest pairs meeting again."""
    rng = random.Random(seed)
    best: tuple[int, list[list[int]]] | None = None
    for _ in range(CANDIDATES):
        order = list(people)
        rng.shuffle(order)
        tables = [order[i : i + 4] for i in range(0, len(order), 4)]
        repeats = sum(frozenset(p) in met for t in tables for p in combinations(t, 2))
        if best is None or repeats < best[0]:
            best = (repeats, tables)
        if repeats == 0:
            break
    assert best is not None
    return best[1], best[0]


def pick_byes(people: Sequence[int], byes_so_far: dict[int, int], seed: int) -> list[int]:
    """The ``len(people) % 4`` people who sit out: the fewest byes so far, ties broken by a seeded shuffle."""
    order = list(people)
    random.Random(seed ^ 0x5EED).shuffle(order)
    order.sort(key=lambda p: byes_so_far.get(p, 0))  # stable: the shuffle breaks ties
    return sorted(order[: len(order) % 4])


def _byes_so_far(s: Session, league_id: str) -> dict[int, int]:
    rows = s.execute(
        select(LeagueBye.person_id, func.count()).join(LeagueSession).where(LeagueSession.league_id == league_id)
        .group_by(LeagueBye.person_id)
    ).all()  # fmt: skip
    return {int(pid): int(n) for pid, n in rows}


def _present(s: Session, lg: League, present: Sequence[str]) -> list[Person]:
    people = [person(s, lg.id, n) for n in present]
    if len({p.id for p in people}) != len(people):
        raise PlayerError("someone is listed twice among the players present (two spellings of one person?)")
    if len(people) < 4:
        raise LeagueError(f"{len(people)} players present; a table needs 4 (add players)")
    if lg.byes == "refuse" and len(people) % 4:
        raise LeagueError(f"{len(people)} players present; tables need a multiple of 4 (add or remove players, "
                          "or create the league with byes=rotate)")  # fmt: skip
    return people


def draw_round(league: str, present: Sequence[str], *, password: str | None, seed: int | None = None,
               url: str | None = None) -> dict[str, Any]:  # fmt: skip
    """Draw the next round of the current session: tables of four, a game per table, a PIN per table, and the
    players beyond a multiple of four sitting out in rotation (league setting ``byes``)."""
    ledger, league_id = _organiser(league, password, url)
    seed = secrets.randbits(63) if seed is None else seed
    with ledger.transaction() as s:
        lg = s.get(League, league_id)
        assert lg is not None
        sess = s.scalar(select(LeagueSession).where(LeagueSession.league_id == league_id)
                        .order_by(LeagueSession.seq.desc()).limit(1))  # fmt: skip
        if sess is None:
            raise LeagueError("start a session first: sikwu league session LEAGUE")
        round_no = (s.scalar(select(func.max(LeagueTable.round_no)).where(LeagueTable.session_id == sess.id)) or 0) + 1
        if round_no > 4:
            raise LeagueError("this session has played all 4 rounds; start a new session")
        people = _present(s, lg, present)
        names = {p.id: p.name for p in people}
        out_ids = pick_byes(list(names), _byes_so_far(s, league_id), seed)
        s.add_all(LeagueBye(session_id=sess.id, round_no=round_no, person_id=p) for p in out_ids)
        playing = [p for p in names if p not in out_ids]
        tables, repeats = shuffle_tables(playing, _met_before(s, sess.id), seed)
        out = _seat_tables(s, lg, sess, round_no, tables, names, {"seed": seed, "repeat_pairs": repeats,
                           "rule": RULE_SOURCE, "byes": out_ids})  # fmt: skip
    return {"session": sess.seq, "round": round_no, "round_wind": WINDS[round_no - 1], "seed": seed,
            "repeat_pairs": repeats, "rule": RULE_SOURCE, "tables": out, "byes": [names[p] for p in out_ids],
            "bye_rule": BYE_RULE if out_ids else ""}  # fmt: skip


def _seat_tables(s: Session, lg: League, sess: LeagueSession, round_no: int, tables: list[list[int]],
                 names: dict[int, str], draw: dict[str, Any]) -> list[dict[str, Any]]:  # fmt: skip
    """A game with its own random PIN per drawn table, playing this round's wind only."""
    name, data = freeze_profile(lg.profile)
    base = builtin_rules_for(name, data.get("meta", {}).get("extends")).to_dict()
    base["game"] = {"rounds": 1, "first_round": round_no - 1}
    rules = rules_from_data(base, f"league {lg.name} round {round_no}")
    out = []
    for number, seats in enumerate(tables, start=1):
        pin = f"{secrets.randbelow(10**6):06d}"
        game = service.build_game(lg.profile, name=f"{lg.name} s{sess.seq} r{round_no} t{number}",
                                  stake=lg.stake, currency=lg.currency, game_rules=rules)  # fmt: skip
        insert_game(s, game, [names[p] for p in seats], "organiser", pin=pin, league_id=lg.id)
        s.add(LeagueTable(session_id=sess.id, round_no=round_no, table_no=number, game_id=game.id, seats=seats,
                          draw=draw))  # fmt: skip
        out.append({"table": number, "game_id": game.id, "players": [names[p] for p in seats], "pin": pin})
    return out
