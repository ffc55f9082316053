"""Issue 12: an agenda and speaker notes are written for the slide order of the time. The
assistant says which values list the deck (`deckElements`), and a slide keeps the order its
agenda and notes were written for (`writtenForOrder`), so the editor can mark them for refresh
after slides are deleted or moved, across reloads and devices."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.ai.conftest import create_project
from tests.helpers import SignedIn


def _agenda_number(client: TestClient, template_id: str, who: SignedIn) -> int:
    template = client.get(f"/api/pptx-files/{template_id}", headers=who.headers).json()
    for slide in template["parsedSlides"]:
        if any(e["name"] == "Agenda Items" for e in slide["elements"]):
            return int(slide["slideNumber"])
    raise AssertionError("the built-in template has no agenda slide")


def test_slide_data_names_the_elements_that_list_the_deck(
    client: TestClient, builtins: dict[str, str], alice: SignedIn
) -> None:
    deck = create_project(client, alice, builtins["jade"], num_slides=4)
    agenda = _agenda_number(client, builtins["jade"], alice)
    topics = ["Agenda of the review", "Revenue by region", "Hiring plan", "Next steps"]
    slides = [
        {**slide, "contentDescription": topic, "pptxSlideNumber": agenda if i == 0 else 4}
        for i, (slide, topic) in enumerate(zip(deck.body["slides"], topics, strict=True))
    ]
    saved = client.put(
        f"/api/projects/{deck.id}",
        json={"version": deck.body["version"], "slides": slides},
        headers=alice.headers,
    )
    assert saved.status_code == 200, saved.text
    for index, expected in ((0, ["Agenda Items"]), (1, [])):
        body = client.post(
            f"/api/projects/{deck.id}/generate-slide-data",
            json={"slideIndex": index},
            headers=alice.headers,
        ).json()
        assert body["deckElements"] == expected, body
        assert set(body["deckElements"]) <= set(body["formData"])


def test_a_slide_keeps_the_order_its_agenda_and_notes_were_written_for(
    client: TestClient, builtins: dict[str, str], alice: SignedIn, bob: SignedIn
) -> None:
    deck = create_project(client, alice, builtins["jade"], num_slides=3)
    slides = deck.body["slides"]
    basis = {"fingerprint": "k3x9-17", "elements": ["Agenda Items"], "notes": True}
    slides[1] = {**slides[1], "notes": "Three parts today", "writtenForOrder": basis}
    saved = client.put(
        f"/api/projects/{deck.id}",
        json={"version": deck.body["version"], "slides": slides},
        headers=alice.headers,
    )
    assert saved.status_code == 200, saved.text
    read = client.get(f"/api/projects/{deck.id}", headers=alice.headers).json()
    assert read["slides"][1]["writtenForOrder"] == basis
    assert read["slides"][0]["writtenForOrder"] is None
    # Another user sees none of it.
    assert client.get(f"/api/projects/{deck.id}", headers=bob.headers).status_code == 404

    # Kept as the user dismissed the refresh: a new fingerprint, the same parts.
    read["slides"][1]["writtenForOrder"] = {**basis, "fingerprint": "p2a8-17"}
    again = client.put(
        f"/api/projects/{deck.id}",
        json={"version": read["version"], "slides": read["slides"]},
        headers=alice.headers,
    ).json()
    assert again["slides"][1]["writtenForOrder"]["fingerprint"] == "p2a8-17"


def test_a_malformed_order_basis_is_a_typed_error(
    client: TestClient, builtins: dict[str, str], alice: SignedIn
) -> None:
    deck = create_project(client, alice, builtins["jade"], num_slides=1)
    for bad in ({"fingerprint": ""}, {"fingerprint": "x" * 65}, {"fingerprint": "a", "extra": 1}):
        slides = [{**deck.body["slides"][0], "writtenForOrder": bad}]
        response = client.put(
            f"/api/projects/{deck.id}",
            json={"version": deck.body["version"], "slides": slides},
            headers=alice.headers,
        )
        assert response.status_code == 422, response.text
        assert response.json()["errorCode"] == "validation_error"
