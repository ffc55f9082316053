"""Reading a model's answer as JSON, leniently.

Small models wrap their JSON in prose or a ```json fence, and an answer stopped early (by its
token limit, or by the action's deadline while it was being streamed) ends mid-object. The
first complete object is taken; failing that, a cut-off one is repaired. A cut answer's last
part is left out rather than repaired: `json_repair` would close a string cut mid-word
("We plan to op") and that half sentence would reach a slide as if the model had meant it.
What is left out is then missing, and missing fields are completed by the offline assistant.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import json_repair


def extract_json(text: str) -> Any:
    """The first JSON object in `text` (after any ```json fence or prose). An object that
    runs to the end of the text unclosed is a cut answer: the objects nested in it are parts
    of it, never the answer (that is for `lenient_json` to repair)."""
    decoder = json.JSONDecoder()
    start = text.find("{")
    while start != -1:
        try:
            value, _ = decoder.raw_decode(text, start)
        except json.JSONDecodeError:
            if _unclosed(text, start):
                break
            start = text.find("{", start + 1)
            continue
        if isinstance(value, dict):
            return value
        start = text.find("{", start + 1)
    raise ValueError("the answer contains no JSON object")


def _structure(text: str) -> Iterator[tuple[int, str]]:
    """The characters of `text` that give it its shape (brackets and commas), with their
    index; what is inside a JSON string ("a, b", an escaped quote) is skipped."""
    in_string = escaped = False
    for index, char in enumerate(text):
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "{[]},":
            yield index, char


def _unclosed(text: str, start: int) -> bool:
    """Whether the object opening at `start` is still open at the end of the text."""
    depth = 0
    for _, char in _structure(text[start:]):
        if char in "{[":
            depth += 1
        elif char in "}]":
            depth -= 1
            if depth == 0:
                return False
    return True


def _cut_start(text: str) -> int:
    """Where the answer's object opens: the first `{` left unclosed (one closed before it is
    prose, "{like this}"), else the first `{`; -1 when there is none."""
    start = first = text.find("{")
    while start != -1:
        if _unclosed(text, start):
            return start
        start = text.find("{", start + 1)
    return first


def complete_prefix(text: str) -> str:
    """`text` (a JSON object cut short) up to its last complete part: a whole member of the
    object, or a whole item of a list that is one. A half-written string, number or key is
    left out, and so is a member or an item written only in part (an element's value with its
    name but not yet its text is not an answer for it). The brackets still open are closed by
    the repair."""
    last_end = 0
    open_brackets: list[str] = []
    for index, char in _structure(text):
        if char in "{[":
            open_brackets.append(char)
        elif char in "}]":
            if open_brackets:
                open_brackets.pop()
            if _is_part(open_brackets):  # a member's value or a listed item, closed
                last_end = index + 1
        elif _is_part(open_brackets):  # a comma: everything before it is complete
            last_end = index
    return text[:last_end]


def _is_part(open_brackets: list[str]) -> bool:
    """Whether the position is between the parts of an answer: its members, or the items of
    a list that is one of them."""
    return open_brackets in (["{"], ["{", "["])


def lenient_json(text: str, *, cut: bool = False) -> Any:
    """The answer's JSON object: the first one in the text, else what `json_repair` can make
    of a broken or cut-off one (with `cut`, only its complete values); None if neither."""
    try:
        return extract_json(text)
    except ValueError:
        pass
    start = _cut_start(text)
    if start == -1:
        return None
    body = text[start:]
    if cut:
        body = complete_prefix(body) or "{"
    repaired = json_repair.loads(body)
    return repaired if isinstance(repaired, dict) and repaired else None
