from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import Field

from slidewright.core.read_only import UpdateModel, accepts_read
from slidewright.core.schemas import ApiModel, OutModel, ReadModel

Lang = Literal["en", "zh-CN", "zh-HK"]
MAX_SLIDES = 200


class OrderBasis(ApiModel):
    """Parts of a slide written for the deck's slide order of the time: agenda elements list the
    slides, speaker notes lead from one slide to the next. `fingerprint` names that order (the
    client's hash of the slide ids in order); once the deck's order differs (slides deleted, moved
    or added), clients mark those parts for refresh until they are regenerated or the user keeps
    them (which stores the new order's fingerprint)."""

    fingerprint: str = Field(min_length=1, max_length=64)
    elements: list[str] = Field(default_factory=list, max_length=100)
    notes: bool = False


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
    written_for_order: OrderBasis | None = Field(
        default=None, description="what of the slide depends on the slide order it was written for"
    )


class Slide(OutModel):
    id: str
    content_description: str = ""
    ai_suggestion_reason_for_content_description: str = ""
    pptx_slide_number: int | None = None
    ai_suggestion_reason_for_pptx_slide_number: str = ""
    form_data: dict[str, Any] = Field(default_factory=dict)
    locked_element_names: list[str] = Field(default_factory=list)
    notes: str = ""
    written_for_order: OrderBasis | None = None


class ProjectCreate(ApiModel):
    title: str = Field(max_length=300)
    description: str = Field(default="", max_length=20000)
    lang: Lang = "zh-CN"
    num_slides: int = 8
    pptx_file_id: str | None = None
    slides: list[SlideIn] | None = Field(default=None, description="overrides numSlides")


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


# `warnings` reports what the last update did, not stored state; `slideNumbers` (in the list's
# summaries) is a projection of `slides`, which the same body may change.
@accepts_read(ProjectRead, ProjectSummary, server_computed={"warnings", "slide_numbers"})
class ProjectUpdate(UpdateModel):
    """Partial update. `version` is the version the change was based on (409 when stale)."""

    version: int
    title: str | None = Field(default=None, max_length=300)
    description: str | None = Field(default=None, max_length=20000)
    lang: Lang | None = None
    num_slides: int | None = None
    pptx_file_id: str | None = Field(default=None, description="null removes the template")
    slides: list[SlideIn] | None = Field(default=None, max_length=MAX_SLIDES)


class ProjectImageLink(ApiModel):
    scope: Literal["auto"] = "auto"
