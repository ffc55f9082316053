"""Preview states as API responses."""

from __future__ import annotations

from collections.abc import Sequence

from slidewright.previews.choices import ChoiceState
from slidewright.previews.schemas import (
    ChoicePreviewRead,
    ChoicePreviews,
    ProjectPreviews,
    SlidePreviewRead,
)
from slidewright.previews.service import SlidePreviewState
from slidewright.projects.models import Project


def preview_url(project: Project, content_hash: str) -> str:
    return f"/api/projects/{project.id}/previews/{content_hash}.jpg"


def read(project: Project, states: Sequence[SlidePreviewState]) -> ProjectPreviews:
    slides = [
        SlidePreviewRead(
            slide_id=state.slide_id,
            status=state.status,
            hash=state.shown_hash,
            url=preview_url(project, state.shown_hash) if state.shown_hash else None,
            error_code=state.error_code,
            error_message=state.error_message,
        )
        for state in states
    ]
    return ProjectPreviews(
        project_id=project.id,
        version=project.version,
        pending=sum(state.status == "pending" for state in states),
        slides=slides,
    )


def choices(project: Project, states: Sequence[ChoiceState]) -> ChoicePreviews:
    slides = [
        ChoicePreviewRead(
            status=state.status,
            hash=state.content_hash,
            url=preview_url(project, state.content_hash)
            if state.status == "ready" and state.content_hash
            else None,
            error_code=state.error_code,
            error_message=state.error_message,
        )
        for state in states
    ]
    return ChoicePreviews(pending=sum(s.status == "pending" for s in states), slides=slides)
