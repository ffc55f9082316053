"""Every real file in the shared corpus reads or fails with a typed error; a few golden cases."""

from __future__ import annotations

from pathlib import Path

import pytest

from slidewright.pptx_engine.errors import PptxEngineError
from slidewright.pptx_engine.model import ELEMENT_TYPES, ParsedDeck
from slidewright.pptx_engine.reader import read_presentation
from tests.corpus import corpus_files, require_corpus


def corpus_deck(name: str) -> ParsedDeck:
    path = next((p for p in require_corpus("pptx") if p.name == name), None)
    if path is None:
        pytest.skip(f"{name} is not in the corpus")
    return read_presentation(path)


@pytest.mark.parametrize("path", corpus_files("pptx"), ids=lambda p: p.name)
def test_corpus_file_parses_or_raises_a_typed_error(path: Path) -> None:
    try:
        deck = read_presentation(path)
    except PptxEngineError as error:
        assert error.code in ("invalid_pptx", "encrypted_or_legacy_file")
        return
    assert deck.slide_width_in > 0 and deck.slide_height_in > 0
    for slide in deck.slides:
        names = [element.name for element in slide.elements]
        assert len(names) == len(set(names)), f"duplicate names on slide {slide.slide_number}"
        for element in slide.elements:
            assert element.type in ELEMENT_TYPES
            assert element.path[-1] == element.shape_id
        assert slide.to_json_dict()["slideNumber"] == slide.slide_number


def test_chart_deck_reports_chart_type_categories_and_series() -> None:
    chart = corpus_deck("cht-charts.pptx").slides[0].elements[0]
    assert chart.type == "chart" and chart.chart is not None
    assert (chart.chart.chart_type, chart.chart.category_count, chart.chart.series_count) == (
        "bar_clustered",
        4,
        3,
    )
    assert chart.inner_text == "Series 1\nSeries 2\nSeries 3"


def test_chart_types_across_plot_kinds() -> None:
    slides = corpus_deck("cht-chart-type.pptx").slides
    first_types = [slide.elements[0].chart.chart_type for slide in slides[:7]]  # type: ignore[union-attr]
    assert first_types == [
        "area",
        "bar_clustered",
        "line",
        "pie",
        "xy_scatter",
        "bubble",
        "radar",
    ]


def test_ole_object_is_a_locked_other() -> None:
    element = corpus_deck("shp-access-ole-object.pptx").slides[0].elements[0]
    assert (element.name, element.type, element.is_locked) == ("Object 1", "other", True)


def test_movie_is_a_locked_other() -> None:
    element = corpus_deck("shp-movie-props.pptx").slides[0].elements[0]
    assert (element.type, element.is_locked) == ("other", True)


def test_group_children_are_flattened_with_a_path_through_the_group() -> None:
    elements = corpus_deck("shp-groupshape.pptx").slides[0].elements
    assert [(e.name, e.path) for e in elements] == [
        ("Rounded Rectangle 1", (5, 2)),
        ("Oval 2", (5, 3)),
        ("Isosceles Triangle 3", (5, 4)),
        ("Rectangle 5", (6,)),
    ]
    first = elements[0].boundary
    assert (first.x, first.y, first.width, first.height) == (3.6613, 2.4113, 1.0, 1.0)


def test_populated_placeholders_read_as_their_content() -> None:
    slides = corpus_deck("ph-populated-placeholders.pptx").slides
    kinds = [(s.elements[0].type, s.elements[0].placeholder.type) for s in slides]  # type: ignore[union-attr]
    assert kinds == [
        ("picture", "pic"),
        ("picture", "clipArt"),
        ("table", "tbl"),
        ("chart", "chart"),
        ("text", "title"),
        ("text", "obj"),
        ("text", "body"),
        ("other", "dgm"),
        ("other", "media"),
    ]
    assert slides[3].elements[0].chart is not None
    assert slides[3].elements[0].chart.chart_type == "pie"


def test_table_cells_are_tab_separated_rows() -> None:
    table = corpus_deck("tbl-cell.pptx").slides[2].elements[0]
    assert table.inner_text == "a\tb\tc\nd\te\tf\ng\th\ti"
    assert table.table is not None and (table.table.rows, table.table.cols) == (3, 3)


def test_notes_are_read_from_a_real_deck() -> None:
    assert [s.notes for s in corpus_deck("sld-notes.pptx").slides] == ["Notes", ""]


def test_widescreen_deck_reports_its_size() -> None:
    deck = corpus_deck("shp-embedded-pptx.pptx")
    assert (deck.slide_width_in, deck.slide_height_in) == (13.3333, 7.5)
