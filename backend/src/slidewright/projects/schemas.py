from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import Field

from slidewright.core.schemas import ApiModel, OutModel, ReadModel

Lang = Literal["en", "zh-CN", "zh-HK"]
MAX_SLIDES = 200


class SlideIn(ApiModel):
    """A slide as sent by clients. `id` is kept when given, assigned when missing.

    formData maps element names to values: text is a string (newlines are paragraphs); a
    picture is a gallery image id or its `/api/images/{id}/file` URL; a table is
    `{"rows": [[cell, ...], ...]}` (first row = header); a chart is
    `{"categories": [...], "series": [{"name": ..., "values": [numbers]}]}`.
    """

    id: str | None = Field(default=None, max_length=40)
    content_description: str = Field(default="", max_length=20000)
    ai_suggestion_reason_for_content_description: str = Field(default="", max_length=5000)
    pptx_slide_number: int | None = Field(default=None, ge=1)
    ai_suggestion_reason_for_pptx_slide_number: str = Field(default="", max_length=5000)
    form_data: dict[str, Any] = Field(default_factory=dict)
    locked_element_names: list[str] = Field(default_factory=list, max_length=500)
    notes: str = Field(default="", max_length=20000)


class Slide(OutModel):
    id: str
    content_description: str = ""
    ai_suggestion_reason_for_content_description: str = ""
    pptx_slide_number: int | None = None
    ai_suggestion_reason_for_pptx_slide_number: str = ""
    form_data: dict[str, Any] = Field(default_factory=dict)
    locked_element_names: list[str] = Field(default_factory=list)
    notes: str = ""


class ProjectCreate(ApiModel):
    title: str = Field(max_length=300)
    description: str = Field(default="", max_length=20000)
    lang: Lang = "zh-CN"
    num_slides: int = 8
    pptx_file_id: str | None = None
    slides: list[SlideIn] | None = Field(default=None, description="overrides numSlides")


class ProjectUpdate(ApiModel):
    """Partial update. `version` is the version the change was based on (409 when stale)."""

    version: int
    title: str | None = Field(default=None, max_length=300)
    description: str | None = Field(default=None, max_length=20000)
    lang: Lang | None = None
    num_slides: int | None = None
    pptx_file_id: str | None = Field(default=None, description="null removes the template")
    slides: list[SlideIn] | None = Field(default=None, max_length=MAX_SLIDES)


class Warning(OutModel):
    code: str
    message: str
    details: dict[str, Any] = Field(default_factory=dict)


class ProjectSummary(ReadModel):
    title: str
    description: str
    lang: str
    num_slides: int
    pptx_file_id: str | None
    slide_numbers: list[int | None] = Field(description="each slide's template slide number")
    version: int
    created_at: datetime
    updated_at: datetime
    deleted_at: datetime | None


class ProjectRead(ReadModel):
    title: str
    description: str
    lang: str
    num_slides: int
    pptx_file_id: str | None
    slides: list[Slide]
    version: int
    created_at: datetime
    updated_at: datetime
    deleted_at: datetime | None
    warnings: list[Warning] = Field(default_factory=list)


class ProjectImageLink(ApiModel):
    scope: Literal["auto"] = "auto"
