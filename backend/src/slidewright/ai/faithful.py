"""A model's answer is held to the offline assistant's rule: it never writes a number it did
not read.

The offline assistant only quotes and plots figures of the materials, the project, the slide
descriptions and the instruction. A model may invent ("revenue grew 12%", a chart of made-up
values), so its slide values are checked against the same inputs before they are suggested:
a line of text with a figure found nowhere in them is dropped, a chart or table with such a
value is left out whole (half a chart misleads more than none). Dates, years and periods are
not quantities (`figures.figures_in`) and pass; so does the deck's own section counter.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from slidewright.ai import figures

_NUMBER = re.compile(r"\d+(?:,\d{3})*(?:\.\d+)?|\d+")

UNSUPPORTED = "unsupported_figures"


class Inputs:
    """The numbers the user gave, as values ('1,240' and '1240' are one number)."""

    def __init__(self, texts: Iterable[str]) -> None:
        self.values: set[float] = set()
        for text in texts:
            for token in _NUMBER.findall(text or ""):
                self.values.add(float(token.replace(",", "")))

    def knows(self, value: float) -> bool:
        magnitude = abs(value)
        return any(figures.same_number(magnitude, known) for known in self.values)

    def text_is_known(self, text: str) -> bool:
        return all(self.knows(f.value) for f in figures.figures_in(text))


def _all_text(value: Any) -> Iterable[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _all_text(item)
    elif isinstance(value, list):
        for item in value:
            yield from _all_text(item)


def inputs_of(*texts: str, values: Iterable[Any] = ()) -> Inputs:
    """The inputs: free texts, and values the user already has on the slide."""
    return Inputs([*texts, *(text for value in values for text in _all_text(value))])


def check(kind: str, value: Any, inputs: Inputs) -> tuple[Any | None, str | None]:
    """(the value, kept or with its unsupported lines dropped, None) or (None, UNSUPPORTED)."""
    if kind == "text" and isinstance(value, str):
        lines = value.split("\n")
        kept = [line for line in lines if inputs.text_is_known(line)]
        if len(kept) == len(lines):
            return value, None
        return (
            ("\n".join(kept), None) if any(line.strip() for line in kept) else (None, UNSUPPORTED)
        )
    if kind == "chart" and isinstance(value, dict):
        numbers = [
            v
            for series in value.get("series", [])
            for v in series.get("values", [])
            if isinstance(v, int | float)
        ]
        labels = [*value.get("categories", []), *(s.get("name", "") for s in value["series"])]
        if all(inputs.knows(float(v)) for v in numbers) and all(
            inputs.text_is_known(str(label)) for label in labels
        ):
            return value, None
        return None, UNSUPPORTED
    if kind == "table" and isinstance(value, dict):
        cells = [str(cell) for row in value.get("rows", []) for cell in row]
        if all(inputs.text_is_known(cell) for cell in cells):
            return value, None
        return None, UNSUPPORTED
    return value, None
