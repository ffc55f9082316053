"""The human-readable tree behind `slidewright pptx inspect`."""

from __future__ import annotations

from slidewright.pptx_engine.reader import read_presentation
from slidewright.pptx_engine.summary import inspect_summary
from tests.pptx_engine.builders import (
    BLANK,
    TITLE_AND_CONTENT,
    add_table,
    new_presentation,
    to_bytes,
)


def test_summary_lists_slides_layouts_elements_and_text() -> None:
    prs = new_presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[TITLE_AND_CONTENT])
    slide.shapes.title.text = "Quarterly review"
    slide.notes_slide.notes_text_frame.text = "Remember the demo"
    hidden = prs.slides.add_slide(prs.slide_layouts[BLANK])
    hidden.element.set("show", "0")
    add_table(hidden, rows=2, cols=2)
    text = inspect_summary(read_presentation(to_bytes(prs)))
    lines = text.splitlines()
    assert lines[0] == "Deck 13.3333 x 7.5 in, 2 slide(s)"
    assert "Slide 1: layout 'Title and Content'" in lines
    assert "Slide 2: layout 'Blank' [hidden]" in lines
    assert any("text    'Title 1' @ 0.5,0.3003 9x1.25 in" in line for line in lines)
    assert "'Quarterly review'" in text
    assert "notes: 'Remember the demo'" in text
    assert any("table   'Table 1'" in line and "(2x2)" in line for line in lines)
    assert "'r0c0 | r0c1 / r1c0 | r1c1'" in text


def test_summary_of_a_slide_without_elements_says_so() -> None:
    prs = new_presentation()
    prs.slides.add_slide(prs.slide_layouts[BLANK])
    assert "  (no elements)" in inspect_summary(read_presentation(to_bytes(prs)))
