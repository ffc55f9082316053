"""Reader behaviour on decks built in code: types, text, geometry, locks, names, slide facts."""

from __future__ import annotations

import io
from typing import Any

import pytest
from lxml import etree
from pptx.enum.shapes import MSO_CONNECTOR, MSO_SHAPE, PP_PLACEHOLDER
from pptx.oxml.ns import qn
from pptx.presentation import Presentation as PresentationObject
from pptx.util import Emu, Inches, Pt

from slidewright.pptx_engine.model import ParsedDeck, ParsedSlide, TemplateElement
from slidewright.pptx_engine.reader import read_presentation
from slidewright.pptx_engine.units import emu_to_in_rounded
from tests.pptx_engine.builders import (
    BLANK,
    TITLE_AND_CONTENT,
    TITLE_ONLY,
    add_bar_chart,
    add_table,
    new_presentation,
    png_bytes,
    set_group_xfrm,
    to_bytes,
)


def read(prs: PresentationObject) -> ParsedDeck:
    return read_presentation(to_bytes(prs))


def only_slide(prs: PresentationObject) -> ParsedSlide:
    deck = read(prs)
    assert len(deck.slides) == 1
    return deck.slides[0]


def by_name(slide: ParsedSlide, name: str) -> TemplateElement:
    matches = [e for e in slide.elements if e.name == name]
    assert matches, f"no element {name!r} in {[e.name for e in slide.elements]}"
    return matches[0]


def inches(*values: float) -> tuple[float, ...]:
    return tuple(round(v, 4) for v in values)


def boundary_of(element: TemplateElement) -> tuple[float, ...]:
    b = element.boundary
    return (b.x, b.y, b.width, b.height)


def blank_slide(prs: PresentationObject) -> Any:
    return prs.slides.add_slide(prs.slide_layouts[BLANK])


# -- deck and slide facts ------------------------------------------------------------------------


def test_slide_size_comes_from_the_file() -> None:
    deck = read(new_presentation(widescreen=True))
    assert (deck.slide_width_in, deck.slide_height_in) == (13.3333, 7.5)
    deck = read(new_presentation(widescreen=False))
    assert (deck.slide_width_in, deck.slide_height_in) == (10.0, 7.5)


def test_slides_are_numbered_from_one_with_their_layout_name() -> None:
    prs = new_presentation()
    prs.slides.add_slide(prs.slide_layouts[TITLE_AND_CONTENT])
    blank_slide(prs)
    deck = read(prs)
    assert [(s.slide_number, s.layout_name) for s in deck.slides] == [
        (1, "Title and Content"),
        (2, "Blank"),
    ]


def test_hidden_slide_is_reported() -> None:
    prs = new_presentation()
    blank_slide(prs)
    blank_slide(prs).element.set("show", "0")
    assert [s.hidden for s in read(prs).slides] == [False, True]


def test_notes_text_is_read_and_empty_without_notes() -> None:
    prs = new_presentation()
    blank_slide(prs).notes_slide.notes_text_frame.text = "Say hello\nThen the demo"
    blank_slide(prs)
    assert [s.notes for s in read(prs).slides] == ["Say hello\nThen the demo", ""]


# -- types and text ------------------------------------------------------------------------------


def test_title_and_body_placeholders_are_text_with_their_paragraphs() -> None:
    prs = new_presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[TITLE_AND_CONTENT])
    slide.shapes.title.text = "Quarterly review"
    slide.placeholders[1].text_frame.text = "Growth\nRisks"
    parsed = only_slide(prs)
    title, body = parsed.elements
    assert (title.type, title.inner_text, title.is_locked) == ("text", "Quarterly review", False)
    assert title.placeholder is not None and title.placeholder.type == "title"
    assert (body.type, body.inner_text) == ("text", "Growth\nRisks")
    assert body.placeholder is not None and body.placeholder.idx == 1


def test_empty_text_placeholder_is_still_a_text_slot() -> None:
    prs = new_presentation()
    prs.slides.add_slide(prs.slide_layouts[TITLE_AND_CONTENT])
    parsed = only_slide(prs)
    assert [(e.type, e.inner_text, e.is_locked) for e in parsed.elements] == [
        ("text", "", False),
        ("text", "", False),
    ]


def test_autoshape_without_text_is_a_locked_shape_and_with_text_is_text() -> None:
    prs = new_presentation()
    slide = blank_slide(prs)
    slide.shapes.add_shape(MSO_SHAPE.OVAL, 0, 0, Inches(1), Inches(1)).name = "Dot"
    labelled = slide.shapes.add_shape(MSO_SHAPE.RECTANGLE, 0, 0, Inches(2), Inches(1))
    labelled.name = "Label"
    labelled.text_frame.text = "Step 1"
    slide.shapes.add_connector(MSO_CONNECTOR.STRAIGHT, 0, 0, Inches(3), Inches(3)).name = "Line"
    parsed = only_slide(prs)
    assert (by_name(parsed, "Dot").type, by_name(parsed, "Dot").is_locked) == ("shape", True)
    assert (by_name(parsed, "Label").type, by_name(parsed, "Label").is_locked) == ("text", False)
    assert (by_name(parsed, "Line").type, by_name(parsed, "Line").is_locked) == ("shape", True)


def test_empty_text_box_is_text() -> None:
    prs = new_presentation()
    blank_slide(prs).shapes.add_textbox(0, 0, Inches(3), Inches(1)).name = "Caption"
    assert by_name(only_slide(prs), "Caption").type == "text"


def test_line_breaks_inside_a_paragraph_read_as_newlines() -> None:
    prs = new_presentation()
    box = blank_slide(prs).shapes.add_textbox(0, 0, Inches(3), Inches(1))
    box.text_frame.text = "first\vsecond"  # python-pptx writes \v as a:br
    assert only_slide(prs).elements[0].inner_text == "first\nsecond"


def test_table_reports_size_and_tab_separated_cells() -> None:
    prs = new_presentation()
    add_table(blank_slide(prs), rows=3, cols=2)
    table = only_slide(prs).elements[0]
    assert table.type == "table" and table.is_locked is False
    assert table.table is not None and (table.table.rows, table.table.cols) == (3, 2)
    assert table.inner_text == "r0c0\tr0c1\nr1c0\tr1c1\nr2c0\tr2c1"


def test_chart_reports_type_counts_and_title_with_series_names() -> None:
    prs = new_presentation()
    add_bar_chart(blank_slide(prs), title="Revenue")
    chart = only_slide(prs).elements[0]
    assert chart.type == "chart" and chart.is_locked is False
    assert chart.chart is not None
    assert (chart.chart.chart_type, chart.chart.category_count, chart.chart.series_count) == (
        "bar_clustered",
        3,
        2,
    )
    assert chart.inner_text == "Revenue\n2024\n2025"


def test_chart_with_a_broken_relationship_becomes_other_and_the_deck_still_reads() -> None:
    prs = new_presentation()
    slide = blank_slide(prs)
    frame = add_bar_chart(slide)
    frame.name = "Broken chart"
    chart_ref = frame._element.xpath(".//c:chart")[0]
    chart_ref.set(qn("r:id"), "rId999")
    element = by_name(only_slide(prs), "Broken chart")
    assert (element.type, element.is_locked) == ("other", True)


def _add_graphic_frame(slide: Any, uri: str, name: str) -> None:
    xml = (
        '<p:graphicFrame xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"'
        ' xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main">'
        f'<p:nvGraphicFramePr><p:cNvPr id="77" name="{name}"/><p:cNvGraphicFramePr/><p:nvPr/>'
        '</p:nvGraphicFramePr><p:xfrm><a:off x="914400" y="914400"/>'
        '<a:ext cx="1828800" cy="914400"/></p:xfrm>'
        f'<a:graphic><a:graphicData uri="{uri}"/></a:graphic></p:graphicFrame>'
    )
    slide.shapes._spTree.append(etree.fromstring(xml))


def test_smartart_frame_is_kept_as_locked_other() -> None:
    prs = new_presentation()
    _add_graphic_frame(
        blank_slide(prs), "http://schemas.openxmlformats.org/drawingml/2006/diagram", "Diagram"
    )
    element = by_name(only_slide(prs), "Diagram")
    assert (element.type, element.is_locked, element.shape_id) == ("other", True, 77)
    assert boundary_of(element) == (1.0, 1.0, 2.0, 1.0)


def test_alternate_content_shape_is_kept_as_other_with_its_geometry() -> None:
    prs = new_presentation()
    slide = blank_slide(prs)
    xml = (
        '<mc:AlternateContent xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"'
        ' xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"'
        ' xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main">'
        '<mc:Choice Requires="a14"><p:sp><p:nvSpPr><p:cNvPr id="40" name="Equation"/>'
        "<p:cNvSpPr/><p:nvPr/></p:nvSpPr><p:spPr><a:xfrm>"
        '<a:off x="457200" y="914400"/><a:ext cx="914400" cy="457200"/></a:xfrm></p:spPr>'
        "</p:sp></mc:Choice><mc:Fallback><p:sp><p:nvSpPr>"
        '<p:cNvPr id="40" name="Equation"/><p:cNvSpPr/><p:nvPr/></p:nvSpPr><p:spPr/>'
        "</p:sp></mc:Fallback></mc:AlternateContent>"
    )
    slide.shapes._spTree.append(etree.fromstring(xml))
    element = by_name(only_slide(prs), "Equation")
    assert (element.type, element.is_locked, element.path) == ("other", True, (40,))
    assert boundary_of(element) == (0.5, 1.0, 1.0, 0.5)


def test_empty_picture_placeholder_is_an_unlocked_picture_slot() -> None:
    prs = new_presentation()
    layout = prs.slide_layouts[8]  # "Picture with Caption"
    slide = prs.slides.add_slide(layout)
    picture_ph = next(
        p for p in slide.placeholders if p.placeholder_format.type == PP_PLACEHOLDER.PICTURE
    )
    parsed = only_slide(prs)
    element = by_name(parsed, picture_ph.name)
    assert (element.type, element.is_locked) == ("picture", False)


def test_media_picture_is_other() -> None:
    prs = new_presentation()
    slide = blank_slide(prs)
    movie = slide.shapes.add_movie(
        io.BytesIO(b"not really a movie"),
        Inches(1),
        Inches(1),
        Inches(4),
        Inches(3),
        poster_frame_image=io.BytesIO(png_bytes()),
        mime_type="video/mp4",
    )
    movie.name = "Clip"
    element = by_name(only_slide(prs), "Clip")
    assert (element.type, element.is_locked) == ("other", True)


# -- hidden, names -------------------------------------------------------------------------------


def test_hidden_shape_is_reported_hidden() -> None:
    prs = new_presentation()
    slide = blank_slide(prs)
    shape = slide.shapes.add_textbox(0, 0, Inches(2), Inches(1))
    shape.name = "Secret"
    shape._element.nvSpPr.cNvPr.set("hidden", "1")
    slide.shapes.add_textbox(0, 0, Inches(2), Inches(1)).name = "Visible"
    parsed = only_slide(prs)
    assert by_name(parsed, "Secret").hidden is True
    assert by_name(parsed, "Visible").hidden is False


def test_duplicate_names_get_suffixes_and_empty_names_a_default() -> None:
    prs = new_presentation()
    slide = blank_slide(prs)
    for _ in range(3):
        slide.shapes.add_textbox(0, 0, Inches(1), Inches(1)).name = "Box"
    unnamed = slide.shapes.add_textbox(0, 0, Inches(1), Inches(1))
    unnamed.name = ""
    names = [e.name for e in only_slide(prs).elements]
    assert names == ["Box", "Box (2)", "Box (3)", f"Shape {unnamed.shape_id}"]


def test_names_are_unique_per_slide_not_per_deck() -> None:
    prs = new_presentation()
    for _ in range(2):
        blank_slide(prs).shapes.add_textbox(0, 0, Inches(1), Inches(1)).name = "Box"
    assert [s.elements[0].name for s in read(prs).slides] == ["Box", "Box"]


# -- geometry ------------------------------------------------------------------------------------


def test_placeholder_without_own_position_takes_the_layout_geometry() -> None:
    prs = new_presentation()
    layout = prs.slide_layouts[TITLE_AND_CONTENT]
    prs.slides.add_slide(layout)
    layout_title = layout.placeholders[0]
    title = only_slide(prs).elements[0]
    assert boundary_of(title) == tuple(
        emu_to_in_rounded(v)
        for v in (layout_title.left, layout_title.top, layout_title.width, layout_title.height)
    )


def test_layout_placeholder_without_position_falls_back_to_the_master() -> None:
    prs = new_presentation()
    layout = prs.slide_layouts[TITLE_ONLY]
    layout_title_sp = layout.placeholders[0]._element
    xfrm = layout_title_sp.spPr.find(qn("a:xfrm"))
    if xfrm is not None:
        layout_title_sp.spPr.remove(xfrm)
    prs.slides.add_slide(layout)
    master_title = next(p for p in prs.slide_master.placeholders if p.placeholder_format.idx == 0)
    title = only_slide(prs).elements[0]
    assert boundary_of(title) == tuple(
        emu_to_in_rounded(v)
        for v in (master_title.left, master_title.top, master_title.width, master_title.height)
    )


def test_placeholder_matching_by_idx_needs_a_compatible_kind() -> None:
    prs = new_presentation()
    layout = prs.slide_layouts[TITLE_AND_CONTENT]
    slide = prs.slides.add_slide(layout)
    body_ph = slide.placeholders[1]._element.ph
    del body_ph.attrib["idx"]  # a bare <p:ph/>: content, with the title's default idx 0
    layout_body = layout.placeholders[1]
    body = only_slide(prs).elements[1]
    assert boundary_of(body) == tuple(
        emu_to_in_rounded(v)
        for v in (layout_body.left, layout_body.top, layout_body.width, layout_body.height)
    )


def test_placeholder_own_position_wins_over_the_layout() -> None:
    prs = new_presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[TITLE_ONLY])
    title = slide.shapes.title
    title.left, title.top, title.width, title.height = Inches(1), Inches(2), Inches(3), Inches(1)
    assert boundary_of(only_slide(prs).elements[0]) == (1.0, 2.0, 3.0, 1.0)


def test_group_children_get_absolute_scaled_geometry_and_a_path_through_the_group() -> None:
    prs = new_presentation()
    slide = blank_slide(prs)
    group = slide.shapes.add_group_shape()
    child = group.shapes.add_shape(
        MSO_SHAPE.RECTANGLE, Inches(0.5), Inches(0.25), Inches(1), Inches(0.5)
    )
    child.name = "Inside"
    # child space (0,0)-(2,1) in, drawn at (1,1) with size (4,2): everything scales by 2.
    set_group_xfrm(
        group, (Inches(1), Inches(1)), (Inches(4), Inches(2)), (0, 0), (Inches(2), Inches(1))
    )
    parsed = only_slide(prs)
    assert [e.name for e in parsed.elements] == ["Inside"]  # the group itself is not listed
    inside = parsed.elements[0]
    assert boundary_of(inside) == (2.0, 1.5, 2.0, 1.0)
    assert inside.path == (group.shape_id, child.shape_id)


def test_nested_groups_compose_their_transforms() -> None:
    prs = new_presentation()
    outer = blank_slide(prs).shapes.add_group_shape()
    inner = outer.shapes.add_group_shape()
    leaf = inner.shapes.add_shape(MSO_SHAPE.RECTANGLE, Inches(1), Inches(1), Inches(1), Inches(1))
    leaf.name = "Leaf"
    # inner: child space offset (1,1) in, unscaled, moved to (0,0): leaf lands at (0,0) 1x1.
    set_group_xfrm(
        inner, (0, 0), (Inches(2), Inches(2)), (Inches(1), Inches(1)), (Inches(2), Inches(2))
    )
    # outer: halves everything and moves it to (4,2).
    set_group_xfrm(
        outer, (Inches(4), Inches(2)), (Inches(1), Inches(1)), (0, 0), (Inches(2), Inches(2))
    )
    element = only_slide(prs).elements[0]
    assert boundary_of(element) == (4.0, 2.0, 0.5, 0.5)
    assert element.path == (outer.shape_id, inner.shape_id, leaf.shape_id)


def test_hidden_group_hides_its_children() -> None:
    prs = new_presentation()
    group = blank_slide(prs).shapes.add_group_shape()
    group.shapes.add_textbox(0, 0, Inches(1), Inches(1)).name = "Child"
    group._element.nvGrpSpPr.cNvPr.set("hidden", "1")
    assert only_slide(prs).elements[0].hidden is True


# -- locks ---------------------------------------------------------------------------------------


def test_full_slide_picture_is_a_locked_background() -> None:
    prs = new_presentation()
    slide = blank_slide(prs)
    slide.shapes.add_picture(
        io.BytesIO(png_bytes()), 0, 0, prs.slide_width, prs.slide_height
    ).name = "Backdrop"
    element = by_name(only_slide(prs), "Backdrop")
    assert (element.type, element.is_locked) == ("picture", True)


def test_content_picture_is_unlocked() -> None:
    prs = new_presentation()
    blank_slide(prs).shapes.add_picture(
        io.BytesIO(png_bytes()), Inches(3), Inches(2), Inches(5), Inches(3.5)
    ).name = "Photo"
    assert by_name(only_slide(prs), "Photo").is_locked is False


def test_small_picture_in_a_corner_is_a_locked_logo() -> None:
    prs = new_presentation()
    blank_slide(prs).shapes.add_picture(
        io.BytesIO(png_bytes()), Inches(11.8), Inches(0.2), Inches(1.2), Inches(0.5)
    ).name = "Picture 9"
    assert by_name(only_slide(prs), "Picture 9").is_locked is True


def test_picture_named_logo_is_locked_wherever_it_is() -> None:
    prs = new_presentation()
    blank_slide(prs).shapes.add_picture(
        io.BytesIO(png_bytes()), Inches(4), Inches(3), Inches(3), Inches(2)
    ).name = "Company Logo"
    assert by_name(only_slide(prs), "Company Logo").is_locked is True


def test_date_footer_and_slide_number_placeholders_are_locked_text() -> None:
    prs = new_presentation()
    slide = blank_slide(prs)
    # python-pptx does not copy these to new slides; clone them from the layout as PowerPoint does.
    for layout_sp in prs.slide_layouts[BLANK].element.xpath(
        "./p:cSld/p:spTree/p:sp[p:nvSpPr/p:nvPr/p:ph[@type='dt' or @type='ftr' or @type='sldNum']]"
    ):
        slide.shapes._spTree.append(etree.fromstring(etree.tostring(layout_sp)))
    elements = only_slide(prs).elements
    assert sorted(e.placeholder.type for e in elements if e.placeholder) == ["dt", "ftr", "sldNum"]
    assert all(e.type == "text" and e.is_locked for e in elements)


# -- capacity ------------------------------------------------------------------------------------


def test_text_capacity_uses_the_run_font_size_and_box_geometry() -> None:
    prs = new_presentation()
    box = blank_slide(prs).shapes.add_textbox(0, 0, Inches(4.2), Inches(1.1))
    box.text_frame.text = "Hello world"
    box.text_frame.paragraphs[0].runs[0].font.size = Pt(20)
    capacity = only_slide(prs).elements[0].capacity
    assert capacity is not None
    # usable 4.0 x 1.0 in = 288 x 72 pt; lines = 72 // 24 = 3; Latin 288 // 10 = 28, CJK 288 // 20
    assert (capacity.font_size_pt, capacity.sample_chars, capacity.paragraph_count) == (
        20.0,
        11,
        1,
    )
    assert (capacity.max_chars, capacity.max_chars_cjk) == (3 * 28, 3 * 14)


def test_placeholder_font_size_is_inherited_from_the_master_styles() -> None:
    prs = new_presentation()
    prs.slides.add_slide(prs.slide_layouts[TITLE_AND_CONTENT])
    title, body = only_slide(prs).elements
    assert title.capacity is not None and title.capacity.font_size_pt == 44.0
    assert body.capacity is not None and body.capacity.font_size_pt == 32.0
    assert body.capacity.max_chars > body.capacity.max_chars_cjk > 0


def test_non_text_elements_have_no_capacity() -> None:
    prs = new_presentation()
    add_table(blank_slide(prs))
    assert only_slide(prs).elements[0].capacity is None


@pytest.mark.parametrize("value", ["1", "true"])
def test_boolean_attributes_accept_both_spellings(value: str) -> None:
    prs = new_presentation()
    box = blank_slide(prs).shapes.add_textbox(0, 0, Emu(914400), Emu(914400))
    box._element.nvSpPr.cNvPr.set("hidden", value)
    assert only_slide(prs).elements[0].hidden is True
