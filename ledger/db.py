"""Where the ledger lives and how it is opened: URL, SQLite settings, migrations with a backup first.

Default: a SQLite file in the user's data directory (``platformdirs``), so a night needs no set-up and survives a
restart of the page.  ``SIKWU_DATABASE_URL`` (or ``--db``) points elsewhere -- another file, or
``postgresql+psycopg://...`` for a league server: the same SQLAlchemy code path serves both.

SQLite is opened in WAL mode (readers never block the writer, a crash never leaves a half-written page), with
foreign keys on, a busy timeout, and ``BEGIN IMMEDIATE`` transactions so two writers queue instead of failing
half-way.  Before Alembic upgrades an existing file, the file is copied next to itself (SQLite's online backup), so
a failed migration never costs a night.  Every failure to open becomes one :class:`StorageError` that says what to
do: a corrupt file, a folder that cannot be written, a server that does not answer, a schema from a newer sikwu.
"""

from __future__ import annotations

import os
import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import platformdirs
from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sikwu.ledger.errors import StorageError
from sqlalchemy import Engine, create_engine, event, exc, make_url
from sqlalchemy.pool import StaticPool

ENV_VAR = "SIKWU_DATABASE_URL"
MIGRATIONS = Path(__file__).with_name("migrations")


def default_url() -> str:
    """``SIKWU_DATABASE_URL`` if set, else ``sqlite:///<user data dir>/sikwu/ledger.sqlite``."""
    url = os.environ.get(ENV_VAR, "").strip()
    if url:
        return url
    folder = Path(platformdirs.user_data_dir("sikwu", appauthor=False))
    return f"sqlite:///{folder / 'ledger.sqlite'}"


def normalise_url(url: str | None) -> str:
    """Accept a URL or a plain file path (``--db night.sqlite``)."""
    if not url:
        return default_url()
    return url if "://" in url else f"sqlite:///{Path(url).expanduser().resolve()}"


def _sqlite_file(url: str) -> Path | None:
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return None
    return Path(parsed.database)


def _configure_sqlite(engine: Engine, wal: bool) -> None:
    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_conn: Any, _record: Any) -> None:
        dbapi_conn.isolation_level = None  # let SQLAlchemy's begin event below start the transaction
        cur = dbapi_conn.cursor()
        if wal:
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.execute("PRAGMA busy_timeout=10000")
        cur.close()

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Any) -> None:
        conn.exec_driver_sql("BEGIN IMMEDIATE")


def make_engine(url: str | None = None) -> Engine:
    """An Engine for ``url`` (default: the user's ledger file); creates the folder of a SQLite file."""
    url = normalise_url(url)
    try:
        parsed = make_url(url)
    except exc.ArgumentError:
        raise StorageError(f"database URL {url!r} is not valid; write sqlite:///path/file.sqlite") from None
    path = _sqlite_file(url)
    if parsed.get_backend_name() == "sqlite":
        if path is not None:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as err:
                raise StorageError(f"cannot create the folder for the ledger {path} ({err.strerror}); "
                                   f"choose another place with --db or {ENV_VAR}") from None  # fmt: skip
            engine = create_engine(url)
        else:
            engine = create_engine(url, connect_args={"check_same_thread": False}, poolclass=StaticPool)
        _configure_sqlite(engine, wal=path is not None)
        return engine
    try:
        return create_engine(url, pool_pre_ping=True)
    except ModuleNotFoundError as err:
        raise StorageError(
            f"cannot use database URL {parsed.render_as_string()}: its driver is not installed "
            f"({err}); install it, e.g. pip install 'psycopg[binary]' for PostgreSQL"
        ) from None
    except exc.ArgumentError as err:
        raise StorageError(f"cannot use database URL {parsed.render_as_string()}: {err}") from None


def _alembic_config(connection: Any) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.attributes["connection"] = connection
    return cfg


def head_revision() -> str:
    return ScriptDirectory(str(MIGRATIONS)).get_current_head() or ""


def _backup_sqlite(path: Path, revision: str) -> Path:
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%f")
    target = path.with_name(f"{path.name}.backup-rev{revision}-{stamp}")
    src = sqlite3.connect(path)
    try:
        dst = sqlite3.connect(target)
        with dst:
            src.backup(dst)
        dst.close()
    finally:
        src.close()
    return target


def describe_failure(err: Exception, url: str) -> StorageError:
    """One clear message for a database that cannot be used."""
    path = _sqlite_file(url)
    text = str(getattr(err, "orig", err))
    if path is not None and ("not a database" in text or "malformed" in text or "disk image" in text):
        return StorageError(
            f"the ledger file {path} is damaged or is not a sikwu ledger ({text}); move it away and restore a "
            f"backup ({path.name}.backup-*) or start a new file with --db"
        )
    if path is not None:
        return StorageError(f"cannot use the ledger file {path} ({text}); check the path and its permissions")
    return StorageError(
        f"cannot reach the database at {make_url(url).render_as_string()} ({text.splitlines()[0] if text else err}); "
        "check that the server is running and the URL, then try again"
    )


def migrate(engine: Engine, to: str = "head") -> str | None:
    """Bring the schema to ``to`` (a revision id or head).  Returns the backup path when a file was backed up."""
    url = engine.url.render_as_string(hide_password=False)
    script = ScriptDirectory(str(MIGRATIONS))
    known = {rev.revision for rev in script.walk_revisions()}
    backup = None
    try:
        with engine.connect() as conn:
            current = MigrationContext.configure(conn).get_current_revision()
            if current is None and _has_foreign_tables(conn):
                raise StorageError(f"{_where(engine)} holds other tables, not a sikwu ledger; use another --db")
        if current is not None and current not in known:
            raise StorageError(
                f"{_where(engine)} was written by a newer sikwu (schema {current}); upgrade sikwu to open it"
            )
        target = script.get_current_head() if to == "head" else to
        if current == target:
            return None
        path = _sqlite_file(url)
        if current is not None and path is not None and path.exists():
            backup = str(_backup_sqlite(path, current))
        with engine.begin() as conn:
            command.upgrade(_alembic_config(conn), to)
    except exc.SQLAlchemyError as err:
        raise describe_failure(err, url) from None
    except sqlite3.DatabaseError as err:
        raise describe_failure(err, url) from None
    return backup


def _has_foreign_tables(conn: Any) -> bool:
    from sqlalchemy import inspect

    return bool(set(inspect(conn).get_table_names()) - {"alembic_version"})


def _where(engine: Engine) -> str:
    path = _sqlite_file(engine.url.render_as_string(hide_password=False))
    return f"the ledger file {path}" if path else f"the database {engine.url.render_as_string()}"


def current_revision(engine: Engine) -> str | None:
    with engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()
