"""The Locust side of bench_load.py, run in a process of its own.

Importing locust monkey-patches the whole interpreter with gevent, which must not happen to the
benchmark driver (run.py runs every benchmark in one process), so bench_load.py starts this file
with the project's Python:

    python load_locust.py CONFIG.json RESULT.json

CONFIG holds the replicas' base URLs, the seeded accounts (token and project ids), the templates
(id and the slide numbers with a thumbnail), the search queries, the number of users, the think
time and the durations. Once every editor runs and a short warm-up has passed, two windows are
measured, the statistics reset at the start of each: the editors alone, then the editors with
closed-loop probes added (no think time; health, list projects, open project). RESULT gets, per
window and request name, the count, the failures and the percentiles, the errors, the CPU share
this process used, and every exception raised in a task."""

from __future__ import annotations

import json
import random
import resource
import sys
import time
from itertools import count
from typing import Any

import gevent
import gevent.event
from locust import FastHttpUser, between, task
from locust.contrib.fasthttp import FastHttpSession
from locust.env import Environment
from locust.runners import STATE_RUNNING

# One statistics entry per endpoint group.
HEALTH = "GET /api/health"
LIST = "GET /api/projects"
OPEN = "GET /api/projects/{id}"
SAVE = "PUT /api/projects/{id}"
SEARCH = "POST /api/materials/search"
THUMBNAIL = "GET /api/files/thumbnails/{id}/{n}.jpg"
EXPORT = "GET /api/projects/{id}/export"
PROBE = "probe: "  # prefix of the closed-loop probes' names


def user_classes(config: dict[str, Any]) -> list[type[FastHttpUser]]:
    hosts: list[str] = config["hosts"]
    accounts: list[dict[str, Any]] = config["accounts"]
    templates: list[dict[str, Any]] = config["templates"]
    queries: list[str] = config["queries"]
    low, high = config["wait"]
    numbers = count()

    class Base(FastHttpUser):
        abstract = True
        host = hosts[0]
        network_timeout = 120.0
        connection_timeout = 30.0

        def __init__(self, environment: Environment) -> None:
            # Round robin over the replicas: each simulated user keeps the one it was given.
            self.index = next(numbers)
            self.host = hosts[self.index % len(hosts)]
            super().__init__(environment)
            account = accounts[self.index % len(accounts)]
            self.auth = {"Authorization": f"Bearer {account['token']}", "Accept-Language": "en"}
            self.projects: list[str] = account["projects"]
            self.rng = random.Random(self.index)

    class Editor(Base):
        """Someone working on their decks: the lists, a project, edits, searches, templates."""

        wait_time = between(low, high)

        def on_start(self) -> None:
            self.opened: dict[str, Any] | None = None
            self.edits = 0

        @task(6)
        def list_projects(self) -> None:
            self.client.get("/api/projects", headers=self.auth, name=LIST)

        @task(6)
        def open_project(self) -> None:
            project_id = self.rng.choice(self.projects)
            response = self.client.get(f"/api/projects/{project_id}", headers=self.auth, name=OPEN)
            if response.status_code == 200:
                self.opened = response.json()

        @task(3)
        def save_slides(self) -> None:
            if self.opened is None:
                self.open_project()
            project = self.opened
            if project is None:
                return
            slides = project["slides"]
            slide = self.rng.choice([s for s in slides if s["formData"]] or slides)
            self.edits += 1
            stamp = f"{self.edits} ({time.time():.6f})"  # never what an earlier run stored
            if slide["formData"]:
                key = self.rng.choice(sorted(slide["formData"]))
                slide["formData"][key] = (
                    f"Revision {stamp}: revenue grew in every region\n"
                    "Margins improved for the third quarter in a row"
                )
            slide["notes"] = f"Speaker notes, revision {stamp}."
            body = {"version": project["version"], "slides": slides}
            with self.client.put(
                f"/api/projects/{project['_id']}",
                json=body,
                headers=self.auth,
                name=SAVE,
                catch_response=True,
            ) as response:
                if response.status_code == 200:
                    saved = response.json()
                    if saved["version"] != project["version"] + 1:
                        response.failure(
                            f"version {project['version']} -> {saved['version']}, expected +1"
                        )
                    self.opened = saved
                else:
                    self.opened = None  # read it again before the next save

        @task(4)
        def search_materials(self) -> None:
            self.client.post(
                "/api/materials/search",
                json={"query": self.rng.choice(queries)},
                headers=self.auth,
                name=SEARCH,
            )

        @task(3)
        def template_thumbnails(self) -> None:
            # The template picker: a few slides of one template.
            template = self.rng.choice(templates)
            slides = template["thumbnails"]
            for number in self.rng.sample(slides, min(3, len(slides))):
                self.client.get(
                    f"/api/files/thumbnails/{template['id']}/{number}.jpg",
                    headers=self.auth,
                    name=THUMBNAIL,
                )

        @task(1)
        def export(self) -> None:
            project_id = self.rng.choice(self.projects)
            with self.client.get(
                f"/api/projects/{project_id}/export",
                headers=self.auth,
                name=EXPORT,
                catch_response=True,
            ) as response:
                if response.status_code == 200 and not (response.content or b"").startswith(b"PK"):
                    response.failure("the export is not a .pptx (zip) file")

        @task(2)
        def health(self) -> None:
            self.client.get("/api/health", name=HEALTH)

    return [Editor]


def _cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _probe(
    env: Environment, config: dict[str, Any], kind: str, index: int, halt: gevent.event.Event
) -> None:
    """One closed loop on one request type, without think time, until `halt`."""
    hosts, accounts = config["hosts"], config["accounts"]
    account = accounts[-1 - index % len(accounts)]
    auth = {"Authorization": f"Bearer {account['token']}", "Accept-Language": "en"}
    session = FastHttpSession(
        hosts[index % len(hosts)],  # each type has as many loops on every replica
        env.events.request,
        None,
        network_timeout=120.0,
        connection_timeout=30.0,
    )
    path, name, headers = {
        "health": ("/api/health", HEALTH, {}),
        "list": ("/api/projects", LIST, auth),
        "open": (f"/api/projects/{account['projects'][0]}", OPEN, auth),
    }[kind]
    while not halt.is_set():
        session.get(path, headers=headers, name=PROBE + name)


def _snapshot(env: Environment, elapsed: float) -> dict[str, Any]:
    entries = {}
    for entry in env.stats.entries.values():
        if not entry.num_requests and not entry.num_failures:
            continue
        entries[entry.name] = {
            "method": entry.method,
            "requests": entry.num_requests,
            "failures": entry.num_failures,
            "avg_ms": entry.avg_response_time,
            "p50_ms": entry.get_response_time_percentile(0.50),
            "p95_ms": entry.get_response_time_percentile(0.95),
            "p99_ms": entry.get_response_time_percentile(0.99),
            "max_ms": entry.max_response_time,
        }
    errors = [
        {"method": e.method, "name": e.name, "error": str(e.error), "count": e.occurrences}
        for e in env.stats.errors.values()
    ]
    return {"seconds": elapsed, "entries": entries, "errors": errors}


def _window(env: Environment, seconds: float) -> dict[str, Any]:
    """Statistics over the next `seconds` only, with the CPU this process used meanwhile."""
    env.stats.reset_all()
    cpu = _cpu_seconds()
    start = time.time()
    began = time.perf_counter()
    gevent.sleep(seconds)
    elapsed = time.perf_counter() - began
    window = _snapshot(env, elapsed)
    window.update(start=start, client_cpu_share=(_cpu_seconds() - cpu) / elapsed)
    return window


def main(config_path: str, result_path: str) -> int:
    with open(config_path, encoding="utf-8") as file:
        config = json.load(file)
    env = Environment(user_classes=user_classes(config))
    runner = env.create_local_runner()
    users = int(config["users"])
    began = time.perf_counter()
    runner.start(users, spawn_rate=min(users, 100))
    gevent.sleep(0.5)
    while runner.state != STATE_RUNNING or runner.user_count < users:
        if time.perf_counter() - began > 120:
            raise SystemExit(f"only {runner.user_count} of {users} users started in 120 s")
        gevent.sleep(0.1)
    spawned = time.perf_counter() - began
    gevent.sleep(float(config["warmup"]))
    load = _window(env, float(config["seconds"]))
    probes = None
    if int(config["probes"]):
        # The editors go on; closed loops are added on health, list and open (as many each,
        # `probes` being a multiple of the number of replicas).
        halt = gevent.event.Event()
        loops = [
            gevent.spawn(_probe, env, config, kind, index, halt)
            for kind in ("health", "list", "open")
            for index in range(int(config["probes"]))
        ]
        gevent.sleep(1.0)
        probes = _window(env, float(config["probe_seconds"]))
        halt.set()
        gevent.joinall(loops, timeout=150)
    exceptions = [
        {"count": row["count"], "message": row["msg"], "traceback": row["traceback"]}
        for row in runner.exceptions.values()
    ]
    runner.quit()
    result = {
        "users": users,
        "spawn_seconds": spawned,
        "load": load,
        "probes": probes,
        "probe_loops": int(config["probes"]),
        "exceptions": exceptions,
    }
    with open(result_path, "w", encoding="utf-8") as file:
        json.dump(result, file, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
