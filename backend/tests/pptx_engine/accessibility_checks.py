"""Deck checks for the accessibility tests, written with python-pptx's own API.

The app's checker (`slidewright.pptx_engine.accessibility.accessibility_problems`) is what the
export and preflight use; these independent checks make sure a deck the app calls clean really
has what PowerPoint's Accessibility Checker looks for, read the way any python-pptx user would.
"""

from __future__ import annotations

import io
from typing import Any

from pptx import Presentation
from pptx.enum.shapes import MSO_SHAPE_TYPE, PP_PLACEHOLDER

DECORATIVE_URI = "{C183D7F6-B498-43B3-948B-1728B52AA6E4}"
ADEC = "{http://schemas.microsoft.com/office/drawing/2017/decorative}"
A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
TITLES = (PP_PLACEHOLDER.TITLE, PP_PLACEHOLDER.CENTER_TITLE)


def walk(shapes: Any) -> Any:
    for shape in shapes:
        yield shape
        if shape.shape_type == MSO_SHAPE_TYPE.GROUP:
            yield from walk(shape.shapes)


def c_nv_pr(shape: Any) -> Any:
    return shape._element.find(
        ".//{http://schemas.openxmlformats.org/presentationml/2006/main}cNvPr"
    )


def decorative(shape: Any) -> bool:
    """PowerPoint's "Mark as decorative": `a:ext` with its URI holding `adec:decorative val=1`."""
    for ext in c_nv_pr(shape).iterfind(f"{A}extLst/{A}ext"):
        mark = ext.find(f"{ADEC}decorative")
        if ext.get("uri") == DECORATIVE_URI and mark is not None and mark.get("val") == "1":
            return True
    return False


def is_picture(shape: Any) -> bool:
    return shape._element.tag.endswith("}pic")


def title_of(slide: Any) -> Any:
    for shape in slide.shapes:
        if shape.is_placeholder and shape.placeholder_format.type in TITLES:
            return shape
    return None


def deck_gaps(pptx: bytes) -> list[str]:
    """What the deck lacks, one line per gap (empty when it has everything)."""
    gaps = []
    for number, slide in enumerate(Presentation(io.BytesIO(pptx)).slides, start=1):
        title = title_of(slide)
        if title is None or not title.text_frame.text.strip():
            gaps.append(f"slide {number}: no title")
        for shape in walk(slide.shapes):
            if is_picture(shape) and not (c_nv_pr(shape).get("descr") or decorative(shape)):
                gaps.append(f"slide {number}: picture {shape.name!r} without alt text")
            if shape.has_chart and not (c_nv_pr(shape).get("descr") or decorative(shape)):
                gaps.append(f"slide {number}: chart {shape.name!r} without alt text")
            if shape.has_table and not shape.table.first_row:
                gaps.append(f"slide {number}: table {shape.name!r} without header row")
    return gaps


def read_order(slide: Any) -> list[str]:
    """Names of the top-level shapes a screen reader reads, in the order it reads them."""
    names = []
    for shape in slide.shapes:
        if shape.shape_type in (MSO_SHAPE_TYPE.AUTO_SHAPE, MSO_SHAPE_TYPE.FREEFORM) and not (
            shape.has_text_frame and shape.text_frame.text.strip()
        ):
            continue  # a shape without text is decoration
        if shape.has_text_frame and not shape.text_frame.text.strip():
            continue  # an empty placeholder is not read
        if is_picture(shape) and decorative(shape):
            continue
        names.append(shape.name)
    return names
