"""The offline assistant's parts without HTTP: kinds, matching, capacity, cleaning, edits,
prompts and schemas."""

from __future__ import annotations

from typing import Any

import pytest

from slidewright.ai import capacity, documents, matching, prompting, sanitize
from slidewright.ai import text as t
from slidewright.ai.classify import content_kind, template_slide_kind
from slidewright.ai.outline_edits import EditError, apply_edits
from slidewright.ai.schema import strict_json_schema
from slidewright.ai.service import parse_instruction
from slidewright.ai.tasks import (
    ChartOut,
    DeckSlide,
    ElementSpec,
    ElementValueInput,
    Instruction,
    MaterialDoc,
    OutlineEdit,
    OutlineEditsInput,
    OutlineInput,
    OutputModel,
    ProjectInfo,
    RecommendDeckInput,
    SeriesOut,
    SlideDataInput,
    SlideDescriptionsInput,
    TableOut,
    TaskInput,
    TemplateDescriptionInput,
    TemplateSlideBrief,
    TemplateSlideInput,
    TemplateSlidesInput,
    ValueOut,
)
from slidewright.builtin.catalog import BUILTIN_TEMPLATES, build
from slidewright.pptx_engine.reader import read_presentation


@pytest.fixture(scope="module")
def builtin_slides() -> list[dict[str, Any]]:
    deck = read_presentation(build(BUILTIN_TEMPLATES[0].key))
    return [slide.to_json_dict() for slide in deck.slides]


KINDS = [
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
]


def test_built_in_slides_are_recognised_from_their_elements_alone(
    builtin_slides: list[dict[str, Any]],
) -> None:
    assert [template_slide_kind(slide) for slide in builtin_slides] == KINDS


def test_descriptions_name_the_kind(builtin_slides: list[dict[str, Any]]) -> None:
    template = BUILTIN_TEMPLATES[0]
    for slide, described in zip(builtin_slides, template.slides, strict=True):
        assert template_slide_kind(slide, described.en) == described.kind
        assert template_slide_kind(slide, described.zh) == described.kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("Revenue grew 32% in Asia and 9% in Europe", "chart"),
        ("全年营收同比增长18%，华东地区增长25%", "chart"),
        ("Build in-house vs partner", "comparison"),
        ("云服务与本地部署对比", "comparison"),
        ("Pros and cons of the two options", "comparison"),
        ("Metric | Q1 | Q2 | Q3 | Q4", "table"),
        ("Agenda: today's topics", "agenda"),
        ("议程", "agenda"),
        ("Thank you and Q&A", "closing"),
        ("“Support got faster this quarter.” — Dana Wu, CIO", "quote"),
        # Figures with one customer's words are about the figures.
        (
            "共有420个团队参加了为期八周的内测。每周活跃团队：81%；愿意推荐的团队：72%\n"
            "“一周之内，我们就不再在聊天记录里丢失决定了。”——沙普丽，运营负责人",
            "chart",
        ),
        ("Our hiring plan for next year", "bullets"),
        ("The company discovered new markets", "bullets"),  # 'cover' is no word here
        # Dates are a timeline, not figures to chart.
        ("下一步：6 月批准预算，7 月招聘两名烘焙师，9 月 1 日开通网店", "bullets"),
        ("Next: sign on March 3, hire on 14 April, launch June 1, review May 30", "bullets"),
        ("Sales of 12, 15, 18 and 22 units in the four regions", "chart"),
        ("Delivery slipped from 3 May to 12 May, then to May 30", "bullets"),
        # A number before 号 without a month is no date ("line 3", "product no. 1").
        ("Line 3号线 ridership grew 12%, 15%", "chart"),
        ("3号线客流 12、15 和 18 万人次", "chart"),
        ("1号产品卖出 12、15 和 18 万件", "chart"),
        # "may" as a verb is no month.
        ("Costs of 12, 15, 18 and 22 may rise", "chart"),
    ],
)
def test_content_kinds(text: str, kind: str) -> None:
    assert content_kind(text) == kind


def _briefs(slides: list[dict[str, Any]]) -> list[TemplateSlideBrief]:
    from slidewright.ai.classify import element_role, fillable_elements

    briefs = []
    for slide in slides:
        kind = template_slide_kind(slide)
        elements = [
            ElementSpec(
                name=e["name"],
                type=e["type"],
                role=element_role(e, kind),
                max_chars=capacity.text_budget(e).max_chars if e["type"] == "text" else None,
            )
            for e in fillable_elements(slide)
        ]
        briefs.append(
            TemplateSlideBrief(slide_number=slide["slideNumber"], kind=kind, elements=elements)
        )
    return briefs


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("Revenue grew 32% in Asia and 9% in Europe last year", 7),
        ("销售额同比增长 25%，利润增长 12%", 7),
        ("Build in-house or partner: pros and cons", 5),
        ("Quarterly figures table: revenue, margin and customers", 8),
        ("“Our customers buy confidence.” — Maria Chen", 9),
        ("A photo of the new service centre", 6),
        ("Agenda", 2),
        ("Section two: market landscape", 3),
        ("Three priorities for next year", 4),
    ],
)
def test_matching_sends_content_to_the_right_built_in_slide(
    builtin_slides: list[dict[str, Any]], text: str, number: int
) -> None:
    choice = matching.choose(text, content_kind(text), _briefs(builtin_slides))
    assert choice is not None and choice.slide_number == number
    reason = matching.reason(choice, content_kind(text), "zh-CN")
    assert f"第 {number} 页" in reason


def test_element_roles_of_the_built_in_slides(builtin_slides: list[dict[str, Any]]) -> None:
    briefs = _briefs(builtin_slides)
    roles = {(b.slide_number, e.name): e.role for b in briefs for e in b.elements}
    assert roles[(1, "Title")] == "title"
    assert roles[(1, "Subtitle")] == "subtitle"
    assert roles[(1, "Presenter")] == "presenter"
    assert roles[(2, "Agenda Items")] == "agenda"
    assert roles[(3, "Section Number")] == "section_number"
    assert roles[(5, "Left Heading")] == "heading"
    assert roles[(7, "Key Figure")] == "key_figure"
    assert roles[(7, "Takeaway")] == "summary"
    assert roles[(8, "Source")] == "source"
    assert roles[(9, "Attribution")] == "attribution"
    assert roles[(10, "Contact")] == "contact"
    assert ("5", "Decoration 1") not in roles  # locked decoration: not offered at all


def test_capacity_budgets_from_sample_and_box(builtin_slides: list[dict[str, Any]]) -> None:
    body = next(e for e in builtin_slides[3]["elements"] if e["name"] == "Body")
    budget = capacity.text_budget(body)
    assert budget.sample_items == 7
    assert budget.max_items == 9
    assert budget.max_chars <= body["capacity"]["maxChars"] * 0.85
    assert budget.max_chars_cjk == pytest.approx(budget.max_chars / 2, abs=2)
    title = next(e for e in builtin_slides[0]["elements"] if e["name"] == "Title")
    assert capacity.text_budget(title).max_items == 1


def test_a_one_line_prompt_box_holds_what_its_lines_hold_once_wrapped() -> None:
    # A content box of 7 lines at 24 pt, 42 characters a line, prompt "Click to add text".
    # A list may be drawn at 80% (the writer shrinks overflowing text as PowerPoint does), so
    # it has 8 lines of 52.5 characters.
    box = {
        "type": "text",
        "innerText": "Click to add text",
        "placeholder": {"type": "body"},
        "boundary": {"width": 6.0, "height": 7 * 0.4 / 0.9},
        "capacity": {"maxChars": 294, "maxCharsCjk": 147, "fontSizePt": 24, "paragraphCount": 1},
    }
    budget = capacity.text_budget(box)
    assert (budget.max_lines, budget.line_chars) == (8, 52.5)
    assert budget.max_items == 8
    topics = "\n".join(["Headline results", "Revenue", "Online", "Service", "Operations", "Q4"])
    assert capacity.fit_text(topics, budget) == topics  # six one-line topics fit
    point = "A point long enough to wrap: it runs past one line of the box."  # 62 units
    sentences = "\n".join([point] * 5)
    fitted = capacity.fit_text(sentences, budget)
    assert fitted.split("\n") == [point] * 4  # 4 x 2 lines: a fifth would pass the bottom
    assert capacity.text_fits(fitted, budget) and not capacity.text_fits(sentences, budget)


def test_fit_text_counts_chinese_characters_double_and_cuts_at_sentences() -> None:
    budget = capacity.TextBudget(
        max_chars=40, max_chars_cjk=20, max_items=2, sample_chars=20, sample_items=2, cjk_weight=2.0
    )
    chinese = "第一句话比较短。第二句话也不算太长但是加起来就超过了容量限制。"
    fitted = capacity.fit_text(chinese, budget)
    assert fitted == "第一句话比较短。"
    assert capacity.text_fits(fitted, budget)
    lines = capacity.fit_text("one\ntwo\nthree\nfour", budget)
    assert lines == "one\ntwo"
    latin = capacity.fit_text("A rather long sentence that goes on and on past the limit", budget)
    assert t.width_units(latin) <= 40 and latin.endswith("…") and " " in latin


def test_cut_never_splits_a_latin_word() -> None:
    assert t.cut("Quarterly business review of the region", 20) == "Quarterly business…"
    assert t.cut("短", 0.5) == ""


def test_sanitize_drops_unsafe_links_and_bullet_marks() -> None:
    text = "- See https://example.com/a and mailto:x@y.z\n* Not javascript:alert(1) nor ftp://h/x"
    assert sanitize.clean_text(text) == ("See https://example.com/a and mailto:x@y.z\nNot nor")
    assert sanitize.clean_text("The data: 32% of users") == "The data: 32% of users"


def test_sanitize_values_by_element_type() -> None:
    visible = {"01ARZ3NDEKTSV4RRFFQ69G5FAV"}

    def url(image_id: str) -> str:
        return f"/api/images/{image_id}/file"

    picture = {"name": "P", "type": "picture"}
    ok, _ = sanitize.element_value(
        picture, ValueOut(name="P", image_id="01ARZ3NDEKTSV4RRFFQ69G5FAV"), visible, url
    )
    assert ok == "/api/images/01ARZ3NDEKTSV4RRFFQ69G5FAV/file"
    _, why = sanitize.element_value(
        picture, ValueOut(name="P", image_id="https://evil.example/x.png"), visible, url
    )
    assert why == "image_not_in_gallery"
    chart = {"name": "C", "type": "chart", "chart": {"categoryCount": 2, "seriesCount": 1}}
    bad = ValueOut(
        name="C",
        chart=ChartOut(categories=["a", "b"], series=[SeriesOut(name="s", values=[1.0])]),
    )
    assert sanitize.element_value(chart, bad, visible, url) == (None, "no_content")
    good = ValueOut(
        name="C",
        chart=ChartOut(categories=["a", "b"], series=[SeriesOut(name="s", values=[1.0, None])]),
    )
    value, _ = sanitize.element_value(chart, good, visible, url)
    assert value == {"categories": ["a", "b"], "series": [{"name": "s", "values": [1.0, None]}]}
    table = {"name": "T", "type": "table", "table": {"rows": 2, "cols": 2}}
    rows = [[f"r{r}c{c}" for c in range(9)] for r in range(20)]
    value, _ = sanitize.element_value(
        table, ValueOut(name="T", table=TableOut(rows=rows)), visible, url
    )
    assert len(value["rows"]) == 4 and len(value["rows"][0]) == 3
    text = {
        "name": "X",
        "type": "text",
        "capacity": {"maxChars": 20, "maxCharsCjk": 10, "paragraphCount": 1, "sampleChars": 10},
    }
    value, _ = sanitize.element_value(text, ValueOut(name="X", text="x" * 100), visible, url)
    assert len(value) <= 17


def _slides(count: int) -> list[dict[str, Any]]:
    return [
        {
            "id": str(i),
            "contentDescription": f"s{i}",
            "pptxSlideNumber": 1,
            "formData": {"Title": f"t{i}"},
            "lockedElementNames": [],
            "notes": "",
            "aiSuggestionReasonForContentDescription": "",
            "aiSuggestionReasonForPptxSlideNumber": "",
        }
        for i in range(count)
    ]


def test_outline_edits_apply_in_order() -> None:
    edits = [
        OutlineEdit(op="move", path="slides/3", value=0),
        OutlineEdit(op="delete", path="slides/1"),
        OutlineEdit(
            op="insert",
            path="slides/-",
            value={"contentDescription": "end", "pptxSlideNumber": None},
        ),
        OutlineEdit(op="replace", path="slides/0/contentDescription", value="first"),
        OutlineEdit(op="replace", path="slides/1/pptxSlideNumber", value=2),
    ]
    result = apply_edits(_slides(4), edits, template_slide_count=10)
    assert [s["contentDescription"] for s in result] == ["first", "s1", "s2", "end"]
    # wait: 'move 3 to 0' gives s3 s0 s1 s2; 'delete 1' removes s0
    assert result[0]["id"] == "3" and result[1]["id"] == "1"
    assert result[1]["pptxSlideNumber"] == 2 and result[1]["formData"] == {}
    assert result[2]["formData"] == {"Title": "t2"}


@pytest.mark.parametrize(
    "edit",
    [
        OutlineEdit(op="delete", path="slides/9"),
        OutlineEdit(op="move", path="slides/0", value=7),
        OutlineEdit(op="replace", path="slides/0/pptxSlideNumber", value=11),
        OutlineEdit(op="replace", path="/etc/passwd", value="x"),
        OutlineEdit(op="delete", path="slides/-"),
        OutlineEdit(op="insert", path="slides/0", value="not a slide"),
    ],
)
def test_bad_outline_edits_are_refused(edit: OutlineEdit) -> None:
    with pytest.raises(EditError):
        apply_edits(_slides(3), [edit], template_slide_count=10)


@pytest.mark.parametrize(
    ("given", "preset"),
    [
        ("Rewrite", "rewrite"),
        ("Formal tone", "formal_tone"),
        ("formal_tone", "formal_tone"),
        ("ADD STATISTICS", "add_statistics"),
        ("总结", "summarize"),
        ("Make it punchier", None),
    ],
)
def test_instructions_map_to_presets(given: str, preset: str | None) -> None:
    parsed = parse_instruction(given)
    assert parsed.preset == preset
    assert parsed.text == ("" if preset else given)


def test_plain_text_material_gets_sections_from_title_lines() -> None:
    text = (
        "Market overview\nDemand grew 12% last year.\n\n"
        "Our plan\n- Hire 10 people\n- Open Shanghai\n"
    )
    title, sections = documents.parse_sections(text)
    assert title is None
    assert [s.title for s in sections] == ["Market overview", "Our plan"]
    assert sections[1].points() == ["Hire 10 people", "Open Shanghai"]


def test_data_points_and_quotes() -> None:
    points = documents.data_points(
        ["- North America: 12%\n- Europe: 9%", "In 2023 revenue was 4.5"]
    )
    assert [(p.label, p.value) for p in points] == [
        ("North America", 12.0),
        ("Europe", 9.0),
        ("In 2023 revenue", 4.5),
    ]
    assert documents.quotes(["“We ship every week.” — Ana Li, CTO"]) == [
        ("We ship every week.", "Ana Li, CTO")
    ]


def _every_task() -> list[TaskInput]:
    project = ProjectInfo(title="T", description="D")
    slide = DeckSlide(index=0, content_description="c")
    brief = TemplateSlideBrief(slide_number=1, kind="title")
    element = ElementSpec(
        name="Title", type="text", role="title", max_chars=40, max_chars_cjk=20, max_items=1
    )
    return [
        RecommendDeckInput(
            description="d", duration_minutes=10, default_num_slides=5, templates=[]
        ),
        OutlineInput(
            project=project,
            num_slides=3,
            materials=[MaterialDoc(id="m", filename="f {data}.md", text="{instruction}")],
        ),
        OutlineEditsInput(project=project, instruction="i", slides=[slide]),
        SlideDescriptionsInput(project=project, deck=[slide], targets=[0]),
        TemplateSlideInput(project=project, slide=slide, slide_count=1, template_slides=[brief]),
        ElementValueInput(
            project=project,
            slide=slide,
            template_slide=brief,
            element=element,
            instruction=Instruction(preset="rewrite"),
        ),
        SlideDataInput(
            project=project, slide=slide, slide_count=1, template_slide=brief, elements=[element]
        ),
        TemplateDescriptionInput(filename="f", slides=[brief]),
        TemplateSlidesInput(filename="f", slides=[brief]),
    ]


@pytest.mark.parametrize("task", _every_task(), ids=lambda task: task.TASK)
def test_every_task_prompt_renders_and_its_schema_is_strict(task: TaskInput) -> None:
    prompt = prompting.user_prompt(task)
    assert f"# Task: {task.TASK}" in prompt
    assert prompt.count("{" + "data}") == (1 if isinstance(task, OutlineInput) else 0)
    if isinstance(task, OutlineInput):
        assert "{instruction}" in prompt  # material text is never substituted into
        assert 'filename="f {data}.md"' in prompt
    _assert_strict(strict_json_schema(task.OUTPUT))


def _assert_strict(node: Any) -> None:
    if isinstance(node, dict):
        if node.get("type") == "object":
            assert node["additionalProperties"] is False
            assert sorted(node["required"]) == sorted(node["properties"])
        for key in ("default", "maxLength", "title"):
            assert key not in node or isinstance(node.get(key), dict)
        for key, value in node.items():
            if key not in ("properties", "$defs"):
                _assert_strict(value)
            else:
                for sub in value.values():
                    _assert_strict(sub)
    elif isinstance(node, list):
        for item in node:
            _assert_strict(item)


def test_system_prompt_carries_the_language() -> None:
    assert "English" in prompting.system_prompt("en")
    assert "简体中文" in prompting.system_prompt("zh-CN")
    assert "繁體中文" in prompting.system_prompt("zh-HK")


def test_output_models_are_output_models() -> None:
    for task in _every_task():
        assert issubclass(task.OUTPUT, OutputModel)
