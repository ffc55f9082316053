"""Hyperlinks in text values: markdown-style `[label](url)`, and the schemes we allow.

Only http, https and mailto links are written into a deck. A `javascript:`, `file:` or
`ppaction:` link in a value (from an AI answer or a pasted document) would run or open
something on the audience's machine when clicked, so it is dropped and its label kept.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import urlsplit

ALLOWED_SCHEMES = frozenset({"http", "https", "mailto"})
MAX_URL_CHARS = 2048

# A label without brackets or newlines, then a URL without spaces or parentheses.
_MARKDOWN_LINK = re.compile(r"\[([^\[\]\n]+)\]\(([^()\s]+)\)")
_UNSAFE_CHARS = re.compile(r"[\x00-\x20\x7f<>\"\\^`{|}]")


@dataclass(frozen=True)
class Segment:
    text: str
    link: str | None = None


def safe_link(url: str | None) -> str | None:
    """`url` when it is an allowed, well-formed link; otherwise None."""
    if not url:
        return None
    url = url.strip()
    if len(url) > MAX_URL_CHARS or _UNSAFE_CHARS.search(url):
        return None
    try:
        parts = urlsplit(url)
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    if scheme not in ALLOWED_SCHEMES:
        return None
    if scheme in ("http", "https") and not parts.hostname:
        return None
    if scheme == "mailto" and not parts.path:
        return None
    return url


def split_links(text: str, whole_link: str | None = None) -> tuple[list[Segment], int]:
    """The text cut into plain and linked segments, and how many links were dropped.

    With `whole_link` every segment links there (when allowed) and markdown is not parsed.
    """
    if whole_link is not None:
        link = safe_link(whole_link)
        return [Segment(text, link)], 0 if link else 1
    segments: list[Segment] = []
    dropped = 0
    position = 0
    for match in _MARKDOWN_LINK.finditer(text):
        if match.start() > position:
            segments.append(Segment(text[position : match.start()]))
        link = safe_link(match.group(2))
        if link is None:
            dropped += 1
        segments.append(Segment(match.group(1), link))
        position = match.end()
    if position < len(text):
        segments.append(Segment(text[position:]))
    return segments, dropped
