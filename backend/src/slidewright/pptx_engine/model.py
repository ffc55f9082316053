"""What the reader returns: frozen dataclasses, no python-pptx or lxml objects.

Lengths are inches (rounded to 4 dp), font sizes points. `to_json_dict()` gives the API's camelCase
shape (`slideNumber`, `innerText`, `isLocked`, ...) so the web layer and the CLI agree on it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from slidewright.pptx_engine.units import emu_to_in_rounded

ElementType = Literal["shape", "text", "picture", "table", "chart", "other"]
ELEMENT_TYPES: tuple[ElementType, ...] = ("shape", "text", "picture", "table", "chart", "other")


@dataclass(frozen=True)
class Boundary:
    """Absolute position and size on the slide, in inches, of the unrotated frame."""

    x: float
    y: float
    width: float
    height: float

    @classmethod
    def from_emu(cls, x: float, y: float, width: float, height: float) -> Boundary:
        return cls(
            x=emu_to_in_rounded(x),
            y=emu_to_in_rounded(y),
            width=emu_to_in_rounded(width),
            height=emu_to_in_rounded(height),
        )

    @property
    def area(self) -> float:
        return self.width * self.height

    def to_json_dict(self) -> dict[str, Any]:
        return {"x": self.x, "y": self.y, "width": self.width, "height": self.height}


@dataclass(frozen=True)
class PlaceholderInfo:
    """The `p:ph` of a placeholder: its OOXML type ('title', 'body', 'pic', ...) and idx."""

    type: str
    idx: int

    def to_json_dict(self) -> dict[str, Any]:
        return {"type": self.type, "idx": self.idx}


@dataclass(frozen=True)
class TextCapacity:
    """How much text a text element holds, for the AI and the fill-in UI.

    `sample_chars` and `paragraph_count` describe the template's own sample text (characters
    without paragraph separators; non-empty paragraphs). `max_chars` and `max_chars_cjk` estimate
    how many Latin or CJK characters fit in the box at `font_size_pt` (an 18 pt default is assumed
    when the size could not be resolved, and then `font_size_pt` is None).
    """

    sample_chars: int
    paragraph_count: int
    font_size_pt: float | None
    max_chars: int
    max_chars_cjk: int

    def to_json_dict(self) -> dict[str, Any]:
        return {
            "sampleChars": self.sample_chars,
            "paragraphCount": self.paragraph_count,
            "fontSizePt": self.font_size_pt,
            "maxChars": self.max_chars,
            "maxCharsCjk": self.max_chars_cjk,
        }


@dataclass(frozen=True)
class TableInfo:
    rows: int
    cols: int

    def to_json_dict(self) -> dict[str, Any]:
        return {"rows": self.rows, "cols": self.cols}


@dataclass(frozen=True)
class ChartInfo:
    """`chart_type` is the snake_case name of python-pptx's XL_CHART_TYPE member ('pie',
    'column_clustered', ...) or, for plot kinds python-pptx cannot name, the lower-cased plot
    element ('surface3d'). `category_count` is the first series' point count (x values for XY
    and bubble charts)."""

    chart_type: str
    category_count: int
    series_count: int

    def to_json_dict(self) -> dict[str, Any]:
        return {
            "chartType": self.chart_type,
            "categoryCount": self.category_count,
            "seriesCount": self.series_count,
        }


@dataclass(frozen=True)
class TemplateElement:
    """One element of a template slide.

    `name` is unique on its slide (the key of a project slide's formData). `path` finds the shape
    again: the `cNvPr/@id`s from the slide's spTree down through enclosing groups to the shape
    (a shape wrapped in `mc:AlternateContent` is found by the id of the shape inside it).
    `table` / `chart` are None for an empty table / chart placeholder (a slot to insert one).
    """

    name: str
    shape_id: int
    path: tuple[int, ...]
    type: ElementType
    inner_text: str
    hidden: bool
    is_locked: bool
    boundary: Boundary
    placeholder: PlaceholderInfo | None = None
    capacity: TextCapacity | None = None
    table: TableInfo | None = None
    chart: ChartInfo | None = None

    def to_json_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "shapeId": self.shape_id,
            "path": list(self.path),
            "type": self.type,
            "innerText": self.inner_text,
            "hidden": self.hidden,
            "isLocked": self.is_locked,
            "boundary": self.boundary.to_json_dict(),
            "placeholder": self.placeholder.to_json_dict() if self.placeholder else None,
            "capacity": self.capacity.to_json_dict() if self.capacity else None,
            "table": self.table.to_json_dict() if self.table else None,
            "chart": self.chart.to_json_dict() if self.chart else None,
        }


@dataclass(frozen=True)
class ParsedSlide:
    slide_number: int  # 1-based, in presentation order
    layout_name: str
    hidden: bool
    notes: str  # "" when the slide has no notes
    elements: tuple[TemplateElement, ...]

    def to_json_dict(self) -> dict[str, Any]:
        return {
            "slideNumber": self.slide_number,
            "layoutName": self.layout_name,
            "hidden": self.hidden,
            "notes": self.notes,
            "elements": [element.to_json_dict() for element in self.elements],
        }


@dataclass(frozen=True)
class ParsedDeck:
    slide_width_in: float
    slide_height_in: float
    slides: tuple[ParsedSlide, ...]

    def to_json_dict(self) -> dict[str, Any]:
        return {
            "slideWidthIn": self.slide_width_in,
            "slideHeightIn": self.slide_height_in,
            "slides": [slide.to_json_dict() for slide in self.slides],
        }
