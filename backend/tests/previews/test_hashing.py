"""What changes a slide's content hash, and what does not."""

from __future__ import annotations

from typing import Any

from slidewright.previews.hashing import TemplateFacts, slide_hash

IMAGE = "01ARZ3NDEKTSV4RRFFQ69G5FAV"
TEMPLATE = TemplateFacts(
    "01TEMPLATE0000000000000000",
    "templates/u/t/source.pptx",
    [
        {
            "elements": [
                {"name": "Title 1", "type": "text", "isLocked": False},
                {"name": "Picture 2", "type": "picture", "isLocked": False},
            ]
        }
    ],
)


def _slide(**changes: Any) -> dict[str, Any]:
    slide = {
        "id": "s1",
        "pptxSlideNumber": 1,
        "formData": {"Title 1": "Hello", "Picture 2": IMAGE},
        "lockedElementNames": [],
        "notes": "",
        "contentDescription": "",
    }
    return {**slide, **changes}


def _hash(slide: dict[str, Any], images: dict[str, str | None] | None = None, **kw: Any) -> str:
    value = slide_hash(
        slide,
        kw.get("template", TEMPLATE),
        images if images is not None else {IMAGE: "images/u/i/original"},
        kw.get("lang", "en"),
    )
    assert value is not None
    return value


def test_notes_descriptions_and_ids_do_not_change_the_picture() -> None:
    assert _hash(_slide()) == _hash(_slide(id="s9", notes="Say hi", contentDescription="x"))


def test_value_order_does_not_matter() -> None:
    reordered = _slide(formData={"Picture 2": IMAGE, "Title 1": "Hello"})
    assert _hash(_slide()) == _hash(reordered)


def test_values_locks_images_language_and_template_change_the_picture() -> None:
    base = _hash(_slide())
    assert _hash(_slide(formData={"Title 1": "Bye", "Picture 2": IMAGE})) != base
    assert _hash(_slide(lockedElementNames=["Title 1"])) != base
    assert _hash(_slide(), images={IMAGE: None}) != base  # the image became unavailable
    assert _hash(_slide(), images={IMAGE: "images/u/i/other"}) != base
    assert _hash(_slide(), lang="zh-CN") != base
    relocked = TemplateFacts(
        TEMPLATE.file_id,
        TEMPLATE.source_key,
        [{"elements": [{**TEMPLATE.parsed_slides[0]["elements"][0], "isLocked": True}]}],
    )
    assert _hash(_slide(), template=relocked) != base


def test_nothing_to_draw_without_a_template_slide() -> None:
    assert slide_hash(_slide(pptxSlideNumber=None), TEMPLATE, {}, "en") is None
    assert slide_hash(_slide(pptxSlideNumber=5), TEMPLATE, {}, "en") is None
    assert slide_hash(_slide(), None, {}, "en") is None
