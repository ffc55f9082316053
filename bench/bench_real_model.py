"""The assistant against a real small model: Gemma 3 270M (Q4_K_M) served by llama.cpp's own
OpenAI-compatible server (tools/llama-server), two threads, its default 2048-token context, and
the app pointed at it by SLIDEWRIGHT_AI_BASE_URL and SLIDEWRIGHT_AI_MODEL only (issue 18).

One deck in en and one in zh-CN, every AI action once, through the API. Per action: HTTP
status, seconds, model requests and prompt tokens (the provider's `usage` counters, as the
server reports them), prompt tokens per request, and the chat requests the server finished
in the meantime ("served", from its access log: it counts the requests the app gave up on,
which `usage` cannot, and a request abandoned mid-answer ends during a later action); a total
per deck. The journey (texts, actions, order) is the real-model test's
(backend/tests/real_model/journey.py). When tools/llama-server is not installed
(tools/llama-server/install.sh), one row says so.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench_ai import _settings  # the same bench app, with the model's address
from fastapi.testclient import TestClient

from slidewright.core.db import unit_of_work
from slidewright.main import create_app
from slidewright.templates.builtins import install_builtins
from slidewright.templates.models import PptxFile

# run.py puts only bench/ on sys.path (and `cd backend` does not add backend/ for a script):
# the journey is the real-model test's, in backend/tests.
BACKEND = Path(__file__).resolve().parents[1] / "backend"
if str(BACKEND) not in sys.path:
    sys.path.insert(0, str(BACKEND))

from tests.real_model.journey import CASES, every_action, launcher  # noqa: E402

ROW = ("lang", "action", "status", "seconds", "requests", "prompt tokens", "per request", "served")
CHAT = b'"POST /v1/chat/completions HTTP/1.1" '  # an access-log line, 500s included


def _row(*values: Any) -> dict[str, Any]:
    return dict(zip(ROW, values, strict=True))


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

    def read(self, texts: list[str]) -> None:
        """The test's bookkeeping of inputs (for invented numbers): nothing to measure."""

    def problem(self, action: str, what: str) -> None:
        """Judged by the test, not measured here."""


def _builtins(app: Any) -> dict[str, str]:
    """The built-in templates' ids by key ("jade", "jade@zh-CN")."""
    with unit_of_work(app.state.session_factory) as session:
        return {
            str(f.builtin_key): f.id
            for f in session.query(PptxFile).filter(PptxFile.builtin_key.is_not(None))
        }


def _deck(app: Any, client: TestClient, headers: dict[str, str], lang: str, log: Path) -> Deck:
    deck = Deck(app, client, headers, lang, log)
    every_action(deck, lang, _builtins(app))
    calls = sum(int(r["requests"]) for r in deck.rows)
    prompt = sum(int(r["prompt tokens"]) for r in deck.rows)
    seconds = round(sum(float(r["seconds"]) for r in deck.rows), 1)
    per = round(prompt / calls) if calls else ""
    served = sum(int(r["served"]) for r in deck.rows)
    deck.rows.append(_row(lang, "the whole deck", "", seconds, calls, prompt, per, served))
    return deck


def run() -> list[dict[str, Any]]:
    found = launcher()
    if isinstance(found, str):
        return [_row("", "skipped", found, "", "", "", "", "")]
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as folder:
        server = found.start(log=Path(folder) / "llama-server.log")
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
                for lang in CASES:
                    rows += _deck(app, client, headers, lang, server.log).rows
    return rows
