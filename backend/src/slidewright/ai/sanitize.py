"""Model output is untrusted: clean it before it becomes a suggestion.

- text: control characters removed, bullet characters the template adds itself removed,
  links other than http, https and mailto removed, cut to the element's capacity;
- pictures: only images the caller may use (own or public gallery images), as their URL;
- tables and charts: coerced to the formData shapes, cut to a sensible size;
- finally `projects.slides.value_fits`, the same check a project update makes.
"""

from __future__ import annotations

import math
import re
from typing import Any

from slidewright.ai import capacity
from slidewright.ai import text as t
from slidewright.ai.tasks import ValueOut
from slidewright.projects import slides as slide_rules

_URL = re.compile(
    r"(?i)\b(?:[a-z][a-z0-9+.\-]{1,30}://[^\s<>\"'）)]*"
    r"|(?:javascript|vbscript|data|file|blob|about|chrome|jar|ms-[a-z\-]+|intent|tel|sms):[^\s<>\"']+)"
)
_SAFE_SCHEMES = ("http://", "https://", "mailto:")
_MAX_TEXT = 20000


def drop_unsafe_links(text: str) -> str:
    def keep(match: re.Match[str]) -> str:
        return match.group(0) if match.group(0).lower().startswith(_SAFE_SCHEMES) else ""

    return _URL.sub(keep, text)


def clean_text(value: str, *, strip_bullets: bool = True, limit: int = _MAX_TEXT) -> str:
    text = t.clean(drop_unsafe_links(value))[:limit]
    lines = text.split("\n")
    if strip_bullets:
        lines = [t.strip_bullet(line) if t.is_bullet(line) else line for line in lines]
    return "\n".join(line for line in lines if line.strip()).strip()


def clean_line(value: str, limit: int = 5000) -> str:
    return t.one_line(drop_unsafe_links(value))[:limit]


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value) if math.isfinite(value) else None


def element_value(
    element: dict[str, Any], raw: ValueOut, visible_image_ids: set[str], image_url: Any
) -> tuple[Any | None, str | None]:
    """(formData value, None) or (None, why it was dropped: 'no_content', 'invalid_value',
    'image_not_in_gallery')."""
    kind = element.get("type")
    value: Any = None
    if kind == "text":
        if raw.text is None:
            return None, "no_content"
        value = capacity.fit_text(clean_text(raw.text), capacity.text_budget(element))
        if not value:
            return None, "no_content"
    elif kind == "picture":
        if not raw.image_id:
            return None, "no_content"
        image_id = slide_rules.image_id_of(raw.image_id.strip())
        if image_id is None or image_id not in visible_image_ids:
            return None, "image_not_in_gallery"
        value = image_url(image_id)
    elif kind == "table":
        if raw.table is None:
            return None, "no_content"
        rows = [[clean_line(str(cell), 500) for cell in row] for row in raw.table.rows]
        rows = capacity.fit_table([row for row in rows if any(row)], capacity.table_budget(element))
        if not rows:
            return None, "no_content"
        value = {"rows": rows}
    elif kind == "chart":
        if raw.chart is None:
            return None, "no_content"
        categories = [clean_line(str(c), 200) for c in raw.chart.categories]
        series = [
            (clean_line(s.name, 200), [_number(v) for v in s.values]) for s in raw.chart.series
        ]
        series = [(name, values) for name, values in series if len(values) == len(categories)]
        categories, series = capacity.fit_chart(categories, series, capacity.chart_budget(element))
        if not categories or not series:
            return None, "no_content"
        value = {
            "categories": categories,
            "series": [{"name": name, "values": values} for name, values in series],
        }
    else:
        return None, "invalid_value"
    if not slide_rules.value_fits(str(kind), value):
        return None, "invalid_value"
    return value, None
