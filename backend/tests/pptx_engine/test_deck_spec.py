"""The deck spec's JSON form: every value kind, and one clear message per malformed input."""

from __future__ import annotations

import base64
from pathlib import Path
from typing import Any

import pytest

from slidewright.pptx_engine.deck_spec import (
    ChartSeries,
    ChartValue,
    DeckSpec,
    DeckSpecError,
    PictureValue,
    TableValue,
    TextValue,
)
from tests.pptx_engine.builders import png_bytes


def one_slide(values: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"slides": [{"templateSlide": 1, "values": values, **extra}]}


def test_every_value_kind_parses(tmp_path: Path) -> None:
    (tmp_path / "photo.png").write_bytes(png_bytes())
    data = {
        "lang": "zh-CN",
        "removeUnfilledSampleText": True,
        "slides": [
            {
                "templateSlide": 2,
                "values": {
                    "Title": "Line 1\nLine 2",
                    "Link": {"text": "Site", "link": "https://example.com"},
                    "Photo": {"image": "photo.png", "alt": "A photo"},
                    "Table": {"rows": [["H1", "H2"], [1, 2.5], [None]]},
                    "Chart": {
                        "categories": ["Q1", 2025],
                        "series": [{"name": "S", "values": [1, None]}],
                    },
                },
                "locked": ["Logo"],
                "notes": "Say hello",
            }
        ],
    }
    spec = DeckSpec.from_json(data, base_dir=tmp_path)
    assert (spec.lang, spec.remove_unfilled_sample_text) == ("zh-CN", True)
    slide = spec.slides[0]
    assert (slide.template_slide, slide.locked, slide.notes) == (
        2,
        frozenset({"Logo"}),
        "Say hello",
    )
    assert slide.values["Title"] == TextValue("Line 1\nLine 2")
    assert slide.values["Link"] == TextValue("Site", "https://example.com")
    assert slide.values["Photo"] == PictureValue(png_bytes(), "A photo")
    assert slide.values["Table"] == TableValue((("H1", "H2"), ("1", "2.5"), ("", "")))
    assert slide.values["Chart"] == ChartValue(("Q1", "2025"), (ChartSeries("S", (1.0, None)),))


def test_defaults() -> None:
    spec = DeckSpec.from_json({"slides": [{"templateSlide": 1}]})
    assert (spec.lang, spec.remove_unfilled_sample_text) == ("en", False)
    assert spec.slides[0].notes is None and spec.slides[0].values == {}


def test_data_url_images() -> None:
    url = "data:image/png;base64," + base64.b64encode(png_bytes()).decode()
    spec = DeckSpec.from_json(one_slide({"Photo": {"image": url}}))
    assert spec.slides[0].values["Photo"] == PictureValue(png_bytes())


def test_image_loader_resolves_other_references() -> None:
    spec = DeckSpec.from_json(
        one_slide({"Photo": {"image": "/api/images/01H/original"}}),
        image_loader=lambda ref: png_bytes() if ref.startswith("/api/images/") else b"",
    )
    assert spec.slides[0].values["Photo"] == PictureValue(png_bytes())


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "must be a JSON object"),
        ({}, "slides: expected a list"),
        ({"slides": [], "lang": "fr"}, "lang: expected one of"),
        ({"slides": [], "extra": 1}, "unknown key 'extra'"),
        ({"slides": [{"templateSlide": 0}]}, r"slides\[0\].templateSlide"),
        ({"slides": [{"templateSlide": True}]}, r"slides\[0\].templateSlide"),
        ({"slides": [{"templateSlide": 1, "locked": "Logo"}]}, r"slides\[0\].locked"),
        (one_slide({"T": 3}), r"values\['T'\]: expected text"),
        (one_slide({"T": {"rows": []}}), "non-empty list of rows"),
        (one_slide({"T": {"rows": [[]]}}), "at least one column"),
        (one_slide({"T": {"rows": [[True]]}}), r"rows\[0\]\[0\]: expected text or a number"),
        (one_slide({"C": {"categories": ["a"], "series": []}}), "non-empty list of series"),
        (one_slide({"C": {"categories": ["a"], "series": [{"values": ["x"]}]}}), r"values\[0\]"),
        (one_slide({"P": {"image": "https://example.com/a.png"}}), "URLs are not fetched"),
        (one_slide({"P": {"image": "a.png"}}), "need a base folder"),
        (one_slide({"P": {"image": "data:image/png,abc"}}), "base64"),
        (one_slide({"P": {"image": "data:image/png;base64,%%%"}}), "not valid base64"),
        (one_slide({"L": {"text": "x", "link": 5}}), "link: expected a URL"),
        (one_slide({"X": {"other": 1}}), "expected text, or an object"),
    ],
)
def test_malformed_specs_name_the_problem(data: Any, message: str) -> None:
    with pytest.raises(DeckSpecError, match=message) as caught:
        DeckSpec.from_json(data)
    assert caught.value.code == "invalid_deck_spec"


def test_missing_image_file_is_a_spec_error(tmp_path: Path) -> None:
    with pytest.raises(DeckSpecError, match=r"cannot read missing\.png"):
        DeckSpec.from_json(one_slide({"P": {"image": "missing.png"}}), base_dir=tmp_path)


def test_limits_are_enforced() -> None:
    rows = [["x"]] * 201
    with pytest.raises(DeckSpecError, match="at most 200 rows"):
        DeckSpec.from_json(one_slide({"T": {"rows": rows}}))
    with pytest.raises(DeckSpecError, match="longer than"):
        DeckSpec.from_json(one_slide({"T": "x" * 50_001}))
