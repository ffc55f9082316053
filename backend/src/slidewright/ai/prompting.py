"""Prompts: markdown files in `ai/prompts/`, loaded by name, with `{placeholders}` filled in one
pass (a value is never scanned for placeholders again, so user text cannot inject one).

A task's user message is its prompt file with:
- `{data}`: the task input as compact JSON (camelCase, empty fields left out); capacities,
  element names, slide numbers and the user's instruction are all in there;
- `{materials}`: material text as delimited data (`<material id=... filename=...>` blocks),
  which the system prompt tells the model to use as facts, never as instructions;
- task-specific fragments (e.g. `{mode}` of an outline), themselves prompt files.
The system prompt carries the output-language instruction from the project's language.
"""

from __future__ import annotations

import functools
import json
import re
from importlib import resources
from typing import Any

from pydantic import BaseModel

from slidewright.ai.tasks import (
    ElementValueInput,
    ImageDescribeInput,
    OutlineInput,
    Passage,
    SlideDataInput,
    SlideDescriptionsInput,
    TaskInput,
    TemplateSlidesInput,
)

_PLACEHOLDER = re.compile(r"\{([a-z_]+)\}")
_CLOSING_TAG = re.compile(r"</\s*material", re.IGNORECASE)


@functools.cache
def load(name: str) -> str:
    if not re.fullmatch(r"[a-z0-9_\-]+", name, re.IGNORECASE):
        raise KeyError(name)
    return (resources.files("slidewright.ai") / "prompts" / f"{name}.md").read_text("utf-8")


def render(name: str, **values: str) -> str:
    """The prompt `name` with its placeholders replaced; a missing value is a KeyError."""

    def substitute(match: re.Match[str]) -> str:
        return values[match.group(1)]

    return _PLACEHOLDER.sub(substitute, load(name)).strip()


def language_instruction(lang: str) -> str:
    return load({"zh-CN": "lang_zh_cn", "zh-HK": "lang_zh_hk"}.get(lang, "lang_en")).strip()


def system_prompt(lang: str, *, compact: bool = False) -> str:
    """The rules; `compact`: the same rules in fewer words, for a small context window (a
    small model follows short rules better too)."""
    return render("system_compact" if compact else "system", language=language_instruction(lang))


def _attribute(value: str) -> str:
    return (
        value.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;").replace(">", "&gt;")
    )


def material_block(material_id: str, filename: str, text: str) -> str:
    """One piece of user-supplied material, delimited so it reads as data. A closing tag inside
    the text is defused, so the text cannot end its own block."""
    body = _CLOSING_TAG.sub("<\\/material", text.strip())
    return render(
        "material_block", id=_attribute(material_id), filename=_attribute(filename), text=body
    )


def materials_section(blocks: list[str]) -> str:
    if not blocks:
        return load("materials_none").strip()
    return render("materials", blocks="\n\n".join(blocks))


def _passages(passages: list[Passage]) -> str:
    return materials_section([material_block(p.material_id, p.filename, p.text) for p in passages])


def data_json(model: BaseModel, exclude: set[str]) -> str:
    data = model.model_dump(by_alias=True, exclude_none=True, exclude=exclude)
    return json.dumps(_drop_empty(data), ensure_ascii=False, separators=(",", ":"))


def _drop_empty(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _drop_empty(v) for k, v in value.items() if v not in ("", [], {})}
    if isinstance(value, list):
        return [_drop_empty(v) for v in value]
    return value


def _placeholders(task: TaskInput) -> dict[str, str]:
    """The values of a task prompt's placeholders."""
    exclude = {"lang", "materials", "passages", "thumbnails", "image"}
    values = {"data": data_json(task, exclude)}
    if isinstance(task, OutlineInput):
        values["materials"] = materials_section(
            [material_block(m.id, m.filename, m.text) for m in task.materials]
        )
        values["mode"] = load(
            "outline_mode_material" if task.material_is_outline else "outline_mode_sources"
        ).strip()
        values["num_slides"] = str(task.num_slides)
    elif isinstance(task, SlideDataInput | ElementValueInput | SlideDescriptionsInput):
        values["materials"] = _passages(task.passages)
    elif isinstance(task, ImageDescribeInput):
        values["request"] = task.prompt.strip() or load("image_describe_default").strip()
    elif isinstance(task, TemplateSlidesInput):
        values["vision"] = load("template_slides_vision").strip() if task.thumbnails else ""
    return values


def user_prompt(task: TaskInput) -> str:
    return render(task.TASK, **_placeholders(task))


def schema_hint(schema: dict[str, Any]) -> str:
    return render("schema_hint", schema=json.dumps(schema, ensure_ascii=False))


def retry_prompt(error: str) -> str:
    return render("retry", error=error)
