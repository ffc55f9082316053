"""Outline edits from a plain instruction, without a model: the common operations in English
and Chinese, turned into `OutlineEdit`s (see `ai.outline_edits` for their meaning).

- delete: "delete slide 4", "remove slides 4 and 5", "删除最后一页", "删掉第2页"
- move: "move slide 5 before slide 2", "move the last slide to the start", "把第5页移到第2页前面"
- merge: "merge slides 2 and 3", "merge the two Priorities slides", "把第2页和第3页合并"
- split: "split slide 3", "把第3页拆成两页"
- rename: "rename slide 2 to Outlook", "把第2页的标题改为展望"
- rewrite: "change slide 2 to ...", "第2页改为..."
- add: "add a slide about pricing after slide 3", "在第3页后添加一页介绍定价"
- count: "make it 8 slides", "cut it to 6 slides", "改成8页", "压缩到6页"
- shorten: "make the descriptions shorter", "精简"

A clause (instructions are split at ";", "。", new lines, "then", "然后") that none of these
understands is reported back as not understood, never inserted as a slide: the old fallback
turned "merge the two Priorities slides" into a slide whose text was the instruction.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from slidewright.ai import phrases, words
from slidewright.ai import text as t
from slidewright.ai.classify import content_kind
from slidewright.ai.tasks import OutlineEdit, OutlineEdits, OutlineEditSlide

MERGED_UNITS = 400  # a merged description stays a description, not the two pasted whole

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
_PAGE = r"[页頁张張]"


def _number(token: str) -> int:
    """'12' -> 12, '十二' -> 12, '二十' -> 20, '两' -> 2."""
    if token.isdigit():
        return int(token)
    if "十" in token:
        tens, _, ones = token.partition("十")
        return (_ZH_DIGITS.get(tens, 1) if tens else 1) * 10 + (
            _ZH_DIGITS.get(ones, 0) if ones else 0
        )
    return _ZH_DIGITS.get(token, 0)


# ---------------------------------------------------------------------------------------------
# Slide references: "slide 4", "slides 2 and 3", "the last slide", "第2页", "最后一页", or
# slides named by their title ("the two Priorities slides").

_EN_REF = re.compile(
    r"\bslides?\s+(\d+)((?:\s*(?:,|and|&|-|to|through)\s*(?:slide\s+)?\d+)*)", re.IGNORECASE
)
_ZH_REF = re.compile(rf"第\s*{_N}((?:\s*(?:[、，,和与與及至到-]|以及)\s*第?\s*{_N})*)\s*{_PAGE}")
_LAST = re.compile(
    r"\b(?:the\s+)?(?:last|final)\s+slide\b|最后一[页頁张]|最後一[頁页張]|末[页頁]|尾[页頁]",
    re.IGNORECASE,
)
_FIRST = re.compile(r"\b(?:the\s+)?first\s+slide\b|首[页頁]|封面[页頁]?", re.IGNORECASE)
# Words of the operations themselves: what is left of a clause names the slides.
_COMMAND_WORDS = frozenset(
    """merge combine join delete remove drop split divide rename retitle move slide slides two
    both the these those into one with together page pages deck please can you them all
    合并 合併 删除 刪除 删掉 刪掉 去掉 拆分 拆成 拆开 移动 移動 重命名 改名 两页 兩頁 这两页
    這兩頁 两个 兩個 一页 一頁 幻灯片 页面 頁面""".split()  # noqa: SIM905 (a word list reads best)
)


def _ints(first: str, rest: str, pattern: str) -> list[int]:
    numbers = [_number(first)]
    tail = [_number(n) for n in re.findall(pattern, rest)]
    if tail and re.search(r"-|to|through|至|到", rest) and len(tail) == 1:
        return list(range(numbers[0], tail[0] + 1)) if tail[0] >= numbers[0] else numbers
    return numbers + tail


def numbered_refs(clause: str, count: int) -> list[int]:
    """1-based slide numbers a clause names by number or position, in order, each once."""
    found: list[tuple[int, int]] = []  # (where in the clause, number)
    for match in _EN_REF.finditer(clause):
        for number in _ints(match.group(1), match.group(2) or "", r"\d+"):
            found.append((match.start(), number))
    for match in _ZH_REF.finditer(clause):
        for number in _ints(match.group(1), match.group(2) or "", _N):
            found.append((match.start(), number))
    for match in _LAST.finditer(clause):
        found.append((match.start(), count))
    for match in _FIRST.finditer(clause):
        found.append((match.start(), 1))
    ordered = [number for _, number in sorted(found, key=lambda item: item[0])]
    return list(dict.fromkeys(ordered))


def title_of(description: str) -> str:
    """A description's title: the part before its first dash or colon."""
    return re.split(r"\s+—\s+|——|：|:\s", description, maxsplit=1)[0].strip()


def points_of(description: str) -> list[str]:
    parts = re.split(r"\s+—\s+|——|：|:\s", description, maxsplit=1)
    if len(parts) < 2:
        return []
    return [p.strip() for p in re.split(r"；|;\s", parts[1]) if p.strip()]


def compose(title: str, points: list[str]) -> str:
    """A description from a title and points, punctuated for its script."""
    if not points:
        return title
    cjk = t.is_mostly_cjk(" ".join([title, *points]))
    body = ("；" if cjk else "; ").join(points)
    return t.cut(f"{title}{'——' if cjk else ' — '}{body}", MERGED_UNITS)


def named_refs(clause: str, current: list[str]) -> list[int]:
    """1-based numbers of the slides whose title holds every naming word of the clause
    ("merge the two Priorities slides" -> the slides titled Priorities...)."""
    quoted = re.findall(r"[\"“「『']([^\"”」』']+)[\"”」』']", clause)
    wanted = [w for w in words.words(" ".join(quoted) or clause) if w not in _COMMAND_WORDS]
    if not wanted:
        return []
    found = []
    for number, description in enumerate(current, start=1):
        title = set(words.words(title_of(description)))
        if all(word in title for word in wanted):
            found.append(number)
    return found


# ---------------------------------------------------------------------------------------------
# The edit list, kept in step with the outline it changes


@dataclass
class Editor:
    current: list[str]  # descriptions, as they are after the edits so far
    numbers: list[int | None]  # each slide's template slide number
    lang: str
    edits: list[OutlineEdit] = field(default_factory=list)
    unmet_count: int | None = None  # a slide count asked for that the content cannot reach

    def valid(self, number: int) -> bool:
        return 1 <= number <= len(self.current)

    def delete(self, index: int, reason: str) -> None:
        self.edits.append(OutlineEdit(op="delete", path=f"slides/{index}", reason=reason))
        self.current.pop(index)
        self.numbers.pop(index)

    def move(self, index: int, destination: int) -> None:
        if index == destination:
            return
        self.edits.append(
            OutlineEdit(
                op="move",
                path=f"slides/{index}",
                value=destination,
                reason=phrases.say("edit_move", self.lang),
            )
        )
        self.current.insert(destination, self.current.pop(index))
        self.numbers.insert(destination, self.numbers.pop(index))

    def replace(self, index: int, text: str, reason: str) -> None:
        self.edits.append(
            OutlineEdit(
                op="replace",
                path=f"slides/{index}/contentDescription",
                value=text,
                reason=reason,
            )
        )
        self.current[index] = text

    def insert(self, position: int, text: str, number: int | None, reason: str) -> None:
        position = max(0, min(position, len(self.current)))
        self.current.insert(position, text)
        self.numbers.insert(position, number)
        path = "slides/-" if position == len(self.current) - 1 else f"slides/{position}"
        self.edits.append(
            OutlineEdit(
                op="insert",
                path=path,
                value=OutlineEditSlide(content_description=text, pptx_slide_number=number),
                reason=reason,
            )
        )

    def merge(self, numbers: list[int], reason_key: str = "edit_merge") -> None:
        """Merges the slides (1-based) into the first of them."""
        indexes = sorted(n - 1 for n in numbers)
        first = indexes[0]
        title = title_of(self.current[first])
        points: list[str] = []
        for index in indexes:
            others = points_of(self.current[index])
            heading = title_of(self.current[index])
            if index != first and (not others or words.words(heading) != words.words(title)):
                # Another topic's heading stays, as a point: the merged slide covers both.
                others = [heading, *others] if others else [self.current[index]]
            points.extend(p for p in others if p not in points)
        reason = phrases.say(reason_key, self.lang)
        self.replace(first, compose(title, points), reason)
        for index in reversed(indexes[1:]):
            self.delete(index, reason)

    def split(self, number: int, reason_key: str = "edit_split") -> bool:
        """Splits a slide (1-based) in two, each half of its points under its title; False
        when it has fewer than two points to share."""
        index = number - 1
        points = points_of(self.current[index])
        if len(points) < 2:
            return False
        half = (len(points) + 1) // 2
        title = title_of(self.current[index])
        reason = phrases.say(reason_key, self.lang)
        self.replace(index, compose(title, points[:half]), reason)
        self.insert(index + 1, compose(title, points[half:]), self.numbers[index], reason)
        return True

    def closing_position(self) -> int:
        """Before a closing slide at the end, else at the end."""
        if self.current and content_kind(self.current[-1]) == "closing":
            return len(self.current) - 1
        return len(self.current)

    def content_indexes(self) -> list[int]:
        """Indexes of the content slides: not the title, agenda or closing slide (merging an
        agenda into a topic, or splitting it, makes neither better)."""
        start = 1 if self.current and content_kind(self.current[0], 0, 2) == "title" else 0
        return [
            i
            for i in range(start, self.closing_position())
            if content_kind(self.current[i]) != "agenda"
        ]


# ---------------------------------------------------------------------------------------------
# Operations: each returns whether it understood the clause

_VERB_DELETE = re.compile(
    r"\b(?:delete|remove|drop|cut out|get rid of)\b|删除|删掉|去掉|移除|刪除|刪掉|不要", re.I
)
_VERB_MERGE = re.compile(r"\b(?:merge|combine|join)\b|合并|合併|并成|併成|合成一", re.I)
_VERB_SPLIT = re.compile(r"\b(?:split|divide|break up)\b|拆分|拆成|拆开|拆開|分成两|分成兩", re.I)
_VERB_MOVE = re.compile(r"\bmove\b|\bput\b|移到|移至|挪到|放到|放在|移动到|移動到", re.I)
_RENAME_EN = re.compile(
    r"\b(?:rename|retitle)\b\s+(?P<ref>.+?)\s+(?:to|as)\s+[\"“']?(?P<name>.+?)[\"”']?$"
    r"|\b(?:call|title)\s+(?P<ref2>slide\s+\d+)\s+[\"“']?(?P<name2>.+?)[\"”']?$",
    re.I,
)
_RENAME_ZH = re.compile(
    rf"(?:把|将|將)?(?P<ref>第\s*{_N}\s*{_PAGE}|最后一页|最後一頁)的?(?:标题|標題|名字|名称|名稱)?"
    r"(?:重命名为|重命名為|改名为|改名為|标题改为|標題改為|命名为|命名為|改叫|(?:标题|標題)改成)"
    r"[“\"「]?(?P<name>.+?)[”\"」]?$"
)
_REPLACE = (
    re.compile(r"(?:change|rewrite|replace)\s+slide\s+(\d+)\s+(?:to|with|as|into)\s+(.+)$", re.I),
    re.compile(rf"(?:将|把|將)?第\s*{_N}\s*{_PAGE}(?:改为|改成|换成|替换为|改為|換成)(.+)$"),
)
_COUNT = (
    re.compile(
        r"(?:make\s+it|cut\s+(?:it|the\s+deck)\s+(?:down\s+)?to|reduce\s+(?:it\s+)?to|"
        r"shorten\s+(?:it\s+)?to|expand\s+(?:it\s+)?to|trim\s+(?:it\s+)?to|only|just|"
        r"(?:i\s+)?want|^)\s*(\d+)\s+slides?\b",
        re.I,
    ),
    re.compile(
        rf"(?:改成|改为|改為|压缩到|壓縮到|缩减到|縮減到|缩减为|縮減為|精简到|精簡到|扩展到|擴展到|"
        rf"增加到|减少到|減少到|做成|只要|一共|总共|總共)\s*{_N}\s*{_PAGE}"
    ),
)
_INSERT = (
    re.compile(
        r"(?:add|insert|include)\s+(?:a|an|one)?\s*(?:new\s+)?slides?\s+(?:about|on|for|covering|"
        r"with)\s+(.+?)(?:\s+(after|before)\s+slide\s+(\d+)|\s+at\s+the\s+(end|beginning|start))?$",
        re.I,
    ),
    re.compile(
        rf"(?:添加|增加|加|插入|新增)一[页頁](?:关于|介绍|講|讲|關於|介紹)?(.+?)"
        rf"(?:[，,]?\s*(?:放在|在)第\s*{_N}\s*[页頁](之?[前后後]面?))?$"
    ),
)
# The place first: "在第3页后添加一页介绍定价".
_INSERT_PLACE_FIRST = re.compile(
    rf"(?:在|于|於)第\s*{_N}\s*[页頁](之?[前后後])面?[，,]?\s*(?:添加|增加|加|插入|新增)一[页頁]"
    r"(?:关于|介绍|講|讲|關於|介紹)?(.+)$"
)
_SHORTEN = re.compile(r"shorten|shorter|more concise|concise|精简|简洁|缩短|精簡|簡潔|縮短", re.I)
_BEFORE = re.compile(r"\bbefore\b|[前]", re.I)
_AFTER = re.compile(r"\bafter\b|[后後]", re.I)
_TO_END = re.compile(r"\b(?:to|at)\s+the\s+end\b|最后面|最後面|末尾|最后$|最後$", re.I)
_TO_START = re.compile(
    r"\b(?:to|at)\s+the\s+(?:start|beginning|front)\b|最前面|最前|开头|開頭", re.I
)
# "to position 2", "to 2", "to slide 2": the place it takes (a number after "to" is no range
# here, as it is in "delete slides 2 to 4").
_POSITION = re.compile(r"\b(?:position|to)\s+(?:position\s+|slide\s+)?(\d+)\b", re.I)


def _delete(editor: Editor, clause: str) -> bool:
    if not _VERB_DELETE.search(clause):
        return False
    numbers = numbered_refs(clause, len(editor.current)) or named_refs(clause, editor.current)
    numbers = [n for n in numbers if editor.valid(n)]
    if not numbers or len(numbers) >= len(editor.current):
        return False  # a project keeps at least one slide
    for number in sorted(numbers, reverse=True):
        editor.delete(number - 1, phrases.say("edit_delete", editor.lang))
    return True


def _merge(editor: Editor, clause: str) -> bool:
    if not _VERB_MERGE.search(clause):
        return False
    numbers = numbered_refs(clause, len(editor.current))
    if len(numbers) < 2:
        numbers = named_refs(clause, editor.current)
    numbers = [n for n in numbers if editor.valid(n)]
    if len(numbers) < 2:
        return False
    editor.merge(numbers)
    return True


def _split(editor: Editor, clause: str) -> bool:
    if not _VERB_SPLIT.search(clause):
        return False
    numbers = numbered_refs(clause, len(editor.current)) or named_refs(clause, editor.current)
    numbers = [n for n in numbers if editor.valid(n)]
    if len(numbers) != 1:
        return False
    return editor.split(numbers[0])


def _move(editor: Editor, clause: str) -> bool:
    """The first slide named moves: to the end or start, to a position, or before, after or
    to the second slide named."""
    verb = _VERB_MOVE.search(clause)
    count = len(editor.current)
    refs = numbered_refs(clause, count)
    if verb is None or not refs or not editor.valid(refs[0]):
        return False
    source = refs[0] - 1
    tail = clause[verb.end() :]
    if _TO_END.search(tail):
        destination = count - 1
    elif _TO_START.search(tail):
        destination = 0
    elif (position := _POSITION.search(tail)) is not None:
        destination = int(position.group(1)) - 1
    elif len(refs) >= 2 and editor.valid(refs[1]):
        target = refs[1] - 1
        # The destination index counts the list without the moved slide.
        if _BEFORE.search(tail):
            destination = target if target < source else target - 1
        elif _AFTER.search(tail):
            destination = target + 1 if target < source else target
        else:
            destination = target
    else:
        return False
    editor.move(source, max(0, min(destination, count - 1)))
    return True


def _rename(editor: Editor, clause: str) -> bool:
    match = _RENAME_EN.search(clause) or _RENAME_ZH.search(clause)
    if match is None:
        return False
    groups = match.groupdict()
    ref = groups.get("ref") or groups.get("ref2") or ""
    name = t.strip_end_punctuation(groups.get("name") or groups.get("name2") or "")
    numbers = numbered_refs(ref, len(editor.current)) or named_refs(ref, editor.current)
    if len(numbers) != 1 or not editor.valid(numbers[0]) or not name:
        return False
    index = numbers[0] - 1
    editor.replace(
        index,
        compose(name, points_of(editor.current[index])),
        phrases.say("edit_rename", editor.lang),
    )
    return True


def _rewrite(editor: Editor, clause: str) -> bool:
    for pattern in _REPLACE:
        match = pattern.search(clause)
        if match is not None and editor.valid(_number(match.group(1))):
            text = t.strip_end_punctuation(match.group(2))
            if text:
                editor.replace(
                    _number(match.group(1)) - 1, text, phrases.say("edit_replace", editor.lang)
                )
                return True
    return False


def _count(editor: Editor, clause: str) -> bool:
    match = next((m for p in _COUNT if (m := p.search(clause)) is not None), None)
    if match is None:
        return False
    wanted = _number(match.group(1))
    if not 1 <= wanted <= 200:
        return False
    # Fewer: merge the neighbouring content slides with the least between them.
    while len(editor.current) > wanted:
        span = editor.content_indexes()
        pairs = [(i, i + 1) for i in span if i + 1 in span]
        if not pairs:
            break
        first, _ = min(
            pairs, key=lambda p: (len(editor.current[p[0]]) + len(editor.current[p[1]]), p[0])
        )
        editor.merge([first + 1, first + 2], "edit_count")
    # More: split the slide with the most points, while one has points to share. Never a
    # slide without content of its own.
    while len(editor.current) < wanted:
        splittable = [i for i in editor.content_indexes() if len(points_of(editor.current[i])) >= 4]
        if not splittable:
            break
        index = max(splittable, key=lambda i: (len(points_of(editor.current[i])), -i))
        editor.split(index + 1, "edit_count")
    if len(editor.current) < wanted:
        editor.unmet_count = wanted  # said plainly by the service, never padded
    return True


def _insert(editor: Editor, clause: str) -> bool:
    placed = _INSERT_PLACE_FIRST.search(clause)
    if placed is not None and editor.valid(_number(placed.group(1))):
        number = _number(placed.group(1))
        position = number - 1 if _BEFORE.search(placed.group(2)) else number
        topic = t.strip_end_punctuation(placed.group(3))
        editor.insert(position, topic, None, phrases.say("edit_insert", editor.lang))
        return True
    for pattern in _INSERT:
        inserted = pattern.search(clause)
        if inserted is None:
            continue
        groups = inserted.groups()
        topic = t.strip_end_punctuation(groups[0])
        position = editor.closing_position()
        if pattern is _INSERT[0]:
            where, after_number, end = groups[1], groups[2], groups[3]
            if after_number and editor.valid(int(after_number)):
                anchor = int(after_number)
                position = anchor if where.lower() == "after" else anchor - 1
            elif end:
                position = len(editor.current) if end.lower() == "end" else 0
        elif groups[1] and editor.valid(_number(groups[1])):
            number = _number(groups[1])
            position = number - 1 if _BEFORE.search(groups[2]) else number
        if topic:
            editor.insert(position, topic, None, phrases.say("edit_insert", editor.lang))
            return True
    return False


def _shorten(editor: Editor, clause: str) -> bool:
    if not _SHORTEN.search(clause):
        return False
    for index, description in enumerate(editor.current):
        short = t.strip_end_punctuation(t.cut(t.first_sentence(description), 90))
        if short and short != description:
            editor.replace(index, short, phrases.say("edit_shorten", editor.lang))
    return True


# Most specific first: "merge" and "split" clauses name slides the way "delete" does, a count
# ("make it 8 slides") reads like an insert, and "rename ... to" like a move.
_OPERATIONS = (_merge, _split, _rename, _count, _insert, _delete, _move, _rewrite, _shorten)
_CLAUSES = re.compile(
    r"[;；。\n]|\bthen\b|然后|然後|,?\s+and\s+(?=(?:then\s+)?(?:delete|remove|move|merge|combine|"
    r"split|rename|add|insert|make|change)\b)|[，,]\s*(?=(?:再|并|並|然后)?(?:删除|删掉|移|合并|拆|"
    r"添加|增加|插入|改))",
    re.IGNORECASE,
)


def clauses(instruction: str) -> list[str]:
    return [c.strip() for c in _CLAUSES.split(instruction) if c and c.strip()]


def parse(
    instruction: str, descriptions: list[str], numbers: list[int | None], lang: str
) -> OutlineEdits:
    """The edits an instruction asks of an outline, with the clauses not understood and a
    slide count that cannot be reached."""
    editor = Editor(list(descriptions), list(numbers), lang)
    missed: list[str] = []
    for clause in clauses(instruction):
        if not any(operation(editor, clause) for operation in _OPERATIONS):
            missed.append(clause)
    return OutlineEdits(
        edits=editor.edits, not_understood=missed, unmet_slide_count=editor.unmet_count
    )
