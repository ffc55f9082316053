"""Filling a native chart with python-pptx's `replace_data`, keeping its type and style.

`replace_data` rewrites the series in the chart XML (keeping each series' formatting, cloning
the last one for new series) and the embedded workbook that PowerPoint's "Edit Data" opens.
Two details python-pptx leaves to us:

- the workbook is written with XlsxWriter, whose `write()` turns a string starting with '='
  into a formula (and URLs into hyperlinks). A category or series name such as "=1+1" or
  "=HYPERLINK(...)" would then be evaluated by Excel when the user edits the data, so the
  workbook is opened with those conversions off: every label is stored as a string;
- new series are clones of the last one, so in a chart whose series carry explicit theme
  colours (`accent1`, `accent2`, ...) they would all repeat the last colour; they get the next
  accents instead.

The value's number format follows the template's first series, so "$0.0M" labels stay.
"""

from __future__ import annotations

import copy
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

from pptx.chart.data import CategoryChartData, XyChartData
from pptx.chart.xlsx import CategoryWorkbookWriter, XyWorkbookWriter
from pptx.enum.chart import XL_CHART_TYPE
from pptx.util import lazyproperty
from xlsxwriter import Workbook

from slidewright.pptx_engine.deck_spec import ChartValue
from slidewright.pptx_engine.ooxml import qn
from slidewright.pptx_engine.xmledit import xml_safe

_WORKBOOK_OPTIONS = {
    "in_memory": True,
    "strings_to_formulas": False,
    "strings_to_urls": False,
    "strings_to_numbers": False,
}
_XY_TYPES = frozenset(
    {
        XL_CHART_TYPE.XY_SCATTER,
        XL_CHART_TYPE.XY_SCATTER_LINES,
        XL_CHART_TYPE.XY_SCATTER_LINES_NO_MARKERS,
        XL_CHART_TYPE.XY_SCATTER_SMOOTH,
        XL_CHART_TYPE.XY_SCATTER_SMOOTH_NO_MARKERS,
    }
)
_BUBBLE_TYPES = frozenset({XL_CHART_TYPE.BUBBLE, XL_CHART_TYPE.BUBBLE_THREE_D_EFFECT})
_XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
_EXTERNAL_DATA = qn("c:externalData")
_SER = qn("c:ser")
# Children that precede the series in every plot kind (CT_BarChart, CT_LineChart, ...).
_BEFORE_SERIES = frozenset(
    qn(f"c:{name}")
    for name in (
        "barDir",
        "grouping",
        "varyColors",
        "scatterStyle",
        "radarStyle",
        "wireframe",
        "ofPieType",
    )
)


class ChartFillError(Exception):
    """The chart cannot take the value (an unsupported chart kind); the template is kept."""


class _SafeWorkbookMixin:
    @contextmanager
    def _open_worksheet(self, xlsx_file: Any) -> Any:
        workbook = Workbook(xlsx_file, _WORKBOOK_OPTIONS)
        worksheet = workbook.add_worksheet()
        yield workbook, worksheet
        workbook.close()


class _SafeCategoryWorkbookWriter(_SafeWorkbookMixin, CategoryWorkbookWriter):
    pass


class _SafeXyWorkbookWriter(_SafeWorkbookMixin, XyWorkbookWriter):
    pass


class SafeCategoryChartData(CategoryChartData):
    """CategoryChartData whose workbook stores every label as a string, never a formula."""

    @lazyproperty
    def _workbook_writer(self) -> Any:
        return _SafeCategoryWorkbookWriter(self)


class SafeXyChartData(XyChartData):
    @lazyproperty
    def _workbook_writer(self) -> Any:
        return _SafeXyWorkbookWriter(self)


def _without_empty_categories(value: ChartValue) -> tuple[ChartValue, list[str]]:
    """Drops categories with a blank label and no value in any series: the editor starts from
    the template's category count, and a user who fills two of four would otherwise get blank
    bars and legend entries. A labelled category, or one with any value, is kept. Returns the
    value and a note (for a warning) when categories were left out."""
    keep = [
        index
        for index, label in enumerate(value.categories)
        if str(label).strip()
        or any(index < len(s.values) and s.values[index] is not None for s in value.series)
    ]
    if len(keep) == len(value.categories) or not keep:
        return value, []
    series = tuple(
        replace(s, values=tuple(s.values[i] if i < len(s.values) else None for i in keep))
        for s in value.series
    )
    categories = tuple(value.categories[i] for i in keep)
    dropped = len(value.categories) - len(keep)
    return ChartValue(categories=categories, series=series), [
        f"{dropped} empty categories (no label, no values) were left out"
    ]


def category_chart_data(
    value: ChartValue, number_format: str = "General"
) -> tuple[SafeCategoryChartData, list[str]]:
    """The chart data for a value, with notes about what was adjusted: empty categories left
    out, series padded or cut to the number of categories."""
    value, notes = _without_empty_categories(value)
    width = len(value.categories)
    data = SafeCategoryChartData(number_format=number_format)
    data.categories = [xml_safe(c) for c in value.categories]
    for series in value.series:
        values = list(series.values[:width]) + [None] * (width - len(series.values))
        if len(series.values) != width:
            notes.append(
                f"series {series.name!r} has {len(series.values)} values for {width} "
                "categories; it was padded or cut to fit"
            )
        data.add_series(xml_safe(series.name), values)
    return data, notes


def fill_chart(chart_part: Any, value: ChartValue) -> list[str]:
    """Replace the chart's data; returns notes about adjustments (for warnings).

    Raises ChartFillError when the chart kind cannot take category data.
    """
    chart = chart_part.chart
    try:
        chart_type = chart.chart_type
    except Exception as exc:  # python-pptx names only the plot kinds it can write
        raise ChartFillError("this chart type cannot be filled") from exc
    if chart_type in _BUBBLE_TYPES:
        raise ChartFillError("bubble charts cannot be filled from categories and series")
    _ensure_embedded_workbook(chart_part)
    template_series = sum(1 for _ in chart.element.iter(_SER))
    number_format = _number_format(chart.element)
    if chart_type in _XY_TYPES:
        value, notes = _without_empty_categories(value)
        data: Any = _xy_data(value, number_format)
    else:
        data, notes = category_chart_data(value, number_format)
    backup = copy.deepcopy(chart_part._element)
    try:
        _ensure_a_series(chart.element)
        chart.replace_data(data)
    except Exception as exc:
        # python-pptx may fail half-way through the XML; the template's chart must survive.
        chart_part._element = backup
        raise ChartFillError(f"the chart data could not be replaced: {exc}") from exc
    _recolor_new_series(chart.element, template_series)
    return notes


def _xy_data(value: ChartValue, number_format: str) -> Any:
    """Scatter charts: categories are the x values, so they must be numbers."""
    try:
        xs = [float(c) for c in value.categories]
    except ValueError as exc:
        raise ChartFillError("a scatter chart needs numeric categories (x values)") from exc
    data = SafeXyChartData(number_format=number_format)
    for series in value.series:
        target = data.add_series(xml_safe(series.name))
        for x, y in zip(xs, series.values, strict=False):
            if y is not None:
                target.add_data_point(x, y)
    return data


def _ensure_a_series(chart_space: Any) -> None:
    """Give an empty chart (a plot without series) one, which `replace_data` clones: it
    cannot create the first series itself."""
    if next(chart_space.iter(_SER), None) is not None:
        return
    plot_area = chart_space.find(f"{qn('c:chart')}/{qn('c:plotArea')}")
    plot = (
        None
        if plot_area is None
        else next((child for child in plot_area if child.tag.endswith("Chart")), None)
    )
    if plot is None:
        return
    series = plot.makeelement(_SER, {})
    series.append(series.makeelement(qn("c:idx"), {"val": "0"}))
    series.append(series.makeelement(qn("c:order"), {"val": "0"}))
    leading = [child for child in plot if child.tag in _BEFORE_SERIES]
    if leading:
        leading[-1].addnext(series)
    else:
        plot.insert(0, series)


def _number_format(chart_space: Any) -> str:
    code = chart_space.find(
        f".//{qn('c:ser')}/{qn('c:val')}/{qn('c:numRef')}/{qn('c:numCache')}/{qn('c:formatCode')}"
    )
    if code is None or not (code.text or "").strip():
        return "General"
    return str(code.text)


def _ensure_embedded_workbook(chart_part: Any) -> None:
    """Drop a workbook reference `replace_data` cannot update in place.

    A chart linked to an external file, or embedding a legacy .xls (an OLE object), would get
    xlsx bytes written into a part of another type; without the reference python-pptx adds a
    fresh embedded workbook instead.
    """
    chart_space = chart_part.chart.element
    external = chart_space.find(_EXTERNAL_DATA)
    if external is None:
        return
    r_id = external.get(qn("r:id"))
    rels = chart_part.rels
    rel = rels.get(r_id)
    if (
        rel is not None
        and not rel.is_external
        and rel.target_part.content_type == _XLSX_CONTENT_TYPE
    ):
        return
    chart_space.remove(external)
    if rel is not None:
        rels.pop(r_id)


def _recolor_new_series(chart_space: Any, template_count: int) -> None:
    sers = list(chart_space.iter(_SER))
    if template_count < 1 or len(sers) <= template_count:
        return
    last_accent = _accent_of(sers[template_count - 1])
    if last_accent is None:
        return
    for offset, ser in enumerate(sers[template_count:], start=1):
        accent = (last_accent - 1 + offset) % 6 + 1
        for color in ser.iterfind(f"{qn('c:spPr')}//{qn('a:schemeClr')}"):
            if (color.get("val") or "").startswith("accent"):
                color.set("val", f"accent{accent}")


def _accent_of(ser: Any) -> int | None:
    fill = ser.find(f"{qn('c:spPr')}/{qn('a:solidFill')}/{qn('a:schemeClr')}")
    if fill is None:
        fill = ser.find(f"{qn('c:spPr')}/{qn('a:ln')}/{qn('a:solidFill')}/{qn('a:schemeClr')}")
    value = "" if fill is None else fill.get("val") or ""
    if value.startswith("accent") and value[6:].isdigit():
        return int(value[6:])
    return None
