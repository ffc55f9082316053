"""Words people read: the keywords the assistant shows in its reasons ("matching words: 管理层,
关键要点"), with Chinese cut into words by jieba rather than into overlapping character pairs
(pairs cut "管理层" into "管理" and "理层", and "关键要点" into "关键", "键要", "要点").

Ranking that nobody reads (material search, passage scoring) may keep the cheaper bigrams of
`ai.text.keywords`; anything quoted back to a person goes through `words`.
"""

from __future__ import annotations

import logging
import re
import threading
import unicodedata
from functools import lru_cache

import jieba

from slidewright.ai import text as t

_CJK_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
# Function words and the names of slides themselves: never a reason to match.
_CJK_STOPWORDS = t.CJK_STOP_BIGRAMS | frozenset(
    (
        "你们",
        "那个",
        "如果",
        "或者",
        "还是",
        "其中",
        "关于",
        "通过",
        "对于",
        "已经",
        "一页",
        "页面",
        "幻灯片",
    )
)

_lock = threading.Lock()
_ready = False


def _segmenter() -> jieba.Tokenizer:
    """jieba's default tokenizer, built once (it loads its dictionary on first use, ~0.5 s,
    and caches it in the temp folder) and quiet: its start-up messages go to the log."""
    global _ready
    with _lock:
        if not _ready:
            jieba.setLogLevel(logging.WARNING)
            jieba.initialize()
            _ready = True
    return jieba.dt


@lru_cache(maxsize=4096)
def _cjk_words(run: str) -> tuple[str, ...]:
    return tuple(_segmenter().lcut(run, HMM=True))


def words(text: str) -> list[str]:
    """The words of `text` worth quoting, in order, each once: Latin words (lowercased, 2+
    letters, no stopwords) and Chinese words of two or more characters (no function words)."""
    lowered = unicodedata.normalize("NFKC", text).lower()
    found = list(t.keywords(_CJK_RUN.sub(" ", lowered)))
    for run in _CJK_RUN.findall(lowered):
        found.extend(w for w in _cjk_words(run) if len(w) >= 2 and w not in _CJK_STOPWORDS)
    return list(dict.fromkeys(found))


def shared(first: str, second: str) -> list[str]:
    """The words two texts have in common, in the order they come in `first`."""
    theirs = set(words(second))
    return [word for word in words(first) if word in theirs]
