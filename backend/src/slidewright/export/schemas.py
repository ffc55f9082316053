from __future__ import annotations

from typing import Literal

from pydantic import Field

from slidewright.core.schemas import OutModel

IssueKind = Literal[
    "missing_template_slide", "empty_element", "text_overflow", "missing_image", "other"
]


class PreflightIssue(OutModel):
    kind: IssueKind
    element: str | None = None
    message: str = Field(description="English detail; the UI translates `kind`")
    needed: float | None = Field(default=None, description="text_overflow: height needed / box")


class PreflightSlide(OutModel):
    slide_index: int = Field(description="1-based position in the project")
    slide_id: str
    issues: list[PreflightIssue]


class PreflightReport(OutModel):
    ready: bool = Field(description="true when no slide has an issue")
    exported_slides: int
    slides: list[PreflightSlide] = Field(description="only slides that have issues")
