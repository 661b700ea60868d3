"""Storage: migrations from the first schema with a backup, WAL, clear errors, nothing half written after a kill."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from ledger_helpers import HALF_FLUSH, PLAYERS, hand
from sikwu.ledger import db, service
from sikwu.ledger.engine import TableState, replay
from sikwu.ledger.entries import entry_from_dict
from sikwu.ledger.errors import StorageError
from sikwu.ledger.frozen import freeze_profile, thaw_profile
from sikwu.ledger.models import Game
from sikwu.ledger.settings import builtin_rules_for, rules_from_data
from sikwu.ledger.store import Ledger, now
from sqlalchemy import text


def test_a_ledger_from_the_first_schema_migrates_with_a_backup_and_keeps_its_games(tmp_path: Path):
    path = tmp_path / "old.sqlite"
    db.migrate(db.make_engine(str(path)), to="0001")
    old = Ledger(str(path), migrate=False)  # a sikwu of the first schema wrote a game (no thumbnails table yet)
    game = Game(id="g-1", name="old night", profile_name="sparrows-nest", profile_data={}, rules_data={},
                        stake="1", quantum="0.01", currency="", state=TableState().to_dict(),
                        created_at=now(), updated_at=now(), device="")  # fmt: skip

    game.profile_name, game.profile_data = freeze_profile("sparrows-nest")
    game.rules_data = builtin_rules_for("sparrows-nest").to_dict()
    old.create_game(game, PLAYERS)
    old.close()

    ledger = Ledger(str(path))  # opening with this sikwu migrates to the newest schema
    assert db.current_revision(ledger.engine) == db.head_revision() != "0001"
    assert ledger.backup is not None and Path(ledger.backup).exists()
    with sqlite3.connect(ledger.backup) as conn:  # the backup is the untouched first-schema file
        assert conn.execute("select version_num from alembic_version").fetchone() == ("0001",)
    g = service.add_win("g-1", hand(HALF_FLUSH), winner="Bob", discarder="Ann", url=str(path),
                        thumbnail=("image/png", b"\x89PNG"))  # fmt: skip
    assert g.name == "old night" and g.hands[0].has_thumbnail


def test_sqlite_ledger_runs_in_wal_mode(sqlite_url: str):
    ledger = Ledger(sqlite_url)
    with ledger.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"


def test_a_corrupt_database_file_gives_a_clear_error(tmp_path: Path):
    path = tmp_path / "night.sqlite"
    path.write_bytes(b"this is not a database, just text that got saved over it\n" * 200)
    with pytest.raises(StorageError, match="is damaged or is not a sikwu ledger .* restore a backup"):
        Ledger(str(path))


def test_a_schema_from_a_newer_sikwu_is_refused(url: str):
    ledger = Ledger(url)
    with ledger.engine.begin() as conn:
        conn.execute(text("update alembic_version set version_num = '9999'"))
    ledger.close()
    with pytest.raises(StorageError, match=r"written by a newer sikwu \(schema 9999\); upgrade sikwu"):
        Ledger(url)


def test_a_database_server_that_does_not_answer_gives_a_clear_error():
    with pytest.raises(StorageError, match=r"cannot reach the database at .*127\.0\.0\.1:9.* check that the server"):
        Ledger("postgresql+psycopg://nobody:secret@127.0.0.1:9/none?connect_timeout=2")


def test_the_unreachable_servers_message_never_shows_the_password():
    with pytest.raises(StorageError) as info:
        Ledger("postgresql+psycopg://nobody:secret@127.0.0.1:9/none?connect_timeout=2")
    assert "secret" not in str(info.value)


def test_the_default_ledger_lives_in_the_user_data_dir_unless_overridden(monkeypatch):
    monkeypatch.delenv(db.ENV_VAR, raising=False)
    assert db.default_url().startswith("sqlite:///") and "sikwu" in db.default_url()
    monkeypatch.setenv(db.ENV_VAR, "sqlite:////tmp/x.sqlite")
    assert db.default_url() == "sqlite:////tmp/x.sqlite"


WRITER = textwrap.dedent(
    """
    import sys, time
    from sqlalchemy import event
    from sqlalchemy.orm import Session
    from sikwu.ledger import service
    url, game_id, tiles = sys.argv[1], sys.argv[2], sys.argv[3]
    hand = {"concealed": tiles.split(), "winning_tile": tiles.split()[-1]}
    count = {"n": 0}

    @event.listens_for(Session, "after_flush")
    def stall(session, ctx):  # the fourth hand stalls inside its transaction, after its rows were written
        if count["n"] == 3 and any(type(o).__name__ == "HandVersion" for o in session.new):
            print("IN-TRANSACTION", flush=True)
            time.sleep(60)

    while True:
        service.add_win(game_id, hand, winner=1, discarder=2, url=url)
        count["n"] += 1
    """
)


def test_a_writer_killed_mid_write_leaves_nothing_half_written(tmp_path: Path, url: str):
    game = service.new_game(PLAYERS, "old-style-v1", url=url)  # the dealer keeps winning: the game never ends
    script = tmp_path / "writer.py"
    script.write_text(WRITER, encoding="utf-8")
    tiles = " ".join(hand(HALF_FLUSH)["concealed"])
    proc = subprocess.Popen([sys.executable, str(script), url, game.id, tiles], stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "IN-TRANSACTION"
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.wait(timeout=30)
    ledger = Ledger(url)
    g = ledger.game(game.id)
    assert len(g.hands) == g.state.hands == 3  # the fourth hand is not there at all
    with ledger.engine.connect() as conn:
        assert conn.execute(text("select count(*) from hand_versions")).scalar() == 3
        assert conn.execute(text("select count(*) from audit where action = 'add'")).scalar() == 3
    rebuilt = replay([entry_from_dict(h.entry) for h in g.hands], thaw_profile(g.profile_data),
                     rules_from_data(json.loads(json.dumps(g.rules.to_dict()))))  # fmt: skip
    assert rebuilt[-1][1] == g.state and sum(g.state.totals) == 0
    service.add_win(game.id, hand(HALF_FLUSH), winner=1, discarder=2, url=url)  # and the night goes on


def test_two_devices_adding_hands_at_once_lose_none(url: str):
    import threading

    game = service.new_game(PLAYERS, "old-style-v1", url=url)
    errors: list[Exception] = []

    def device(name: str) -> None:
        ledger = Ledger(url)  # its own connection pool, as a second phone's server process would have
        try:
            for _ in range(6):
                ledger.add_hand(game.id, entry_from_dict({"kind": "draw"}), device=name)
        except Exception as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=device, args=(f"phone-{i}",)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    g = Ledger(url).game(game.id)
    assert errors == [] and len(g.hands) == g.state.hands == 12
    assert [h.seq for h in g.hands] == list(range(1, 13)) and sum(g.state.totals) + g.state.pot == 0


def test_a_postgresql_ledger_from_the_first_schema_migrates_and_keeps_its_games(pg):
    url = pg.url_of(pg.fresh(migrated=False))
    db.migrate(db.make_engine(url), to="0001")
    old = Ledger(url, migrate=False)
    game = Game(id="g-1", name="old night", profile_name="", profile_data={}, rules_data={}, stake="1",
                quantum="0.01", currency="", state=TableState().to_dict(), created_at=now(), updated_at=now(),
                device="")  # fmt: skip
    game.profile_name, game.profile_data = freeze_profile("sparrows-nest")
    game.rules_data = builtin_rules_for("sparrows-nest").to_dict()
    old.create_game(game, PLAYERS)
    old.close()
    ledger = Ledger(url)
    assert db.current_revision(ledger.engine) == db.head_revision() and ledger.backup is None  # pg_dump: docs
    g = service.add_win("g-1", hand(HALF_FLUSH), winner="Bob", discarder="Ann", url=url,
                        thumbnail=("image/png", b"\x89PNG"))  # fmt: skip
    assert g.name == "old night" and g.hands[0].has_thumbnail
    ledger.close()
