"""`slidewright serve --workers N`: N web processes behind one port, prepared once (migrated,
built-ins installed, one secret key), stopped gracefully by SIGTERM."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
from pathlib import Path

import httpx

from slidewright.cli import default_web_workers
from slidewright.core.config import Settings
from tests.processes import live_processes
from tests.spawn import free_port, wait_until


def _python_children(pid: int) -> list[int]:
    return [p.pid for p in live_processes() if p.parent == pid and "python" in p.cmdline]


def test_default_processes_follow_the_database(tmp_path: Path) -> None:
    assert default_web_workers(Settings(data_dir=tmp_path)) == 1  # SQLite: one writer
    postgres = Settings(data_dir=tmp_path, database_url="postgresql+psycopg://db/slidewright")
    assert default_web_workers(postgres) == 1  # limits in memory: several would multiply them
    shared = postgres.model_copy(update={"ratelimit_storage_url": "redis://redis:6379/1"})
    assert default_web_workers(shared) == max(1, min(os.cpu_count() or 1, 4))


def _start_serve(tmp_path: Path) -> tuple[subprocess.Popen[str], int]:
    port = free_port()
    env = {
        **os.environ,
        "SLIDEWRIGHT_DATA_DIR": str(tmp_path / "data"),
        "SLIDEWRIGHT_RENDERER": "fake",
        "SLIDEWRIGHT_AI_PROVIDER": "offline",
        "SLIDEWRIGHT_FRONTEND_DIST": str(tmp_path / "no-frontend"),
    }
    env.pop("SLIDEWRIGHT_DATABASE_URL", None)
    server = subprocess.Popen(
        [sys.executable, "-m", "slidewright.cli", "serve", "--workers", "2", "--port", str(port)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,  # a group of its own: whatever is left can be killed at the end
    )
    ready_url = f"http://127.0.0.1:{port}/api/health/ready"
    wait_until(lambda: httpx.get(ready_url).status_code == 200, 90, "the server to be ready")
    return server, port


def _output_after_killing_what_is_left(server: subprocess.Popen[str]) -> str:
    """The server's output; anything of its group still running is killed first (a web process
    left behind would hold the output pipe open, and reading it would never end)."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(server.pid, signal.SIGKILL)
    output, _ = server.communicate(timeout=30)
    return output or ""


def test_serve_runs_several_processes_and_stops_gracefully(tmp_path: Path) -> None:
    server, port = _start_serve(tmp_path)
    try:
        # uvicorn's supervisor and its two web processes (plus the queue's helpers, if any).
        assert len(_python_children(server.pid)) >= 2
        with httpx.Client(base_url=f"http://127.0.0.1:{port}") as client:
            signup = client.post(
                "/api/auth/signup",
                json={"name": "Ada", "email": "ada@example.com", "password": "secret-123"},
            )
            assert signup.status_code == 201, signup.text
            token = signup.json()["token"]
            # Every process accepts the token: one secret key for all of them.
            for _ in range(8):
                me = client.get("/api/users/me", headers={"Authorization": f"Bearer {token}"})
                assert me.status_code == 200
            templates = client.get("/api/pptx-files", headers={"Authorization": f"Bearer {token}"})
            assert any(item["builtin"] for item in templates.json())  # installed once, before
        server.send_signal(signal.SIGTERM)
        assert server.wait(timeout=60) == 0
    finally:
        output = _output_after_killing_what_is_left(server)
    assert "2 processes" in output
    assert "Traceback" not in output


def test_kill_9_of_serve_leaves_no_web_process_behind(tmp_path: Path) -> None:
    server, _ = _start_serve(tmp_path)
    try:
        web = _python_children(server.pid)
        assert len(web) >= 2
        server.kill()
        server.wait(timeout=10)
        wait_until(
            lambda: not {p.pid for p in live_processes()} & set(web),
            30,
            "the web processes to stop after their supervisor",
        )
    finally:
        _output_after_killing_what_is_left(server)
