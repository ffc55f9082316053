"""AI cost of a deck: model calls and tokens to outline and fill a 10-slide deck on a built-in
template, through the API, with the OpenAI-compatible provider against the fake
OpenAI-compatible server (its `usage` counts about 4 characters a token). The same flow with the
offline assistant is timed alongside.

Target (issue 7): at most 1 call for the outline plus 1 per slide; prompt size per slide
reported.
"""

from __future__ import annotations

import logging
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from slidewright import migrate
from slidewright.ai.fake_server import FakeOpenAI
from slidewright.core.config import Settings
from slidewright.core.db import unit_of_work
from slidewright.main import create_app
from slidewright.materials import service as materials_service
from slidewright.materials.models import MaterialScope
from slidewright.templates.builtins import install_builtins

SLIDES = 10
DOCUMENT = """# Northwind 2025 strategy review

Prepared for the leadership offsite. It summarises the year and proposes the plan for 2026.

## Market landscape

Demand for managed analytics grew faster than the overall software market.
- Managed analytics market: +21% year over year
- Overall enterprise software: +9%
- Our share rose from 4.1% to 5.3%

## Revenue growth by region

Revenue grew 18% to $142M, with every region ahead of plan.
- North America: 12%
- Europe: 9%
- Asia Pacific: 32%
- Latin America: 15%

## Build in-house vs partner

We compared building the data platform ourselves with partnering with a cloud vendor.
- Build: full control of the roadmap and customer data, higher upfront cost
- Partner: launch within one quarter, lower cost, shared roadmap

## Customer voice

"The onboarding was the fastest we have seen from any vendor." - Dana Wu, CIO of Contoso
Net promoter score rose from 41 to 52, driven by faster support.

## Quarterly performance

| Metric | Q1 | Q2 | Q3 | Q4 |
| --- | --- | --- | --- | --- |
| Revenue ($M) | 31.2 | 34.8 | 36.1 | 39.9 |
| Gross margin (%) | 61 | 62 | 63 | 64 |
| New customers | 120 | 135 | 161 | 170 |

## People

We hired 85 engineers, opened offices in Singapore and Berlin, and cut attrition to 8%.

## Risks

Currency swings, a slower public-sector pipeline and a tight hiring market in data science.

## Plan for 2026

Launch the analytics add-on in Q1, double the partner program and reach $180M revenue.
"""


def _settings(folder: Path, **ai: Any) -> Settings:
    url = f"sqlite:///{folder / 'bench.db'}"
    migrate.upgrade(url)
    return Settings(
        data_dir=folder / "data",
        database_url=url,
        secret_key="bench-secret-key-that-is-long-enough-for-hs256",
        storage_url="memory://",
        jobs_url="immediate",
        renderer="fake",
        install_builtins=False,
        auto_migrate=False,
        frontend_dist=folder / "no-frontend",
        log_level="WARNING",
        ai_calls_per_minute=1000,
        **ai,
    )


def _usage(app: Any) -> dict[str, Any]:
    return app.state.services.ai.usage.snapshot()


def _deck(settings: Settings) -> dict[str, Any]:
    """Outline and fill a 10-slide deck through the API, then describe every slide in one
    batch; seconds and provider usage (calls, tokens) after each phase."""
    app = create_app(settings)
    result: dict[str, Any] = {}
    with TestClient(app) as client:
        with unit_of_work(app.state.session_factory) as session:
            install_builtins(session, app.state.services)
        app.state.services.jobs.wait_idle()
        signed = client.post(
            "/api/auth/signup",
            json={"name": "Bench", "email": "bench@example.com", "password": "secret1"},
        ).json()
        headers = {"Authorization": f"Bearer {signed['token']}"}
        templates = client.get("/api/pptx-files", headers=headers).json()
        jade = next(t for t in templates if t["filename"].endswith("Jade.pptx"))
        project = client.post(
            "/api/projects",
            json={
                "title": "Strategy review 2025",
                "description": "Leadership offsite",
                "lang": "en",
                "numSlides": SLIDES,
                "pptxFileId": jade["_id"],
            },
            headers=headers,
        ).json()
        with unit_of_work(app.state.session_factory) as session:
            scope = MaterialScope(owner_id=signed["user"]["_id"], project_id=project["_id"])
            materials_service.create_text(session, scope, filename="strategy.md", content=DOCUMENT)
        app.state.services.ai.usage.reset()

        started = time.perf_counter()
        outline = client.get(f"/api/projects/{project['_id']}/suggest-outline", headers=headers)
        assert outline.status_code == 200, outline.text
        result["outline_seconds"] = time.perf_counter() - started
        result["outline"] = _usage(app)
        saved = client.put(
            f"/api/projects/{project['_id']}",
            json={"version": project["version"], "slides": outline.json()["slides"]},
            headers=headers,
        ).json()

        slides = saved["slides"]
        started = time.perf_counter()
        for index in range(len(slides)):
            response = client.post(
                f"/api/projects/{project['_id']}/generate-slide-data",
                json={"slideIndex": index},
                headers=headers,
            )
            assert response.status_code == 200, response.text
            slides[index]["formData"] = response.json()["formData"]
            slides[index]["notes"] = response.json()["notes"]
        result["fill_seconds"] = time.perf_counter() - started
        result["filled"] = _usage(app)
        final = client.put(
            f"/api/projects/{project['_id']}",
            json={"version": saved["version"], "slides": slides},
            headers=headers,
        )
        assert final.status_code == 200, final.text  # the suggestions are valid values

        batch = client.post(
            f"/api/projects/{project['_id']}/batch-recommend-slide-descriptions",
            json={"slideIndices": list(range(len(slides)))},
            headers=headers,
        )
        assert batch.status_code == 200, batch.text
        result["described"] = _usage(app)
        result["slides"] = len(slides)
        result["slides_with_values"] = sum(1 for s in slides if s["formData"])
    return result


def _minus(after: dict[str, Any], before: dict[str, Any], key: str) -> int:
    return int(after[key]) - int(before[key])


def run() -> list[dict]:
    logging.getLogger("slidewright").setLevel(logging.WARNING)
    rows: list[dict] = []
    with tempfile.TemporaryDirectory() as folder, FakeOpenAI() as fake:
        remote = Path(folder) / "remote"
        remote.mkdir()
        settings = _settings(
            remote, ai_base_url=fake.base_url, ai_model="fake-model", ai_api_key="bench"
        )
        deck = _deck(settings)
        slides = deck["slides"]
        outline, filled, described = deck["outline"], deck["filled"], deck["described"]
        fill_calls = _minus(filled, outline, "calls")
        per_slide = [
            len(r.text())
            for r in fake.chat_requests()
            if r.body["response_format"]["json_schema"]["name"] == "slide_data"
        ]
        target = 1 + slides
        rows += [
            {
                "measure": f"model calls: outline + fill {slides} slides",
                "value": filled["calls"],
                "target": f"<= {target}",
                "ok": filled["calls"] <= target,
            },
            {
                "measure": "  outline",
                "value": outline["calls"],
                "target": "1",
                "ok": outline["calls"] == 1,
            },
            {
                "measure": "  fill (one call per slide)",
                "value": fill_calls,
                "target": f"<= {slides}",
                "ok": fill_calls <= slides,
            },
            {
                "measure": "tokens, outline (prompt / completion)",
                "value": f"{outline['promptTokens']} / {outline['completionTokens']}",
                "target": "",
                "ok": "",
            },
            {
                "measure": f"tokens, fill {slides} slides (prompt / completion)",
                "value": f"{_minus(filled, outline, 'promptTokens')} / "
                f"{_minus(filled, outline, 'completionTokens')}",
                "target": "",
                "ok": "",
            },
            {
                "measure": "prompt size per slide, chars (median / max)",
                "value": f"{int(statistics.median(per_slide))} / {max(per_slide)}",
                "target": "",
                "ok": "",
            },
            {
                "measure": "prompt tokens per slide (median, chars/4)",
                "value": int(statistics.median(per_slide)) // 4,
                "target": "",
                "ok": "",
            },
            {
                "measure": f"batch descriptions for {slides} slides: calls",
                "value": _minus(described, filled, "calls"),
                "target": "1",
                "ok": _minus(described, filled, "calls") == 1,
            },
            {
                "measure": "slides with values after the fill",
                "value": deck["slides_with_values"],
                "target": str(slides),
                "ok": deck["slides_with_values"] == slides,
            },
        ]
        local = Path(folder) / "offline"
        local.mkdir()
        offline = _deck(_settings(local, ai_provider="offline"))
        rows += [
            {
                "measure": "offline: outline (ms)",
                "value": round(offline["outline_seconds"] * 1000, 1),
                "target": "",
                "ok": "",
            },
            {
                "measure": f"offline: fill {slides} slides (ms, through the API)",
                "value": round(offline["fill_seconds"] * 1000, 1),
                "target": "",
                "ok": "",
            },
            {
                "measure": "offline: slides with values",
                "value": offline["slides_with_values"],
                "target": str(slides),
                "ok": offline["slides_with_values"] == slides,
            },
            {
                "measure": "offline: model calls",
                "value": offline["described"]["calls"],
                "target": "0",
                "ok": offline["described"]["calls"] == 0,
            },
        ]
    return rows
