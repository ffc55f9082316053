"""Offline storylines: outlines, deck recommendations, slide descriptions and outline edits.

Topics come from the materials' sections (heading + key points) or, without materials, from
the project description and what the instruction says the deck is about (its directions,
"use two columns", are no topics). A deck of N slides is a title slide, an agenda (6+
slides), the content slides and a closing slide (4+ slides); topics are grouped to fit the
content slots, never split or padded to fill them: a shorter deck is honest, and the service
tells the user why it is shorter.
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field

from slidewright.ai import documents, matching, phrases, series, words
from slidewright.ai import text as t
from slidewright.ai.classify import content_kind
from slidewright.ai.providers.offline import edit_commands
from slidewright.ai.tasks import (
    DeckRecommendation,
    DeckSlide,
    MaterialDoc,
    Outline,
    OutlineEdits,
    OutlineEditsInput,
    OutlineInput,
    OutlineSlide,
    RecommendDeckInput,
    SlideDescriptionOut,
    SlideDescriptions,
    SlideDescriptionsInput,
    TemplateSlideBrief,
)

TITLE_UNITS = 50
POINT_UNITS = 90
DESCRIPTION_UNITS = 320


@dataclass
class Topic:
    title: str
    points: list[str] = field(default_factory=list)
    source: str = ""  # the material's filename
    section: str = ""  # the heading it came from
    kind: str | None = None  # a slide kind fixed by the plan (a summary is a list)
    # Whether the section holds a real series (a table of figures, or a list of like items in
    # one unit): only then may its slide be a chart. Figures in prose, or a list mixing £m,
    # % and counts, make a list slide, never a chart slide left with the template's sample.
    has_series: bool = False
    # Whether one of those series is shares of a whole: only then may its slide be a pie.
    has_shares: bool = False


@dataclass
class Planned:
    role: str  # title, agenda, content, closing
    description: str
    topic: Topic | None = None


# ---------------------------------------------------------------------------------------------
# Topics


def _row_points(rows: list[list[str]]) -> list[str]:
    if not rows:
        return []
    header = [cell for cell in rows[0] if cell]
    lines = [" | ".join(header)] if header else []
    lines.extend(" | ".join(row) for row in rows[1:4])
    return lines


def topics_from_materials(
    materials: list[MaterialDoc],
) -> tuple[str | None, list[Topic], str]:
    """(the first document title found, the topics, the first introduction found): an
    untitled opening section of a document with headings introduces it, it is no topic."""
    doc_title: str | None = None
    intro = ""
    topics: list[Topic] = []
    for material in materials:
        title, sections = documents.parse_sections(material.text)
        doc_title = doc_title or title
        if len(sections) > 1 and not sections[0].title and any(s.title for s in sections[1:]):
            opening = sections.pop(0)
            intro = intro or " ".join(opening.points()[:2])
        for section in sections:
            heading = section.heading_or_first_sentence(TITLE_UNITS)
            points = section.points() + _row_points(section.rows)
            if not section.title and points and t.one_line(points[0]).startswith(heading[:20]):
                points = points[1:]  # the heading was made from it
            topic = Topic(heading, points, material.filename, section.title or heading)
            found = _series_in(section)
            topic.has_series = bool(found)
            topic.has_shares = any(one.parts_of_a_whole() for one in found)
            topics.append(topic)
    return doc_title, topics, intro


def _series_in(section: documents.Section) -> list[series.Series]:
    found = series.list_series(section.bullets, "outline", section.title)
    if found is not None:
        return [found]
    table = documents.numeric_table(section.rows)
    return series.table_series(table, "outline", section.title) if table else []


_ENUMERATION = re.compile(r"\s*(?:,|;|、|，|；|\band\b|\bas well as\b|以及|及|和|与|與)\s*")
_LEAD_IN = re.compile(
    r"^(?:(?:please\s+)?(?:make|create|build|prepare|write|give me|i need)\s+"
    r"(?:a|an|the|me a)?\s*(?:\d+[- ]slide\s+)?(?:presentation|deck|talk|slides?)"
    r"(?:\s+(?:about|on|for|covering))?|请?(?:帮我)?(?:做|制作|准备|写)一?(?:份|个)?"
    r"(?:关于)?|我需要一份(?:关于)?)\s*",
    re.IGNORECASE,
)


# How the deck should look or be made ("show it as two columns", "keep it short", "每页不超过
# 三条"): a direction to follow, never a topic to put on a slide.
_DIRECTION = re.compile(
    r"^(?:please\s+)?(?:show|use|keep|put|make|add|include|limit|avoid|don'?t|do not|present|"
    r"display|format|write|start|end|split|merge|highlight|emphasi[sz]e|turn|focus)\b"
    r"|\b(?:slides?|deck|layouts?|columns?|two-column|bullet points?|bullets|font|template)\b"
    r"|^(?:请|用|使用|以|按照?|保持|每页|不要|别|突出|重点|控制|分成|做成|展示|写成|改成|加上|添加)"
    r"|幻灯片|版式|两栏|双栏|兩欄|雙欄|每页|每頁|页数|頁數|字数|字數|模板|範本",
    re.IGNORECASE,
)
# What a direction is about, when it says: "add a slide about pricing" -> "pricing".
_DIRECTION_TOPIC = re.compile(
    r"\b(?:about|on|covering|regarding)\s+(.+)$|(?:关于|關於|介绍|介紹)(.+)$", re.IGNORECASE
)


def _strip_direction(sentence: str) -> str:
    """The topic a sentence of an instruction names: the sentence itself, the subject of a
    direction ("add a slide about pricing" -> "pricing"), or "" for a pure direction."""
    if not _DIRECTION.search(sentence):
        return sentence
    about = _DIRECTION_TOPIC.search(sentence)
    if about is None:
        return ""
    topic = t.strip_end_punctuation(about.group(1) or about.group(2) or "")
    return "" if _DIRECTION.search(topic) else topic


def topics_from_text(*texts: str) -> list[Topic]:
    """Topics from free text (an instruction, a project description): its clauses and
    enumerations, leaving out the directions about the deck's form."""
    topics: list[Topic] = []
    for text in texts:
        for sentence in t.sentences(text):
            sentence = _strip_direction(_LEAD_IN.sub("", sentence).strip())
            parts = re.split(r"[:：]", sentence, maxsplit=1)
            head, tail = (parts[0].strip(), parts[1].strip()) if len(parts) == 2 else (sentence, "")
            items = [
                t.strip_end_punctuation(item)
                for item in _ENUMERATION.split(tail or sentence)
                if len(t.strip_end_punctuation(item)) >= 2
            ]
            if len(items) >= 2:
                topics.extend(Topic(t.cut(item, TITLE_UNITS), [item]) for item in items)
            elif sentence:
                title = t.strip_end_punctuation(t.cut(head if tail else sentence, TITLE_UNITS))
                points = [tail] if tail else [sentence]
                topics.append(Topic(title, points))
    unique: list[Topic] = []
    seen: set[str] = set()
    for topic in topics:
        key = topic.title.casefold()
        if key and key not in seen:
            seen.add(key)
            unique.append(topic)
    return unique


# ---------------------------------------------------------------------------------------------
# Planning N slides


def _points_text(points: list[str], count: int = 3) -> str:
    chosen = [t.strip_end_punctuation(t.cut(t.one_line(p), POINT_UNITS)) for p in points[:count]]
    chosen = [p for p in chosen if p]
    return t.joiner_for(chosen).join(chosen)


def describe_topic(topic: Topic, lang: str) -> str:
    points = _points_text([p for p in topic.points if t.one_line(p) != topic.title])
    if not points:
        return topic.title
    return t.cut(phrases.say("content", lang, title=topic.title, points=points), DESCRIPTION_UNITS)


def _group(topics: list[Topic], slots: int, lang: str) -> list[Topic]:
    """Neighbouring topics merged until `slots` are left: always the adjacent pair with the
    least content, so substantial sections keep a slide of their own."""
    merged = [dataclasses.replace(tp, points=list(tp.points)) for tp in topics]
    while len(merged) > max(1, slots):
        sizes = [len(a.points) + len(b.points) for a, b in itertools.pairwise(merged)]
        index = min(range(len(sizes)), key=lambda i: (sizes[i], i))
        first, second = merged[index], merged[index + 1]
        points = [*first.points[:3], second.title, *second.points[:2]][:6]
        merged[index : index + 2] = [
            Topic(
                first.title,
                points,
                first.source,
                first.section,
                has_series=first.has_series or second.has_series,
                has_shares=first.has_shares or second.has_shares,
            )
        ]
    return merged


def plan(
    count: int,
    topics: list[Topic],
    lang: str,
    *,
    title: str,
    subtitle: str,
) -> list[Planned]:
    """`count` planned slides: title, agenda, content and closing."""
    count = max(1, count)
    if not topics:
        topics = [Topic(title or phrases.say("overview", lang), [subtitle] if subtitle else [])]
    if count == 1:
        topic = topics[0]
        only = Topic(title or topic.title, [subtitle] if subtitle else topic.points, topic.source)
        return [Planned("content", describe_topic(only, lang), only)]
    has_closing = count >= 4
    has_agenda = count >= 6 and len(topics) >= 3
    slots = count - 1 - int(has_closing) - int(has_agenda)
    # Too many sections are grouped; too few stay as they are: a slide the material cannot
    # fill ("X (continued)", "X: background") is padding, and the service says plainly that
    # the deck is shorter than asked instead.
    content = _group(topics, slots, lang) if len(topics) > slots else list(topics)
    content = content[:slots]
    planned: list[Planned] = []
    rest = (
        phrases.say("title_rest", lang, subtitle=t.strip_end_punctuation(t.cut(subtitle, 100)))
        if subtitle
        else phrases.say("title_rest_none", lang)
    )
    deck_title = t.strip_end_punctuation(title) or content[0].title
    planned.append(Planned("title", phrases.say("title_slide", lang, title=deck_title, rest=rest)))
    if has_agenda:
        items = [topic.title for topic in content[:6]]
        agenda = phrases.say("agenda_slide", lang, items=t.joiner_for(items).join(items))
        planned.append(Planned("agenda", t.cut(agenda, DESCRIPTION_UNITS)))
    planned.extend(Planned("content", describe_topic(topic, lang), topic) for topic in content)
    if has_closing:
        recap = [topic.title for topic in content[:2]]
        closing = (
            phrases.say("closing_slide", lang, items=phrases.join_list(recap, lang))
            if recap
            else phrases.say("closing_slide_plain", lang)
        )
        planned.append(Planned("closing", t.cut(closing, DESCRIPTION_UNITS)))
    return planned


def _pies_only(slides: list[TemplateSlideBrief]) -> bool:
    """Whether every chart the template's chart slides hold is a pie or a doughnut."""
    charts = [
        element.chart_type or ""
        for slide in slides
        if slide.kind == "chart"
        for element in slide.elements
        if element.type == "chart"
    ]
    return bool(charts) and all(kind.startswith(("pie", "doughnut")) for kind in charts)


def _role_kind(item: Planned, pies_only: bool = False) -> str:
    if item.role in ("title", "agenda", "closing"):
        return item.role
    topic = item.topic
    text = item.description
    if topic is not None and topic.kind:
        return topic.kind
    if topic is not None:
        text = " ".join([topic.title, *topic.points])
    kind = content_kind(text)
    if kind == "chart" and topic is not None and topic.source:
        if not topic.has_series:
            return "bullets"  # figures, but nothing that may honestly be plotted
        if pies_only and not topic.has_shares:
            return "bullets"  # rates on a pie would read as shares of one whole
    return kind


def _content_reason(item: Planned, lang: str) -> str:
    if item.role == "title":
        return phrases.say("reason_position_title", lang)
    if item.role == "closing":
        return phrases.say("reason_position_closing", lang)
    if item.role == "agenda":
        return phrases.say("reason_position_agenda", lang)
    if item.topic is not None and item.topic.source:
        return phrases.say(
            "reason_outline_material", lang, section=item.topic.section, file=item.topic.source
        )
    return phrases.say("reason_outline_instruction", lang)


def _subtitle(description: str) -> str:
    return t.first_sentence(description)


def outline(task: OutlineInput) -> Outline:
    lang = task.lang
    doc_title, topics, intro = topics_from_materials(task.materials)
    if not topics:
        topics = topics_from_text(task.instruction, task.project.description)
    title = task.project.title or doc_title or ""
    planned = plan(
        task.num_slides,
        topics,
        lang,
        title=title,
        subtitle=_subtitle(task.project.description) or _subtitle(intro),
    )
    slides = []
    used: Counter[int] = Counter()
    pies_only = _pies_only(task.template_slides)
    for item in planned:
        kind = _role_kind(item, pies_only)
        choice = matching.choose(item.description, kind, task.template_slides, used)
        if choice is not None:
            used[choice.slide_number] += 1
        slides.append(
            OutlineSlide(
                content_description=item.description,
                pptx_slide_number=choice.slide_number if choice else None,
                reason=matching.reason(choice, kind, task.reason_lang) if choice else "",
            )
        )
    return Outline(slides=slides)


def content_reason_for(item: Planned, lang: str) -> str:
    return _content_reason(item, lang)


# ---------------------------------------------------------------------------------------------
# Recommendation


def _title_from(description: str) -> str:
    first = _LEAD_IN.sub("", t.first_sentence(description) or description).strip()
    head = re.split(r"[:：]", first, maxsplit=1)[0].strip()
    if head != first and t.width_units(head) >= 8:  # 'Annual review: ...' -> 'Annual review'
        first = head
    first = re.split(r"[,，;；]", first, maxsplit=1)[0] if t.width_units(first) > 60 else first
    title = t.strip_end_punctuation(t.cut(first, 60))
    return title[:1].upper() + title[1:] if title and not t.has_cjk(title[:1]) else title


def recommend(task: RecommendDeckInput) -> DeckRecommendation:
    lang = task.lang
    count = task.default_num_slides
    wanted_words = words.words(task.description)  # quoted back in the reason: whole words
    wanted = {content_kind(sentence) for sentence in t.sentences(task.description)}
    wanted.discard("bullets")
    best = None
    for order, template in enumerate(task.templates):
        text = " ".join(
            [template.filename, template.description, *(s.description for s in template.slides)]
        )
        theirs = set(words.words(text))
        shared = [word for word in wanted_words if word in theirs]
        offered = set(template.slide_kinds)
        score = 3 * len(shared) + 10 * len(wanted & offered) + len(offered)
        key = (score, -order)
        if best is None or key > best[0]:
            best = (key, template, shared)
    if best is None:
        return DeckRecommendation(
            title=_title_from(task.description),
            pptx_file_id=None,
            num_slides=count,
            match_reason=phrases.say(
                "reason_recommend_none", lang, count=count, minutes=task.duration_minutes
            ),
        )
    _, template, shared = best
    kinds = [
        k for k in ("chart", "table", "comparison", "picture", "quote") if k in template.slide_kinds
    ]
    kinds_text = phrases.join_list(
        [phrases.kind_label(k, lang) for k in (kinds or template.slide_kinds[:3])], lang
    )
    if lang == "en":
        kinds_text = kinds_text.lower()
    quoted = [phrases.quote(w, lang) for w in shared[:3]]
    words_text = (
        phrases.say("reason_recommend_words", lang, words=phrases.join_list(quoted, lang))
        if quoted
        else ""
    )
    reason = phrases.say(
        "reason_recommend",
        lang,
        file=template.filename,
        kinds=kinds_text,
        words=words_text,
        count=count,
        minutes=task.duration_minutes,
    )
    return DeckRecommendation(
        title=_title_from(task.description),
        pptx_file_id=template.id,
        num_slides=count,
        match_reason=reason,
    )


# ---------------------------------------------------------------------------------------------
# Slide descriptions


def _existing(slide: DeckSlide, lang: str) -> str | None:
    lines = [line for line in t.clean(slide.content).split("\n") if line.strip()]
    if not lines:
        return None
    topic = Topic(t.strip_end_punctuation(t.cut(lines[0], TITLE_UNITS)), lines[1:])
    return describe_topic(topic, lang)


def slide_descriptions(task: SlideDescriptionsInput) -> SlideDescriptions:
    lang = task.lang
    docs = [MaterialDoc(id=p.material_id, filename=p.filename, text=p.text) for p in task.passages]
    _, topics, _ = topics_from_materials(docs)
    if not topics:
        topics = topics_from_text(task.project.description)
    planned = plan(
        len(task.deck),
        topics,
        lang,
        title=task.project.title,
        subtitle=_subtitle(task.project.description),
    )
    by_index = {slide.index: slide for slide in task.deck}
    results = []
    for index in task.targets:
        slide = by_index.get(index)
        existing = _existing(slide, lang) if slide is not None else None
        if existing:
            description, why = existing, phrases.say("reason_existing", task.reason_lang)
        else:
            item = planned[min(index, len(planned) - 1)]
            description, why = item.description, _content_reason(item, task.reason_lang)
        results.append(
            SlideDescriptionOut(
                slide_index=index, description=description, reason_for_recommendation=why
            )
        )
    return SlideDescriptions(descriptions=results)


# ---------------------------------------------------------------------------------------------
# Outline edits


def outline_edits(task: OutlineEditsInput) -> OutlineEdits:
    return edit_commands.parse(
        task.instruction,
        [slide.content_description for slide in task.slides],
        [slide.pptx_slide_number for slide in task.slides],
        task.reason_lang,
    )


def template_choice_for(
    description: str,
    index: int,
    total: int,
    slides: list[TemplateSlideBrief],
    lang: str,
    used: Mapping[int, int] | None = None,
) -> tuple[int, str] | None:
    """The template slide for one deck slide, and why. `used`: how often each template slide
    is already used in the deck (a slide used less is preferred)."""
    kind = content_kind(description, index, total)
    if index == total - 1 and total >= 4 and kind == "bullets" and not description.strip():
        kind = "closing"
    choice = matching.choose(description, kind, slides, used)
    if choice is None:
        return None
    return choice.slide_number, matching.reason(choice, kind, lang)
