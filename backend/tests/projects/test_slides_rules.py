"""Slide rules as pure functions: value shapes, resizing, retargeting to another template."""

from __future__ import annotations

import pytest

from slidewright.projects import slides
from slidewright.projects.errors import (
    InvalidElementValueError,
    NoTemplateError,
    SlideNumberOutOfRangeError,
    UnknownElementError,
)

IMAGE_ID = "01JABCDEFGHJKMNPQRSTVWXYZ0"
TEMPLATE = [
    {"elements": [{"name": "Title", "type": "text"}, {"name": "Chart", "type": "chart"}]},
    {"elements": [{"name": "Title", "type": "text"}, {"name": "Table", "type": "table"}]},
    {"elements": [{"name": "Photo", "type": "picture"}, {"name": "Oval", "type": "shape"}]},
]


def _slide(
    number: int | None, form_data: dict | None = None, locked: list[str] | None = None
) -> dict:
    return {
        "id": "s",
        "pptxSlideNumber": number,
        "formData": form_data or {},
        "lockedElementNames": locked or [],
    }


@pytest.mark.parametrize(
    ("kind", "value", "fits"),
    [
        ("text", "hello\nworld", True),
        ("text", 3, False),
        ("picture", IMAGE_ID, True),
        ("picture", f"/api/images/{IMAGE_ID}/file", True),
        ("picture", "https://evil.example/x.png", False),
        ("table", {"rows": [["a", "b"], ["1", 2]]}, True),
        ("table", {"rows": "a,b"}, False),
        ("table", [["a"]], False),
        (
            "chart",
            {"categories": ["Q1", "Q2"], "series": [{"name": "S", "values": [1, 2.5]}]},
            True,
        ),
        ("chart", {"categories": ["Q1", "Q2"], "series": [{"name": "S", "values": [1]}]}, False),
        ("chart", {"categories": ["Q1"], "series": [{"name": "S", "values": ["1"]}]}, False),
        ("chart", {"categories": ["Q1"], "series": [{"name": "S", "values": [True]}]}, False),
        (
            "chart",
            {"categories": ["Q1"], "series": [{"name": "S", "values": [float("nan")]}]},
            False,
        ),
        ("chart", {"categories": ["Q1"], "series": [{"name": "S", "values": [None]}]}, True),
    ],
)
def test_value_shapes(kind: str, value: object, fits: bool) -> None:
    assert slides.value_fits(kind, value) is fits


def test_resize_grows_with_empty_slides_and_truncates() -> None:
    grown = slides.resize([_slide(1)], 3)
    assert len(grown) == 3 and grown[0]["pptxSlideNumber"] == 1
    assert grown[1]["pptxSlideNumber"] is None and grown[1]["id"] != grown[2]["id"]
    assert slides.resize(grown, 1) == grown[:1]


def test_check_accepts_valid_values() -> None:
    chart = {"categories": ["A"], "series": [{"name": "S", "values": [1]}]}
    slides.check_slides([_slide(1, {"Title": "Hi", "Chart": chart}, ["Title"])], TEMPLATE)


@pytest.mark.parametrize(
    ("slide", "error"),
    [
        (_slide(4), SlideNumberOutOfRangeError),
        (_slide(1, {"Nope": "x"}), UnknownElementError),
        (_slide(1, locked=["Nope"]), UnknownElementError),
        (_slide(1, {"Chart": "text"}), InvalidElementValueError),
        (_slide(3, {"Oval": "text"}), InvalidElementValueError),
        (_slide(None, {"Title": "x"}), NoTemplateError),
    ],
)
def test_check_rejects(slide: dict, error: type[Exception]) -> None:
    with pytest.raises(error):
        slides.check_slides([slide], TEMPLATE)


def test_numbers_need_a_template() -> None:
    with pytest.raises(NoTemplateError):
        slides.check_slides([_slide(1)], None)


def test_retarget_clears_missing_numbers_and_mismatched_values() -> None:
    deck = [
        _slide(1, {"Title": "Keep", "Chart": "not a chart"}, ["Title", "Gone"]),
        _slide(3, {"Photo": IMAGE_ID}),
    ]
    cleared = slides.retarget(deck, TEMPLATE[:2])
    assert cleared == [2]
    assert deck[0]["formData"] == {"Title": "Keep"}
    assert deck[0]["lockedElementNames"] == ["Title"]
    assert deck[1]["pptxSlideNumber"] is None and deck[1]["formData"] == {}
