"""Small, deterministic text tools shared by the AI layer: scripts, sentences, keywords, cuts.

Everything here is pure and language-aware in the cheap way: CJK characters are recognised by
code point, sentences end at Latin or CJK punctuation, keywords are Latin words plus CJK
bigrams (the same idea as the search analyzer, kept local so the AI layer does not depend on
the materials domain's internals).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence

_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]")
_CJK_RUN = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]+")
_LATIN_WORD = re.compile(r"[a-z0-9][a-z0-9'+\-.]*[a-z0-9+]|[a-z0-9]")
# Latin: after . ! ? ; and a space. CJK: after 。！？； (and any closing quote after them).
_SENTENCE_END = re.compile(
    r"(?<=[.!?;])\s+(?=\S)|(?<=[。！？；])(?![”」』\"’])|(?<=[。！？；][”」』\"’])"
)
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
_SPACES = re.compile(r"[ \t\u3000]+")

STOPWORDS = frozenset(
    [
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "but",
        "by",
        "for",
        "from",
        "has",
        "have",
        "in",
        "into",
        "is",
        "it",
        "its",
        "of",
        "on",
        "or",
        "our",
        "that",
        "the",
        "their",
        "this",
        "to",
        "was",
        "we",
        "were",
        "will",
        "with",
        "you",
        "your",
        "about",
        "after",
        "all",
        "also",
        "can",
        "more",
        "most",
        "not",
        "than",
        "then",
        "there",
        "these",
        "they",
        "those",
        "what",
        "when",
        "which",
        "who",
        "how",
        "why",
        "slide",
        "slides",
        "page",
    ]
)
CJK_STOP_BIGRAMS = frozenset(
    (
        "我们",
        "这个",
        "一个",
        "以及",
        "进行",
        "可以",
        "没有",
        "就是",
        "不是",
        "他们",
        "什么",
        "因为",
        "所以",
    )
)


def has_cjk(text: str) -> bool:
    return _CJK.search(text) is not None


def cjk_count(text: str) -> int:
    return len(_CJK.findall(text))


def is_mostly_cjk(text: str) -> bool:
    letters = sum(1 for ch in text if ch.isalpha())
    return letters > 0 and cjk_count(text) * 2 >= letters


def clean(text: str) -> str:
    """Control characters removed, runs of spaces collapsed on each line, lines stripped,
    blank lines collapsed to one."""
    text = unicodedata.normalize("NFC", text.replace("\r\n", "\n").replace("\r", "\n"))
    lines = [_SPACES.sub(" ", _CONTROL.sub("", line)).strip() for line in text.split("\n")]
    out: list[str] = []
    for line in lines:
        if line or (out and out[-1]):
            out.append(line)
    return "\n".join(out).strip()


def one_line(text: str) -> str:
    return " ".join(clean(text).split())


def sentences(text: str) -> list[str]:
    """Sentences of a paragraph (Latin or CJK punctuation), stripped, non-empty."""
    parts: list[str] = []
    for line in clean(text).split("\n"):
        for piece in _SENTENCE_END.split(line):
            piece = piece.strip()
            if piece:
                parts.append(piece)
    return parts


def keywords(text: str) -> list[str]:
    """Latin words (lowercased, 2+ characters, no stopwords) and CJK bigrams, in order."""
    lowered = unicodedata.normalize("NFKC", text).lower()
    tokens: list[str] = []
    for word in _LATIN_WORD.findall(_CJK_RUN.sub(" ", lowered)):
        word = word.strip("'.-")
        if len(word) >= 2 and word not in STOPWORDS:
            tokens.append(word)
    for run in _CJK_RUN.findall(lowered):
        if len(run) == 1:
            continue
        tokens.extend(
            run[i : i + 2] for i in range(len(run) - 1) if run[i : i + 2] not in CJK_STOP_BIGRAMS
        )
    return tokens


def overlap(query: Iterable[str], document: Iterable[str]) -> int:
    """How many distinct query keywords occur in the document's keywords."""
    return len(set(query) & set(document))


def width_units(text: str, cjk_weight: float = 2.0) -> float:
    """Length in Latin-character units: a CJK (or other wide) character counts `cjk_weight`."""
    total = 0.0
    for ch in text:
        if ch == "\n":
            continue
        total += cjk_weight if unicodedata.east_asian_width(ch) in ("W", "F") else 1.0
    return total


def cut(text: str, limit_units: float, cjk_weight: float = 2.0) -> str:
    """`text` (one paragraph) cut to `limit_units`, at a sentence end when one is close, else at
    a word boundary (Latin) or anywhere (CJK), with an ellipsis when something was dropped."""
    text = text.strip()
    if width_units(text, cjk_weight) <= limit_units:
        return text
    if limit_units < 2:
        return ""
    text = text.rstrip("…").rstrip()
    room = limit_units - 1  # for the ellipsis
    used = 0.0
    end = 0
    for index, ch in enumerate(text):
        used += cjk_weight if unicodedata.east_asian_width(ch) in ("W", "F") else 1.0
        if used > room:
            break
        end = index + 1
    head = text[:end]
    # A sentence end past a third of the kept text: stop there, whole sentences read better.
    for mark in ("。", "！", "？", ". ", "! ", "? ", "；", "; "):
        position = head.rfind(mark)
        if position >= len(head) * 0.33:
            return head[: position + len(mark.strip())].strip()
    # Else a clause boundary in the second half (a title reads better whole-claused).
    for mark in ("：", ": ", "，", ", ", "、", " — ", "——"):
        position = head.rfind(mark)
        if position >= len(head) * 0.5:
            return head[:position].strip()
    if not has_cjk(head[-1:]) and end < len(text) and not text[end].isspace():
        space = head.rfind(" ")
        if space >= len(head) * 0.5:
            head = head[:space]
    return head.rstrip(" ,;:，、；：-—") + "…"


def first_sentence(text: str) -> str:
    found = sentences(text)
    return found[0] if found else ""


def strip_end_punctuation(text: str) -> str:
    return text.strip().rstrip(".。!！?？;；:：,，、 ")


def dedupe(items: Sequence[str]) -> list[str]:
    seen: set[str] = set()
    out = []
    for item in items:
        key = strip_end_punctuation(one_line(item)).casefold()
        if key and key not in seen:
            seen.add(key)
            out.append(item)
    return out


def joiner_for(texts: Sequence[str]) -> str:
    """'；' between Chinese items, '; ' between others."""
    return "；" if any(is_mostly_cjk(t) for t in texts) else "; "


_BULLET = re.compile(r"^\s*(?:[-*•·▪●◦‣]|\d{1,2}[.)、]|[（(]\d{1,2}[)）])\s+")


def strip_bullet(line: str) -> str:
    return _BULLET.sub("", line, count=1).strip()


def is_bullet(line: str) -> bool:
    return _BULLET.match(line) is not None


# Numbers as people write them in business text: 32%, +12.5%, $4.5M, 1,200, 3.2亿, 45万.
NUMBER = re.compile(
    r"[+\-−]?[$¥€£]?\d{1,3}(?:,\d{3})+(?:\.\d+)?%?|[+\-−]?[$¥€£]?\d+(?:\.\d+)?"
    r"(?:\s?(?:%|percent|百分点|[kKmMbB](?![a-z])|bn|亿|万|千|百万|元|美元|人|家|个))?"
)
YEAR = re.compile(r"^(?:19|20)\d{2}$")


def numbers_in(text: str) -> list[str]:
    return [m.group(0).strip() for m in NUMBER.finditer(text)]


def to_float(token: str) -> float | None:
    """The numeric value of a number token ('$4.5M' -> 4.5, '1,200' -> 1200, '32%' -> 32)."""
    match = re.search(r"\d[\d,]*(?:\.\d+)?", token)
    if match is None:
        return None
    try:
        value = float(match.group(0).replace(",", ""))
    except ValueError:
        return None
    if token.strip().startswith(("-", "−")):
        value = -value
    return value
