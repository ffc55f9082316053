"""Figures in business text: each number as written, its value and its unit, and whether it is
a quantity at all.

The offline assistant only plots and quotes quantities it read, and never puts different units
on one chart, so it needs more than a number pattern: '18%' and '£0.6m' and '120' are three
units (percent, pounds in millions, a plain count); '15 December', '2025', 'Q3', 'FY24' and
'12月15日' are dates, years and names, not quantities.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# "may" is a month only as "May" next to a day: "costs may rise 5%" keeps its figure.
_MONTH = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|(?-i:May)|june?|july?|aug(?:ust)?|"
    r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
)
# Spans that are dates or periods: their digits are never quantities.
_DATE_SPANS = re.compile(
    r"\b\d{4}-\d{1,2}-\d{1,2}\b|\b\d{1,2}/\d{1,2}(?:/\d{2,4})?\b|\b\d{1,2}:\d{2}\b"
    rf"|\b\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH}(?:\s*,?\s*\d{{4}})?"
    rf"|\b{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?\b(?:\s*,?\s*\d{{4}})?|\b{_MONTH}\s+\d{{4}}\b"
    r"|\d{4}\s*年(?:\s*\d{1,2}\s*月)?(?:\s*\d{1,2}\s*[日号號])?|\d{1,2}\s*月(?:\s*\d{1,2}\s*[日号號])?"
    r"|第?\s*[1-4一二三四]\s*季度|\b[1-4]\s*(?:st|nd|rd|th)\s+quarter\b",
    re.IGNORECASE,
)
_CURRENCY = r"US\$|HK\$|RMB|CNY|USD|GBP|EUR|[$¥€£]"
_SCALE = r"[kKmMbB](?![A-Za-z])|bn\b|million\b|billion\b|thousand\b|亿|万|千"
_NUMBER = re.compile(
    # Not glued to a Latin word or another number: 'Q3', 'FY24', 'v2', '5G' are names.
    r"(?<![A-Za-z0-9_.,])"
    rf"(?P<sign>[+\-−])?(?P<cur>{_CURRENCY})?\s?"
    r"(?P<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
    rf"(?:\s?(?P<scale>{_SCALE}))?"
    r"(?:\s?(?P<pct>%|％|percent\b|per cent\b|个百分点|百分点|pp\b|percentage points?\b))?"
    r"(?:\s?(?P<money>元|美元|英镑|欧元|港元))?"
    r"(?![A-Za-z0-9]|\.\d)",
    re.IGNORECASE,
)
_YEAR = re.compile(r"^(?:19|20)\d{2}$")
_CURRENCY_NAMES = {
    "us$": "$",
    "usd": "$",
    "hk$": "HK$",
    "rmb": "¥",
    "cny": "¥",
    "gbp": "£",
    "eur": "€",
    "元": "¥",
    "美元": "$",
    "英镑": "£",
    "欧元": "€",
    "港元": "HK$",
}
_SCALES = {
    "k": "k",
    "thousand": "k",
    "千": "k",
    "m": "m",
    "million": "m",
    "b": "bn",
    "bn": "bn",
    "billion": "bn",
    "万": "万",
    "亿": "亿",
}
# A plain count's noun right after it ('45 engineers'): counts of different things differ.
_COUNT_NOUN = re.compile(r"\s*(?:new\s+|more\s+)?([A-Za-z]{3,})|\s*([人名家个位项款次台套份例])")
_UNIT_HINT = re.compile(r"[(（]\s*([^()（）]{1,12}?)\s*[)）]\s*$|(%|％)\s*$")


@dataclass(frozen=True)
class Figure:
    text: str  # as written: '£0.6m', '18%', '1,240'
    value: float
    unit: str  # '%', 'pp', '£m', '$', '¥亿', 'count', 'count:engineers'
    start: int
    end: int


def _unit(match: re.Match[str], after: str) -> str:
    if match.group("pct"):
        pct = match.group("pct").lower()
        return "pp" if pct in ("pp", "百分点", "个百分点") or pct.startswith("percentage") else "%"
    currency = match.group("cur") or match.group("money") or ""
    currency = _CURRENCY_NAMES.get(currency.lower(), currency)
    scale = _SCALES.get((match.group("scale") or "").lower(), "")
    if currency or scale:
        return f"{currency}{scale}"
    noun = _COUNT_NOUN.match(after)
    if noun and noun.group(1):
        word = noun.group(1).lower()
        return f"count:{word[:-1] if word.endswith('s') else word}"
    return f"count:{noun.group(2)}" if noun else "count"


def _value(match: re.Match[str]) -> float:
    value = float(match.group("num").replace(",", ""))
    return -value if match.group("sign") in ("-", "−") else value


def figures_in(text: str) -> list[Figure]:
    """The quantities in `text`, in order: no dates, years, periods or names."""
    blocked = [(m.start(), m.end()) for m in _DATE_SPANS.finditer(text)]
    found = []
    for match in _NUMBER.finditer(text):
        if any(start <= match.start("num") < end for start, end in blocked):
            continue
        bare = not any(match.group(g) for g in ("cur", "scale", "pct", "money", "sign"))
        if bare and _YEAR.match(match.group("num")):
            continue
        found.append(
            Figure(
                text=match.group(0).strip(),
                value=_value(match),
                unit=_unit(match, text[match.end() :]),
                start=match.start(),
                end=match.end(),
            )
        )
    return found


def years_in(text: str) -> list[str]:
    return [m.group(0) for m in re.finditer(r"(?<!\d)(?:19|20)\d{2}(?!\d)", text)]


def is_date_or_period(text: str) -> bool:
    """Whether `text` (a table cell, a label) is a date, a year or a period like 'Q3'."""
    stripped = text.strip()
    if _YEAR.match(stripped) or re.fullmatch(
        r"(?:FY|H|Q)\s?\d{1,4}(?:\s?\d{2,4})?", stripped, re.I
    ):
        return True
    match = _DATE_SPANS.search(stripped)
    return match is not None and match.group(0).strip() == stripped


def unit_hint(label: str) -> str | None:
    """The unit a table header or row label declares: 'Revenue (£m)' -> '£m', 'Margin (%)' ->
    '%', '营收（万元）' -> '¥万'. None when it declares none."""
    match = _UNIT_HINT.search(label.strip())
    if match is None:
        return None
    inner = (match.group(1) or match.group(2) or "").strip()
    # Put a number where it belongs ('£m' -> '£1m') and read its unit like any figure's.
    parts = re.match(rf"({_CURRENCY})?\s*(.*)$", inner, re.IGNORECASE)
    currency, rest = (parts.group(1) or "", parts.group(2)) if parts else ("", inner)
    probe = figures_in(f"{currency}1{rest}")
    if probe and probe[0].unit != "count" and not probe[0].unit.startswith("count:"):
        return probe[0].unit
    return None


def sole_figure(cell: str) -> Figure | None:
    """The figure a table cell holds when it holds nothing else (signs and footnote marks
    aside)."""
    found = figures_in(cell)
    if len(found) != 1:
        return None
    rest = (cell[: found[0].start] + cell[found[0].end :]).strip(" *†‡~≈")
    return found[0] if not rest else None


def same_number(a: float, b: float) -> bool:
    return abs(a - b) <= 1e-9 * max(1.0, abs(a), abs(b))
