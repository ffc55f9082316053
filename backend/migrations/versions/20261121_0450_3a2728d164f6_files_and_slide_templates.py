"""files and slide templates: uploaded .pptx/.key files and named single-slide Templates

Revision ID: 3a2728d164f6
Revises: ceda29e69b30
Create Date: 2026-11-21 04:50:44.965697
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import slidewright.core.db

revision: str = "3a2728d164f6"
down_revision: str | None = "ceda29e69b30"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "uploaded_files",
        sa.Column("id", sa.String(length=26), nullable=False),
        sa.Column("owner_id", sa.String(length=26), nullable=False),
        sa.Column("name", sa.String(length=255), nullable=False),
        sa.Column("type", sa.String(length=10), nullable=False),
        sa.Column("size", sa.Integer(), nullable=False),
        sa.Column("source_key", sa.String(length=300), nullable=False),
        sa.Column("converted_key", sa.String(length=300), nullable=True),
        sa.Column("slide_count", sa.Integer(), nullable=False),
        sa.Column("thumbnails", sa.JSON(), nullable=False),
        sa.Column("created_at", slidewright.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["owner_id"],
            ["users.id"],
            name=op.f("fk_uploaded_files_owner_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_uploaded_files")),
    )
    with op.batch_alter_table("uploaded_files", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_uploaded_files_owner_id"), ["owner_id"], unique=False)

    op.create_table(
        "slide_templates",
        sa.Column("id", sa.String(length=26), nullable=False),
        sa.Column("owner_id", sa.String(length=26), nullable=False),
        sa.Column("name", sa.String(length=255), nullable=False),
        sa.Column("description", sa.Text(), nullable=False),
        sa.Column("type", sa.String(length=50), nullable=False),
        sa.Column("source_file_id", sa.String(length=26), nullable=False),
        sa.Column("source_index", sa.Integer(), nullable=False),
        sa.Column("created_at", slidewright.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["owner_id"],
            ["users.id"],
            name=op.f("fk_slide_templates_owner_id_users"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["source_file_id"],
            ["uploaded_files.id"],
            name=op.f("fk_slide_templates_source_file_id_uploaded_files"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_slide_templates")),
    )
    with op.batch_alter_table("slide_templates", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_slide_templates_owner_id"), ["owner_id"], unique=False)
        batch_op.create_index(
            batch_op.f("ix_slide_templates_source_file_id"), ["source_file_id"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("slide_templates", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_slide_templates_source_file_id"))
        batch_op.drop_index(batch_op.f("ix_slide_templates_owner_id"))

    op.drop_table("slide_templates")
    with op.batch_alter_table("uploaded_files", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_uploaded_files_owner_id"))

    op.drop_table("uploaded_files")
