"""tag name keys, revoked tokens and API tokens

Tag names become unique per owner whatever their letter case ("Product" and "product" are one
tag), through a case-folded `name_key`. Existing twins keep their rows: the later one is renamed
"name (2)" so nothing a user tagged is lost. `revoked_tokens` lets one browser sign out without
ending the user's other sessions; `api_tokens` holds personal access tokens, hashed.

Revision ID: 5e1f0c2a9b71
Revises: 8c6d6409fda4
Create Date: 2026-11-25 06:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import slidewright.core.db

revision: str = "5e1f0c2a9b71"
down_revision: str | None = "8c6d6409fda4"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _backfill_name_keys() -> None:
    """Case-folds every name in Python (SQL's lower() differs between engines, e.g. for ß)."""
    bind = op.get_bind()
    tags = sa.table(
        "tags",
        sa.column("id", sa.String),
        sa.column("owner_id", sa.String),
        sa.column("name", sa.String),
        sa.column("name_key", sa.String),
    )
    rows = bind.execute(sa.select(tags.c.id, tags.c.owner_id, tags.c.name).order_by(tags.c.id))
    taken: set[tuple[str, str]] = set()
    for tag_id, owner_id, name in rows.all():
        new_name, number = name, 1
        while (owner_id, new_name.casefold()) in taken:
            number += 1
            new_name = f"{name} ({number})"
        taken.add((owner_id, new_name.casefold()))
        bind.execute(
            tags.update()
            .where(tags.c.id == tag_id)
            .values(name=new_name, name_key=new_name.casefold())
        )


def upgrade() -> None:
    op.create_table(
        "api_tokens",
        sa.Column("id", sa.String(length=26), nullable=False),
        sa.Column("user_id", sa.String(length=26), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("scope", sa.String(length=10), nullable=False),
        sa.Column("secret_hash", sa.String(length=64), nullable=False),
        sa.Column("prefix", sa.String(length=20), nullable=False),
        sa.Column("created_at", slidewright.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("expires_at", slidewright.core.db.UTCDateTime(timezone=True), nullable=True),
        sa.Column("last_used_at", slidewright.core.db.UTCDateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_api_tokens_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_api_tokens")),
        sa.UniqueConstraint("secret_hash", name=op.f("uq_api_tokens_secret_hash")),
    )
    with op.batch_alter_table("api_tokens", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_api_tokens_user_id"), ["user_id"], unique=False)
    op.create_table(
        "revoked_tokens",
        sa.Column("jti", sa.String(length=26), nullable=False),
        sa.Column("user_id", sa.String(length=26), nullable=False),
        sa.Column("expires_at", slidewright.core.db.UTCDateTime(timezone=True), nullable=False),
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

    with op.batch_alter_table("tags", schema=None) as batch_op:
        batch_op.add_column(sa.Column("name_key", sa.String(length=200), nullable=True))
    _backfill_name_keys()
    with op.batch_alter_table("tags", schema=None) as batch_op:
        batch_op.alter_column("name_key", existing_type=sa.String(length=200), nullable=False)
        batch_op.drop_constraint(batch_op.f("uq_tags_owner_id"), type_="unique")
        batch_op.create_unique_constraint(batch_op.f("uq_tags_owner_id"), ["owner_id", "name_key"])


def downgrade() -> None:
    with op.batch_alter_table("tags", schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f("uq_tags_owner_id"), type_="unique")
        batch_op.create_unique_constraint(batch_op.f("uq_tags_owner_id"), ["owner_id", "name"])
        batch_op.drop_column("name_key")
    with op.batch_alter_table("revoked_tokens", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_revoked_tokens_user_id"))
        batch_op.drop_index(batch_op.f("ix_revoked_tokens_expires_at"))
    op.drop_table("revoked_tokens")
    with op.batch_alter_table("api_tokens", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_api_tokens_user_id"))
    op.drop_table("api_tokens")
