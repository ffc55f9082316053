"""What the MCP tools answer, when it differs from the REST API's own response models.

An assistant reads every answer into its context, so a template is shown as what it needs to
write a deck (each slide's purpose and its fillable elements with their capacity), not with
geometry and thumbnails; projects, outlines and preflight reports are the REST models as is.
"""

from __future__ import annotations

from pydantic import Field

from slidewright.ai.schemas import SkippedElement
from slidewright.core.schemas import OutModel, ReadModel
from slidewright.projects.schemas import ProjectRead
from slidewright.templates.schemas import ChartShape, PptxFileRead, TableSize, TextCapacity

_FILLABLE = ("text", "picture", "table", "chart")
_SAMPLE_CHARS = 200


class TemplateElementBrief(OutModel):
    name: str = Field(description="the key of this element's value in a slide's formData")
    type: str = Field(description="text, picture, table or chart")
    is_locked: bool = Field(description="locked elements keep the template's content")
    sample: str = Field(description="the template's own content, shortened")
    capacity: TextCapacity | None = None
    table: TableSize | None = None
    chart: ChartShape | None = None


class TemplateSlideBrief(OutModel):
    slide_number: int = Field(description="the value of a project slide's pptxSlideNumber")
    description: str = Field(description="what the slide is for")
    layout_name: str
    hidden: bool
    elements: list[TemplateElementBrief]


class TemplateSlides(ReadModel):
    filename: str
    description: str
    builtin: bool
    slide_count: int
    slides: list[TemplateSlideBrief]


class SlideFill(OutModel):
    slide_index: int = Field(description="0-based, as in the project's slides")
    filled: list[str] = Field(description="elements that got a value")
    notes_filled: bool
    skipped: list[SkippedElement] = Field(description="unlocked elements left without a value")


class FillReport(OutModel):
    slides: list[SlideFill]
    project: ProjectRead


class ExportLink(OutModel):
    download_url: str = Field(
        description="GET it with the same `Authorization: Bearer` header as this endpoint"
    )
    filename: str
    size_bytes: int


def template_slides(read: PptxFileRead) -> TemplateSlides:
    """A template (as the REST API reads it, in the caller's language) for an assistant."""
    slides = [
        TemplateSlideBrief(
            slide_number=slide.slide_number,
            description=slide.description,
            layout_name=slide.layout_name,
            hidden=slide.hidden,
            elements=[
                TemplateElementBrief(
                    name=element.name,
                    type=element.type,
                    is_locked=element.is_locked,
                    sample=_shortened(element.inner_text),
                    capacity=element.capacity,
                    table=element.table,
                    chart=element.chart,
                )
                for element in slide.elements
                if element.type in _FILLABLE and not element.hidden
            ],
        )
        for slide in read.parsed_slides
    ]
    return TemplateSlides(
        id=read.id,
        filename=read.filename,
        description=read.description,
        builtin=read.builtin,
        slide_count=read.slide_count,
        slides=slides,
    )


def _shortened(text: str) -> str:
    return text if len(text) <= _SAMPLE_CHARS else text[: _SAMPLE_CHARS - 1] + "…"
