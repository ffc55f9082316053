"""Opening packages: what is accepted (.pptx, .potx, .ppsx, paths) and the typed rejections."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import docx
import pytest
from pptx import Presentation

from slidewright.pptx_engine.errors import (
    EncryptedOrLegacyFileError,
    InvalidPptxError,
    PptxEngineError,
)
from slidewright.pptx_engine.package import OLE_MAGIC
from slidewright.pptx_engine.reader import read_presentation
from tests.pptx_engine.builders import (
    TITLE_AND_CONTENT,
    new_presentation,
    replace_content_type,
    to_bytes,
)

PRESENTATION_MAIN = (
    "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"
)
TEMPLATE_MAIN = "application/vnd.openxmlformats-officedocument.presentationml.template.main+xml"
SLIDESHOW_MAIN = "application/vnd.openxmlformats-officedocument.presentationml.slideshow.main+xml"


def one_slide_pptx() -> bytes:
    prs = new_presentation()
    prs.slides.add_slide(prs.slide_layouts[TITLE_AND_CONTENT]).shapes.title.text = "Hi"
    return to_bytes(prs)


def zip_of(entries: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for name, data in entries.items():
            archive.writestr(name, data)
    return out.getvalue()


def test_errors_carry_stable_codes_and_messages() -> None:
    error = InvalidPptxError("bad")
    assert (error.code, error.message, str(error)) == ("invalid_pptx", "bad", "bad")
    assert EncryptedOrLegacyFileError("x").code == "encrypted_or_legacy_file"
    assert isinstance(error, PptxEngineError)


def test_reads_from_a_path(tmp_path: Path) -> None:
    path = tmp_path / "deck.pptx"
    path.write_bytes(one_slide_pptx())
    assert read_presentation(path).slides[0].elements[0].inner_text == "Hi"
    assert read_presentation(str(path)).slides[0].elements[0].inner_text == "Hi"


def test_missing_path_is_an_invalid_pptx_error(tmp_path: Path) -> None:
    with pytest.raises(InvalidPptxError, match="Cannot read"):
        read_presentation(tmp_path / "nope.pptx")


def test_potx_template_is_accepted_although_python_pptx_refuses_it() -> None:
    potx = replace_content_type(one_slide_pptx(), PRESENTATION_MAIN, TEMPLATE_MAIN)
    with pytest.raises(ValueError):
        Presentation(io.BytesIO(potx))
    deck = read_presentation(potx)
    assert deck.slides[0].elements[0].inner_text == "Hi"


def test_ppsx_show_is_accepted() -> None:
    ppsx = replace_content_type(one_slide_pptx(), PRESENTATION_MAIN, SLIDESHOW_MAIN)
    assert len(read_presentation(ppsx).slides) == 1


def test_garbage_bytes_are_invalid_pptx() -> None:
    with pytest.raises(InvalidPptxError, match="not a PPTX"):
        read_presentation(b"hello, I am certainly not a presentation" * 10)


def test_empty_input_is_invalid_pptx() -> None:
    with pytest.raises(InvalidPptxError):
        read_presentation(b"")


def test_empty_zip_is_invalid_pptx() -> None:
    with pytest.raises(InvalidPptxError, match=r"\[Content_Types\]\.xml"):
        read_presentation(zip_of({}))


def test_truncated_package_is_invalid_pptx() -> None:
    data = one_slide_pptx()
    with pytest.raises(InvalidPptxError):
        read_presentation(data[: len(data) // 2])


def test_word_document_renamed_pptx_is_invalid_pptx_naming_what_it_is() -> None:
    buffer = io.BytesIO()
    document = docx.Document()
    document.add_paragraph("I am a letter")
    document.save(buffer)
    with pytest.raises(InvalidPptxError, match="Word document"):
        read_presentation(buffer.getvalue())


def test_ole_compound_file_is_encrypted_or_legacy() -> None:
    with pytest.raises(EncryptedOrLegacyFileError) as caught:
        read_presentation(OLE_MAGIC + b"\0" * 512)
    assert caught.value.code == "encrypted_or_legacy_file"


def test_malformed_presentation_xml_is_invalid_pptx() -> None:
    source = zipfile.ZipFile(io.BytesIO(one_slide_pptx()))
    entries = {info.filename: source.read(info) for info in source.infolist()}
    entries["ppt/presentation.xml"] = b"<p:presentation><unclosed"
    with pytest.raises(InvalidPptxError):
        read_presentation(zip_of(entries))


def test_missing_slide_part_is_invalid_pptx() -> None:
    source = zipfile.ZipFile(io.BytesIO(one_slide_pptx()))
    entries = {
        info.filename: source.read(info)
        for info in source.infolist()
        if info.filename != "ppt/slides/slide1.xml"
    }
    with pytest.raises(PptxEngineError):
        read_presentation(zip_of(entries))


def test_malformed_slide_xml_is_invalid_pptx() -> None:
    source = zipfile.ZipFile(io.BytesIO(one_slide_pptx()))
    entries = {info.filename: source.read(info) for info in source.infolist()}
    entries["ppt/slides/slide1.xml"] = b"<<<"
    with pytest.raises(InvalidPptxError):
        read_presentation(zip_of(entries))
