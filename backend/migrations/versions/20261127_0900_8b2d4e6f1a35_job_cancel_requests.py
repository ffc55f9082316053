"""job cancel requests: cancel_requested_at, read by the process running the job

Revision ID: 8b2d4e6f1a35
Revises: c754a17bc431
Create Date: 2026-11-27 09:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import slidewright.core.db

revision: str = "8b2d4e6f1a35"
down_revision: str | None = "c754a17bc431"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("jobs", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column(
                "cancel_requested_at",
                slidewright.core.db.UTCDateTime(timezone=True),
                nullable=True,
            )
        )


def downgrade() -> None:
    with op.batch_alter_table("jobs", schema=None) as batch_op:
        batch_op.drop_column("cancel_requested_at")
