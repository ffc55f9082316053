"""Decks for benchmarks, built in code (a realistic mix of text, tables, charts, pictures)."""

from __future__ import annotations

import io

from PIL import Image
from pptx import Presentation
from pptx.chart.data import CategoryChartData
from pptx.enum.chart import XL_CHART_TYPE
from pptx.util import Inches


def _picture() -> io.BytesIO:
    image = Image.linear_gradient("L").resize((800, 450)).convert("RGB")
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", quality=85)
    buffer.seek(0)
    return buffer


def mixed_deck(slides: int) -> bytes:
    prs = Presentation()
    prs.slide_width, prs.slide_height = Inches(13.333), Inches(7.5)
    picture = _picture()
    for number in range(1, slides + 1):
        slide = prs.slides.add_slide(prs.slide_layouts[5])
        slide.shapes.title.text = f"Slide {number}: quarterly results and outlook"
        kind = number % 4
        if kind == 0:
            box = slide.shapes.add_textbox(Inches(1), Inches(2), Inches(11), Inches(4))
            box.text_frame.text = "Revenue grew 12% year on year\nMargins improved\nOutlook: stable"
        elif kind == 1:
            table = slide.shapes.add_table(5, 4, Inches(1), Inches(2), Inches(11), Inches(4)).table
            for r in range(5):
                for c in range(4):
                    table.cell(r, c).text = f"R{r}C{c}"
        elif kind == 2:
            data = CategoryChartData()
            data.categories = ["Q1", "Q2", "Q3", "Q4"]
            data.add_series("2025", (1.2, 1.5, 1.7, 2.1))
            data.add_series("2026", (1.4, 1.8, 2.0, 2.6))
            slide.shapes.add_chart(
                XL_CHART_TYPE.COLUMN_CLUSTERED, Inches(1), Inches(2), Inches(11), Inches(4.5), data
            )
        else:
            picture.seek(0)
            slide.shapes.add_picture(picture, Inches(1), Inches(2), Inches(6), Inches(3.4))
    buffer = io.BytesIO()
    prs.save(buffer)
    return buffer.getvalue()
