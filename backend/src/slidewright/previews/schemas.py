from __future__ import annotations

from typing import Literal

from pydantic import Field

from slidewright.core.schemas import OutModel


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
