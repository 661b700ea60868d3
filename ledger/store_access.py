"""The ledger's doors (mixed into :class:`sikwu.ledger.store.Ledger`): PIN/password checks, join codes, and who may
list games.

Every check runs in its own transaction that is committed *even when the answer is wrong*, so the failure counters
the rate limits read (:mod:`sikwu.ledger.access`) survive the refusal -- and, being database rows, hold across the
page's processes and devices.

Listing games is not a reader's action on a shared server: a device sees only what a join code it was given opens.
The whole list is for the local user of an embedded SQLite ledger (their own file: whoever can read the file sees
every game anyway), and on a server for a league's organiser, who sees that league's tables.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import Any

from sikwu.ledger import access, db
from sikwu.ledger.league_models import Access, League, LeagueSession, LeagueTable
from sikwu.ledger.models import Game
from sikwu.ledger.queries import resolve_game_id
from sikwu.ledger.records import GameRecord
from sqlalchemy import exc, select
from sqlalchemy.orm import Session, sessionmaker

SERVER_LISTING = (
    "this ledger is on a shared server, where a device sees only the games whose join code it was given: open a "
    "game by its link or join code, or (organiser) list a league's games with its organiser password"
)


class LedgerAccess:
    """Access checks of a ledger; the host class provides ``url``, ``_sessions``, ``transaction`` and ``game``."""

    url: str
    _sessions: sessionmaker[Session]
    transaction: Callable[[], AbstractContextManager[Session]]
    game: Callable[..., GameRecord]

    @property
    def local(self) -> bool:
        """An embedded SQLite ledger (a file of this user, or in memory), not a server shared by many devices."""
        return self.url.startswith("sqlite")

    @contextmanager
    def _counted(self) -> Iterator[Session]:
        """A session committed whatever happens inside (the attempt counters must survive a refusal)."""
        try:
            with self._sessions() as s:
                try:
                    yield s
                finally:
                    s.commit()
        except exc.SQLAlchemyError as err:
            raise db.describe_failure(err, self.url) from None

    def authorize(self, kind: str, ref: str, secret: str | None) -> None:
        """Refuse a write to a protected game or league without its PIN/password; the attempt is always kept."""
        with self._counted() as s:
            target = resolve_game_id(s, ref) if kind == "game" else ref
            access.check(s, kind, target, secret or access.held(kind, target))

    def open_by_code(self, code: str, client: str | None = None) -> tuple[str, str]:
        """(kind, id) of the game or league a join code opens read-only; wrong codes are rate-limited per
        ``client`` (the page's client address or device token) and server-wide."""
        with self._counted() as s:
            row = access.open_code(s, code, client)
            return row.kind, row.target_id

    def game_by_code(self, code: str, client: str | None = None) -> GameRecord:
        """The game a join code opens (read-only); a league's code does not open one of its games this way."""
        kind, target = self.open_by_code(code, client)
        if kind != "game":
            raise access.AccessError("this join code opens a league, not a game; open the league instead")
        return self.game(target)

    def is_protected(self, kind: str, ref: str) -> bool:
        """Whether changing the game or league needs a PIN or password (a game without one is a local game)."""
        with self.transaction() as s:
            target = resolve_game_id(s, ref) if kind == "game" else ref
            return s.scalar(select(Access.id).where(Access.kind == kind, Access.target_id == target)) is not None

    def join_code(self, kind: str, ref: str, secret: str | None) -> str:
        """The join code of a protected game or league, for its PIN/password holder (to share it again)."""
        self.authorize(kind, ref, secret)
        with self.transaction() as s:
            target = resolve_game_id(s, ref) if kind == "game" else ref
            code = s.scalar(select(Access.join_code).where(Access.kind == kind, Access.target_id == target))
        if code is None:
            raise access.AccessError(f"this {kind} has no join code: it was created without a PIN")
        return code

    def games(self, *, league: str | None = None, password: str | None = None) -> list[dict[str, Any]]:
        """Every game of a local ledger, or one league's games for its organiser; refused on a server otherwise."""
        if league is None and not self.local:
            raise access.AccessError(SERVER_LISTING)
        league_id = self._league_id(league) if league is not None else None
        if league_id is not None:
            self.authorize("league", league_id, password)
        with self.transaction() as s:
            query = select(Game).order_by(Game.created_at)
            if league_id is not None:
                query = (
                    query.join(LeagueTable, LeagueTable.game_id == Game.id)
                    .join(LeagueSession)
                    .where(LeagueSession.league_id == league_id)
                )
            return [{"id": g.id, "name": g.name, "profile": g.profile_name, "hands": g.state["hands"],
                     "finished": g.state["finished"], "created_at": g.created_at}
                    for g in s.scalars(query)]  # fmt: skip

    def _league_id(self, ref: str) -> str:
        with self.transaction() as s:
            found = s.scalars(select(League.id).where((League.id == ref) | (League.name == ref))).all()
        if len(found) != 1:
            raise access.AccessError(f"no single league {ref!r} in this database; give its id or exact name")
        return found[0]
