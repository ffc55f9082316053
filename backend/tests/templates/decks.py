"""Small decks built in code for template tests."""

from __future__ import annotations

import io

from pptx import Presentation
from pptx.chart.data import CategoryChartData
from pptx.enum.chart import XL_CHART_TYPE
from pptx.util import Inches


def simple_deck(slides: int = 3) -> bytes:
    prs = Presentation()
    prs.slide_width, prs.slide_height = Inches(13.333), Inches(7.5)
    for number in range(1, slides + 1):
        slide = prs.slides.add_slide(prs.slide_layouts[1])
        slide.shapes.title.text = f"Slide {number}"
        slide.placeholders[1].text = "First point\nSecond point"
    chart_data = CategoryChartData()
    chart_data.categories = ["Q1", "Q2"]
    chart_data.add_series("Sales", (1, 2))
    prs.slides[0].shapes.add_chart(
        XL_CHART_TYPE.COLUMN_CLUSTERED, Inches(6), Inches(2), Inches(4), Inches(3), chart_data
    )
    buffer = io.BytesIO()
    prs.save(buffer)
    return buffer.getvalue()


def rich_deck() -> bytes:
    """Slide 1: title, body, chart. Slide 2: title, table. Slide 3: title, picture, a shape."""
    from PIL import Image
    from pptx.enum.shapes import MSO_SHAPE

    prs = Presentation(io.BytesIO(simple_deck(1)))
    table_slide = prs.slides.add_slide(prs.slide_layouts[5])
    table_slide.shapes.title.text = "Numbers"
    table = table_slide.shapes.add_table(3, 3, Inches(1), Inches(2), Inches(8), Inches(3)).table
    for r in range(3):
        for c in range(3):
            table.cell(r, c).text = f"r{r}c{c}"
    picture_slide = prs.slides.add_slide(prs.slide_layouts[5])
    picture_slide.shapes.title.text = "Picture"
    image = io.BytesIO()
    Image.new("RGB", (400, 300), "teal").save(image, "PNG")
    image.seek(0)
    picture_slide.shapes.add_picture(image, Inches(1), Inches(2), Inches(4), Inches(3))
    picture_slide.shapes.add_shape(MSO_SHAPE.OVAL, Inches(10), Inches(6), Inches(1), Inches(1))
    buffer = io.BytesIO()
    prs.save(buffer)
    return buffer.getvalue()
