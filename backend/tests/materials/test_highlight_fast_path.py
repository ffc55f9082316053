"""`highlight`'s fast path (text whose characters fold one to one) gives exactly the spans of
the general, character-by-character path, on tricky and random text."""

from __future__ import annotations

import random

import pytest

from slidewright.materials.search import analyzer
from slidewright.materials.search.analyzer import highlight

POOL = [
    *"abcdefghijklmnopqrstuvwxyzABCXYZ0123456789",
    *"     ,.;:!?'\"()*-_/\\\t\n",
    *"人工智能手机市场报告学习东京東京的了",
    *"ＡＩＢ１２",  # fullwidth
    "é",
    "e\u0301",  # decomposed
    "\u0301",  # lone combining mark
    "İ",
    "ß",
    "ﬁ",  # ligature
    "Σ",
    "ς",
    "σ",
    "ｶ",
    "ﾞ",  # halfwidth katakana and voicing mark
    "カ",
    "한",
    "\u1100",
    "\u1161",
    "\u11a8",  # conjoining jamo
    "٣",  # Arabic-Indic digit
    "²",
    "㎏",
    "½",
    "😀",
    "\u00a0",
    "\u200b",
    "ไทย",
    "Ωmega",
    "Café",
    "report",
    "reporting",
    "x" * 70,  # longer than a token
]


def _general(text: str, query: str, monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int]]:
    with monkeypatch.context() as patched:
        patched.setattr(analyzer, "_highlight_one_to_one", lambda text, terms: None)
        return highlight(text, query)


def test_common_text_takes_the_fast_path() -> None:
    terms = analyzer.parse_query("智能 rep")
    assert analyzer._highlight_one_to_one("人工智能 Report, ＡＩ", terms) is not None
    assert analyzer._highlight_one_to_one("cafe\u0301", terms) is None


def test_fast_path_matches_the_general_path(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(42)
    checked = fast = 0
    for _ in range(3000):
        text = "".join(rng.choice(POOL) for _ in range(rng.randint(1, 40)))
        start = rng.randrange(len(text))
        queries = [
            text[start : start + rng.randint(1, 8)],
            f"{rng.choice(POOL)} {text[start : start + 3]}",
            rng.choice(["rep", "report", "智能", "人工智能 rep", "cafe", "ＡＩ", "x" * 64, "東京"]),
        ]
        terms_by_query = {query: analyzer.parse_query(query) for query in queries}
        for query, terms in terms_by_query.items():
            expected = _general(text, query, monkeypatch)
            assert highlight(text, query) == expected, (text, query)
            checked += 1
            fast += terms != [] and analyzer._highlight_one_to_one(text, terms) is not None
    assert fast > checked // 4, "the fast path was hardly exercised"
