"""Project rows as API responses."""

from __future__ import annotations

from slidewright.core.errors import AppError
from slidewright.projects.models import Project
from slidewright.projects.schemas import ProjectRead, ProjectSummary, Slide, Warning


def summary(project: Project) -> ProjectSummary:
    return ProjectSummary(
        id=project.id,
        title=project.title,
        description=project.description,
        lang=project.lang,
        num_slides=project.num_slides,
        pptx_file_id=project.pptx_file_id,
        slide_numbers=[slide.get("pptxSlideNumber") for slide in project.slides],
        version=project.version,
        created_at=project.created_at,
        updated_at=project.updated_at,
        deleted_at=project.deleted_at,
    )


def detail(
    project: Project, lang: str = "en", warnings: list[AppError] | None = None
) -> ProjectRead:
    return ProjectRead(
        id=project.id,
        title=project.title,
        description=project.description,
        lang=project.lang,
        num_slides=project.num_slides,
        pptx_file_id=project.pptx_file_id,
        slides=[Slide.model_validate(slide) for slide in project.slides],
        version=project.version,
        created_at=project.created_at,
        updated_at=project.updated_at,
        deleted_at=project.deleted_at,
        warnings=[
            Warning(code=w.code, message=w.message(lang), details=w.details) for w in warnings or []
        ],
    )
