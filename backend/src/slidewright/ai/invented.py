"""Nothing invented: the numbers, dates and proper names of a model's answer, checked against
what the model was given.

A model's task input holds everything it may state (the user's materials, the project, the
template, the instruction), so a fact of its answer found nowhere in that input was made up. A
line of text carrying one is dropped; a field left empty falls back to the offline assistant
(`ai.fallback`), which only quotes what it read. What was dropped is reported to the user.

What counts as a fact:
- every number as written (digits, with `1,240` and `1240` one number), years and days of
  dates included;
- month and weekday names (a date in words);
- in Latin script, a capitalised word inside a sentence that is not a common English word
  (`wordfreq`: rarer than about 3 in a million words: "Tencent", "Acme"), and a sentence's
  first word or an all-capitals one rarer still ("Contoso"); a name as common as a word
  ("Apple", "Smith") passes;
- in Chinese, the person, place, organisation and other proper names jieba's tagger finds.
"""

from __future__ import annotations

import contextlib
import logging
import re
import threading
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from wordfreq import zipf_frequency

log = logging.getLogger("slidewright.ai")

# Not glued to a Latin word ("Q3", "v2"); Chinese text runs right up to its numbers.
_NUMBER = re.compile(r"(?<![A-Za-z0-9_.])\d+(?:[.,]\d+)*")
_LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z'’\-]*[A-Za-z]|[A-Za-z]")
_SENTENCE_BREAK = re.compile(r"(?:^|[.!?:;•·\-–—(\[\"“「『]|\d+[.)])\s*$")
_CJK = re.compile(r"[\u4e00-\u9fff]")
_STRUCTURAL = re.compile(
    r"\b(?:slides?|pages?|sections?|parts?|steps?|chapters?|items?|no\.?)\s*\d+\b"
    r"|第\s*\d+\s*[页頁章节節部步项項张張]|^\s*\d+[.)、]\s",
    re.IGNORECASE | re.MULTILINE,
)
_CJK_NAME_TAGS = frozenset({"nr", "nrt", "nrfg", "ns", "nt", "nz"})
_DATE_WORDS = frozenset(
    [
        "january",
        "february",
        "march",
        "april",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
        "jan",
        "feb",
        "mar",
        "apr",
        "jun",
        "jul",
        "aug",
        "sep",
        "sept",
        "oct",
        "nov",
        "dec",
        "monday",
        "tuesday",
        "wednesday",
        "thursday",
        "friday",
        "saturday",
        "sunday",
    ]
)
RARE_CAPITALISED = 3.5  # zipf: more common than this is a word, not a name
RARE_WORD = 2.0  # an all-capitals word or a sentence's first word rarer than this is a name
# Keys that hold identifiers and choices, not text a person reads.
_NOT_TEXT = frozenset(
    {"name", "imageId", "pptxFileId", "op", "path", "materialId", "source", "filename"}
)
_posseg_lock = threading.Lock()


class Known:
    """The facts of a task input: its numbers and its words (case-insensitive)."""

    def __init__(self, texts: Iterable[str], numbers: Iterable[float] = ()) -> None:
        self.numbers: set[float] = {float(n) for n in numbers} | {0.0, 1.0}
        parts: list[str] = []
        for text in texts:
            parts.append(text)
            self.numbers.update(_numbers_in(text))
        self.text = "\n".join(parts).casefold()
        self.words = {_bare(word) for word in _LATIN_WORD.findall(self.text)}

    def has_number(self, value: float) -> bool:
        return value in self.numbers

    def has_name(self, name: str) -> bool:
        folded = _bare(name.casefold())
        return folded in self.words or (not folded.isascii() and folded in self.text)


def _bare(word: str) -> str:
    """A word without its possessive: "Acme's" is Acme."""
    return re.sub(r"['’]s$", "", word)


# An element's capacity is how much fits, told to the model so that it writes to size: no
# figure of the user's. A slide that says "665" because its box holds 665 characters invents it.
_CAPACITY_KEYS = frozenset(
    {
        "maxChars",
        "maxCharsCjk",
        "maxItems",
        "rows",
        "cols",
        "maxRows",
        "maxCols",
        "categories",
        "series",
        "maxCategories",
        "maxSeries",
    }
)


def known_from(data: Any) -> Known:
    """Every string and number in `data` (a task input dumped to plain values), but for the
    capacities of elements."""
    texts: list[str] = []
    numbers: list[float] = []
    _collect(data, texts, numbers)
    return Known(texts, numbers)


def _collect(value: Any, texts: list[str], numbers: list[float]) -> None:
    if isinstance(value, str):
        texts.append(value)
    elif isinstance(value, bool):
        return
    elif isinstance(value, int | float):
        numbers.append(float(value))
    elif isinstance(value, dict):
        for key, item in value.items():
            texts.append(str(key))
            if key in _CAPACITY_KEYS and isinstance(item, int | float):
                continue  # a chart's "series" list is data; its count is a capacity
            _collect(item, texts, numbers)
    elif isinstance(value, list | tuple):
        for item in value:
            _collect(item, texts, numbers)


def _numbers_in(text: str) -> set[float]:
    found: set[float] = set()
    for token in _NUMBER.findall(text):
        for reading in _readings(token):
            found.add(reading)
    return found


def _readings(token: str) -> set[float]:
    """'1,240' is 1240 and '4.2' is 4.2; '1.240' (a European thousands point) and '4,2' (a
    decimal comma) are read both ways."""
    spellings = {token.replace(",", "")}
    if re.fullmatch(r"\d{1,3}(?:\.\d{3})+", token) or token.count(".") > 1:
        spellings.add(token.replace(".", "").replace(",", "."))
    if "," in token and "." not in token and not re.fullmatch(r"\d{1,3}(?:,\d{3})+", token):
        spellings.add(token.replace(",", "."))
    readings = set()
    for spelling in spellings:
        with contextlib.suppress(ValueError):
            readings.add(float(spelling))
    return readings


def unknown_facts(text: str, known: Known) -> list[str]:
    """The facts of `text` found nowhere in what the model was given."""
    counted = _STRUCTURAL.sub(" ", text)  # "slide 6", "第3页": the deck's own numbering
    facts = [
        token
        for token in _NUMBER.findall(counted)
        if not any(known.has_number(value) for value in _readings(token))
    ]
    facts.extend(_latin_names(text, known))
    if _CJK.search(text):
        facts.extend(_cjk_names(text, known))
    return list(dict.fromkeys(facts))


def _latin_names(text: str, known: Known) -> list[str]:
    found = []
    for match in _LATIN_WORD.finditer(text):
        word = _bare(match.group(0))
        if not word[0].isupper() or known.has_name(word):
            continue
        lower = word.casefold()
        if lower in _DATE_WORDS:
            found.append(word)
            continue
        frequency = zipf_frequency(lower, "en")
        # Capitalised where a sentence or a bullet starts: a name only when it is no word.
        if _SENTENCE_BREAK.search(text[: match.start()]) or (word.isupper() and len(word) >= 2):
            if frequency < RARE_WORD:
                found.append(word)
        elif frequency < RARE_CAPITALISED:
            found.append(word)
    return found


@lru_cache(maxsize=1)
def _posseg() -> Any:
    import jieba.posseg

    return jieba.posseg


def _cjk_names(text: str, known: Known) -> list[str]:
    with _posseg_lock:  # jieba's tagger keeps state between words
        pairs = [(pair.word, pair.flag) for pair in _posseg().cut(text)]
    return [
        word
        for word, flag in pairs
        if flag in _CJK_NAME_TAGS and len(word) >= 2 and not known.has_name(word)
    ]


def scrub(answer: Any, known: Known) -> tuple[Any, list[str], list[str]]:
    """`answer` (parsed JSON) without the lines that state unknown facts; those facts; and
    the `name`s of the items (slide elements) whose text was left empty by it.

    A line carrying one is dropped; a text left empty is removed from its object (the field
    then falls back), and a cell of a list keeps its place, emptied (a table keeps its shape).
    """
    dropped: list[str] = []
    emptied: list[str] = []
    cleaned = _scrub(answer, known, dropped, emptied, key=None, owner=None)
    return cleaned, list(dict.fromkeys(dropped)), list(dict.fromkeys(emptied))


_REMOVED = object()


def _scrub(
    value: Any,
    known: Known,
    dropped: list[str],
    emptied: list[str],
    *,
    key: str | None,
    owner: str | None,
) -> Any:
    if isinstance(value, str):
        if key in _NOT_TEXT:
            return value
        lines = value.split("\n")
        kept = []
        for line in lines:
            facts = unknown_facts(line, known)
            if facts:
                dropped.extend(facts)
            else:
                kept.append(line)
        if len(kept) == len(lines):
            return value
        text = "\n".join(kept).strip()
        if not text and owner is not None:
            emptied.append(owner)
        return text if text else _REMOVED
    if isinstance(value, dict):
        name = value.get("name")
        inner_owner = name if isinstance(name, str) else owner
        result = {}
        for field, item in value.items():
            cleaned = _scrub(item, known, dropped, emptied, key=str(field), owner=inner_owner)
            if cleaned is not _REMOVED:
                result[field] = cleaned
        return result
    if isinstance(value, list):
        # A cell of a list is emptied in place, which empties no element's value.
        items = [
            _scrub(
                item,
                known,
                dropped,
                emptied,
                key=key,
                owner=None if isinstance(item, str) else owner,
            )
            for item in value
        ]
        return ["" if item is _REMOVED else item for item in items]
    return value
