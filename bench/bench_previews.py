"""Slide previews: how long a one-slide change takes to appear, end to end through the app.

The app runs as configured by default (SQLite, local blob store, Huey's SQLite queue with the
embedded consumer, the warm unoserver renderer) on a temporary data directory. A user builds
an 8-slide deck on a built-in template; then, five times, one slide's title is changed and
saved, and the previews list is polled (every 50 ms) until that slide is ready with its new
picture, which is then downloaded. Also reported: the first render of the whole deck (cold:
it may include starting LibreOffice), what a save that changes no picture costs, and how long
the template picker takes to show one slide on every template slide (previews of each choice).

Target (issue 11 §2): a one-slide change appears in under 2 s with a warm renderer. The UI
polls every 0.7 s while something is pending, so it shows the change at most that much later.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from fastapi.testclient import TestClient

from slidewright.core.config import Settings
from slidewright.main import create_app

DECK_SLIDES = 8
CHANGES = 5
IDLE_CHANGES = 2
IDLE_S = 20
POLL_S = 0.05


def _wait(client: TestClient, headers: dict, project_id: str, done, limit_s: float = 300) -> float:
    started = time.perf_counter()
    while time.perf_counter() - started < limit_s:
        body = client.get(f"/api/projects/{project_id}/previews", headers=headers).json()
        if done(body):
            return time.perf_counter() - started
        time.sleep(POLL_S)
    raise TimeoutError("previews did not settle")


def _title_slide(template: dict) -> tuple[int, str]:
    """A template slide with a text element, and that element's name."""
    for slide in template["parsedSlides"]:
        for element in slide["elements"]:
            if element["type"] == "text" and not element.get("isLocked"):
                return slide["slideNumber"], element["name"]
    raise RuntimeError("no text element in the built-in template")


def run() -> list[dict]:
    with tempfile.TemporaryDirectory(prefix="slidewright-bench-previews-") as folder:
        settings = Settings(
            data_dir=Path(folder),
            secret_key="bench-secret-key-that-is-long-enough-for-hs256",
            frontend_dist=Path(folder) / "no-frontend",
            ai_provider="offline",
            log_level="WARNING",
        )
        app = create_app(settings)
        with TestClient(app) as client:
            return _measure(client)


def _measure(client: TestClient) -> list[dict]:
    signup = {"name": "Bench", "email": "bench@example.com", "password": "secret1"}
    headers = {
        "Authorization": f"Bearer {client.post('/api/auth/signup', json=signup).json()['token']}"
    }
    builtin = next(t for t in client.get("/api/pptx-files", headers=headers).json() if t["builtin"])
    template = client.get(f"/api/pptx-files/{builtin['_id']}", headers=headers).json()
    number, element = _title_slide(template)
    slides = [
        {"id": f"s{i}", "pptxSlideNumber": number, "formData": {element: f"Slide {i}: results"}}
        for i in range(DECK_SLIDES)
    ]
    body = {"title": "Bench", "lang": "en", "pptxFileId": template["_id"], "slides": slides}
    project = client.post("/api/projects", json=body, headers=headers).json()
    first = _wait(client, headers, project["_id"], lambda b: b["pending"] == 0)

    version = project["version"]
    started = time.perf_counter()
    response = client.put(
        f"/api/projects/{project['_id']}",
        json={"version": version, "title": "Bench renamed"},
        headers=headers,
    )
    unchanged_save = time.perf_counter() - started
    version = response.json()["version"]

    latencies = []
    idle_latencies = []
    for change in range(CHANGES + IDLE_CHANGES):
        idle = change >= CHANGES
        if idle:
            time.sleep(IDLE_S)  # the job queue has gone quiet, as between a user's edits
        slides[3]["formData"] = {element: f"Changed title #{change}"}
        before = client.get(f"/api/projects/{project['_id']}/previews", headers=headers).json()
        old_hash = before["slides"][3]["hash"]
        started = time.perf_counter()
        response = client.put(
            f"/api/projects/{project['_id']}",
            json={"version": version, "slides": slides},
            headers=headers,
        )
        version = response.json()["version"]

        def appeared(b: dict, old_hash: str | None = old_hash) -> bool:
            slide = b["slides"][3]
            return slide["status"] == "ready" and slide["hash"] != old_hash

        _wait(client, headers, project["_id"], appeared)
        url = client.get(f"/api/projects/{project['_id']}/previews", headers=headers).json()[
            "slides"
        ][3]["url"]
        assert client.get(url, headers=headers).status_code == 200
        (idle_latencies if idle else latencies).append(time.perf_counter() - started)

    # The template picker: slide 4 on every template slide, drawn in one conversion. Values
    # carry over to same-named elements, as a pick makes them.
    def on(option: dict) -> dict:
        names = {e["name"] for e in option["elements"]}
        values = {k: v for k, v in slides[3]["formData"].items() if k in names}
        return {**slides[3], "pptxSlideNumber": option["slideNumber"], "formData": values}

    candidates = [on(option) for option in template["parsedSlides"]]
    started = time.perf_counter()
    choices_url = f"/api/projects/{project['_id']}/previews/choices"
    while client.post(choices_url, json={"slides": candidates}, headers=headers).json()["pending"]:
        time.sleep(POLL_S)
    choices = time.perf_counter() - started

    median = statistics.median(latencies)
    return [
        {
            "measure": f"first render of a {DECK_SLIDES}-slide deck (one conversion)",
            "seconds": round(first, 2),
            "target": "",
            "ok": "",
        },
        {
            "measure": "save that changes no picture (PUT round trip)",
            "seconds": round(unchanged_save, 3),
            "target": "",
            "ok": "",
        },
        {
            "measure": f"one-slide change -> new picture downloaded (median of {CHANGES})",
            "seconds": round(median, 2),
            "target": "< 2 s warm",
            "ok": median < 2,
        },
        {
            "measure": f"one-slide change -> new picture downloaded (worst of {CHANGES})",
            "seconds": round(max(latencies), 2),
            "target": "",
            "ok": "",
        },
        {
            "measure": f"one-slide change after {IDLE_S} s idle (worst of {IDLE_CHANGES})",
            "seconds": round(max(idle_latencies), 2),
            "target": "< 2 s warm",
            "ok": max(idle_latencies) < 2,
        },
        {
            "measure": f"picker: a slide drawn on all {len(candidates)} template slides",
            "seconds": round(choices, 2),
            "target": "",
            "ok": "",
        },
    ]


if __name__ == "__main__":
    # `uv run python ../bench/bench_previews.py` (from backend/): the same table and JSON as
    # `uv run python ../bench/run.py previews`.
    import run as bench_runner  # bench/ is on sys.path: it is this script's folder

    raise SystemExit(bench_runner.main(["previews"]))
