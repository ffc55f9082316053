from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import JSON, ForeignKey, Index, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from slidewright.core.clock import utcnow
from slidewright.core.db import Base, UTCDateTime
from slidewright.core.ids import new_id

# Material types: the three upload types (by file extension) and text typed in the app.
TYPE_TXT, TYPE_MD, TYPE_DOCX, TYPE_TEXT = "txt", "md", "docx", "text"


@dataclass(frozen=True, slots=True)
class MaterialScope:
    """Which materials a call sees and creates: one owner's, either in the general library
    (`project_id` None: materials outside any project) or in one project.

    Every query and every new material goes through a scope, so the project routes
    (`/api/projects/{id}/materials...`) reuse the same service with `project_id` set.
    """

    owner_id: str
    project_id: str | None = None


class Material(Base):
    """An uploaded (or typed) document and its text as parsed; searchable through its
    passages (`MaterialPassage`)."""

    __tablename__ = "materials"
    # Covers a search's join from the index's passages (scope and order without reading the
    # wide rows): SQLite, which can only join by looking each material up, needs it.
    __table_args__ = (
        Index(
            "ix_materials_id_owner_id_project_id_created_at",
            "id",
            "owner_id",
            "project_id",
            "created_at",
        ),
    )

    id: Mapped[str] = mapped_column(String(26), primary_key=True, default=new_id)
    owner_id: Mapped[str] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    # Projects come later: a plain column for now (the projects migration may add the FK).
    project_id: Mapped[str | None] = mapped_column(String(26), index=True)
    filename: Mapped[str] = mapped_column(String(255))
    type: Mapped[str] = mapped_column(String(10))
    size: Mapped[int] = mapped_column(default=0)
    parsed_text: Mapped[str] = mapped_column(Text, default="")
    enabled: Mapped[bool] = mapped_column(default=True)
    tags: Mapped[list[str]] = mapped_column(JSON, default=list)
    # The original file; None for text typed in the app.
    blob_key: Mapped[str | None] = mapped_column(String(300))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, onupdate=utcnow)


class MaterialPassage(Base):
    """One searchable piece of a material's text (long texts are split, with overlap).

    The full-text index itself is not in the models: it differs by backend and is created by
    hand in the migration (see `materials.search.index`): on SQLite the FTS5 table
    `material_passages_fts` (rowid = passage id) kept in step by a delete trigger, on
    PostgreSQL the `search_vector` tsvector column with a GIN index. `info["unmanaged"]` tells
    the Alembic environment to leave those objects alone.
    """

    __tablename__ = "material_passages"
    __table_args__ = (
        UniqueConstraint("material_id", "ordinal"),
        # Covers a search's step from an FTS5 rowid to its material: SQLite would otherwise
        # read each (wide) passage row (see `materials.search.index`).
        Index("ix_material_passages_id_material_id_ordinal", "id", "material_id", "ordinal"),
        {
            "info": {
                "unmanaged": [
                    "material_passages_fts",
                    "material_passages.search_vector",
                    "ix_material_passages_search_vector",
                ]
            }
        },
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    material_id: Mapped[str] = mapped_column(ForeignKey("materials.id", ondelete="CASCADE"))
    ordinal: Mapped[int]
    body: Mapped[str] = mapped_column(Text)


class ProjectMaterialLink(Base):
    """A library material linked into a project, with the project's own enabled flag.

    Materials uploaded inside a project belong to it (`Material.project_id`); library
    materials are linked instead, so one document can serve several decks and stay in the
    library.
    """

    __tablename__ = "project_materials"

    project_id: Mapped[str] = mapped_column(
        ForeignKey("projects.id", ondelete="CASCADE"), primary_key=True
    )
    material_id: Mapped[str] = mapped_column(
        ForeignKey("materials.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    enabled: Mapped[bool] = mapped_column(default=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
