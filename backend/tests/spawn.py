"""Real `slidewright` processes for tests, started as an operator starts them.

Each runs in its own process group (so LibreOffice or anything else it starts goes with it) and
logs to a file the failure message points at; `Fleet.stop` ends them all, SIGTERM first and the
whole group with SIGKILL when that is not enough, whatever the test's outcome.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import httpx


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def answers(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=1):
            return True
    except OSError:
        return False


def clean_env(**settings: str) -> dict[str, str]:
    """This environment without the developer's SLIDEWRIGHT_* settings, plus `settings`."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("SLIDEWRIGHT_")}
    return {**env, "PYTHONUNBUFFERED": "1", **settings}


def start_cli(
    command: Sequence[str], env: dict[str, str], log: Path, *, append: bool = False
) -> subprocess.Popen[bytes]:
    """`python -m slidewright.cli <command>` in a process group (session) of its own, so a
    signal to the group reaches whatever it started; its output goes to `log`."""
    with open(log, "ab" if append else "wb") as out:  # the child keeps its own copy open
        return subprocess.Popen(
            [sys.executable, "-m", "slidewright.cli", *command],
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )


class Fleet:
    """The processes one test started."""

    def __init__(self, logs: Path, env: dict[str, str]) -> None:
        self.logs = logs
        self.env = env
        self.procs: dict[str, subprocess.Popen[bytes]] = {}
        self.urls: dict[str, str] = {}

    def start(self, name: str, *command: str, **env: str) -> subprocess.Popen[bytes]:
        self.procs[name] = start_cli(command, {**self.env, **env}, self.logs / f"{name}.log")
        return self.procs[name]

    def serve(self, name: str, **env: str) -> str:
        """Starts `slidewright serve` (one web process) on a free port; returns its base URL."""
        port = free_port()
        self.start(name, "serve", "--port", str(port), "--workers", "1", **env)
        self.urls[name] = f"http://127.0.0.1:{port}"
        return self.urls[name]

    def log(self, name: str) -> str:
        return (self.logs / f"{name}.log").read_text(errors="replace")

    def wait_healthy(self, name: str, timeout: float = 180, path: str = "/api/health") -> None:
        """Until `GET <path>` answers 200; fails at once, with its log, if the process exits."""

        def healthy() -> bool:
            if self.procs[name].poll() is not None:
                raise AssertionError(
                    f"{name} exited ({self.procs[name].returncode}):\n{self.log(name)}"
                )
            return httpx.get(f"{self.urls[name]}{path}", timeout=5).status_code == 200

        wait_until(healthy, timeout, f"{name} to answer {path} ({self.logs / name}.log)")

    def assert_running(self, name: str) -> None:
        code = self.procs[name].poll()
        assert code is None, f"{name} exited ({code}):\n{self.log(name)}"

    def stop(self) -> None:
        for proc in self.procs.values():
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
        for proc in self.procs.values():
            try:
                proc.wait(timeout=40)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()


def wait_until(predicate: Callable[[], Any], timeout: float, what: str) -> Any:
    """The predicate's first truthy value; connection errors count as "not yet"."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            value = predicate()
        except (httpx.HTTPError, OSError):
            value = None
        if value:
            return value
        time.sleep(0.25)
    raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")
