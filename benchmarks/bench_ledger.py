"""The game ledger under a long game: 10,000 hands added one by one, then the whole game recomputed after an edit.

Figures printed:

* ``add``: wall time of ``Ledger.add_hand`` (one transaction per hand: hand row, entry version, audit line, game
  state; SQLite in WAL mode in a temporary file), p50 and p95 over all hands, and p50 over the first and the last
  1,000 hands (adding must not slow down as the game grows: the game row keeps the state after its last hand);
* ``peer``: the same hands scored and settled by ``sikwu.scoring`` alone (``score_hand`` + ``settle``), in the
  same process -- the ratio add / peer is what the ledger costs on top of scoring;
* ``recompute``: an edit of hand #1 replays and rewrites all later hands, once with the score cache cleared
  (every hand rescored) and once warm;
* ``memory``: peak Python allocation (tracemalloc) during the cold recompute, the process's peak RSS, file size.

The game: HK Old Style v1 (the dealer keeps the deal after a dealer win or a draw, so 10,000 hands fit in one
game), hands drawn with a fixed seed from a pool of random legal wins, with draws, false mahjongs and fifteen
non-dealer wins spread over the game so the deal, the seat winds and the round wind all move.

Times are wall clock (what a player waits for), with the process CPU time beside them: on a shared machine the
difference is time spent waiting for a core or the disk.

Run from the repository root:  python -m benchmarks.bench_ledger [--hands 10000] [--seed 7] [--write-docs]
(``--write-docs`` replaces this benchmark's section of docs/benchmarks.md with what the run printed)
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import tempfile
import time
import tracemalloc
from pathlib import Path

from sikwu.ledger.entries import HandEntry, entry_from_dict
from sikwu.ledger.frozen import freeze_profile, thaw_profile
from sikwu.ledger.models import Game
from sikwu.ledger.scorecache import _score_cached
from sikwu.ledger.settings import builtin_rules_for
from sikwu.ledger.store import Ledger, now
from sikwu.scoring import Hand, score_hand
from sikwu.scoring.payments import settle
from sikwu.scoring.tiles import SUITS

from benchmarks.report import command_line, write_section

PROFILE = "old-style-v1"


def hand_pool(n: int, rng: random.Random) -> list[dict]:
    """Distinct random concealed wins (4 sets + a pair) that reach the profile's minimum."""
    profile = thaw_profile(freeze_profile(PROFILE)[1])
    pool: dict[tuple, dict] = {}
    while len(pool) < n:
        suit = rng.choice(SUITS)
        tiles: list[str] = []
        for _ in range(4):
            if rng.random() < 0.5:
                start = rng.randint(1, 7)
                tiles += [f"{start + i}{suit if rng.random() < 0.8 else rng.choice(SUITS)}" for i in range(3)]
            else:
                tiles += [rng.choice([f"{rng.randint(1, 9)}{suit}", f"{rng.randint(1, 7)}z"])] * 3
        tiles += [f"{rng.randint(1, 9)}{suit}"] * 2
        if any(tiles.count(t) > 4 for t in tiles):
            continue
        hand = {"concealed": tiles, "winning_tile": tiles[-1], "self_drawn": rng.random() < 0.3}
        try:
            probe = Hand(tuple(tiles), winning_tile=tiles[-1], discarder=2)  # the least a context can make of it
            if score_hand(probe, profile).meets_minimum:
                pool[tuple(sorted(tiles))] = hand
        except ValueError:
            continue
    return list(pool.values())


def entries(n: int, rng: random.Random) -> list[HandEntry]:
    pool = hand_pool(200, rng)
    passes = set(rng.sample(range(100, n), 15))  # 15 deals pass: the last round never ends
    out, dealer = [], 1
    for i in range(n):
        roll = rng.random()
        if roll < 0.05:
            out.append(entry_from_dict({"kind": "draw"}))
            continue
        if roll < 0.06:
            out.append(entry_from_dict({"kind": "false_mahjong", "offenders": [rng.randint(1, 4)]}))
            continue
        winner = dealer % 4 + 1 if i in passes else dealer
        dealer = winner
        hand = rng.choice(pool)
        discarder = None if hand["self_drawn"] else rng.choice([p for p in (1, 2, 3, 4) if p != winner])
        out.append(entry_from_dict({"kind": "win", "wins": [{"winner": winner, "hand": hand}], "discarder": discarder}))
    return out


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def peer_seconds(ledger: Ledger, game_id: str) -> list[float]:
    """Scoring alone: each recorded hand exactly as the ledger scored it (same context), score_hand + settle."""
    game = ledger.game(game_id)
    profile = thaw_profile(game.profile_data)
    from sikwu.scoring.hand_json import hand_from_json

    hands = [hand_from_json(w["hand"]) for h in game.hands for w in h.result["wins"]]
    times = []
    for hand in hands:
        t = time.perf_counter()
        settle(score_hand(hand, profile), profile)
        times.append(time.perf_counter() - t)
    return times


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--write-docs", action="store_true", help="replace this benchmark's section of docs/benchmarks.md")
    args = ap.parse_args(argv)
    printed: list[str] = []

    def say(line: str) -> None:
        print(line)
        printed.append(line)

    rng = random.Random(args.seed)
    todo = entries(args.hands, rng)
    folder = Path(tempfile.mkdtemp(prefix="bench-ledger-"))
    ledger = Ledger(str(folder / "ledger.sqlite"))
    name, data = freeze_profile(PROFILE)
    at = now()
    game = Game(id="bench", name="bench", profile_name=name, profile_data=data,
                rules_data=builtin_rules_for(name).to_dict(), stake="1", quantum="0.01", currency="",
                state={"hands": 0, "round_index": 0, "dealer": 1, "streak": 0, "passes": 0, "pot": 0,
                       "totals": [0, 0, 0, 0], "finished": False}, created_at=at, updated_at=at, device="")  # fmt: skip
    ledger.create_game(game, ["A", "B", "C", "D"])

    adds, add_cpu = [], []
    for entry in todo:
        t, c = time.perf_counter(), time.process_time()
        ledger.add_hand("bench", entry, device="bench")
        adds.append(time.perf_counter() - t)
        add_cpu.append(time.process_time() - c)
    peer = peer_seconds(ledger, "bench")
    state = ledger.game("bench").state
    assert state.hands == args.hands and sum(state.totals) + state.pot == 0

    _score_cached.cache_clear()
    t, c = time.perf_counter(), time.process_time()
    version = ledger.edit_hand("bench", 1, entry_from_dict({"kind": "draw"}), 1)
    cold, cold_cpu = time.perf_counter() - t, time.process_time() - c
    t, c = time.perf_counter(), time.process_time()
    version = ledger.edit_hand("bench", 1, todo[0], version)
    warm, warm_cpu = time.perf_counter() - t, time.process_time() - c
    _score_cached.cache_clear()
    tracemalloc.start()  # a third, separate recompute: tracemalloc slows Python down, so it is not timed
    version = ledger.edit_hand("bench", 1, entry_from_dict({"kind": "draw"}), version)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    ledger.edit_hand("bench", 1, todo[0], version)
    after = ledger.game("bench")
    assert sum(after.state.totals) + after.state.pot == 0 and after.state.totals == state.totals

    ms = 1000
    say(f"bench_ledger: {args.hands} hands, profile {PROFILE}, SQLite WAL file, seed {args.seed}")
    say(f"add a hand      p50 {percentile(adds, 0.5) * ms:7.2f} ms   p95 {percentile(adds, 0.95) * ms:7.2f} ms   "
          f"(first 1000 p50 {statistics.median(adds[:1000]) * ms:.2f} ms, last 1000 p50 "
          f"{statistics.median(adds[-1000:]) * ms:.2f} ms)")  # fmt: skip
    say(f"peer: score+settle alone p50 {percentile(peer, 0.5) * ms:7.2f} ms  p95 {percentile(peer, 0.95) * ms:.2f} ms"
          f"   -> add / peer (p50) = {percentile(adds, 0.5) / percentile(peer, 0.5):.1f}x")  # fmt: skip
    say(f"  (CPU per add: p50 {percentile(add_cpu, 0.5) * ms:.2f} ms, p95 {percentile(add_cpu, 0.95) * ms:.2f} ms;"
          f" the rest of the wall time is waiting for the disk or a shared core)")  # fmt: skip
    say(f"recompute all {args.hands} hands after an edit of hand #1: cold cache {cold:.2f} s ({cold_cpu:.2f} s CPU),"
          f" warm {warm:.2f} s ({warm_cpu:.2f} s CPU)")  # fmt: skip
    size = sum(p.stat().st_size for p in folder.iterdir()) / 2**20
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    say(f"memory: recompute peak Python allocation {peak / 2**20:.1f} MiB; process peak RSS {rss:.0f} MiB; "
          f"ledger files {size:.1f} MiB")  # fmt: skip
    if args.write_docs:
        body = "```text\n" + "\n".join(printed) + "\n```"
        path = write_section("bench_ledger", "Game ledger", command_line("benchmarks.bench_ledger", argv), body)
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
