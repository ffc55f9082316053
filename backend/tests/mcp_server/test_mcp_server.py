"""The MCP endpoint through the SDK's own client against the real app on a real port: an
assistant builds and exports a deck with a built-in template, under the REST API's rules."""

from __future__ import annotations

import io

import httpx
import httpx2
import pytest
from fastapi import FastAPI
from mcp import Client, ClientSession
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError
from mcp.types.version import LATEST_MODERN_VERSION
from pptx import Presentation

from tests.helpers import MCP_ACCEPT, mcp_initialize
from tests.mcp_server.conftest import Person, call, call_error, mcp_session

pytestmark = pytest.mark.anyio

TOOLS = {
    "list_templates",
    "get_template",
    "list_projects",
    "get_project",
    "create_project",
    "outline_project",
    "apply_outline",
    "fill_slides",
    "set_slide_values",
    "preflight",
    "export_project",
}
READS = {
    "list_templates",
    "get_template",
    "list_projects",
    "get_project",
    "preflight",
    "export_project",
}
NOTES = """# Nordic expansion plan
Our Nordic subsidiary opened three offices in Oslo, Bergen and Tromsø this year.

# Results
Revenue in the Nordic region grew 42 percent, driven by fjord logistics contracts.

# Next steps
Hire twelve engineers in Bergen and launch the Tromsø data centre in spring.
"""
ASSISTANT_LINE = "Questions welcome: the assistant wrote this line"


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def _pptx_text(data: bytes) -> str:
    deck = Presentation(io.BytesIO(data))
    return "\n".join(
        shape.text_frame.text
        for slide in deck.slides
        for shape in slide.shapes
        if shape.has_text_frame
    )


async def _builtin_template(session: ClientSession) -> dict:
    listed = (await call(session, "list_templates", lang="en"))["result"]
    return next(t for t in listed if t["builtin"])


async def test_the_tools_are_listed_with_read_and_write_hints(base_url: str, alice: Person) -> None:
    async with mcp_session(base_url, alice.write_token) as session:
        tools = {tool.name: tool for tool in (await session.list_tools()).tools}
    assert set(tools) == TOOLS
    for name, tool in tools.items():
        assert tool.annotations is not None
        assert tool.annotations.read_only_hint is (name in READS), name
        assert tool.description and tool.output_schema


async def test_an_assistant_builds_and_exports_a_deck(base_url: str, alice: Person) -> None:
    async with mcp_session(base_url, alice.write_token) as session:
        template = await _builtin_template(session)
        slides = (await call(session, "get_template", template_id=template["_id"]))["slides"]
        assert slides and all("slideNumber" in s and "elements" in s for s in slides)
        assert any(e["type"] == "text" and e["capacity"] for s in slides for e in s["elements"])

        project = await call(
            session,
            "create_project",
            title="Nordic update",
            template_id=template["_id"],
            lang="en",
            num_slides=4,
        )
        assert project["pptxFileId"] == template["_id"] and project["numSlides"] == 4
        outline = await call(session, "outline_project", project_id=project["_id"], text=NOTES)
        assert outline["slides"] and outline["provider"] == "offline"
        assert len(outline["materialIds"]) == 1  # the text became the project's material
        applied = await call(
            session, "apply_outline", project_id=project["_id"], slides=outline["slides"]
        )
        assert [s["contentDescription"] for s in applied["slides"]] == [
            s["contentDescription"] for s in outline["slides"]
        ]
        assert all(s["pptxSlideNumber"] for s in applied["slides"])

        filled = await call(session, "fill_slides", project_id=project["_id"])
        assert [s["slideIndex"] for s in filled["slides"]] == list(range(len(outline["slides"])))
        assert any(s["filled"] for s in filled["slides"])
        body = _text_element(slides, filled["project"]["slides"][-1]["pptxSlideNumber"])
        await call(
            session,
            "set_slide_values",
            project_id=project["_id"],
            slide_index=len(outline["slides"]) - 1,
            values={body: ASSISTANT_LINE},
            notes="Thank the Bergen team.",
        )
        report = await call(session, "preflight", project_id=project["_id"])
        assert report["exportedSlides"] == len(outline["slides"])

        link = await call(session, "export_project", project_id=project["_id"])
    assert link["downloadUrl"] == f"{base_url}/api/projects/{project['_id']}/export"
    assert link["filename"] == "Nordic update.pptx" and link["sizeBytes"] > 0

    with httpx.Client() as http:
        refused = http.get(link["downloadUrl"])
        assert refused.status_code == 401
        assert refused.json()["errorCode"] == "not_authenticated"
        download = http.get(
            link["downloadUrl"], headers={"Authorization": f"Bearer {alice.write_token}"}
        )
    assert download.status_code == 200
    text = _pptx_text(download.content)
    assert ASSISTANT_LINE in text
    # The user's own text reached the slides (these words are only in it, not in the title).
    assert "42 percent" in text and "Bergen" in text


def _text_element(template_slides: list[dict], number: int) -> str:
    slide = next(s for s in template_slides if s["slideNumber"] == number)
    return next(e["name"] for e in slide["elements"] if e["type"] == "text" and not e["isLocked"])


async def test_a_read_only_token_reads_but_cannot_write(base_url: str, alice: Person) -> None:
    async with mcp_session(base_url, alice.write_token) as session:
        template = await _builtin_template(session)
        project = await call(
            session, "create_project", title="Kept", template_id=template["_id"], lang="en"
        )
    async with mcp_session(base_url, alice.read_token, {"Accept-Language": "zh-CN"}) as session:
        listed = (await call(session, "list_projects"))["result"]
        assert [p["_id"] for p in listed] == [project["_id"]]
        assert (await call(session, "get_project", project_id=project["_id"]))["title"] == "Kept"
        refused = await call_error(
            session, "create_project", title="New", template_id=template["_id"]
        )
        assert refused["errorCode"] == "api_token_read_only"
        assert refused["message"] == "此 API 令牌为只读：如需修改，请创建读写令牌。"
        for tool, arguments in (
            ("outline_project", {"text": NOTES}),
            ("fill_slides", {}),
            ("set_slide_values", {"slide_index": 0, "values": {}}),
            ("apply_outline", {"slides": [{"contentDescription": "x"}]}),
        ):
            error = await call_error(session, tool, project_id=project["_id"], **arguments)
            assert error["errorCode"] == "api_token_read_only", tool
        assert (await call(session, "list_projects"))["result"][0]["version"] == project["version"]


async def test_another_users_token_never_reaches_the_project(
    base_url: str, alice: Person, bob: Person
) -> None:
    async with mcp_session(base_url, alice.write_token) as session:
        template = await _builtin_template(session)
        project = await call(
            session, "create_project", title="Alice only", template_id=template["_id"], lang="en"
        )
    async with mcp_session(base_url, bob.write_token) as session:
        assert (await call(session, "list_projects"))["result"] == []
        for tool, arguments in (
            ("get_project", {}),
            ("outline_project", {"text": NOTES}),
            ("apply_outline", {"slides": [{"contentDescription": "taken over"}]}),
            ("fill_slides", {}),
            ("set_slide_values", {"slide_index": 0, "values": {}}),
            ("preflight", {}),
            ("export_project", {}),
        ):
            error = await call_error(session, tool, project_id=project["_id"], **arguments)
            assert error["errorCode"] == "project_not_found", tool
            assert error["message"] == "Project not found."
    with httpx.Client() as http:
        export = http.get(
            f"{base_url}/api/projects/{project['_id']}/export",
            headers={"Authorization": f"Bearer {bob.write_token}"},
        )
        assert export.status_code == 404
        mine = http.get(
            f"{base_url}/api/projects/{project['_id']}",
            headers={"Authorization": f"Bearer {alice.write_token}"},
        ).json()
    assert mine["version"] == project["version"] and mine["title"] == "Alice only"


async def test_no_or_a_bad_token_gets_401_before_any_tool(base_url: str, alice: Person) -> None:
    initialize = mcp_initialize("curl")
    accept = MCP_ACCEPT
    with httpx.Client(base_url=base_url) as http:
        missing = http.post("/mcp", json=initialize, headers=accept)
        bad = http.post(
            "/mcp", json=initialize, headers={**accept, "Authorization": "Bearer swpat_nope"}
        )
        listed = http.get("/mcp", headers={"Accept-Language": "zh-CN"})
        # Stateless: no standalone event stream to open (an idle GET would hang forever).
        stream = http.get(
            "/mcp",
            headers={"Accept": "text/event-stream", "Authorization": f"Bearer {alice.read_token}"},
        )
        ok = http.post(
            "/mcp",
            json=initialize,
            headers={**accept, "Authorization": f"Bearer {alice.read_token}"},
        )
    assert missing.status_code == 401 and missing.json()["errorCode"] == "not_authenticated"
    assert missing.headers["www-authenticate"] == "Bearer"
    assert bad.status_code == 401 and bad.json()["errorCode"] == "invalid_token"
    assert listed.status_code == 401 and listed.json()["message"] == "请先登录。"
    assert stream.status_code == 405 and stream.headers["allow"] == "POST"
    assert stream.json()["errorCode"] == "http_405"
    assert ok.status_code == 200 and ok.json()["result"]["serverInfo"]["name"] == "slidewright"

    with pytest.raises(ExceptionGroup) as refused:  # the SDK's client fails on the 401
        async with mcp_session(base_url, None) as session:
            await session.list_tools()
    assert refused.group_contains(MCPError, match="error response")


async def test_a_sign_in_token_works_like_a_read_write_token(base_url: str, alice: Person) -> None:
    async with mcp_session(base_url, alice.sign_in) as session:
        template = await _builtin_template(session)
        made = await call(session, "create_project", title="Signed in", template_id=template["_id"])
    assert made["title"] == "Signed in"


async def test_the_2026_protocol_gets_the_same_caller_and_rules(
    base_url: str, alice: Person, bob: Person
) -> None:
    """The SDK's high-level client negotiates the newest protocol (one request per call, no
    handshake), which the server runs on another path: the caller must still be right."""
    async with mcp_session(base_url, alice.write_token) as session:
        template = await _builtin_template(session)
        project = await call(
            session, "create_project", title="Modern", template_id=template["_id"], lang="en"
        )
    for person, expected in ((alice, [project["_id"]]), (bob, [])):
        headers = {"Authorization": f"Bearer {person.read_token}"}
        async with (
            httpx2.AsyncClient(headers=headers, timeout=60) as http,
            Client(streamable_http_client(f"{base_url}/mcp", http_client=http)) as client,
        ):
            assert client.protocol_version == LATEST_MODERN_VERSION
            listed = await client.call_tool("list_projects", {})
            assert [p["_id"] for p in listed.structured_content["result"]] == expected
            refused = await client.call_tool(
                "create_project", {"title": "No", "template_id": template["_id"]}
            )
            assert refused.is_error
            assert refused.structured_content["errorCode"] == "api_token_read_only"


async def test_arguments_outside_a_tools_schema_get_a_typed_validation_error(
    base_url: str, alice: Person
) -> None:
    async with mcp_session(base_url, alice.write_token, {"Accept-Language": "zh-CN"}) as session:
        template = await _builtin_template(session)
        project = await call(session, "create_project", title="Kept", template_id=template["_id"])
        error = await call_error(session, "set_slide_values", project_id=project["_id"], values={})
        assert error["errorCode"] == "validation_error"
        assert error["message"] == "部分字段缺失或无效。"
        assert [e["field"] for e in error["details"]["errors"]] == ["slide_index"]
        error = await call_error(
            session, "set_slide_values", project_id=project["_id"], slide_index=-1, values={}
        )
        assert error["details"]["errors"][0]["type"] == "greater_than_equal"
        # Nothing was changed by the refused calls.
        kept = await call(session, "get_project", project_id=project["_id"])
        assert kept["version"] == project["version"]


async def test_the_download_link_uses_the_public_address_when_configured(
    app: FastAPI, base_url: str, alice: Person, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Behind a TLS proxy the request says http: the link must not send the token in clear.
    monkeypatch.setattr(app.state.settings, "public_url", "https://slides.example.com/")
    async with mcp_session(base_url, alice.write_token) as session:
        template = await _builtin_template(session)
        project = await call(session, "create_project", title="Linked", template_id=template["_id"])
        await call(
            session,
            "apply_outline",
            project_id=project["_id"],
            slides=[{"contentDescription": "Hello", "pptxSlideNumber": 1}],
        )
        link = await call(session, "export_project", project_id=project["_id"])
    assert link["downloadUrl"] == f"https://slides.example.com/api/projects/{project['_id']}/export"
