"""Alt text of charts (issue 19): a chart without a description is flagged by the checks, and
the export describes it from its own data as filled, in the deck's language."""

from __future__ import annotations

from typing import Any

from pptx.chart.data import CategoryChartData
from pptx.enum.chart import XL_CHART_TYPE
from pptx.util import Inches

from slidewright.pptx_engine.accessibility import accessibility_problems
from slidewright.pptx_engine.alt_text import mark_decorative
from slidewright.pptx_engine.chart_alt_text import describe_chart
from slidewright.pptx_engine.deck_spec import ChartSeries, ChartValue, SlideSpec
from tests.pptx_engine.accessibility_checks import c_nv_pr, deck_gaps, decorative
from tests.pptx_engine.builders import TITLE_ONLY, add_bar_chart, new_presentation, to_bytes
from tests.pptx_engine.fill_builders import chart_kinds_template, open_deck, shape_named
from tests.pptx_engine.test_accessibility import a11y_warnings, fill

C = "{http://schemas.openxmlformats.org/drawingml/2006/chart}"
UNITS = ChartValue(("North", "South"), (ChartSeries("Units", (3.0, 4.0)),))


def charts_template() -> bytes:
    """Titled slides, each with a bar chart (series 2024 and 2025 over Q1-Q3): 1 without a
    description, 2 with the author's, 3 marked decorative, 4 with its series deleted."""
    prs = new_presentation()
    for name in ("Bare", "Described", "Decorative", "Empty"):
        slide = prs.slides.add_slide(prs.slide_layouts[TITLE_ONLY])
        slide.shapes.title.text = name
        frame = add_bar_chart(slide)
        frame.name = name
        if name == "Described":
            c_nv_pr(frame).set("descr", "Revenue grew every quarter")
        elif name == "Decorative":
            mark_decorative(frame._element)
        elif name == "Empty":
            for ser in list(frame.chart.element.iter(f"{C}ser")):
                ser.getparent().remove(ser)
    return to_bytes(prs)


def chart_of(result: Any, slide: int, name: str) -> Any:
    return shape_named(open_deck(result.pptx).slides[slide - 1], name)


def test_a_chart_without_alt_text_fails_the_checks() -> None:
    template = charts_template()
    assert deck_gaps(template) == [
        "slide 1: chart 'Bare' without alt text",
        "slide 4: chart 'Empty' without alt text",
    ]
    assert [(p.code, p.slide_index, p.shape_name) for p in accessibility_problems(template)] == [
        ("missing_alt_text", 1, "Bare"),
        ("missing_alt_text", 4, "Empty"),
    ]


def test_a_kept_chart_is_described_from_its_data_in_the_decks_language() -> None:
    template = charts_template()
    expected = {
        "en": "Bar chart: 2024, 2025 (Q1, Q2, Q3)",
        "zh-CN": "条形图：2024、2025（Q1、Q2、Q3）",
        "zh-HK": "橫條圖：2024、2025（Q1、Q2、Q3）",
    }
    for lang, description in expected.items():
        result = fill(template, SlideSpec(1), lang=lang)
        assert c_nv_pr(chart_of(result, 1, "Bare")).get("descr") == description, lang
        assert a11y_warnings(result) == [] and deck_gaps(result.pptx) == []


def test_a_filled_chart_is_described_from_the_data_filled_in() -> None:
    result = fill(charts_template(), SlideSpec(1, {"Bare": UNITS}))
    assert c_nv_pr(chart_of(result, 1, "Bare")).get("descr") == "Bar chart: Units (North, South)"


def test_the_authors_description_and_decorative_mark_stay() -> None:
    result = fill(charts_template(), SlideSpec(2, {"Described": UNITS}), SlideSpec(3))
    described = chart_of(result, 1, "Described")
    assert c_nv_pr(described).get("descr") == "Revenue grew every quarter"
    kept = chart_of(result, 2, "Decorative")
    assert decorative(kept) and c_nv_pr(kept).get("descr") is None
    assert a11y_warnings(result) == []


def test_a_chart_with_nothing_to_describe_is_reported_not_invented() -> None:
    result = fill(charts_template(), SlideSpec(4))
    assert c_nv_pr(chart_of(result, 1, "Empty")).get("descr") is None
    assert a11y_warnings(result) == [("missing_alt_text", 1, "Empty")]
    assert deck_gaps(result.pptx) == ["slide 1: chart 'Empty' without alt text"]


def test_scatter_and_placeholder_charts_are_described() -> None:
    result = fill(chart_kinds_template(), SlideSpec(1), SlideSpec(2, {"Chart Slot": UNITS}))
    prs = open_deck(result.pptx)
    scatter = shape_named(prs.slides[0], "Scatter")
    assert c_nv_pr(scatter).get("descr") == "Scatter chart: Points (1.0, 2.0, 3.0)"
    slot = next(s for s in prs.slides[1].shapes if s.has_chart)  # the placeholder became a chart
    assert c_nv_pr(slot).get("descr") == "Column chart: Units (North, South)"
    assert deck_gaps(result.pptx) == []


def chart_space(chart_type: Any, categories: list[str], *series: str) -> Any:
    prs = new_presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[TITLE_ONLY])
    data = CategoryChartData()
    data.categories = categories
    for name in series:
        data.add_series(name, [1.0] * len(categories))
    frame = slide.shapes.add_chart(chart_type, 0, 0, Inches(4), Inches(3), data)
    return frame.chart.element


def test_a_long_category_list_is_cut_and_kinds_are_named() -> None:
    months = [f"M{n}" for n in range(1, 16)]
    line = chart_space(XL_CHART_TYPE.LINE, months, "Visits")
    listed = ", ".join(months[:12])
    assert describe_chart(line, "en") == f"Line chart: Visits ({listed}, …)"
    assert describe_chart(line, "zh-CN").endswith("M12……）")
    pie = chart_space(XL_CHART_TYPE.PIE, ["甲", "乙"], "份额")
    assert describe_chart(pie, "zh-CN") == "饼图：份额（甲、乙）"
    column = chart_space(XL_CHART_TYPE.COLUMN_STACKED, ["A"], "x", "y")
    assert describe_chart(column, "fr") == "Column chart: x, y (A)"  # unknown language: English
