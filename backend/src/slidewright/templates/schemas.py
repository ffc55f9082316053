from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import Field

from slidewright.core.read_only import UpdateModel, accepts_read
from slidewright.core.schemas import OutModel, ReadModel
from slidewright.jobs.schemas import JobRead

ElementType = Literal["shape", "text", "picture", "table", "chart", "other"]


class Boundary(OutModel):
    """Position and size in inches, absolute on the slide."""

    x: float
    y: float
    width: float
    height: float


class Placeholder(OutModel):
    type: str
    idx: int


class TextCapacity(OutModel):
    """How much text fits: the sample's length and the box's estimated capacity."""

    sample_chars: int
    paragraph_count: int
    font_size_pt: float | None = None
    max_chars: int
    max_chars_cjk: int


class TableSize(OutModel):
    rows: int
    cols: int


class ChartShape(OutModel):
    chart_type: str
    category_count: int
    series_count: int


class TemplateElement(OutModel):
    name: str
    shape_id: int
    type: ElementType
    inner_text: str
    hidden: bool
    is_locked: bool
    boundary: Boundary
    placeholder: Placeholder | None = None
    capacity: TextCapacity | None = None
    table: TableSize | None = None
    chart: ChartShape | None = None


class ParsedSlide(OutModel):
    slide_number: int
    description: str = ""
    layout_name: str = ""
    hidden: bool = False
    notes: str = ""
    elements: list[TemplateElement]


class PptxFileSummary(ReadModel):
    filename: str
    description: str
    public: bool
    owner_id: str
    builtin: bool
    can_edit: bool
    size: int
    slide_count: int
    slide_width: float = Field(description="inches")
    slide_height: float = Field(description="inches")
    thumbnail_slides: list[int] = Field(description="slide numbers that have a thumbnail")
    slides_missing_description: list[int]
    created_at: datetime
    updated_at: datetime


class PptxFileRead(PptxFileSummary):
    parsed_slides: list[ParsedSlide]
    render_job: JobRead | None = Field(default=None, description="the latest thumbnail job")


# The slides have their own update routes, which check them; their descriptions are shown
# translated to Chinese readers of built-ins. Thumbnails and the render job change as background
# rendering goes on, and which slides lack a description follows the slides.
@accepts_read(
    PptxFileRead,
    server_computed={
        "parsed_slides",
        "render_job",
        "thumbnail_slides",
        "slides_missing_description",
    },
)
class PptxFileUpdate(UpdateModel):
    filename: str | None = Field(default=None, max_length=255)
    description: str | None = Field(default=None, max_length=5000)


@accepts_read(ParsedSlide)
class SlideDescriptionUpdate(UpdateModel):
    """The slide as read may be sent; its `elements` are compared by value (lock them with
    `element-locked`)."""

    description: str = Field(max_length=5000)


@accepts_read(TemplateElement)
class ElementLockUpdate(UpdateModel):
    """The element as read (plus its `elementIndex`) may be sent."""

    element_index: int = Field(ge=0)
    is_locked: bool
