"""One text analyzer for indexing and querying, on SQLite FTS5 and PostgreSQL alike (§7).

Neither engine segments Chinese, so the analysis happens here, in Python, and the engines only
see its output: space-separated tokens that both `unicode61` (FTS5) and `to_tsvector('simple')`
(PostgreSQL) take as they are, one lexeme each, unchanged. That is what makes the two backends
return identical hits.

Analysis:
- NFKC (fullwidth 'ＡＩ' is 'ai', halfwidth katakana become fullwidth), then lowercase;
- Latin (and every other script written with spaces) and digits form words; diacritics and
  other marks are removed ('café' is 'cafe', as FTS5 would fold it anyway) and any decimal
  digit becomes ASCII. Scripts written without spaces outside CJK (Thai, Lao, Khmer...) are
  not segmented: a run is one word;
- CJK runs (Han, kana, Hangul) become overlapping bigrams followed by the run's last character
  as a unigram: '人工智能' -> '人工' '工智' '智能' '能'; a lone character is a unigram. The
  trailing unigram lets a one-character query find characters at the end of a run (the prefix
  query '能'* finds both '能' and '能力'), and it sits between the bigrams of neighbouring runs
  so a phrase never matches across punctuation;
- everything else (punctuation, symbols, emoji, whitespace) separates tokens;
- words longer than `MAX_TOKEN_CHARS` are truncated (PostgreSQL skips lexemes over 2 KB).

Queries: every query token is required (AND). A CJK run of two or more characters is a phrase
of its bigrams (FTS5 "人工 工智 智能", PostgreSQL '人工' <-> '工智' <-> '智能'), so a Chinese word
of any length matches exactly where it occurs as a substring. A one-character CJK run and the
final Latin word are prefix matches (search as you type). User input never reaches the engine's
query syntax: only analyzer tokens do, and they are quoted.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final, Literal

Backend = Literal["sqlite", "postgres"]

MAX_TOKEN_CHARS: Final = 64
MAX_QUERY_TOKENS: Final = 64

# Code point ranges whose letters are written without spaces and indexed as bigrams.
_CJK_RANGES: Final = (
    (0x1100, 0x11FF),  # Hangul Jamo
    (0x2E80, 0x2FDF),  # CJK and Kangxi radicals
    (0x3005, 0x3007),  # 々 〆 〇
    (0x3021, 0x3029),  # Hangzhou numerals
    (0x3031, 0x3035),  # kana repeat marks
    (0x3038, 0x303C),
    (0x3040, 0x30FF),  # Hiragana, Katakana (incl. ー)
    (0x3100, 0x312F),  # Bopomofo
    (0x3130, 0x318F),  # Hangul compatibility jamo
    (0x31A0, 0x31BF),  # Bopomofo extended
    (0x31F0, 0x31FF),  # Katakana phonetic extensions
    (0x3400, 0x4DBF),  # CJK extension A
    (0x4E00, 0x9FFF),  # CJK unified ideographs
    (0xA960, 0xA97F),  # Hangul Jamo extended A
    (0xAC00, 0xD7FF),  # Hangul syllables, Jamo extended B
    (0xF900, 0xFAFF),  # CJK compatibility ideographs
    (0x16FE0, 0x16FFF),  # ideographic symbols (iteration marks)
    (0x1AFF0, 0x1B16F),  # Kana extended and supplement
    (0x20000, 0x323AF),  # CJK extensions B to H, compatibility supplement
)
# Letters that FTS5's unicode61 treats as separators (New Tai Lue vowel signs and Vedic
# signs, which were marks in the Unicode version it follows): separators here too.
_SEPARATOR_LETTERS: Final = ((0x19B0, 0x19C0), (0x19C8, 0x19C9), (0x1CF2, 0x1CF3))

_CJK_CLASS: Final = "".join(f"\\U{lo:08x}-\\U{hi:08x}" for lo, hi in _CJK_RANGES)
_RUN: Final = re.compile(f"([{_CJK_CLASS}]+)|([^ {_CJK_CLASS}]+)")


def _in_ranges(code: int, ranges: tuple[tuple[int, int], ...]) -> bool:
    return any(lo <= code <= hi for lo, hi in ranges)


def _fold_char(ch: str) -> str:
    """Map one NFKC-normalized, lowercased character to its indexed form.

    A CJK letter stays itself, another letter loses its diacritics, a decimal digit becomes
    ASCII, a mark disappears (it belongs to the letter before it) and anything else becomes a
    space (a separator). Checked against every code point: what remains is a single,
    unchanged token to both FTS5 unicode61 and PostgreSQL's 'simple' parser.
    """
    code = ord(ch)
    category = unicodedata.category(ch)
    if category[0] == "M":
        return ""
    if category[0] not in "LN" or category == "No" or _in_ranges(code, _SEPARATOR_LETTERS):
        # 'No' (other numbers left after NFKC, e.g. Bengali currency numerators) are not word
        # characters to PostgreSQL's parser: separators here too.
        return " "
    if _in_ranges(code, _CJK_RANGES):
        return ch
    if category == "Nd":
        return str(unicodedata.decimal(ch))
    if ch == "ς":  # final sigma: lowercasing is context-dependent, the index must not be
        return "σ"
    base = "".join(
        c for c in unicodedata.normalize("NFD", ch) if unicodedata.category(c)[0] in "LN"
    )
    return base.lower() or " "


class _FoldTable(dict[int, str]):
    """`str.translate` table filled on first use: one Python call per distinct character.

    Real text uses a few thousand distinct characters; the cap keeps a document made of every
    code point from growing the table to a million entries.
    """

    MAX_ENTRIES: Final = 65536

    def __missing__(self, code: int) -> str:
        value = _fold_char(chr(code))
        if len(self) < self.MAX_ENTRIES:
            self[code] = value
        return value


_FOLD: Final = _FoldTable()


def _normalize(text: str) -> str:
    """NFKC, lowercase, fold: only CJK letters, other token characters and spaces remain."""
    return unicodedata.normalize("NFKC", text).lower().translate(_FOLD)


def _cjk_tokens(run: str) -> list[str]:
    if len(run) == 1:
        return [run]
    return [run[i : i + 2] for i in range(len(run) - 1)] + [run[-1]]


def _runs(text: str) -> Iterator[tuple[str, bool]]:
    """(run, is_cjk) for each maximal run of CJK or of other token characters."""
    for match in _RUN.finditer(_normalize(text)):
        cjk, word = match.groups()
        yield (cjk, True) if cjk else (word, False)


def analyze(text: str) -> list[str]:
    """The index tokens of `text`, in order (positions matter for CJK phrases)."""
    tokens: list[str] = []
    for run, cjk in _runs(text):
        if cjk:
            tokens.extend(_cjk_tokens(run))
        else:
            tokens.append(run[:MAX_TOKEN_CHARS])
    return tokens


def to_index_text(text: str) -> str:
    """What to store in the FTS5 column or feed to `to_tsvector('simple', ...)`."""
    return " ".join(analyze(text))


# ---------------------------------------------------------------------------------------------
# Queries


@dataclass(frozen=True, slots=True)
class QueryTerm:
    """One required part of a query: a token, or a phrase of consecutive tokens (CJK)."""

    tokens: tuple[str, ...]
    prefix: bool = False


def parse_query(query: str) -> list[QueryTerm]:
    """The required terms of a user query, deduplicated, at most `MAX_QUERY_TOKENS` tokens."""
    runs = list(_runs(query))
    terms: list[QueryTerm] = []
    budget = MAX_QUERY_TOKENS
    for index, (run, cjk) in enumerate(runs):
        if budget <= 0:
            break
        if cjk and len(run) > 1:
            bigrams = [run[i : i + 2] for i in range(len(run) - 1)][:budget]
            term = QueryTerm(tuple(bigrams))
        elif cjk:
            term = QueryTerm((run,), prefix=True)
        else:
            term = QueryTerm((run[:MAX_TOKEN_CHARS],), prefix=index == len(runs) - 1)
        if term not in terms:
            terms.append(term)
            budget -= len(term.tokens)
    return terms


def _fts5_string(token: str) -> str:
    return '"' + token.replace('"', '""') + '"'


def _tsquery_operand(token: str) -> str:
    return "'" + token.replace("\\", "\\\\").replace("'", "''") + "'"


def to_match_query(query: str, *, backend: Backend) -> str | None:
    """The engine query for a user query, or None when it has no searchable token.

    SQLite: an FTS5 MATCH expression (`... WHERE t MATCH ?`).
    PostgreSQL: a tsquery text for `to_tsquery('simple', %s)` (it is also valid as
    `%s::tsquery`, since its lexemes are already normalized).
    Always pass it as a bound parameter.
    """
    terms = parse_query(query)
    if not terms:
        return None
    parts: list[str] = []
    for term in terms:
        if backend == "sqlite":
            part = _fts5_string(" ".join(term.tokens))
            parts.append(part + "*" if term.prefix else part)
        else:
            operands = [_tsquery_operand(token) for token in term.tokens]
            if term.prefix:
                operands[-1] += ":*"
            phrase = " <-> ".join(operands)
            parts.append(f"({phrase})" if len(operands) > 1 else phrase)
    return (" AND " if backend == "sqlite" else " & ").join(parts)


# ---------------------------------------------------------------------------------------------
# Highlighting and snippets (offsets in the original text)


@dataclass(frozen=True, slots=True)
class _Unit:
    char: str  # one folded character
    start: int  # span of the original text it came from
    end: int


@functools.lru_cache(maxsize=4096)
def _extends_cluster(ch: str) -> bool:
    """Whether NFKC may compose `ch` with the character before it: marks, characters that
    normalize to a mark (halfwidth katakana voicing marks) and Hangul vowel/final jamo."""
    code = ord(ch)
    if 0x1160 <= code <= 0x11FF or 0xD7B0 <= code <= 0xD7FF:
        return True
    return unicodedata.category(unicodedata.normalize("NFKC", ch)[:1] or ch)[0] == "M"


def _unit_runs(text: str) -> list[tuple[list[_Unit], bool]]:
    """Like `_runs`, but keeping for every folded character its span in `text`."""
    runs: list[tuple[list[_Unit], bool]] = []
    current: list[_Unit] = []
    current_cjk = False
    i, n = 0, len(text)
    while i < n:
        j = i + 1
        while j < n and _extends_cluster(text[j]):
            j += 1
        for ch in _normalize(text[i:j]):
            if ch == " ":
                if current:
                    runs.append((current, current_cjk))
                current = []
                continue
            cjk = _in_ranges(ord(ch), _CJK_RANGES)
            if current and cjk != current_cjk:
                runs.append((current, current_cjk))
                current = []
            current_cjk = cjk
            current.append(_Unit(ch, i, j))
        i = j
    if current:
        runs.append((current, current_cjk))
    return runs


def highlight(text: str, query: str) -> list[tuple[int, int]]:
    """Sorted, merged (start, end) spans of `text` matching any term of `query`.

    Spans are offsets into `text` (Python string indexes), for the API to return as data; the
    client wraps them in <mark> itself, so no HTML is ever built from user text here.
    Words matching the final (prefix) term are highlighted whole; CJK terms mark exactly the
    matching characters.
    """
    terms = parse_query(query)
    if not terms or not text:
        return []
    fast = _highlight_one_to_one(text, terms)
    if fast is not None:
        return _merge(fast)
    spans: list[tuple[int, int]] = []
    for units, cjk in _unit_runs(text):
        chars = "".join(unit.char for unit in units)
        if not cjk:
            word = chars[:MAX_TOKEN_CHARS]
            for term in terms:
                token = term.tokens[0]
                if len(term.tokens) == 1 and (
                    word == token or (term.prefix and word.startswith(token))
                ):
                    spans.append((units[0].start, units[-1].end))
                    break
            continue
        for term in terms:
            needle = _cjk_needle(term)
            if needle is None:
                continue
            at = chars.find(needle)
            while at >= 0:
                spans.append((units[at].start, units[at + len(needle) - 1].end))
                at = chars.find(needle, at + 1)
    return _merge(spans)


class _OneToOneTable(dict[str, bool]):
    """Whether a character folds, on its own, to exactly one character and never combines
    with the one before it (filled on first use, like `_FoldTable`)."""

    def __missing__(self, ch: str) -> bool:
        value = not _extends_cluster(ch) and len(_normalize(ch)) == 1
        if len(self) < _FoldTable.MAX_ENTRIES:
            self[ch] = value
        return value


_ONE_TO_ONE: Final = _OneToOneTable()


@functools.lru_cache(maxsize=256)
def _word_starts(tokens: tuple[str, ...]) -> re.Pattern[str]:
    """Where a word beginning with one of `tokens` starts (after a space, a CJK letter or
    nothing) in folded text."""
    alternatives = "|".join(re.escape(token) for token in tokens)
    return re.compile(f"(?<![^ {_CJK_CLASS}])(?:{alternatives})")


_WORD_REST: Final = re.compile(f"[^ {_CJK_CLASS}]*")


def _highlight_one_to_one(text: str, terms: list[QueryTerm]) -> list[tuple[int, int]] | None:
    """`highlight`'s spans, unmerged, for text whose characters all fold one to one (nearly
    all real text), else None.

    Folding such a text as a whole keeps every offset, so hits are found in the folded text
    by `str.find` and one regex pass. `_unit_runs` costs several microseconds per character:
    too slow for the snippets of a page of search results. Same rules as the general path: a
    CJK needle always lies inside one CJK run; a word term matches a whole word (its first
    `MAX_TOKEN_CHARS` characters), or its beginning for the prefix term.
    """
    if not all(map(_ONE_TO_ONE.__getitem__, set(text))):
        return None
    folded = _normalize(text)
    if len(folded) != len(text):
        return None
    spans: list[tuple[int, int]] = []
    words: list[QueryTerm] = []
    for term in terms:
        needle = _cjk_needle(term)
        if needle is None:
            if len(term.tokens) == 1:
                words.append(term)
            continue
        at = folded.find(needle)
        while at >= 0:
            spans.append((at, at + len(needle)))
            at = folded.find(needle, at + 1)
    if words:
        for start in _word_starts(tuple(term.tokens[0] for term in words)).finditer(folded):
            end = _WORD_REST.match(folded, start.start()).end()  # type: ignore[union-attr]
            word = folded[start.start() : end][:MAX_TOKEN_CHARS]
            for term in words:
                token = term.tokens[0]
                if word == token or (term.prefix and word.startswith(token)):
                    spans.append((start.start(), end))
                    break
    return spans


def _cjk_needle(term: QueryTerm) -> str | None:
    """The CJK substring a term stands for ('人工' '工智' -> '人工智'), None for a word."""
    first = term.tokens[0]
    if not _in_ranges(ord(first[0]), _CJK_RANGES):
        return None
    return first + "".join(token[-1] for token in term.tokens[1:])


def _merge(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    merged: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


@dataclass(frozen=True, slots=True)
class Snippet:
    """A short excerpt around the first hit, whitespace collapsed, with highlight spans.

    `highlights` are (start, end) offsets into `text`. `start` is where the excerpt begins in
    the original text; `truncated_start` / `truncated_end` say whether the UI should show an
    ellipsis before / after it.
    """

    text: str
    highlights: list[tuple[int, int]]
    start: int
    truncated_start: bool
    truncated_end: bool


_WHITESPACE: Final = re.compile(r"\s+")


def snippet(text: str, query: str, length: int = 200) -> Snippet:
    """An excerpt of at most `length` characters: the beginning of `text` when the first hit
    fits in it (or there is none), else a window starting a little before the first hit."""
    spans = highlight(text, query)
    start = 0
    if spans and spans[0][1] > length:
        lead = length // 4
        start = max(0, spans[0][0] - lead)
        # Begin at a word boundary when one is near, rather than mid-word.
        space = text.find(" ", start, spans[0][0])
        if space != -1 and space - start < lead:
            start = space + 1
    end = min(len(text), start + length)
    if end < len(text):
        # End at a word boundary when one is near.
        space = text.rfind(" ", start + length // 2, end)
        if space != -1:
            end = space
    excerpt = _WHITESPACE.sub(" ", text[start:end]).strip()
    return Snippet(
        text=excerpt,
        highlights=highlight(excerpt, query),
        start=start,
        truncated_start=start > 0,
        truncated_end=end < len(text),
    )


# ---------------------------------------------------------------------------------------------
# Passages

_PARAGRAPH_END: Final = re.compile(r"\n\s*\n")
_LINE_END: Final = re.compile(r"\n")
_SENTENCE_END: Final = re.compile(r"[.!?;](?=\s)|[。！？；…]")
_SPACE: Final = re.compile(r"\s")


def passages(text: str, max_chars: int = 2000, overlap: int = 200) -> list[str]:
    """Split `text` into passages of at most `max_chars`, each starting with up to `overlap`
    characters of the previous one, so a phrase cut by a boundary is still found whole.

    Cuts prefer, in order, a paragraph break, a line break, a sentence end (Latin or CJK
    punctuation), whitespace, and only then any character, never in the first half of a
    passage. Passages are stripped; blank text gives no passage.
    """
    if max_chars <= 0 or not 0 <= overlap < max_chars // 2:
        raise ValueError("need max_chars > 0 and 0 <= overlap < max_chars / 2")
    stripped = text.strip()
    if len(stripped) <= max_chars:
        return [stripped] if stripped else []
    result: list[str] = []
    start, n = 0, len(text)
    while start < n:
        end = n if n - start <= max_chars else _cut(text, start + max_chars // 2, start + max_chars)
        piece = text[start:end].strip()
        if piece:
            result.append(piece)
        if end >= n:
            break
        start = _overlap_start(text, max(end - overlap, start + 1), end)
    return result


def _cut(text: str, lo: int, hi: int) -> int:
    """The best cut position in (lo, hi]: after the last boundary of the best kind found."""
    for pattern in (_PARAGRAPH_END, _LINE_END, _SENTENCE_END, _SPACE):
        best = -1
        for match in pattern.finditer(text, lo, hi):
            best = match.end()
        if best > lo:
            return best
    return hi


def _overlap_start(text: str, lo: int, end: int) -> int:
    """Where the next passage starts: the first boundary at or after `lo`, before `end`."""
    for pattern in (_SENTENCE_END, _SPACE):
        match = pattern.search(text, lo, end)
        if match is not None:
            return match.end()
    return lo
