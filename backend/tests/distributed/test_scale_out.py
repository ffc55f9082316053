"""Scaled out for real: two API replicas and two job workers on PostgreSQL, a Redis queue and
S3-compatible storage (moto's server), each a process of its own, as an operator runs them.

Runs when PostgreSQL (127.0.0.1:5432) and Redis (127.0.0.1:6379) answer, in its own `make test`
stage (`-m distributed`); skipped otherwise. The tests share one cluster and run in order: the
later ones kill processes.
"""

from __future__ import annotations

import contextlib
import io
import os
import signal
import subprocess
import sys
import threading
import time
import uuid
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.fault_server import PPTX_MIME, deck
from tests.processes import libreoffice_of
from tests.s3 import create_bucket, moto_server, s3_client
from tests.spawn import Fleet, answers, clean_env, wait_until

pytestmark = pytest.mark.distributed

PG_ADMIN_URL = os.environ.get(
    "SLIDEWRIGHT_TEST_PG_ADMIN_URL", "postgresql://postgres@127.0.0.1:5432/test"
)
REDIS_HOST, REDIS_PORT = "127.0.0.1", 6379
REDIS_DB = 13  # kept for this suite; flushed before and after
SECRET = "distributed-test-secret-key-long-enough-for-hs256"


class Cluster(Fleet):
    """The replicas and workers, each with a data directory of its own (which must stay empty:
    files live in S3), logging to `base`."""

    def __init__(self, env: dict[str, str], bucket: str, s3_endpoint: str, base: Path) -> None:
        super().__init__(base, env)
        self.bucket = bucket
        self.s3_endpoint = s3_endpoint
        self.replicas: dict[str, subprocess.Popen[bytes]] = {}
        self.workers: dict[str, subprocess.Popen[bytes]] = {}
        self.data_dirs: list[Path] = []

    def own_data_dir(self, name: str) -> str:
        data_dir = self.logs / name
        data_dir.mkdir()
        self.data_dirs.append(data_dir)
        return str(data_dir)

    def start_worker(self, name: str, **env: str) -> None:
        self.workers[name] = self.start(
            name, "worker", "--threads", "1", SLIDEWRIGHT_DATA_DIR=self.own_data_dir(name), **env
        )

    def start_replica(self, name: str) -> None:
        self.serve(name, SLIDEWRIGHT_DATA_DIR=self.own_data_dir(name))
        self.replicas[name] = self.procs[name]
        self.wait_healthy(name, timeout=120, path="/api/health/ready")

    def client(self, name: str, token: str | None = None) -> httpx.Client:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        return httpx.Client(base_url=self.urls[name], headers=headers, timeout=120)

    def s3_keys(self) -> set[str]:
        keys: set[str] = set()
        pages = (
            s3_client(self.s3_endpoint)
            .get_paginator("list_objects_v2")
            .paginate(Bucket=self.bucket)
        )
        for page in pages:
            keys |= {item["Key"] for item in page.get("Contents", [])}
        return keys


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    if not (answers("127.0.0.1", 5432) and answers(REDIS_HOST, REDIS_PORT)):
        pytest.skip("PostgreSQL (5432) and Redis (6379) must answer on 127.0.0.1")
    import psycopg
    import redis

    database = f"sw_dist_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(PG_ADMIN_URL, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{database}"')
    redis_client = redis.Redis(host=REDIS_HOST, port=REDIS_PORT, db=REDIS_DB)
    redis_client.flushdb()
    s3 = contextlib.ExitStack()
    s3_endpoint = s3.enter_context(moto_server())
    bucket = create_bucket(s3_endpoint)
    redis_url = f"redis://{REDIS_HOST}:{REDIS_PORT}/{REDIS_DB}"
    env = {
        **clean_env(),
        "SLIDEWRIGHT_DATABASE_URL": PG_ADMIN_URL.rsplit("/", 1)[0].replace(
            "postgresql://", "postgresql+psycopg://"
        )
        + f"/{database}",
        "SLIDEWRIGHT_JOBS_URL": redis_url,
        "SLIDEWRIGHT_RATELIMIT_STORAGE_URL": redis_url,
        "SLIDEWRIGHT_STORAGE_URL": f"s3://{bucket}/slidewright?endpoint={s3_endpoint}&region=us-east-1",
        "AWS_ACCESS_KEY_ID": "testing",
        "AWS_SECRET_ACCESS_KEY": "testing",
        "SLIDEWRIGHT_SECRET_KEY": SECRET,
        "SLIDEWRIGHT_AUTO_MIGRATE": "0",
        "SLIDEWRIGHT_AI_PROVIDER": "offline",
        "SLIDEWRIGHT_RENDERER": "auto",
        "SLIDEWRIGHT_LOG_LEVEL": "INFO",
        # A dead worker is noticed after 6 s of silence (30 s in production).
        "SLIDEWRIGHT_JOB_HEARTBEAT_SECONDS": "1",
        "SLIDEWRIGHT_JOB_STALE_AFTER_SECONDS": "6",
    }
    cluster = Cluster(
        env=env, bucket=bucket, s3_endpoint=s3_endpoint, base=tmp_path_factory.mktemp("cluster")
    )
    try:
        migrate = subprocess.run(
            [sys.executable, "-m", "slidewright.cli", "migrate"],
            env={**env, "SLIDEWRIGHT_DATA_DIR": str(cluster.logs / "migrate")},
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert migrate.returncode == 0, migrate.stderr
        for name in ("worker-1", "worker-2"):
            cluster.start_worker(name, SLIDEWRIGHT_EMBEDDED_WORKERS="0")
        for name in ("a", "b"):  # b installs nothing new: the built-ins are there already
            cluster.env["SLIDEWRIGHT_EMBEDDED_WORKERS"] = "0"
            cluster.start_replica(name)
        yield cluster
    finally:
        cluster.stop()
        s3.close()
        redis_client.flushdb()
        with psycopg.connect(PG_ADMIN_URL, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
    leftovers = [
        p
        for proc in [*cluster.replicas.values(), *cluster.workers.values()]
        for p in libreoffice_of(proc.pid)
    ]
    assert leftovers == [], "LibreOffice outlived the cluster"


@pytest.fixture(scope="module")
def token(cluster: Cluster) -> str:
    with cluster.client("a") as client:
        response = client.post(
            "/api/auth/signup",
            json={"name": "Ops", "email": "ops@example.com", "password": "secret-123"},
        )
    assert response.status_code == 201, response.text
    return str(response.json()["token"])


def _upload(cluster: Cluster, replica: str, token: str, data: bytes, name: str) -> dict[str, Any]:
    with cluster.client(replica, token) as client:
        response = client.post("/api/pptx-files", files={"file": (name, data, PPTX_MIME)})
    assert response.status_code == 201, response.text
    return dict(response.json())


def _job(cluster: Cluster, replica: str, token: str, job_id: str) -> dict[str, Any]:
    with cluster.client(replica, token) as client:
        return dict(client.get(f"/api/jobs/{job_id}").json())


def _finished(
    cluster: Cluster, replica: str, token: str, job_id: str, timeout: float
) -> dict[str, Any]:
    return dict(
        wait_until(
            lambda: (
                (job := _job(cluster, replica, token, job_id))["status"] in ("succeeded", "failed")
                and job
            ),
            timeout,
            f"job {job_id}",
        )
    )


def test_an_upload_to_one_replica_is_rendered_by_a_worker_and_served_by_the_other(
    cluster: Cluster, token: str
) -> None:
    template = _upload(cluster, "a", token, deck(3), "quarterly.pptx")
    job = _finished(cluster, "b", token, template["renderJob"]["_id"], 180)
    assert job["status"] == "succeeded", job
    with cluster.client("b", token) as client:
        detail = client.get(f"/api/pptx-files/{template['_id']}").json()
        assert detail["thumbnailSlides"] == [1, 2, 3]
        thumbnail = client.get(f"/api/files/thumbnails/{template['_id']}/2.jpg")
    assert thumbnail.status_code == 200 and thumbnail.content[:2] == b"\xff\xd8"
    # A worker rendered it: each worker started its own LibreOffice, the replicas none.
    assert all(libreoffice_of(proc.pid) == [] for proc in cluster.replicas.values())
    assert any(libreoffice_of(proc.pid) for proc in cluster.workers.values())


def test_export_through_the_other_replica(cluster: Cluster, token: str) -> None:
    with cluster.client("a", token) as client:
        builtin = next(t for t in client.get("/api/pptx-files").json() if t["builtin"])
        project = client.post(
            "/api/projects",
            json={
                "title": "Scale-out deck",
                "pptxFileId": builtin["_id"],
                "numSlides": 2,
                "lang": "en",
            },
        )
        assert project.status_code == 201, project.text
    with cluster.client("b", token) as client:
        slides = [{"pptxSlideNumber": 1, "formData": {"Title": "Written through replica B"}}]
        saved = client.put(
            f"/api/projects/{project.json()['_id']}",
            json={"version": project.json()["version"], "slides": slides},
        )
        assert saved.status_code == 200, saved.text
        exported = client.get(f"/api/projects/{project.json()['_id']}/export")
    assert exported.status_code == 200, exported.text
    with zipfile.ZipFile(io.BytesIO(exported.content)) as package:
        assert b"Written through replica B" in package.read("ppt/slides/slide1.xml")


def test_generate_all_missing_descriptions_runs_as_a_job_on_a_worker(
    cluster: Cluster, token: str
) -> None:
    template = _upload(cluster, "b", token, deck(2), "describe-me.pptx")
    with cluster.client("b", token) as client:
        started = client.post(f"/api/pptx-files/{template['_id']}/generate-missing-descriptions")
    assert started.status_code == 200, started.text
    job = _finished(cluster, "a", token, started.json()["_id"], 120)
    assert job["status"] == "succeeded", job
    assert set(job["result"]["descriptions"]) == {"1", "2"}


def test_sign_in_failures_are_counted_across_replicas(cluster: Cluster) -> None:
    with cluster.client("a") as a, cluster.client("b") as b:
        a.post(
            "/api/auth/signup",
            json={"name": "Lim", "email": "lim@example.com", "password": "secret-123"},
        )
        wrong = {"email": "lim@example.com", "password": "not-the-password"}
        codes = [
            (a if n % 2 else b).post("/api/auth/login", json=wrong).status_code for n in range(5)
        ]
        assert codes == [401] * 5
        # The sixth failure, whichever replica sees it, is over the 5/minute limit.
        sixth = a.post("/api/auth/login", json=wrong)
    assert sixth.status_code == 429, sixth.text
    assert sixth.json()["errorCode"] == "rate_limited"


def test_files_live_in_the_object_store_never_on_local_disk(cluster: Cluster) -> None:
    keys = cluster.s3_keys()
    assert any("thumbnail" in key or key.endswith(".jpg") for key in keys), sorted(keys)[:20]
    on_disk = [
        path for data_dir in cluster.data_dirs for path in data_dir.rglob("*") if path.is_file()
    ]
    assert on_disk == []


def test_a_worker_killed_mid_render_leaves_the_job_to_the_other(
    cluster: Cluster, token: str
) -> None:
    template = _upload(cluster, "a", token, deck(60), "long.pptx")
    job_id = template["renderJob"]["_id"]
    # Whichever worker took it says so in its log; that one is killed mid-render.
    name = wait_until(
        lambda: next((n for n in cluster.workers if f"job {job_id}" in cluster.log(n)), None),
        60,
        "a worker to take the render",
    )
    victim = cluster.workers[name]
    survivor = next(n for n in cluster.workers if n != name)
    assert _job(cluster, "a", token, job_id)["status"] == "running"
    assert libreoffice_of(victim.pid)
    victim.send_signal(signal.SIGKILL)
    victim.wait()
    # Its LibreOffice dies with it.
    wait_until(
        lambda: libreoffice_of(victim.pid) == [], 10, "the killed worker's LibreOffice to go"
    )
    job = _finished(cluster, "b", token, job_id, 240)
    assert job["status"] == "succeeded", job
    with cluster.client("b", token) as client:
        detail = client.get(f"/api/pptx-files/{template['_id']}").json()
    assert detail["thumbnailSlides"] == list(range(1, 61))
    assert "running it again" in cluster.log(survivor)


def test_a_replica_killed_mid_upload_leaves_nothing_behind(cluster: Cluster, token: str) -> None:
    before = cluster.s3_keys()
    payload = deck(5) + b"\0" * (20 * 1024 * 1024)  # a large upload, still streaming when killed
    sent = threading.Event()

    def body() -> Iterator[bytes]:
        boundary = b'--x\r\nContent-Disposition: form-data; name="file"; filename="big.pptx"\r\n'
        yield boundary + f"Content-Type: {PPTX_MIME}\r\n\r\n".encode()
        for start in range(0, len(payload), 256 * 1024):
            yield payload[start : start + 256 * 1024]
            sent.set()
            time.sleep(0.05)
        yield b"\r\n--x--\r\n"

    outcome: list[Any] = []

    def upload() -> None:
        try:
            with cluster.client("a", token) as client:
                outcome.append(
                    client.post(
                        "/api/pptx-files",
                        content=body(),
                        headers={"Content-Type": "multipart/form-data; boundary=x"},
                    ).status_code
                )
        except httpx.HTTPError as exc:
            outcome.append(exc)

    thread = threading.Thread(target=upload)
    thread.start()
    assert sent.wait(30)
    cluster.replicas["a"].send_signal(signal.SIGKILL)
    cluster.replicas["a"].wait()
    thread.join(60)
    assert outcome and isinstance(outcome[0], httpx.HTTPError)
    assert cluster.s3_keys() == before  # no half-written object
    # The other replica keeps serving.
    with cluster.client("b", token) as client:
        assert client.get("/api/health/ready").status_code == 200
        assert client.get("/api/projects").status_code == 200
