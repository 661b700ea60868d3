"""Fixtures of the ledger tests: a fresh SQLite ledger file per test and a Sparrow's Nest game in it."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest
from ledger_helpers import PLAYERS
from sikwu.ledger import service


@pytest.fixture(scope="session")
def migrated_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One empty ledger at the newest schema, migrated once; each test copies it (migrating costs ~0.1 s)."""
    from sikwu.ledger.store import Ledger

    path = tmp_path_factory.mktemp("template") / "ledger.sqlite"
    Ledger(str(path)).close()
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return path


@pytest.fixture
def url(tmp_path: Path, migrated_template: Path) -> str:
    target = tmp_path / "ledger.sqlite"
    shutil.copyfile(migrated_template, target)
    return str(target)


@pytest.fixture
def game(url: str):
    return service.new_game(PLAYERS, "sparrows-nest", name="Friday", stake="0.5", url=url)


@pytest.fixture(autouse=True)
def _close_ledgers():
    """Each test opens its own ledger files; close them afterwards so a long run does not pile up connections."""
    yield
    service.close_ledgers()
