"""The league's and access control's tables (schema revisions 3 and 4), beside the game tables of :mod:`models`.

* ``access``: one row per protected game or league -- its long random join code (opens it read-only), the scrypt
  hash of its PIN / organiser password, and the failed-attempt counter the rate limit reads.  The counter lives in
  the database so it holds across the page's processes and devices.
* ``code_attempts`` (revision 4): wrong join codes per client (hashed key) and server-wide (key ``*``), for the
  join-code rate limit (:func:`sikwu.ledger.access.open_code`).
* ``leagues`` (``byes``: what happens to players beyond a multiple of four); ``people`` (the player registry)
  and ``aliases`` (every spelling a person is known by: 阿明, Ah Ming);
* ``league_sessions`` (a night of rounds) and ``league_tables`` (one row per table per round: its game and the
  people in position order); ``league_byes`` (revision 4): who sat out which round.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sikwu.ledger.models import Base
from sqlalchemy import JSON, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column


class Access(Base):
    __tablename__ = "access"
    __table_args__ = (UniqueConstraint("kind", "target_id"),)
    id: Mapped[int] = mapped_column(primary_key=True, autoincrement=True)
    kind: Mapped[str] = mapped_column(String(10))  # game | league
    target_id: Mapped[str] = mapped_column(String(36))
    join_code: Mapped[str] = mapped_column(String(64), unique=True)
    secret_hash: Mapped[str] = mapped_column(String(300))
    league_id: Mapped[str | None] = mapped_column(String(36))  # a league table's game also takes the organiser's
    failures: Mapped[int] = mapped_column(Integer, default=0)
    last_failure: Mapped[datetime | None]
    created_at: Mapped[datetime]


class CodeAttempt(Base):
    __tablename__ = "code_attempts"
    key: Mapped[str] = mapped_column(String(64), primary_key=True)  # sha-256 of the client key, or "*" (everyone)
    failures: Mapped[int] = mapped_column(Integer, default=0)
    first_failure: Mapped[datetime | None]  # start of the server-wide window (key "*")
    last_failure: Mapped[datetime | None] = mapped_column(index=True)


class League(Base):
    __tablename__ = "leagues"
    id: Mapped[str] = mapped_column(String(36), primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    profile: Mapped[str] = mapped_column(String(200))
    stake: Mapped[str] = mapped_column(String(40))
    currency: Mapped[str] = mapped_column(String(16), default="")
    created_at: Mapped[datetime]
    byes: Mapped[str] = mapped_column(String(10), default="rotate", server_default="rotate")  # rotate | refuse


class Person(Base):
    __tablename__ = "people"
    __table_args__ = (UniqueConstraint("league_id", "name"),)
    id: Mapped[int] = mapped_column(primary_key=True, autoincrement=True)
    league_id: Mapped[str] = mapped_column(ForeignKey("leagues.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(100))


class Alias(Base):
    __tablename__ = "aliases"
    __table_args__ = (UniqueConstraint("league_id", "key"),)
    id: Mapped[int] = mapped_column(primary_key=True, autoincrement=True)
    league_id: Mapped[str] = mapped_column(ForeignKey("leagues.id", ondelete="CASCADE"))
    person_id: Mapped[int] = mapped_column(ForeignKey("people.id", ondelete="CASCADE"), index=True)
    spelling: Mapped[str] = mapped_column(String(100))
    key: Mapped[str] = mapped_column(String(100))  # casefolded, spaces squeezed: how a typed name is matched


class LeagueSession(Base):
    __tablename__ = "league_sessions"
    __table_args__ = (UniqueConstraint("league_id", "seq"),)
    id: Mapped[int] = mapped_column(primary_key=True, autoincrement=True)
    league_id: Mapped[str] = mapped_column(ForeignKey("leagues.id", ondelete="CASCADE"), index=True)
    seq: Mapped[int]
    name: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime]


class LeagueTable(Base):
    __tablename__ = "league_tables"
    __table_args__ = (UniqueConstraint("session_id", "round_no", "table_no"),)
    id: Mapped[int] = mapped_column(primary_key=True, autoincrement=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("league_sessions.id", ondelete="CASCADE"), index=True)
    round_no: Mapped[int]
    table_no: Mapped[int]
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), unique=True)
    seats: Mapped[list[Any]] = mapped_column(JSON)  # person ids by table position 1..4
    draw: Mapped[dict[str, Any]] = mapped_column(JSON)  # how the table was drawn (seed, rule, repeats avoided)


class LeagueBye(Base):
    __tablename__ = "league_byes"
    id: Mapped[int] = mapped_column(primary_key=True, autoincrement=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("league_sessions.id", ondelete="CASCADE"), index=True)
    round_no: Mapped[int]
    person_id: Mapped[int] = mapped_column(ForeignKey("people.id", ondelete="CASCADE"))
