"""The real-model stage: the app pointed at llama.cpp's own OpenAI-compatible server running
Gemma 3 270M (tools/llama-server), as a company would set it up, through SLIDEWRIGHT_AI_BASE_URL
and SLIDEWRIGHT_AI_MODEL only (issue 18).

Run with `make test-real-model` (or `uv run pytest -m real_model tests/real_model`); skipped,
with the reason, when tools/llama-server is not installed. Other SLIDEWRIGHT_AI_* variables of
the run reach the app on purpose (SLIDEWRIGHT_AI_JSON_MODE=json_object compares a mode).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from _pytest.mark.expression import Expression

from slidewright.core.config import Settings
from tests.ai.conftest import admin, alice, builtins  # noqa: F401  (fixtures reused)
from tests.real_model.journey import launcher

REPORT = Path(os.environ.get("REAL_MODEL_REPORT", "/tmp/real-model-report.json"))


def _only_real_model(name: str, /, **_: str | int | bool | None) -> bool:
    return name == "real_model"


def _no_mark(name: str, /, **_: str | int | bool | None) -> bool:
    return False


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Runs only when the mark expression asks for real_model by name: a run that filters on
    other marks (the PostgreSQL run's `-m "not slow and not distributed"` replaces addopts'
    `not real_model`) must not start a model server by accident."""
    markexpr = config.getoption("markexpr") or ""
    wanted = bool(markexpr) and (
        Expression.compile(markexpr).evaluate(_only_real_model)
        and not Expression.compile(markexpr).evaluate(_no_mark)
    )
    if wanted:
        return
    ours = [item for item in items if item.get_closest_marker("real_model")]
    if ours:
        config.hook.pytest_deselected(items=ours)
        items[:] = [item for item in items if not item.get_closest_marker("real_model")]


@pytest.fixture(scope="session")
def llama_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    found = launcher()
    if isinstance(found, str):
        pytest.skip(f"no llama.cpp server: {found}")
    server = found.start(log=tmp_path_factory.mktemp("llama") / "server.log")
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def settings(settings: Settings, llama_server: Any, monkeypatch: pytest.MonkeyPatch) -> Settings:
    """The suite's settings with every AI setting read from the environment, where the two a
    company sets point at the llama server (the default JSON mode, no API key)."""
    monkeypatch.setenv("SLIDEWRIGHT_AI_BASE_URL", llama_server.base_url)
    monkeypatch.setenv("SLIDEWRIGHT_AI_MODEL", llama_server.model_id)
    ai_fields = {name for name in Settings.model_fields if name.startswith("ai_")}
    return Settings(**settings.model_dump(exclude=ai_fields))


class Report:
    """Per-action rows (status, error code, seconds, ...), written as JSON: the before/after
    latencies of issue 18 come from it."""

    def __init__(self, server: Any) -> None:
        self.rows: list[dict[str, Any]] = []
        self.server = server

    def add(self, **row: Any) -> None:
        self.rows.append(row)
        self.write()  # as it goes: a long run can be followed, and a killed one keeps its rows

    def write(self) -> None:
        REPORT.write_text(
            json.dumps(
                {
                    "model": self.server.model_id,
                    "jsonMode": os.environ.get("SLIDEWRIGHT_AI_JSON_MODE", "(default)"),
                    "serverStartupSeconds": round(self.server.startup_seconds, 2),
                    "actions": self.rows,
                },
                indent=2,
                ensure_ascii=False,
            )
        )


@pytest.fixture(scope="session")
def report(llama_server: Any) -> Iterator[Report]:
    found = Report(llama_server)
    yield found
    found.write()
