"""A model's answer, field by field, with the offline assistant's for what the model got wrong.

A small model often gets most of an answer right and one field wrong (a number where text
belongs, an element it was not asked about, a slide number out of range). Failing the whole
action for that field threw the good part away. Here each top-level field of the answer is
validated on its own; a list of items that name what they are about (an element's `name`, a
`slideNumber`, a `slideIndex`) is merged item by item. What is missing, invalid, or breaks one
of the task's rules (`TaskInput.problems`) is taken from the offline assistant's answer to the
same task, and its path is reported ("notes", "values/Title 1") so the user is told which parts
came from where.
"""

from __future__ import annotations

import re
import typing
from typing import Any, TypeVar

from pydantic import BaseModel, TypeAdapter, ValidationError

from slidewright.ai.tasks import OutputModel, TaskInput

Out = TypeVar("Out", bound=OutputModel)
_KEYS = ("name", "slide_number", "slide_index")
_PROBLEM_PATH = re.compile(r"^(\w+)(?:\[(\d+)\])?")
WHOLE = "*"


def merge(task: TaskInput, data: Any, offline: Out, *, cut: bool = False) -> tuple[Out, list[str]]:
    """The model's `data` (parsed JSON, maybe wrong) completed from `offline`; and the paths
    of the parts that came from `offline` (`["*"]`: all of it). With `cut` (the answer was
    stopped before its end), a list of unnamed items the model had not finished is continued
    with the offline assistant's items past the model's count ("slides/4")."""
    if not isinstance(data, dict):
        return offline, [WHOLE]
    output_type = type(offline)
    update: dict[str, Any] = {}
    fallback: list[str] = []
    for name, field in output_type.model_fields.items():
        if _not_asked(field):  # the offline answer's provenance is not the model's
            update[name] = field.get_default(call_default_factory=True)
            continue
        alias = field.alias or name
        if alias not in data and name not in data:
            # Left out by the model (or cut off): the offline assistant's value is used, and
            # named when it says something.
            default = (
                field.get_default(call_default_factory=True) if not field.is_required() else None
            )
            if field.is_required() or getattr(offline, name) != default:
                fallback.append(alias)
            continue
        raw = data.get(alias, data.get(name))
        item_type = _item_model(field.annotation)
        if item_type is not None and isinstance(raw, list):
            items, from_offline = _merge_items(item_type, raw, getattr(offline, name), cut)
            update[name] = items
            fallback.extend(f"{alias}/{key}" for key in from_offline)
            continue
        try:
            update[name] = TypeAdapter(field.annotation or Any).validate_python(raw)
        except ValidationError:
            fallback.append(alias)
    result = offline.model_copy(update=update)
    result, fixed = _replace_problems(task, result, offline)
    fallback.extend(path for path in fixed if path not in fallback)
    if fallback:
        result = _provenance_of_fallbacks(result, offline, fallback)
    return result, fallback


def _not_asked(field: Any) -> bool:
    """Fields the model is not asked for (filled by the offline assistant, which knows)."""
    return any(type(m).__name__ == "SkipJsonSchema" for m in field.metadata) or (
        "SkipJsonSchema" in repr(field.annotation)
    )


def _item_model(annotation: Any) -> type[BaseModel] | None:
    if typing.get_origin(annotation) is not list:
        return None
    (item,) = typing.get_args(annotation) or (None,)
    return item if isinstance(item, type) and issubclass(item, BaseModel) else None


def _key_of(item: BaseModel) -> str | None:
    for key in _KEYS:
        if key in type(item).model_fields:
            return key
    return None


def _merge_items(
    item_type: type[BaseModel], raw: list[Any], offline_items: list[BaseModel], cut: bool
) -> tuple[list[BaseModel], list[str]]:
    valid: list[BaseModel] = []
    for candidate in raw:
        try:
            valid.append(item_type.model_validate(candidate))
        except ValidationError:
            continue
    key = _key_of(offline_items[0]) if offline_items else None
    if key is None:  # items without a name: the model's valid ones, else the offline ones
        if not valid and offline_items:
            return list(offline_items), [WHOLE]
        if cut and len(valid) < len(offline_items):
            rest = range(len(valid), len(offline_items))
            return [*valid, *offline_items[len(valid) :]], [str(index) for index in rest]
        return valid, []
    seen = {getattr(item, key) for item in valid}
    added = [item for item in offline_items if getattr(item, key) not in seen]
    return [*valid, *added], [str(getattr(item, key)) for item in added]


def _replace_problems(task: TaskInput, result: Out, offline: Out) -> tuple[Out, list[str]]:
    """Fields and items that break a task rule, taken from the offline answer instead."""
    problems = task.problems(result)
    if not problems:
        return result, []
    fields = type(result).model_fields
    by_alias = {(f.alias or n): n for n, f in fields.items()}
    update: dict[str, Any] = {}
    fixed: list[str] = []
    bad_items: dict[str, set[int]] = {}
    for problem in problems:
        found = _PROBLEM_PATH.match(problem)
        name = by_alias.get(found.group(1)) if found else None
        if name is None or found is None:
            continue
        if found.group(2) is not None and isinstance(getattr(result, name), list):
            bad_items.setdefault(name, set()).add(int(found.group(2)))
        else:
            update[name] = getattr(offline, name)
            fixed.append(found.group(1))
    for name, indexes in bad_items.items():
        items = getattr(result, name)
        alias = fields[name].alias or name
        kept = [item for index, item in enumerate(items) if index not in indexes]
        offline_items = getattr(offline, name)
        key = _key_of(offline_items[0]) if offline_items else None
        if key is None:
            update[name] = kept or list(offline_items)
            fixed.append(alias)
            continue
        seen = {getattr(item, key) for item in kept}
        added = [item for item in offline_items if getattr(item, key) not in seen]
        update[name] = [*kept, *added]
        fixed.extend(f"{alias}/{getattr(item, key)}" for item in added)
    return result.model_copy(update=update), fixed


def _provenance_of_fallbacks(result: Out, offline: Out, fallback: list[str]) -> Out:
    """Provenance (known only to the offline assistant) for the parts it gave, none for the
    model's."""
    if "provenance" not in type(result).model_fields:
        return result
    theirs = offline.provenance  # type: ignore[attr-defined]
    if isinstance(theirs, dict):
        names = {path.split("/", 1)[1] for path in fallback if "/" in path}
        kept = {name: origins for name, origins in theirs.items() if name in names}
        return result.model_copy(update={"provenance": kept})
    whole = WHOLE in fallback or any(path.split("/")[0] == "value" for path in fallback)
    return result.model_copy(update={"provenance": theirs if whole else []})
