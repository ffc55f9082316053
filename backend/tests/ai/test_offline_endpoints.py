"""Every AI endpoint against the offline assistant: schema-valid answers, in the requested
language, the same answer for the same input, labelled `offline`."""

from __future__ import annotations

import base64
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from pydantic import BaseModel

from slidewright.ai.schemas import (
    BatchSlideDescriptions,
    ElementValueRead,
    GeneratedDescription,
    GeneratedSlideDescription,
    OutlineEditsSuggestion,
    OutlineSuggestion,
    Recommendation,
    SlideDataSuggestion,
    SlideDescriptionRead,
    TemplateSlideSuggestion,
)
from slidewright.jobs.schemas import JobRead
from tests.ai.conftest import (
    REVIEW_EN,
    REVIEW_ZH,
    Deck,
    add_material,
    all_text,
    apply_outline,
    create_project,
    has_cjk,
)
from tests.helpers import SignedIn
from tests.images.pictures import picture

LANGS = ["en", "zh-CN"]


def _deck(app: FastAPI, client: TestClient, who: SignedIn, template: str, lang: str) -> Deck:
    title, description, text = (
        ("Q3 Business Review", "Quarterly review for the leadership team", REVIEW_EN)
        if lang == "en"
        else ("年度经营回顾", "面向管理层的年度回顾", REVIEW_ZH)
    )
    deck = create_project(client, who, template, lang=lang, title=title, description=description)
    add_material(app, who, text, project_id=deck.id)
    return deck


def _valid(response: Any, model: type[BaseModel]) -> dict[str, Any]:
    assert response.status_code == 200, response.text
    body = response.json()
    model.model_validate(body)
    assert body.get("provider") == "offline"
    return body


def _calls(deck: Deck) -> list[tuple[str, str, dict[str, Any] | None, type[BaseModel]]]:
    base = f"/api/projects/{deck.id}"
    return [
        ("GET", f"{base}/suggest-outline", None, OutlineSuggestion),
        ("POST", f"{base}/generate-slide-data", {"slideIndex": 2}, SlideDataSuggestion),
        (
            "POST",
            f"{base}/suggest-template-slide-number",
            {"slideIndex": 2},
            TemplateSlideSuggestion,
        ),
        (
            "POST",
            f"{base}/slides/2/suggest-slide-element-value",
            {"elementName": "Title", "instruction": "Rewrite"},
            ElementValueRead,
        ),
        ("POST", f"{base}/recommend-slide-description", {"slideIndex": 3}, SlideDescriptionRead),
        (
            "POST",
            f"{base}/batch-recommend-slide-descriptions",
            {"slideIndices": [1, 2, 3]},
            BatchSlideDescriptions,
        ),
        (
            "POST",
            f"{base}/suggest-outline-edits",
            {"instruction": "Add a slide about pricing after slide 3"},
            OutlineEditsSuggestion,
        ),
    ]


@pytest.mark.parametrize("lang", LANGS)
def test_every_project_endpoint_answers_in_the_projects_language_and_deterministically(
    app: FastAPI, client: TestClient, builtins: dict[str, str], alice: SignedIn, lang: str
) -> None:
    deck = _deck(app, client, alice, builtins["jade"], lang)
    apply_outline(client, deck)
    for method, path, body, model in _calls(deck):
        first = _valid(client.request(method, path, json=body, headers=alice.headers), model)
        second = _valid(client.request(method, path, json=body, headers=alice.headers), model)
        assert first == second, path
        text = all_text(first)
        assert text.strip(), path
        if lang == "en":
            assert not has_cjk(text), (path, text)
        else:
            assert has_cjk(text), (path, text)


@pytest.mark.parametrize("lang", LANGS)
def test_recommendation_in_the_requested_language(
    client: TestClient, builtins: dict[str, str], alice: SignedIn, lang: str
) -> None:
    description = (
        "Quarterly review: revenue growth by region and a comparison of two product lines"
        if lang == "en"
        else "季度回顾：各地区营收增长以及两条产品线的对比"
    )
    body = {"description": description, "durationMinutes": 20, "lang": lang}
    first = _valid(
        client.post("/api/projects/recommend-slideshow", json=body, headers=alice.headers),
        Recommendation,
    )
    again = client.post("/api/projects/recommend-slideshow", json=body, headers=alice.headers)
    assert again.json() == first
    assert first["suggestedPptxFileId"] in builtins.values()
    assert first["suggestedNumSlides"] == 10  # half the minutes
    assert has_cjk(first["matchReason"]) == (lang != "en")
    assert has_cjk(first["suggestedTitle"]) == (lang != "en")


def test_recommendation_needs_a_description(client: TestClient, alice: SignedIn) -> None:
    response = client.post(
        "/api/projects/recommend-slideshow",
        json={"description": "  ", "durationMinutes": 10},
        headers=alice.headers,
    )
    assert response.status_code == 422
    assert response.json()["errorCode"] == "description_required"


def test_outline_follows_the_material_and_says_when_it_cannot_fill_the_slide_count(
    app: FastAPI, client: TestClient, builtins: dict[str, str], alice: SignedIn
) -> None:
    deck = _deck(app, client, alice, builtins["terracotta"], "en")
    body = _valid(
        client.get(
            f"/api/projects/{deck.id}/suggest-outline",
            headers={**alice.headers, "Accept-Language": "zh-CN"},
        ),
        OutlineSuggestion,
    )
    slides = body["slides"]
    # Six sections, a title, an agenda and a closing: nine of the ten asked, no padding, and
    # a plain notice in the interface language (Chinese) while the outline stays English.
    assert len(slides) == 9
    assert [(n["code"], n["requested"], n["given"]) for n in body["notices"]] == [
        ("fewer_slides", 10, 9)
    ]
    assert has_cjk(body["notices"][0]["message"])
    assert all(has_cjk(s["aiSuggestionReasonForPptxSlideNumber"]) for s in slides)
    assert not any(has_cjk(s["contentDescription"]) for s in slides)
    assert not any("continued" in s["contentDescription"].lower() for s in slides)
    descriptions = [s["contentDescription"] for s in slides]
    assert descriptions[0].startswith("Title slide")
    assert descriptions[1].startswith("Agenda")
    assert descriptions[-1].startswith("Closing")
    assert any(d.startswith("Revenue growth") for d in descriptions)
    assert any(d.startswith("Quarterly figures") for d in descriptions)
    by_start = {
        d.split(" — ")[0]: s["pptxSlideNumber"] for d, s in zip(descriptions, slides, strict=True)
    }
    assert by_start["Revenue growth"] == 7  # the chart slide
    assert by_start["Cloud vs On-premise"] == 5  # the two-column comparison
    assert by_start["Quarterly figures"] == 8  # the table slide
    assert by_start["Customer feedback"] == 9  # the quote slide
    assert slides[0]["pptxSlideNumber"] == 1 and slides[-1]["pptxSlideNumber"] == 10
    assert all(s["aiSuggestionReasonForPptxSlideNumber"] for s in slides)


def test_outline_from_a_chosen_library_material(
    app: FastAPI, client: TestClient, builtins: dict[str, str], alice: SignedIn
) -> None:
    deck = create_project(client, alice, builtins["jade"], num_slides=6)
    material = add_material(app, alice, REVIEW_EN, project_id=None)
    response = client.get(
        f"/api/projects/{deck.id}/suggest-outline",
        params={"materialId": material},
        headers=alice.headers,
    )
    body = _valid(response, OutlineSuggestion)
    assert body["materialIds"] == [material]
    assert len(body["slides"]) == 6


def test_outline_without_materials_uses_the_instruction(
    client: TestClient, builtins: dict[str, str], alice: SignedIn
) -> None:
    deck = create_project(client, alice, builtins["jade"], num_slides=5)
    response = client.get(
        f"/api/projects/{deck.id}/suggest-outline",
        params={"instruction": "Cover our hiring plan, the new office and the training budget"},
        headers=alice.headers,
    )
    descriptions = [s["contentDescription"] for s in _valid(response, OutlineSuggestion)["slides"]]
    assert len(descriptions) == 5
    joined = " ".join(descriptions)
    assert "hiring plan" in joined and "training budget" in joined


def test_disabled_materials_are_not_used(
    app: FastAPI, client: TestClient, builtins: dict[str, str], alice: SignedIn
) -> None:
    deck = create_project(client, alice, builtins["jade"], num_slides=5)
    add_material(
        app,
        alice,
        "# Zebra migration\n\nZebras cross the river.",
        project_id=deck.id,
        enabled=False,
    )
    response = client.get(f"/api/projects/{deck.id}/suggest-outline", headers=alice.headers)
    assert "Zebra" not in all_text(response.json())


def test_slide_data_fills_unlocked_elements_within_capacity(
    app: FastAPI, client: TestClient, builtins: dict[str, str], alice: SignedIn
) -> None:
    deck = _deck(app, client, alice, builtins["jade"], "en")
    project = apply_outline(client, deck)
    template = client.get(f"/api/pptx-files/{builtins['jade']}", headers=alice.headers).json()
    for index, slide in enumerate(project["slides"]):
        response = client.post(
            f"/api/projects/{deck.id}/generate-slide-data",
            json={"slideIndex": index},
            headers=alice.headers,
        )
        body = _valid(response, SlideDataSuggestion)
        elements = {
            e["name"]: e for e in template["parsedSlides"][slide["pptxSlideNumber"] - 1]["elements"]
        }
        for name, value in body["formData"].items():
            element = elements[name]
            assert not element["isLocked"]
            if element["type"] == "text":
                assert len(value) <= element["capacity"]["maxChars"], (name, value)
        assert body["notes"]
    # The values are accepted as they are by the project update.
    values = client.post(
        f"/api/projects/{deck.id}/generate-slide-data",
        json={"slideIndex": 2},
        headers=alice.headers,
    ).json()
    chart_slide = project["slides"][2]
    assert chart_slide["pptxSlideNumber"] == 7
    assert values["formData"]["Chart"]["categories"][:2] == ["North America", "Europe"]
    slides = project["slides"]
    slides[2] = {**chart_slide, "formData": values["formData"], "notes": values["notes"]}
    saved = client.put(
        f"/api/projects/{deck.id}",
        json={"version": project["version"], "slides": slides},
        headers=alice.headers,
    )
    assert saved.status_code == 200, saved.text


def test_slide_data_leaves_locked_elements_alone(
    app: FastAPI, client: TestClient, builtins: dict[str, str], alice: SignedIn
) -> None:
    deck = _deck(app, client, alice, builtins["jade"], "en")
    project = apply_outline(client, deck)
    slides = project["slides"]
    slides[2]["lockedElementNames"] = ["Takeaway"]  # unlocked in the template: now locked
    client.put(
        f"/api/projects/{deck.id}",
        json={"version": project["version"], "slides": slides},
        headers=alice.headers,
    )
    body = client.post(
        f"/api/projects/{deck.id}/generate-slide-data",
        json={"slideIndex": 2},
        headers=alice.headers,
    ).json()
    assert "Takeaway" not in body["formData"]
    assert "Takeaway" not in [s["elementName"] for s in body["skipped"]]
    element = client.post(
        f"/api/projects/{deck.id}/slides/2/suggest-slide-element-value",
        json={"elementName": "Takeaway", "instruction": "Expand"},
        headers=alice.headers,
    )
    assert element.status_code == 422
    assert element.json()["errorCode"] == "element_locked"


@pytest.mark.parametrize(
    "instruction",
    [
        "Rewrite",
        "Expand",
        "Summarize",
        "Formal tone",
        "Casual tone",
        "Add details",
        "Add examples",
        "Add statistics",
        "Add quotes",
        "add_statistics",
        "make it about Asia Pacific",
    ],
)
def test_element_value_follows_each_instruction(
    app: FastAPI, client: TestClient, builtins: dict[str, str], alice: SignedIn, instruction: str
) -> None:
    deck = _deck(app, client, alice, builtins["jade"], "en")
    apply_outline(client, deck)
    response = client.post(
        f"/api/projects/{deck.id}/slides/2/suggest-slide-element-value",
        json={"elementName": "Takeaway", "elementType": "text", "instruction": instruction},
        headers=alice.headers,
    )
    body = _valid(response, ElementValueRead)
    assert isinstance(body["value"], str) and body["value"]
    assert body["reason"]


def test_element_value_errors(
    app: FastAPI, client: TestClient, builtins: dict[str, str], alice: SignedIn
) -> None:
    deck = _deck(app, client, alice, builtins["jade"], "en")
    apply_outline(client, deck)
    base = f"/api/projects/{deck.id}/slides"
    cases = [
        (f"{base}/2/suggest-slide-element-value", {"elementName": "Nope"}, "unknown_element"),
        (
            f"{base}/2/suggest-slide-element-value",
            {"elementName": "Decoration 1"},
            "element_not_fillable",
        ),
        (
            f"{base}/99/suggest-slide-element-value",
            {"elementName": "Title"},
            "slide_index_out_of_range",
        ),
    ]
    for path, body, code in cases:
        response = client.post(path, json=body, headers=alice.headers)
        assert response.status_code == 422, response.text
        assert response.json()["errorCode"] == code


def test_slide_endpoints_need_a_template(client: TestClient, alice: SignedIn) -> None:
    deck = create_project(client, alice, None, num_slides=3)
    for path, body in (
        ("generate-slide-data", {"slideIndex": 0}),
        ("suggest-template-slide-number", {"slideIndex": 0}),
    ):
        response = client.post(f"/api/projects/{deck.id}/{path}", json=body, headers=alice.headers)
        assert response.status_code == 422
        assert response.json()["errorCode"] == "project_has_no_template"
    # Descriptions and outlines work without one.
    response = client.post(
        f"/api/projects/{deck.id}/recommend-slide-description",
        json={"slideIndex": 1},
        headers=alice.headers,
    )
    assert response.status_code == 200


def test_slide_data_needs_a_template_slide(
    client: TestClient, builtins: dict[str, str], alice: SignedIn
) -> None:
    deck = create_project(client, alice, builtins["jade"], num_slides=3)
    response = client.post(
        f"/api/projects/{deck.id}/generate-slide-data",
        json={"slideIndex": 1},
        headers=alice.headers,
    )
    assert response.status_code == 422
    assert response.json()["errorCode"] == "slide_has_no_template_slide"


def test_template_slide_suggestion_matches_content(
    client: TestClient, builtins: dict[str, str], alice: SignedIn
) -> None:
    deck = create_project(client, alice, builtins["midnight"], num_slides=5)
    project = client.get(f"/api/projects/{deck.id}", headers=alice.headers).json()
    contents = [
        "Welcome and introductions",
        "Revenue grew 32% in Asia while Europe grew 9%: the trend by region",
        "Build in-house versus partner: pros and cons",
        "Quarterly figures table: revenue, margin and customers per quarter",
        "Thank you and questions",
    ]
    slides = [
        {**s, "contentDescription": c} for s, c in zip(project["slides"], contents, strict=True)
    ]
    client.put(
        f"/api/projects/{deck.id}",
        json={"version": project["version"], "slides": slides},
        headers=alice.headers,
    )
    expected = [1, 7, 5, 8, 10]
    for index, number in enumerate(expected):
        body = _valid(
            client.post(
                f"/api/projects/{deck.id}/suggest-template-slide-number",
                json={"slideIndex": index},
                headers=alice.headers,
            ),
            TemplateSlideSuggestion,
        )
        assert body["slideNumber"] == number, (contents[index], body)


def test_batch_descriptions_cover_every_requested_slide(
    app: FastAPI, client: TestClient, builtins: dict[str, str], alice: SignedIn
) -> None:
    deck = _deck(app, client, alice, builtins["jade"], "en")
    body = _valid(
        client.post(
            f"/api/projects/{deck.id}/batch-recommend-slide-descriptions",
            json={"slideIndices": [0, 4, 2, 9]},
            headers=alice.headers,
        ),
        BatchSlideDescriptions,
    )
    assert [s["slideIndex"] for s in body["suggestions"]] == [0, 4, 2, 9]
    descriptions = [s["description"] for s in body["suggestions"]]
    assert len(set(descriptions)) == 4
    assert descriptions[0].startswith("Title slide")
    out_of_range = client.post(
        f"/api/projects/{deck.id}/batch-recommend-slide-descriptions",
        json={"slideIndices": [0, 10]},
        headers=alice.headers,
    )
    assert out_of_range.json()["errorCode"] == "slide_index_out_of_range"


def test_outline_edits_suggest_and_apply(
    app: FastAPI, client: TestClient, builtins: dict[str, str], alice: SignedIn
) -> None:
    deck = _deck(app, client, alice, builtins["jade"], "en")
    project = apply_outline(client, deck)
    before = [s["contentDescription"] for s in project["slides"]]
    suggested = _valid(
        client.post(
            f"/api/projects/{deck.id}/suggest-outline-edits",
            json={
                "instruction": "Delete slide 4; move slide 3 to 2; add a slide about pricing "
                "after slide 5"
            },
            headers=alice.headers,
        ),
        OutlineEditsSuggestion,
    )
    ops = [(e["op"], e["path"]) for e in suggested["edits"]]
    assert ops == [("delete", "slides/3"), ("move", "slides/2"), ("insert", "slides/5")]
    applied = client.post(
        f"/api/projects/{deck.id}/apply-outline-edits",
        json={"version": project["version"], "edits": suggested["edits"]},
        headers=alice.headers,
    )
    assert applied.status_code == 200, applied.text
    after = [s["contentDescription"] for s in applied.json()["slides"]]
    expected = list(before)
    expected.pop(3)
    expected.insert(1, expected.pop(2))
    assert after[:5] == expected[:5]
    assert after[5] == "pricing"
    stale = client.post(
        f"/api/projects/{deck.id}/apply-outline-edits",
        json={"version": project["version"], "edits": suggested["edits"]},
        headers=alice.headers,
    )
    assert stale.status_code == 409


def test_outline_edits_say_what_they_do_not_understand(
    app: FastAPI, client: TestClient, builtins: dict[str, str], alice: SignedIn
) -> None:
    deck = _deck(app, client, alice, builtins["jade"], "en")
    apply_outline(client, deck)
    suggested = _valid(
        client.post(
            f"/api/projects/{deck.id}/suggest-outline-edits",
            json={"instruction": "show it as two columns"},
            headers={**alice.headers, "Accept-Language": "zh-CN"},
        ),
        OutlineEditsSuggestion,
    )
    assert suggested["edits"] == []
    [notice] = suggested["notices"]
    assert notice["code"] == "instruction_not_understood"
    assert notice["text"] == "show it as two columns"
    assert has_cjk(notice["message"])


def test_outline_edits_in_chinese(
    app: FastAPI, client: TestClient, builtins: dict[str, str], alice: SignedIn
) -> None:
    deck = _deck(app, client, alice, builtins["jade"], "zh-CN")
    apply_outline(client, deck)
    body = client.post(
        f"/api/projects/{deck.id}/suggest-outline-edits",
        json={"instruction": "删除第三页，然后把第 5 页移到第2页"},
        headers=alice.headers,
    ).json()
    assert [(e["op"], e["path"], e["value"]) for e in body["edits"]] == [
        ("delete", "slides/2", None),
        ("move", "slides/4", 1),
    ]
    assert has_cjk(body["edits"][0]["reason"])
    # The place may come first, as Chinese usually puts it.
    for instruction, path in (
        ("在第 3 页后添加一页介绍定价", "slides/3"),
        ("在第2页前加一页讲风险", "slides/1"),
    ):
        body = client.post(
            f"/api/projects/{deck.id}/suggest-outline-edits",
            json={"instruction": instruction},
            headers=alice.headers,
        ).json()
        assert [(e["op"], e["path"]) for e in body["edits"]] == [("insert", path)]


def test_invalid_outline_edits_are_refused_whole(
    client: TestClient, builtins: dict[str, str], alice: SignedIn
) -> None:
    deck = create_project(client, alice, builtins["jade"], num_slides=3)
    project = client.get(f"/api/projects/{deck.id}", headers=alice.headers).json()
    edits = [
        {"op": "replace", "path": "slides/0/contentDescription", "value": "Opening"},
        {"op": "delete", "path": "slides/7"},
    ]
    response = client.post(
        f"/api/projects/{deck.id}/apply-outline-edits",
        json={"version": project["version"], "edits": edits},
        headers=alice.headers,
    )
    assert response.status_code == 422
    assert response.json()["errorCode"] == "invalid_outline_edit"
    assert response.json()["details"]["index"] == 2
    unchanged = client.get(f"/api/projects/{deck.id}", headers=alice.headers).json()
    assert unchanged["slides"][0]["contentDescription"] == ""
    bad_number = client.post(
        f"/api/projects/{deck.id}/apply-outline-edits",
        json={
            "version": project["version"],
            "edits": [{"op": "replace", "path": "slides/0/pptxSlideNumber", "value": 99}],
        },
        headers=alice.headers,
    )
    assert bad_number.json()["errorCode"] == "invalid_outline_edit"


@pytest.mark.parametrize("lang", ["en", "zh-CN", "zh-HK"])
def test_template_descriptions_in_the_requested_language(
    client: TestClient, builtins: dict[str, str], alice: SignedIn, lang: str
) -> None:
    base = f"/api/pptx-files/{builtins['terracotta']}"
    whole = _valid(
        client.get(f"{base}/generate-description", params={"lang": lang}, headers=alice.headers),
        GeneratedDescription,
    )
    slide = _valid(
        client.get(
            f"{base}/slides/7/generate-description", params={"lang": lang}, headers=alice.headers
        ),
        GeneratedSlideDescription,
    )
    assert has_cjk(whole["description"]) == (lang != "en")
    assert has_cjk(slide["description"]) == (lang != "en")
    if lang == "en":
        assert slide["description"].startswith("Chart slide:")
        assert "column chart (4 categories, 2 series)" in slide["description"]
    elif lang == "zh-HK":
        assert slide["description"].startswith("圖表頁")  # Traditional characters
    again = client.get(
        f"{base}/slides/7/generate-description", params={"lang": lang}, headers=alice.headers
    )
    assert again.json() == slide
    missing = client.get(f"{base}/slides/11/generate-description", headers=alice.headers)
    assert missing.status_code == 404


def test_generate_all_missing_descriptions_then_accept_them(
    app: FastAPI, client: TestClient, alice: SignedIn
) -> None:
    from tests.pptx_engine.builders import build_deck  # a small deck built in code

    upload = client.post(
        "/api/pptx-files",
        files={"file": ("mine.pptx", build_deck(8), "application/octet-stream")},
        headers=alice.headers,
    )
    assert upload.status_code == 201, upload.text
    file_id = upload.json()["_id"]
    missing = upload.json()["slidesMissingDescription"]
    assert missing
    started = client.post(
        f"/api/pptx-files/{file_id}/generate-missing-descriptions",
        params={"lang": "en"},
        headers=alice.headers,
    )
    assert started.status_code == 200, started.text
    JobRead.model_validate(started.json())
    app.state.services.jobs.wait_idle()
    job = client.get(f"/api/jobs/{started.json()['_id']}", headers=alice.headers).json()
    assert job["status"] == "succeeded", job
    assert job["progress"] == 100
    descriptions = job["result"]["descriptions"]
    assert sorted(int(n) for n in descriptions) == missing
    assert job["result"]["provider"] == "offline"
    accepted = client.post(
        f"/api/pptx-files/{file_id}/accept-descriptions",
        json={"descriptions": descriptions},
        headers=alice.headers,
    )
    assert accepted.status_code == 200, accepted.text
    assert accepted.json()["slidesMissingDescription"] == []


def test_accepting_descriptions_needs_an_editor(
    client: TestClient, builtins: dict[str, str], alice: SignedIn
) -> None:
    response = client.post(
        f"/api/pptx-files/{builtins['jade']}/accept-descriptions",
        json={"descriptions": {"1": "Mine now"}},
        headers=alice.headers,
    )
    assert response.status_code == 403


def test_images_answer_ai_unavailable_offline_and_say_how_to_configure(
    client: TestClient, alice: SignedIn
) -> None:
    data = base64.b64encode(picture()).decode()
    for path, body in (
        ("/api/images/generate", {"prompt": "A lighthouse"}),
        ("/api/images/describe-base64", {"base64Image": data}),
    ):
        response = client.post(path, json=body, headers=alice.headers)
        assert response.status_code == 503
        assert response.json()["errorCode"] == "ai_unavailable"
        assert "SLIDEWRIGHT_AI_" in response.json()["message"]


def test_app_config_reports_the_offline_assistant(client: TestClient) -> None:
    body = client.get("/api/app/config").json()
    assert body["aiProvider"] == "offline"
    assert body["aiModel"] is None
    assert body["aiCanGenerateImages"] is False
