"""The ten sample slides, built the same way for every theme.

Every slide starts from its layout: the layout's placeholders are cloned onto the slide,
renamed to their element names and filled with sample text, so their look comes from the
layout. A per-kind step then adds what a layout cannot hold: the native chart, table and
picture, and the cards that group content (named 'Decoration N', text-less, hence locked by
default in the reader).
"""

from __future__ import annotations

import io
from collections.abc import Callable

from pptx.presentation import Presentation
from pptx.slide import Slide, SlideLayout
from pptx.text.text import TextFrame

from slidewright.builtin import drawingml as dml
from slidewright.builtin.artwork import gradient_artwork
from slidewright.builtin.content import Paragraphs
from slidewright.builtin.editions import Edition
from slidewright.builtin.graphics import add_column_chart, add_table
from slidewright.builtin.layouts import (
    CARD_PADDING,
    COMPARISON,
    LAYOUTS,
    LEFT_CARD,
    PICTURE,
    RIGHT_CARD,
    TAKEAWAY_CARD,
    LayoutSpec,
)
from slidewright.builtin.style import Decor, Paint, Rect, Theme

SLIDE_KINDS = tuple(spec.kind for spec in LAYOUTS)


def _fill_text(frame: TextFrame, paragraphs: Paragraphs, edition: Edition) -> None:
    """One paragraph per item, at its level: bullets and numbers come from the layout."""
    for number, (level, text) in enumerate(paragraphs):
        paragraph = frame.paragraphs[0] if number == 0 else frame.add_paragraph()
        paragraph.level = level
        run = paragraph.add_run()
        run.text = text
        run.font.language_id = edition.language_id


def _slide_from_layout(
    prs: Presentation, layout: SlideLayout, spec: LayoutSpec, edition: Edition
) -> Slide:
    """A new slide whose placeholders carry the layout's element names and sample text."""
    slide = prs.slides.add_slide(layout)
    texts = edition.text.get(spec.kind, {})
    for slot in spec.slots:
        placeholder = slide.placeholders[slot.idx]
        placeholder.name = edition.name(slot.name)
        if slot.name in texts:
            _fill_text(placeholder.text_frame, texts[slot.name], edition)
    return slide


def _add_decorations(slide: Slide, decors: list[Decor], theme: Theme, edition: Edition) -> None:
    """Text-less shapes behind everything else on the slide, numbered 'Decoration N'."""
    tree = slide.shapes.element
    first_shape_position = 2  # after p:nvGrpSpPr and p:grpSpPr
    for number, decor in enumerate(decors, start=1):
        name = edition.numbered("Decoration", number)
        shape = dml.decor_shape(dml.next_shape_id(tree), name, decor, theme.base)
        tree.insert(first_shape_position + number - 1, shape)


def _comparison_extras(slide: Slide, theme: Theme, edition: Edition) -> None:
    decors = [Decor(card, theme.card) for card in (LEFT_CARD, RIGHT_CARD)]
    for side, card in (("Left", LEFT_CARD), ("Right", RIGHT_CARD)):
        heading = COMPARISON.slot(f"{side} Heading").rect
        decors.append(
            Decor(Rect(card.x + CARD_PADDING, heading.bottom + 0.12, 0.5, 0.045), Paint("@accent"))
        )
    _add_decorations(slide, decors, theme, edition)


def _picture_extras(slide: Slide, theme: Theme, edition: Edition) -> None:
    start, end, glow = (theme.rgb(Paint(role)) for role in theme.artwork)
    placeholder = slide.placeholders[PICTURE.slot("Picture").idx]
    picture = placeholder.insert_picture(io.BytesIO(gradient_artwork(start, end, glow)))
    picture.name = edition.name("Picture")
    picture.element.nvPicPr.cNvPr.set("descr", edition.picture_description)


def _chart_extras(slide: Slide, theme: Theme, edition: Edition) -> None:
    accent_edge = Rect(TAKEAWAY_CARD.x, TAKEAWAY_CARD.y, 0.06, TAKEAWAY_CARD.h)
    _add_decorations(
        slide,
        [Decor(TAKEAWAY_CARD, theme.card), Decor(accent_edge, Paint("@accent"))],
        theme,
        edition,
    )
    add_column_chart(slide, theme, edition)


def _table_extras(slide: Slide, theme: Theme, edition: Edition) -> None:
    add_table(slide, theme, edition)


_EXTRAS: dict[str, Callable[[Slide, Theme, Edition], None]] = {
    "comparison": _comparison_extras,
    "picture": _picture_extras,
    "chart": _chart_extras,
    "table": _table_extras,
}


def add_sample_slides(
    prs: Presentation, layouts: dict[str, SlideLayout], theme: Theme, edition: Edition
) -> None:
    """The ten slides, in catalogue order, in the edition's language."""
    for spec in LAYOUTS:
        slide = _slide_from_layout(prs, layouts[spec.kind], spec, edition)
        extras = _EXTRAS.get(spec.kind)
        if extras is not None:
            extras(slide, theme, edition)
