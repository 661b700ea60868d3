"""Wrong join codes counted for the rate limit (per client and server-wide), and league byes: who sat out which
round, and the league's setting for players beyond a multiple of four.

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

TS = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "code_attempts",
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("failures", sa.Integer(), nullable=False),
        sa.Column("first_failure", TS, nullable=True),
        sa.Column("last_failure", TS, nullable=True),
    )
    op.create_index("ix_code_attempts_last_failure", "code_attempts", ["last_failure"])
    op.add_column("leagues", sa.Column("byes", sa.String(10), nullable=False, server_default="rotate"))
    op.create_table(
        "league_byes",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("session_id", sa.Integer(), sa.ForeignKey("league_sessions.id", ondelete="CASCADE"), nullable=False),
        sa.Column("round_no", sa.Integer(), nullable=False),
        sa.Column("person_id", sa.Integer(), sa.ForeignKey("people.id", ondelete="CASCADE"), nullable=False),
    )
    op.create_index("ix_league_byes_session_id", "league_byes", ["session_id"])


def downgrade() -> None:
    op.drop_table("league_byes")
    with op.batch_alter_table("leagues") as batch:
        batch.drop_column("byes")
    op.drop_table("code_attempts")
