"""Boundary dataclasses: rounding and the camelCase JSON shape."""

from __future__ import annotations

import json

from slidewright.pptx_engine.model import (
    Boundary,
    ChartInfo,
    ParsedDeck,
    ParsedSlide,
    PlaceholderInfo,
    TableInfo,
    TemplateElement,
    TextCapacity,
)
from slidewright.pptx_engine.units import (
    centipoints_to_pt,
    emu_to_in,
    emu_to_pt,
    in_to_emu,
    pt_to_emu,
)


def test_units_convert_emu_inches_and_points() -> None:
    assert (emu_to_in(914400), in_to_emu(1.5)) == (1.0, 1371600)
    assert (emu_to_pt(12700), pt_to_emu(18)) == (1.0, 228600)
    assert centipoints_to_pt(1800) == 18.0


def test_boundary_from_emu_rounds_to_four_decimals() -> None:
    assert Boundary.from_emu(12192000, 1, 914400 / 3, 457200) == Boundary(13.3333, 0.0, 0.3333, 0.5)


def test_deck_json_uses_camel_case_keys() -> None:
    element = TemplateElement(
        name="Title 1",
        shape_id=2,
        path=(5, 2),
        type="text",
        inner_text="Hi",
        hidden=False,
        is_locked=False,
        boundary=Boundary(1, 2, 3, 4),
        placeholder=PlaceholderInfo("title", 0),
        capacity=TextCapacity(2, 1, 44.0, 30, 15),
        table=TableInfo(2, 3),
        chart=ChartInfo("pie", 4, 1),
    )
    deck = ParsedDeck(13.3333, 7.5, (ParsedSlide(1, "Title Slide", False, "", (element,)),))
    data = deck.to_json_dict()
    json.dumps(data)  # plain JSON types only
    assert data["slideWidthIn"] == 13.3333 and data["slideHeightIn"] == 7.5
    slide = data["slides"][0]
    assert (slide["slideNumber"], slide["layoutName"], slide["hidden"], slide["notes"]) == (
        1,
        "Title Slide",
        False,
        "",
    )
    assert slide["elements"][0] == {
        "name": "Title 1",
        "shapeId": 2,
        "path": [5, 2],
        "type": "text",
        "innerText": "Hi",
        "hidden": False,
        "isLocked": False,
        "boundary": {"x": 1, "y": 2, "width": 3, "height": 4},
        "placeholder": {"type": "title", "idx": 0},
        "capacity": {
            "sampleChars": 2,
            "paragraphCount": 1,
            "fontSizePt": 44.0,
            "maxChars": 30,
            "maxCharsCjk": 15,
        },
        "table": {"rows": 2, "cols": 3},
        "chart": {"chartType": "pie", "categoryCount": 4, "seriesCount": 1},
    }


def test_absent_details_are_null_in_json() -> None:
    element = TemplateElement("Dot", 3, (3,), "shape", "", False, True, Boundary(0, 0, 1, 1))
    data = element.to_json_dict()
    assert (data["placeholder"], data["capacity"], data["table"], data["chart"]) == (
        None,
        None,
        None,
        None,
    )
