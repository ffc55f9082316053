"""Alternative text for a native chart, written from the chart's own data.

PowerPoint's Accessibility Checker flags a chart whose graphic frame has no description
(`p:cNvPr/@descr`), like a picture. Unlike a picture's, a chart's content is in the deck: its
kind (the plot element), its series names and its categories, as filled. The description says
exactly that and nothing more, in the deck's language:

    Column chart: FY2023, FY2024 (North America, Europe, Asia Pacific, Latin America)
    柱形图：2023财年、2024财年（北美、欧洲、亚太、拉丁美洲）

A long category list is cut after `_MAX_CATEGORIES` (a screen reader reads the description in
one go; the data itself stays readable in the chart). A chart with neither a series name nor a
category gets no description: the kind alone tells a reader nothing, so the check reports it.
"""

from __future__ import annotations

from typing import Any

from slidewright.pptx_engine.ooxml import URI_CHART, int_attr, qn

_GRAPHIC_DATA = f"{qn('a:graphic')}/{qn('a:graphicData')}"
_CHART_REF = f"{_GRAPHIC_DATA}/{qn('c:chart')}"
_PLOT_AREA = f"{qn('c:chart')}/{qn('c:plotArea')}"
_SER = qn("c:ser")
_PT = qn("c:pt")
_V = qn("c:v")
_MAX_CATEGORIES = 12

# The plot elements' names, as Office names the chart kinds in each language.
_KINDS: dict[str, dict[str, str]] = {
    "en": {
        "column": "Column chart",
        "bar": "Bar chart",
        "line": "Line chart",
        "pie": "Pie chart",
        "doughnut": "Doughnut chart",
        "area": "Area chart",
        "scatter": "Scatter chart",
        "radar": "Radar chart",
        "bubble": "Bubble chart",
        "stock": "Stock chart",
        "surface": "Surface chart",
        "combo": "Combo chart",
        "chart": "Chart",
    },
    "zh-CN": {
        "column": "柱形图",
        "bar": "条形图",
        "line": "折线图",
        "pie": "饼图",
        "doughnut": "圆环图",
        "area": "面积图",
        "scatter": "散点图",
        "radar": "雷达图",
        "bubble": "气泡图",
        "stock": "股价图",
        "surface": "曲面图",
        "combo": "组合图",
        "chart": "图表",
    },
    "zh-HK": {
        "column": "直條圖",
        "bar": "橫條圖",
        "line": "折線圖",
        "pie": "圓形圖",
        "doughnut": "環圈圖",
        "area": "區域圖",
        "scatter": "散佈圖",
        "radar": "雷達圖",
        "bubble": "泡泡圖",
        "stock": "股票圖",
        "surface": "曲面圖",
        "combo": "組合圖",
        "chart": "圖表",
    },
}
# (between the kind and the rest, between names, around the categories, after a cut list)
_PUNCTUATION = {
    "en": (": ", ", ", (" (", ")"), ", …"),
    "zh-CN": ("：", "、", ("（", "）"), "……"),
    "zh-HK": ("：", "、", ("（", "）"), "……"),
}
_PLOT_KINDS = {
    "lineChart": "line",
    "line3DChart": "line",
    "pieChart": "pie",
    "pie3DChart": "pie",
    "ofPieChart": "pie",
    "doughnutChart": "doughnut",
    "areaChart": "area",
    "area3DChart": "area",
    "scatterChart": "scatter",
    "radarChart": "radar",
    "bubbleChart": "bubble",
    "stockChart": "stock",
    "surfaceChart": "surface",
    "surface3DChart": "surface",
}


def is_chart_frame(shape: Any) -> bool:
    """Whether the shape is a graphic frame holding a native chart (`c:chart`)."""
    data = shape.find(_GRAPHIC_DATA)
    return data is not None and data.get("uri") == URI_CHART


def chart_space_of(slide_part: Any, frame: Any) -> Any:
    """The `c:chartSpace` of a chart frame on the slide, or None when it cannot be reached."""
    reference = frame.find(_CHART_REF)
    r_id = None if reference is None else reference.get(qn("r:id"))
    if not r_id:
        return None
    try:
        return slide_part.related_part(r_id)._element
    except (KeyError, AttributeError):
        return None


def describe_chart(chart_space: Any, lang: str) -> str:
    """The chart's description from its data ("" when it has no series name or category)."""
    plot_area = chart_space.find(_PLOT_AREA)
    if plot_area is None:
        return ""
    # isinstance: an XML comment's tag is a function, not a name.
    plots = [c for c in plot_area if isinstance(c.tag, str) and c.tag.endswith("Chart")]
    series = [ser for plot in plots for ser in plot.iter(_SER)]
    names = [name for name in (_series_name(ser) for ser in series) if name]
    categories = _categories(series[0]) if series else []
    if not names and not categories:
        return ""
    kinds = _KINDS.get(lang, _KINDS["en"])
    colon, comma, (opening, closing), cut = _PUNCTUATION.get(lang, _PUNCTUATION["en"])
    text = kinds[_kind(plots)]
    if names:
        text += colon + comma.join(names)
    if categories:
        listed = comma.join(categories[:_MAX_CATEGORIES])
        if len(categories) > _MAX_CATEGORIES:
            listed += cut
        text += (opening + listed + closing) if names else colon + listed
    return text


def _kind(plots: list[Any]) -> str:
    kinds = {_plot_kind(plot) for plot in plots}
    if len(kinds) > 1:
        return "combo"
    return kinds.pop() if kinds else "chart"


def _plot_kind(plot: Any) -> str:
    local = plot.tag.rsplit("}", 1)[-1]
    if local in ("barChart", "bar3DChart"):
        direction = plot.find(qn("c:barDir"))
        # The schema default of `c:barDir/@val` is "bar".
        bar = direction is None or (direction.get("val") or "bar") == "bar"
        return "bar" if bar else "column"
    return _PLOT_KINDS.get(local, "chart")


def _series_name(ser: Any) -> str:
    tx = ser.find(qn("c:tx"))
    if tx is None:
        return ""
    return " ".join(" ".join(v.text or "" for v in tx.iter(_V)).split())


def _categories(ser: Any) -> list[str]:
    """The first series' category labels (x values of a scatter chart), in point order; of a
    multi-level axis, the innermost level (the labels next to the axis)."""
    axis = ser.find(qn("c:cat"))
    if axis is None:
        axis = ser.find(qn("c:xVal"))
    if axis is None:
        return []
    level = next(axis.iter(qn("c:lvl")), None)
    points = (level if level is not None else axis).iter(_PT)
    found = sorted(
        (int_attr(pt, "idx", 0), " ".join((pt.findtext(_V) or "").split())) for pt in points
    )
    return [label for _, label in found if label]
