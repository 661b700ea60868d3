"""Photo thumbnails per hand, stored locally in the ledger and deletable on their own.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "thumbnails",
        sa.Column("hand_id", sa.String(36), sa.ForeignKey("hands.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("mime", sa.String(40), nullable=False),
        sa.Column("data", sa.LargeBinary(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("thumbnails")
