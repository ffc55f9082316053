"""Outline edits: JSON-pointer-like operations on a project's slide list.

- `{"op": "replace", "path": "slides/3/contentDescription", "value": "text"}`
- `{"op": "replace", "path": "slides/3/pptxSlideNumber", "value": 5 | null}`
- `{"op": "replace", "path": "slides/3", "value": {"contentDescription": ..., ...}}`
- `{"op": "insert", "path": "slides/2" | "slides/-", "value": {"contentDescription": ..., ...}}`
- `{"op": "delete", "path": "slides/4"}`
- `{"op": "move", "path": "slides/4", "value": 1}` (to index 1)

Indexes are 0-based and refer to the list as it is after the previous edits. A changed
template slide number drops the slide's values and lock overrides (they belong to the old
template slide's elements).
"""

from __future__ import annotations

import copy
import re
from typing import Any

from slidewright.projects import slides as slide_rules

_PATH = re.compile(r"^/?slides/(\d{1,4}|-)(?:/(contentDescription|pptxSlideNumber))?$")
MAX_DESCRIPTION = 20000


class EditError(Exception):
    def __init__(self, index: int, en: str, zh: str) -> None:
        super().__init__(en)
        self.index = index  # 1-based position of the edit in the list
        self.en = en
        self.zh = zh


def _slide_value(value: Any) -> tuple[str, int | None] | None:
    if hasattr(value, "model_dump"):
        value = value.model_dump(by_alias=True)
    if not isinstance(value, dict):
        return None
    description = value.get("contentDescription")
    number = value.get("pptxSlideNumber")
    if not isinstance(description, str) or not (number is None or _is_int(number)):
        return None
    return description, number


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _set_number(slide: dict[str, Any], number: int | None) -> None:
    if slide.get("pptxSlideNumber") != number:
        slide["pptxSlideNumber"] = number
        slide["aiSuggestionReasonForPptxSlideNumber"] = ""
        slide["formData"] = {}
        slide["lockedElementNames"] = []


def apply_edits(
    slides: list[dict[str, Any]], edits: list[Any], template_slide_count: int | None
) -> list[dict[str, Any]]:
    """The slides after `edits` (objects with op, path, value). Raises `EditError`."""
    result = copy.deepcopy(slides)
    for position, edit in enumerate(edits, start=1):
        op, path, value = edit.op, edit.path, edit.value

        def fail(en: str, zh: str, position: int = position) -> EditError:
            return EditError(position, en, zh)

        match = _PATH.match(path.strip())
        if match is None:
            raise fail(
                f"the path {path!r} is not slides/<index>[/contentDescription|/pptxSlideNumber].",
                f"路径 {path!r} 无效，应为 slides/<索引>[/contentDescription|/pptxSlideNumber]。",
            )
        raw_index, field = match.group(1), match.group(2)
        limit = len(result) if op == "insert" else len(result) - 1
        index = len(result) if raw_index == "-" else int(raw_index)
        if raw_index == "-" and op != "insert":
            raise fail("'slides/-' only works with insert.", "“slides/-”只能用于插入。")
        if not 0 <= index <= limit:
            raise fail(f"there is no slide at index {index}.", f"没有索引为 {index} 的幻灯片。")
        if field is not None and op != "replace":
            raise fail("only replace can change a field.", "只有替换操作可以修改字段。")

        def number_ok(number: int | None) -> bool:
            if number is None:
                return True
            return template_slide_count is not None and 1 <= number <= template_slide_count

        if op == "delete":
            if len(result) == 1:
                raise fail("a project keeps at least one slide.", "项目至少保留一页幻灯片。")
            result.pop(index)
        elif op == "move":
            if not _is_int(value) or not 0 <= value < len(result):
                raise fail("move needs a destination index.", "移动操作需要有效的目标索引。")
            result.insert(value, result.pop(index))
        elif op == "insert":
            parsed = _slide_value(value)
            if parsed is None or not number_ok(parsed[1]):
                raise fail(
                    "insert needs {contentDescription, pptxSlideNumber} with a valid number.",
                    "插入操作需要 {contentDescription, pptxSlideNumber}，且页码有效。",
                )
            slide = slide_rules.empty_slide()
            slide["contentDescription"] = parsed[0][:MAX_DESCRIPTION]
            slide["pptxSlideNumber"] = parsed[1]
            result.insert(index, slide)
        elif op == "replace":
            target = result[index]
            if field == "contentDescription":
                if not isinstance(value, str):
                    raise fail(
                        "contentDescription must be text.", "contentDescription 必须是文本。"
                    )
                target["contentDescription"] = value[:MAX_DESCRIPTION]
            elif field == "pptxSlideNumber":
                if not (value is None or _is_int(value)) or not number_ok(value):
                    raise fail(
                        "pptxSlideNumber must be a slide of the template, or null.",
                        "pptxSlideNumber 必须是模板中的页码或 null。",
                    )
                _set_number(target, value)
            else:
                parsed = _slide_value(value)
                if parsed is None or not number_ok(parsed[1]):
                    raise fail(
                        "replace needs {contentDescription, pptxSlideNumber} with a valid number.",
                        "替换操作需要 {contentDescription, pptxSlideNumber}，且页码有效。",
                    )
                target["contentDescription"] = parsed[0][:MAX_DESCRIPTION]
                _set_number(target, parsed[1])
        else:
            raise fail(f"unknown op {op!r}.", f"未知操作 {op!r}。")
    return result


def usable_edits(
    slides: list[dict[str, Any]], edits: list[Any], template_slide_count: int | None
) -> list[Any]:
    """The edits that apply, in order (each checked on the result of those kept before it)."""
    kept: list[Any] = []
    current = copy.deepcopy(slides)
    for edit in edits:
        try:
            current = apply_edits(current, [edit], template_slide_count)
        except EditError:
            continue
        kept.append(edit)
    return kept
