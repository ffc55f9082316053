"""Load: the app under many simultaneous users, as real `slidewright serve` processes driven by
Locust (headless, as a library, in a process of its own: see load_locust.py), and cold start.

Scenarios, each on a fresh PostgreSQL database (created on the server of
SLIDEWRIGHT_BENCH_POSTGRES_URL, default postgresql://postgres@127.0.0.1:5432/postgres, dropped at
the end) and a dedicated Redis database (BENCH_LOAD_REDIS_URL, default
redis://127.0.0.1:6379/11; it must be empty, it is flushed at the end) for the job queue and the
rate limits, with the fake renderer and the offline AI:

1. one replica: `slidewright serve` with its embedded job workers;
2. two replicas (`SLIDEWRIGHT_EMBEDDED_WORKERS=0`, the same secret key, database, blobs and
   Redis; only the first migrates, the second starts once the first is healthy) and one
   `slidewright worker`. There is no proxy: each simulated user is given a replica round robin;
3. when `slidewright serve` takes `--workers` (web processes): one replica of two processes
   behind one port, serve's default on PostgreSQL on this machine. Scenarios 1 and 2 then pass
   `--workers 1`, so that a replica is one process.

The first scenario seeds the database through the REST API (sign-ups, projects on built-in
templates, text materials), the second reuses it. Each scenario runs at each user count of
BENCH_LOAD_USERS (default 50,200), all users spawned within 2 s, then measured for
BENCH_LOAD_SECONDS (default 30) after a short warm-up.

Most users are editors with a think time (BENCH_LOAD_WAIT, default 1,3 seconds) running a mix
of: list projects, open a project, save its slides (PUT with the version read), search
materials, template thumbnails (three of one template, as the picker shows them), export, and
`/api/health`. Each editor owns its account, so a save never conflicts with another user's.

Throughput ratios: in a weighted mix each request type's rate only echoes its weight, so the
ratio of list-projects or open-project throughput to health throughput is measured with
closed-loop probes instead (no think time; BENCH_LOAD_PROBES loops per type and web process,
default 1), added for a second window (a third of BENCH_LOAD_SECONDS, at least 10 s) while the
editors go on: a probe's rate is what that request type alone gets out of the loaded server,
one request after another. The probes saturate the server, so the editors' figures come from
the first window, without them.

Every failed request is reported (errors must be 0), with the server side's 5xx responses and
tracebacks from the app logs, the job queue's backlog, PostgreSQL lock waits and connections,
and the CPU used by the app, PostgreSQL and the Locust client during the measured window.

Cold start (SQLite, real renderer, `SLIDEWRIGHT_RENDERER=auto`): the server process is started
on an installed data folder (as after a restart) and a template is uploaded as soon as it
answers; the time from that upload to its first thumbnail against the same for later uploads
(warm, median of 3). Target: the first within 1.5x of warm. The time from process start to
answering and to that first thumbnail is reported too.

Every process is started in its own process group and stopped with it, even on failure.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import psutil
import psycopg
import redis
from bench_materials import CHINESE_WORDS, ENGLISH_WORDS
from decks import mixed_deck
from pptx import Presentation
from sqlalchemy import make_url

from slidewright.core.db import normalize_url

HERE = Path(__file__).resolve().parent
BACKEND = HERE.parent / "backend"
SECONDS = float(os.environ.get("BENCH_LOAD_SECONDS", "30"))
LEVELS = [int(n) for n in os.environ.get("BENCH_LOAD_USERS", "50,200").split(",") if n.strip()]
WAIT = tuple(float(s) for s in os.environ.get("BENCH_LOAD_WAIT", "1,3").split(","))
PROBES = int(os.environ.get("BENCH_LOAD_PROBES", "1"))
# "load" or "cold" runs only the load scenarios or only the cold start; empty runs both.
ONLY = os.environ.get("BENCH_LOAD_ONLY", "").strip()
PROBE_SECONDS = max(10.0, SECONDS / 3)
REDIS_URL = os.environ.get("BENCH_LOAD_REDIS_URL", "redis://127.0.0.1:6379/11")
POSTGRES_URL = os.environ.get(
    "SLIDEWRIGHT_BENCH_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/postgres"
)
WARMUP_SECONDS = 3.0
PROJECTS_PER_USER = 4
SLIDES_PER_PROJECT = 8
MATERIALS_PER_USER = 8
COLD_DECK_SLIDES = 6
WARM_RUNS = 3
COLD_TARGET = 1.5
QUEUE_KEY = "huey.redis.slidewright"  # Huey's Redis list for the queue named "slidewright"
PASSWORD = "bench-load-password"
SEED = 7

HEALTH = "GET /api/health"
LIST = "GET /api/projects"
OPEN = "GET /api/projects/{id}"
PROBE = "probe: "
ORDER = [
    LIST,
    OPEN,
    "PUT /api/projects/{id}",
    "POST /api/materials/search",
    "GET /api/files/thumbnails/{id}/{n}.jpg",
    "GET /api/projects/{id}/export",
    HEALTH,
]


def _row(scenario: str = "", users: object = "", endpoint: str = "", **values: object) -> dict:
    row = {
        "scenario": scenario,
        "users": users,
        "endpoint": endpoint,
        "req/s": "",
        "p50 ms": "",
        "p95 ms": "",
        "p99 ms": "",
        "errors": "",
        "note": "",
    }
    row.update(values)
    return row


def _loud(message: str) -> None:
    print(f"\n!!! bench load: {message}", file=sys.stderr, flush=True)


# -- processes ------------------------------------------------------------------------------


class Processes:
    """Every process the benchmark starts, each in its own process group (session)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.running: list[tuple[str, subprocess.Popen[bytes]]] = []

    def start(self, name: str, command: list[str], env: dict[str, str]) -> subprocess.Popen[bytes]:
        log = self.folder / f"{name}.log"
        with log.open("ab") as out:
            proc = subprocess.Popen(
                command,
                cwd=BACKEND,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        self.running.append((name, proc))
        return proc

    def app(self, name: str, args: list[str], env: dict[str, str]) -> subprocess.Popen[bytes]:
        # --no-sync: use the environment as it is (never install or re-lock while benchmarking).
        return self.start(name, ["uv", "run", "--no-sync", "slidewright", *args], env)

    def log(self, name: str) -> Path:
        return self.folder / f"{name}.log"

    def stop(self, proc: subprocess.Popen[bytes], grace: float = 20.0) -> None:
        """SIGTERM to the group (a graceful shutdown), SIGKILL after `grace` seconds; then any
        descendant that left the group (LibreOffice runs in a session of its own) by pid."""
        try:
            descendants = psutil.Process(proc.pid).children(recursive=True)
        except psutil.Error:
            descendants = []
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(grace)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(10)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)  # whatever is left of the group
        _gone, alive = psutil.wait_procs(descendants, timeout=5)
        for child in alive:
            with contextlib.suppress(psutil.Error):
                child.kill()
        self.running = [(n, p) for n, p in self.running if p is not proc]

    def stop_all(self) -> None:
        for _name, proc in reversed(list(self.running)):
            with contextlib.suppress(Exception):
                self.stop(proc, grace=15.0)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _app_env(data_dir: Path, secret: str, **settings: object) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("SLIDEWRIGHT_")}
    tmp = data_dir.parent / "tmp"
    tmp.mkdir(parents=True, exist_ok=True)
    env.update(
        TMPDIR=str(tmp),  # LibreOffice's work folders too, so nothing outlives the temp dir
        SLIDEWRIGHT_DATA_DIR=str(data_dir),
        SLIDEWRIGHT_SECRET_KEY=secret,
        SLIDEWRIGHT_AI_PROVIDER="offline",
    )
    env.update({f"SLIDEWRIGHT_{key.upper()}": str(value) for key, value in settings.items()})
    return env


def _wait_healthy(
    url: str, proc: subprocess.Popen[bytes], log: Path, timeout: float = 180
) -> float:
    """Polls /api/health until it answers 200; returns the perf_counter time it did."""
    deadline = time.perf_counter() + timeout
    while time.perf_counter() < deadline:
        if proc.poll() is not None:
            tail = log.read_text(errors="replace")[-3000:]
            raise RuntimeError(f"{log.stem} exited with {proc.returncode}:\n{tail}")
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"{url}/api/health", timeout=2).status_code == 200:
                return time.perf_counter()
        time.sleep(0.05)
    raise RuntimeError(f"{log.stem} did not answer /api/health within {timeout:.0f} s")


# -- services: PostgreSQL and Redis -----------------------------------------------------------


def _postgres_admin_url() -> str:
    server = make_url(normalize_url(POSTGRES_URL))
    return server.set(drivername="postgresql").render_as_string(hide_password=False)


def _check_services() -> str | None:
    """Why the load scenarios cannot run, or None."""
    try:
        psycopg.connect(_postgres_admin_url(), connect_timeout=3).close()
    except psycopg.Error as exc:
        return f"no PostgreSQL answers at {POSTGRES_URL} ({exc.__class__.__name__})"
    try:
        client = redis.Redis.from_url(REDIS_URL, socket_timeout=3, socket_connect_timeout=3)
        client.ping()
        if client.dbsize():
            return (
                f"Redis database {REDIS_URL} is not empty: set BENCH_LOAD_REDIS_URL to a free one"
            )
    except redis.RedisError as exc:
        return f"no Redis answers at {REDIS_URL} ({exc.__class__.__name__})"
    return None


@contextlib.contextmanager
def _database() -> Iterator[tuple[str, str]]:
    """(name, SQLAlchemy URL) of a new database, dropped afterwards."""
    name = f"slidewright_bench_load_{os.getpid()}"
    admin = psycopg.connect(_postgres_admin_url(), autocommit=True, connect_timeout=3)
    with admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}"')
        try:
            server = make_url(normalize_url(POSTGRES_URL))
            yield name, server.set(database=name).render_as_string(hide_password=False)
        finally:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _postgres_url(sqlalchemy_url: str) -> str:
    return make_url(sqlalchemy_url).set(drivername="postgresql").render_as_string(False)


def _wait_jobs_idle(db_url: str, timeout: float = 300) -> tuple[int, float]:
    """Waits until no job is queued or running; returns (jobs left, seconds waited)."""
    started = time.perf_counter()
    with psycopg.connect(_postgres_url(db_url), autocommit=True) as conn:
        while True:
            left = conn.execute(
                "SELECT count(*) FROM jobs WHERE status IN ('queued', 'running')"
            ).fetchone()[0]
            waited = time.perf_counter() - started
            if left == 0 or waited > timeout:
                return left, waited
            time.sleep(0.5)


def _failed_jobs(db_url: str) -> Counter[str]:
    with psycopg.connect(_postgres_url(db_url), autocommit=True) as conn:
        rows = conn.execute(
            "SELECT kind, coalesce(error_code, ''), coalesce(error_message, ''), count(*) "
            "FROM jobs WHERE status = 'failed' GROUP BY 1, 2, 3"
        ).fetchall()
    return Counter({f"{kind} {code}: {message[:160]}": n for kind, code, message, n in rows})


# -- seeding ----------------------------------------------------------------------------------


def _zipf_words(rng: random.Random, words: list[str], count: int) -> list[str]:
    weights = [1 / (rank + 1) for rank in range(len(words))]
    return rng.choices(words, weights=weights, k=count)


def _material_text(rng: random.Random) -> str:
    paragraphs = []
    for _ in range(rng.randint(3, 10)):
        if rng.random() < 0.6:
            paragraphs.append("".join(_zipf_words(rng, CHINESE_WORDS, rng.randint(20, 60))) + "。")
        else:
            words = _zipf_words(rng, ENGLISH_WORDS, rng.randint(30, 80))
            paragraphs.append(" ".join(words).capitalize() + ".")
    return "\n\n".join(paragraphs)


def _queries(rng: random.Random) -> list[str]:
    chinese, english = CHINESE_WORDS[:80], [w for w in ENGLISH_WORDS[:120] if len(w) > 3]
    found = [rng.choice(chinese) for _ in range(40)]
    found += [rng.choice(english) for _ in range(25)]
    found += [f"{rng.choice(english)} {rng.choice(chinese)}" for _ in range(15)]
    found += [rng.choice(english)[:3] for _ in range(10)]  # prefixes, as typed
    found += ["不存在的词语", "nonexistentword"]
    return found


def _builtin_templates(client: httpx.Client, token: str) -> list[dict[str, Any]]:
    """Two built-in templates once their (fake) thumbnails are drawn, with their text slots."""
    headers = {"Authorization": f"Bearer {token}", "Accept-Language": "en"}
    deadline = time.perf_counter() + 180
    while True:
        listed = client.get("/api/pptx-files", headers=headers).raise_for_status().json()
        builtins = [t for t in listed if t["builtin"]][:2]
        if builtins and all(len(t["thumbnailSlides"]) == t["slideCount"] for t in builtins):
            break
        if time.perf_counter() > deadline:
            raise RuntimeError("the built-in templates' thumbnails were not drawn within 180 s")
        time.sleep(0.5)
    templates = []
    for summary in builtins:
        detail = client.get(f"/api/pptx-files/{summary['_id']}", headers=headers)
        slots = {}
        for slide in detail.raise_for_status().json()["parsedSlides"]:
            names = [
                e["name"]
                for e in slide["elements"]
                if e["type"] == "text" and not e["isLocked"] and not e["hidden"]
            ]
            if names:
                slots[slide["slideNumber"]] = names
        templates.append(
            {"id": summary["_id"], "thumbnails": summary["thumbnailSlides"], "slots": slots}
        )
    return templates


def _seed(url: str, accounts: int) -> dict[str, Any]:
    """Sign-ups, projects and materials through the API; returns the Locust configuration's
    data part (tokens, project ids, templates, queries) and what was created."""
    rng = random.Random(SEED)
    started = time.perf_counter()
    with httpx.Client(base_url=url, timeout=120) as client:

        def signup(i: int) -> str:
            body = {"name": f"Load user {i}", "email": f"load{i}@example.com", "password": PASSWORD}
            return client.post("/api/auth/signup", json=body).raise_for_status().json()["token"]

        with ThreadPoolExecutor(8) as pool:
            tokens = list(pool.map(signup, range(accounts)))
        templates = _builtin_templates(client, tokens[0])

        def project_body(i: int, p: int) -> dict[str, Any]:
            local = random.Random(i * 1000 + p)
            template = templates[(i + p) % len(templates)]
            numbers = sorted(template["slots"])
            slides = []
            for s in range(SLIDES_PER_PROJECT):
                number = numbers[s % len(numbers)]
                form = {
                    name: " ".join(_zipf_words(local, ENGLISH_WORDS, local.randint(4, 14)))
                    for name in template["slots"][number][:2]
                }
                slides.append(
                    {
                        "pptxSlideNumber": number,
                        "contentDescription": f"Slide {s + 1}: quarterly results",
                        "formData": form,
                        "notes": f"Notes for slide {s + 1}.",
                    }
                )
            return {
                "title": f"Quarterly review {p + 1} of user {i}",
                "description": "Results, outlook and next steps",
                "lang": "en",
                "pptxFileId": template["id"],
                "slides": slides,
            }

        def create_projects(i: int) -> list[str]:
            headers = {"Authorization": f"Bearer {tokens[i]}"}
            ids = []
            for p in range(PROJECTS_PER_USER):
                response = client.post("/api/projects", json=project_body(i, p), headers=headers)
                ids.append(response.raise_for_status().json()["_id"])
            return ids

        texts = [[_material_text(rng) for _ in range(MATERIALS_PER_USER)] for _ in range(accounts)]

        def create_materials(i: int) -> int:
            headers = {"Authorization": f"Bearer {tokens[i]}"}
            for m, content in enumerate(texts[i]):
                body = {"filename": f"notes-{i}-{m}.txt", "content": content}
                client.post("/api/materials/text", json=body, headers=headers).raise_for_status()
            return len(texts[i])

        with ThreadPoolExecutor(8) as pool:
            projects = list(pool.map(create_projects, range(accounts)))
            materials = sum(pool.map(create_materials, range(accounts)))
    text_bytes = sum(len(t.encode()) for per_user in texts for t in per_user)
    return {
        "accounts": [
            {"token": token, "projects": ids} for token, ids in zip(tokens, projects, strict=True)
        ],
        "templates": [{"id": t["id"], "thumbnails": t["thumbnails"]} for t in templates],
        "queries": _queries(rng),
        "summary": f"{accounts} users, {accounts * PROJECTS_PER_USER} projects of "
        f"{SLIDES_PER_PROJECT} slides, {materials} materials "
        f"({text_bytes / 2**20:.1f} MB) in {time.perf_counter() - started:.0f} s",
    }


# -- monitoring -------------------------------------------------------------------------------


class Monitor(threading.Thread):
    """Samples once a second: CPU of the app processes, of the database's PostgreSQL backends
    and of the machine; PostgreSQL lock waits and connections; the job queue's length."""

    def __init__(self, app: list[subprocess.Popen[bytes]], db_name: str, db_url: str) -> None:
        super().__init__(daemon=True)
        self.app = [psutil.Process(p.pid) for p in app]
        self.db_name = db_name
        self.db_url = _postgres_url(db_url)
        self.samples: list[dict[str, float]] = []
        self.halt = threading.Event()
        self.backends: dict[int, psutil.Process] = {}
        self.last: dict[str, dict[int, float]] = {"app": {}, "postgres": {}}
        self.totals = {"app": 0.0, "postgres": 0.0}

    def _add(self, kind: str, procs: list[psutil.Process]) -> float:
        """Adds what each process used since the last sample (all of it for a new one; the
        last second of one that exited meanwhile is lost) to a running total."""
        now = {}
        for proc in procs:
            with contextlib.suppress(psutil.Error):
                times = proc.cpu_times()
                now[proc.pid] = times.user + times.system
        before = self.last[kind]
        self.totals[kind] += sum(max(0.0, cpu - before.get(pid, 0.0)) for pid, cpu in now.items())
        self.last[kind] = now
        return self.totals[kind]

    def _tree_cpu(self) -> float:
        procs = []
        for root in self.app:
            with contextlib.suppress(psutil.Error):
                procs += [root, *root.children(recursive=True)]
        return self._add("app", procs)

    def _postgres_cpu(self) -> float:
        marker = f" {self.db_name} "
        for proc in psutil.process_iter(["cmdline"]):
            cmdline = " ".join(proc.info["cmdline"] or [])
            if proc.pid not in self.backends and marker in f"{cmdline} ":
                self.backends[proc.pid] = proc
        self.backends = {pid: p for pid, p in self.backends.items() if p.is_running()}
        return self._add("postgres", list(self.backends.values()))

    def run(self) -> None:
        queue = redis.Redis.from_url(REDIS_URL, socket_timeout=3)
        with psycopg.connect(self.db_url, autocommit=True) as conn:
            while not self.halt.is_set():
                machine = psutil.cpu_times()
                locks, connections = conn.execute(
                    "SELECT count(*) FILTER (WHERE wait_event_type = 'Lock'), count(*) "
                    "FROM pg_stat_activity WHERE datname = %s",
                    (self.db_name,),
                ).fetchone()
                self.samples.append(
                    {
                        "t": time.time(),
                        "app": self._tree_cpu(),
                        "postgres": self._postgres_cpu(),
                        "busy": sum(machine) - machine.idle - getattr(machine, "iowait", 0.0),
                        "all": sum(machine),
                        "locks": locks,
                        "connections": connections - 1,  # not this one
                        "queue": queue.llen(QUEUE_KEY),
                    }
                )
                self.halt.wait(1.0)

    def window(self, start: float, end: float) -> dict[str, float]:
        inside = [s for s in self.samples if start - 0.5 <= s["t"] <= end + 0.5]
        if len(inside) < 2:
            return {}
        first, last = inside[0], inside[-1]
        seconds = last["t"] - first["t"]
        return {
            "app_cores": (last["app"] - first["app"]) / seconds,
            "postgres_cores": (last["postgres"] - first["postgres"]) / seconds,
            "machine_busy": (last["busy"] - first["busy"]) / (last["all"] - first["all"]),
            "max_locks": max(s["locks"] for s in inside),
            "max_connections": max(s["connections"] for s in inside),
            "max_queue": max(s["queue"] for s in inside),
            "end_queue": last["queue"],
        }


class LogWatch:
    """What the app logged from a point on: 5xx responses (access log) and tracebacks."""

    def __init__(self, logs: list[Path]) -> None:
        self.offsets = {log: log.stat().st_size for log in logs}

    def findings(self) -> tuple[Counter[str], Counter[str]]:
        server_errors: Counter[str] = Counter()
        tracebacks: Counter[str] = Counter()
        for log, offset in self.offsets.items():
            with log.open("rb") as file:
                file.seek(offset)
                lines = file.read().decode(errors="replace").splitlines()
            for i, line in enumerate(lines):
                if line.startswith("{") and '"status"' in line:
                    with contextlib.suppress(ValueError):
                        entry = json.loads(line)
                        if int(entry.get("status", 0)) >= 500:
                            server_errors[
                                f"{entry['status']} {entry['method']} {entry['path']}"
                            ] += 1
                elif line.startswith("Traceback"):
                    last = next(
                        (
                            lines[j]
                            for j in range(i + 1, min(i + 400, len(lines)))
                            if lines[j] and not lines[j].startswith((" ", "Traceback"))
                        ),
                        "?",
                    )
                    tracebacks[f"{log.stem}: {last[:200]}"] += 1
        return server_errors, tracebacks


# -- load runs --------------------------------------------------------------------------------


def _locust(
    procs: Processes,
    folder: Path,
    label: str,
    hosts: list[str],
    data: dict[str, Any],
    users: int,
    loops_per_probe: int,
) -> dict[str, Any]:
    config = {
        "hosts": hosts,
        "accounts": data["accounts"],
        "templates": data["templates"],
        "queries": data["queries"],
        "users": users,
        "wait": list(WAIT),
        "probes": PROBES * loops_per_probe,
        "warmup": WARMUP_SECONDS,
        "seconds": SECONDS,
        "probe_seconds": PROBE_SECONDS,
    }
    config_path = folder / f"locust-{label}.json"
    result_path = folder / f"locust-{label}-result.json"
    config_path.write_text(json.dumps(config))
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    command = [sys.executable, str(HERE / "load_locust.py"), str(config_path), str(result_path)]
    proc = procs.start(f"locust-{label}", command, env)
    try:
        proc.wait(SECONDS + PROBE_SECONDS + WARMUP_SECONDS + 240)
    except subprocess.TimeoutExpired:
        procs.stop(proc)
        raise RuntimeError(f"Locust ({label}) did not finish in time") from None
    procs.stop(proc)
    if proc.returncode != 0 or not result_path.exists():
        tail = procs.log(f"locust-{label}").read_text(errors="replace")[-3000:]
        raise RuntimeError(f"Locust ({label}) failed with {proc.returncode}:\n{tail}")
    return json.loads(result_path.read_text())


def _fmt(value: float) -> str:
    return f"{value:,.0f}" if value >= 100 else f"{value:.1f}"


def _resources(usage: dict[str, float], client: float) -> str:
    if not usage:
        return "(no samples)"
    return (
        f"CPU cores used: app {usage['app_cores']:.2f}, PostgreSQL {usage['postgres_cores']:.2f}, "
        f"Locust {client:.2f}; machine busy {usage['machine_busy']:.0%}; PostgreSQL: max "
        f"{usage['max_connections']:.0f} connections, max {usage['max_locks']:.0f} waiting on a "
        f"lock; job queue max {usage['max_queue']:.0f}, {usage['end_queue']:.0f} at the end"
        + ("; LOCUST CPU-BOUND: rates are a floor" if client > 0.9 else "")
    )


def _stat_row(scenario: str, users: int, name: str, entry: dict, seconds: float) -> dict:
    return _row(
        scenario,
        users,
        name,
        **{
            "req/s": _fmt(entry["requests"] / seconds),
            "p50 ms": _fmt(entry["p50_ms"]),
            "p95 ms": _fmt(entry["p95_ms"]),
            "p99 ms": _fmt(entry["p99_ms"]),
            "errors": entry["failures"],
            "note": f"{entry['requests']} requests, max {entry['max_ms']:,.0f} ms",
        },
    )


def _report(
    scenario: str,
    users: int,
    result: dict[str, Any],
    monitor: Monitor,
    findings: tuple[Counter[str], Counter[str]],
) -> list[dict]:
    load, probes = result["load"], result["probes"]
    seconds, entries = load["seconds"], load["entries"]
    rows = []
    names = [n for n in ORDER if n in entries] + sorted(n for n in entries if n not in ORDER)
    rows += [_stat_row(scenario, users, n, entries[n], seconds) for n in names]
    total = sum(e["requests"] for e in entries.values())
    failures = sum(e["failures"] for e in entries.values())
    usage = monitor.window(load["start"], load["start"] + seconds)
    rows.append(
        _row(
            scenario,
            users,
            "all requests",
            **{
                "req/s": _fmt(total / seconds),
                "errors": failures,
                "note": f"{total} requests in {seconds:.0f} s; "
                + _resources(usage, load["client_cpu_share"]),
            },
        )
    )
    errors = list(load["errors"])
    if probes is not None:
        seconds, entries = probes["seconds"], probes["entries"]
        errors += probes["errors"]
        loops = result["probe_loops"]
        for name in (HEALTH, LIST, OPEN):
            if PROBE + name in entries:
                rows.append(
                    _stat_row(scenario, users, PROBE + name, entries[PROBE + name], seconds)
                )

        def rate(name: str) -> float:
            entry = entries.get(PROBE + name)
            return entry["requests"] / seconds if entry else 0.0

        for name, label in ((LIST, "list projects"), (OPEN, "open project")):
            if rate(HEALTH):
                rows.append(
                    _row(
                        scenario,
                        users,
                        f"throughput ratio {label} / health",
                        note=f"{rate(name) / rate(HEALTH):.2f} ({rate(name):.1f} vs "
                        f"{rate(HEALTH):.1f} req/s, {loops} closed loop(s) each, editors on)",
                    )
                )
        if not any(n.startswith(PROBE) for n in entries):
            rows.append(
                _row(scenario, users, "probes", note="NO PROBE REQUEST COMPLETED in the window")
            )
        editors = sum(e["requests"] for n, e in entries.items() if not n.startswith(PROBE))
        usage = monitor.window(probes["start"], probes["start"] + seconds)
        rows.append(
            _row(
                scenario,
                users,
                "probe window",
                **{
                    "errors": sum(e["failures"] for e in entries.values()),
                    "note": f"{seconds:.0f} s, editors {editors / seconds:.1f} req/s meanwhile; "
                    + _resources(usage, probes["client_cpu_share"]),
                },
            )
        )
    problems = []
    for error in errors:
        problems.append(f"{error['count']}x {error['method']} {error['name']}: {error['error']}")
    for exc in result["exceptions"]:
        problems.append(f"{exc['count']}x exception in a Locust task: {exc['message']}")
    server_errors, tracebacks = findings
    problems += [f"{n}x server {key}" for key, n in server_errors.most_common(10)]
    problems += [f"{n}x traceback {key}" for key, n in tracebacks.most_common(10)]
    for problem in problems:
        rows.append(_row(scenario, users, "ERROR", note=problem))
    if problems:
        _loud(
            f"{scenario}, {users} users: {len(problems)} kinds of errors:\n  "
            + "\n  ".join(problems)
        )
    return rows


def _scenario(
    procs: Processes,
    folder: Path,
    label: str,
    db: tuple[str, str],
    secret: str,
    replicas: int,
    processes: int | None,
    seeded: dict[str, Any],
    rows: list[dict],
) -> None:
    """Runs every user count on `replicas` replicas (of `processes` web processes each, with
    `serve --workers`, when given); appends to `rows`. Seeds the database first when `seeded`
    is empty, and fills it."""
    db_name, db_url = db
    data_dir = folder / "data"
    common = {
        "database_url": db_url,
        "jobs_url": REDIS_URL,
        "ratelimit_storage_url": REDIS_URL,
        "renderer": "fake",
    }
    app: list[subprocess.Popen[bytes]] = []
    hosts = []
    logs = []
    try:
        for number in range(1, replicas + 1):
            port = _free_port()
            settings: dict[str, object] = dict(common)
            if replicas > 1:
                settings["embedded_workers"] = 0
                if number > 1:
                    settings["auto_migrate"] = 0
            name = f"{label}-replica{number}"
            args = ["serve", "--port", str(port)]
            if processes is not None:
                args += ["--workers", str(processes)]
            proc = procs.app(name, args, _app_env(data_dir, secret, **settings))
            app.append(proc)
            logs.append(procs.log(name))
            hosts.append(f"http://127.0.0.1:{port}")
            _wait_healthy(hosts[-1], proc, procs.log(name))
        if replicas > 1:
            name = f"{label}-worker"
            settings = dict(common, embedded_workers=0, auto_migrate=0)
            app.append(procs.app(name, ["worker"], _app_env(data_dir, secret, **settings)))
            logs.append(procs.log(name))
        failed_before = _failed_jobs(db_url)
        if not seeded:
            accounts = max(LEVELS)
            print(f"   seeding {accounts} users through {hosts[0]} ...", flush=True)
            seeded.update(_seed(hosts[0], accounts))
            left, waited = _wait_jobs_idle(db_url)
            rows.append(
                _row(
                    label,
                    "",
                    "seed",
                    note=f"{seeded['summary']}; their preview jobs done {waited:.0f} s later"
                    + (f", {left} STILL QUEUED" if left else ""),
                )
            )
        for users in LEVELS:
            print(f"   {label}: {users} users for {SECONDS:.0f} s ...", flush=True)
            monitor = Monitor(app, db_name, db_url)
            monitor.start()
            watch = LogWatch(logs)
            try:
                # Probe loops: as many on every web process (keep-alive connections stay on the
                # process that accepted them; behind one port, the kernel picks it).
                loops = replicas * (processes or 1)
                result = _locust(procs, folder, f"{label}-{users}", hosts, seeded, users, loops)
            finally:
                monitor.halt.set()
                monitor.join(5)
            rows += _report(label, users, result, monitor, watch.findings())
            left, waited = _wait_jobs_idle(db_url)
            if left or waited > 5:
                rows.append(
                    _row(
                        label,
                        users,
                        "job backlog after the run",
                        note=f"drained in {waited:.0f} s"
                        + (f"; {left} jobs STILL QUEUED OR RUNNING" if left else ""),
                    )
                )
        failed = _failed_jobs(db_url) - failed_before
        for what, n in failed.most_common():
            rows.append(_row(label, "", "ERROR", note=f"{n} failed jobs: {what}"))
        if failed:
            _loud(f"{label}: failed jobs: {dict(failed)}")
    finally:
        for proc in reversed(app):
            procs.stop(proc)


# -- cold start -------------------------------------------------------------------------------


def _deck_variant(data: bytes, label: str) -> bytes:
    prs = Presentation(io.BytesIO(data))
    prs.slides[0].shapes.title.text = f"{label}: quarterly results and outlook"
    buffer = io.BytesIO()
    prs.save(buffer)
    return buffer.getvalue()


def _upload_and_wait(
    client: httpx.Client, headers: dict[str, str], deck: bytes, name: str
) -> float:
    """Uploads a template; returns the perf_counter time its first thumbnail could be read."""
    files = {"file": (f"{name}.pptx", deck, "application/octet-stream")}
    response = client.post("/api/pptx-files", files=files, headers=headers)
    file_id = response.raise_for_status().json()["_id"]
    deadline = time.perf_counter() + 300
    polls = 0
    while time.perf_counter() < deadline:
        thumbnail = client.head(f"/api/files/thumbnails/{file_id}/1.jpg", headers=headers)
        if thumbnail.status_code == 200:
            return time.perf_counter()
        polls += 1
        if polls % 40 == 0:
            job = client.get(f"/api/pptx-files/{file_id}", headers=headers).json()["renderJob"]
            if job and job["status"] == "failed":
                raise RuntimeError(f"render job failed: {job.get('errorMessage')}")
        time.sleep(0.025)
    raise RuntimeError(f"no thumbnail for {name} within 300 s")


def _cold_start(procs: Processes, folder: Path) -> list[dict]:
    data_dir = folder / "cold" / "data"
    secret = secrets.token_urlsafe(32)
    base = mixed_deck(COLD_DECK_SLIDES)
    # An installed data folder: migrated, built-ins installed (fake thumbnails), one account.
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    prep = procs.app(
        "cold-prep", ["serve", "--port", str(port)], _app_env(data_dir, secret, renderer="fake")
    )
    _wait_healthy(url, prep, procs.log("cold-prep"))
    body = {"name": "Cold", "email": "cold@example.com", "password": PASSWORD}
    token = httpx.post(f"{url}/api/auth/signup", json=body, timeout=60).raise_for_status()
    headers = {"Authorization": f"Bearer {token.json()['token']}"}
    procs.stop(prep)

    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    started = time.perf_counter()
    proc = procs.app(
        "cold-auto", ["serve", "--port", str(port)], _app_env(data_dir, secret, renderer="auto")
    )
    try:
        healthy = _wait_healthy(url, proc, procs.log("cold-auto"))
        with httpx.Client(base_url=url, timeout=300) as client:
            upload = time.perf_counter()
            first = _upload_and_wait(client, headers, _deck_variant(base, "Cold"), "cold")
            warm = []
            for n in range(WARM_RUNS):
                began = time.perf_counter()
                done = _upload_and_wait(client, headers, _deck_variant(base, f"Warm {n}"), f"w{n}")
                warm.append(done - began)
    finally:
        procs.stop(proc)
    # The target compares renders: the first upload after a restart (sent as soon as the server
    # answers, as a user would) against later ones. The process start is reported beside it.
    cold = first - upload
    warm_median = statistics.median(warm)
    ratio = cold / warm_median
    verdict = "ok" if ratio < COLD_TARGET else "MISSED"
    scenario = "cold start (SQLite, renderer auto)"
    return [
        _row(
            scenario,
            "",
            f"first upload after a restart -> first thumbnail ({COLD_DECK_SLIDES} slides)",
            note=f"{cold:.2f} s (process start -> answering {healthy - started:.2f} s, "
            f"-> first thumbnail {first - started:.2f} s)",
        ),
        _row(
            scenario,
            "",
            f"warm: upload -> first thumbnail (median of {WARM_RUNS})",
            note=f"{warm_median:.2f} s (" + ", ".join(f"{w:.2f}" for w in warm) + ")",
        ),
        _row(
            scenario,
            "",
            "cold / warm",
            note=f"{ratio:.2f}x (target < {COLD_TARGET}x: {verdict})",
        ),
    ]


# -- entry point ------------------------------------------------------------------------------


def _on_sigterm(signum: int, frame: object) -> None:
    raise KeyboardInterrupt  # so the finally blocks stop the processes and drop the database


def run() -> list[dict]:
    previous = signal.signal(signal.SIGTERM, _on_sigterm)
    load = os.getloadavg()
    rows = [
        _row(
            "machine",
            note=f"{os.cpu_count()} CPUs, load average {load[0]:.1f} / {load[1]:.1f} at start "
            "(shared machine: figures are noisy)",
        )
    ]
    try:
        with tempfile.TemporaryDirectory(prefix="slidewright-bench-load-") as name:
            folder = Path(name)
            procs = Processes(folder)
            try:
                if ONLY in ("", "load"):
                    rows += _load_scenarios(procs, folder)
                if ONLY not in ("", "cold"):
                    return rows
                print("   cold start ...", flush=True)
                try:
                    rows += _cold_start(procs, folder)
                except Exception as exc:
                    _loud(f"cold start failed: {exc}")
                    rows.append(_row("cold start", endpoint="ERROR", note=f"failed: {exc}"))
            finally:
                procs.stop_all()
    finally:
        signal.signal(signal.SIGTERM, previous)
    return rows


def _serve_has_workers_option() -> bool:
    """Whether `slidewright serve` takes --workers (web processes; new in the CLI)."""
    command = ["uv", "run", "--no-sync", "slidewright", "serve", "--help"]
    shown = subprocess.run(command, cwd=BACKEND, capture_output=True, text=True, timeout=180)
    return "--workers" in shown.stdout


def _load_scenarios(procs: Processes, folder: Path) -> list[dict]:
    why = _check_services()
    if why is not None:
        _loud(f"load scenarios skipped: {why}")
        return [_row("load", endpoint="skipped", note=why)]
    # With --workers, a replica is pinned to one process (serve's default on PostgreSQL is one
    # per core), and the default of two processes behind one port is measured as well.
    workers = _serve_has_workers_option()
    scenarios: list[tuple[str, int, int | None]] = [
        ("1 replica", 1, 1 if workers else None),
        ("2 replicas + worker", 2, 1 if workers else None),
    ]
    if workers:
        scenarios.append(("1 replica, serve --workers 2", 1, 2))
    rows: list[dict] = []
    secret = secrets.token_urlsafe(32)
    queue = redis.Redis.from_url(REDIS_URL, socket_timeout=5)
    seeded: dict[str, Any] = {}
    try:
        with _database() as db:
            try:
                for label, replicas, processes in scenarios:
                    try:
                        _scenario(
                            procs, folder, label, db, secret, replicas, processes, seeded, rows
                        )
                    except Exception as exc:
                        _loud(f"{label}: the scenario failed: {exc}")
                        rows.append(_row(label, endpoint="ERROR", note=f"scenario failed: {exc}"))
                        if not seeded:
                            break  # nothing seeded: the next scenarios cannot run either
                    queue.flushdb()  # what is left of the queue and the rate limits
            finally:
                procs.stop_all()  # before the database is dropped
    finally:
        with contextlib.suppress(redis.RedisError):
            queue.flushdb()
    return rows
