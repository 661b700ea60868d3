"""Fixtures of the ledger tests: every test that takes ``url`` runs on SQLite AND on a real PostgreSQL 16.

* SQLite: a fresh ledger file per test, copied from one migrated template.
* PostgreSQL: one server per test session, started by the ``pgserver`` package (PostgreSQL 16 binaries shipped in
  its wheel) in a new folder of the system's temporary directory; pytest-xdist workers share it (pgserver counts
  the processes using a data folder, stops the server and deletes the folder when the last one exits).
  Each test gets a fresh database cloned from a migrated template database (``CREATE DATABASE ... TEMPLATE``, a
  file copy on the server), dropped afterwards.
  As root, pgserver runs the server as a system user ``pgserver`` it creates with ``useradd`` and opens the
  permissions of the folders on the way to the data folder -- that is why the data folder lives in a temporary
  directory and never in the checkout.  Where no server can start (no pgserver wheel for the platform, no
  ``useradd``), the PostgreSQL half is skipped with the reason.
"""

from __future__ import annotations

import atexit
import contextlib
import itertools
import os
import shutil
import sqlite3
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from ledger_helpers import PLAYERS
from sikwu.ledger import service

BACKENDS = ("sqlite", "postgresql")


@pytest.fixture(scope="session")
def migrated_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One empty ledger at the newest schema, migrated once; each test copies it (migrating costs ~0.1 s)."""
    from sikwu.ledger.store import Ledger

    path = tmp_path_factory.mktemp("template") / "ledger.sqlite"
    Ledger(str(path)).close()
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return path


class PgServer:
    """The session's PostgreSQL server: admin URL, a migrated template database, fresh databases from it."""

    def __init__(self, server: object, worker: str) -> None:
        self.server = server
        uri = server.get_uri()  # type: ignore[attr-defined]  # postgresql://postgres:@/postgres?host=/socket/dir
        self.base = uri.replace("postgresql://", "postgresql+psycopg://", 1)
        self.worker = worker
        self.template = f"sikwu_tmpl_{worker}"
        self._count = itertools.count()
        from sqlalchemy import create_engine

        self.admin = create_engine(self.base, isolation_level="AUTOCOMMIT", poolclass=_null_pool())
        self._exec(f'DROP DATABASE IF EXISTS "{self.template}" WITH (FORCE)')
        self._exec(f'CREATE DATABASE "{self.template}"')
        from sikwu.ledger.store import Ledger

        Ledger(self.url_of(self.template)).close()

    def url_of(self, database: str) -> str:
        return self.base.replace("/postgres?", f"/{database}?", 1)

    def _exec(self, sql: str) -> None:
        with self.admin.connect() as conn:
            conn.exec_driver_sql(sql)

    def fresh(self, *, migrated: bool = True) -> str:
        name = f"sikwu_t_{self.worker}_{next(self._count)}"
        self._exec(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        self._exec(f'CREATE DATABASE "{name}"' + (f' TEMPLATE "{self.template}"' if migrated else ""))
        return name

    def drop(self, name: str) -> None:
        self._exec(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _null_pool():
    from sqlalchemy.pool import NullPool

    return NullPool


@pytest.fixture(scope="session")
def pg(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PgServer]:
    """The session's PostgreSQL (see the module docstring: a temporary data folder; as root a system user)."""
    try:
        import pgserver
    except ImportError as exc:  # pragma: no cover - the dev extra installs it
        pytest.skip(f"PostgreSQL tests need the pgserver package (pip install -e '.[dev]'): {exc}")
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID") or uuid.uuid4().hex  # the same in every worker of one run
    shared = Path(tempfile.gettempdir()) / f"sikwu-test-pg-{run[:16]}"  # outside pytest's 0700 folders
    try:
        shared.mkdir(exist_ok=True)
        atexit.register(_remove_if_empty, shared)  # runs after pgserver's exit hook
        server = pgserver.get_server(shared / "pgdata", cleanup_mode="delete")
        handle = PgServer(server, worker)
    except Exception as exc:  # pragma: no cover - depends on the machine
        pytest.skip(f"no PostgreSQL server could be started here with pgserver ({type(exc).__name__}: {exc})")
    yield handle
    handle.admin.dispose()


def _remove_if_empty(folder: Path) -> None:
    with contextlib.suppress(OSError):
        folder.rmdir()


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def url(backend: str, request: pytest.FixtureRequest, tmp_path: Path, migrated_template: Path) -> Iterator[str]:
    """A fresh, migrated, empty ledger on the test's backend."""
    if backend == "sqlite":
        target = tmp_path / "ledger.sqlite"
        shutil.copyfile(migrated_template, target)
        yield str(target)
        return
    server: PgServer = request.getfixturevalue("pg")
    name = server.fresh()
    yield server.url_of(name)
    service.close_ledgers()
    server.drop(name)


@pytest.fixture
def sqlite_url(tmp_path: Path, migrated_template: Path) -> str:
    """A fresh SQLite ledger file, for the tests of what only a file has (WAL, backups, a damaged file)."""
    target = tmp_path / "ledger.sqlite"
    shutil.copyfile(migrated_template, target)
    return str(target)


@pytest.fixture
def game(url: str):
    return service.new_game(PLAYERS, "sparrows-nest", name="Friday", stake="0.5", url=url)


@pytest.fixture(autouse=True)
def _cheap_pin_hashes(monkeypatch: pytest.MonkeyPatch) -> None:
    """scrypt at a small cost in tests (the cost is stored in each hash, so checking is unchanged); the product's
    cost is asserted in test_access."""
    from sikwu.ledger import access

    monkeypatch.setattr(access, "SCRYPT", {"n": 2**8, "r": 8, "p": 1})


@pytest.fixture(autouse=True)
def _close_ledgers():
    """Each test opens its own ledger files; close them afterwards so a long run does not pile up connections."""
    yield
    service.close_ledgers()
