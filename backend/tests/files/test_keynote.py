"""Keynote uploads: converted to .pptx by LibreOffice, or refused with `unsupported_keynote`."""

from __future__ import annotations

import io
import shutil
import zipfile

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from slidewright.files import service as files_service
from slidewright.pptx_engine.convert import (
    ConversionError,
    NotKeynoteError,
    convert_to_pptx,
    keynote_package,
)
from slidewright.pptx_engine.reader import read_presentation
from tests.files.helpers import upload, uploaded
from tests.files.keynote import keynote_file, zip_with
from tests.helpers import SignedIn
from tests.templates.decks import simple_deck

needs_soffice = pytest.mark.skipif(
    shutil.which("soffice") is None, reason="LibreOffice (soffice) is not installed"
)


def assert_unsupported_keynote(client: TestClient, who: SignedIn, data: bytes) -> dict:
    response = upload(client, who, data, name="Deck.key")
    assert response.status_code == 400, response.text
    body = response.json()
    assert body["errorCode"] == "unsupported_keynote"
    assert "File → Export To → PowerPoint" in body["message"]
    chinese = client.post(
        "/api/files/upload",
        files={"file": ("Deck.key", data, "application/octet-stream")},
        headers={**who.headers, "Accept-Language": "zh-CN"},
    ).json()
    assert chinese["errorCode"] == "unsupported_keynote"
    assert "导出为" in chinese["message"] and ".pptx" in chinese["message"]
    assert client.get("/api/files", headers=who.headers).json() == []
    return body


@pytest.mark.parametrize(
    "data",
    [
        b"garbage that is not a keynote file",
        b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 600,
        zip_with({"hello.txt": "hi"}),
        zip_with({"Other.key/hello.txt": "hi"}),
    ],
    ids=["garbage", "ole", "zip-without-keynote", "bundle-without-keynote"],
)
def test_files_that_are_not_keynote_packages_are_unsupported_keynote(
    client: TestClient, alice: SignedIn, data: bytes
) -> None:
    assert_unsupported_keynote(client, alice, data)


def test_a_zipped_bundle_folder_is_unwrapped() -> None:
    package = keynote_package(keynote_file(2, bundle_folder="Deck.key"))
    with zipfile.ZipFile(io.BytesIO(package)) as unwrapped:
        assert unwrapped.namelist() == ["index.apxl"]
    plain = keynote_file(2)
    assert keynote_package(plain) is plain
    with pytest.raises(NotKeynoteError):
        keynote_package(zip_with({"a/index.apxl": "<x/>", "b/other": ""}))


def test_keynote_upload_stores_the_original_and_its_conversion(
    client: TestClient, app: FastAPI, alice: SignedIn, monkeypatch: pytest.MonkeyPatch
) -> None:
    converted = simple_deck(2)
    calls: list[str] = []

    def fake_convert(data: bytes, source_ext: str, *, timeout_s: float) -> bytes:
        calls.append(source_ext)
        assert timeout_s > 0
        return converted

    monkeypatch.setattr(files_service, "convert_to_pptx", fake_convert)
    original = keynote_file(2)
    file = uploaded(client, app, alice, original, name="Deck.key")
    assert calls == ["key"]
    assert (file["name"], file["type"], file["size"], file["slideCount"]) == (
        "Deck.key",
        "key",
        len(original),
        2,
    )
    assert len(file["thumbnailPaths"]) == 2
    blobs = app.state.services.blobs
    prefix = f"files/{alice.user['_id']}/{file['_id']}"
    assert blobs.get(f"{prefix}/original.key") == original
    assert blobs.get(f"{prefix}/converted.pptx") == converted

    made = client.post(f"/api/files/{file['_id']}/use-as-template", headers=alice.headers).json()
    template = client.get(f"/api/pptx-files/{made['pptxFileId']}", headers=alice.headers).json()
    assert (template["filename"], template["slideCount"]) == ("Deck.pptx", 2)


@pytest.mark.parametrize(
    "outcome",
    [ConversionError("LibreOffice could not open it"), b"not a pptx"],
    ids=["conversion-fails", "conversion-unreadable"],
)
def test_failed_conversions_are_unsupported_keynote_and_store_nothing(
    client: TestClient,
    app: FastAPI,
    alice: SignedIn,
    monkeypatch: pytest.MonkeyPatch,
    outcome: Exception | bytes,
) -> None:
    def fake_convert(data: bytes, source_ext: str, *, timeout_s: float) -> bytes:
        if isinstance(outcome, Exception):
            raise outcome
        return outcome

    monkeypatch.setattr(files_service, "convert_to_pptx", fake_convert)
    assert_unsupported_keynote(client, alice, keynote_file(1))
    assert app.state.services.blobs.list(f"files/{alice.user['_id']}") == []


@pytest.mark.slow
@needs_soffice
def test_libreoffice_converts_a_keynote_file() -> None:
    pptx = convert_to_pptx(keynote_file(3), "key", timeout_s=120)
    deck = read_presentation(pptx)
    assert len(deck.slides) == 3
    texts = [element.inner_text for element in deck.slides[1].elements]
    assert "Keynote slide 2" in texts


@pytest.mark.slow
@needs_soffice
def test_libreoffice_refuses_a_broken_keynote_file() -> None:
    with pytest.raises(ConversionError):
        convert_to_pptx(zip_with({"index.apxl": "<not-keynote/>"}), "key", timeout_s=120)


@pytest.mark.slow
@needs_soffice
@pytest.mark.parametrize("bundle_folder", [None, "Deck.key"])
def test_keynote_upload_end_to_end(
    client: TestClient, app: FastAPI, alice: SignedIn, bundle_folder: str | None
) -> None:
    file = uploaded(client, app, alice, keynote_file(3, bundle_folder=bundle_folder), "Deck.key")
    assert (file["type"], file["slideCount"]) == ("key", 3)
    assert len(file["thumbnailPaths"]) == 3


@pytest.mark.slow
@needs_soffice
def test_a_keynote_file_libreoffice_cannot_read_is_unsupported_keynote(
    client: TestClient, alice: SignedIn
) -> None:
    body = assert_unsupported_keynote(client, alice, zip_with({"index.apxl": "<broken"}))
    assert body["details"]["reason"] == "conversion_failed"
