"""sign-in sessions: one row per sign-in token, replacing revoked_tokens

`sign_in_sessions` lists where a user is signed in and ends single sessions; an ended row does
what a `revoked_tokens` row did (refuses that token), so the old table goes, its rows moving over
as ended sessions: a browser that signed out before the upgrade stays signed out.

Revision ID: c754a17bc431
Revises: 3f7a9c2d1b80
Create Date: 2026-11-26 10:50:00
"""

from collections.abc import Sequence
from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

import slidewright.core.db

revision: str = "c754a17bc431"
down_revision: str | None = "3f7a9c2d1b80"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_UTC = slidewright.core.db.UTCDateTime
_sessions = sa.table(
    "sign_in_sessions",
    sa.column("id", sa.String),
    sa.column("user_id", sa.String),
    sa.column("browser", sa.String),
    sa.column("os", sa.String),
    sa.column("created_at", _UTC()),
    sa.column("last_seen_at", _UTC()),
    sa.column("expires_at", _UTC()),
    sa.column("ended_at", _UTC()),
)
_revoked = sa.table(
    "revoked_tokens",
    sa.column("jti", sa.String),
    sa.column("user_id", sa.String),
    sa.column("expires_at", _UTC()),
)


def upgrade() -> None:
    op.create_table(
        "sign_in_sessions",
        sa.Column("id", sa.String(length=26), nullable=False),
        sa.Column("user_id", sa.String(length=26), nullable=False),
        sa.Column("method", sa.String(length=20), nullable=True),
        sa.Column("browser", sa.String(length=20), nullable=False),
        sa.Column("os", sa.String(length=20), nullable=False),
        sa.Column("user_agent", sa.String(length=500), nullable=True),
        sa.Column("created_at", _UTC(timezone=True), nullable=False),
        sa.Column("last_seen_at", _UTC(timezone=True), nullable=False),
        sa.Column("expires_at", _UTC(timezone=True), nullable=False),
        sa.Column("ended_at", _UTC(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_sign_in_sessions_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_sign_in_sessions")),
    )
    with op.batch_alter_table("sign_in_sessions", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_sign_in_sessions_expires_at"), ["expires_at"], unique=False
        )
        batch_op.create_index(batch_op.f("ix_sign_in_sessions_user_id"), ["user_id"], unique=False)

    # Revoked tokens that have not expired yet become ended sessions (method unknown).
    now = sa.literal(datetime.now(UTC), _UTC())
    op.execute(
        _sessions.insert().from_select(
            [
                "id",
                "user_id",
                "browser",
                "os",
                "created_at",
                "last_seen_at",
                "expires_at",
                "ended_at",
            ],
            sa.select(
                _revoked.c.jti,
                _revoked.c.user_id,
                sa.literal("other"),
                sa.literal("other"),
                now,
                now,
                _revoked.c.expires_at,
                now,
            ).where(_revoked.c.expires_at > now),
        )
    )

    with op.batch_alter_table("revoked_tokens", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_revoked_tokens_user_id"))
        batch_op.drop_index(batch_op.f("ix_revoked_tokens_expires_at"))
    op.drop_table("revoked_tokens")


def downgrade() -> None:
    op.create_table(
        "revoked_tokens",
        sa.Column("jti", sa.String(length=26), nullable=False),
        sa.Column("user_id", sa.String(length=26), nullable=False),
        sa.Column("expires_at", _UTC(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_revoked_tokens_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("jti", name=op.f("pk_revoked_tokens")),
    )
    with op.batch_alter_table("revoked_tokens", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_revoked_tokens_expires_at"), ["expires_at"], unique=False
        )
        batch_op.create_index(batch_op.f("ix_revoked_tokens_user_id"), ["user_id"], unique=False)

    # Ended sessions whose tokens still live stay refused after the downgrade.
    now = sa.literal(datetime.now(UTC), _UTC())
    op.execute(
        _revoked.insert().from_select(
            ["jti", "user_id", "expires_at"],
            sa.select(_sessions.c.id, _sessions.c.user_id, _sessions.c.expires_at).where(
                _sessions.c.ended_at.is_not(None), _sessions.c.expires_at > now
            ),
        )
    )

    with op.batch_alter_table("sign_in_sessions", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_sign_in_sessions_user_id"))
        batch_op.drop_index(batch_op.f("ix_sign_in_sessions_expires_at"))
    op.drop_table("sign_in_sessions")
