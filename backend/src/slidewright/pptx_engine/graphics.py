"""Tables and charts inside graphic frames: their shape (rows/cols, type/categories/series)
and the text a reader sees in them.
"""

from __future__ import annotations

from typing import Any

from slidewright.pptx_engine.model import ChartInfo, TableInfo
from slidewright.pptx_engine.ooxml import int_attr, local_name, qn
from slidewright.pptx_engine.text import body_text, paragraphs

_TBL = qn("a:tbl")
_TR = qn("a:tr")
_TC = qn("a:tc")
_GRID_COL = f"{qn('a:tblGrid')}/{qn('a:gridCol')}"
_A_TX_BODY = qn("a:txBody")
_C_CHART = qn("c:chart")
_R_ID = qn("r:id")
_SER = qn("c:ser")
_PT_COUNT = qn("c:ptCount")
_PT = qn("c:pt")
_V = qn("c:v")


def graphic_data_uri(frame: Any) -> str:
    data = frame.find(f"{qn('a:graphic')}/{qn('a:graphicData')}")
    return "" if data is None else data.get("uri", "")


# -- tables -------------------------------------------------------------------------------------


def _table_element(frame: Any) -> Any:
    return frame.find(f"{qn('a:graphic')}/{qn('a:graphicData')}/{_TBL}")


def read_table(frame: Any) -> tuple[TableInfo, str]:
    """Rows and grid columns, and the cell text: rows joined by newlines, cells by tabs.

    A cell's own line breaks become spaces so the row/cell structure of the text stays readable.
    Cells covered by a merge are present (and empty) in the XML, so every row has `cols` cells.
    """
    table = _table_element(frame)
    if table is None:
        return TableInfo(rows=0, cols=0), ""
    rows = table.findall(_TR)
    cols = len(table.findall(_GRID_COL))
    lines = []
    for row in rows:
        cells = [
            body_text(cell.find(_A_TX_BODY)).replace("\n", " ").replace("\t", " ")
            for cell in row.iterfind(_TC)
        ]
        lines.append("\t".join(cells))
    return TableInfo(rows=len(rows), cols=cols), "\n".join(lines)


# -- charts -------------------------------------------------------------------------------------


def chart_part_of(frame: Any, slide_part: Any) -> Any:
    """The ChartPart a chart graphic frame points to (KeyError when the relationship is broken)."""
    ref = frame.find(f"{qn('a:graphic')}/{qn('a:graphicData')}/{_C_CHART}")
    if ref is None:
        raise KeyError("chart frame without a c:chart reference")
    return slide_part.related_part(ref.get(_R_ID))


def _plot_elements(chart_space: Any) -> list[Any]:
    plot_area = chart_space.find(f"{_C_CHART}/{qn('c:plotArea')}")
    if plot_area is None:
        return []
    return [child for child in plot_area if local_name(child).endswith("Chart")]


def _chart_type_name(chart: Any, plots: list[Any]) -> str:
    try:
        return str(chart.chart_type.name).lower()
    except (ValueError, KeyError, IndexError, NotImplementedError, AttributeError):
        # python-pptx names only the plot kinds it can write (no 3-D pie, stock, surface, ...);
        # the plot element's own name is still a useful, stable identifier.
        if not plots:
            return "unknown"
        return local_name(plots[0])[: -len("Chart")].lower() or "unknown"


def _category_count(plots: list[Any]) -> int:
    first_series = next((ser for plot in plots for ser in plot.iterfind(_SER)), None)
    if first_series is None:
        return 0
    for axis_tag in ("c:cat", "c:xVal"):
        axis = first_series.find(qn(axis_tag))
        if axis is None:
            continue
        count = axis.find(f".//{_PT_COUNT}")
        if count is not None:
            return int_attr(count, "val", 0)
        return len(axis.findall(f".//{_PT}"))
    return 0


def _series_name(series: Any) -> str:
    tx = series.find(qn("c:tx"))
    if tx is None:
        return ""
    value = tx.find(f".//{_V}")
    return "" if value is None or value.text is None else value.text


def _title_text(chart_space: Any) -> str:
    tx = chart_space.find(f"{_C_CHART}/{qn('c:title')}/{qn('c:tx')}")
    if tx is None:
        return ""
    rich = tx.find(qn("c:rich"))
    if rich is not None:
        return "\n".join(paragraphs(rich))
    value = tx.find(f".//{_V}")
    return "" if value is None or value.text is None else value.text


def read_chart(chart_part: Any) -> tuple[ChartInfo, str]:
    """Type, category and series counts, and the text: the title then one line per series."""
    chart = chart_part.chart
    chart_space = chart.element
    plots = _plot_elements(chart_space)
    series_names = [_series_name(ser) for plot in plots for ser in plot.iterfind(_SER)]
    info = ChartInfo(
        chart_type=_chart_type_name(chart, plots),
        category_count=_category_count(plots),
        series_count=len(series_names),
    )
    lines = [_title_text(chart_space), *series_names]
    return info, "\n".join(line for line in lines if line)
