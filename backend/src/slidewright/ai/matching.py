"""Choosing a template slide for a piece of content, without a model: by kind first (chart
content to a chart slide, comparisons to a two-column slide...), then by the words the content
shares with the slide's description, then by capacity. Deterministic: ties go to the lower
slide number."""

from __future__ import annotations

from dataclasses import dataclass

from slidewright.ai import phrases
from slidewright.ai import text as t
from slidewright.ai.classify import PREFERENCES
from slidewright.ai.tasks import TemplateSlideBrief

_TEXT_ROLES = frozenset({"body", "agenda", "text", "summary", "quote"})


def _label_words() -> frozenset[str]:
    """Words of the kind names themselves ('Chart slide', '图表页'...): matching on them would
    only repeat the kind, which is scored on its own."""
    words: set[str] = set()
    for labels in phrases.KIND_LABELS.values():
        for label in labels:
            words.update(t.keywords(label))
    for key in ("agenda_slide", "closing_slide_plain", "title_rest_none"):
        for lang in ("en", "zh-CN", "zh-HK"):
            words.update(t.keywords(phrases.say(key, lang, items="", subtitle="")))
    words.update(("slide", "page", "title", "标题", "题页", "幻灯", "灯片"))
    return frozenset(words)


_LABEL_WORDS = _label_words()


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


def choose(content: str, content_kind: str, slides: list[TemplateSlideBrief]) -> Choice | None:
    """The best template slide for `content` of `content_kind`, or None without slides."""
    if not slides:
        return None
    words = [w for w in t.keywords(content) if w not in _LABEL_WORDS]
    preferences = PREFERENCES.get(content_kind, PREFERENCES["bullets"])
    need = t.width_units(content)
    best: Choice | None = None
    for slide in slides:
        rank = preferences.index(slide.kind) if slide.kind in preferences else len(preferences) + 1
        score = 100.0 - 25 * rank
        shared = sorted(set(words) & set(t.keywords(f"{slide.description} {slide.layout_name}")))
        score += 4 * min(len(shared), 5)
        capacity = _capacity(slide)
        if content_kind in ("bullets", "comparison") and capacity and need > capacity * 1.5:
            score -= 10
        if content_kind not in ("title", "closing") and slide.kind in ("title", "closing"):
            score -= 40
        if not slide.elements:
            score -= 30  # nothing to fill
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
