"""The assistant against a real small model: Gemma 3 270M (Q4_K_M) served by llama.cpp's own
OpenAI-compatible server (tools/llama-server), two threads, its default 2048-token context, and
the app pointed at it by SLIDEWRIGHT_AI_BASE_URL and SLIDEWRIGHT_AI_MODEL only (issue 18).

One deck in en and one in zh-CN, every AI action once, through the API. Per action: HTTP
status, seconds, model requests and prompt tokens (the provider's `usage` counters, as the
server reports them), prompt tokens per request, and the chat requests the server finished
in the meantime ("served", from its access log: it counts the requests the app gave up on,
which `usage` cannot, and a request abandoned mid-answer ends during a later action); a total
per deck. When tools/llama-server
is not installed (tools/llama-server/install.sh), one row says so.
"""

from __future__ import annotations

import importlib.util
import io
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

from bench_ai import _settings  # the same bench app, with the model's address
from fastapi.testclient import TestClient
from pptx import Presentation

from slidewright.core.db import unit_of_work
from slidewright.main import create_app
from slidewright.materials import service as materials_service
from slidewright.materials.models import MaterialScope
from slidewright.templates.builtins import install_builtins
from slidewright.templates.models import PptxFile

TOOLS = Path(__file__).resolve().parents[1] / "tools" / "llama-server"
NUM_SLIDES = 4
DECKS: dict[str, dict[str, Any]] = {
    "en": {
        "title": "Harbor Analytics year in review",
        "description": "For the board meeting",
        "material": "# Harbor Analytics: year in review\n\n"
        "Revenue 2025: 4.2 million, 312 customers, 18 staff.\n\n"
        "## Customers\n\nMost customers are regional retailers who open the dashboards every "
        "week.\n\n## Next year\n\nWe plan to open an office in Lisbon and launch a mobile app.\n",
        "pitch": "A year in review for the board: revenue, customers and the plan for next year",
        "edit": "Add a slide about our customers after slide 2",
        "deck": [
            ("Quarterly update", "Harbor Analytics"),
            ("Goals", "Grow revenue\nKeep customers"),
        ],
    },
    "zh-CN": {
        "title": "海港数据年度回顾",
        "description": "董事会会议汇报",
        "material": "# 海港数据：年度回顾\n\n2025年营收：420万元，客户312家，员工18人。\n\n"
        "## 客户\n\n大多数客户是区域零售商，每周都会打开数据看板。\n\n"
        "## 明年计划\n\n我们计划在里斯本开设办公室，并推出移动应用。\n",
        "pitch": "面向董事会的年度回顾：营收、客户和明年的计划",
        "edit": "在第2页后面加一页介绍我们的客户",
        "deck": [("季度汇报", "海港数据"), ("目标", "提升营收\n留住客户")],
    },
}
ROW = ("lang", "action", "status", "seconds", "requests", "prompt tokens", "per request", "served")
CHAT = b'"POST /v1/chat/completions HTTP/1.1" '  # an access-log line, 500s included


def _row(*values: Any) -> dict[str, Any]:
    return dict(zip(ROW, values, strict=True))


def _launcher() -> ModuleType | None:
    path = TOOLS / "llama_server.py"
    if not path.exists():
        return None
    spec = importlib.util.spec_from_file_location("llama_server", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["llama_server"] = module  # its dataclass looks itself up there
    spec.loader.exec_module(module)
    return module


def _pptx(slides: list[tuple[str, str]]) -> bytes:
    prs = Presentation()
    for title, body in slides:
        slide = prs.slides.add_slide(prs.slide_layouts[1])
        slide.shapes.title.text = title
        slide.placeholders[1].text_frame.text = body
    out = io.BytesIO()
    prs.save(out)
    return out.getvalue()


class Deck:
    """One language's deck, with each action timed and its model usage counted."""

    def __init__(
        self, app: Any, client: TestClient, headers: dict[str, str], lang: str, log: Path
    ) -> None:
        self.app, self.client, self.lang, self.log = app, client, lang, log
        self.headers = {**headers, "Accept-Language": lang}
        self.rows: list[dict[str, Any]] = []

    def request(self, method: str, path: str, **kwargs: Any) -> Any:
        return self.client.request(method, path, headers=self.headers, **kwargs)

    def _measure(self, action: str, run: Any) -> Any:
        usage = self.app.state.services.ai.usage
        usage.reset()
        served = self.log.read_bytes().count(CHAT)
        started = time.perf_counter()
        status, body = run()
        seconds = time.perf_counter() - started
        counted = usage.snapshot()
        calls, prompt = int(counted.get("calls", 0)), int(counted.get("promptTokens", 0))
        per = round(prompt / calls) if calls else ""
        served = self.log.read_bytes().count(CHAT) - served
        self.rows.append(
            _row(self.lang, action, status, round(seconds, 1), calls, prompt, per, served)
        )
        return body if status == 200 else None

    def call(self, action: str, method: str, path: str, **kwargs: Any) -> Any:
        def run() -> tuple[int, Any]:
            response = self.request(method, path, **kwargs)
            return response.status_code, response.json()

        return self._measure(action, run)

    def job(self, action: str, path: str, **kwargs: Any) -> Any:
        def run() -> tuple[int | str, Any]:
            started = self.request("POST", path, **kwargs)
            if started.status_code != 200:
                return started.status_code, started.json()
            self.app.state.services.jobs.wait_idle()
            job = self.request("GET", f"/api/jobs/{started.json()['_id']}").json()
            return (200 if job["status"] == "succeeded" else f"job {job['status']}"), job

        return self._measure(action, run)


def _text_element(parsed: list[dict[str, Any]], number: int | None) -> str | None:
    for slide in parsed:
        if slide["slideNumber"] == number:
            for element in slide["elements"]:
                if element["type"] == "text" and not element["isLocked"] and not element["hidden"]:
                    return str(element["name"])
    return None


def _builtins(app: Any) -> dict[str, str]:
    """The built-in templates' ids by key ("jade", "jade@zh-CN")."""
    with unit_of_work(app.state.session_factory) as session:
        return {
            str(f.builtin_key): f.id
            for f in session.query(PptxFile).filter(PptxFile.builtin_key.is_not(None))
        }


def _deck(
    app: Any, client: TestClient, headers: dict[str, str], user_id: str, lang: str, log: Path
) -> Deck:
    text = DECKS[lang]
    deck = Deck(app, client, headers, lang, log)
    template_id = _builtins(app).get(f"jade@{lang}") or _builtins(app)["jade"]
    parsed = deck.request("GET", f"/api/pptx-files/{template_id}").json()["parsedSlides"]

    deck.call(
        "recommendSlideshow",
        "POST",
        "/api/projects/recommend-slideshow",
        json={"description": text["pitch"], "durationMinutes": 10, "lang": lang},
    )
    project = deck.request(
        "POST",
        "/api/projects",
        json={
            "title": text["title"],
            "description": text["description"],
            "lang": lang,
            "numSlides": NUM_SLIDES,
            "pptxFileId": template_id,
        },
    ).json()
    with unit_of_work(app.state.session_factory) as session:
        scope = MaterialScope(owner_id=user_id, project_id=project["_id"])
        materials_service.create_text(
            session, scope, filename="review.md", content=str(text["material"])
        )
    base = f"/api/projects/{project['_id']}"
    outline = deck.call("suggestOutline", "GET", f"{base}/suggest-outline")
    slides = (outline or {}).get("slides") or [
        {"contentDescription": str(text["pitch"]), "pptxSlideNumber": s["slideNumber"]}
        for s in parsed
        if _text_element(parsed, s["slideNumber"])
    ][:NUM_SLIDES]
    saved = deck.request("PUT", base, json={"version": project["version"], "slides": slides})
    slides = saved.json()["slides"]
    deck.call(
        "suggestOutlineEdits",
        "POST",
        f"{base}/suggest-outline-edits",
        json={"instruction": text["edit"]},
    )
    index = 1 if len(slides) > 1 else 0
    deck.call(
        "generateSlideData", "POST", f"{base}/generate-slide-data", json={"slideIndex": index}
    )
    deck.call(
        "suggestTemplateSlideNumber",
        "POST",
        f"{base}/suggest-template-slide-number",
        json={"slideIndex": index},
    )
    for position, slide in enumerate(slides):
        name = _text_element(parsed, slide.get("pptxSlideNumber"))
        if name:
            deck.call(
                "suggestSlideElementValue",
                "POST",
                f"{base}/slides/{position}/suggest-slide-element-value",
                json={"elementName": name, "instruction": "rewrite"},
            )
            break
    deck.call(
        "recommendSlideDescription",
        "POST",
        f"{base}/recommend-slide-description",
        json={"slideIndex": 0},
    )
    deck.call(
        "batchRecommendSlideDescriptions",
        "POST",
        f"{base}/batch-recommend-slide-descriptions",
        json={"slideIndices": list(range(min(3, len(slides))))},
    )
    template = f"/api/pptx-files/{template_id}"
    deck.call(
        "generatePptxDescription", "GET", f"{template}/generate-description", params={"lang": lang}
    )
    deck.call(
        "generatePptxSlideDescription",
        "GET",
        f"{template}/slides/2/generate-description",
        params={"lang": lang},
    )
    upload = deck.request(
        "POST",
        "/api/pptx-files",
        files={"file": ("update.pptx", _pptx(list(text["deck"])), "application/octet-stream")},
    ).json()
    deck.job(
        "generateMissingSlideDescriptions",
        f"/api/pptx-files/{upload['_id']}/generate-missing-descriptions",
        params={"lang": lang},
    )
    calls = sum(int(r["requests"]) for r in deck.rows)
    prompt = sum(int(r["prompt tokens"]) for r in deck.rows)
    seconds = round(sum(float(r["seconds"]) for r in deck.rows), 1)
    per = round(prompt / calls) if calls else ""
    served = sum(int(r["served"]) for r in deck.rows)
    deck.rows.append(_row(lang, "the whole deck", "", seconds, calls, prompt, per, served))
    return deck


def run() -> list[dict[str, Any]]:
    launcher = _launcher()
    reason = launcher.missing() if launcher else f"{TOOLS} is missing"
    if reason or launcher is None:
        return [_row("", "skipped", reason, "", "", "", "", "")]
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as folder:
        server = launcher.start(log=Path(folder) / "llama-server.log")
        with server:
            startup = f"{server.startup_seconds:.1f} s (+{server.assemble_seconds:.1f} s model)"
            model = Path(server.model_id).name
            rows.append(_row("", f"server start ({model})", "", startup, "", "", "", ""))
            app = create_app(
                _settings(Path(folder), ai_base_url=server.base_url, ai_model=server.model_id)
            )
            with TestClient(app) as client:
                with unit_of_work(app.state.session_factory) as session:
                    install_builtins(session, app.state.services)
                app.state.services.jobs.wait_idle()
                signed = client.post(
                    "/api/auth/signup",
                    json={"name": "Bench", "email": "bench@example.com", "password": "secret1"},
                ).json()
                headers = {"Authorization": f"Bearer {signed['token']}"}
                for lang in DECKS:
                    rows += _deck(
                        app, client, headers, signed["user"]["_id"], lang, server.log
                    ).rows
    return rows
