"""A league on one database: concurrent writers, injected edit conflicts, a league night replayed -- on SQLite and
on PostgreSQL 16 (started here with ``pgserver`` in a temporary folder, as the tests do).

Figures printed (and written to docs/benchmarks.md):

* ``add``: wall time of ``Ledger.add_hand`` with 1, 8 and 32 writers at once (threads, each with its own
  connection pool, as separate page processes would have), writers spread over one game per four writers; p50 and
  p95, and the ratio of the p50 to the single writer's p50 on the same backend (the peer run in this process).
  Every game is checked afterwards: no hand lost, hand numbers gap-free, totals plus pot zero.
* ``conflicts``: pairs of devices editing the same hand at the same moment from the same version (a barrier),
  each pair one injected conflict; detected = "changed meanwhile" answers.  They must be equal.
* ``league night``: 32 people, a session of four rounds, each round 8 tables drawn (one game per table) and their
  hands added by 8 writers at once: 8 tables x 16 hands; then the standings and the league settlement.

Run:  python -m benchmarks.bench_league [--hands-per-writer 10] [--conflicts 20] [--no-write]
"""

from __future__ import annotations

import argparse
import os
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

from sikwu.ledger import league, league_views, service
from sikwu.ledger.entries import HandEntry, entry_from_dict
from sikwu.ledger.errors import StaleVersionError
from sikwu.ledger.store import Ledger
from sikwu.scoring import parse_tiles

from benchmarks.report import command_line, write_section

PLAYERS = ["A", "B", "C", "D"]
HANDS = ["123m 456m 789m 222z 99m", "111p 234p 567p 789p 55z", "234s 345s 456s 777s 11z"]


def win(winner: int, tiles: str, discarder: int | None) -> HandEntry:
    concealed = list(parse_tiles(tiles))
    hand = {"concealed": concealed, "winning_tile": concealed[-1], "self_drawn": discarder is None}
    return entry_from_dict({"kind": "win", "wins": [{"winner": winner, "hand": hand}], "discarder": discarder})


def together(workers: list[Callable[[], object]]) -> list[object]:
    barrier = threading.Barrier(len(workers))
    out: list[object] = [None] * len(workers)

    def go(i: int) -> None:
        barrier.wait()
        try:
            out[i] = workers[i]()
        except Exception as exc:  # noqa: BLE001 - counted by the caller
            out[i] = exc

    threads = [threading.Thread(target=go, args=(i,)) for i in range(len(workers))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return out


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def writers_run(url: str, writers: int, per_writer: int) -> list[float]:
    """``writers`` threads add ``per_writer`` hands each, one game per four writers; returns the add latencies."""
    games = [service.new_game(PLAYERS, "old-style-v1", url=url).id for _ in range(max(1, writers // 4))]
    plan = [win(1, HANDS[i % 3], None if i % 4 == 3 else 2 + i % 3) for i in range(per_writer)]  # dealer keeps winning

    def work(w: int) -> Callable[[], object]:
        def run() -> object:
            ledger, times = Ledger(url), []
            try:
                for entry in plan:
                    t = time.perf_counter()
                    ledger.add_hand(games[w % len(games)], entry, device=f"w{w}")
                    times.append(time.perf_counter() - t)
            finally:
                ledger.close()
            return times

        return run

    results = together([work(w) for w in range(writers)])
    errors = [r for r in results if isinstance(r, Exception)]
    assert not errors, errors[0]
    check = Ledger(url)
    for g in games:
        game = check.game(g)
        assert len(game.hands) == sum(1 for w in range(writers) if w % len(games) == games.index(g)) * per_writer
        assert [h.seq for h in game.hands] == list(range(1, len(game.hands) + 1))
        assert sum(game.state.totals) + game.state.pot == 0
    check.close()
    return [t for r in results for t in r]  # type: ignore[union-attr]


def conflicts_run(url: str, pairs: int) -> tuple[int, int]:
    """Inject ``pairs`` simultaneous edits of one hand from one version; returns (injected, detected)."""
    game = service.new_game(PLAYERS, "old-style-v1", url=url)
    ledger = Ledger(url)
    ledger.add_hand(game.id, win(1, HANDS[0], 2))
    devices = [Ledger(url), Ledger(url)]
    detected = 0
    for i in range(pairs):
        version = ledger.game(game.id).hands[0].version
        edits = [win(1, HANDS[(i + k) % 3], 2 + k) for k in (0, 1)]
        out = together([lambda k=k, e=edits, v=version: devices[k].edit_hand(game.id, 1, e[k], v) for k in (0, 1)])
        detected += sum(isinstance(r, StaleVersionError) for r in out)
        assert sum(isinstance(r, int) for r in out) == 1, out  # exactly one edit wins
    for d in (ledger, *devices):
        d.close()
    return pairs, detected


def league_night(url: str) -> tuple[float, int, int]:
    """32 people, 4 rounds x 8 tables, 4 hands per table per round, 8 writers at once; returns (s, hands, xfers)."""
    t0 = time.perf_counter()
    pw = "organiser-pass"
    league_id, _ = league.create_league("bench", pw, url=url)
    people = [f"P{i:02d}" for i in range(32)]
    for p in people:
        league.add_person(league_id, p, password=pw, url=url)
    league.new_session(league_id, password=pw, url=url)
    hands = 0
    for r in range(4):
        tables = league.draw_round(league_id, people, password=pw, seed=r, url=url)["tables"]

        def table(t: dict) -> Callable[[], object]:
            def run() -> object:
                ledger = Ledger(url)
                try:
                    for k in range(4):  # Sparrow's Nest: no dealer repeat, so four hands play the round wind
                        entry = win(1 + (k + t["table"]) % 4, HANDS[k % 3], 1 + (k + t["table"] + 1) % 4)
                        ledger.add_hand(t["game_id"], entry, pin=t["pin"], device=f"table{t['table']}")
                finally:
                    ledger.close()
                return 4

            return run

        out = together([table(t) for t in tables])
        assert all(o == 4 for o in out), out
        hands += 4 * len(tables)
    st = league_views.standings(league_id, url=url)
    assert sum(x["points"] for x in st["overall"]) == 0 and len(st["rounds"]) == 4
    transfers = len(league_views.settlement(league_id, url=url)["transfers"])
    return time.perf_counter() - t0, hands, transfers


def start_postgres(folder: Path):
    import pgserver

    server = pgserver.get_server(folder / "pgdata", cleanup_mode="delete")
    base = server.get_uri().replace("postgresql://", "postgresql+psycopg://", 1)
    return server, base


def pg_database(server, base: str, name: str) -> str:
    server.psql(f'CREATE DATABASE "{name}";')
    return base.replace("/postgres?", f"/{name}?", 1)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands-per-writer", type=int, default=10)
    ap.add_argument("--conflicts", type=int, default=20)
    ap.add_argument("--no-write", action="store_true", help="do not update docs/benchmarks.md")
    args = ap.parse_args(argv)
    tmp = Path(tempfile.mkdtemp(prefix="bench-league-"))
    server, base = start_postgres(tmp)
    load_start = os.getloadavg()[0]  # printed, never written to the docs (the guide: no load averages there)
    lines = [f"{os.cpu_count()} cores; hands per writer {args.hands_per_writer}; one game per four writers", ""]
    lines += [
        "| backend | writers | adds | p50 ms | p95 ms | p50 / 1 writer |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    other = []
    for backend in ("sqlite", "postgresql"):

        def fresh(tag: str, backend: str = backend) -> str:
            if backend == "sqlite":
                return str(tmp / f"{tag}.sqlite")
            return pg_database(server, base, tag)

        single = None
        for writers in (1, 8, 32):
            times = writers_run(fresh(f"w{writers}"), writers, args.hands_per_writer)
            p50, p95 = pct(times, 0.5), pct(times, 0.95)
            single = single or p50
            lines.append(f"| {backend} | {writers} | {len(times)} | {p50 * 1000:.1f} | {p95 * 1000:.1f} | "
                         f"{p50 / single:.1f}x |")  # fmt: skip
            print(lines[-1], flush=True)
        injected, detected = conflicts_run(fresh("conflicts"), args.conflicts)
        seconds, hands, transfers = league_night(fresh("night"))
        other.append(f"- {backend}: conflicts injected {injected}, detected {detected}; league night "
                     f"(32 people, 4 rounds x 8 tables, {hands} hands, 8 writers at once) replayed in "
                     f"{seconds:.1f} s incl. draws, standings, settlement in {transfers} transfers (<=31)")  # fmt: skip
        print(other[-1], flush=True)
        service.close_ledgers()
    lines += ["", *other]
    text = "\n".join(lines)
    print(text)
    print(f"(load average: {load_start:.1f} at the start, {os.getloadavg()[0]:.1f} at the end)")
    server.cleanup()
    if not args.no_write:
        command = command_line("benchmarks.bench_league", argv)
        write_section("bench_league", "League on SQLite and PostgreSQL", command, text)


if __name__ == "__main__":
    main()
