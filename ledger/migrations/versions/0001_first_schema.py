"""First ledger schema: games, players, hands, hand versions, audit.

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

TS = sa.DateTime(timezone=True)


def upgrade() -> None:
    _games_and_players()
    _hands()
    _audit()


def _games_and_players() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.String(36), primary_key=True),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("profile_name", sa.String(200), nullable=False),
        sa.Column("profile_data", sa.JSON(), nullable=False),
        sa.Column("rules_data", sa.JSON(), nullable=False),
        sa.Column("stake", sa.String(40), nullable=False),
        sa.Column("quantum", sa.String(40), nullable=False),
        sa.Column("currency", sa.String(16), nullable=False),
        sa.Column("state", sa.JSON(), nullable=False),
        sa.Column("created_at", TS, nullable=False),
        sa.Column("updated_at", TS, nullable=False),
        sa.Column("device", sa.String(100), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
    )
    op.create_table(
        "players",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(36), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(100), nullable=False),
        sa.UniqueConstraint("game_id", "position"),
        sa.UniqueConstraint("game_id", "name"),
    )
    op.create_index("ix_players_game_id", "players", ["game_id"])


def _hands() -> None:
    op.create_table(
        "hands",
        sa.Column("id", sa.String(36), primary_key=True),
        sa.Column("game_id", sa.String(36), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(10), nullable=False),
        sa.Column("entry", sa.JSON(), nullable=False),
        sa.Column("result", sa.JSON(), nullable=False),
        sa.Column("state_after", sa.JSON(), nullable=False),
        sa.Column("created_at", TS, nullable=False),
        sa.Column("updated_at", TS, nullable=False),
        sa.Column("device", sa.String(100), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.UniqueConstraint("game_id", "seq"),
    )
    op.create_index("ix_hands_game_status_seq", "hands", ["game_id", "status", "seq"])
    op.create_table(
        "hand_versions",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("hand_id", sa.String(36), sa.ForeignKey("hands.id", ondelete="CASCADE"), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("action", sa.String(10), nullable=False),
        sa.Column("status", sa.String(10), nullable=False),
        sa.Column("entry", sa.JSON(), nullable=False),
        sa.Column("created_at", TS, nullable=False),
        sa.Column("device", sa.String(100), nullable=False),
        sa.UniqueConstraint("hand_id", "version"),
    )
    op.create_index("ix_hand_versions_hand_id", "hand_versions", ["hand_id"])


def _audit() -> None:
    op.create_table(
        "audit",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(36), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
        sa.Column("hand_id", sa.String(36), nullable=True),
        sa.Column("action", sa.String(20), nullable=False),
        sa.Column("at", TS, nullable=False),
        sa.Column("device", sa.String(100), nullable=False),
        sa.Column("detail", sa.Text(), nullable=False),
    )
    op.create_index("ix_audit_game_id", "audit", ["game_id"])


def downgrade() -> None:
    for table in ("audit", "hand_versions", "hands", "players", "games"):
        op.drop_table(table)
