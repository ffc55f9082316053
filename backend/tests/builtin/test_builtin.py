"""The built-in templates: structure, names, theme, descriptions and reproducible bytes.

No LibreOffice here: how they look is checked by eye (docs/images/builtin-*.png).
"""

from __future__ import annotations

import io
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from lxml import etree
from pptx import Presentation
from pptx.opc.constants import RELATIONSHIP_TYPE as RT
from pptx.presentation import Presentation as PresentationObject

from slidewright.builtin import BUILTIN_TEMPLATES, EDITIONS, build, get_template
from slidewright.builtin.__main__ import main
from slidewright.pptx_engine.reader import read_presentation

KEYS = [template.key for template in BUILTIN_TEMPLATES]
SLIDE_KINDS = (
    "title",
    "agenda",
    "section",
    "bullets",
    "comparison",
    "picture",
    "chart",
    "table",
    "quote",
    "closing",
)
EXPECTED_NAMES = {
    "title": {"Title", "Subtitle", "Presenter"},
    "agenda": {"Title", "Agenda Items"},
    "section": {"Section Number", "Section Title", "Section Summary"},
    "bullets": {"Title", "Body"},
    "comparison": {"Title", "Left Heading", "Left Body", "Right Heading", "Right Body"},
    "picture": {"Picture", "Title", "Body", "Caption"},
    "chart": {"Title", "Chart", "Key Figure", "Takeaway"},
    "table": {"Title", "Table", "Source"},
    "quote": {"Quote", "Attribution"},
    "closing": {"Title", "Subtitle", "Contact"},
}
A_NS = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
CJK = re.compile(r"[\u4e00-\u9fff]")


@cache
def built(key: str) -> bytes:
    return build(key)


@cache
def deck(key: str) -> PresentationObject:
    """Read-only: shared between tests."""
    return Presentation(io.BytesIO(built(key)))


def slide_of(key: str, kind: str) -> Any:
    return deck(key).slides[SLIDE_KINDS.index(kind)]


def shape_named(key: str, kind: str, name: str) -> Any:
    return next(shape for shape in slide_of(key, kind).shapes if shape.name == name)


def test_catalog_lists_three_templates_with_distinct_keys_and_files() -> None:
    assert len(BUILTIN_TEMPLATES) >= 3
    assert len(set(KEYS)) == len(KEYS)
    filenames = [template.filename for template in BUILTIN_TEMPLATES]
    assert len(set(filenames)) == len(filenames)
    assert all(name.endswith(".pptx") for name in filenames)
    assert get_template("terracotta").filename == "Slidewright Terracotta.pptx"
    with pytest.raises(KeyError):
        get_template("nope")


@pytest.mark.parametrize("key", KEYS)
def test_widescreen_deck_of_the_ten_slide_kinds_in_order(key: str) -> None:
    prs = deck(key)
    assert (prs.slide_width, prs.slide_height) == (12192000, 6858000)
    assert len(prs.slides) == 10
    assert [slide.slide_layout.name for slide in prs.slides] == [
        "Title Slide",
        "Agenda",
        "Section Header",
        "Title and Content",
        "Comparison",
        "Picture with Caption",
        "Chart with Takeaway",
        "Table",
        "Quote",
        "Closing",
    ]


@pytest.mark.parametrize("key", KEYS)
def test_every_slide_has_unique_names_and_its_named_elements(key: str) -> None:
    for kind, slide in zip(SLIDE_KINDS, deck(key).slides, strict=True):
        names = [shape.name for shape in slide.shapes]
        assert len(names) == len(set(names)), (kind, names)
        assert EXPECTED_NAMES[kind] <= set(names), (kind, names)
        others = set(names) - EXPECTED_NAMES[kind]
        assert all(re.fullmatch(r"Decoration \d+", name) for name in others), (kind, others)


@pytest.mark.parametrize("key", KEYS)
def test_text_elements_hold_sample_text_and_decorations_none(key: str) -> None:
    for kind, slide in zip(SLIDE_KINDS, deck(key).slides, strict=True):
        for shape in slide.shapes:
            text = shape.text_frame.text if shape.has_text_frame else ""
            if shape.name.startswith("Decoration"):
                assert text == "", (kind, shape.name)
            elif shape.has_text_frame:
                assert text.strip(), (kind, shape.name)


@pytest.mark.parametrize("key", KEYS)
def test_bullets_are_paragraphs_with_levels(key: str) -> None:
    body = shape_named(key, "bullets", "Body").text_frame
    levels = [paragraph.level for paragraph in body.paragraphs]
    assert len(levels) >= 4
    assert set(levels) == {0, 1}
    agenda = shape_named(key, "agenda", "Agenda Items").text_frame
    assert len(agenda.paragraphs) >= 4


@pytest.mark.parametrize("key", KEYS)
def test_chart_slide_has_a_native_column_chart_with_data(key: str) -> None:
    frame = shape_named(key, "chart", "Chart")
    assert frame.has_chart
    plot = frame.chart.plots[0]
    assert list(plot.categories) == ["North America", "Europe", "Asia Pacific", "Latin America"]
    assert [series.name for series in plot.series] == ["FY2023", "FY2024"]
    assert all(len(series.values) == 4 for series in plot.series)


@pytest.mark.parametrize("key", KEYS)
def test_table_slide_has_a_native_table_with_a_header_row(key: str) -> None:
    frame = shape_named(key, "table", "Table")
    assert frame.has_table
    table = frame.table
    assert table.first_row
    assert len(table.rows) >= 4 and len(table.columns) >= 3
    assert table.cell(0, 0).text == "Metric"


@pytest.mark.parametrize("key", KEYS)
def test_picture_slide_has_a_real_picture(key: str) -> None:
    picture = shape_named(key, "picture", "Picture")
    assert picture.shape_type is not None
    assert picture.image.content_type == "image/jpeg"
    assert len(picture.image.blob) > 10_000


@pytest.mark.parametrize("key", KEYS)
def test_the_reader_sees_the_intended_element_types_and_locks(key: str) -> None:
    parsed = read_presentation(built(key))
    by_kind = dict(zip(SLIDE_KINDS, parsed.slides, strict=True))

    def element(kind: str, name: str) -> Any:
        return next(e for e in by_kind[kind].elements if e.name == name)

    assert element("picture", "Picture").type == "picture"
    assert not element("picture", "Picture").is_locked
    assert element("chart", "Chart").type == "chart"
    assert element("table", "Table").type == "table"
    assert element("bullets", "Body").type == "text"
    decorations = [e for s in parsed.slides for e in s.elements if e.name.startswith("Decor")]
    assert decorations
    assert all(e.type == "shape" and e.is_locked for e in decorations)


@pytest.mark.parametrize("key", KEYS)
def test_slides_have_no_speaker_notes(key: str) -> None:
    assert not any(slide.has_notes_slide for slide in deck(key).slides)


@pytest.mark.parametrize("key", KEYS)
def test_theme_sets_latin_and_east_asian_fonts_and_the_palette(key: str) -> None:
    prs = deck(key)
    theme_part = prs.slide_master.part.part_related_by(RT.THEME)
    theme = etree.fromstring(theme_part.blob)
    template = get_template(key)
    for collection in ("majorFont", "minorFont"):
        fonts = theme.find(f".//{A_NS}{collection}")
        assert fonts is not None
        assert fonts.find(f"{A_NS}latin").get("typeface")
        assert fonts.find(f"{A_NS}ea").get("typeface") == "Microsoft YaHei"
        hans = fonts.find(f"{A_NS}font[@script='Hans']")
        assert hans is not None and hans.get("typeface") == "Microsoft YaHei"
    accent1 = theme.find(f".//{A_NS}clrScheme/{A_NS}accent1/{A_NS}srgbClr")
    assert accent1 is not None and accent1.get("val") == template.theme.palette.accent1


@pytest.mark.parametrize("key", KEYS)
def test_file_and_every_slide_are_described_in_english_and_chinese(key: str) -> None:
    template = get_template(key)
    assert template.description_en.strip()
    assert CJK.search(template.description_zh)
    assert [slide.kind for slide in template.slides] == list(SLIDE_KINDS)
    for description in template.slides:
        assert description.en.strip()
        assert CJK.search(description.zh)


@pytest.mark.parametrize("key", KEYS)
def test_builds_are_byte_for_byte_reproducible(key: str) -> None:
    assert build(key) == built(key)
    assert deck(key).core_properties.title == get_template(key).theme.name


def test_the_module_command_writes_every_file(tmp_path: Path) -> None:
    assert main([str(tmp_path / "out")]) == 0
    written = sorted(path.name for path in (tmp_path / "out").glob("*.pptx"))
    assert written == sorted(
        template.filename_in(edition.lang) for template in BUILTIN_TEMPLATES for edition in EDITIONS
    )
    assert (tmp_path / "out" / "Slidewright Jade.pptx").read_bytes() == built("jade")
    assert (tmp_path / "out" / "Slidewright 青玉.pptx").read_bytes() == build("jade", "zh-CN")
    assert main([]) == 2
