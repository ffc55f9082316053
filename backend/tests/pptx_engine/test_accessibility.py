"""Accessible exports (issue 19): slide titles, alt text, table header rows, reading order.

Every built-in template, filled, must pass the deck checks with nothing left to flag; what the
writer cannot fix (a picture without a description, a slide without any text, overlapping
shapes in the wrong order) is reported as a warning that preflight shows.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from pptx.util import Inches

from slidewright.builtin import BUILTIN_TEMPLATES, build
from slidewright.pptx_engine.accessibility import PROBLEM_CODES, accessibility_problems
from slidewright.pptx_engine.deck_spec import (
    ChartSeries,
    ChartValue,
    DeckSpec,
    PictureValue,
    SlideSpec,
    TableValue,
    TextValue,
    Value,
)
from slidewright.pptx_engine.model import TemplateElement
from slidewright.pptx_engine.reader import read_presentation
from slidewright.pptx_engine.reading_order import Box, Item, visual_order, z_safe_order
from slidewright.pptx_engine.writer import fill_deck
from tests.corpus import corpus_files
from tests.pptx_engine.accessibility_checks import (
    ADEC,
    DECORATIVE_URI,
    A,
    c_nv_pr,
    deck_gaps,
    decorative,
    is_picture,
    read_order,
    title_of,
)
from tests.pptx_engine.builders import BLANK, TITLE_ONLY, new_presentation, png_bytes, to_bytes
from tests.pptx_engine.fill_builders import open_deck, shape_named, zip_entries
from tests.pptx_engine.package_checks import package_problems

PHOTO = png_bytes(120, 80, "olive")
ALT = {"en": "Engineers at the pilot workshop", "zh-CN": "试点研讨会上的工程师"}
TABLE = TableValue((("Region", "2025"), ("North", "12"), ("South", "9")))
CHART = ChartValue(("Q1", "Q2"), (ChartSeries("Sales", (1.0, 2.0)),))
CHART_ALT = {"en": "Column chart: Sales (Q1, Q2)", "zh-CN": "柱形图：Sales（Q1、Q2）"}


def fill(template: bytes, *slides: SlideSpec, lang: str = "en", clear: bool = False) -> Any:
    """The deck; with `clear`, unfilled sample text goes, as in the app's export."""
    result = fill_deck(
        template, DeckSpec(tuple(slides), lang=lang, remove_unfilled_sample_text=clear)
    )
    assert package_problems(result.pptx) == []
    return result


def a11y_warnings(result: Any) -> list[tuple[str, int, str | None]]:
    return [(w.code, w.slide_index, w.element) for w in result.warnings if w.code in PROBLEM_CODES]


# -- every built-in template -------------------------------------------------------------------


def value_for(element: TemplateElement, lang: str) -> Value | None:
    """What a user fills in: text everywhere, a described photo, a table, a chart."""
    if element.is_locked:
        return None
    if element.type == "text":
        return TextValue(f"{element.name} ✓")
    if element.type == "picture":
        return PictureValue(PHOTO, alt=ALT[lang])
    if element.type == "table":
        return TABLE
    if element.type == "chart":
        return CHART
    return None


def filled_builtin(key: str, lang: str) -> Any:
    template = build(key, lang)
    parsed = read_presentation(template)
    slides = [
        SlideSpec(s.slide_number, {e.name: v for e in s.elements if (v := value_for(e, lang))})
        for s in parsed.slides
    ]
    return fill(template, *slides, lang=lang, clear=True)


# Reading order on the slides whose template order differs from what the eye sees.
EXPECTED_ORDER = {
    "en": {
        3: ["Section Title", "Section Number", "Section Summary"],
        5: ["Title", "Left Heading", "Left Body", "Right Heading", "Right Body"],
        6: ["Title", "Picture", "Body", "Caption"],
        7: ["Title", "Chart", "Key Figure", "Takeaway"],
        8: ["Title", "Table", "Source"],
        9: ["Hidden title", "Quote", "Attribution"],
    },
    "zh-CN": {
        3: ["章节标题", "章节编号", "章节概述"],
        5: ["标题", "左栏小标题", "左栏正文", "右栏小标题", "右栏正文"],
        6: ["标题", "图片", "正文", "图片说明"],
        7: ["标题", "图表", "关键数字", "要点总结"],
        8: ["标题", "表格", "数据来源"],
        9: ["隐藏标题", "引言", "出处"],
    },
}


@pytest.mark.parametrize("lang", ["en", "zh-CN"])
@pytest.mark.parametrize("key", [t.key for t in BUILTIN_TEMPLATES])
def test_an_export_of_every_builtin_template_passes_the_deck_checks(key: str, lang: str) -> None:
    result = filled_builtin(key, lang)
    assert a11y_warnings(result) == []
    assert accessibility_problems(result.pptx) == []
    assert deck_gaps(result.pptx) == []
    prs = open_deck(result.pptx)
    for number, expected in EXPECTED_ORDER[lang].items():
        assert read_order(prs.slides[number - 1]) == expected, number
    # The user's photo carries the gallery's description; the table its header row.
    picture = next(s for s in prs.slides[5].shapes if is_picture(s))
    assert c_nv_pr(picture).get("descr") == ALT[lang]
    table = next(s for s in prs.slides[7].shapes if s.has_table).table
    assert table.first_row and [c.text for c in table.rows[0].cells] == ["Region", "2025"]
    # The chart is described from the data filled in, in the deck's language.
    chart = next(s for s in prs.slides[6].shapes if s.has_chart)
    assert c_nv_pr(chart).get("descr") == CHART_ALT[lang]


def test_the_template_itself_fails_the_checks_the_export_fixes() -> None:
    """The checker can fail: the built-in's own slides (quote slide without a title, source
    note before its table in the tree) are what the writer fixes."""
    problems = {(p.code, p.slide_index) for p in accessibility_problems(build("jade"))}
    assert ("missing_slide_title", 9) in problems
    assert ("reading_order", 8) in problems


# -- titles -------------------------------------------------------------------------------------


def test_a_layout_without_a_title_gets_an_off_slide_title_with_the_slides_heading() -> None:
    result = fill(build("midnight"), SlideSpec(9, {"Quote": TextValue("Two days\nnot two weeks")}))
    prs = open_deck(result.pptx)
    slide = prs.slides[0]
    title = title_of(slide)
    assert title is not None and title.name == "Hidden title"
    assert title.text_frame.text == "Two days"  # the first line the reader meets, not invented
    assert title.top + title.height < 0  # wholly above the slide: never shown or printed
    assert slide.shapes[0] is not None and slide.shapes[0].shape_id == title.shape_id
    assert len({s.shape_id for s in slide.shapes}) == len(slide.shapes)  # ids stay unique
    assert a11y_warnings(result) == []


def test_the_hidden_title_is_named_in_the_decks_language() -> None:
    result = fill(build("jade", "zh-CN"), SlideSpec(9), lang="zh-CN")
    title = title_of(open_deck(result.pptx).slides[0])
    assert title.name == "隐藏标题"
    run = title.text_frame.paragraphs[0].runs[0]
    assert run._r.get_or_add_rPr().get("lang") == "zh-CN"  # read out in Chinese


def blank_template() -> bytes:
    """Slide 1: Title Only, title left empty, a text box. Slide 2: Blank, only a table.
    Slide 3: Blank, a picture without alt text and one with. Slide 4: Blank, a text box."""
    prs = new_presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[TITLE_ONLY])
    box = slide.shapes.add_textbox(Inches(1), Inches(3), Inches(8), Inches(1))
    box.name, box.text_frame.text = "Note", "Budget review\nsecond line"
    slide = prs.slides.add_slide(prs.slide_layouts[BLANK])
    slide.shapes.add_table(2, 2, Inches(1), Inches(1), Inches(4), Inches(1)).name = "Grid"
    slide = prs.slides.add_slide(prs.slide_layouts[BLANK])
    art = slide.shapes.add_picture(io.BytesIO(PHOTO), Inches(1), Inches(1), Inches(2))
    art.name = "Artwork"
    logo = slide.shapes.add_picture(io.BytesIO(PHOTO), Inches(5), Inches(1), Inches(2))
    logo.name = "Logo"
    c_nv_pr(logo).set("descr", "Company logo")
    caption = slide.shapes.add_textbox(Inches(1), Inches(4), Inches(6), Inches(1))
    caption.name, caption.text_frame.text = "Caption", "Our artwork"
    slide = prs.slides.add_slide(prs.slide_layouts[BLANK])
    slide.shapes.add_textbox(Inches(1), Inches(1), Inches(6), Inches(1)).text_frame.text = "Hi"
    return to_bytes(prs)


@pytest.fixture(scope="module")
def blank() -> bytes:
    return blank_template()


def test_an_empty_title_placeholder_takes_the_heading_off_the_slide(blank: bytes) -> None:
    before = title_of(open_deck(blank).slides[0])
    result = fill(blank, SlideSpec(1))
    slide = open_deck(result.pptx).slides[0]
    title = title_of(slide)
    assert title.shape_id == before.shape_id  # the layout's own title, not a second one
    assert title.text_frame.text == "Budget review"
    assert title.top + title.height < 0 and title.width == before.width
    assert [s.name for s in slide.shapes if s.has_text_frame] == [title.name, "Note"]
    assert a11y_warnings(result) == []


def test_a_slide_without_any_text_gets_no_invented_title(blank: bytes) -> None:
    result = fill(blank, SlideSpec(2))
    assert title_of(open_deck(result.pptx).slides[0]) is None
    assert a11y_warnings(result) == [("missing_slide_title", 1, None)]


def test_a_filled_title_stays_where_it_is() -> None:
    template = build("terracotta")
    result = fill(template, SlideSpec(4, {"Title": TextValue("Findings")}))
    title = title_of(open_deck(result.pptx).slides[0])
    original = title_of(open_deck(template).slides[3])
    assert (title.text_frame.text, title.top, title.left) == (
        "Findings",
        original.top,
        original.left,
    )


# -- pictures -----------------------------------------------------------------------------------


def test_template_pictures_without_alt_text_are_marked_decorative(blank: bytes) -> None:
    # python-pptx describes an inserted picture by its file name, which says nothing.
    assert c_nv_pr(shape_named(open_deck(blank).slides[2], "Artwork")).get("descr") == "image.png"
    result = fill(blank, SlideSpec(3))
    slide = open_deck(result.pptx).slides[0]
    art, logo = shape_named(slide, "Artwork"), shape_named(slide, "Logo")
    assert decorative(art) and c_nv_pr(art).get("descr") is None
    ext = c_nv_pr(art).find(f"{A}extLst/{A}ext")
    assert ext.get("uri") == DECORATIVE_URI and ext.find(f"{ADEC}decorative").get("val") == "1"
    assert not decorative(logo) and c_nv_pr(logo).get("descr") == "Company logo"
    assert a11y_warnings(result) == []


def test_a_placed_picture_takes_the_alt_text_and_drops_the_decorative_mark(blank: bytes) -> None:
    marked = fill(blank, SlideSpec(3)).pptx  # "Artwork" is decorative in this deck
    result = fill(
        marked,
        SlideSpec(1, {"Artwork": PictureValue(PHOTO, alt="Site plan")}),
        SlideSpec(1, {"Artwork": PictureValue(PHOTO)}),
    )
    prs = open_deck(result.pptx)
    described, bare = (shape_named(s, "Artwork") for s in prs.slides)
    assert c_nv_pr(described).get("descr") == "Site plan" and not decorative(described)
    # Without a description the user's photo is content nobody described: flagged, not hidden.
    assert c_nv_pr(bare).get("descr") is None and not decorative(bare)
    assert a11y_warnings(result) == [("missing_alt_text", 2, "Artwork")]
    assert [(p.code, p.slide_index) for p in accessibility_problems(result.pptx)] == [
        ("missing_alt_text", 2)
    ]
    assert deck_gaps(result.pptx) == ["slide 2: picture 'Artwork' without alt text"]


# -- tables -------------------------------------------------------------------------------------


def headerless_table_template() -> bytes:
    prs = new_presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[TITLE_ONLY])
    slide.shapes.title.text = "Figures"
    frame = slide.shapes.add_table(3, 2, Inches(1), Inches(2), Inches(6), Inches(2))
    frame.name = "Figures table"
    frame.table.first_row = False
    return to_bytes(prs)


def test_a_filled_table_gets_its_header_row() -> None:
    result = fill(headerless_table_template(), SlideSpec(1, {"Figures table": TABLE}))
    table = shape_named(open_deck(result.pptx).slides[0], "Figures table").table
    assert table.first_row
    assert [c.text for c in table.rows[0].cells] == ["Region", "2025"]
    assert a11y_warnings(result) == []


def test_a_kept_table_without_header_row_is_reported() -> None:
    result = fill(headerless_table_template(), SlideSpec(1, locked=frozenset({"Figures table"})))
    assert not shape_named(open_deck(result.pptx).slides[0], "Figures table").table.first_row
    assert a11y_warnings(result) == [("table_without_header", 1, "Figures table")]


def test_a_build_for_the_file_alone_skips_listing_the_problems_and_writes_the_same_file() -> None:
    template = headerless_table_template()
    spec = DeckSpec((SlideSpec(1, locked=frozenset({"Figures table"})),))
    listed = fill_deck(template, spec)
    file_only = fill_deck(template, spec, list_problems=False)
    assert a11y_warnings(listed) == [("table_without_header", 1, "Figures table")]
    assert a11y_warnings(file_only) == []
    assert zip_entries(file_only.pptx) == zip_entries(listed.pptx)


# -- reading order ------------------------------------------------------------------------------


def order_template(overlap: bool) -> bytes:
    """A titled slide whose tree holds a lower text box before an upper one. With `overlap`,
    the upper one is a picture drawn over the text box (so they may not swap)."""
    prs = new_presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[TITLE_ONLY])
    slide.shapes.title.text = "Order"
    lower = slide.shapes.add_textbox(Inches(1), Inches(4), Inches(6), Inches(1))
    lower.name, lower.text_frame.text = "Lower", "read second"
    if overlap:
        upper = slide.shapes.add_picture(io.BytesIO(PHOTO), Inches(1), Inches(2), Inches(6))
        c_nv_pr(upper).set("descr", "A chart of the plan")
    else:
        upper = slide.shapes.add_textbox(Inches(1), Inches(2), Inches(6), Inches(1))
        upper.text_frame.text = "read first"
    upper.name = "Upper"
    return to_bytes(prs)


def test_shapes_are_put_in_visual_order_when_the_drawing_allows() -> None:
    template = order_template(overlap=False)
    assert read_order(open_deck(template).slides[0]) == ["Title 1", "Lower", "Upper"]
    result = fill(template, SlideSpec(1))
    assert read_order(open_deck(result.pptx).slides[0]) == ["Title 1", "Upper", "Lower"]
    assert a11y_warnings(result) == []


def test_overlapping_shapes_keep_their_drawing_order_and_are_reported() -> None:
    template = order_template(overlap=True)
    result = fill(template, SlideSpec(1))
    # The picture covers the text box: moving it first would hide the text behind it.
    assert read_order(open_deck(result.pptx).slides[0]) == ["Title 1", "Lower", "Upper"]
    assert a11y_warnings(result) == [("reading_order", 1, None)]


def box(x: float, y: float, w: float, h: float) -> Box:
    return Box(x, y, w, h)


def test_visual_order_reads_columns_one_after_the_other_and_rows_top_down() -> None:
    # A comparison: the gap between the columns is wider than heading-to-body.
    items = [
        Item(0, box(0, 3, 5, 3), True),  # left body
        Item(1, box(7, 2, 5, 0.8), True),  # right heading
        Item(2, box(0, 2, 5, 0.8), True),  # left heading
        Item(3, box(7, 3, 5, 3), True),  # right body
        Item(4, box(0, 0, 12, 1), True, title=True),
        Item(5, box(0, 0, 13, 7), False),  # a background: not read
    ]
    assert visual_order(items) == [4, 2, 0, 1, 3]
    # Rows of a grid whose rows are further apart than its columns read row by row.
    grid = [Item(i, box((i % 2) * 3, (i // 2) * 4, 2.8, 1), True) for i in (3, 2, 1, 0)]
    assert visual_order(grid) == [0, 1, 2, 3]
    # A panel holding a label reads before the label, whatever the tree says.
    panel = [Item(0, box(2, 2, 1, 1), True), Item(1, box(0, 0, 6, 6), True)]
    assert visual_order(panel) == [1, 0]


def test_z_safe_order_never_swaps_overlapping_shapes() -> None:
    items = [
        Item(0, box(0, 5, 4, 1), True),  # lower text
        Item(1, box(0, 0, 13, 7), False),  # decoration over everything
        Item(2, box(0, 1, 4, 1), True),  # upper text
    ]
    wanted = visual_order(items)
    assert wanted == [2, 0]
    # The decoration overlaps both texts, so it pins them: nothing may move.
    assert z_safe_order(items, wanted) == [0, 1, 2]
    free = [items[0], Item(1, box(9, 0, 1, 1), False), items[2]]
    assert z_safe_order(free, wanted) == [1, 2, 0]  # decoration first, then reading order


def test_a_failing_fix_leaves_the_slide_as_filled_and_the_export_goes_on(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    template = order_template(overlap=False)
    expected = read_order(open_deck(template).slides[0])

    def broken(slide: Any, **options: Any) -> None:
        title_of(slide)._element.getparent().remove(title_of(slide)._element)  # half done
        raise RuntimeError("an odd shape tree")

    monkeypatch.setattr("slidewright.pptx_engine.writer.make_accessible", broken)
    result = fill(template, SlideSpec(1))
    assert read_order(open_deck(result.pptx).slides[0]) == expected  # the title is back
    assert "accessibility fixes failed" in caplog.text


def test_a_failing_check_keeps_the_fixes_so_the_file_is_the_one_a_download_builds(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    template = order_template(overlap=False)
    spec = DeckSpec((SlideSpec(1),))
    downloaded = fill_deck(template, spec, list_problems=False)

    def broken(*args: Any) -> list[Any]:
        raise RuntimeError("an odd shape tree")

    monkeypatch.setattr("slidewright.pptx_engine.writer.slide_problems", broken)
    checked = fill_deck(template, spec)  # as preflight builds it (and keeps it for the export)
    assert read_order(open_deck(checked.pptx).slides[0]) == ["Title 1", "Upper", "Lower"]
    assert zip_entries(checked.pptx) == zip_entries(downloaded.pptx)
    assert a11y_warnings(checked) == []
    assert "accessibility check failed" in caplog.text


# -- the corpus ---------------------------------------------------------------------------------


def corpus_decks_with_titles() -> list[Path]:
    decks = []
    for path in corpus_files("pptx"):
        try:
            parsed = read_presentation(path)
        except Exception:
            continue
        if any(
            e.placeholder and e.placeholder.type in ("title", "ctrTitle")
            for s in parsed.slides
            for e in s.elements
        ):
            decks.append(path)
    return decks


def test_corpus_exports_keep_the_titles_their_layouts_have() -> None:
    decks = corpus_decks_with_titles()
    if not decks:
        pytest.skip("the corpus is absent")
    for path in decks:
        parsed = read_presentation(path)
        slides = []
        expected: list[str | None] = []
        for template_slide in parsed.slides:
            titles = [
                e
                for e in template_slide.elements
                if e.placeholder and e.placeholder.type in ("title", "ctrTitle") and not e.hidden
            ]
            text = None
            if titles and not titles[0].is_locked:
                text = f"{titles[0].name} — 标题 title"
            values: dict[str, Value] = {} if text is None else {titles[0].name: TextValue(text)}
            slides.append(SlideSpec(template_slide.slide_number, values))
            expected.append(text)
        result = fill_deck(path.read_bytes(), DeckSpec(tuple(slides), lang="zh-CN"))
        prs = open_deck(result.pptx)
        for number, (slide, title) in enumerate(zip(prs.slides, expected, strict=True), 1):
            if title is None:
                continue
            found = title_of(slide)
            assert found is not None and found.text_frame.text == title, (path.name, number)
            assert found.top is None or found.top >= 0, (path.name, number)  # still on the slide
            warned = {w.code for w in result.warnings if w.slide_index == number}
            assert "missing_slide_title" not in warned, (path.name, number)
