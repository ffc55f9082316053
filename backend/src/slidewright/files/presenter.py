"""Turning file rows into API responses (thumbnail URLs, per-slide Templates)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from slidewright.files.models import Template, UploadedFile
from slidewright.files.schemas import FileSlide, TemplateRead, UploadedFileDetail, UploadedFileRead
from slidewright.jobs.models import Job
from slidewright.jobs.schemas import JobRead


def thumbnail_path(uploaded: UploadedFile, slide_number: int) -> str:
    return f"/api/files/{uploaded.id}/thumbnails/{slide_number}"


def _fields(uploaded: UploadedFile) -> dict[str, Any]:
    numbers = sorted(int(n) for n in uploaded.thumbnails)
    return {
        "id": uploaded.id,
        "name": uploaded.name,
        "type": uploaded.type,
        "size": uploaded.size,
        "created_at": uploaded.created_at,
        "slide_count": uploaded.slide_count,
        "thumbnail_paths": [thumbnail_path(uploaded, n) for n in numbers],
    }


def summary(uploaded: UploadedFile) -> UploadedFileRead:
    return UploadedFileRead(**_fields(uploaded))


def detail(
    uploaded: UploadedFile, templates: Sequence[Template], job: Job | None
) -> UploadedFileDetail:
    by_slide: dict[int, list[TemplateRead]] = {}
    for template in templates:
        by_slide.setdefault(template.source_index, []).append(TemplateRead.model_validate(template))
    slides = [
        FileSlide(
            slide_number=number,
            thumbnail_path=(
                thumbnail_path(uploaded, number) if str(number) in uploaded.thumbnails else None
            ),
            templates=by_slide.get(number, []),
        )
        for number in range(1, uploaded.slide_count + 1)
    ]
    render_job = JobRead.model_validate(job) if job is not None else None
    return UploadedFileDetail(**_fields(uploaded), slides=slides, render_job=render_job)
