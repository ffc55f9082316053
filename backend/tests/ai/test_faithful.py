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


def test_a_pie_shows_shares_of_a_whole_never_separate_rates() -> None:
    from slidewright.ai.providers.offline.outline import outline
    from slidewright.ai.tasks import (
        ElementSpec,
        MaterialDoc,
        OutlineInput,
        ProjectInfo,
        TemplateSlideBrief,
    )

    title = ElementSpec(name="Title", type="text", role="title", max_chars=40, max_items=1)
    body = ElementSpec(name="Body", type="text", role="body", max_chars=300, max_items=6)
    pie = ElementSpec(name="Chart", type="chart", role="chart", chart_type="pie")
    slides = [
        TemplateSlideBrief(slide_number=1, kind="title", elements=[title]),
        TemplateSlideBrief(slide_number=2, kind="bullets", elements=[title, body]),
        TemplateSlideBrief(slide_number=3, kind="chart", elements=[title, pie]),
    ]
    material = (
        "# Beta\n\n## Beta results\n\n420 teams took part.\n\n"
        "- Weekly active teams: 81%\n- Teams that invited a colleague: 64%\n"
        "- Teams that would recommend it: 72%\n\n"
        "## Where orders come from\n\n"
        "- Mobile app: 46%\n- Website: 38%\n- Marketplace partners: 16%\n"
    )
    planned = outline(
        OutlineInput(
            project=ProjectInfo(title="Beta"),
            num_slides=4,
            materials=[MaterialDoc(id="m", filename="beta.md", text=material)],
            template_slides=slides,
        )
    )
    rates = next(s for s in planned.slides if "Beta results" in s.content_description)
    shares = next(s for s in planned.slides if "Where orders come from" in s.content_description)
    assert rates.pptx_slide_number == 2, planned  # rates are no slices of one whole
    assert shares.pptx_slide_number == 3


def test_each_series_of_shares_is_its_own_whole() -> None:
    from slidewright.ai.series import Series

    def shares(*sets: tuple[float, ...]) -> Series:
        named = tuple((f"{2023 + i}", tuple(values)) for i, values in enumerate(sets))
        return Series("k", "%", "Share", ("A", "B", "C"), named, ("", "", ""), ("", "", ""))

    assert shares((40, 35, 25), (38, 37, 25)).parts_of_a_whole()  # two years, each 100%
    assert not shares((81, 64, 72)).parts_of_a_whole()  # rates, not shares
    assert not shares((40, 35, 25), (81, 64, 72)).parts_of_a_whole()
