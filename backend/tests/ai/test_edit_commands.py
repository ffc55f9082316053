"""Offline outline edits: the common operations in English and Chinese, applied to an outline
the way the apply endpoint does, and plain "not understood" instead of a slide made of the
instruction."""

from __future__ import annotations

from typing import Any

import pytest

from slidewright.ai.outline_edits import apply_edits
from slidewright.ai.providers.offline import edit_commands

EN = [
    "Title slide: “Q3 review” — for the leadership team",
    "Agenda: Results; Priorities; Outlook",
    "Results — Revenue: £4.2m; Savings: £0.6m; NPS 41; Stores: 12",
    "Priorities for Q4 — ERP migration by 15 December; Bristol store",
    "Priorities for Q4 (details) — Hire a head of data; Renew the freight contract",
    "Outlook — Demand stays firm; Risks: freight costs",
    "Closing: thank the audience and invite questions",
]
ZH = [
    "标题页：“第三季度回顾”——面向管理层",
    "议程：业绩；优先事项；展望",
    "经营业绩——营收4.2亿元；节省成本0.6亿元；满意度41；门店12家",
    "优先事项——完成ERP迁移；开设新店",
    "优先事项（续）——招聘数据负责人；续签运输合同",
    "展望——需求稳定；风险：运费",
    "结束页：致谢并邀请听众提问",
]


class _Edit:
    def __init__(self, edit: Any) -> None:
        self.op, self.path = edit.op, edit.path
        value = edit.value
        self.value = value.model_dump(by_alias=True) if hasattr(value, "model_dump") else value


def run(instruction: str, outline: list[str]) -> tuple[list[str], list[str]]:
    """(the outline after the suggested edits, the parts not understood)."""
    answer = edit_commands.parse(instruction, outline, [None] * len(outline), "en")
    slides = [
        {"contentDescription": d, "pptxSlideNumber": None, "formData": {}, "lockedElementNames": []}
        for d in outline
    ]
    after = apply_edits(slides, [_Edit(e) for e in answer.edits], None)
    return [s["contentDescription"] for s in after], answer.not_understood


def _without(outline: list[str], *numbers: int) -> list[str]:
    return [d for i, d in enumerate(outline, start=1) if i not in numbers]


@pytest.mark.parametrize(
    ("instruction", "outline", "expected"),
    [
        ("delete slide 4", EN, _without(EN, 4)),
        ("remove slides 4 and 5", EN, _without(EN, 4, 5)),
        ("delete the last slide", EN, EN[:-1]),
        ("删除第4页", ZH, _without(ZH, 4)),
        ("删除最后一页", ZH, ZH[:-1]),
        ("删掉第二页", ZH, _without(ZH, 2)),
    ],
)
def test_delete(instruction: str, outline: list[str], expected: list[str]) -> None:
    assert run(instruction, outline) == (expected, [])


@pytest.mark.parametrize(
    ("instruction", "outline", "order"),
    [
        ("move slide 5 before slide 2", EN, [1, 5, 2, 3, 4, 6, 7]),
        ("move slide 2 after slide 4", EN, [1, 3, 4, 2, 5, 6, 7]),
        ("move slide 3 to 2", EN, [1, 3, 2, 4, 5, 6, 7]),
        ("move slide 2 to the end", EN, [1, 3, 4, 5, 6, 7, 2]),
        ("把第5页移到第2页前面", ZH, [1, 5, 2, 3, 4, 6, 7]),
        ("把第2页移到第4页后面", ZH, [1, 3, 4, 2, 5, 6, 7]),
    ],
)
def test_move(instruction: str, outline: list[str], order: list[int]) -> None:
    assert run(instruction, outline) == ([outline[n - 1] for n in order], [])


def test_merge_the_two_slides_named_by_their_title() -> None:
    after, missed = run("merge the two Priorities slides", EN)
    assert missed == [] and len(after) == len(EN) - 1
    merged = after[3]
    assert merged.startswith("Priorities for Q4 — ")
    for point in ("ERP migration", "Bristol store", "head of data", "freight contract"):
        assert point in merged
    assert "merge" not in " ".join(after).lower()


@pytest.mark.parametrize(
    "instruction", ["把第2页和第3页合并", "合并第2页和第3页", "merge slides 2 and 3"]
)
def test_merge_by_numbers(instruction: str) -> None:
    outline = ZH if not instruction.isascii() else EN
    after, missed = run(instruction, outline)
    assert missed == [] and len(after) == len(outline) - 1
    assert after[2:] == outline[3:]


def test_merge_by_name_in_chinese() -> None:
    after, missed = run("合并两页优先事项", ZH)
    assert missed == [] and len(after) == len(ZH) - 1
    assert "完成ERP迁移" in after[3] and "续签运输合同" in after[3]


@pytest.mark.parametrize(
    ("instruction", "outline"), [("split slide 3", EN), ("把第3页拆成两页", ZH)]
)
def test_split_shares_the_points_under_the_same_title(instruction: str, outline: list[str]) -> None:
    after, missed = run(instruction, outline)
    assert missed == [] and len(after) == len(outline) + 1
    first, second = after[2], after[3]
    title = edit_commands.title_of(outline[2])
    assert edit_commands.title_of(first) == edit_commands.title_of(second) == title
    points = edit_commands.points_of(outline[2])
    assert edit_commands.points_of(first) + edit_commands.points_of(second) == points


@pytest.mark.parametrize(
    ("instruction", "outline", "title"),
    [
        ("rename slide 6 to Looking ahead", EN, "Looking ahead"),
        ("rename the Outlook slide to Looking ahead", EN, "Looking ahead"),
        ("把第6页的标题改为未来展望", ZH, "未来展望"),
    ],
)
def test_rename_keeps_the_points(instruction: str, outline: list[str], title: str) -> None:
    after, missed = run(instruction, outline)
    assert missed == []
    assert edit_commands.title_of(after[5]) == title
    assert edit_commands.points_of(after[5]) == edit_commands.points_of(outline[5])


@pytest.mark.parametrize(("instruction", "outline"), [("make it 5 slides", EN), ("改成5页", ZH)])
def test_fewer_slides_by_merging_content_keeping_cover_agenda_and_closing(
    instruction: str, outline: list[str]
) -> None:
    after, missed = run(instruction, outline)
    assert missed == [] and len(after) == 5
    assert after[0] == outline[0] and after[1] == outline[1] and after[-1] == outline[-1]


def test_more_slides_only_by_splitting_real_points_never_padding() -> None:
    answer = edit_commands.parse("make it 9 slides", EN, [None] * len(EN), "en")
    after, _ = run("make it 9 slides", EN)
    # Only "Results" has four points to share: one split, and the shortfall is reported.
    assert len(after) == len(EN) + 1
    assert answer.unmet_slide_count == 9
    assert all(d.split(" — ")[0] != "" for d in after)


def test_add_a_slide_where_asked() -> None:
    after, missed = run("add a slide about pricing after slide 3", EN)
    assert missed == [] and after[3] == "pricing"
    after, missed = run("在第3页后添加一页介绍定价", ZH)
    assert missed == [] and after[3] == "定价"


@pytest.mark.parametrize(
    "instruction",
    ["show it as two columns", "pricing", "随便改改", "make it nicer please"],
)
def test_what_is_not_understood_is_said_and_never_becomes_a_slide(instruction: str) -> None:
    after, missed = run(instruction, EN)
    assert after == EN
    assert missed == [instruction]


def test_several_operations_in_one_instruction() -> None:
    after, missed = run("delete slide 4 and move slide 5 before slide 2; make it shiny", EN)
    assert missed == ["make it shiny"]
    assert after == [EN[0], EN[5], EN[1], EN[2], EN[4], EN[6]]
