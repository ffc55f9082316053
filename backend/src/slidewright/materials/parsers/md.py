"""Markdown materials: readable text from markdown-it tokens, with the structure kept.

Headings keep their '#' markers on their own line (the offline outline looks for them), list
items become '- ' / 'N. ' lines indented by nesting, tables become 'a | b' rows, fenced and
indented code is kept inside ``` fences (so a '# comment' in code never looks like a heading),
links and images keep their text, and HTML is reduced to its text (no tag survives).
"""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Final

from markdown_it import MarkdownIt
from markdown_it.token import Token

from slidewright.materials.parsers.txt import decode_text

_INDENT: Final = "  "


def _markdown() -> MarkdownIt:
    # CommonMark plus GFM tables and strikethrough; raw HTML is parsed as tokens and dropped.
    return MarkdownIt("commonmark").enable(["table", "strikethrough"])


_MD: Final = _markdown()


class _HtmlText(HTMLParser):
    """Collects the text of an HTML fragment, without script and style contents."""

    _SKIP: Final = frozenset({"script", "style", "template"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._skipping = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self._SKIP:
            self._skipping += 1
        elif tag in ("br", "p", "div", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6"):
            self.parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in self._SKIP and self._skipping:
            self._skipping -= 1

    def handle_data(self, data: str) -> None:
        if not self._skipping:
            self.parts.append(data)


def html_to_text(fragment: str) -> str:
    parser = _HtmlText()
    parser.feed(fragment)
    parser.close()
    lines = (" ".join(line.split()) for line in "".join(parser.parts).splitlines())
    return "\n".join(line for line in lines if line)


def _inline_text(token: Token) -> str:
    parts: list[str] = []
    for child in token.children or []:
        if child.type in ("text", "code_inline", "image"):
            parts.append(child.content)  # an image's content is its alt text
        elif child.type in ("softbreak", "hardbreak"):
            parts.append("\n")
    return "".join(parts).strip()


class _Writer:
    """Turns the flat token stream into lines, tracking lists and tables."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.lists: list[str] = []  # '-' for bullet lists, '' for ordered ones
        self.item_prefix: str | None = None  # marker waiting for the item's first line
        self.heading = 0
        self.cells: list[str] | None = None

    def block_start(self, token: Token) -> None:
        if token.level == 0 and self.lines and self.lines[-1]:
            self.lines.append("")  # blank line between top-level blocks

    def emit(self, text: str) -> None:
        indent = _INDENT * max(0, len(self.lists) - 1)
        prefix = self.item_prefix or ""
        self.item_prefix = None
        lines = text.split("\n")
        self.lines.append(indent + prefix + lines[0])
        rest_indent = indent + " " * len(prefix)
        self.lines.extend(rest_indent + line if line else "" for line in lines[1:])

    def feed(self, token: Token) -> None:
        kind = token.type
        if kind.endswith("_open") or kind in ("fence", "code_block", "html_block"):
            self.block_start(token)
        if kind == "heading_open":
            self.heading = int(token.tag[1:])
        elif kind == "heading_close":
            self.heading = 0
        elif kind == "bullet_list_open":
            self.lists.append("-")
        elif kind == "ordered_list_open":
            self.lists.append("")
        elif kind in ("bullet_list_close", "ordered_list_close"):
            self.lists.pop()
        elif kind == "list_item_open":
            marker = "-" if self.lists and self.lists[-1] == "-" else f"{token.info}{token.markup}"
            self.item_prefix = marker + " "
        elif kind == "list_item_close" and self.item_prefix is not None:
            self.emit("")  # an empty item still shows its marker
        elif kind == "tr_open":
            self.cells = []
        elif kind == "tr_close" and self.cells is not None:
            self.emit(" | ".join(self.cells))
            self.cells = None
        elif kind == "inline":
            self.inline(token)
        elif kind in ("fence", "code_block"):
            code = token.content.rstrip("\n")
            self.emit(f"```{token.info.strip()}\n{code}\n```")
        elif kind == "html_block":
            text = html_to_text(token.content)
            if text:
                self.emit(text)

    def inline(self, token: Token) -> None:
        text = _inline_text(token)
        if self.cells is not None:
            self.cells.append(" ".join(text.split()))
        elif self.heading:
            self.emit("#" * self.heading + " " + " ".join(text.split()))
        elif text:
            self.emit(text)


def markdown_to_text(source: str) -> str:
    writer = _Writer()
    for token in _MD.parse(source):
        writer.feed(token)
    return "\n".join(writer.lines).strip("\n")


def parse_md(data: bytes) -> str:
    """The text of a .md material (decoded like a .txt file first)."""
    return markdown_to_text(decode_text(data))
