"""Native chart and table of the sample slides, styled from the theme.

Both stay native objects (a chart with its embedded workbook, an `a:tbl`), so the export
engine can refill them with `replace_data` and row cloning and keep this styling. Series and
header fills are theme colours; chart text and gridlines are RGB because chart parts do not
follow a dark master's colour map in every renderer.
"""

from __future__ import annotations

from typing import Any, cast

from pptx.chart.data import CategoryChartData
from pptx.dml.color import RGBColor
from pptx.enum.chart import XL_CHART_TYPE, XL_LABEL_POSITION, XL_LEGEND_POSITION, XL_TICK_MARK
from pptx.enum.dml import MSO_THEME_COLOR
from pptx.enum.text import PP_ALIGN
from pptx.oxml.ns import qn
from pptx.shapes.graphfrm import GraphicFrame
from pptx.slide import Slide
from pptx.util import Emu, Pt

from slidewright.builtin import drawingml as dml
from slidewright.builtin.drawingml import EMU_PER_INCH, A
from slidewright.builtin.editions import Edition
from slidewright.builtin.layouts import CHART_RECT, TABLE_RECT
from slidewright.builtin.style import Paint, Theme

_SERIES_COLORS = (MSO_THEME_COLOR.ACCENT_1, MSO_THEME_COLOR.ACCENT_2)
# PowerPoint's built-in "No Style, No Grid": the cells below carry all of the formatting.
_NO_STYLE_TABLE = "{2D5ABB26-0587-4C30-8999-92F81FD0307C}"
_FIRST_COLUMN_WIDTH = 3.4  # inches; the other columns share the rest
_CELL_MARGIN = 0.14  # inches


def _emu(inches: float) -> Emu:
    return Emu(round(inches * EMU_PER_INCH))


def add_column_chart(slide: Slide, theme: Theme, edition: Edition) -> GraphicFrame:
    data = CategoryChartData(number_format=edition.chart_number_format)
    data.categories = edition.chart_categories
    for name, values in edition.chart_series:
        data.add_series(name, values)
    rect = CHART_RECT
    # python-pptx annotates add_chart as taking ChartData and returning a Chart; it takes any
    # chart data and returns the graphic frame.
    frame = cast(
        GraphicFrame,
        slide.shapes.add_chart(
            XL_CHART_TYPE.COLUMN_CLUSTERED,
            _emu(rect.x),
            _emu(rect.y),
            _emu(rect.w),
            _emu(rect.h),
            cast(Any, data),
        ),
    )
    frame.name = edition.name("Chart")
    _style_chart(frame.chart, theme)
    return frame


def _style_chart(chart: Any, theme: Theme) -> None:
    muted = RGBColor.from_string(theme.rgb(theme.base.muted))
    text = RGBColor.from_string(theme.rgb(theme.base.text))
    rule = RGBColor.from_string(theme.rgb(theme.rule))

    chart.has_title = False
    chart.font.size = Pt(12)
    chart.font.color.rgb = muted
    chart.has_legend = True
    chart.legend.position = XL_LEGEND_POSITION.TOP
    chart.legend.include_in_layout = False

    plot = chart.plots[0]
    plot.gap_width = 70
    plot.overlap = -10
    plot.vary_by_categories = False
    for series, color in zip(plot.series, _SERIES_COLORS, strict=False):
        series.format.fill.solid()
        series.format.fill.fore_color.theme_color = color
        series.format.line.fill.background()

    plot.has_data_labels = True
    labels = plot.data_labels
    labels.position = XL_LABEL_POSITION.OUTSIDE_END
    labels.number_format = "0.0"
    labels.number_format_is_linked = False
    labels.font.size = Pt(11)
    labels.font.color.rgb = text

    values = chart.value_axis
    values.has_major_gridlines = True
    values.major_gridlines.format.line.color.rgb = rule
    values.major_gridlines.format.line.width = Pt(0.75)
    values.format.line.fill.background()
    values.major_tick_mark = XL_TICK_MARK.NONE
    values.tick_labels.font.size = Pt(11)

    categories = chart.category_axis
    categories.format.line.color.rgb = rule
    categories.major_tick_mark = XL_TICK_MARK.NONE
    categories.tick_labels.font.size = Pt(12)
    categories.tick_labels.font.color.rgb = text


def add_table(slide: Slide, theme: Theme, edition: Edition) -> GraphicFrame:
    rows, columns = len(edition.table_rows), len(edition.table_rows[0])
    rect = TABLE_RECT
    frame = slide.shapes.add_table(
        rows, columns, _emu(rect.x), _emu(rect.y), _emu(rect.w), _emu(rect.h)
    )
    frame.name = edition.name("Table")
    table = frame.table
    table.first_row = True
    table.horz_banding = True
    style_id = frame.element.find(f".//{qn('a:tableStyleId')}")
    if style_id is not None:
        style_id.text = _NO_STYLE_TABLE

    other_width = (rect.w - _FIRST_COLUMN_WIDTH) / (columns - 1)
    for index in range(columns):
        table.columns[index].width = _emu(_FIRST_COLUMN_WIDTH if index == 0 else other_width)
    for index in range(rows):
        table.rows[index].height = _emu(rect.h / rows)

    for r, values in enumerate(edition.table_rows):
        for c, value in enumerate(values):
            cell = table.cell(r, c)
            paragraph = cell.text_frame.paragraphs[0]
            paragraph.alignment = PP_ALIGN.LEFT if c == 0 else PP_ALIGN.RIGHT
            run = paragraph.add_run()
            run.text = value
            run.font.size = Pt(14)
            run.font.bold = r == 0
            run.font.language_id = edition.language_id
            run.font.color.theme_color = (
                MSO_THEME_COLOR.BACKGROUND_1 if r == 0 else MSO_THEME_COLOR.TEXT_1
            )
    for r, table_row in enumerate(frame.element.iter(qn("a:tr"))):
        for cell_element in table_row.iterchildren(qn("a:tc")):
            _format_cell(cell_element, _cell_fill(r, theme), theme.rule)
    return frame


def _cell_fill(row: int, theme: Theme) -> Paint | None:
    if row == 0:
        return Paint("accent1")
    return theme.card if row % 2 == 0 else None  # banded: every other body row on a card tint


def _format_cell(tc: Any, fill: Paint | None, rule: Paint) -> None:
    """Cell margins, vertical centring, a hairline under the row and the fill."""
    properties = A.tcPr(
        A.lnL(A.noFill(), w="0"),
        A.lnR(A.noFill(), w="0"),
        A.lnT(A.noFill(), w="0"),
        A.lnB(dml.solid_fill(rule), w="9525"),
        dml.solid_fill(fill) if fill is not None else A.noFill(),
        marL=dml.emu(_CELL_MARGIN),
        marR=dml.emu(_CELL_MARGIN),
        marT=dml.emu(0.05),
        marB=dml.emu(0.05),
        anchor="ctr",
    )
    existing = tc.find(qn("a:tcPr"))
    if existing is not None:
        tc.remove(existing)
    tc.append(properties)
