"""Faults for real: a `slidewright serve` process killed with SIGKILL in the middle of uploads
and exports, restarted on the same data directory, and checked through its API and with
`slidewright doctor`. Shared by tests/faults/ (test_kill9.py: 20 cycles; test_disk_full.py) and
bench/bench_faults.py (as many as asked for).

The server runs on SQLite with local storage and the fake renderer, in a process group of its
own, so the kill takes everything it started with it.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
import uuid
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from tests.spawn import clean_env, free_port, start_cli

PPTX_MIME = "application/vnd.openxmlformats-officedocument.presentationml.presentation"
READY_TIMEOUT_S = 60


def noise_png(width: int, height: int, seed: int) -> bytes:
    """A PNG of random pixels: incompressible, so its bytes take real time to write."""
    from PIL import Image

    pixels = random.Random(seed).randbytes(width * height * 3)
    out = io.BytesIO()
    Image.frombytes("RGB", (width, height), pixels).save(out, "PNG", compress_level=0)
    return out.getvalue()


def deck(slides: int, *, picture_px: int = 0, seed: int = 0) -> bytes:
    """A deck of `slides` title-and-content slides; with `picture_px`, a noise picture on the
    first slide makes the file about 3 * picture_px^2 bytes (a slower upload to kill)."""
    from pptx import Presentation
    from pptx.util import Inches

    prs = Presentation()
    for number in range(1, slides + 1):
        slide = prs.slides.add_slide(prs.slide_layouts[1])
        slide.shapes.title.text = f"Slide {number}"
        slide.placeholders[1].text = "Revenue grew in every region.\nChurn fell to 7%."
    if picture_px:
        picture = io.BytesIO(noise_png(picture_px, picture_px, seed))
        prs.slides[0].shapes.add_picture(picture, Inches(6), Inches(4), Inches(2), Inches(2))
    out = io.BytesIO()
    prs.save(out)
    return out.getvalue()


def server_env(data_dir: Path, **extra: str) -> dict[str, str]:
    return clean_env(
        SLIDEWRIGHT_DATA_DIR=str(data_dir),
        SLIDEWRIGHT_RENDERER="fake",
        SLIDEWRIGHT_AI_PROVIDER="offline",
        SLIDEWRIGHT_INSTALL_BUILTINS="0",
        SLIDEWRIGHT_SECRET_KEY="faults-test-secret-key-long-enough-for-hs256",
        SLIDEWRIGHT_FRONTEND_DIST=str(data_dir.parent / "no-frontend"),
        **extra,
    )


# A process that imports Slidewright once and forks a `slidewright serve` (cli.main) per
# request: importing takes about 6 s of CPU of the 7 s a start costs, and 20 restarts must fit in
# the suite's time. Each child is a process (and session) of its own running the real command on
# a real port, with its own environment; nothing is shared with the launcher but the imported
# code. SIGCHLD is ignored, so the kernel reaps the children the tests kill.
_LAUNCHER = """
import json, os, signal, sys, threading
import uvicorn
import slidewright.asgi, slidewright.cli, slidewright.job_handlers, slidewright.main
assert threading.active_count() == 1, "no threads may exist in a process that forks"
signal.signal(signal.SIGCHLD, signal.SIG_IGN)
print("ready", flush=True)
for line in sys.stdin:
    request = json.loads(line)
    pid = os.fork()
    if pid == 0:
        status = 1
        try:
            os.setsid()
            signal.signal(signal.SIGCHLD, signal.SIG_DFL)
            log = os.open(request["log"], os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
            os.dup2(log, 1)
            os.dup2(log, 2)
            os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
            os.environ.clear()
            os.environ.update(request["env"])
            status = slidewright.cli.main(request["argv"])
        finally:
            if request.get("status"):
                with open(request["status"], "w") as out:
                    out.write(str(status))
            os._exit(status)
    print(pid, flush=True)
"""


class Launcher:
    """Starts `slidewright serve` processes fast (see `_LAUNCHER`)."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-c", _LAUNCHER],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=clean_env(),
        )
        assert self.process.stdout is not None
        assert self.process.stdout.readline().strip() == "ready", "the launcher did not start"

    def spawn(
        self, argv: list[str], env: dict[str, str], log: Path, status: Path | None = None
    ) -> int:
        """Forks `slidewright <argv>`; its output goes to `log`, its exit status (once it
        ends) to `status`. Returns its pid."""
        assert self.process.stdin is not None and self.process.stdout is not None
        request = {"argv": argv, "env": env, "log": str(log), "status": str(status or "")}
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        return int(self.process.stdout.readline())

    def run(self, argv: list[str], env: dict[str, str], folder: Path) -> tuple[int, str]:
        """Runs `slidewright <argv>` to its end: (exit status, output)."""
        log, status = folder / f"run-{uuid.uuid4().hex}.log", folder / f"run-{uuid.uuid4().hex}"
        pid = self.spawn(argv, env, log, status)
        deadline = time.monotonic() + 120
        while _alive(pid) or not status.exists():
            assert time.monotonic() < deadline, f"slidewright {argv} did not finish"
            time.sleep(0.05)
        return int(status.read_text()), log.read_text()

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait(timeout=30)


def _alive(pid: int) -> bool:
    """Whether the process runs (a zombie does not: it is dead, only not reaped yet)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state not in ("Z", "X")


@dataclass
class Server:
    """One `slidewright serve` on `data_dir`, started, killed and restarted by the test: a plain
    `python -m slidewright.cli serve`, or forked by `launcher` when one is given."""

    data_dir: Path
    log_path: Path
    env_extra: dict[str, str] = field(default_factory=dict)
    launcher: Launcher | None = None
    port: int = 0
    pid: int | None = None
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.port = free_port()
        argv = ["serve", "--port", str(self.port)]
        env = server_env(self.data_dir, **self.env_extra)
        if self.launcher is not None:
            self.pid = self.launcher.spawn(argv, env, self.log_path)
        else:
            self.process = start_cli(argv, env, self.log_path, append=True)
            self.pid = self.process.pid
        deadline = time.monotonic() + READY_TIMEOUT_S
        while time.monotonic() < deadline:
            if not self.running:
                raise AssertionError(f"the server exited: {self.log_path.read_text()[-2000:]}")
            try:
                if httpx.get(f"{self.url}/api/health/ready", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.05)
        raise AssertionError(f"the server did not become ready ({self.log_path})")

    @property
    def running(self) -> bool:
        if self.process is not None:
            return self.process.poll() is None
        return self.pid is not None and _alive(self.pid)

    def _wait_gone(self, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if not self.running:
                return True
            time.sleep(0.02)
        return False

    def _signal(self, sig: int) -> None:
        if self.pid is not None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.pid, sig)

    def kill(self) -> None:
        """SIGKILL to the whole process group: nothing gets to clean up."""
        if self.pid is None:
            return
        self._signal(signal.SIGKILL)
        assert self._wait_gone(30), "the killed server is still there"
        self.pid = self.process = None

    def stop(self) -> None:
        if self.pid is None:
            return
        self._signal(signal.SIGTERM)
        if not self._wait_gone(40):
            self._signal(signal.SIGKILL)
            self._wait_gone(30)
        self.pid = self.process = None

    def client(self, token: str | None = None) -> httpx.Client:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        return httpx.Client(base_url=self.url, headers=headers, timeout=60)


def signup(server: Server, email: str) -> str:
    with server.client() as client:
        response = client.post(
            "/api/auth/signup", json={"name": "Ops", "email": email, "password": "secret-123"}
        )
    assert response.status_code == 201, response.text
    return str(response.json()["token"])


def multipart(field_name: str, filename: str, mime: str, data: bytes) -> tuple[bytes, str]:
    """A multipart/form-data body with one file, and its content type."""
    boundary = uuid.uuid4().hex
    body = (
        (
            f'--{boundary}\r\nContent-Disposition: form-data; name="{field_name}"; '
            f'filename="{filename}"\r\nContent-Type: {mime}\r\n\r\n'
        ).encode()
        + data
        + f"\r\n--{boundary}--\r\n".encode()
    )
    return body, f"multipart/form-data; boundary={boundary}"


def send_part(server: Server, token: str, path: str, body: bytes, content_type: str, part: float):
    """Sends the request line, the headers and `part` of the body, and leaves the socket
    open (returned): the server is reading an upload when it is killed."""
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    head = (
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {token}\r\n"
        f"Content-Type: {content_type}\r\nContent-Length: {len(body)}\r\n\r\n"
    ).encode()
    sock.sendall(head + body[: int(len(body) * part)])
    return sock


# ------------------------------------------------------------------------------- the cycles


@dataclass
class Workload:
    """What the cycles upload and export, made once."""

    token: str
    project_id: str
    template: bytes
    image: bytes
    durations: dict[str, float] = field(default_factory=dict)  # one undisturbed run of each


@dataclass
class Operation:
    name: str
    method: str
    path: str
    body: bytes | None = None
    content_type: str | None = None


def operations(workload: Workload) -> list[Operation]:
    template_body, template_type = multipart("file", "deck.pptx", PPTX_MIME, workload.template)
    file_body, file_type = multipart("file", "library.pptx", PPTX_MIME, workload.template)
    image_body, image_type = multipart("image", "noise.png", "image/png", workload.image)
    return [
        Operation("template_upload", "POST", "/api/pptx-files", template_body, template_type),
        Operation("file_upload", "POST", "/api/files/upload", file_body, file_type),
        Operation("image_upload", "POST", "/api/images", image_body, image_type),
        Operation("export", "GET", f"/api/projects/{workload.project_id}/export"),
    ]


def _send(server: Server, token: str, op: Operation) -> httpx.Response:
    headers = {"Content-Type": op.content_type} if op.content_type else {}
    with server.client(token) as client:
        return client.request(op.method, op.path, content=op.body, headers=headers)


def prepare(server: Server) -> Workload:
    """Signs up, uploads the template a project exports from, and times each operation once
    (the kills land at random moments within that time)."""
    token = signup(server, f"ops-{uuid.uuid4().hex[:8]}@example.com")
    template = deck(6, picture_px=700, seed=1)
    with server.client(token) as client:
        uploaded = client.post(
            "/api/pptx-files", files={"file": ("base.pptx", template, PPTX_MIME)}
        )
        assert uploaded.status_code == 201, uploaded.text
        template_id = uploaded.json()["_id"]
        project = client.post(
            "/api/projects",
            json={"title": "Faults", "numSlides": 1, "pptxFileId": template_id, "lang": "en"},
        ).json()
        slides = [{"pptxSlideNumber": n, "formData": {}} for n in range(1, 7)]
        saved = client.put(
            f"/api/projects/{project['_id']}",
            json={"version": project["version"], "slides": slides},
        )
        assert saved.status_code == 200, saved.text
    workload = Workload(token, project["_id"], template, noise_png(900, 700, seed=2))
    for op in operations(workload):
        started = time.perf_counter()
        response = _send(server, token, op)
        assert response.status_code in (200, 201), f"{op.name}: {response.text}"
        workload.durations[op.name] = time.perf_counter() - started
    return workload


def interrupt(server: Server, workload: Workload, rng: random.Random) -> str:
    """Starts one operation and kills the server at a random moment of it: while the body is
    still arriving (uploads, one time in three) or while the request is being handled."""
    op = rng.choice(operations(workload))
    if op.body is not None and rng.random() < 1 / 3:
        part = rng.uniform(0.05, 0.95)
        sock = send_part(server, workload.token, op.path, op.body, op.content_type or "", part)
        time.sleep(rng.uniform(0, 0.05))
        server.kill()
        sock.close()
        return f"{op.name}: killed after {part:.0%} of the body"
    delay = rng.uniform(0, 1.2 * workload.durations[op.name])
    outcome: list[object] = []

    def request() -> None:
        try:
            outcome.append(_send(server, workload.token, op).status_code)
        except httpx.HTTPError as exc:
            outcome.append(type(exc).__name__)

    thread = threading.Thread(target=request, daemon=True)
    thread.start()
    time.sleep(delay)
    server.kill()
    thread.join(timeout=30)
    return f"{op.name}: killed {delay * 1000:.0f} ms in ({outcome[0] if outcome else '?'})"


# ------------------------------------------------------------------------------- the checks


def check_api(server: Server, token: str) -> list[str]:
    """Every object the API lists downloads whole and is what it says it is; returns the
    problems found (an empty list when all is well)."""
    from PIL import Image

    problems: list[str] = []
    with server.client(token) as client:
        for item in client.get("/api/pptx-files").json():
            if item["builtin"]:
                continue
            source = client.get(f"/api/pptx-files/{item['_id']}/download")
            problems += _pptx_problems(f"template {item['_id']}", source, item["size"])
            for number in item["thumbnailSlides"]:
                thumb = client.get(f"/api/files/thumbnails/{item['_id']}/{number}.jpg")
                problems += _image_problems(f"template {item['_id']} thumb {number}", thumb, Image)
        for item in client.get("/api/files").json():
            for path in item["thumbnailPaths"]:
                problems += _image_problems(f"file {item['_id']}", client.get(path), Image)
        for item in client.get("/api/images").json():
            response = client.get(f"/api/images/{item['_id']}/file")
            problems += _image_problems(f"image {item['_id']}", response, Image)
            if response.status_code == 200 and len(response.content) != item["size"]:
                problems.append(f"image {item['_id']}: {len(response.content)} of {item['size']}")
    return problems


def _pptx_problems(what: str, response: httpx.Response, size: int) -> list[str]:
    if response.status_code != 200:
        return [f"{what}: download answered {response.status_code}"]
    if len(response.content) != size:
        return [f"{what}: {len(response.content)} bytes of {size}"]
    try:
        with zipfile.ZipFile(io.BytesIO(response.content)) as package:
            if package.testzip() is not None or "ppt/presentation.xml" not in package.namelist():
                return [f"{what}: a damaged package"]
    except zipfile.BadZipFile:
        return [f"{what}: not a zip package"]
    return []


def _image_problems(what: str, response: httpx.Response, image_module: Any) -> list[str]:
    if response.status_code != 200:
        return [f"{what}: answered {response.status_code}"]
    try:
        image_module.open(io.BytesIO(response.content)).verify()
    except Exception as exc:
        return [f"{what}: not a valid image ({exc})"]
    return []


def examine(data_dir: Path) -> Any:
    """`slidewright doctor`'s findings on this data directory, grace 0 (nothing is in flight)."""
    from datetime import timedelta

    from slidewright.core.config import Settings
    from slidewright.core.db import make_engine, make_session_factory
    from slidewright.storage import build_blob_store
    from slidewright.system import doctor

    settings = Settings(data_dir=data_dir, database_url=None, storage_url=None)
    engine = make_engine(settings.resolved_database_url)
    try:
        blobs = build_blob_store(settings.resolved_storage_url)
        return doctor.examine(make_session_factory(engine), blobs, grace=timedelta(0))
    finally:
        engine.dispose()


@dataclass
class CycleReport:
    cycles: int = 0
    cycles_with_leftovers: int = 0
    leftovers_before_sweep: int = 0
    half_written_before_sweep: int = 0  # of the leftovers: local staging files
    leftovers_after_sweep: int = 0
    rows_with_missing_blobs: int = 0
    api_problems: list[str] = field(default_factory=list)
    sweep_exit_status: int | None = None  # `slidewright doctor --fix`'s
    log: list[str] = field(default_factory=list)
    seconds: float = 0.0


def kill_cycles(
    base: Path, cycles: int, *, seed: int = 17, progress: Callable[[str], None] | None = None
) -> CycleReport:
    """Runs `cycles` kill/restart cycles on one data directory and checks after each.

    Leftovers are counted before the sweep after every cycle; the sweep is
    `slidewright doctor --fix --grace-seconds 0`, run once at the end, after which the doctor
    must find nothing at all.
    """
    started = time.perf_counter()
    data_dir = base / "data"
    launcher = Launcher()
    server = Server(data_dir, base / "server.log", launcher=launcher)
    report = CycleReport()
    rng = random.Random(seed)
    seen: set[str] = set()
    try:
        server.start()
        workload = prepare(server)
        server.env_extra["SLIDEWRIGHT_AUTO_MIGRATE"] = "0"  # migrated once: restart faster
        for number in range(1, cycles + 1):
            what = interrupt(server, workload, rng)
            server.start()
            findings = examine(data_dir)
            keys = {e.key for e in [*findings.stray, *findings.recent_stray]}
            staging = {e.key for e in [*findings.staging, *findings.recent_staging]}
            new = (keys | staging) - seen
            report.half_written_before_sweep += len(staging - seen)
            seen |= keys | staging
            report.cycles = number
            report.cycles_with_leftovers += bool(new)
            report.rows_with_missing_blobs += len(findings.missing)
            problems = check_api(server, workload.token)
            report.api_problems += [f"cycle {number}: {p}" for p in problems]
            line = f"cycle {number}: {what}; new leftovers: {sorted(new) or 'none'}"
            report.log.append(line)
            if progress:
                progress(line)
        report.leftovers_before_sweep = len(seen)
        server.stop()
        argv = ["doctor", "--fix", "--grace-seconds", "0"]
        report.sweep_exit_status, output = launcher.run(argv, server_env(data_dir), base)
        report.log.append(output.strip())
        after = examine(data_dir)
        report.leftovers_after_sweep = after.leftovers
        report.rows_with_missing_blobs += len(after.missing)
    finally:
        server.kill()
        launcher.close()
    report.seconds = time.perf_counter() - started
    return report
