"""The invented-number check of the real-model stage, written apart from the app's own
(`slidewright.ai.figures`) on purpose: a test that shared the app's code would share its blind
spots.

A number is a run of digits with an optional decimal part, read after NFKC (full-width digits
become ASCII) with thousands separators dropped (1,200 and 1，200 are 1200); leading and
trailing zeros do not count (4.20 is 4.2, 07 is 7).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from decimal import Decimal
from typing import Any

_THOUSANDS = re.compile(r"(?<=\d)[,，](?=\d{3}(?!\d))")
_NUMBER = re.compile(r"\d+(?:\.\d+)?")
# Keys whose strings are identifiers, codes or where the value came from, not written text.
# `droppedFacts` lists what the app left out of the answer for being in no input: not written.
_NOT_TEXT = {
    "provider",
    "lang",
    "code",
    "op",
    "path",
    "provenance",
    "materialIds",
    "status",
    "droppedFacts",
    "fallbackFields",
}


def numbers(text: str) -> set[str]:
    plain = _THOUSANDS.sub("", unicodedata.normalize("NFKC", text))
    return {format(Decimal(n).normalize(), "f") for n in _NUMBER.findall(plain)}


def texts(value: Any, key: str = "", in_values: bool = False) -> Iterable[str]:
    """Every written string in a JSON answer (ids and codes left out), and the numbers inside
    slide values (a chart's series is as much a claim as a sentence)."""
    if key in _NOT_TEXT or key.endswith("Id") or key == "_id":
        return
    in_values = in_values or key in {"formData", "value"}
    if isinstance(value, str):
        yield value
    elif isinstance(value, (int, float)) and not isinstance(value, bool) and in_values:
        yield str(value)
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from texts(v, str(k), in_values)
    elif isinstance(value, list):
        for item in value:
            yield from texts(item, key, in_values)


def positions(value: Any) -> set[str]:
    """The slide positions and template slide numbers an answer names in its own fields: its
    reasons may say "template slide 7" when it picks slide 7, which invents nothing."""
    found: set[str] = set()
    if isinstance(value, dict):
        for k, v in value.items():
            if k in {"slideIndex", "slideNumber", "pptxSlideNumber"} and isinstance(v, int):
                found |= {str(v), str(v + 1)}
            else:
                found |= positions(v)
    elif isinstance(value, list):
        for item in value:
            found |= positions(item)
    return found


def invented(answer: Any, inputs: Iterable[str], allowed: Iterable[str] = ()) -> set[str]:
    """The numbers in the answer's text found in none of the inputs."""
    known = set(allowed) | positions(answer)
    for text in inputs:
        known |= numbers(text)
    said: set[str] = set()
    for text in texts(answer):
        said |= numbers(text)
    return said - known
