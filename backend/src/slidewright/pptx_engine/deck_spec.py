"""What the writer is asked to build: the deck spec, as frozen dataclasses, and its JSON form.

A deck spec is an ordered list of slides; each names the template slide it copies (1-based),
the values of its elements by element name (the names `reader` reports), the names to leave
exactly as in the template, and optional speaker notes. The web layer builds it from a project
(resolving gallery images to bytes); the CLI reads it from JSON with `DeckSpec.from_json`.

The JSON shape (documented for users in docs/deck-json.md):

    {"lang": "en" | "zh-CN" | "zh-HK",
     "removeUnfilledSampleText": false,
     "slides": [{"templateSlide": 1,
                 "values": {"Title": "text, newlines are paragraphs",
                            "Link": {"text": "Our site", "link": "https://example.com"},
                            "Picture": {"image": "photo.jpg" | "data:image/png;base64,...",
                                        "alt": "optional alt text"},
                            "Table": {"rows": [["Header", ...], ["cell", ...]]},
                            "Chart": {"categories": ["Q1", ...],
                                      "series": [{"name": "2025", "values": [1.5, null]}]}},
                 "locked": ["Logo"],
                 "notes": "speaker notes"}]}

Validation is strict about shapes and types (a clear `invalid_deck_spec` message naming the
JSON path) and leaves template-dependent checks (does the element exist, is it a table) to the
writer, which reports them as warnings: a template can change under a saved project.
"""

from __future__ import annotations

import base64
import binascii
import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, cast

from slidewright.pptx_engine.errors import PptxEngineError

Lang = Literal["en", "zh-CN", "zh-HK"]
LANGS: tuple[Lang, ...] = ("en", "zh-CN", "zh-HK")

# Limits keep one request from building an unbounded file; far above any real deck.
MAX_SLIDES = 1000
MAX_TEXT_CHARS = 50_000
MAX_TABLE_ROWS = 200
MAX_TABLE_COLS = 50
MAX_CHART_CATEGORIES = 1000
MAX_CHART_SERIES = 50
MAX_IMAGE_BYTES = 50 * 1024 * 1024
MAX_LINK_CHARS = 2048


class DeckSpecError(PptxEngineError):
    """The deck spec is malformed: wrong shape, wrong type, out of limits, unreadable image."""

    code = "invalid_deck_spec"


# -- values ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TextValue:
    """Text for a text element: lines separated by newlines become paragraphs.

    Markdown-style links `[label](https://...)` inside `text` become hyperlinked runs; `link`,
    when given, links the whole text. Only http, https and mailto links are written; any other
    link is dropped and its label kept (see `links.py`).
    """

    text: str
    link: str | None = None


@dataclass(frozen=True)
class PictureValue:
    """Image bytes (PNG, JPEG, GIF, BMP, TIFF; anything else Pillow opens is re-encoded)."""

    data: bytes
    alt: str | None = None


@dataclass(frozen=True)
class TableValue:
    """Cell texts, row by row; the first row is the header. Rows are padded to equal length."""

    rows: tuple[tuple[str, ...], ...]

    @property
    def row_count(self) -> int:
        return len(self.rows)

    @property
    def col_count(self) -> int:
        return max((len(row) for row in self.rows), default=0)


@dataclass(frozen=True)
class ChartSeries:
    name: str
    values: tuple[float | None, ...]


@dataclass(frozen=True)
class ChartValue:
    categories: tuple[str, ...]
    series: tuple[ChartSeries, ...]


Value = TextValue | PictureValue | TableValue | ChartValue


@dataclass(frozen=True)
class SlideSpec:
    template_slide: int  # 1-based, in the template's slide order
    values: Mapping[str, Value] = field(default_factory=dict)
    locked: frozenset[str] = frozenset()
    notes: str | None = None  # None keeps the template slide's own notes


@dataclass(frozen=True)
class DeckSpec:
    slides: tuple[SlideSpec, ...]
    lang: Lang = "en"
    remove_unfilled_sample_text: bool = False

    @classmethod
    def from_json(
        cls,
        data: Any,
        *,
        base_dir: Path | None = None,
        image_loader: Callable[[str], bytes] | None = None,
    ) -> DeckSpec:
        """Parse the JSON form (already decoded) into a DeckSpec, or raise DeckSpecError.

        A picture's `image` is a `data:` URL or, when `base_dir` is given, a file path relative
        to it (the CLI passes the deck JSON's folder). `image_loader`, when given, resolves every
        other `image` string (the web layer's gallery references); the engine never fetches URLs.
        """
        return _Parser(base_dir, image_loader).deck(data)


# -- parsing -----------------------------------------------------------------------------------

_DATA_URL = re.compile(
    r"^data:(?P<mime>[\w.+-]+/[\w.+-]+)?(?P<params>(;[^;,]*)*),(?P<data>.*)$", re.S
)


class _Parser:
    def __init__(self, base_dir: Path | None, image_loader: Callable[[str], bytes] | None) -> None:
        self._base_dir = base_dir
        self._image_loader = image_loader

    def deck(self, data: Any) -> DeckSpec:
        if not isinstance(data, Mapping):
            raise DeckSpecError("The deck spec must be a JSON object with a 'slides' list.")
        _no_unknown_keys(data, {"slides", "lang", "removeUnfilledSampleText"}, "")
        lang = data.get("lang", "en")
        if lang not in LANGS:
            raise DeckSpecError(f"lang: expected one of {', '.join(LANGS)}, got {lang!r}.")
        remove = data.get("removeUnfilledSampleText", False)
        if not isinstance(remove, bool):
            raise DeckSpecError("removeUnfilledSampleText: expected true or false.")
        slides = data.get("slides")
        if not isinstance(slides, list):
            raise DeckSpecError("slides: expected a list of slides.")
        if len(slides) > MAX_SLIDES:
            raise DeckSpecError(f"slides: at most {MAX_SLIDES} slides, got {len(slides)}.")
        return DeckSpec(
            slides=tuple(self.slide(slide, f"slides[{i}]") for i, slide in enumerate(slides)),
            lang=cast(Lang, lang),
            remove_unfilled_sample_text=remove,
        )

    def slide(self, data: Any, where: str) -> SlideSpec:
        if not isinstance(data, Mapping):
            raise DeckSpecError(f"{where}: expected an object with 'templateSlide'.")
        _no_unknown_keys(data, {"templateSlide", "values", "locked", "notes"}, where)
        number = data.get("templateSlide")
        if isinstance(number, bool) or not isinstance(number, int) or number < 1:
            raise DeckSpecError(f"{where}.templateSlide: expected a slide number (1 or more).")
        values = data.get("values", {})
        if not isinstance(values, Mapping):
            raise DeckSpecError(f"{where}.values: expected an object of element name -> value.")
        locked = data.get("locked", [])
        if not isinstance(locked, list) or not all(isinstance(n, str) for n in locked):
            raise DeckSpecError(f"{where}.locked: expected a list of element names.")
        notes = data.get("notes")
        if notes is not None:
            notes = _text(notes, f"{where}.notes")
        return SlideSpec(
            template_slide=number,
            values={
                str(name): self.value(value, f"{where}.values[{name!r}]")
                for name, value in values.items()
            },
            locked=frozenset(locked),
            notes=notes,
        )

    def value(self, data: Any, where: str) -> Value:
        if isinstance(data, str):
            return TextValue(_text(data, where))
        if not isinstance(data, Mapping):
            raise DeckSpecError(
                f"{where}: expected text, or an object with 'text', 'image', 'rows' or "
                "'categories'."
            )
        if "rows" in data:
            return _table(data, where)
        if "categories" in data or "series" in data:
            return _chart(data, where)
        if "image" in data:
            _no_unknown_keys(data, {"image", "alt"}, where)
            alt = data.get("alt")
            return PictureValue(
                self.image(data["image"], f"{where}.image"),
                None if alt is None else _text(alt, f"{where}.alt"),
            )
        if "text" in data:
            _no_unknown_keys(data, {"text", "link"}, where)
            link = data.get("link")
            if link is not None and (not isinstance(link, str) or len(link) > MAX_LINK_CHARS):
                raise DeckSpecError(
                    f"{where}.link: expected a URL of at most {MAX_LINK_CHARS} chars."
                )
            return TextValue(_text(data["text"], f"{where}.text"), link)
        raise DeckSpecError(
            f"{where}: expected text, or an object with 'text', 'image', 'rows' or 'categories'."
        )

    def image(self, source: Any, where: str) -> bytes:
        if isinstance(source, bytes | bytearray):
            return _sized(bytes(source), where)
        if not isinstance(source, str) or not source:
            raise DeckSpecError(f"{where}: expected a file path or a data: URL.")
        if source.startswith("data:"):
            return _sized(_decode_data_url(source, where), where)
        if self._image_loader is not None:
            try:
                return _sized(self._image_loader(source), where)
            except DeckSpecError:
                raise
            except Exception as exc:
                raise DeckSpecError(f"{where}: cannot load image {source!r}: {exc}") from exc
        if "://" in source:
            raise DeckSpecError(f"{where}: images are files or data: URLs; URLs are not fetched.")
        if self._base_dir is None:
            raise DeckSpecError(f"{where}: image files need a base folder (use a data: URL).")
        path = self._base_dir / source
        try:
            if path.stat().st_size > MAX_IMAGE_BYTES:
                raise DeckSpecError(f"{where}: image larger than {MAX_IMAGE_BYTES // 2**20} MB.")
            return path.read_bytes()
        except OSError as exc:
            raise DeckSpecError(f"{where}: cannot read {source}: {exc.strerror or exc}") from exc


def _no_unknown_keys(data: Mapping[str, Any], allowed: set[str], where: str) -> None:
    unknown = sorted(str(key) for key in data if key not in allowed)
    if unknown:
        prefix = f"{where}: " if where else ""
        raise DeckSpecError(
            f"{prefix}unknown key {unknown[0]!r} (expected {', '.join(sorted(allowed))})."
        )


def _text(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise DeckSpecError(f"{where}: expected a string.")
    if len(value) > MAX_TEXT_CHARS:
        raise DeckSpecError(f"{where}: text longer than {MAX_TEXT_CHARS} characters.")
    return value


def _cell(value: Any, where: str) -> str:
    """A table cell: text, or a number / null for convenience (JSON tables often hold numbers)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        raise DeckSpecError(f"{where}: expected text or a number.")
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise DeckSpecError(f"{where}: expected a finite number.")
        return str(int(value)) if value.is_integer() else repr(value)
    return _text(value, where)


def _table(data: Mapping[str, Any], where: str) -> TableValue:
    _no_unknown_keys(data, {"rows"}, where)
    rows = data["rows"]
    if not isinstance(rows, list) or not rows or not all(isinstance(r, list) for r in rows):
        raise DeckSpecError(f"{where}.rows: expected a non-empty list of rows (lists of cells).")
    if len(rows) > MAX_TABLE_ROWS:
        raise DeckSpecError(f"{where}.rows: at most {MAX_TABLE_ROWS} rows, got {len(rows)}.")
    width = max(len(row) for row in rows)
    if width == 0:
        raise DeckSpecError(f"{where}.rows: a table needs at least one column.")
    if width > MAX_TABLE_COLS:
        raise DeckSpecError(f"{where}.rows: at most {MAX_TABLE_COLS} columns, got {width}.")
    return TableValue(
        tuple(
            tuple(_cell(cell, f"{where}.rows[{r}][{c}]") for c, cell in enumerate(row))
            + ("",) * (width - len(row))
            for r, row in enumerate(rows)
        )
    )


def _number(value: Any, where: str) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise DeckSpecError(f"{where}: expected a number or null.")
    number = float(value)
    if not math.isfinite(number):
        raise DeckSpecError(f"{where}: expected a finite number.")
    return number


def _chart(data: Mapping[str, Any], where: str) -> ChartValue:
    _no_unknown_keys(data, {"categories", "series"}, where)
    categories = data.get("categories")
    if not isinstance(categories, list) or not categories:
        raise DeckSpecError(f"{where}.categories: expected a non-empty list of labels.")
    if len(categories) > MAX_CHART_CATEGORIES:
        raise DeckSpecError(f"{where}.categories: at most {MAX_CHART_CATEGORIES} categories.")
    series = data.get("series")
    if not isinstance(series, list) or not series:
        raise DeckSpecError(f"{where}.series: expected a non-empty list of series.")
    if len(series) > MAX_CHART_SERIES:
        raise DeckSpecError(f"{where}.series: at most {MAX_CHART_SERIES} series.")
    parsed: list[ChartSeries] = []
    for index, item in enumerate(series):
        at = f"{where}.series[{index}]"
        if not isinstance(item, Mapping):
            raise DeckSpecError(f"{at}: expected an object with 'name' and 'values'.")
        _no_unknown_keys(item, {"name", "values"}, at)
        values = item.get("values")
        if not isinstance(values, list):
            raise DeckSpecError(f"{at}.values: expected a list of numbers (null for a gap).")
        parsed.append(
            ChartSeries(
                name=_cell(item.get("name", ""), f"{at}.name"),
                values=tuple(_number(v, f"{at}.values[{i}]") for i, v in enumerate(values)),
            )
        )
    return ChartValue(
        categories=tuple(_cell(c, f"{where}.categories[{i}]") for i, c in enumerate(categories)),
        series=tuple(parsed),
    )


def _decode_data_url(url: str, where: str) -> bytes:
    match = _DATA_URL.match(url)
    if match is None:
        raise DeckSpecError(f"{where}: malformed data: URL.")
    payload = match.group("data")
    if ";base64" not in (match.group("params") or ""):
        raise DeckSpecError(f"{where}: a data: URL image must be base64-encoded.")
    if len(payload) > MAX_IMAGE_BYTES * 4 // 3 + 4:
        raise DeckSpecError(f"{where}: image larger than {MAX_IMAGE_BYTES // 2**20} MB.")
    try:
        return base64.b64decode("".join(payload.split()), validate=True)
    except (binascii.Error, ValueError) as exc:
        raise DeckSpecError(f"{where}: the data: URL is not valid base64.") from exc


def _sized(data: bytes, where: str) -> bytes:
    if not data:
        raise DeckSpecError(f"{where}: the image is empty.")
    if len(data) > MAX_IMAGE_BYTES:
        raise DeckSpecError(f"{where}: image larger than {MAX_IMAGE_BYTES // 2**20} MB.")
    return data
