"""Leagues (registry of people and their spellings, sessions, tables per round) and access control (join codes,
hashed PINs/passwords, a failed-attempt counter for the rate limit).

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

TS = sa.DateTime(timezone=True)


def upgrade() -> None:
    _access()
    _league()


def _access() -> None:
    op.create_table(
        "access",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("kind", sa.String(10), nullable=False),
        sa.Column("target_id", sa.String(36), nullable=False),
        sa.Column("join_code", sa.String(64), nullable=False, unique=True),
        sa.Column("secret_hash", sa.String(300), nullable=False),
        sa.Column("league_id", sa.String(36), nullable=True),
        sa.Column("failures", sa.Integer(), nullable=False),
        sa.Column("last_failure", TS, nullable=True),
        sa.Column("created_at", TS, nullable=False),
        sa.UniqueConstraint("kind", "target_id"),
    )


def _league() -> None:
    op.create_table(
        "leagues",
        sa.Column("id", sa.String(36), primary_key=True),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("profile", sa.String(200), nullable=False),
        sa.Column("stake", sa.String(40), nullable=False),
        sa.Column("currency", sa.String(16), nullable=False),
        sa.Column("created_at", TS, nullable=False),
    )
    op.create_table(
        "people",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("league_id", sa.String(36), sa.ForeignKey("leagues.id", ondelete="CASCADE"), nullable=False),
        sa.Column("name", sa.String(100), nullable=False),
        sa.UniqueConstraint("league_id", "name"),
    )
    op.create_index("ix_people_league_id", "people", ["league_id"])
    op.create_table(
        "aliases",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("league_id", sa.String(36), sa.ForeignKey("leagues.id", ondelete="CASCADE"), nullable=False),
        sa.Column("person_id", sa.Integer(), sa.ForeignKey("people.id", ondelete="CASCADE"), nullable=False),
        sa.Column("spelling", sa.String(100), nullable=False),
        sa.Column("key", sa.String(100), nullable=False),
        sa.UniqueConstraint("league_id", "key"),
    )
    op.create_index("ix_aliases_person_id", "aliases", ["person_id"])
    op.create_table(
        "league_sessions",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("league_id", sa.String(36), sa.ForeignKey("leagues.id", ondelete="CASCADE"), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("created_at", TS, nullable=False),
        sa.UniqueConstraint("league_id", "seq"),
    )
    op.create_index("ix_league_sessions_league_id", "league_sessions", ["league_id"])
    op.create_table(
        "league_tables",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("session_id", sa.Integer(), sa.ForeignKey("league_sessions.id", ondelete="CASCADE"), nullable=False),
        sa.Column("round_no", sa.Integer(), nullable=False),
        sa.Column("table_no", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.String(36), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False, unique=True),
        sa.Column("seats", sa.JSON(), nullable=False),
        sa.Column("draw", sa.JSON(), nullable=False),
        sa.UniqueConstraint("session_id", "round_no", "table_no"),
    )
    op.create_index("ix_league_tables_session_id", "league_tables", ["session_id"])


def downgrade() -> None:
    for table in ("league_tables", "league_sessions", "aliases", "people", "leagues", "access"):
        op.drop_table(table)
