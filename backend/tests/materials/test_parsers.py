from __future__ import annotations

import copy
import io
import zipfile
from pathlib import Path

import docx
import pytest
from docx.oxml.ns import qn

from slidewright.core.uploads import UploadLimits, UploadRejected
from slidewright.materials.parsers import MaterialParseError, ParsedMaterial, parse_material
from tests.corpus import corpus_files, require_corpus


def parse_error(code: str) -> pytest.RaisesExc[MaterialParseError]:
    return pytest.raises(MaterialParseError, check=lambda exc: exc.code == code)


# -- file types ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "filename", ["report.pdf", "old.doc", "README", "notes.txt.exe", ".md", "deck.pptx"]
)
def test_only_txt_md_and_docx_are_accepted(filename: str) -> None:
    with parse_error("unsupported_material_type"):
        parse_material(filename, b"hello")


def test_extension_is_case_insensitive_and_paths_are_ignored() -> None:
    assert parse_material("C:\\Users\\me\\NOTES.TXT", b"hi") == ParsedMaterial("txt", "hi")
    assert parse_material("dir/Read.Me.MD", b"# T").type == "md"


def test_size_cap_applies_to_every_type() -> None:
    with pytest.raises(UploadRejected, check=lambda exc: exc.code == "file_too_large"):
        parse_material("a.txt", b"x" * 11, limits=UploadLimits(max_bytes=10))


# -- txt ----------------------------------------------------------------------------------------


def test_utf8_bom_is_stripped_and_newlines_normalized() -> None:
    data = "\ufeffHello\r\nWorld\rBye\n".encode()
    assert parse_material("a.txt", data).text == "Hello\nWorld\nBye\n"


def test_plain_utf8_chinese() -> None:
    assert parse_material("a.txt", "人工智能，你好。".encode()).text == "人工智能，你好。"


def test_gb18030_chinese_is_decoded() -> None:
    text = "人工智能发展报告\r\n第一章：概述。机器学习与深度学习的应用。"
    assert parse_material("a.txt", text.encode("gb18030")).text == text.replace("\r\n", "\n")


@pytest.mark.parametrize(
    ("text", "encoding"),
    [
        ("Café crème, Müller & Grüße — “quotes” cost €5.\nNaïve façade, déjà vu.", "cp1252"),
        ("Le cœur de la forêt était très épais, à côté du château.", "cp1252"),
        ("Grüße aus München. Straße, Käse, Öl.", "latin-1"),
    ],
)
def test_western_code_pages_are_not_mistaken_for_chinese(text: str, encoding: str) -> None:
    assert parse_material("a.txt", text.encode(encoding)).text == text


def test_utf16_with_bom_is_decoded() -> None:
    assert parse_material("a.txt", "Notepad 文本\r\n".encode("utf-16")).text == "Notepad 文本\n"


@pytest.mark.parametrize(
    "data",
    [
        b"text\x00with\x00nul",
        b"\x89PNG\r\n\x1a\n" + b"\x10\x20" * 50,
        b"PK\x03\x04" + b"binary" * 10,
        bytes(range(1, 32)) * 20,
    ],
)
def test_binary_data_is_invalid_text(data: bytes) -> None:
    with parse_error("invalid_text"):
        parse_material("a.txt", data)


def test_empty_file_is_empty_text() -> None:
    assert parse_material("a.txt", b"") == ParsedMaterial("txt", "")
    assert parse_material("a.md", b"") == ParsedMaterial("md", "")


# -- md -----------------------------------------------------------------------------------------

MARKDOWN = """\
# Quarterly Report

Intro with *emphasis*, `code`, a [link](https://example.com) and <b>bold</b> HTML.
![Chart of sales](chart.png)

## Results

- First point
- Second point
  1. Nested one
  2. Nested two

3. Third
4. Fourth

```python
# not a heading
print("hi")
```

<div>Block <script>alert(1)</script>text &amp; more</div>

| Region | Sales |
|--------|-------|
| North  | 10    |

> Quoted line
"""


def test_markdown_keeps_structure_and_drops_html() -> None:
    text = parse_material("r.md", MARKDOWN.encode()).text
    assert text.split("\n") == [
        "# Quarterly Report",
        "",
        "Intro with emphasis, code, a link and bold HTML.",
        "Chart of sales",
        "",
        "## Results",
        "",
        "- First point",
        "- Second point",
        "  1. Nested one",
        "  2. Nested two",
        "",
        "3. Third",
        "4. Fourth",
        "",
        "```python",
        "# not a heading",
        'print("hi")',
        "```",
        "",
        "Block text & more",
        "",
        "Region | Sales",
        "North | 10",
        "",
        "Quoted line",
    ]
    assert "<b>" not in text and "<div>" not in text and "alert" not in text


def test_markdown_in_gb18030_is_decoded() -> None:
    source = "# 第一章\n\n人工智能的**发展**。\n"
    assert parse_material("c.md", source.encode("gb18030")).text == "# 第一章\n\n人工智能的发展。"


# -- docx ---------------------------------------------------------------------------------------


def docx_bytes(document: docx.document.Document) -> bytes:
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()


def test_docx_keeps_body_order_headings_and_tables() -> None:
    document = docx.Document()
    document.add_heading("Annual Plan", level=1)
    document.add_paragraph("Opening paragraph.")
    table = document.add_table(rows=2, cols=2)
    for r, row in enumerate([["Name", "Value"], ["Alpha", "1"]]):
        for c, value in enumerate(row):
            table.cell(r, c).text = value
    document.add_heading("Details", level=2)
    document.add_paragraph("Closing paragraph.")
    document.add_paragraph("A bullet", style="List Bullet")

    text = parse_material("plan.docx", docx_bytes(document)).text

    assert text.split("\n") == [
        "# Annual Plan",
        "Opening paragraph.",
        "Name | Value",
        "Alpha | 1",
        "## Details",
        "Closing paragraph.",
        "- A bullet",
    ]


def test_chinese_docx() -> None:
    document = docx.Document()
    document.add_heading("第一章 人工智能概述", level=1)
    document.add_paragraph("人工智能正在改变各行各业。")
    document.add_paragraph("机器学习\t深度学习")
    text = parse_material("中文.docx", docx_bytes(document)).text
    assert text == "# 第一章 人工智能概述\n人工智能正在改变各行各业。\n机器学习\t深度学习"


def test_docx_title_style_and_merged_cells() -> None:
    document = docx.Document()
    document.add_heading("Deck Title", level=0)  # the 'Title' style
    table = document.add_table(rows=2, cols=3)
    table.cell(0, 0).merge(table.cell(0, 1)).text = "Merged"
    table.cell(0, 2).text = "C"
    table.cell(1, 0).text = "x"
    text = parse_material("t.docx", docx_bytes(document)).text
    assert text.split("\n") == ["# Deck Title", "Merged | C", "x |  | "]


def test_docx_tracked_changes_read_like_the_final_text() -> None:
    document = docx.Document()
    paragraph = document.add_paragraph("Keep ")
    p = paragraph._p
    run = p.r_lst[0]
    inserted = p.makeelement(qn("w:ins"), {qn("w:id"): "1", qn("w:author"): "a"})
    new_run = copy.deepcopy(run)
    new_run.find(qn("w:t")).text = "added"
    inserted.append(new_run)
    deleted = p.makeelement(qn("w:del"), {qn("w:id"): "2", qn("w:author"): "a"})
    old_run = copy.deepcopy(run)
    old_text = old_run.find(qn("w:t"))
    old_text.tag = qn("w:delText")
    old_text.text = " removed"
    deleted.append(old_run)
    p.append(inserted)
    p.append(deleted)
    assert parse_material("t.docx", docx_bytes(document)).text == "Keep added"


def test_empty_docx_is_empty_text() -> None:
    assert parse_material("e.docx", docx_bytes(docx.Document())).text == ""


def _zip(entries: dict[str, str] | dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, content in entries.items():
            archive.writestr(name, content)
    return buffer.getvalue()


@pytest.mark.parametrize(
    "data",
    [
        b"this is not a zip",
        _zip({"hello.txt": "hi"}),  # no word/document.xml
        _zip({"word/document.xml": "<w:document", "[Content_Types].xml": "<Types/>"}),
    ],
)
def test_corrupt_docx_is_invalid_docx(data: bytes) -> None:
    with parse_error("invalid_docx"):
        parse_material("bad.docx", data)


def test_truncated_docx_is_invalid_docx() -> None:
    data = docx_bytes(docx.Document())
    with parse_error("invalid_docx"):
        parse_material("cut.docx", data[: len(data) // 2])


def test_encrypted_docx_is_reported_by_the_guard() -> None:
    ole = bytes.fromhex("D0CF11E0A1B11AE1") + b"\0" * 504
    with pytest.raises(UploadRejected, check=lambda e: e.code == "encrypted_or_legacy_file"):
        parse_material("secret.docx", ole)


def test_docx_with_doctype_is_unsafe() -> None:
    source = zipfile.ZipFile(io.BytesIO(docx_bytes(docx.Document())))
    entries = {name: source.read(name) for name in source.namelist()}
    entries["word/document.xml"] = entries["word/document.xml"].replace(
        b"?>", b'?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]>', 1
    )
    with pytest.raises(UploadRejected, check=lambda e: e.code == "unsafe_archive"):
        parse_material("xxe.docx", _zip(entries))


@pytest.mark.parametrize("path", corpus_files("docx"), ids=lambda path: path.name)
def test_corpus_docx_parses_or_fails_cleanly(path: Path) -> None:
    try:
        result = parse_material(path.name, path.read_bytes())
    except (MaterialParseError, UploadRejected):
        return  # a typed refusal is fine; anything else fails the test
    assert result.type == "docx"
    assert isinstance(result.text, str)


def test_corpus_docx_content_is_extracted() -> None:
    files = {path.name: path for path in require_corpus("docx")}
    text = parse_material("test.docx", files["test.docx"].read_bytes()).text
    assert text.startswith("# python-docx was here!")
    cells = parse_material("x.docx", files["tbl-cell-access.docx"].read_bytes()).text
    assert cells.startswith("1 | 2 | 3\n4 | 5 | 6")
