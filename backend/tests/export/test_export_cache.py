"""The exported file is kept: an unchanged project's second export reads it back instead of
building the deck again, any change that shows in the file builds a new one, one file per
project is kept, and it goes with the project."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from pptx import Presentation

from slidewright.export import cache as export_cache
from slidewright.export import service as export_service
from slidewright.pptx_engine.deck_spec import (
    ChartSeries,
    ChartValue,
    DeckSpec,
    PictureValue,
    SlideSpec,
    TableValue,
    TextValue,
)
from slidewright.storage.blobstore import BlobStoreFull
from slidewright.templates.models import PptxFile
from tests.export.test_export_api import _project, _slide_of, _texts
from tests.helpers import SignedIn, signup
from tests.pptx_engine.fill_builders import zip_entries
from tests.projects.test_projects_api import _image


@pytest.fixture
def builds(monkeypatch: pytest.MonkeyPatch) -> list[DeckSpec]:
    """Every exported file the export service builds (slide previews are not counted)."""
    built: list[DeckSpec] = []
    build: Callable[..., bytes] = export_service.build_deck

    def spy(services: Any, template: PptxFile, spec: DeckSpec) -> bytes:
        built.append(spec)
        return build(services, template, spec)

    monkeypatch.setattr(export_service, "build_deck", spy)
    return built


def _export(client: TestClient, who: SignedIn, project: dict) -> bytes:
    response = client.get(f"/api/projects/{project['_id']}/export", headers=who.headers)
    assert response.status_code == 200, response.text
    return response.content


def _kept(app: FastAPI, project: dict, owner: SignedIn) -> list[str]:
    folder = f"previews/{owner.user['_id']}/{project['_id']}/export"
    return list(app.state.services.blobs.list(folder))


def _save(client: TestClient, who: SignedIn, project: dict, **changes: Any) -> dict:
    response = client.put(
        f"/api/projects/{project['_id']}",
        json={"version": project["version"], **changes},
        headers=who.headers,
    )
    assert response.status_code == 200, response.text
    return response.json()


def _titled(builtin: dict, title: str) -> list[dict]:
    number = _slide_of(builtin, {"Title", "Subtitle"})
    return [{"pptxSlideNumber": number, "formData": {"Title": title}, "notes": "Hello"}]


def test_an_unchanged_project_is_exported_from_the_kept_file(
    app: FastAPI, client: TestClient, alice: SignedIn, builtin: dict, builds: list[DeckSpec]
) -> None:
    project = _project(client, alice, builtin, _titled(builtin, "Quarterly review"))
    first = _export(client, alice, project)
    second = _export(client, alice, project)
    assert second == first
    assert len(builds) == 1  # the second export built nothing
    assert len(_kept(app, project, alice)) == 1


def test_an_edited_slide_is_exported_with_its_new_content(
    app: FastAPI, client: TestClient, alice: SignedIn, builtin: dict, builds: list[DeckSpec]
) -> None:
    project = _project(client, alice, builtin, _titled(builtin, "Before the edit"))
    before = _export(client, alice, project)
    slides = project["slides"]
    slides[0]["formData"]["Title"] = "After the edit"
    project = _save(client, alice, project, slides=slides)
    after = _export(client, alice, project)
    assert len(builds) == 2
    assert "Before the edit" in _texts(Presentation(io.BytesIO(before)).slides[0])
    assert "After the edit" in _texts(Presentation(io.BytesIO(after)).slides[0])
    assert len(_kept(app, project, alice)) == 1  # the older file was dropped
    # Notes and language reach the file too: each change builds it again.
    slides[0]["notes"] = "Other notes"
    project = _save(client, alice, project, slides=slides)
    notes = Presentation(io.BytesIO(_export(client, alice, project))).slides[0]
    assert notes.notes_slide.notes_text_frame.text == "Other notes"
    project = _save(client, alice, project, lang="zh-CN")
    _export(client, alice, project)
    assert [spec.lang for spec in builds] == ["en", "en", "en", "zh-CN"]


def test_the_export_after_a_preflight_uses_the_file_the_preflight_built(
    client: TestClient, alice: SignedIn, builtin: dict, builds: list[DeckSpec]
) -> None:
    """The UI checks (preflight, a full fill) and then exports: one build, not two."""
    project = _project(client, alice, builtin, _titled(builtin, "Checked first"))
    url = f"/api/projects/{project['_id']}/export"
    assert client.get(f"{url}/preflight", headers=alice.headers).status_code == 200
    exported = _export(client, alice, project)
    assert builds == []
    assert "Checked first" in _texts(Presentation(io.BytesIO(exported)).slides[0])


def test_a_save_that_changes_nothing_in_the_file_keeps_using_it(
    client: TestClient, alice: SignedIn, builtin: dict, builds: list[DeckSpec]
) -> None:
    project = _project(client, alice, builtin, _titled(builtin, "Same"))
    first = _export(client, alice, project)
    project = _save(client, alice, project, title="Renamed", description="Not in the deck")
    assert _export(client, alice, project) == first
    assert len(builds) == 1


def test_a_new_image_description_builds_the_file_again(
    client: TestClient, alice: SignedIn, builtin: dict, builds: list[DeckSpec]
) -> None:
    image_id = _image(client, alice)
    number = _slide_of(builtin, {"Picture"})
    slides = [{"pptxSlideNumber": number, "formData": {"Picture": image_id}}]
    project = _project(client, alice, builtin, slides)
    _export(client, alice, project)
    response = client.put(
        f"/api/images/{image_id}/alt", json={"alt": "A navy square"}, headers=alice.headers
    )
    assert response.status_code == 200, response.text
    _export(client, alice, project)
    assert len(builds) == 2
    picture = builds[1].slides[0].values["Picture"]
    assert isinstance(picture, PictureValue) and picture.alt == "A navy square"


def test_another_user_gets_nothing_from_the_kept_file(
    client: TestClient, alice: SignedIn, builtin: dict, builds: list[DeckSpec]
) -> None:
    project = _project(client, alice, builtin, _titled(builtin, "Alice's deck"))
    _export(client, alice, project)
    bob = signup(client, "bob@example.com", name="Bob")
    response = client.get(f"/api/projects/{project['_id']}/export", headers=bob.headers)
    assert response.status_code == 404
    assert response.json()["errorCode"] == "project_not_found"
    assert len(builds) == 1


def test_a_project_deleted_for_good_takes_its_kept_file_along(
    app: FastAPI, client: TestClient, alice: SignedIn, builtin: dict
) -> None:
    project = _project(client, alice, builtin, _titled(builtin, "Short-lived"))
    _export(client, alice, project)
    assert _kept(app, project, alice)
    url = f"/api/projects/{project['_id']}"
    assert client.delete(url, headers=alice.headers).status_code == 204
    assert _kept(app, project, alice)  # in the trash: kept for a restore
    assert client.delete(f"{url}?hard=true", headers=alice.headers).status_code == 204
    assert _kept(app, project, alice) == []


def test_a_store_that_cannot_keep_the_file_still_exports(
    app: FastAPI,
    client: TestClient,
    alice: SignedIn,
    builtin: dict,
    builds: list[DeckSpec],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    blobs = app.state.services.blobs
    put = blobs.put

    def full(key: str, data: bytes, content_type: str | None = None) -> None:
        if "/export/" in key:
            raise BlobStoreFull("no room")
        put(key, data, content_type)

    monkeypatch.setattr(blobs, "put", full)
    project = _project(client, alice, builtin, _titled(builtin, "No room"))
    # Built twice, the same deck (the zip's entry times are the moment of each build).
    assert zip_entries(_export(client, alice, project)) == zip_entries(
        _export(client, alice, project)
    )
    assert len(builds) == 2  # nothing kept, so built each time
    assert _kept(app, project, alice) == []


# -- the digest, without a database ------------------------------------------------------------


def _template(source_key: str = "templates/u/t/source.pptx") -> PptxFile:
    return PptxFile(id="t", source_key=source_key)


def _deck(**slide: Any) -> DeckSpec:
    values = slide.pop("values", {"Title": TextValue("Hello")})
    return DeckSpec(slides=(SlideSpec(template_slide=1, values=values, **slide),), lang="en")


@pytest.mark.parametrize(
    "changed",
    [
        _deck(values={"Title": TextValue("Hello!")}),
        _deck(values={"Title": TextValue("Hello", link="https://example.com")}),
        _deck(values={"Picture": PictureValue(b"other bytes", "alt")}),
        _deck(values={"Picture": PictureValue(b"bytes", "other alt")}),
        _deck(values={"Table": TableValue((("A", "B"), ("1", "3")))}),
        _deck(values={"Chart": ChartValue(("Q1",), (ChartSeries("2026", (2.0,)),))}),
        _deck(locked=frozenset({"Title"})),
        _deck(notes="notes"),
        DeckSpec(slides=_deck().slides, lang="zh-CN"),
        DeckSpec(slides=(SlideSpec(template_slide=2, values={"Title": TextValue("Hello")}),)),
    ],
)
def test_the_digest_changes_with_what_the_file_shows(changed: DeckSpec) -> None:
    base = {
        "Picture": _deck(values={"Picture": PictureValue(b"bytes", "alt")}),
        "Table": _deck(values={"Table": TableValue((("A", "B"), ("1", "2")))}),
        "Chart": _deck(values={"Chart": ChartValue(("Q1",), (ChartSeries("2026", (1.0,)),))}),
    }
    name = next(iter(changed.slides[0].values), "Title")
    original = base.get(name, _deck())
    assert export_cache.deck_digest(_template(), changed) != export_cache.deck_digest(
        _template(), original
    )


def test_the_digest_names_the_same_inputs_the_same_way() -> None:
    first = _deck(values={"A": TextValue("1"), "B": TextValue("2")}, locked=frozenset({"x", "y"}))
    second = _deck(values={"B": TextValue("2"), "A": TextValue("1")}, locked=frozenset({"y", "x"}))
    assert export_cache.deck_digest(_template(), first) == export_cache.deck_digest(
        _template(), second
    )
    other_source = _template("templates/u/t2/source.pptx")
    assert export_cache.deck_digest(other_source, first) != export_cache.deck_digest(
        _template(), first
    )
