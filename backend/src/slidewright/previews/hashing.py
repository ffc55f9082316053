"""The content hash of a slide's picture: everything that changes what the export draws.

Pure functions over plain data, so the cache rules are tested without a database. Two slides
with the same hash look the same, so a hash names a render for good (content-addressed).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from slidewright import __version__
from slidewright.projects import slides as slide_rules

# Bump when the fill or render pipeline changes what a slide looks like: every preview is
# then rendered again (the package version alone does not move between development builds).
PREVIEW_ENGINE_VERSION = 1


@dataclass(frozen=True)
class TemplateFacts:
    """What of a template shapes its slides' pictures: its (immutable) source file and, per
    slide, the elements with their types and lock states (locks decide what is filled)."""

    file_id: str
    source_key: str
    parsed_slides: list[dict[str, Any]]


def image_ids(slide: Mapping[str, Any]) -> set[str]:
    """The gallery images a slide's values refer to."""
    return {
        image_id
        for value in slide.get("formData", {}).values()
        if (image_id := slide_rules.image_id_of(value)) is not None
    }


def slide_hash(
    slide: Mapping[str, Any],
    template: TemplateFacts | None,
    images: Mapping[str, str | None],
    lang: str,
) -> str | None:
    """sha256 (hex) of the slide's picture inputs; None when there is nothing to draw (no
    template, or no template slide assigned).

    `images` maps each referenced image id to its blob key, or None when the owner can no
    longer see it (the export then keeps the template's picture). Speaker notes and the AI's
    reasons are left out: they never reach the picture.
    """
    number = slide.get("pptxSlideNumber")
    if template is None or number is None or not 1 <= number <= len(template.parsed_slides):
        return None
    elements = [
        (e["name"], e["type"], bool(e.get("isLocked")))
        for e in template.parsed_slides[number - 1]["elements"]
    ]
    facts = {
        "engine": [PREVIEW_ENGINE_VERSION, __version__],
        "template": [template.file_id, template.source_key, number, elements],
        "values": slide.get("formData", {}),
        "locks": sorted(slide.get("lockedElementNames", [])),
        "images": {image_id: images.get(image_id) for image_id in sorted(image_ids(slide))},
        "lang": lang,
    }
    canonical = json.dumps(facts, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()
