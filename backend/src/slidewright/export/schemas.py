from __future__ import annotations

from typing import Literal

from pydantic import Field

from slidewright.core.schemas import OutModel
from slidewright.pptx_engine.results import WarningCode

# `accessibility`: what PowerPoint's Accessibility Checker would flag in the exported slide;
# its `code` says what (missing_slide_title, missing_alt_text, table_without_header,
# reading_order).
IssueKind = Literal[
    "missing_template_slide",
    "empty_element",
    "text_overflow",
    "missing_image",
    "accessibility",
    "other",
]


class PreflightIssue(OutModel):
    kind: IssueKind
    element: str | None = None
    message: str = Field(description="English detail; the UI translates `kind` and `code`")
    needed: float | None = Field(default=None, description="text_overflow: height needed / box")
    code: WarningCode | None = Field(
        default=None,
        description=(
            "The export engine's warning code when the engine found the issue (e.g. "
            "chart_data_adjusted for an `other` issue, missing_alt_text for an "
            "`accessibility` one); null for issues found before the fill. "
            "New codes may appear: a client that does not know one falls back to `kind`."
        ),
    )


class PreflightSlide(OutModel):
    slide_index: int = Field(description="1-based position in the project")
    slide_id: str
    issues: list[PreflightIssue]


class PreflightReport(OutModel):
    ready: bool = Field(description="true when no slide has an issue")
    exported_slides: int
    slides: list[PreflightSlide] = Field(description="only slides that have issues")
