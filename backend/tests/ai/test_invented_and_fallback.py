"""Unit tests of the facts check (`ai.invented`), the field-by-field completion
(`ai.fallback`) and the prompt cutting (`ai.prompt_budget`)."""

from __future__ import annotations

import pytest

from slidewright.ai import fallback, invented, prompt_budget
from slidewright.ai.tasks import (
    MaterialDoc,
    Outline,
    OutlineInput,
    OutlineSlide,
    ProjectInfo,
    SlideData,
    TemplateSlideBrief,
    ValueOut,
)

KNOWN = invented.Known(
    [
        "Revenue grew 18% to $42.5M. We added 1,240 customers and 45 engineers in Singapore.",
        "Quarterly review for the leadership team of Northwind",
        "营收增长18%，华为是我们的客户。",
    ]
)


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        ("Revenue grew 18% to $42.5M", []),
        ("1240 new customers", []),  # 1,240 as written elsewhere
        ("Revenue grew 27%", ["27"]),
        ("We opened an office in Singapore", []),
        ("We opened an office in Shenzhen with Tencent", ["Shenzhen", "Tencent"]),
        ("Contoso signed in March", ["Contoso", "March"]),
        ("Our Strategy For Growth", []),  # title case: common words are no names
        ("The team grew in 2019", ["2019"]),
        ("See slide 6 for the details", []),  # the deck's own numbering
        ("华为的营收增长18%", []),
        ("腾讯的营收增长18%", ["腾讯"]),
    ],
)
def test_unknown_facts(text: str, facts: list[str]) -> None:
    assert invented.unknown_facts(text, KNOWN) == facts


def test_scrub_drops_lines_and_empties_a_made_up_value_and_keeps_a_tables_shape() -> None:
    answer = {
        "values": [
            {"name": "Title", "text": "Revenue grew 18%"},
            {"name": "Body", "text": "We added 45 engineers\nMargins rose to 71%"},
            {"name": "Key figure", "text": "71%"},
            {"name": "Table", "table": {"rows": [["Region", "Share"], ["Europe", "33%"]]}},
        ]
    }
    cleaned, dropped, emptied = invented.scrub(answer, KNOWN)
    values = cleaned["values"]
    assert values[0]["text"] == "Revenue grew 18%"
    assert values[1]["text"] == "We added 45 engineers"
    assert "text" not in values[2]
    assert values[3]["table"]["rows"] == [["Region", "Share"], ["Europe", ""]]
    assert dropped == ["71", "33"]
    assert emptied == ["Key figure"]


def test_an_elements_capacity_is_no_fact_a_slide_may_state() -> None:
    """The model is told how much fits ("maxCharsCjk": 665); a slide that says 665 because of
    it invents the figure. A chart's series (data, not a count) still counts."""
    known = invented.known_from(
        {
            "description": "Revenue 2025: 4.2 million",
            "elements": [
                {"name": "Body", "maxChars": 665, "maxCharsCjk": 332, "maxItems": 13},
                {"name": "Chart", "series": 2, "categories": 4, "rows": 14},
                {"name": "Data", "series": [{"name": "Sales", "values": [31, 58]}]},
            ],
            "slideNumber": 7,
        }
    )
    assert invented.unknown_facts("Our box holds 665 characters in 13 lines", known) == [
        "665",
        "13",
    ]
    assert invented.unknown_facts("Revenue 4.2 million, sales 31 then 58 (slide 7)", known) == []


def _outline_task() -> OutlineInput:
    return OutlineInput(
        project=ProjectInfo(title="Q3", description="Review"),
        num_slides=3,
        template_slides=[
            TemplateSlideBrief(slide_number=n, kind="bullets", description="d") for n in (1, 2)
        ],
    )


def test_merge_keeps_the_models_valid_parts_and_names_the_completed_ones() -> None:
    task = _outline_task()
    offline = Outline(slides=[OutlineSlide(content_description="Offline slide")])
    # One valid slide, one without its description, one pointing at a template slide that
    # does not exist (a rule of the task).
    data = {
        "slides": [
            {"contentDescription": "Model slide", "pptxSlideNumber": 1},
            {"pptxSlideNumber": 2},
            {"contentDescription": "Bad choice", "pptxSlideNumber": 9},
        ]
    }
    merged, fields = fallback.merge(task, data, offline)
    assert [s.content_description for s in merged.slides] == ["Model slide"]
    assert fields == ["slides"]


def test_a_cut_outline_is_continued_with_the_offline_slides_and_says_so() -> None:
    task = _outline_task()
    offline = Outline(slides=[OutlineSlide(content_description=f"Offline {n}") for n in (1, 2, 3)])
    data = {"slides": [{"contentDescription": "Model slide", "pptxSlideNumber": 1}]}
    merged, fields = fallback.merge(task, data, offline, cut=True)
    assert [s.content_description for s in merged.slides] == [
        "Model slide",
        "Offline 2",
        "Offline 3",
    ]
    assert fields == ["slides/1", "slides/2"]
    # Not cut: a shorter outline is the model's choice.
    merged, fields = fallback.merge(task, data, offline)
    assert [s.content_description for s in merged.slides] == ["Model slide"]


def test_merge_by_name_completes_elements_and_takes_nothing_unasked() -> None:
    from slidewright.ai.tasks import DeckSlide, ElementSpec, SlideDataInput

    task = SlideDataInput(
        project=ProjectInfo(),
        slide=DeckSlide(index=0),
        slide_count=1,
        template_slide=TemplateSlideBrief(slide_number=1, kind="bullets"),
        elements=[
            ElementSpec(name="Title", type="text", role="title"),
            ElementSpec(name="Body", type="text", role="body"),
        ],
    )
    offline = SlideData(
        values=[
            ValueOut(name="Title", text="Offline title"),
            ValueOut(name="Body", text="Offline"),
        ],
        notes="Offline notes",
        provenance={"Title": [], "Body": []},
    )
    merged, fields = fallback.merge(
        task, {"values": [{"name": "Title", "text": "Model title"}], "notes": 5}, offline
    )
    assert {v.name: v.text for v in merged.values} == {"Title": "Model title", "Body": "Offline"}
    assert merged.notes == "Offline notes"
    assert sorted(fields) == ["notes", "values/Body"]
    assert set(merged.provenance) == {"Body"}  # the model's title has no offline provenance
    whole, everything = fallback.merge(task, "not an object", offline)
    assert whole is offline and everything == ["*"]


def test_shrink_halves_a_long_material_before_dropping_it_and_keeps_the_choices_longest() -> None:
    task = _outline_task().model_copy(
        update={"materials": [MaterialDoc(id="m", filename="a.md", text="Revenue. " * 2000)]}
    )
    smaller = prompt_budget.shrink(task)
    assert smaller is not None
    assert 0 < len(smaller.materials[0].text) < len(task.materials[0].text)
    assert len(smaller.template_slides) == 2
    steps = 0
    while smaller is not None:
        task, smaller, steps = smaller, prompt_budget.shrink(smaller), steps + 1
    assert steps < 40  # it ends
    assert task.project.title == "Q3" and task.num_slides == 3


def test_the_estimate_counts_chinese_characters_as_at_least_one_token_each() -> None:
    assert prompt_budget.estimate_tokens("营收增长十八个百分点") >= 10
    assert prompt_budget.estimate_tokens("a" * 350) == 101
    assert prompt_budget.output_tokens(2048) == 682
    assert prompt_budget.output_tokens(128_000) == prompt_budget.MAX_OUTPUT


def test_an_empty_description_is_completed_offline_and_named() -> None:
    from slidewright.ai.tasks import (
        DeckSlide,
        SlideDescriptionOut,
        SlideDescriptions,
        SlideDescriptionsInput,
    )

    task = SlideDescriptionsInput(
        project=ProjectInfo(), deck=[DeckSlide(index=0), DeckSlide(index=1)], targets=[0, 1]
    )
    offline = SlideDescriptions(
        descriptions=[
            SlideDescriptionOut(
                slide_index=i, description=f"Offline {i}", reason_for_recommendation="r"
            )
            for i in (0, 1)
        ]
    )
    data = {
        "descriptions": [
            {"slideIndex": 0, "description": "Model text", "reasonForRecommendation": "r"},
            {"slideIndex": 1, "description": "  ", "reasonForRecommendation": "r"},
        ]
    }
    merged, fields = fallback.merge(task, data, offline)
    assert [d.description for d in merged.descriptions] == ["Model text", "Offline 1"]
    assert fields == ["descriptions/1"]
