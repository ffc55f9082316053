"""Offline storylines: outlines, deck recommendations, slide descriptions and outline edits.

Topics come from the materials' sections (heading + key points) or, without materials, from
the instruction and the project description split into clauses and enumerations. A deck of N
slides is a title slide, an agenda (6+ slides), the content slides and a closing slide (4+
slides); topics are grouped or split to fill exactly the content slots.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field

from slidewright.ai import documents, matching, phrases
from slidewright.ai import text as t
from slidewright.ai.classify import content_kind
from slidewright.ai.tasks import (
    DeckRecommendation,
    DeckSlide,
    MaterialDoc,
    Outline,
    OutlineEdit,
    OutlineEdits,
    OutlineEditsInput,
    OutlineEditSlide,
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
            topics.append(Topic(heading, points, material.filename, section.title or heading))
    return doc_title, topics, intro


_ENUMERATION = re.compile(r"\s*(?:,|;|、|，|；|\band\b|\bas well as\b|以及|及|和|与|與)\s*")
_LEAD_IN = re.compile(
    r"^(?:(?:please\s+)?(?:make|create|build|prepare|write|give me|i need)\s+"
    r"(?:a|an|the|me a)?\s*(?:\d+[- ]slide\s+)?(?:presentation|deck|talk|slides?)"
    r"(?:\s+(?:about|on|for|covering))?|请?(?:帮我)?(?:做|制作|准备|写)一?(?:份|个)?"
    r"(?:关于)?|我需要一份(?:关于)?)\s*",
    re.IGNORECASE,
)


def topics_from_text(*texts: str) -> list[Topic]:
    topics: list[Topic] = []
    for text in texts:
        for sentence in t.sentences(text):
            sentence = _LEAD_IN.sub("", sentence).strip()
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
    merged = [Topic(tp.title, list(tp.points), tp.source, tp.section) for tp in topics]
    while len(merged) > max(1, slots):
        sizes = [len(a.points) + len(b.points) for a, b in itertools.pairwise(merged)]
        index = min(range(len(sizes)), key=lambda i: (sizes[i], i))
        first, second = merged[index], merged[index + 1]
        points = [*first.points[:3], second.title, *second.points[:2]][:6]
        merged[index : index + 2] = [Topic(first.title, points, first.source, first.section)]
    return merged


def _expand(topics: list[Topic], slots: int, lang: str, from_materials: bool) -> list[Topic]:
    topics = list(topics)
    # One short: a summary slide reads better than a section cut in two.
    if from_materials and len(topics) == slots - 1 and len(topics) >= 3:
        summary = [p.points[0] for p in topics if p.points][:4] or [p.title for p in topics]
        return [*topics, Topic(phrases.say("takeaways", lang), summary, kind="bullets")]
    while len(topics) < slots:
        candidates = [i for i, topic in enumerate(topics) if len(topic.points) >= 2]
        if not candidates:
            break
        index = max(candidates, key=lambda i: (len(topics[i].points), -i))
        topic = topics[index]
        half = (len(topic.points) + 1) // 2
        first = Topic(topic.title, topic.points[:half], topic.source, topic.section)
        title = t.cut(phrases.say("continued", lang, title=topic.title), TITLE_UNITS + 10)
        second = Topic(title, topic.points[half:], topic.source, topic.section)
        topics[index : index + 1] = [first, second]
    if len(topics) < slots and from_materials and topics:
        summary = [p.points[0] for p in topics if p.points][:4] or [p.title for p in topics]
        topics.append(Topic(phrases.say("takeaways", lang), summary, kind="bullets"))
        if len(topics) < slots:
            topics.append(Topic(phrases.say("next_steps", lang), [], kind="bullets"))
    facets = ("facet_background", "facet_points", "facet_examples", "facet_actions")
    bases = list(topics)
    round_number = 0
    while len(topics) < slots and bases and round_number < len(facets):
        facet = facets[round_number]
        for base in bases:
            if len(topics) >= slots:
                break
            title = t.cut(phrases.say(facet, lang, topic=base.title), TITLE_UNITS + 20)
            topics.append(Topic(title, [], base.source, base.section))
        round_number += 1
    return topics


def plan(
    count: int,
    topics: list[Topic],
    lang: str,
    *,
    title: str,
    subtitle: str,
    from_materials: bool,
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
    if len(topics) > slots:
        content = _group(topics, slots, lang)
    else:
        content = _expand(topics, slots, lang, from_materials)
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


def _role_kind(item: Planned) -> str:
    if item.role in ("title", "agenda", "closing"):
        return item.role
    topic = item.topic
    text = item.description
    if topic is not None and topic.kind:
        return topic.kind
    if topic is not None:
        text = " ".join([topic.title, *topic.points])
    return content_kind(text)


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
    from_materials = bool(topics)
    if not topics:
        topics = topics_from_text(task.instruction, task.project.description)
    title = task.project.title or doc_title or ""
    planned = plan(
        task.num_slides,
        topics,
        lang,
        title=title,
        subtitle=_subtitle(task.project.description) or _subtitle(intro),
        from_materials=from_materials,
    )
    slides = []
    for item in planned:
        kind = _role_kind(item)
        choice = matching.choose(item.description, kind, task.template_slides)
        slides.append(
            OutlineSlide(
                content_description=item.description,
                pptx_slide_number=choice.slide_number if choice else None,
                reason=matching.reason(choice, kind, lang) if choice else "",
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
    words = t.keywords(task.description)
    wanted = {content_kind(sentence) for sentence in t.sentences(task.description)}
    wanted.discard("bullets")
    best = None
    for order, template in enumerate(task.templates):
        text = " ".join(
            [template.filename, template.description, *(s.description for s in template.slides)]
        )
        shared = sorted(set(words) & set(t.keywords(text)))
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
    from_materials = bool(topics)
    if not topics:
        topics = topics_from_text(task.project.description)
    planned = plan(
        len(task.deck),
        topics,
        lang,
        title=task.project.title,
        subtitle=_subtitle(task.project.description),
        from_materials=from_materials,
    )
    by_index = {slide.index: slide for slide in task.deck}
    results = []
    for index in task.targets:
        slide = by_index.get(index)
        existing = _existing(slide, lang) if slide is not None else None
        if existing:
            description, why = existing, phrases.say("reason_existing", lang)
        else:
            item = planned[min(index, len(planned) - 1)]
            description, why = item.description, _content_reason(item, lang)
        results.append(
            SlideDescriptionOut(
                slide_index=index, description=description, reason_for_recommendation=why
            )
        )
    return SlideDescriptions(descriptions=results)


# ---------------------------------------------------------------------------------------------
# Outline edits


_ZH_DIGITS = {
    "零": 0,
    "一": 1,
    "二": 2,
    "两": 2,
    "兩": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "七": 7,
    "八": 8,
    "九": 9,
}
_N = r"(\d+|[零一二两兩三四五六七八九十]+)"


def _number(token: str) -> int:
    if token.isdigit():
        return int(token)
    if token == "十":
        return 10
    if "十" in token:
        tens, _, ones = token.partition("十")
        return (_ZH_DIGITS.get(tens, 1) if tens else 1) * 10 + (
            _ZH_DIGITS.get(ones, 0) if ones else 0
        )
    return _ZH_DIGITS.get(token, 0)


_DELETE = (
    re.compile(r"(?:delete|remove|drop)\s+(?:the\s+)?slides?\s+(\d+)", re.I),
    re.compile(rf"(?:删除|删掉|去掉|刪除|刪掉)第?\s*{_N}\s*[页頁张]"),
)
_MOVE = (
    re.compile(
        r"move\s+(?:the\s+)?slide\s+(\d+)\s+(to|before|after)\s+(?:the\s+)?(?:slide\s+|position\s+)?(\d+)",
        re.I,
    ),
    re.compile(
        rf"(?:把|将|將)?第\s*{_N}\s*[页頁](?:移|移动|移動|挪)(?:到|至)第\s*{_N}\s*[页頁]?(之?[前后後])?"
    ),
)
_INSERT = (
    re.compile(
        r"(?:add|insert|include)\s+(?:a|an|one)?\s*(?:new\s+)?slides?\s+(?:about|on|for|covering|with)\s+"
        r"(.+?)(?:\s+(after|before)\s+slide\s+(\d+)|\s+at\s+the\s+(end|beginning|start))?$",
        re.I,
    ),
    re.compile(
        rf"(?:添加|增加|加|插入|新增)一[页頁](?:关于|介绍|講|讲|關於)?(.+?)"
        rf"(?:[，,]?\s*(?:放在|在)第\s*{_N}\s*[页頁](之?[前后後]))?$"
    ),
)
# The place first: "在第3页后添加一页介绍定价".
_INSERT_PLACE_FIRST = re.compile(
    rf"(?:在|于|於)第\s*{_N}\s*[页頁](之?[前后後])面?[，,]?\s*(?:添加|增加|加|插入|新增)一[页頁]"
    rf"(?:关于|介绍|講|讲|關於)?(.+)$"
)
_REPLACE = (
    re.compile(
        r"(?:change|rename|rewrite|replace)\s+slide\s+(\d+)\s+(?:to|with|as|into)\s+(.+)$", re.I
    ),
    re.compile(rf"(?:将|把|將)?第\s*{_N}\s*[页頁](?:改为|改成|换成|替换为|改為|換成)(.+)$"),
)
_SHORTEN = re.compile(r"shorten|shorter|more concise|concise|精简|简洁|缩短|精簡|簡潔|縮短", re.I)


def outline_edits(task: OutlineEditsInput) -> OutlineEdits:
    lang = task.lang
    current = [slide.content_description for slide in task.slides]
    edits: list[OutlineEdit] = []

    def valid(number: int) -> bool:
        return 1 <= number <= len(current)

    clauses = [
        c.strip() for c in re.split(r"[;；。\n]|\bthen\b|然后|然後", task.instruction) if c.strip()
    ]
    for clause in clauses:
        handled = False
        for pattern in _DELETE:
            for match in pattern.finditer(clause):
                number = _number(match.group(1))
                if valid(number):
                    edits.append(
                        OutlineEdit(
                            op="delete",
                            path=f"slides/{number - 1}",
                            reason=phrases.say("edit_delete", lang),
                        )
                    )
                    current.pop(number - 1)
                    handled = True
        if handled:
            continue
        for pattern in _MOVE:
            moved = pattern.search(clause)
            if moved is None:
                continue
            groups = moved.groups()
            source = _number(groups[0])
            if pattern is _MOVE[0]:
                where, target = groups[1].lower(), _number(groups[2])
            else:
                target, where = (
                    _number(groups[1]),
                    {"前": "before", "之前": "before"}.get(
                        groups[2] or "", "after" if groups[2] else "to"
                    ),
                )
            if valid(source) and valid(target):
                destination = target - 1
                if where == "after" and destination < source - 1:
                    destination += 1
                elif where == "before" and destination > source - 1:
                    destination -= 1
                destination = max(0, min(destination, len(current) - 1))
                edits.append(
                    OutlineEdit(
                        op="move",
                        path=f"slides/{source - 1}",
                        value=destination,
                        reason=phrases.say("edit_move", lang),
                    )
                )
                current.insert(destination, current.pop(source - 1))
                handled = True
                break
        if handled:
            continue
        for pattern in _REPLACE:
            replaced = pattern.search(clause)
            if replaced is not None and valid(_number(replaced.group(1))):
                number = _number(replaced.group(1))
                text = t.strip_end_punctuation(replaced.group(2))
                edits.append(
                    OutlineEdit(
                        op="replace",
                        path=f"slides/{number - 1}/contentDescription",
                        value=text,
                        reason=phrases.say("edit_replace", lang),
                    )
                )
                current[number - 1] = text
                handled = True
                break
        if handled:
            continue
        placed = _INSERT_PLACE_FIRST.search(clause)
        if placed is not None and valid(_number(placed.group(1))):
            number = _number(placed.group(1))
            position = number - 1 if placed.group(2) in ("前", "之前") else number
            topic = t.strip_end_punctuation(placed.group(3))
            edits.append(_insert(position, topic, current, lang, "edit_insert"))
            continue
        for pattern in _INSERT:
            inserted = pattern.search(clause)
            if inserted is None:
                continue
            groups = inserted.groups()
            topic = t.strip_end_punctuation(groups[0])
            position = _closing_position(current)
            if pattern is _INSERT[0]:
                where, after_number, end = groups[1], groups[2], groups[3]
                if after_number and valid(int(after_number)):
                    anchor = int(after_number)
                    position = anchor if where.lower() == "after" else anchor - 1
                elif end:
                    position = len(current) if end.lower() == "end" else 0
            elif groups[1] and valid(_number(groups[1])):
                number = _number(groups[1])
                position = number - 1 if groups[2] in ("前", "之前") else number
            edits.append(_insert(position, topic, current, lang, "edit_insert"))
            handled = True
            break
        if handled:
            continue
        if _SHORTEN.search(clause):
            for index, description in enumerate(current):
                short = t.strip_end_punctuation(t.cut(t.first_sentence(description), 90))
                if short and short != description:
                    edits.append(
                        OutlineEdit(
                            op="replace",
                            path=f"slides/{index}/contentDescription",
                            value=short,
                            reason=phrases.say("edit_shorten", lang),
                        )
                    )
                    current[index] = short
            continue
        topic = t.strip_end_punctuation(t.cut(clause, 120))
        if topic:
            edits.append(_insert(_closing_position(current), topic, current, lang, "edit_topic"))
    return OutlineEdits(edits=edits)


def _closing_position(current: list[str]) -> int:
    """Before a closing slide at the end, else at the end."""
    if current and content_kind(current[-1]) == "closing":
        return len(current) - 1
    return len(current)


def _insert(
    position: int, topic: str, current: list[str], lang: str, reason_key: str
) -> OutlineEdit:
    position = max(0, min(position, len(current)))
    current.insert(position, topic)
    path = "slides/-" if position == len(current) - 1 else f"slides/{position}"
    return OutlineEdit(
        op="insert",
        path=path,
        value=OutlineEditSlide(content_description=topic, pptx_slide_number=None),
        reason=phrases.say(reason_key, lang),
    )


def template_choice_for(
    description: str, index: int, total: int, slides: list[TemplateSlideBrief], lang: str
) -> tuple[int, str] | None:
    kind = content_kind(description, index, total)
    if index == total - 1 and total >= 4 and kind == "bullets" and not description.strip():
        kind = "closing"
    choice = matching.choose(description, kind, slides)
    if choice is None:
        return None
    return choice.slide_number, matching.reason(choice, kind, lang)
