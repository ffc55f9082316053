"""A model's slide values hold only numbers the user gave: a line with an invented figure is
dropped, a chart or table with one is left out whole; dates, years and periods pass."""

from __future__ import annotations

from slidewright.ai import faithful

INPUTS = faithful.inputs_of(
    "Revenue grew 18% to $42.5M in Q3 2024.\n- North America: 12%\n| New customers | 1,240 |",
    "Complete the ERP migration by 15 December",
    values=[{"Body": "We hired 45 engineers"}],
)


def test_text_lines_with_invented_figures_are_dropped() -> None:
    value, why = faithful.check(
        "text",
        "Revenue grew 18% to $42.5M\nOutlook: 25% growth next year\n1240 new customers",
        INPUTS,
    )
    assert (value, why) == ("Revenue grew 18% to $42.5M\n1240 new customers", None)


def test_text_made_only_of_invented_figures_is_left_out() -> None:
    assert faithful.check("text", "Margin reached 71%", INPUTS) == (None, "unsupported_figures")


def test_dates_years_periods_and_the_slide_own_values_pass() -> None:
    text = "By 15 December 2025, in Q4 and FY26, the 45 engineers of the team"
    assert faithful.check("text", text, INPUTS) == (text, None)


def test_a_chart_with_one_invented_value_is_left_out() -> None:
    chart = {"categories": ["NA", "EU"], "series": [{"name": "Growth", "values": [12.0, 18.0]}]}
    assert faithful.check("chart", chart, INPUTS) == (chart, None)
    invented = {"categories": ["NA", "EU"], "series": [{"name": "Growth", "values": [12.0, 7.0]}]}
    assert faithful.check("chart", invented, INPUTS) == (None, "unsupported_figures")


def test_a_table_with_an_invented_cell_is_left_out() -> None:
    table = {"rows": [["Metric", "Q3"], ["New customers", "1,240"]]}
    assert faithful.check("table", table, INPUTS) == (table, None)
    invented = {"rows": [["Metric", "Q3"], ["New customers", "1,300"]]}
    assert faithful.check("table", invented, INPUTS) == (None, "unsupported_figures")
