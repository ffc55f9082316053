"""Slide rules: ids, template slide numbers and formData values checked against the template.

Pure functions over plain data: `elements` are the template slide's parsed elements (dicts with
name and type), so these rules are tested without a database.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import Any

from slidewright.core.ids import new_id
from slidewright.projects.errors import (
    InvalidElementValueError,
    NoTemplateError,
    SlideNumberOutOfRangeError,
    UnknownElementError,
)
from slidewright.projects.schemas import SlideIn

_IMAGE_REF = re.compile(r"^(?:/api/images/)?([0-9A-HJKMNP-TV-Z]{26})(?:/file)?$")
_FILLABLE = {"text", "picture", "table", "chart"}

_EXPECTED = {
    "text": ("a text value (a string) is expected.", "应为文本（字符串）。"),
    "picture": (
        "a gallery image (its id or /api/images/{id}/file URL) is expected.",
        "应为图库中的图片（其 ID 或 /api/images/{id}/file 地址）。",
    ),
    "table": (
        'a table {"rows": [[cell, ...], ...]} is expected.',
        '应为表格 {"rows": [[单元格, ...], ...]}。',
    ),
    "chart": (
        'a chart {"categories": [...], "series": [{"name": ..., "values": [numbers]}]} with '
        "one number per category is expected.",
        '应为图表 {"categories": [...], "series": [{"name": ..., "values": [数字]}]}，'
        "每个类别对应一个数字。",
    ),
    "fixed": ("this element is decorative and takes no value.", "此元素为装饰元素，不接受内容。"),
}


def image_id_of(value: Any) -> str | None:
    """The gallery image id a picture value refers to, or None when it is not a reference."""
    match = _IMAGE_REF.match(value) if isinstance(value, str) else None
    return match.group(1) if match else None


def empty_slide() -> dict[str, Any]:
    return SlideIn(id=new_id()).model_dump(by_alias=True)


def resize(slides: list[dict[str, Any]], count: int) -> list[dict[str, Any]]:
    """Grows with empty slides or truncates from the end."""
    return slides[:count] + [empty_slide() for _ in range(count - len(slides))]


def normalize(incoming: Sequence[SlideIn]) -> list[dict[str, Any]]:
    """Stable ids: kept when sent (and unique), assigned otherwise."""
    seen: set[str] = set()
    slides = []
    for slide in incoming:
        data = slide.model_dump(by_alias=True)
        if not data["id"] or data["id"] in seen:
            data["id"] = new_id()
        seen.add(data["id"])
        slides.append(data)
    return slides


def _is_number(value: Any) -> bool:
    return value is None or (
        isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)
    )


def value_fits(kind: str, value: Any) -> bool:
    if kind == "text":
        return isinstance(value, str)
    if kind == "picture":
        return image_id_of(value) is not None
    if kind == "table":
        rows = value.get("rows") if isinstance(value, dict) else None
        return isinstance(rows, list) and all(
            isinstance(row, list) and all(isinstance(c, str | int | float) for c in row)
            for row in rows
        )
    if kind == "chart":
        if not isinstance(value, dict):
            return False
        categories, series = value.get("categories"), value.get("series")
        if not isinstance(categories, list) or not isinstance(series, list):
            return False
        return all(
            isinstance(s, dict)
            and isinstance(s.get("name", ""), str)
            and isinstance(s.get("values"), list)
            and len(s["values"]) == len(categories)
            and all(_is_number(v) for v in s["values"])
            for s in series
        )
    return False


def check_slides(
    slides: list[dict[str, Any]], template_slides: list[dict[str, Any]] | None
) -> None:
    """Template numbers exist; every formData value and lock names an element of the right type."""
    for index, slide in enumerate(slides, start=1):
        number = slide.get("pptxSlideNumber")
        if number is None:
            # Values belong to a template slide's elements: without one they mean nothing.
            if slide["formData"] or slide["lockedElementNames"]:
                raise NoTemplateError(slideIndex=index)
            continue
        if template_slides is None:
            raise NoTemplateError()
        if not 1 <= number <= len(template_slides):
            raise SlideNumberOutOfRangeError(
                slideIndex=index, pptxSlideNumber=number, slideCount=len(template_slides)
            )
        kinds = {e["name"]: e["type"] for e in template_slides[number - 1]["elements"]}
        for name in slide["lockedElementNames"]:
            if name not in kinds:
                raise UnknownElementError(slideIndex=index, element=name)
        for name, value in slide["formData"].items():
            if name not in kinds:
                raise UnknownElementError(slideIndex=index, element=name)
            kind = kinds[name] if kinds[name] in _FILLABLE else "fixed"
            if kind == "fixed" or not value_fits(kind, value):
                en, zh = _EXPECTED[kind]
                raise InvalidElementValueError(
                    slideIndex=index, element=name, expected=en, expectedZh=zh
                )


def retarget(
    slides: list[dict[str, Any]], template_slides: list[dict[str, Any]] | None
) -> list[int]:
    """After a template change: clears slide numbers the new template lacks (returns the
    1-based indexes of those slides) and drops values and locks for elements it lacks."""
    cleared = []
    for index, slide in enumerate(slides, start=1):
        number = slide.get("pptxSlideNumber")
        if number is None:
            if template_slides is None:
                slide["formData"], slide["lockedElementNames"] = {}, []
            continue
        if template_slides is None or not 1 <= number <= len(template_slides):
            slide["pptxSlideNumber"] = None
            slide["formData"], slide["lockedElementNames"] = {}, []
            cleared.append(index)
            continue
        kinds = {e["name"]: e["type"] for e in template_slides[number - 1]["elements"]}
        slide["formData"] = {
            name: value
            for name, value in slide["formData"].items()
            if kinds.get(name) in _FILLABLE and value_fits(kinds[name], value)
        }
        slide["lockedElementNames"] = [n for n in slide["lockedElementNames"] if n in kinds]
    return cleared


def picture_refs(
    slides: list[dict[str, Any]], template_slides: list[dict[str, Any]] | None
) -> list[tuple[int, str, str]]:
    """(slide index, element name, image id) for every picture value, to check visibility."""
    refs = []
    for index, slide in enumerate(slides, start=1):
        number = slide.get("pptxSlideNumber")
        if template_slides is None or number is None or not 1 <= number <= len(template_slides):
            continue
        kinds = {e["name"]: e["type"] for e in template_slides[number - 1]["elements"]}
        for name, value in slide["formData"].items():
            image_id = image_id_of(value) if kinds.get(name) == "picture" else None
            if image_id is not None:
                refs.append((index, name, image_id))
    return refs


def picture_error(index: int, name: str) -> InvalidElementValueError:
    return InvalidElementValueError(
        slideIndex=index,
        element=name,
        expected="the image is not in your gallery or the public gallery.",
        expectedZh="该图片不在您的图库或公共图库中。",
    )
