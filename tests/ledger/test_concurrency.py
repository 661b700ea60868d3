"""Many devices on one ledger at once (issue 17, item 2), on SQLite and on PostgreSQL.

Each "device" is a thread with its own :class:`Ledger` -- its own connection pool, as a second phone's page process
would have -- so the database, not Python, decides who wins a race.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable

import pytest
from ledger_helpers import HALF_FLUSH, PLAYERS, hand, win
from sikwu.ledger import service
from sikwu.ledger.engine import replay
from sikwu.ledger.entries import entry_from_dict
from sikwu.ledger.errors import StaleVersionError, StorageError
from sikwu.ledger.frozen import thaw_profile
from sikwu.ledger.store import Ledger


def run_together(workers: list[Callable[[], object]]) -> tuple[list[object], list[BaseException]]:
    """Start every worker at the same moment (a barrier) and collect results and errors."""
    barrier = threading.Barrier(len(workers))
    results: list[object] = []
    errors: list[BaseException] = []
    lock = threading.Lock()

    def go(work: Callable[[], object]) -> None:
        barrier.wait()
        try:
            out = work()
            with lock:
                results.append(out)
        except BaseException as exc:  # noqa: BLE001 - the test inspects every error
            with lock:
                errors.append(exc)

    threads = [threading.Thread(target=go, args=(w,)) for w in workers]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    return results, errors


def test_two_devices_editing_the_same_hand_get_exactly_one_changed_meanwhile_answer(url: str):
    game = service.new_game(PLAYERS, "sparrows-nest", url=url)
    service.add_win(game.id, hand(HALF_FLUSH), winner="Bob", discarder="Ann", url=url)
    seen = Ledger(url).game(game.id).hands[0].version  # both phones loaded the hand at this version
    edits = {"phone-a": win(3, discarder=1), "phone-b": win(4, discarder=1)}
    ledgers = {name: Ledger(url) for name in edits}

    def edit(name: str) -> Callable[[], object]:
        return lambda: (name, ledgers[name].edit_hand(game.id, 1, edits[name], seen, device=name))

    results, errors = run_together([edit(name) for name in edits])
    assert len(results) == 1 and len(errors) == 1
    assert isinstance(errors[0], StaleVersionError) and "changed meanwhile" in str(errors[0])
    assert "reload" in str(errors[0])
    winner_device = results[0][0]  # type: ignore[index]
    stored = Ledger(url).game(game.id).hands[0]
    assert stored.version == seen + 1 and stored.device != winner_device  # device of the add; the edit is audited
    assert stored.entry == edits[winner_device].to_dict()  # the accepted edit, not overwritten by the other one


def test_n_writers_adding_hands_to_m_games_lose_none_and_every_game_stays_zero_sum(url: str):
    writers, games, per_writer = 6, 3, 5
    ids = [service.new_game(PLAYERS, "old-style-v1", name=f"table {i}", url=url).id for i in range(games)]
    entries = [win(1, discarder=2), win(1, discarder=3), win(1, self_drawn=True), entry_from_dict({"kind": "draw"})]
    plan = {w: [(random.Random(w * 100 + i).randrange(games), entries[(w + i) % 4]) for i in range(per_writer)]
            for w in range(writers)}  # fmt: skip

    def writer(w: int) -> Callable[[], object]:
        def work() -> object:
            ledger = Ledger(url)
            try:
                return [ledger.add_hand(ids[g], e, device=f"phone-{w}") for g, e in plan[w]]
            finally:
                ledger.close()

        return work

    results, errors = run_together([writer(w) for w in range(writers)])
    assert errors == []
    ledger = Ledger(url)
    for g, game_id in enumerate(ids):
        game = ledger.game(game_id)
        expected = sum(1 for steps in plan.values() for gi, _ in steps if gi == g)
        assert len(game.hands) == game.state.hands == expected
        assert [h.seq for h in game.hands] == list(range(1, expected + 1))
        assert sum(game.state.totals) + game.state.pot == 0
        rebuilt = replay([entry_from_dict(h.entry) for h in game.hands], thaw_profile(game.profile_data), game.rules)
        assert not rebuilt or rebuilt[-1][1] == game.state  # the stored state is the state of the stored hands
    assert sum(len(r) for r in results) == writers * per_writer  # type: ignore[arg-type]


def test_the_server_unreachable_for_a_moment_gives_a_clear_message_and_loses_nothing(pg):
    from sikwu.scoring import load_profile, score_hand
    from sikwu.scoring.hand_json import hand_from_json

    name = pg.fresh()
    url = pg.url_of(name)
    game = service.new_game(PLAYERS, "sparrows-nest", url=url)
    service.add_win(game.id, hand(HALF_FLUSH), winner="Bob", discarder="Ann", url=url)
    pg._exec(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false')
    pg._exec(f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{name}'")
    try:
        with pytest.raises(StorageError, match=r"cannot reach the database at .*check that the server is running"):
            service.add_win(game.id, hand(HALF_FLUSH), winner="Cat", discarder="Ann", url=url, hand_id="h-2")
        # the ledger's failure breaks nothing else: single hands are still scored
        assert score_hand(hand_from_json(hand(HALF_FLUSH)), load_profile("sparrows-nest")).faan >= 3
    finally:
        pg._exec(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true')
    after = service.add_win(game.id, hand(HALF_FLUSH), winner="Cat", discarder="Ann", url=url, hand_id="h-2")
    again = service.add_win(game.id, hand(HALF_FLUSH), winner="Cat", discarder="Ann", url=url, hand_id="h-2")
    assert [h.seq for h in after.hands] == [1, 2] == [h.seq for h in again.hands]  # retried once, counted once
    service.close_ledgers()
    pg.drop(name)
