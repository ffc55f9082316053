"""job heartbeats: attempts and heartbeat_at, so a job whose worker died is retried or failed

Revision ID: 3f7a9c2d1b80
Revises: 25963d49a7ff
Create Date: 2026-11-26 08:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import slidewright.core.db

revision: str = "3f7a9c2d1b80"
down_revision: str | None = "25963d49a7ff"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("jobs", schema=None) as batch_op:
        batch_op.add_column(sa.Column("attempts", sa.Integer(), server_default="0", nullable=False))
        batch_op.add_column(
            sa.Column("heartbeat_at", slidewright.core.db.UTCDateTime(timezone=True), nullable=True)
        )
        batch_op.create_index("ix_jobs_status_heartbeat_at", ["status", "heartbeat_at"])


def downgrade() -> None:
    with op.batch_alter_table("jobs", schema=None) as batch_op:
        batch_op.drop_index("ix_jobs_status_heartbeat_at")
        batch_op.drop_column("heartbeat_at")
        batch_op.drop_column("attempts")
