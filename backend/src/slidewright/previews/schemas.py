from __future__ import annotations

from typing import Literal

from pydantic import Field

from slidewright.core.schemas import ApiModel, OutModel
from slidewright.previews.choices import MAX_CANDIDATES
from slidewright.projects.schemas import SlideIn


class SlidePreviewRead(OutModel):
    """One slide's picture as the export draws it."""

    slide_id: str
    status: Literal["ready", "pending", "failed", "none"] = Field(
        description="ready: `url` shows the slide as saved; pending: a render is under way and "
        "`url` (when set) is the previous one; failed: see `errorCode` (`url` is the previous "
        "render, if any); none: no template slide, nothing to draw"
    )
    hash: str | None = Field(description="content hash of the picture `url` shows")
    url: str | None = Field(description="the 640x360 JPEG (send your bearer token)")
    error_code: str | None = None
    error_message: str | None = None


class ProjectPreviews(OutModel):
    project_id: str
    version: int = Field(description="the project version these previews describe")
    pending: int = Field(description="how many slides are still being rendered")
    slides: list[SlidePreviewRead]


class ChoicePreviewsRequest(ApiModel):
    """Slides the project might hold: one slide on each template slide a picker offers."""

    slides: list[SlideIn] = Field(min_length=1, max_length=MAX_CANDIDATES)


class ChoicePreviewRead(OutModel):
    status: Literal["ready", "pending", "failed", "none"] = Field(
        description="ready: `url` shows the slide as it would be; pending: being drawn, ask "
        "again; failed: see `errorCode`; none: no template slide, nothing to draw"
    )
    hash: str | None = Field(description="content hash of the picture")
    url: str | None = Field(description="the 640x360 JPEG once ready (send your bearer token)")
    error_code: str | None = None
    error_message: str | None = None


class ChoicePreviews(OutModel):
    pending: int = Field(description="how many are still being drawn: ask again until 0")
    slides: list[ChoicePreviewRead] = Field(description="in the order of the request")
