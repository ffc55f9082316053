from __future__ import annotations

import os
import random
import sqlite3
import unicodedata
from collections.abc import Iterator

import pytest

from slidewright.materials.search.analyzer import (
    MAX_TOKEN_CHARS,
    Snippet,
    analyze,
    highlight,
    parse_query,
    passages,
    snippet,
    to_index_text,
    to_match_query,
)

POSTGRES_URL = os.environ.get(
    "SLIDEWRIGHT_TEST_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/test"
)

# -- analysis -----------------------------------------------------------------------------------


def test_cjk_runs_become_bigrams_and_a_final_unigram() -> None:
    assert analyze("人工智能") == ["人工", "工智", "智能", "能"]
    assert analyze("智能") == ["智能", "能"]


def test_a_single_cjk_character_stays_a_unigram() -> None:
    assert analyze("我") == ["我"]
    assert analyze("A 我 B") == ["a", "我", "b"]


def test_mixed_chinese_and_english() -> None:
    assert analyze("AI人工智能 report") == ["ai", "人工", "工智", "智能", "能", "report"]
    assert analyze("2024年Q3报告") == ["2024", "年", "q3", "报告", "告"]


def test_nfkc_lowercase_and_diacritics() -> None:
    assert analyze("ＡＩ") == ["ai"]
    assert analyze("Café RÉSUMÉ naïve Straße") == ["cafe", "resume", "naive", "straße"]
    assert analyze("ｶﾀｶﾅ") == ["カタ", "タカ", "カナ", "ナ"]  # halfwidth katakana
    assert analyze("①２③ ٣") == ["123", "3"]  # circled, fullwidth, Arabic-Indic digits


def test_punctuation_and_symbols_separate_tokens() -> None:
    assert analyze("Hello, world! 你好，世界。e-mail: a@b.c 🎉") == [
        "hello",
        "world",
        "你好",
        "好",
        "世界",
        "界",
        "e",
        "mail",
        "a",
        "b",
        "c",
    ]


def test_other_scripts_are_words() -> None:
    assert analyze("Привет мир Ελλάδα") == ["привет", "мир", "ελλαδα"]
    assert analyze("日本語のテキスト") == [
        "日本",
        "本語",
        "語の",
        "のテ",
        "テキ",
        "キス",
        "スト",
        "ト",
    ]
    assert analyze("한국어") == ["한국", "국어", "어"]


def test_long_words_are_truncated() -> None:
    assert analyze("x" * 500) == ["x" * MAX_TOKEN_CHARS]


def test_index_text_is_space_joined_tokens() -> None:
    assert to_index_text("AI人工智能!") == "ai 人工 工智 智能 能"
    assert to_index_text("  ,.;  ") == ""


# -- query building -----------------------------------------------------------------------------


def test_match_queries_for_both_backends() -> None:
    query = "AI人工智能 report"
    assert to_match_query(query, backend="sqlite") == '"ai" AND "人工 工智 智能" AND "report"*'
    assert to_match_query(query, backend="postgres") == (
        "'ai' & ('人工' <-> '工智' <-> '智能') & 'report':*"
    )


def test_single_cjk_character_and_final_word_are_prefixes() -> None:
    assert to_match_query("能", backend="sqlite") == '"能"*'
    assert to_match_query("rep 能", backend="postgres") == "'rep' & '能':*"


def test_query_without_tokens_is_none() -> None:
    assert to_match_query("  ?!  ", backend="sqlite") is None
    assert to_match_query("", backend="postgres") is None


HOSTILE_QUERIES = [
    '"',
    '""',
    "'",
    "*",
    "**",
    "AND",
    "a AND",
    "OR NOT",
    "NEAR(a b, 2)",
    "(",
    ")",
    "(a OR b) NOT c",
    "-foo",
    "^bar",
    "body:secret",
    "{body}: x",
    "a + b",
    "x' OR '1'='1",
    "'; DROP TABLE t; --",
    "\\",
    "a\\'b",
    "a & b | !c <-> d:*",
    "'a':* & 'b'",
    '人工"智能"*',
    "\x00nul",
    "a" * 5000,
    "人" * 3000,
    " ".join(f"w{i}" for i in range(500)),
]


@pytest.mark.parametrize("query", HOSTILE_QUERIES)
def test_user_input_never_reaches_query_syntax(query: str) -> None:
    for backend in ("sqlite", "postgres"):
        match = to_match_query(query, backend=backend)  # type: ignore[arg-type]
        if match is None:
            continue
        tokens = [token for term in parse_query(query) for token in term.tokens]
        assert len(tokens) <= 64
        for token in tokens:
            assert token.isalnum()
    db = fts5_db(["a b c"])
    match = to_match_query(query, backend="sqlite")
    if match is not None:
        db.execute("SELECT rowid FROM docs WHERE docs MATCH ?", (match,)).fetchall()


# -- round trips through the real engines ------------------------------------------------------

DOCS = {
    1: "人工智能正在改变世界",
    2: "智能手机市场报告",
    3: "人工成本上升",
    4: "AI人工智能 Report 2024",
    5: "The reporting season begins",
    6: "Café culture in 東京",
    7: "机器学习与深度学习。",
    8: "人工，智能",
    9: "Reports from the field",
    10: "日本語のテキスト",
    11: "한국어 텍스트 자료",
    12: 'ＡＩ and NEAR("quoted") text*',
}

EXPECTED = {
    "智能": {1, 2, 4, 8},
    "工智能": {1, 4},
    "人工智能": {1, 4},
    "人工": {1, 3, 4, 8},
    "能": {1, 2, 4, 8},
    "智": {1, 2, 4, 8},
    "世界": {1},
    "深度学习": {7},
    "学习": {7},
    "习": {7},
    "ai 人工智能": {4},
    "AI人工智能": {4},
    "人工智能 report": {4},
    "report": {4, 5, 9},
    "rep": {4, 5, 9},
    "REPORTS": {9},
    "report 2024": {4},
    "cafe": {6},
    "CAFÉ 東京": {6},
    "ＡＩ": {4, 12},
    "near quoted": {12},
    'NEAR("quoted")': {12},
    "テキスト": {10},
    "텍스트": {11},
    "국어": {11},
    "智能手机": {2},
    "能手": {2},
    "能，智": {1, 2, 4, 8},  # two one-character terms, both required, anywhere
    "人工智能手机": set(),
    "nothing": set(),
}


def fts5_db(bodies: list[str]) -> sqlite3.Connection:
    db = sqlite3.connect(":memory:")
    db.execute("CREATE VIRTUAL TABLE docs USING fts5(body, tokenize='unicode61')")
    db.executemany(
        "INSERT INTO docs(rowid, body) VALUES (?, ?)",
        [(i, to_index_text(body)) for i, body in enumerate(bodies, 1)],
    )
    return db


def sqlite_hits(db: sqlite3.Connection, query: str) -> set[int]:
    match = to_match_query(query, backend="sqlite")
    if match is None:
        return set()
    return {row[0] for row in db.execute("SELECT rowid FROM docs WHERE docs MATCH ?", (match,))}


@pytest.fixture(scope="module")
def sqlite_docs() -> sqlite3.Connection:
    db = sqlite3.connect(":memory:")
    db.execute("CREATE VIRTUAL TABLE docs USING fts5(body, tokenize='unicode61')")
    db.executemany(
        "INSERT INTO docs(rowid, body) VALUES (?, ?)",
        [(i, to_index_text(body)) for i, body in DOCS.items()],
    )
    return db


@pytest.fixture(scope="module")
def postgres() -> Iterator[object]:
    psycopg = pytest.importorskip("psycopg")
    try:
        connection = psycopg.connect(POSTGRES_URL, connect_timeout=3, autocommit=True)
    except psycopg.OperationalError:
        pytest.skip(f"PostgreSQL is not reachable at {POSTGRES_URL}")
    with connection:
        connection.execute("CREATE TEMP TABLE docs (id int PRIMARY KEY, body tsvector)")
        with connection.cursor() as cursor:
            cursor.executemany(
                "INSERT INTO docs VALUES (%s, to_tsvector('simple', %s))",
                [(i, to_index_text(body)) for i, body in DOCS.items()],
            )
        yield connection


def postgres_hits(connection: object, query: str) -> set[int]:
    match = to_match_query(query, backend="postgres")
    if match is None:
        return set()
    rows = connection.execute(  # type: ignore[attr-defined]
        "SELECT id FROM docs WHERE body @@ to_tsquery('simple', %s)", (match,)
    ).fetchall()
    return {row[0] for row in rows}


@pytest.mark.parametrize(("query", "expected"), EXPECTED.items())
def test_sqlite_fts5_finds_the_right_rows(
    sqlite_docs: sqlite3.Connection, query: str, expected: set[int]
) -> None:
    assert sqlite_hits(sqlite_docs, query) == expected


@pytest.mark.parametrize(("query", "expected"), EXPECTED.items())
def test_postgres_finds_the_same_rows(postgres: object, query: str, expected: set[int]) -> None:
    assert postgres_hits(postgres, query) == expected


def _substring_queries() -> list[str]:
    """Every CJK substring (1-5 characters) and every word prefix of the documents, plus
    random pairs of them: the hit sets must agree with plain substring search and across
    both engines."""
    rng = random.Random(7)
    queries: set[str] = set()
    for body in DOCS.values():
        for token in body.split():
            for size in range(1, 6):
                for start in range(len(token) - size + 1):
                    queries.add(token[start : start + size])
    singles = sorted(queries)
    queries.update(f"{rng.choice(singles)} {rng.choice(singles)}" for _ in range(200))
    return sorted(queries)


def test_every_substring_query_agrees_between_engines(
    sqlite_docs: sqlite3.Connection, postgres: object
) -> None:
    for query in _substring_queries():
        assert sqlite_hits(sqlite_docs, query) == postgres_hits(postgres, query), query


def test_cjk_queries_behave_like_substring_search(sqlite_docs: sqlite3.Connection) -> None:
    for query in _substring_queries():
        if not all("\u4e00" <= ch <= "\u9fff" for ch in query):
            continue
        expected = {i for i, body in DOCS.items() if query in body}
        assert sqlite_hits(sqlite_docs, query) == expected, query


@pytest.mark.parametrize("query", HOSTILE_QUERIES)
def test_hostile_queries_are_literal_on_postgres(postgres: object, query: str) -> None:
    postgres_hits(postgres, query)  # never a syntax error


def _every_code_point_documents(block: int) -> list[str]:
    """Every assigned, non-private code point, inside a Latin word and after a Han character,
    `block` code points per document."""
    assigned = [
        chr(c) for c in range(0x110000) if unicodedata.category(chr(c)) not in ("Cn", "Co", "Cs")
    ]
    return [
        " ".join(f"a{ch}b 人{ch}" for ch in assigned[i : i + block])
        for i in range(0, len(assigned), block)
    ]


def test_index_tokens_survive_fts5_unchanged_for_every_code_point() -> None:
    """FTS5 re-tokenizes the analyzer's output: each token must stay one, unchanged, token."""
    db = sqlite3.connect(":memory:")
    db.execute("CREATE VIRTUAL TABLE docs USING fts5(body, tokenize='unicode61')")
    db.execute("CREATE VIRTUAL TABLE terms USING fts5vocab(docs, 'instance')")
    indexed = [to_index_text(doc) for doc in _every_code_point_documents(0x2000)]
    db.executemany("INSERT INTO docs(rowid, body) VALUES (?, ?)", enumerate(indexed, 1))
    seen: dict[int, dict[int, str]] = {}
    for term, doc, offset in db.execute("SELECT term, doc, offset FROM terms"):
        seen.setdefault(doc, {})[offset] = term
    for rowid, text in enumerate(indexed, 1):
        tokens = text.split()
        by_offset = seen.get(rowid, {})
        assert [by_offset.get(i) for i in range(len(tokens))] == tokens
        assert len(by_offset) == len(tokens)


def test_index_tokens_survive_postgres_unchanged_for_every_code_point(postgres: object) -> None:
    # Small documents: PostgreSQL keeps at most 256 positions per lexeme.
    indexed = [to_index_text(doc) for doc in _every_code_point_documents(0x100)]
    rows = postgres.execute(  # type: ignore[attr-defined]
        "SELECT n, array(SELECT lexeme FROM unnest(to_tsvector('simple', body)) ORDER BY 1) "
        "FROM unnest(%s::text[]) WITH ORDINALITY AS u(body, n)",
        (indexed,),
    ).fetchall()
    for n, lexemes in rows:
        assert lexemes == sorted(set(indexed[n - 1].split()))


# -- highlight and snippet ----------------------------------------------------------------------


def test_highlight_returns_spans_of_the_original_text() -> None:
    text = "Our ＡＩ人工智能 reporting, and 人工 costs."
    spans = highlight(text, "ai 人工智能 rep")
    assert [text[start:end] for start, end in spans] == ["ＡＩ人工智能", "reporting"]


def test_decomposed_and_composed_text_analyze_and_highlight_alike() -> None:
    decomposed = "cafe\u0301 \u304b\u3099\u304d\u3099 \uff76\uff9e\uff77\uff9e \u1100\u1161\u11a8"
    composed = "café がぎ ガギ 각"
    assert analyze(decomposed) == analyze(composed)
    for word in composed.split():
        spans = highlight(decomposed, word)
        assert len(spans) >= 1, word
    assert [decomposed[s:e] for s, e in highlight(decomposed, "ガギ")] == [
        "\uff76\uff9e\uff77\uff9e"
    ]
    assert highlight("ΟΔΟΣ", "οδος") == [(0, 4)]  # final sigma


def test_highlight_single_cjk_character_and_no_html() -> None:
    text = "<b>能</b> 能力 可能"
    spans = highlight(text, "能")
    assert [text[start:end] for start, end in spans] == ["能", "能", "能"]
    assert all(isinstance(span, tuple) for span in spans)


def test_highlight_without_terms_is_empty() -> None:
    assert highlight("anything", "!!") == []
    assert highlight("", "x") == []


def test_snippet_of_a_short_text_is_the_text() -> None:
    result = snippet("Quarterly  report\nfor 2024", "report")
    assert result == Snippet(
        text="Quarterly report for 2024",
        highlights=[(10, 16)],
        start=0,
        truncated_start=False,
        truncated_end=False,
    )


def test_snippet_moves_to_the_first_hit() -> None:
    text = "filler words " * 60 + "the key 人工智能 finding is here " + "tail " * 60
    result = snippet(text, "人工智能", length=200)
    assert len(result.text) <= 200
    assert result.truncated_start and result.truncated_end
    assert [result.text[s:e] for s, e in result.highlights] == ["人工智能"]


def test_snippet_without_hit_is_the_beginning() -> None:
    result = snippet("word " * 100, "absent")
    assert result.start == 0 and not result.truncated_start and result.truncated_end
    assert result.highlights == []


# -- passages -----------------------------------------------------------------------------------


def test_short_text_is_one_passage() -> None:
    assert passages("  Hello world.  ") == ["Hello world."]
    assert passages(" \n ") == []


def test_passages_split_at_paragraphs_within_the_limit() -> None:
    paragraphs = [f"Paragraph {i}. " + "word " * 60 for i in range(30)]
    text = "\n\n".join(paragraphs)
    parts = passages(text, max_chars=1000, overlap=100)
    assert len(parts) > 1
    assert all(len(part) <= 1000 for part in parts)
    assert parts[0].endswith(paragraphs[2].strip())  # cut right after a paragraph


def test_passages_overlap_so_nothing_is_lost_at_a_boundary() -> None:
    rng = random.Random(3)
    sentences = ["人工智能改变世界。", "Machine learning works. ", "深度学习！", "Data\n"]
    text = "".join(rng.choice(sentences) for _ in range(800))
    parts = passages(text, max_chars=500, overlap=120)
    assert all(len(part) <= 500 for part in parts)
    for start in range(0, len(text) - 60, 7):
        window = text[start : start + 60]
        if window == window.strip():
            assert any(window in part for part in parts), window


def test_passages_cut_cjk_text_at_sentence_ends() -> None:
    text = "这是一个句子。" * 400
    parts = passages(text, max_chars=300, overlap=50)
    assert all(part.endswith("。") for part in parts)


def test_passages_without_any_boundary_are_cut_hard() -> None:
    parts = passages("x" * 2500, max_chars=1000, overlap=100)
    assert [len(part) for part in parts] == [1000, 1000, 700]


def test_passages_reject_bad_arguments() -> None:
    with pytest.raises(ValueError):
        passages("text", max_chars=100, overlap=60)
