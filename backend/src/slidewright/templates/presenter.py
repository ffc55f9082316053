"""Turning template rows into API responses (in the caller's language for built-ins)."""

from __future__ import annotations

from typing import Any

from slidewright.jobs.models import Job
from slidewright.jobs.schemas import JobRead
from slidewright.templates.models import PptxFile
from slidewright.templates.schemas import ParsedSlide, PptxFileRead, PptxFileSummary
from slidewright.templates.service import can_edit
from slidewright.users.models import User


def _translated(pptx_file: PptxFile, lang: str) -> dict[str, Any]:
    if lang.startswith("zh"):
        return dict(pptx_file.translations.get("zh-CN") or {})
    return {}


def _summary_fields(pptx_file: PptxFile, user: User, lang: str) -> dict[str, Any]:
    translated = _translated(pptx_file, lang)
    slide_texts = translated.get("slides", {})
    descriptions = [
        slide_texts.get(str(slide["slideNumber"])) or slide.get("description", "")
        for slide in pptx_file.parsed_slides
    ]
    return {
        "id": pptx_file.id,
        "filename": pptx_file.filename,
        "description": translated.get("description") or pptx_file.description,
        "public": pptx_file.public,
        "owner_id": pptx_file.owner_id,
        "builtin": pptx_file.builtin_key is not None,
        "can_edit": can_edit(pptx_file, user),
        "size": pptx_file.size,
        "slide_count": pptx_file.slide_count,
        "slide_width": pptx_file.slide_width_in,
        "slide_height": pptx_file.slide_height_in,
        "thumbnail_slides": sorted(int(n) for n in pptx_file.thumbnails),
        "slides_missing_description": [
            number for number, text in enumerate(descriptions, start=1) if not text.strip()
        ],
        "created_at": pptx_file.created_at,
        "updated_at": pptx_file.updated_at,
        "_descriptions": descriptions,
    }


def summary(pptx_file: PptxFile, user: User, lang: str) -> PptxFileSummary:
    fields = _summary_fields(pptx_file, user, lang)
    fields.pop("_descriptions")
    return PptxFileSummary(**fields)


def detail(pptx_file: PptxFile, user: User, lang: str, job: Job | None) -> PptxFileRead:
    fields = _summary_fields(pptx_file, user, lang)
    descriptions = fields.pop("_descriptions")
    slides = [
        ParsedSlide.model_validate({**slide, "description": text})
        for slide, text in zip(pptx_file.parsed_slides, descriptions, strict=True)
    ]
    render_job = JobRead.model_validate(job) if job is not None else None
    return PptxFileRead(**fields, parsed_slides=slides, render_job=render_job)
