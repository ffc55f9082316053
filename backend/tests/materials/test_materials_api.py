"""Materials through the API: upload, typed text, edits, delete, search, and isolation between
two users. The same tests run on SQLite and on PostgreSQL (SLIDEWRIGHT_TEST_DATABASE_URL), with
the same expected hits."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path
from typing import Any

import docx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import text

from slidewright.materials import service
from tests.corpus import require_corpus
from tests.helpers import SignedIn, signup

DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
NOT_FOUND_EN = (
    "Material not found. It might have been deleted or you don't have permission to view it."
)


@pytest.fixture
def alice(client: TestClient) -> SignedIn:
    signup(client, "admin@example.com", name="Admin")
    return signup(client, "alice@example.com", name="Alice")


@pytest.fixture
def bob(client: TestClient, alice: SignedIn) -> SignedIn:
    return signup(client, "bob@example.com", name="Bob")


def upload(
    client: TestClient,
    who: SignedIn,
    name: str,
    data: bytes,
    *,
    kind: str | None = None,
    content_type: str = "application/octet-stream",
    headers: dict[str, str] | None = None,
) -> Any:
    form = {"type": kind} if kind else None
    return client.post(
        "/api/materials",
        files={"file": (name, data, content_type)},
        data=form,
        headers={**who.headers, **(headers or {})},
    )


def uploaded(client: TestClient, who: SignedIn, name: str, data: bytes, **kwargs: Any) -> dict:
    response = upload(client, who, name, data, **kwargs)
    assert response.status_code == 201, response.text
    return response.json()


def create_text(client: TestClient, who: SignedIn, filename: str, content: str) -> dict:
    response = client.post(
        "/api/materials/text",
        json={"filename": filename, "content": content},
        headers=who.headers,
    )
    assert response.status_code == 201, response.text
    return response.json()


def search(client: TestClient, who: SignedIn, query: str, **extra: Any) -> dict:
    response = client.post(
        "/api/materials/search", json={"query": query, **extra}, headers=who.headers
    )
    assert response.status_code == 200, response.text
    return response.json()


def found_names(client: TestClient, who: SignedIn, query: str) -> set[str]:
    body = search(client, who, query)
    names = {result["material"]["fileMeta"]["filename"] for result in body["results"]}
    assert body["total"] == len(names)
    return names


def word_document(*paragraphs: str, table: list[list[str]] | None = None) -> bytes:
    document = docx.Document()
    document.add_heading(paragraphs[0], level=1)
    for paragraph in paragraphs[1:]:
        document.add_paragraph(paragraph)
    if table:
        grid = document.add_table(rows=len(table), cols=len(table[0]))
        for r, row in enumerate(table):
            for c, value in enumerate(row):
                grid.cell(r, c).text = value
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()


def blob_keys(app: FastAPI) -> list[str]:
    return app.state.services.blobs.list("materials/")


# -- upload and create ---------------------------------------------------------------------------


def test_upload_gb18030_chinese_txt(client: TestClient, app: FastAPI, alice: SignedIn) -> None:
    content = "第一章 项目背景\r\n人工智能正在改变演示文稿的制作方式。\r\n"
    data = content.encode("gb18030")
    body = uploaded(client, alice, "背景.txt", data, kind="text", content_type="text/plain")
    assert body["fileMeta"] == {
        "filename": "背景.txt",
        "type": "txt",
        "size": len(data),
        "parsedText": content.replace("\r\n", "\n"),
    }
    assert body["projectId"] is None
    assert body["enabled"] is True
    assert body["tags"] == []
    assert body["createdAt"] and body["updatedAt"]
    assert blob_keys(app) == [f"materials/{alice.user['_id']}/{body['_id']}/original.txt"]


def test_upload_markdown_keeps_headings(client: TestClient, alice: SignedIn) -> None:
    data = "# 年度计划\n\nSome **bold** text and a [link](https://example.com).\n".encode()
    body = uploaded(client, alice, "plan.MD", data)
    assert body["fileMeta"]["type"] == "md"
    assert body["fileMeta"]["parsedText"].splitlines()[0] == "# 年度计划"
    assert "Some bold text and a link." in body["fileMeta"]["parsedText"]


def test_upload_chinese_docx(client: TestClient, app: FastAPI, alice: SignedIn) -> None:
    data = word_document(
        "市场分析报告",
        "今年智能手机市场持续增长。",
        table=[["地区", "份额"], ["华东", "35%"]],
    )
    body = uploaded(client, alice, "市场分析.docx", data, kind="docx", content_type=DOCX)
    assert body["fileMeta"]["type"] == "docx"
    assert body["fileMeta"]["size"] == len(data)
    assert body["fileMeta"]["parsedText"] == (
        "# 市场分析报告\n今年智能手机市场持续增长。\n地区 | 份额\n华东 | 35%"
    )
    stored = app.state.services.blobs.get(
        f"materials/{alice.user['_id']}/{body['_id']}/original.docx"
    )
    assert stored == data
    assert found_names(client, alice, "手机") == {"市场分析.docx"}


def test_create_text_material(client: TestClient, app: FastAPI, alice: SignedIn) -> None:
    body = create_text(client, alice, "  会议 纪要  ", "第一行\r\n第二行")
    assert body["fileMeta"] == {
        "filename": "会议 纪要",
        "type": "text",
        "size": len("第一行\n第二行".encode()),
        "parsedText": "第一行\n第二行",
    }
    assert blob_keys(app) == []  # typed text has no original file


def test_typed_text_posted_as_a_file(client: TestClient, app: FastAPI, alice: SignedIn) -> None:
    """How the web app's create-text dialog posts: a file without an extension, type 'text'."""
    body = uploaded(client, alice, "会议纪要", "讨论了预算。".encode(), kind="text")
    assert body["fileMeta"]["type"] == "text"
    assert body["fileMeta"]["parsedText"] == "讨论了预算。"
    assert blob_keys(app) == []


@pytest.mark.parametrize(
    ("filename", "content", "code"),
    [
        ("", "some text", "filename_required"),
        ("   ", "some text", "filename_required"),
        ("notes", "", "content_required"),
        ("notes", " \n\t ", "content_required"),
    ],
)
def test_text_material_needs_filename_and_content(
    client: TestClient, alice: SignedIn, filename: str, content: str, code: str
) -> None:
    response = client.post(
        "/api/materials/text",
        json={"filename": filename, "content": content},
        headers={**alice.headers, "Accept-Language": "zh-CN"},
    )
    assert response.status_code == 422
    assert response.json()["errorCode"] == code
    assert response.json()["message"] in {"请输入文件名。", "请输入内容。"}


def test_typed_text_file_needs_content(client: TestClient, alice: SignedIn) -> None:
    response = upload(client, alice, "notes", b"   ", kind="text")
    assert response.status_code == 422
    assert response.json()["errorCode"] == "content_required"


def _zip(entries: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in entries.items():
            archive.writestr(name, data)
    return buffer.getvalue()


@pytest.mark.parametrize(
    ("name", "data", "kind", "status", "code"),
    [
        ("slides.pdf", b"%PDF-1.7 ...", None, 400, "unsupported_material_type"),
        ("deck.pptx", b"PK\x03\x04", "docx", 400, "unsupported_material_type"),
        ("no-extension", b"hello", None, 400, "unsupported_material_type"),
        ("image.txt", b"\x89PNG\r\n\x1a\n" + bytes(200), None, 400, "invalid_text"),
        ("binary.md", bytes(range(256)) * 4, None, 400, "invalid_text"),
        ("broken.docx", b"this is not a zip", "docx", 400, "invalid_docx"),
        ("empty.docx", b"", "docx", 400, "invalid_docx"),
        ("other.docx", _zip({"hello.txt": b"hi"}), "docx", 400, "invalid_docx"),
        (
            "truncated.docx",
            word_document("标题", "正文")[:700],
            "docx",
            400,
            "invalid_docx",
        ),
        (
            "legacy.docx",
            b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(600),
            "docx",
            400,
            "encrypted_or_legacy_file",
        ),
    ],
)
def test_bad_files_get_typed_errors(
    client: TestClient,
    app: FastAPI,
    alice: SignedIn,
    name: str,
    data: bytes,
    kind: str | None,
    status: int,
    code: str,
) -> None:
    response = upload(client, alice, name, data, kind=kind, headers={"Accept-Language": "zh-CN"})
    assert response.status_code == status, response.text
    body = response.json()
    assert body["errorCode"] == code
    assert body["message"] and not body["message"].isascii()  # translated
    assert blob_keys(app) == []
    assert client.get("/api/materials", headers=alice.headers).json() == []


def test_oversized_file_is_rejected(
    client: TestClient, alice: SignedIn, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(service, "MAX_FILE_BYTES", 2048)
    response = upload(client, alice, "big.txt", b"a" * 2049)
    assert response.status_code == 413
    assert response.json()["errorCode"] == "file_too_large"


def test_overlong_text_is_rejected(
    client: TestClient, alice: SignedIn, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(service, "MAX_TEXT_CHARS", 10)
    response = client.post(
        "/api/materials/text",
        json={"filename": "long", "content": "x" * 11},
        headers=alice.headers,
    )
    assert response.status_code == 413
    assert response.json()["errorCode"] == "material_too_long"


def test_corpus_docx_files_are_stored_or_rejected_cleanly(
    client: TestClient, alice: SignedIn
) -> None:
    for path in require_corpus("docx"):
        response = upload(client, alice, path.name, Path(path).read_bytes(), kind="docx")
        assert response.status_code in (201, 400, 413), (path.name, response.text)
        if response.status_code != 201:
            assert response.json()["errorCode"] in {
                "invalid_docx",
                "encrypted_or_legacy_file",
                "unsafe_archive",
                "file_too_large",
            }, path.name


# -- list, get, edit, delete ---------------------------------------------------------------------


def test_list_is_newest_first_and_private(
    client: TestClient, alice: SignedIn, bob: SignedIn
) -> None:
    first = create_text(client, alice, "first", "one")
    second = create_text(client, alice, "second", "two")
    theirs = create_text(client, bob, "bob's", "three")
    listed = client.get("/api/materials", headers=alice.headers).json()
    assert [m["_id"] for m in listed] == [second["_id"], first["_id"]]
    assert [m["_id"] for m in client.get("/api/materials", headers=bob.headers).json()] == [
        theirs["_id"]
    ]
    got = client.get(f"/api/materials/{first['_id']}", headers=alice.headers)
    assert got.status_code == 200
    assert got.json() == first


@pytest.mark.parametrize(
    ("method", "suffix", "body"),
    [
        ("GET", "", None),
        ("PUT", "", {"tags": ["mine"]}),
        ("DELETE", "", None),
        ("POST", "/toggle-enabled", None),
    ],
)
def test_another_users_material_is_not_found(
    client: TestClient,
    alice: SignedIn,
    bob: SignedIn,
    method: str,
    suffix: str,
    body: dict | None,
) -> None:
    material = create_text(client, alice, "private", "alice only")
    response = client.request(
        method, f"/api/materials/{material['_id']}{suffix}", json=body, headers=bob.headers
    )
    assert response.status_code == 404
    assert response.json()["errorCode"] == "material_not_found"
    assert response.json()["message"] == NOT_FOUND_EN
    zh = client.get(
        f"/api/materials/{material['_id']}", headers={**bob.headers, "Accept-Language": "zh-CN"}
    )
    assert zh.json()["message"] == "未找到资料。它可能已被删除，或者您无权查看。"
    # Untouched for its owner.
    assert client.get(f"/api/materials/{material['_id']}", headers=alice.headers).json() == (
        material
    )


def test_toggle_enabled(client: TestClient, alice: SignedIn) -> None:
    material = create_text(client, alice, "notes", "text")
    url = f"/api/materials/{material['_id']}/toggle-enabled"
    assert client.post(url, headers=alice.headers).json()["enabled"] is False
    assert client.post(url, headers=alice.headers).json()["enabled"] is True
    listed = client.get("/api/materials", headers=alice.headers).json()
    assert listed[0]["enabled"] is True


def test_update_tags_enabled_and_filename(client: TestClient, alice: SignedIn) -> None:
    material = create_text(client, alice, "旧名称", "预算草案")
    url = f"/api/materials/{material['_id']}"
    response = client.put(
        url,
        json={"tags": [" 财务 ", "财务", "", "Q3  plan"], "enabled": False},
        headers=alice.headers,
    )
    assert response.status_code == 200
    assert response.json()["tags"] == ["财务", "Q3 plan"]
    assert response.json()["enabled"] is False
    assert response.json()["fileMeta"]["filename"] == "旧名称"
    renamed = client.put(url, json={"filename": "新名称.txt"}, headers=alice.headers).json()
    assert renamed["fileMeta"]["filename"] == "新名称.txt"
    assert renamed["tags"] == ["财务", "Q3 plan"]
    # The filename is indexed again: the new name is found, the old one no longer.
    assert found_names(client, alice, "新名称") == {"新名称.txt"}
    assert found_names(client, alice, "旧名称") == set()
    assert found_names(client, alice, "预算") == {"新名称.txt"}
    blank = client.put(url, json={"filename": "  "}, headers=alice.headers)
    assert blank.status_code == 422
    assert blank.json()["errorCode"] == "filename_required"


def test_delete_removes_row_index_and_file(
    client: TestClient, app: FastAPI, alice: SignedIn
) -> None:
    material = uploaded(client, alice, "删除我.txt", "唯一的内容".encode())
    assert len(blob_keys(app)) == 1
    assert found_names(client, alice, "唯一") == {"删除我.txt"}
    response = client.delete(f"/api/materials/{material['_id']}", headers=alice.headers)
    assert response.status_code == 204
    assert client.get(f"/api/materials/{material['_id']}", headers=alice.headers).status_code == (
        404
    )
    assert blob_keys(app) == []
    assert found_names(client, alice, "唯一") == set()


def test_index_follows_cascading_deletes(client: TestClient, app: FastAPI, alice: SignedIn) -> None:
    """Deleting a user drops their materials, passages and (on SQLite, by trigger) FTS rows."""
    create_text(client, alice, "a", "人工智能 " * 2000)
    engine = app.state.engine
    with engine.begin() as connection:
        passages = connection.execute(text("SELECT count(*) FROM material_passages")).scalar()
        assert passages and passages > 1
        if engine.dialect.name == "sqlite":
            fts = "SELECT count(*) FROM material_passages_fts"
            assert connection.execute(text(fts)).scalar() == passages
        connection.execute(text("DELETE FROM users WHERE id = :id"), {"id": alice.user["_id"]})
        assert connection.execute(text("SELECT count(*) FROM material_passages")).scalar() == 0
        if engine.dialect.name == "sqlite":
            assert connection.execute(text(fts)).scalar() == 0


# -- search --------------------------------------------------------------------------------------

LIBRARY = {
    "ai.txt": "人工智能正在改变世界。AI will change how decks are made.",
    "phones.md": "# 智能手机市场报告\n\n今年智能手机出货量增长。",
    "costs.txt": "人工成本上升，需要控制预算。",
    "report-2024.txt": "AI人工智能 Report 2024: the reporting season begins.",
    "learning.txt": "机器学习与深度学习的区别。",
    "punctuated.txt": "人工，智能",
    "field.txt": "Reports from the field, and a café in 東京.",
    "学习计划.txt": "Plans for next year.",
}

EXPECTED = {
    # two-character Chinese words
    "智能": {"ai.txt", "phones.md", "report-2024.txt", "punctuated.txt"},
    "人工": {"ai.txt", "costs.txt", "report-2024.txt", "punctuated.txt"},
    "学习": {"learning.txt", "学习计划.txt"},  # text, and the filename
    # three- and four-character words: substrings, never across punctuation
    "工智能": {"ai.txt", "report-2024.txt"},
    "人工智能": {"ai.txt", "report-2024.txt"},
    "智能手机": {"phones.md"},
    "深度学习": {"learning.txt"},
    "人工智能手机": set(),
    # mixed Chinese and English, every term required
    "AI人工智能": {"ai.txt", "report-2024.txt"},
    "人工智能 report": {"report-2024.txt"},
    "ai 世界": {"ai.txt"},
    # English, the last word as a prefix; case and accents folded
    "rep": {"report-2024.txt", "field.txt"},
    "REPORTS": {"field.txt"},
    "report 2024": {"report-2024.txt"},
    "Cafe 东京": set(),  # 東 and 东 are different characters
    "CAFÉ 東京": {"field.txt"},
    "plans next": {"学习计划.txt"},
    # a single Chinese character is a prefix too
    "习": {"learning.txt", "学习计划.txt"},
    "nothing": set(),
}


@pytest.fixture
def library(client: TestClient, alice: SignedIn, bob: SignedIn) -> dict[str, dict]:
    materials = {name: create_text(client, alice, name, body) for name, body in LIBRARY.items()}
    # Bob has the same words: never in Alice's results, and the other way round.
    create_text(client, bob, "bob.txt", "人工智能 智能手机 report 学习")
    return materials


@pytest.mark.parametrize(("query", "expected"), EXPECTED.items())
def test_search_finds_exactly_the_expected_materials(
    client: TestClient, alice: SignedIn, library: dict[str, dict], query: str, expected: set[str]
) -> None:
    assert found_names(client, alice, query) == expected


def test_search_is_private(
    client: TestClient, alice: SignedIn, bob: SignedIn, library: dict
) -> None:
    assert found_names(client, bob, "智能手机") == {"bob.txt"}
    assert found_names(client, bob, "机器学习") == set()
    assert "bob.txt" not in found_names(client, alice, "人工智能")


def test_search_results_are_newest_first_and_paged(
    client: TestClient, alice: SignedIn, library: dict
) -> None:
    body = search(client, alice, "人工", limit=2)
    assert body["query"] == "人工"
    assert body["total"] == 4
    names = [r["material"]["fileMeta"]["filename"] for r in body["results"]]
    assert names == ["punctuated.txt", "report-2024.txt"]  # the last two created
    assert body["results"][0]["material"] == library["punctuated.txt"]
    page_two = search(client, alice, "人工", limit=2, offset=2)
    assert page_two["total"] == 4
    assert [r["material"]["fileMeta"]["filename"] for r in page_two["results"]] == [
        "costs.txt",
        "ai.txt",
    ]
    past_the_end = search(client, alice, "人工", offset=10)
    assert (past_the_end["total"], past_the_end["results"]) == (4, [])


def _marked(text_: str, spans: list[list[int]]) -> list[str]:
    return [text_[start:end] for start, end in spans]


def test_highlights_are_offsets_of_the_hits(
    client: TestClient, alice: SignedIn, library: dict
) -> None:
    [result] = search(client, alice, "人工智能 REP")["results"]
    snippet = result["snippet"]
    assert snippet["text"] == LIBRARY["report-2024.txt"]
    assert _marked(snippet["text"], snippet["highlights"]) == ["人工智能", "Report", "reporting"]
    assert result["filenameHighlights"] == [[0, 6]]  # "report" in "report-2024.txt"
    assert snippet["truncatedStart"] is False
    assert snippet["truncatedEnd"] is False
    [by_name] = search(client, alice, "学习计划")["results"]
    assert _marked(by_name["material"]["fileMeta"]["filename"], by_name["filenameHighlights"]) == [
        "学习计划"
    ]
    assert by_name["snippet"]["highlights"] == []


def test_snippet_is_200_characters_around_the_first_hit(
    client: TestClient, alice: SignedIn
) -> None:
    before = "这是一段很长的开头文字，" * 30
    after = "后面还有更多的内容。" * 30
    create_text(client, alice, "long.txt", before + "关键结论在这里" + after)
    [result] = search(client, alice, "关键结论")["results"]
    snippet = result["snippet"]
    assert len(snippet["text"]) <= 200
    assert "关键结论" in snippet["text"]
    assert _marked(snippet["text"], snippet["highlights"]) == ["关键结论"]
    assert snippet["truncatedStart"] is True
    assert snippet["truncatedEnd"] is True
    [start] = search(client, alice, "开头")["results"]
    assert start["snippet"]["truncatedStart"] is False
    assert start["snippet"]["truncatedEnd"] is True
    assert start["snippet"]["text"].startswith("这是一段很长的开头文字")


def test_markdown_snippets_show_the_text_as_read(client: TestClient, alice: SignedIn) -> None:
    source = "# Quarterly review\n\n## Revenue\n\nRevenue grew in the north.\n\n```\ncode\n```\n"
    uploaded(client, alice, "q3.md", source.encode())
    [result] = search(client, alice, "revenue")["results"]
    text = result["snippet"]["text"]
    assert "#" not in text and "```" not in text
    assert "Quarterly review" in text
    assert _marked(text, result["snippet"]["highlights"]) == ["Revenue", "Revenue"]


def test_long_text_is_found_in_every_passage(client: TestClient, alice: SignedIn) -> None:
    paragraphs = [f"Paragraph {i}: " + "普通的内容，没有特别之处。" * 20 for i in range(60)]
    paragraphs[3] += " 早期的独特词语"
    paragraphs[57] += " 末尾的罕见短语 zebra"
    body = "\n\n".join(paragraphs)
    assert len(body) > 8 * 2000  # at least 9 passages
    create_text(client, alice, "long.txt", body)
    [late] = search(client, alice, "罕见短语 zeb")["results"]
    assert "罕见短语" in late["snippet"]["text"]
    assert late["snippet"]["truncatedStart"] is True  # a later passage
    assert _marked(late["snippet"]["text"], late["snippet"]["highlights"]) == ["罕见短语", "zebra"]
    [early] = search(client, alice, "独特词语")["results"]
    assert "独特词语" in early["snippet"]["text"]
    assert early["snippet"]["truncatedEnd"] is True
    # Terms that never share a passage do not match together.
    assert found_names(client, alice, "独特词语 罕见短语") == set()


HOSTILE = [
    "",
    "   ",
    '"',
    '"""',
    "'",
    "*",
    "**",
    "智能*",
    "NEAR",
    "NEAR(人工 智能)",
    "a NEAR/2 b",
    "(",
    ")",
    "((智能)",
    "AND",
    "OR NOT",
    "-智能",
    "^report",
    "tokens:智能",
    "{tokens}: a",
    "a & b | !c <-> d:*",
    "\\",
    "'; DROP TABLE materials; --",
    "%_%",
    "😀🎉",
    "ＡＩ",
    "智" * 500,
    "".join(chr(0x4E00 + i) for i in range(500)),  # 499 bigrams: more than the query cap
    " ".join(f"w{i}" for i in range(120)),
]


@pytest.mark.parametrize("query", HOSTILE, ids=range(len(HOSTILE)))
def test_hostile_queries_never_fail(
    client: TestClient, alice: SignedIn, library: dict, query: str
) -> None:
    if "\x00" in query:  # NUL is refused for every JSON body, with a typed 422
        response = client.post(
            "/api/materials/search", json={"query": query}, headers=alice.headers
        )
        assert response.json()["errorCode"] == "validation_error"
        return
    body = search(client, alice, query)
    assert body["total"] == len(body["results"])


@pytest.mark.parametrize("query", ["a" * 501, "智能\x00"])
def test_overlong_and_nul_queries_are_validation_errors(
    client: TestClient, alice: SignedIn, query: str
) -> None:
    response = client.post("/api/materials/search", json={"query": query}, headers=alice.headers)
    assert response.status_code == 422
    assert response.json()["errorCode"] == "validation_error"


def test_control_characters_are_dropped_from_uploaded_filenames(
    client: TestClient, alice: SignedIn
) -> None:
    # Built by hand: HTTP clients percent-encode them, but a raw request can carry them.
    head = 'Content-Disposition: form-data; name="file"; filename="年度\x00报告\x07.txt"'
    body = f"--b0\r\n{head}\r\n\r\n内容\r\n--b0--\r\n".encode()
    response = client.post(
        "/api/materials",
        content=body,
        headers={**alice.headers, "Content-Type": "multipart/form-data; boundary=b0"},
    )
    assert response.status_code == 201, response.text
    assert response.json()["fileMeta"]["filename"] == "年度报告.txt"
