"""Choosing a template slide for a piece of content, without a model: by kind first (chart
content to a chart slide, comparisons to a two-column slide...), then by the words the content
shares with the slide's description, then by capacity, then by variety (a slide already used
in the deck gives way to an equally good one, as a designer would alternate a template's
content layouts). Deterministic: ties go to the lower slide number.

A content slide never lands on a title or closing slide while the template has another kind:
those slides hold a title and a line, and the content would be lost."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from slidewright.ai import phrases, words
from slidewright.ai import text as t
from slidewright.ai.classify import PREFERENCES
from slidewright.ai.tasks import TemplateSlideBrief

_TEXT_ROLES = frozenset({"body", "agenda", "text", "summary", "quote"})
_COVER_KINDS = frozenset({"title", "closing"})
# Below one step of kind preference (25): reuse only breaks ties between equally good slides.
_REUSE_PENALTY = 6
_MAX_REUSE_PENALTY = 18


def _label_words() -> frozenset[str]:
    """Words of the kind names themselves ('Chart slide', '图表页'...): matching on them would
    only repeat the kind, which is scored on its own."""
    found: set[str] = set()
    for labels in phrases.KIND_LABELS.values():
        for label in labels:
            found.update(words.words(label))
    for key in ("agenda_slide", "closing_slide_plain", "title_rest_none"):
        for lang in ("en", "zh-CN", "zh-HK"):
            found.update(words.words(phrases.say(key, lang, items="", subtitle="")))
    found.update(("slide", "page", "title", "标题", "幻灯片", "页面", "内容"))
    return frozenset(found)


_LABEL_WORDS: frozenset[str] | None = None


def _labels() -> frozenset[str]:
    global _LABEL_WORDS
    if _LABEL_WORDS is None:  # built on first use: the segmenter loads its dictionary then
        _LABEL_WORDS = _label_words()
    return _LABEL_WORDS


@dataclass(frozen=True)
class Choice:
    slide_number: int
    kind: str
    score: float
    words: tuple[str, ...]


def _capacity(slide: TemplateSlideBrief) -> int:
    return sum(
        e.max_chars or 0 for e in slide.elements if e.type == "text" and e.role in _TEXT_ROLES
    )


def choose(
    content: str,
    content_kind: str,
    slides: list[TemplateSlideBrief],
    used: Mapping[int, int] | None = None,
) -> Choice | None:
    """The best template slide for `content` of `content_kind`, or None without slides.
    `used`: how often each template slide number is already used in the deck."""
    if not slides:
        return None
    labels = _labels()
    wanted = [w for w in words.words(content) if w not in labels]
    preferences = PREFERENCES.get(content_kind, PREFERENCES["bullets"])
    need = t.width_units(content)
    # Cover slides only for content that may stand on one (a section divider may).
    barred = _COVER_KINDS - set(preferences)
    candidates = [s for s in slides if s.kind not in barred] or slides
    best: Choice | None = None
    for slide in candidates:
        rank = preferences.index(slide.kind) if slide.kind in preferences else len(preferences) + 1
        score = 100.0 - 25 * rank
        theirs = set(words.words(f"{slide.description} {slide.layout_name}"))
        shared = [w for w in wanted if w in theirs]
        score += 4 * min(len(shared), 5)
        capacity = _capacity(slide)
        if content_kind in ("bullets", "comparison") and capacity and need > capacity * 1.5:
            score -= 10
        if not slide.elements:
            score -= 30  # nothing to fill
        if used:
            score -= min(_REUSE_PENALTY * used.get(slide.slide_number, 0), _MAX_REUSE_PENALTY)
        choice = Choice(slide.slide_number, slide.kind, score, tuple(shared[:3]))
        if best is None or choice.score > best.score:
            best = choice
    return best


def reason(choice: Choice, content_kind: str, lang: str) -> str:
    text = phrases.say(
        "reason_choice",
        lang,
        why=phrases.say(f"why_{content_kind}", lang),
        number=choice.slide_number,
        kind=phrases.kind_label(choice.kind, lang),
    )
    if choice.words:
        listed = ", ".join(choice.words) if lang == "en" else "、".join(choice.words)
        text += phrases.say("reason_words", lang, words=listed)
    return text
