"""Offline template descriptions, from each slide's kind, elements and their capacity, in the
style of the built-in templates' descriptions ("Chart slide: a title, a column chart...")."""

from __future__ import annotations

from collections import Counter

from slidewright.ai import phrases
from slidewright.ai.tasks import (
    ElementSpec,
    TemplateDescription,
    TemplateDescriptionInput,
    TemplateSlideBrief,
    TemplateSlideDescriptionOut,
    TemplateSlideDescriptions,
    TemplateSlidesInput,
)

# The order elements are listed in: what the slide is about first, furniture last.
_ROLE_ORDER = (
    "section_number",
    "title",
    "subtitle",
    "heading",
    "agenda",
    "body",
    "text",
    "picture",
    "chart",
    "table",
    "quote",
    "attribution",
    "key_figure",
    "summary",
    "caption",
    "source",
    "presenter",
    "contact",
    "date",
)


def _element_phrase(element: ElementSpec, lang: str) -> str:
    role = element.role if element.role in phrases.ROLE_PHRASES else "text"
    if element.type == "table":
        return phrases.role_phrase("table", lang, rows=element.rows or 0, cols=element.cols or 0)
    if element.type == "chart":
        return phrases.role_phrase(
            "chart",
            lang,
            chart=phrases.chart_name(element.chart_type or "column", lang),
            categories=element.categories or 0,
            series=element.series or 0,
        )
    return phrases.role_phrase(role, lang, items=element.max_items or 1)


def describe_slide(slide: TemplateSlideBrief, lang: str) -> str:
    label = phrases.kind_label(slide.kind, lang)
    if not slide.elements:
        return phrases.say("template_slide_empty", lang, kind=label)
    counts: Counter[str] = Counter()
    firsts: dict[str, ElementSpec] = {}
    for element in slide.elements:
        key = element.type if element.type in ("table", "chart") else element.role
        counts[key] += 1
        firsts.setdefault(key, element)
    order = {role: i for i, role in enumerate(_ROLE_ORDER)}
    parts = []
    for key in sorted(counts, key=lambda k: order.get(k, len(order))):
        element = firsts[key]
        if counts[key] > 1 and key in phrases.ROLE_PLURALS:
            parts.append(
                phrases.role_phrase(key, lang, count=counts[key], items=element.max_items or 1)
            )
        else:
            parts.append(_element_phrase(element, lang))
    return phrases.say("template_slide", lang, kind=label, elements=phrases.join_list(parts, lang))


def template_slides(task: TemplateSlidesInput) -> TemplateSlideDescriptions:
    return TemplateSlideDescriptions(
        slides=[
            TemplateSlideDescriptionOut(
                slide_number=slide.slide_number, description=describe_slide(slide, task.lang)
            )
            for slide in task.slides
        ]
    )


def template_description(task: TemplateDescriptionInput) -> TemplateDescription:
    lang = task.lang
    kinds = list(dict.fromkeys(slide.kind for slide in task.slides))
    labels = [phrases.kind_label(kind, lang) for kind in kinds]
    if lang == "en":
        labels = [label[0].lower() + label[1:] for label in labels]
    if {"chart", "table"} & set(kinds):
        suits = "suits_data"
    elif "comparison" in kinds:
        suits = "suits_proposal"
    elif "picture" in kinds:
        suits = "suits_story"
    else:
        suits = "suits_general"
    text = phrases.say(
        "template_file",
        lang,
        count=len(task.slides),
        kinds=phrases.join_list(labels, lang),
        suits=phrases.say(suits, lang),
    )
    return TemplateDescription(description=text)
