"""The export engine: slides duplicated in deck order, originals gone, values filled in place.

Every exported file is opened again (python-pptx and a raw ZIP check) to verify what a user
opening it in PowerPoint would meet: slide order, values, notes, untouched locked elements and
a package with no dangling or orphaned parts.
"""

from __future__ import annotations

import io
import re
import zipfile
from typing import Any

import pytest
from lxml import etree
from PIL import Image
from pptx.enum.chart import XL_CHART_TYPE

from slidewright.builtin import build
from slidewright.pptx_engine.deck_spec import (
    ChartSeries,
    ChartValue,
    DeckSpec,
    DeckSpecError,
    PictureValue,
    SlideSpec,
    TableValue,
    TextValue,
)
from slidewright.pptx_engine.reader import read_presentation
from slidewright.pptx_engine.writer import fill_deck
from tests.pptx_engine.builders import png_bytes, replace_content_type
from tests.pptx_engine.fill_builders import (
    chart_kinds_template,
    feature_template,
    open_deck,
    shape_named,
    shape_xml,
    zip_entries,
    zip_names,
    zip_read,
)
from tests.pptx_engine.package_checks import open_package, package_problems

A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
R = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"

# Built-in template slides (see slidewright.builtin.content).
TITLE, AGENDA, BULLETS, PICTURE, CHART, TABLE, CLOSING = 1, 2, 4, 6, 7, 8, 10


@pytest.fixture(scope="module")
def terracotta() -> bytes:
    return build("terracotta")


@pytest.fixture(scope="module")
def features() -> bytes:
    return feature_template()


@pytest.fixture(scope="module")
def chart_kinds() -> bytes:
    return chart_kinds_template()


def deck(*slides: SlideSpec, **options: Any) -> DeckSpec:
    return DeckSpec(slides=tuple(slides), **options)


def slide(
    number: int, notes: str | None = None, locked: tuple[str, ...] = (), **values: Any
) -> SlideSpec:
    converted = {
        name.replace("_", " "): TextValue(value) if isinstance(value, str) else value
        for name, value in values.items()
    }
    return SlideSpec(number, converted, frozenset(locked), notes)


def export(template: bytes, spec: DeckSpec) -> tuple[bytes, Any]:
    result = fill_deck(template, spec)
    problems = package_problems(result.pptx)
    assert problems == [], problems
    return result.pptx, result


def texts(shape: Any) -> list[str]:
    return [paragraph.text for paragraph in shape.text_frame.paragraphs]


# -- duplication and removal -------------------------------------------------------------------


def test_slides_follow_the_deck_order_and_no_original_remains(terracotta: bytes) -> None:
    spec = deck(slide(BULLETS), slide(TITLE), slide(BULLETS), slide(CHART))
    data, _ = export(terracotta, spec)
    prs = open_deck(data)
    assert [s.slide_layout.name for s in prs.slides] == [
        "Title and Content",
        "Title Slide",
        "Title and Content",
        "Chart with Takeaway",
    ]
    slide_parts = [n for n in zip_names(data) if n.startswith("ppt/slides/slide")]
    assert sorted(slide_parts) == [f"ppt/slides/slide{i}.xml" for i in range(1, 5)]
    assert open_package(data).slide_names() == [f"ppt/slides/slide{i}.xml" for i in range(1, 5)]


def test_unfilled_elements_keep_the_template_xml(terracotta: bytes) -> None:
    data, _ = export(terracotta, deck(slide(CHART), slide(TABLE)))
    template = read_presentation(terracotta)
    before, after = open_deck(terracotta), open_deck(data)
    for index, number in enumerate((CHART, TABLE)):
        for element in template.slides[number - 1].elements:
            kept = shape_xml(after.slides[index], element.path)
            if element.type == "chart":
                # The one change: a chart without alt text gets its data described (issue 19).
                assert b' descr="Column chart: FY2023, FY2024 (' in kept
                kept = re.sub(rb' descr="[^"]*"', b"", kept, count=1)
            assert kept == shape_xml(before.slides[number - 1], element.path), element.name


def test_locked_elements_stay_byte_identical_and_warn(terracotta: bytes) -> None:
    spec = deck(slide(BULLETS, locked=("Title",), Title="Changed?", Body="New body"))
    data, result = export(terracotta, spec)
    title_path = next(
        e.path
        for e in read_presentation(terracotta).slides[BULLETS - 1].elements
        if e.name == "Title"
    )
    assert shape_xml(open_deck(data).slides[0], title_path) == shape_xml(
        open_deck(terracotta).slides[BULLETS - 1], title_path
    )
    assert [(w.code, w.element) for w in result.warnings] == [("locked_element", "Title")]
    assert texts(shape_named(open_deck(data).slides[0], "Body")) == ["New body"]


def test_empty_deck_is_a_valid_presentation(terracotta: bytes) -> None:
    data, _ = export(terracotta, deck())
    assert len(open_deck(data).slides) == 0


def test_template_slide_out_of_range_is_a_spec_error(terracotta: bytes) -> None:
    with pytest.raises(DeckSpecError, match="no slide 11"):
        fill_deck(terracotta, deck(slide(11)))


def test_unknown_element_and_wrong_value_kind_are_warnings(terracotta: bytes) -> None:
    spec = deck(slide(TITLE, Nope="x", Title=TableValue((("a",),))))
    _, result = export(terracotta, spec)
    assert [(w.code, w.slide_index, w.element) for w in result.warnings] == [
        ("unknown_element", 1, "Nope"),
        ("value_type_mismatch", 1, "Title"),
    ]


def test_output_is_deterministic(features: bytes) -> None:
    spec = deck(slide(1, Body="One\nTwo"), slide(2), slide(1))
    assert zip_entries(fill_deck(features, spec).pptx) == zip_entries(
        fill_deck(features, spec).pptx
    )


def test_potx_templates_are_accepted(features: bytes) -> None:
    potx = replace_content_type(
        features,
        "presentationml.presentation.main+xml",
        "presentationml.template.main+xml",
    )
    data, _ = export(potx, deck(slide(1, Body="From a template")))
    assert texts(shape_named(open_deck(data).slides[0], "Body")) == ["From a template"]


# -- text ---------------------------------------------------------------------------------------


def test_lines_become_paragraphs_cloned_from_the_template(terracotta: bytes) -> None:
    spec = deck(slide(BULLETS, Body="Alpha\nBeta\n\tBeta detail\nGamma"))
    data, _ = export(terracotta, spec)
    body = shape_named(open_deck(data).slides[0], "Body")
    assert texts(body) == ["Alpha", "Beta", "Beta detail", "Gamma"]
    assert [p.level for p in body.text_frame.paragraphs] == [0, 0, 1, 0]
    for paragraph in body.text_frame.paragraphs:
        assert paragraph.runs[0]._r.find(f"{A}rPr").get("lang") == "en-US"


def test_first_run_formatting_is_kept_and_sample_link_dropped(features: bytes) -> None:
    data, _ = export(features, deck(slide(1, Styled="Fresh text")))
    run = shape_named(open_deck(data).slides[0], "Styled").text_frame.paragraphs[0].runs[0]
    assert run.text == "Fresh text"
    assert run.font.bold and run.font.size.pt == 20
    assert str(run.font.color.rgb) == "C01010"
    assert run.hyperlink.address is None  # the sample's link was about the sample


def test_template_hyperlinks_are_recreated_on_every_copy(features: bytes) -> None:
    data, _ = export(features, deck(slide(1), slide(1)))
    package = open_package(data)
    for name in package.slide_names():
        links = [r for r in package.rels[name] if r.type.endswith("/hyperlink")]
        assert [(r.target, r.external) for r in links] == [("https://template.example.com/", True)]


def test_markdown_links_allow_only_http_https_and_mailto(terracotta: bytes) -> None:
    value = "See [site](https://example.com), [mail](mailto:a@example.com) and [bad](javascript:x)"
    data, result = export(terracotta, deck(slide(BULLETS, Body=value)))
    paragraph = shape_named(open_deck(data).slides[0], "Body").text_frame.paragraphs[0]
    assert paragraph.text == "See site, mail and bad"
    links = {run.text: run.hyperlink.address for run in paragraph.runs}
    assert links == {
        "See ": None,
        "site": "https://example.com",
        ", ": None,
        "mail": "mailto:a@example.com",
        " and ": None,
        "bad": None,
    }
    assert [w.code for w in result.warnings] == ["link_dropped"]


def test_whole_value_link(terracotta: bytes) -> None:
    value = TextValue("Our website", link="https://slidewright.example")
    data, _ = export(terracotta, deck(slide(TITLE, Subtitle=value)))
    run = shape_named(open_deck(data).slides[0], "Subtitle").text_frame.paragraphs[0].runs[0]
    assert (run.text, run.hyperlink.address) == ("Our website", "https://slidewright.example")


def test_remove_unfilled_sample_text_keeps_an_empty_paragraph(terracotta: bytes) -> None:
    spec = deck(slide(TITLE, Title="Only the title"), remove_unfilled_sample_text=True)
    data, _ = export(terracotta, spec)
    first = open_deck(data).slides[0]
    assert texts(shape_named(first, "Subtitle")) == [""]
    assert texts(shape_named(first, "Presenter")) == [""]
    assert texts(shape_named(first, "Title")) == ["Only the title"]


def test_sample_text_stays_without_the_option(terracotta: bytes) -> None:
    data, _ = export(terracotta, deck(slide(TITLE, Title="Only the title")))
    subtitle = shape_named(open_deck(data).slides[0], "Subtitle")
    assert texts(subtitle) == ["Priorities, progress and the plan for the year ahead"]


def test_text_in_a_group_is_filled(features: bytes) -> None:
    data, _ = export(features, deck(slide(3, **{"Grouped text": "Grouped value"})))
    assert texts(shape_named(open_deck(data).slides[0], "Grouped text")) == ["Grouped value"]


def test_xml_invalid_characters_are_dropped(terracotta: bytes) -> None:
    data, _ = export(terracotta, deck(slide(TITLE, Title="Bad\x00 char\x1b")))
    assert texts(shape_named(open_deck(data).slides[0], "Title")) == ["Bad char"]


def test_paragraph_animation_beyond_the_new_text_is_removed(features: bytes) -> None:
    data, _ = export(features, deck(slide(1, Body="Only one line"), slide(1)))
    first, second = (zip_read(data, f"ppt/slides/slide{i}.xml") for i in (1, 2))
    assert b"p:pRg" not in first and b"p:timing" not in first
    assert b'p:pRg st="3"' in second  # an unfilled copy keeps its animation


# -- Chinese ------------------------------------------------------------------------------------


def test_cjk_runs_get_lang_and_an_east_asian_font_when_the_theme_has_none() -> None:
    from tests.pptx_engine.fill_builders import cjk_template

    spec = deck(slide(1, **{"Title 1": "年度回顾 Review"}), lang="zh-CN")
    data, _ = export(cjk_template(), spec)
    runs = shape_named(open_deck(data).slides[0], "Title 1").text_frame.paragraphs[0].runs
    assert [r.text for r in runs] == ["年度回顾 ", "Review"]
    chinese, latin = (r._r.find(f"{A}rPr") for r in runs)
    assert (chinese.get("lang"), chinese.get("altLang")) == ("zh-CN", "en-US")
    assert chinese.find(f"{A}ea").get("typeface") == "Microsoft YaHei"
    assert latin is None  # the template's run had no properties; the Latin part keeps that


def test_cjk_runs_inherit_the_theme_east_asian_font_when_there_is_one(terracotta: bytes) -> None:
    data, _ = export(terracotta, deck(slide(TITLE, Title="年度战略回顾"), lang="zh-HK"))
    rpr = (
        shape_named(open_deck(data).slides[0], "Title")
        .text_frame.paragraphs[0]
        .runs[0]
        ._r.find(f"{A}rPr")
    )
    assert rpr.get("lang") == "zh-HK"
    assert rpr.find(f"{A}ea") is None  # the master's +mj-ea resolves to Microsoft YaHei


# -- tables -------------------------------------------------------------------------------------


def cell_texts(table: Any) -> list[list[str]]:
    return [[cell.text for cell in row.cells] for row in table.rows]


@pytest.mark.parametrize("shape", [(3, 2), (6, 5), (9, 7)], ids=["smaller", "same", "larger"])
def test_tables_resize_keeping_cell_styles(terracotta: bytes, shape: tuple[int, int]) -> None:
    rows, cols = shape
    value = TableValue(tuple(tuple(f"r{r}c{c}" for c in range(cols)) for r in range(rows)))
    data, _ = export(terracotta, deck(slide(TABLE, Table=value)))
    frame = shape_named(open_deck(data).slides[0], "Table")
    original = shape_named(open_deck(terracotta).slides[TABLE - 1], "Table")
    assert cell_texts(frame.table) == [list(row) for row in value.rows]
    assert frame.width == original.width
    header_fill = original.table.cell(0, 0)._tc.tcPr
    for c in range(cols):
        assert etree.tostring(frame.table.cell(0, c)._tc.tcPr) == etree.tostring(header_fill)
    body_run = frame.table.cell(rows - 1, 0).text_frame.paragraphs[0].runs[0]
    assert body_run.font.size.pt == 14  # the template's data-row run formatting


def test_table_rows_beyond_the_template_continue_its_banding(features: bytes) -> None:
    rows = tuple((f"{r}", "x", "y") for r in range(7))
    data, _ = export(features, deck(slide(2, Table=TableValue(rows))))
    table = shape_named(open_deck(data).slides[0], "Table").table
    assert [row.cells[0].text for row in table.rows] == [str(r) for r in range(7)]
    heights = sum(row.height for row in table.rows)
    original = sum(
        row.height for row in shape_named(open_deck(features).slides[1], "Table").table.rows
    )
    assert heights <= original + 7  # rows shrink to share the frame's height


# -- charts -------------------------------------------------------------------------------------


def chart_data(chart: Any) -> tuple[list[str], list[tuple[str, list[float | None]]]]:
    plot = chart.plots[0]
    return list(plot.categories), [(s.name, list(s.values)) for s in chart.series]


def test_chart_data_is_replaced_keeping_type_and_number_format(terracotta: bytes) -> None:
    value = ChartValue(
        ("2022", "2023", "2024"),
        (ChartSeries("Revenue", (1.0, 2.5, None)), ChartSeries("Cost", (0.5, 1.0, 1.5))),
    )
    data, _ = export(terracotta, deck(slide(CHART, Chart=value)))
    chart = shape_named(open_deck(data).slides[0], "Chart").chart
    assert chart.chart_type == XL_CHART_TYPE.COLUMN_CLUSTERED
    assert chart_data(chart) == (
        ["2022", "2023", "2024"],
        [("Revenue", [1.0, 2.5, None]), ("Cost", [0.5, 1.0, 1.5])],
    )
    assert b'<c:formatCode>"$"0.0"M"</c:formatCode>' in zip_read(data, "ppt/charts/chart2.xml")


def test_categories_with_no_label_and_no_values_are_left_out(terracotta: bytes) -> None:
    # The editor starts from the template's four categories; two were filled.
    value = ChartValue(
        ("North", "", "South", ""),
        (ChartSeries("Revenue", (12.0, None, 7.5, None)), ChartSeries("Cost", (3.0, None, 2.0))),
    )
    data, result = export(terracotta, deck(slide(CHART, Chart=value)))
    chart = shape_named(open_deck(data).slides[0], "Chart").chart
    assert chart_data(chart) == (
        ["North", "South"],
        [("Revenue", [12.0, 7.5]), ("Cost", [3.0, 2.0])],
    )
    assert "2 empty categories" in " ".join(w.message for w in result.warnings)
    # A blank label that has a value stays: the number matters more than the label.
    kept = ChartValue(("A", "", "B"), (ChartSeries("S", (1.0, 2.0, 3.0)),))
    data, _ = export(terracotta, deck(slide(CHART, Chart=kept)))
    chart = shape_named(open_deck(data).slides[0], "Chart").chart
    assert chart_data(chart)[1] == [("S", [1.0, 2.0, 3.0])]


def test_two_uses_of_a_chart_slide_get_independent_chart_parts(terracotta: bytes) -> None:
    first = ChartValue(("A", "B"), (ChartSeries("S", (1.0, 2.0)),))
    second = ChartValue(("X", "Y", "Z"), (ChartSeries("T", (3.0, 4.0, 5.0)),))
    data, _ = export(terracotta, deck(slide(CHART, Chart=first), slide(CHART, Chart=second)))
    prs = open_deck(data)
    one, two = (shape_named(s, "Chart").chart for s in prs.slides)
    assert chart_data(one) == (["A", "B"], [("S", [1.0, 2.0])])
    assert chart_data(two) == (["X", "Y", "Z"], [("T", [3.0, 4.0, 5.0])])
    package = open_package(data)
    charts = [n for n in package.parts if n.startswith("ppt/charts/chart")]
    workbooks = [n for n in package.parts if n.startswith("ppt/embeddings/")]
    assert len(charts) == 2 and len(workbooks) == 2


def test_added_series_take_the_next_theme_accents(terracotta: bytes) -> None:
    series = tuple(ChartSeries(f"S{i}", (1.0, 2.0)) for i in range(4))
    data, _ = export(terracotta, deck(slide(CHART, Chart=ChartValue(("A", "B"), series))))
    xml = zip_read(data, "ppt/charts/chart2.xml").decode()
    assert [xml.count(f'val="accent{i}"') for i in (1, 2, 3, 4)] == [1, 1, 1, 1]


def test_formula_like_labels_are_stored_as_text_in_the_workbook(terracotta: bytes) -> None:
    labels = ("=1+1", "+SUM(A1)", "-2", "@cmd")
    value = ChartValue(labels, (ChartSeries('=HYPERLINK("x")', (1.0, 2.0, 3.0, 4.0)),))
    data, _ = export(terracotta, deck(slide(CHART, Chart=value)))
    chart = shape_named(open_deck(data).slides[0], "Chart").chart
    assert list(chart.plots[0].categories) == list(labels)
    workbook = zipfile.ZipFile(
        io.BytesIO(zip_read(data, "ppt/embeddings/Microsoft_Excel_Sheet2.xlsx"))
    )
    sheet = workbook.read("xl/worksheets/sheet1.xml")
    assert b"<f>" not in sheet  # no formula anywhere
    strings = etree.fromstring(workbook.read("xl/sharedStrings.xml"))
    stored = [
        t.text for t in strings.iter("{http://schemas.openxmlformats.org/spreadsheetml/2006/main}t")
    ]
    assert set(labels) | {'=HYPERLINK("x")'} <= set(stored)


def test_series_longer_or_shorter_than_categories_are_fitted_with_a_warning(
    terracotta: bytes,
) -> None:
    value = ChartValue(("A", "B", "C"), (ChartSeries("S", (1.0,)),))
    data, result = export(terracotta, deck(slide(CHART, Chart=value)))
    chart = shape_named(open_deck(data).slides[0], "Chart").chart
    assert chart_data(chart) == (["A", "B", "C"], [("S", [1.0, None, None])])
    assert [w.code for w in result.warnings] == ["chart_data_adjusted"]


def test_empty_categories_left_out_of_a_scatter_chart_are_reported(
    chart_kinds: bytes,
) -> None:
    value = ChartValue(("1", "", "3", ""), (ChartSeries("S", (2.0, None, 6.0, None)),))
    data, result = export(chart_kinds, deck(slide(1, Scatter=value)))
    chart = shape_named(open_deck(data).slides[0], "Scatter").chart
    assert chart.chart_type == XL_CHART_TYPE.XY_SCATTER
    assert [list(s.values) for s in chart.series] == [[2.0, 6.0]]
    assert [(w.code, w.element) for w in result.warnings] == [("chart_data_adjusted", "Scatter")]
    assert "2 empty categories" in result.warnings[0].message


def test_a_chart_inserted_into_a_placeholder_reports_its_adjustments(
    chart_kinds: bytes,
) -> None:
    value = ChartValue(("A", "", "B", "C"), (ChartSeries("S", (1.0, None, 2.0)),))
    data, result = export(chart_kinds, deck(slide(2, Chart_Slot=value)))
    chart = shape_named(open_deck(data).slides[0], "Chart Slot").chart
    assert chart_data(chart) == (["A", "B", "C"], [("S", [1.0, 2.0, None])])
    assert [(w.code, w.element) for w in result.warnings] == [("chart_data_adjusted", "Chart Slot")]
    assert "1 empty categories" in result.warnings[0].message
    # A series of the wrong length is reported on this path too.
    short = ChartValue(("A", "B"), (ChartSeries("S", (1.0,)),))
    _, result = export(chart_kinds, deck(slide(2, Chart_Slot=short)))
    assert [w.code for w in result.warnings] == ["chart_data_adjusted"]
    assert "padded or cut" in result.warnings[0].message


# -- pictures -----------------------------------------------------------------------------------


def photo(width: int, height: int, color: str = "orange") -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (width, height), color).save(buffer, "JPEG")
    return buffer.getvalue()


def test_picture_gets_a_new_image_and_the_template_image_stays_shared(terracotta: bytes) -> None:
    spec = deck(
        slide(PICTURE, Picture=PictureValue(photo(300, 300), alt="A square")),
        slide(PICTURE),
        slide(PICTURE, Picture=PictureValue(photo(300, 300))),
    )
    data, _ = export(terracotta, spec)
    package = open_package(data)
    images = sorted(n for n in package.parts if n.startswith("ppt/media/"))
    assert len(images) == 2  # the template's artwork (shared by its copy) and the new photo
    targets = [package.rel_targets(name, "image") for name in package.slide_names()]
    assert targets[0] == targets[2] and targets[0] != targets[1]
    picture = shape_named(open_deck(data).slides[0], "Picture")
    assert picture._element.nvPicPr.cNvPr.get("descr") == "A square"


def test_picture_is_cover_cropped_into_its_frame(terracotta: bytes) -> None:
    # The frame is 6.2 x 7.5 in (portrait); a 2:1 landscape photo loses its sides.
    data, _ = export(terracotta, deck(slide(PICTURE, Picture=PictureValue(photo(400, 200)))))
    picture = shape_named(open_deck(data).slides[0], "Picture")
    frame_ratio, image_ratio = 6.2 / 7.5, 2.0
    expected = (1 - frame_ratio / image_ratio) / 2
    assert picture.crop_left == pytest.approx(expected, abs=1e-4)
    assert picture.crop_right == pytest.approx(expected, abs=1e-4)
    assert picture.crop_top == picture.crop_bottom == 0


def test_empty_picture_placeholder_becomes_a_picture(features: bytes) -> None:
    data, _ = export(features, deck(slide(4, Picture=PictureValue(png_bytes(50, 50)))))
    picture = shape_named(open_deck(data).slides[0], "Picture")
    assert picture._element.tag.endswith("}pic")
    assert picture.is_placeholder
    assert picture.image.size == (50, 50)


def test_invalid_image_is_a_warning_and_the_picture_stays(terracotta: bytes) -> None:
    data, result = export(terracotta, deck(slide(PICTURE, Picture=PictureValue(b"not an image"))))
    assert [w.code for w in result.warnings] == ["invalid_image"]
    assert len([n for n in zip_names(data) if n.startswith("ppt/media/")]) == 1


def test_webp_images_are_reencoded(terracotta: bytes) -> None:
    buffer = io.BytesIO()
    Image.new("RGB", (40, 20), "green").save(buffer, "WEBP")
    data, _ = export(terracotta, deck(slide(PICTURE, Picture=PictureValue(buffer.getvalue()))))
    picture = shape_named(open_deck(data).slides[0], "Picture")
    assert picture.image.content_type == "image/png"


# -- notes --------------------------------------------------------------------------------------


def test_notes_are_never_shared_and_spec_notes_override(features: bytes) -> None:
    data, _ = export(features, deck(slide(1), slide(1, notes="Say this"), slide(2, notes="New")))
    prs = open_deck(data)
    assert [s.notes_slide.notes_text_frame.text for s in prs.slides] == [
        "Template notes",
        "Say this",
        "New",
    ]
    notes = [n for n in zip_names(data) if n.startswith("ppt/notesSlides/notesSlide")]
    assert sorted(notes) == [f"ppt/notesSlides/notesSlide{i}.xml" for i in (1, 2, 3)]


def test_empty_notes_clear_the_template_notes(features: bytes) -> None:
    data, _ = export(features, deck(slide(1, notes="")))
    assert open_deck(data).slides[0].notes_slide.notes_text_frame.text == ""


def test_new_notes_master_is_listed_in_the_presentation(terracotta: bytes) -> None:
    data, _ = export(terracotta, deck(slide(TITLE, notes="Hello")))
    assert b"<p:notesMasterIdLst>" in zip_read(data, "ppt/presentation.xml")


# -- links between slides, custom shows, sections -----------------------------------------------


def test_links_to_a_template_slide_go_to_its_first_copy(features: bytes) -> None:
    data, _ = export(features, deck(slide(3), slide(1), slide(1)))
    package = open_package(data)
    first = package.slide_names()[0]
    assert package.rel_targets(first, "slide") == [package.slide_names()[1]]


def test_links_to_an_unused_template_slide_are_removed(features: bytes) -> None:
    data, _ = export(features, deck(slide(3)))
    package = open_package(data)
    assert package.rel_targets(package.slide_names()[0], "slide") == []
    assert b"hlinkClick" not in zip_read(data, "ppt/slides/slide1.xml")


def test_custom_shows_and_sections_follow_the_new_slides(features: bytes) -> None:
    data, _ = export(features, deck(slide(3), slide(1)))
    prs = zip_read(data, "ppt/presentation.xml")
    assert b"sectionLst" not in prs
    root = etree.fromstring(prs)
    shows = root.findall(".//{http://schemas.openxmlformats.org/presentationml/2006/main}sld")
    assert len(shows) == 2  # the show's two slides, both copied

    data, _ = export(features, deck(slide(2)))
    assert b"custShowLst" not in zip_read(data, "ppt/presentation.xml")


def test_an_unforeseen_failure_keeps_the_template_element(
    terracotta: bytes, monkeypatch: pytest.MonkeyPatch
) -> None:
    from slidewright.pptx_engine import writer

    def broken(frame: Any, value: Any, fill_cell: Any) -> None:
        frame.getparent().remove(frame)  # half-done damage before failing
        raise RuntimeError("odd table")

    monkeypatch.setattr(writer, "fill_table", broken)
    value = TableValue((("a", "b"),))
    data, result = export(terracotta, deck(slide(TABLE, Table=value, Title="Still filled")))
    assert [(w.code, w.element) for w in result.warnings] == [("element_not_filled", "Table")]
    table_path = next(
        e.path
        for e in read_presentation(terracotta).slides[TABLE - 1].elements
        if e.name == "Table"
    )
    assert shape_xml(open_deck(data).slides[0], table_path) == shape_xml(
        open_deck(terracotta).slides[TABLE - 1], table_path
    )
    assert texts(shape_named(open_deck(data).slides[0], "Title")) == ["Still filled"]


def test_soft_line_breaks_become_line_breaks_inside_a_paragraph(terracotta: bytes) -> None:
    data, _ = export(terracotta, deck(slide(TITLE, Title="First\vSecond")))
    title = shape_named(open_deck(data).slides[0], "Title")
    assert len(title.text_frame.paragraphs) == 1
    assert title.text_frame.paragraphs[0].text == "First\vSecond"  # python-pptx's a:br


def _resaved(template: bytes, title: str) -> bytes:
    """The template with another document title: the same slides, other bytes."""
    from pptx import Presentation

    prs = Presentation(io.BytesIO(template))
    prs.core_properties.title = title
    buffer = io.BytesIO()
    prs.save(buffer)
    return buffer.getvalue()


def test_a_template_is_read_once_for_every_fill_of_it(
    terracotta: bytes, monkeypatch: pytest.MonkeyPatch
) -> None:
    from slidewright.pptx_engine import writer

    reads: list[int] = []
    read = writer._DeckReader.read

    def counting(self: Any) -> Any:
        reads.append(1)
        return read(self)

    monkeypatch.setattr(writer._DeckReader, "read", counting)
    first, second = _resaved(terracotta, "first copy"), _resaved(terracotta, "second copy")
    spec = deck(slide(1, Title="Hello"))
    one = zip_entries(fill_deck(first, spec).pptx)
    assert zip_entries(fill_deck(first, spec).pptx) == one  # the kept reading builds the same file
    assert len(reads) == 1
    fill_deck(second, spec)  # other bytes: read again
    assert len(reads) == 2
