"""What the writer returns: the deck bytes and the warnings a user should see before download.

Warnings never stop an export (the user can "Export Anyway"); each has a stable `code` the UI
translates, the deck position of the slide (1-based), the element name when it concerns one,
and an English message for logs and the CLI.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

WarningCode = Literal[
    "text_overflow",  # text does not fit even at the 60% floor; `needed` says by how much
    "unknown_element",  # a value names an element the template slide does not have
    "locked_element",  # a value was given for a locked element and ignored
    "value_type_mismatch",  # e.g. a table value for a text element
    "invalid_image",  # picture bytes that are not an image we can place
    "chart_not_filled",  # a chart kind that cannot take the value (bubble, stock, ...)
    "chart_data_adjusted",  # series padded or cut to the categories, empty categories left out
    "link_dropped",  # a link with a scheme other than http, https or mailto
    "element_not_filled",  # an unforeseen problem with this element; the template's stays
    # Accessibility (see accessibility.py): what PowerPoint's Accessibility Checker would flag.
    "missing_slide_title",  # no title, and no text on the slide to take one from
    "missing_alt_text",  # a picture without alternative text (the gallery image has none)
    "table_without_header",  # a table kept from the template without a header row
    "reading_order",  # overlapping shapes keep an order that differs from the visual one
]


@dataclass(frozen=True)
class FillWarning:
    code: WarningCode
    slide_index: int  # 1-based position in the exported deck
    element: str | None
    message: str
    needed: float | None = None  # text_overflow: text height / box height at the floor

    def to_json_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "slideIndex": self.slide_index,
            "element": self.element,
            "message": self.message,
            "needed": self.needed,
        }

    def __str__(self) -> str:
        where = f"slide {self.slide_index}" + (f", {self.element!r}" if self.element else "")
        return f"{where}: {self.message}"


@dataclass(frozen=True)
class FillResult:
    pptx: bytes
    warnings: tuple[FillWarning, ...]
