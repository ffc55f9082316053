"""Prompts that fit the model's context window.

A request longer than the window fails (llama.cpp answers 400) or, on Ollama, is cut silently
from the front, so the system prompt and its rules are lost. Every prompt is therefore measured
before it is sent: with the server's tokenizer where it has one, else a conservative estimate
(a Chinese character is at least one token; Latin text and JSON about three characters a
token). The answer keeps a share of the window (`output_tokens`).

When a prompt is too long, the task input is made smaller, least useful first: the passages of
material the search ranked last, the slides of the deck farthest from the one being written,
the gallery, the elements listed under each template slide, then long texts cut in half. What
the model must answer about (the elements to fill, the slides to describe, the instruction) is
never cut. `shrink` returns None when nothing more can go.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import BaseModel

from slidewright.ai.tasks import TaskInput

MESSAGE_OVERHEAD = 8  # the chat template's tokens around each message
SAFETY = 32
MIN_OUTPUT = 256
MAX_OUTPUT = 2048
_CJK = re.compile(r"[\u3000-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]")

# Lists of context, dropped from the end (where ranking puts the least relevant).
_DROPPABLE_LISTS = (
    "passages",
    "materials",
    "images",
    "materials_outline",
    "deck",
    "templates",
    "template_slides",  # choices: the last to go, once their details are cut
)
# Lists the model chooses from or writes about: only their details are cut.
_DETAILED_LISTS = ("template_slides", "templates", "slides", "deck")
_LONG_TEXT = 160
_SHORT_TEXT = 40  # what a choice's description is cut to at most


def estimate_tokens(text: str) -> int:
    cjk = len(_CJK.findall(text))
    return int(cjk * 1.3 + (len(text) - cjk) / 3.5) + 1


def messages_tokens(messages: list[dict[str, Any]], count: Any = None) -> int:
    """Tokens of a chat request: `count(text)` when the server counts, else the estimate."""
    total = 0
    for message in messages:
        content = message.get("content")
        text = content if isinstance(content, str) else _text_parts(content)
        measured = count(text) if count is not None else None
        total += (measured if measured is not None else estimate_tokens(text)) + MESSAGE_OVERHEAD
    return total


def _text_parts(content: Any) -> str:
    if not isinstance(content, list):
        return ""
    return "\n".join(str(p.get("text") or "") for p in content if isinstance(p, dict))


def output_tokens(context_tokens: int) -> int:
    """The share of the window kept for the answer."""
    return max(MIN_OUTPUT, min(MAX_OUTPUT, context_tokens // 3))


def prompt_budget(context_tokens: int) -> int:
    return context_tokens - output_tokens(context_tokens) - SAFETY


def shrink(task: TaskInput) -> TaskInput | None:
    """A smaller copy of `task`, or None when nothing more can be cut.

    Each step cuts the largest part that may be cut (half the droppable items of a list, the
    details of a list of choices, or the long texts), so material is not all dropped while
    long template descriptions stay."""
    steps = [_drop_from_lists(task), _cut_details(task), _cut_long_texts(task)]
    candidates = [(saved, smaller) for saved, smaller in steps if smaller is not None]
    if not candidates:
        return None
    return max(candidates, key=lambda pair: pair[0])[1]


def _size(value: Any) -> int:
    if isinstance(value, BaseModel):
        return len(value.model_dump_json())
    if isinstance(value, list):
        return sum(_size(item) for item in value)
    return len(str(value))


def _drop_from_lists(task: TaskInput) -> tuple[int, TaskInput | None]:
    fields = type(task).model_fields
    candidates = [
        (name, getattr(task, name))
        for name in _DROPPABLE_LISTS
        if name in fields and isinstance(getattr(task, name), list) and getattr(task, name)
    ]
    # Deck slides the task is about (the ones to describe, the one being written) stay.
    kept = set(getattr(task, "targets", None) or [])
    slide = getattr(task, "slide", None)
    if slide is not None:
        kept.add(slide.index)
    candidates = [
        (name, [item for item in items if not _is_kept(name, item, kept)])
        for name, items in candidates
    ]
    candidates = [(name, items) for name, items in candidates if items]
    if not candidates:
        return 0, None
    name, droppable = max(candidates, key=lambda pair: _size(pair[1]))
    items = getattr(task, name)
    if len(droppable) <= 2:
        # One or two long documents: halve the longest rather than lose it whole.
        longest = max(droppable, key=_size)
        shorter = _halve(longest)
        if shorter is not longest:
            replaced = [shorter if item is longest else item for item in items]
            return _size(longest) - _size(shorter), task.model_copy(update={name: replaced})
    cut = droppable[(len(droppable) + 1) // 2 :] if len(droppable) > 3 else droppable[-1:]
    dropped = {id(item) for item in cut}
    saved = sum(_size(item) for item in cut)
    return saved, task.model_copy(
        update={name: [item for item in items if id(item) not in dropped]}
    )


def _is_kept(name: str, item: Any, kept: set[int]) -> bool:
    return name == "deck" and getattr(item, "index", None) in kept


def _cut_details(task: TaskInput) -> tuple[int, TaskInput | None]:
    """Template slides without their element lists and long descriptions; templates without
    their slides."""
    fields = type(task).model_fields
    for name in _DETAILED_LISTS:
        items = getattr(task, name, None) if name in fields else None
        if not isinstance(items, list) or not items:
            continue
        lighter = [_lighter(item) for item in items]
        if any(new is not old for new, old in zip(lighter, items, strict=True)):
            return _size(items) - _size(lighter), task.model_copy(update={name: lighter})
    return 0, None


def _lighter(item: Any) -> Any:
    """The item with its element list or slides gone, else its long texts shortened."""
    if not isinstance(item, BaseModel):
        return item
    update: dict[str, Any] = {}
    for field in ("elements", "slides"):
        if getattr(item, field, None):
            update[field] = []
    if not update:
        for field in ("description", "content", "content_description"):
            value = getattr(item, field, None)
            if isinstance(value, str) and len(value) > _SHORT_TEXT:
                update[field] = value[: max(_SHORT_TEXT, len(value) // 2)]
    return item.model_copy(update=update) if update else item


def _cut_long_texts(task: TaskInput) -> tuple[int, TaskInput | None]:
    """Long free texts (a project description, a passage) in half; the instruction stays."""
    update: dict[str, Any] = {}
    saved = 0
    for name in type(task).model_fields:
        if name in ("instruction", "lang", "ui_lang"):
            continue
        value = getattr(task, name)
        cut = _halve(value)
        if cut is not value:
            update[name] = cut
            saved += _size(value) - _size(cut)
    return (saved, task.model_copy(update=update)) if update else (0, None)


def _halve(value: Any) -> Any:
    if isinstance(value, str):
        return value[: len(value) // 2] if len(value) > _LONG_TEXT else value
    if isinstance(value, list):
        halved = [_halve(item) for item in value]
        return halved if any(n is not o for n, o in zip(halved, value, strict=True)) else value
    if isinstance(value, BaseModel):
        update = {}
        for name in type(value).model_fields:
            if name in ("name", "id", "material_id", "filename", "role", "type"):
                continue
            inner = getattr(value, name)
            cut = _halve(inner)
            if cut is not inner:
                update[name] = cut
        return value.model_copy(update=update) if update else value
    return value
