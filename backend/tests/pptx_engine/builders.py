"""Small decks built in code with python-pptx, for reader tests and the speed check."""

from __future__ import annotations

import io
import zipfile
from typing import Any

from PIL import Image
from pptx import Presentation
from pptx.chart.data import CategoryChartData
from pptx.enum.chart import XL_CHART_TYPE
from pptx.enum.shapes import MSO_CONNECTOR, MSO_SHAPE
from pptx.oxml.ns import qn
from pptx.presentation import Presentation as PresentationObject
from pptx.util import Emu, Inches, Pt

# Layout indexes of python-pptx's default template.
TITLE_SLIDE, TITLE_AND_CONTENT, TITLE_ONLY, BLANK = 0, 1, 5, 6


def png_bytes(width: int = 40, height: int = 30, color: str = "teal") -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (width, height), color).save(buffer, format="PNG")
    return buffer.getvalue()


def new_presentation(widescreen: bool = True) -> PresentationObject:
    prs = Presentation()
    if widescreen:
        prs.slide_width, prs.slide_height = Emu(12192000), Emu(6858000)
    return prs


def to_bytes(prs: PresentationObject) -> bytes:
    buffer = io.BytesIO()
    prs.save(buffer)
    return buffer.getvalue()


def set_group_xfrm(
    group: Any,
    off: tuple[int, int],
    ext: tuple[int, int],
    ch_off: tuple[int, int],
    ch_ext: tuple[int, int],
) -> None:
    """Overwrite a group's transform (python-pptx always writes an identity one)."""
    xfrm = group._element.grpSpPr.get_or_add_xfrm()
    for child in list(xfrm):
        xfrm.remove(child)
    for tag, (a, b), names in (
        ("a:off", off, ("x", "y")),
        ("a:ext", ext, ("cx", "cy")),
        ("a:chOff", ch_off, ("x", "y")),
        ("a:chExt", ch_ext, ("cx", "cy")),
    ):
        element = xfrm.makeelement(qn(tag), {names[0]: str(a), names[1]: str(b)})
        xfrm.append(element)


def add_bar_chart(slide: Any, title: str = "Revenue") -> Any:
    data = CategoryChartData()
    data.categories = ["Q1", "Q2", "Q3"]
    data.add_series("2024", (1.0, 2.0, 3.0))
    data.add_series("2025", (2.0, 3.0, 4.0))
    frame = slide.shapes.add_chart(
        XL_CHART_TYPE.BAR_CLUSTERED, Inches(1), Inches(1), Inches(6), Inches(4), data
    )
    frame.chart.has_title = True
    frame.chart.chart_title.text_frame.text = title
    return frame


def add_table(slide: Any, rows: int = 3, cols: int = 2) -> Any:
    frame = slide.shapes.add_table(rows, cols, Inches(1), Inches(1), Inches(6), Inches(2))
    for r in range(rows):
        for c in range(cols):
            frame.table.cell(r, c).text = f"r{r}c{c}"
    return frame


def replace_content_type(pptx: bytes, old: str, new: str) -> bytes:
    """The package with `old` replaced by `new` in [Content_Types].xml (e.g. to make a .potx)."""
    source = zipfile.ZipFile(io.BytesIO(pptx))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            data = source.read(info)
            if info.filename == "[Content_Types].xml":
                data = data.replace(old.encode(), new.encode())
            target.writestr(info, data)
    return out.getvalue()


def build_deck(slide_count: int = 30) -> bytes:
    """A deck mixing everything the reader handles, `slide_count` slides long."""
    prs = new_presentation()
    image = png_bytes()
    for number in range(1, slide_count + 1):
        kind = number % 5
        if kind == 0:
            slide = prs.slides.add_slide(prs.slide_layouts[TITLE_SLIDE])
            slide.shapes.title.text = f"Section {number}"
            slide.placeholders[1].text = "Subtitle"
        elif kind == 1:
            slide = prs.slides.add_slide(prs.slide_layouts[TITLE_AND_CONTENT])
            slide.shapes.title.text = f"Slide {number}"
            slide.placeholders[1].text_frame.text = "First point\nSecond point\nThird point"
            slide.notes_slide.notes_text_frame.text = f"Speaker notes {number}"
        elif kind == 2:
            slide = prs.slides.add_slide(prs.slide_layouts[TITLE_ONLY])
            slide.shapes.title.text = "Numbers"
            add_table(slide, rows=5, cols=4)
        elif kind == 3:
            slide = prs.slides.add_slide(prs.slide_layouts[TITLE_ONLY])
            slide.shapes.title.text = "Trend"
            add_bar_chart(slide)
        else:
            slide = prs.slides.add_slide(prs.slide_layouts[BLANK])
            slide.shapes.add_picture(io.BytesIO(image), 0, 0, prs.slide_width, prs.slide_height)
            group = slide.shapes.add_group_shape()
            for i in range(4):
                box = group.shapes.add_shape(
                    MSO_SHAPE.ROUNDED_RECTANGLE,
                    Inches(1 + 2 * i),
                    Inches(2),
                    Inches(1.5),
                    Inches(1),
                )
                box.text_frame.text = f"Step {i + 1}"
                box.text_frame.paragraphs[0].runs[0].font.size = Pt(14)
            slide.shapes.add_connector(
                MSO_CONNECTOR.STRAIGHT, Inches(1), Inches(4), Inches(9), Inches(4)
            )
    return to_bytes(prs)
