"""PostgreSQL restarted under load (an upgrade, a failover, a crash): the server answers typed
503s with Retry-After while the database is away, never a 500, and serves again by itself
within seconds of its return, without being restarted.

Runs a PostgreSQL cluster of its own (initdb + pg_ctl, as the `postgres` user when run as root),
so restarting it disturbs nobody; skipped when the PostgreSQL server binaries are missing.
"""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest

from tests.spawn import Fleet, clean_env, free_port, wait_until

pytestmark = pytest.mark.distributed

PG_BIN_DIRS = ("/usr/lib/postgresql/15/bin", "/usr/local/bin")
LOAD_THREADS = 3
RECOVERY_LIMIT_S = 10.0
INITDB_OPTIONS = ("-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync")


@dataclass
class PrivateCluster:
    """A throwaway PostgreSQL cluster on a free port, trusting local connections."""

    bin_dir: Path
    data: Path
    port: int
    as_owner: list[str]

    @property
    def url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def pg_ctl(self, *args: str) -> None:
        command = [*self.as_owner, str(self.bin_dir / "pg_ctl"), "-D", str(self.data)]
        done = subprocess.run(
            [*command, "-l", str(self.data / "server.log"), "-w", "-t", "60", *args],
            capture_output=True,
            text=True,
            timeout=90,
        )
        assert done.returncode == 0, f"pg_ctl {' '.join(args)}: {done.stdout}{done.stderr}"

    def start(self) -> None:
        options = f"-p {self.port} -k {self.data} -c listen_addresses=127.0.0.1 -c fsync=off"
        self.pg_ctl("-o", options, "start")


def _pg_bin_dir() -> Path | None:
    for directory in PG_BIN_DIRS:
        path = Path(directory)
        if (path / "initdb").exists() and (path / "pg_ctl").exists():
            return path
    found = shutil.which("initdb")
    return Path(found).parent if found and shutil.which("pg_ctl") else None


@pytest.fixture
def cluster() -> Iterator[PrivateCluster]:
    bin_dir = _pg_bin_dir()
    if bin_dir is None:
        pytest.skip("the PostgreSQL server binaries (initdb, pg_ctl) are not installed")
    as_owner: list[str] = []
    data = Path(tempfile.mkdtemp(prefix="sw-pg-"))
    if os.geteuid() == 0:  # initdb refuses to run as root: the cluster belongs to `postgres`
        try:
            owner = pwd.getpwnam("postgres")
        except KeyError:
            shutil.rmtree(data)
            pytest.skip("running as root and there is no `postgres` user to own the cluster")
        os.chown(data, owner.pw_uid, owner.pw_gid)
        as_owner = ["runuser", "-u", "postgres", "--"]
    cluster = PrivateCluster(bin_dir, data, free_port(), as_owner)
    try:
        subprocess.run(
            [*as_owner, str(bin_dir / "initdb"), "-D", str(data), *INITDB_OPTIONS],
            check=True,
            capture_output=True,
            timeout=120,
        )
        cluster.start()
        yield cluster
    finally:
        subprocess.run(
            [*as_owner, str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"],
            capture_output=True,
            timeout=60,
        )
        shutil.rmtree(data, ignore_errors=True)


@dataclass
class Load:
    """Threads that list projects, open one and save a slide in a loop, recording every
    answer as (time, method, status, errorCode, Retry-After)."""

    base: str
    token: str
    projects: list[dict[str, object]]
    answers: list[tuple[float, str, int, str | None, str | None]] = field(default_factory=list)
    stop: threading.Event = field(default_factory=threading.Event)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def run(self, project: dict[str, object]) -> None:
        headers = {"Authorization": f"Bearer {self.token}"}
        version = project["version"]
        with httpx.Client(base_url=self.base, headers=headers, timeout=30) as client:
            n = 0
            while not self.stop.is_set():
                n += 1
                path = f"/api/projects/{project['_id']}"
                self._send(client, "list", "GET", "/api/projects")
                opened = self._send(client, "open", "GET", path)
                if opened is not None and opened.status_code == 200:
                    version = opened.json()["version"]
                slides = [{"pptxSlideNumber": 1, "formData": {"Title": f"Save {n}"}}]
                body = {"version": version, "slides": slides}
                saved = self._send(client, "save", "PUT", path, body)
                if saved is not None and saved.status_code == 200:
                    version = saved.json()["version"]
                time.sleep(0.05)

    def _send(
        self, client: httpx.Client, what: str, method: str, path: str, body: object = None
    ) -> httpx.Response | None:
        """The answer, recorded; None (recorded as status 0) when none came."""
        try:
            response = client.request(method, path, json=body)
        except httpx.HTTPError:
            with self._lock:
                self.answers.append((time.monotonic(), what, 0, None, None))
            return None
        self._record(what, response)
        return response

    def _record(self, what: str, response: httpx.Response) -> None:
        code = response.json().get("errorCode") if response.status_code >= 400 else None
        entry = (
            time.monotonic(),
            what,
            response.status_code,
            code,
            response.headers.get("Retry-After"),
        )
        with self._lock:
            self.answers.append(entry)

    def since(self, moment: float) -> list[tuple[float, str, int, str | None, str | None]]:
        with self._lock:
            return [answer for answer in self.answers if answer[0] >= moment]


def _signed_up_with_projects(base: str) -> tuple[str, list[dict[str, object]]]:
    signup = httpx.post(
        f"{base}/api/auth/signup",
        json={"name": "Ops", "email": "ops@example.com", "password": "secret-123"},
    )
    assert signup.status_code == 201, signup.text
    token = str(signup.json()["token"])
    headers = {"Authorization": f"Bearer {token}"}
    templates = httpx.get(f"{base}/api/pptx-files", headers=headers).json()
    builtin = next(t for t in templates if t["builtin"])
    projects = []
    for number in range(
        LOAD_THREADS
    ):  # one each: saves of one thread never conflict with another's
        created = httpx.post(
            f"{base}/api/projects",
            headers=headers,
            json={
                "title": f"Deck {number}",
                "pptxFileId": builtin["_id"],
                "numSlides": 1,
                "lang": "en",
            },
        )
        assert created.status_code == 201, created.text
        projects.append(created.json())
    return token, projects


def _database_state(base: str) -> str:
    return str(httpx.get(f"{base}/api/health/ready", timeout=10).json()["database"])


def _recovered_after(load: Load, moment: float) -> float:
    """Seconds from `moment` until each of list, open and save has succeeded again."""

    def all_ok() -> float | None:
        firsts = {}
        for at, what, status, _code, _retry in load.since(moment):
            if status == 200 and what not in firsts:
                firsts[what] = at
        return max(firsts.values()) - moment if len(firsts) == 3 else None

    return float(wait_until(all_ok, 60, "list, open and save to succeed again"))


def _assert_only_typed_503s(load: Load, moment: float) -> int:
    """Every failed answer since `moment` was a 503 `database_unavailable` with Retry-After
    (a save whose commit landed just before its connection died may conflict: 409); returns
    how many 503s there were."""
    failures = [a for a in load.since(moment) if a[2] != 200]
    unexpected = [a for a in failures if not (a[2] == 409 and a[1] == "save") and a[2] != 503]
    assert unexpected == [], unexpected
    unavailable = [a for a in failures if a[2] == 503]
    assert all(a[3] == "database_unavailable" and a[4] for a in unavailable), unavailable
    return len(unavailable)


def test_a_postgresql_restart_under_load_gives_typed_503s_and_heals(
    tmp_path: Path, cluster: PrivateCluster
) -> None:
    logs = tmp_path / "logs"
    logs.mkdir()
    fleet = Fleet(
        logs,
        clean_env(
            SLIDEWRIGHT_DATABASE_URL=cluster.url,
            SLIDEWRIGHT_DATA_DIR=str(tmp_path / "data"),
            SLIDEWRIGHT_SECRET_KEY="database-restart-test-secret-key-long-enough",
            SLIDEWRIGHT_RENDERER="fake",
            SLIDEWRIGHT_AI_PROVIDER="offline",
            SLIDEWRIGHT_EMBEDDED_WORKERS="1",
        ),
    )
    load: Load | None = None
    threads: list[threading.Thread] = []
    try:
        base = fleet.serve("web")
        fleet.wait_healthy("web")
        token, projects = _signed_up_with_projects(base)
        load = Load(base, token, projects)
        threads = [threading.Thread(target=load.run, args=(p,), daemon=True) for p in projects]
        for thread in threads:
            thread.start()
        # Every kind of request answered before anything is restarted (however slow the machine).
        wait_until(lambda: len(load.answers) >= 3 * len(threads), 30, "the first answers")
        assert {a[2] for a in load.answers} == {200}, load.answers

        # A graceful restart, as an upgrade does it: sessions are ended, the server is back soon.
        began = time.monotonic()
        cluster.pg_ctl("-m", "fast", "restart")
        back = time.monotonic()
        fast_recovery = _recovered_after(load, back)
        fast_503s = _assert_only_typed_503s(load, began)

        # A crash: the server vanishes, stays away a few seconds, then recovers its WAL.
        began = time.monotonic()
        cluster.pg_ctl("-m", "immediate", "stop")
        time.sleep(3)
        assert _database_state(base) == "unreachable"
        outage = load.since(began)
        cluster.start()
        back = time.monotonic()
        crash_recovery = _recovered_after(load, back)
        crash_503s = _assert_only_typed_503s(load, began)
        assert any(a[2] == 503 for a in outage), "no request saw the database away"
        assert wait_until(lambda: _database_state(base) == "ok", 30, "readiness ok again")

        print(  # the figures the report quotes (pytest -s)
            f"\nfast restart: {fast_503s} x 503, all ok {fast_recovery:.2f} s after pg_ctl returned"
            f"\nimmediate stop (3 s) + start: {crash_503s} x 503, all ok {crash_recovery:.2f} s "
            f"after pg_ctl start returned; {len(load.answers)} answers in all"
        )
        assert fast_recovery < RECOVERY_LIMIT_S and crash_recovery < RECOVERY_LIMIT_S
        fleet.assert_running("web")
        assert "unhandled error" not in fleet.log("web"), fleet.log("web")
    finally:
        if load is not None:
            load.stop.set()
        for thread in threads:
            thread.join(timeout=40)
        fleet.stop()
