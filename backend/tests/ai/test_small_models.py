"""The assistant with small, slow, self-hosted models (issue 18): one deadline per action, the
offline assistant on request, one model request at a time for a one-slot server, answers
completed field by field, made-up facts left out, prompts cut to the window, and a server that
refuses a structured-output mode or supports none."""

from __future__ import annotations

import json
import threading
import time
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from slidewright.ai import prompt_budget
from slidewright.ai.fake_server import FakeOpenAI, Scripted
from slidewright.ai.providers.openai_compat import OpenAICompatProvider
from tests.ai.conftest import (
    REVIEW_EN,
    Deck,
    add_material,
    create_project,
    outlined_deck,
    use_openai,
)
from tests.ai.server_kinds import LLAMA_CPP_PYTHON, PLAIN, KindServer, ServerKind
from tests.helpers import SignedIn


def _slide_with(client: TestClient, deck: Deck, element_type: str) -> tuple[int, dict[str, Any]]:
    """The first slide of the deck whose template slide has an element of `element_type`."""
    project = client.get(f"/api/projects/{deck.id}", headers=deck.who.headers).json()
    template = client.get(
        f"/api/pptx-files/{project['pptxFileId']}", headers=deck.who.headers
    ).json()
    by_number = {s["slideNumber"]: s for s in template["parsedSlides"]}
    for index, slide in enumerate(project["slides"]):
        template_slide = by_number.get(slide.get("pptxSlideNumber"))
        if template_slide and any(e["type"] == element_type for e in template_slide["elements"]):
            return index, template_slide
    raise AssertionError(f"no slide with a {element_type} element")


def test_one_deadline_for_the_whole_action_then_a_typed_timeout_offering_the_offline_assistant(
    app: FastAPI, client: TestClient, builtins: dict[str, str], alice: SignedIn, fake: FakeOpenAI
) -> None:
    deck = outlined_deck(app, client, alice, builtins["jade"], fake)
    use_openai(app, fake, deadline_seconds=1.5, timeout_seconds=60)
    fake.enqueue(Scripted(delay=4), Scripted(delay=4))
    started = time.monotonic()
    response = client.post(
        f"/api/projects/{deck.id}/generate-slide-data",
        json={"slideIndex": 1},
        headers={**alice.headers, "Accept-Language": "zh-CN"},
    )
    took = time.monotonic() - started
    assert response.status_code == 504, response.text
    body = response.json()
    assert body["errorCode"] == "ai_timeout"
    assert body["details"]["offlineAvailable"] is True
    assert "离线助手" in body["message"]
    assert took < 3.5  # the deadline, not the 60 s request timeout nor a retry after it
    # One click later: the offline assistant does it, no model request.
    fake.reset()
    response = client.post(
        f"/api/projects/{deck.id}/generate-slide-data?assistant=offline",
        json={"slideIndex": 1},
        headers=alice.headers,
    )
    assert response.status_code == 200, response.text
    assert response.json()["provider"] == "offline"
    assert response.json()["formData"]
    assert fake.chat_requests() == []


def test_generate_all_missing_can_run_on_the_offline_assistant(
    app: FastAPI, client: TestClient, builtins: dict[str, str], alice: SignedIn, fake: FakeOpenAI
) -> None:
    response = client.post(
        f"/api/pptx-files/{builtins['jade']}/generate-missing-descriptions?assistant=offline",
        headers=alice.headers,
    )
    assert response.status_code in (200, 201, 202), response.text
    job = response.json()
    for _ in range(100):  # the job runs in the background: wait for it to finish
        job = client.get(f"/api/jobs/{job['_id']}", headers=alice.headers).json()
        if job["status"] in ("succeeded", "failed"):
            break
        time.sleep(0.1)
    assert job["status"] == "succeeded", job
    assert job["result"]["provider"] == "offline"
    assert fake.chat_requests() == []


def test_a_one_slot_server_gets_one_request_at_a_time(
    app: FastAPI, client: TestClient, builtins: dict[str, str], alice: SignedIn, fake: FakeOpenAI
) -> None:
    deck = outlined_deck(app, client, alice, builtins["jade"], fake)
    use_openai(app, fake, max_concurrent=1)
    fake.enqueue(Scripted(delay=0.6), Scripted(delay=0.6))
    answers: list[int] = []

    def ask(index: int) -> None:
        response = client.post(
            f"/api/projects/{deck.id}/recommend-slide-description",
            json={"slideIndex": index},
            headers=alice.headers,
        )
        answers.append(response.status_code)

    started = time.monotonic()
    threads = [threading.Thread(target=ask, args=(i,)) for i in (1, 2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert answers == [200, 200]
    assert time.monotonic() - started >= 1.2  # one after the other, not side by side


def test_a_wrong_element_is_completed_by_the_offline_assistant_and_named(
    app: FastAPI, client: TestClient, builtins: dict[str, str], alice: SignedIn, fake: FakeOpenAI
) -> None:
    deck = outlined_deck(app, client, alice, builtins["jade"], fake)
    index, template_slide = _slide_with(client, deck, "text")
    texts = [e["name"] for e in template_slide["elements"] if e["type"] == "text"]
    first, *others = texts
    values = [
        {"name": first, "text": "Revenue growth", "imageId": None, "table": None, "chart": None}
    ]
    # The rest: a number where text belongs (schema-invalid), element by element.
    values += [{"name": name, "text": {"oops": 1}} for name in others]
    fake.enqueue(*(Scripted(content=json.dumps({"values": values, "notes": 7})) for _ in range(2)))
    response = client.post(
        f"/api/projects/{deck.id}/generate-slide-data",
        json={"slideIndex": index},
        headers=alice.headers,
    )
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["provider"] == "openai_compat"
    assert body["formData"][first] == "Revenue growth"  # the model's, kept
    assert "notes" in body["fallbackFields"]
    for name in others:
        assert f"values/{name}" in body["fallbackFields"]


def test_a_slow_answer_is_cut_at_the_deadline_keeping_its_complete_values(
    app: FastAPI, client: TestClient, builtins: dict[str, str], alice: SignedIn, fake: FakeOpenAI
) -> None:
    """A small model still writing at the deadline: the stream is closed, the values it
    finished are kept, the one it was writing is not half-used but completed and named."""
    deck = outlined_deck(app, client, alice, builtins["jade"], fake)
    index, template_slide = _slide_with(client, deck, "text")
    first, second = [e["name"] for e in template_slide["elements"] if e["type"] == "text"][:2]
    long_text = "Most customers are regional retailers who open the dashboards every week " * 3
    answer = {
        "values": [
            {"name": first, "text": "Revenue growth", "imageId": None, "table": None},
            {"name": second, "text": long_text, "imageId": None, "table": None},
        ],
        "notes": "Speak to the customers slide.",
    }
    # Eight pieces 0.45 s apart: the deadline (3.5 s, cut 2 s before it) falls in the
    # second value's text.
    use_openai(app, fake, deadline_seconds=3.5, timeout_seconds=60)
    fake.enqueue(Scripted(content=json.dumps(answer), chunk_delay=0.45))
    started = time.monotonic()
    response = client.post(
        f"/api/projects/{deck.id}/generate-slide-data",
        json={"slideIndex": index},
        headers=alice.headers,
    )
    took = time.monotonic() - started
    assert response.status_code == 200, response.text
    assert took < 3.5  # within the deadline, not after the whole answer (3.6 s)
    body = response.json()
    assert body["provider"] == "openai_compat"
    assert body["formData"][first] == "Revenue growth"  # finished before the cut: kept
    assert f"values/{second}" in body["fallbackFields"]  # being written: completed
    assert not long_text.startswith(str(body["formData"].get(second) or "-"))
    assert "notes" in body["fallbackFields"]
    assert len(fake.chat_requests()) == 1  # no repair request past the deadline


def test_a_server_that_ignores_streaming_or_breaks_its_stream_is_read_or_typed(
    app: FastAPI, client: TestClient, builtins: dict[str, str], alice: SignedIn, fake: FakeOpenAI
) -> None:
    deck = outlined_deck(app, client, alice, builtins["jade"], fake)
    use_openai(app, fake)
    path = f"/api/projects/{deck.id}/recommend-slide-description"
    # One JSON completion to a stream request: read as the answer, the model's.
    fake.enqueue(Scripted(plain=True))
    response = client.post(path, json={"slideIndex": 0}, headers=alice.headers)
    assert response.status_code == 200, response.text
    assert response.json()["provider"] == "openai_compat"
    assert not response.json().get("fallbackFields")
    # A line of the stream that is no JSON, before any text: a typed error, never a 500.
    broken = b'data: {"choices": [{"index": 0, "delta": {"content": \n\n'
    fake.enqueue(Scripted(raw_stream=broken), Scripted(raw_stream=broken))
    response = client.post(path, json={"slideIndex": 0}, headers=alice.headers)
    assert response.status_code == 503, response.text
    assert response.json()["errorCode"] == "ai_unavailable"
    assert response.json()["details"]["offlineAvailable"] is True


def test_names_dates_and_numbers_found_in_no_input_are_left_out_and_listed(
    app: FastAPI, client: TestClient, builtins: dict[str, str], alice: SignedIn, fake: FakeOpenAI
) -> None:
    deck = outlined_deck(app, client, alice, builtins["jade"], fake)
    description = (
        "Revenue grew 18% to $42.5M\n"
        "Contoso signed a partnership in March 2019\n"
        "We hired 45 engineers"
    )
    fake.enqueue(
        Scripted(
            content=json.dumps(
                {
                    "descriptions": [
                        {
                            "slideIndex": 1,
                            "description": description,
                            "reasonForRecommendation": "From the review",
                        }
                    ]
                }
            )
        )
    )
    response = client.post(
        f"/api/projects/{deck.id}/recommend-slide-description",
        json={"slideIndex": 1},
        headers=alice.headers,
    )
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["description"] == "Revenue grew 18% to $42.5M\nWe hired 45 engineers"
    assert {"Contoso", "March", "2019"} <= set(body["droppedFacts"])


def test_a_prompt_is_cut_to_a_small_window_and_the_answer_gets_the_rest(
    app: FastAPI, client: TestClient, builtins: dict[str, str], alice: SignedIn, fake: FakeOpenAI
) -> None:
    deck = create_project(client, alice, builtins["jade"])
    add_material(app, alice, REVIEW_EN * 20, project_id=deck.id)  # far more than 1500 tokens
    use_openai(app, fake, context_tokens=1536)
    response = client.get(f"/api/projects/{deck.id}/suggest-outline", headers=alice.headers)
    assert response.status_code == 200, response.text
    [request] = fake.chat_requests()
    used = prompt_budget.messages_tokens(request.messages)
    assert used <= prompt_budget.prompt_budget(1536)
    assert "Revenue grew 18%" in request.text()  # the material's first facts stayed
    assert request.body["max_tokens"] >= 1536 - used - prompt_budget.SAFETY - 1


def test_with_a_small_window_an_answer_is_given_the_tokens_its_task_needs(
    app: FastAPI, client: TestClient, builtins: dict[str, str], alice: SignedIn, fake: FakeOpenAI
) -> None:
    """A one-element rewrite is not given 600 tokens to ramble in: a slow model's answer ends
    in time. A whole slide is given more, a cloud model's window no cap of ours."""
    deck = outlined_deck(app, client, alice, builtins["jade"], fake)
    index, template_slide = _slide_with(client, deck, "text")
    title = next(e for e in template_slide["elements"] if e["type"] == "text")["name"]
    use_openai(app, fake, context_tokens=2048)
    fake.reset()
    element = client.post(
        f"/api/projects/{deck.id}/slides/{index}/suggest-slide-element-value",
        json={"elementName": title, "instruction": "rewrite"},
        headers=alice.headers,
    )
    assert element.status_code == 200, element.text
    slide = client.post(
        f"/api/projects/{deck.id}/generate-slide-data",
        json={"slideIndex": index},
        headers=alice.headers,
    )
    assert slide.status_code == 200, slide.text
    one, whole = (request.body["max_tokens"] for request in fake.chat_requests())
    assert 96 <= one < 400
    assert one < whole <= 600
    # The repair of an unusable answer is held to the same size, not given the whole room.
    fake.reset()
    fake.enqueue(Scripted(content="I cannot answer in JSON."))
    again = client.post(
        f"/api/projects/{deck.id}/slides/{index}/suggest-slide-element-value",
        json={"elementName": title, "instruction": "rewrite"},
        headers=alice.headers,
    )
    assert again.status_code == 200, again.text
    first, repair = (request.body["max_tokens"] for request in fake.chat_requests())
    assert first == one and repair <= first


def test_a_request_that_cannot_fit_is_a_typed_error(
    app: FastAPI, client: TestClient, builtins: dict[str, str], alice: SignedIn, fake: FakeOpenAI
) -> None:
    deck = outlined_deck(app, client, alice, builtins["jade"], fake)
    use_openai(app, fake, context_tokens=512)
    response = client.post(
        f"/api/projects/{deck.id}/generate-slide-data",
        json={"slideIndex": 1, "instruction": "Use the figures. " * 200},
        headers=alice.headers,
    )
    assert response.status_code == 422, response.text
    assert response.json()["errorCode"] == "ai_prompt_too_long"
    assert response.json()["details"]["offlineAvailable"] is True
    assert fake.chat_requests() == []


def _outline_answer(body: dict[str, Any]) -> str:
    return json.dumps(
        {
            "slides": [
                {
                    "contentDescription": "Revenue growth by region",
                    "pptxSlideNumber": None,
                    "reason": "",
                }
            ]
        }
    )


@pytest.mark.parametrize("kind", [LLAMA_CPP_PYTHON, PLAIN], ids=["refuses-json_schema", "plain"])
def test_an_outline_comes_back_whatever_the_server_supports(
    app: FastAPI, client: TestClient, builtins: dict[str, str], alice: SignedIn, kind: ServerKind
) -> None:
    """llama.cpp's Python server answers 500 to `json_schema`: the probe steps down to its own
    field. A server with no structured output at all still gets an answer, completed by the
    offline assistant where its text was unusable. A slide the model gave no template slide
    gets the offline assistant's choice, named (it could be neither filled nor exported)."""
    deck = create_project(client, alice, builtins["jade"])
    add_material(app, alice, REVIEW_EN, project_id=deck.id)
    kind = ServerKind(kind.routes, kind.modes, kind.refuses, kind.loose_answer, _outline_answer)
    with KindServer(kind) as server:
        app.state.services.ai = OpenAICompatProvider(
            base_url=server.base_url, api_key="k", model="m", json_mode="auto"
        )
        response = client.get(f"/api/projects/{deck.id}/suggest-outline", headers=alice.headers)
        assert response.status_code == 200, response.text
        body = response.json()
        if kind.modes:
            assert body["provider"] == "openai_compat"
            first = body["slides"][0]
            assert first["contentDescription"] == "Revenue growth by region"
            assert isinstance(first["pptxSlideNumber"], int)
            assert first["aiSuggestionReasonForPptxSlideNumber"]
            assert body["fallbackFields"] == ["slides/0/pptxSlideNumber"]
        else:
            assert body["provider"] == "offline" and body["fallbackFields"] == ["*"]
            assert body["slides"]


def test_admins_see_the_model_and_test_the_connection(
    app: FastAPI, client: TestClient, alice: SignedIn, admin: SignedIn
) -> None:
    with KindServer(LLAMA_CPP_PYTHON) as server:
        app.state.services.ai = OpenAICompatProvider(
            base_url=server.base_url, api_key="k", model="m", json_mode="auto"
        )
        assert client.get("/api/ai/status", headers=alice.headers).status_code == 403
        assert client.post("/api/ai/check", headers=alice.headers).status_code == 403
        status = client.get("/api/ai/status", headers=admin.headers).json()
        assert status["endpoint"]["server"] == "llama-cpp-python"
        assert status["endpoint"]["mode"] == "json_object_schema"
        check = client.post(
            "/api/ai/check", headers={**admin.headers, "Accept-Language": "zh-CN"}
        ).json()
        assert check["ok"] is True and "已连接" in check["summary"]
        assert len(check["status"]["endpoint"]["trials"]) == 5
        health = client.get("/api/health").json()
        assert health["ai"]["provider"] == "openai_compat"
        assert health["ai"]["mode"] == "json_object_schema"
        assert "model" not in health["ai"] and "baseUrl" not in health["ai"]
