"""Jobs whose process died: heartbeats from the living, and a sweep that finds the silent.

A worker killed with SIGKILL (or an API replica running embedded workers, or a host that lost
power) cannot mark its jobs failed, and the queue has already handed the message over. So every
process that runs jobs stamps `heartbeat_at` on its running jobs every few seconds, and every
such process sweeps now and then for running jobs nobody has stamped for a while: each is put
back on the queue while it has attempts left (handlers are idempotent: a re-rendered thumbnail
or a re-run description writes the same keys) and failed with `job_interrupted` after that.
The sweep is a compare-and-set on the row, so several processes sweeping at once agree.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from sqlalchemy import CursorResult, and_, or_, select, update
from sqlalchemy.orm import Session, sessionmaker

from slidewright.core.clock import utcnow
from slidewright.core.errors import AppError
from slidewright.jobs.models import CANCELLED, FAILED, QUEUED, RUNNING, Job

log = logging.getLogger("slidewright.jobs")

HEARTBEAT_S = 5.0
# Six missed heartbeats: a process busy in LibreOffice still stamps (the stamping is a thread
# of its own), so silence this long means the process is gone.
STALE_AFTER_S = 30.0
SWEEP_S = 10.0
MAX_ATTEMPTS = 2
# A queued job nobody claimed in five silences (2.5 minutes by default) is sent again: a busy
# queue moves faster than that, a lost message never arrives.
QUEUED_PATIENCE = 5


class JobInterruptedError(AppError):
    code, status = "job_interrupted", 500
    en = "The server running this job stopped before it finished. Please try again."
    zh = "运行此任务的服务器在完成前停止了，请重试。"


class JobLiveness:
    """The running job ids of this process, stamped by a background thread that also sweeps."""

    def __init__(
        self,
        session_factory: sessionmaker[Session],
        requeue: Callable[[str], None],
        *,
        heartbeat_s: float = HEARTBEAT_S,
        stale_after_s: float = STALE_AFTER_S,
        sweep_s: float = SWEEP_S,
        max_attempts: int = MAX_ATTEMPTS,
    ) -> None:
        self.session_factory = session_factory
        self.requeue = requeue
        self.heartbeat_s = heartbeat_s
        self.stale_after_s = stale_after_s
        self.sweep_s = sweep_s
        self.max_attempts = max_attempts
        self._running: dict[str, int] = {}  # job id -> the attempt this process runs
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def started(self, job_id: str, attempt: int = 1) -> None:
        with self._lock:
            self._running[job_id] = attempt

    def finished(self, job_id: str) -> None:
        with self._lock:
            self._running.pop(job_id, None)

    def start(self) -> None:
        if self._thread is None:
            self._stop.clear()
            self._thread = threading.Thread(target=self._loop, name="job-liveness", daemon=True)
            self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    def _loop(self) -> None:
        next_sweep = 0.0
        waited = 0.0
        while not self._stop.is_set():
            try:
                self.beat()
                if waited >= next_sweep:
                    self.sweep()
                    self.redeliver_forgotten()
                    next_sweep = waited + self.sweep_s
            except Exception:  # a database blip: try again at the next beat
                log.warning("job heartbeat or sweep failed", exc_info=True)
            self._stop.wait(self.heartbeat_s)
            waited += self.heartbeat_s

    def beat(self) -> None:
        with self._lock:
            running = sorted(self._running.items())
        if not running:
            return
        now = utcnow()
        with self.session_factory.begin() as session:
            for job_id, attempt in running:  # only the runs this process still owns
                session.execute(
                    update(Job)
                    .where(Job.id == job_id, Job.status == RUNNING, Job.attempts == attempt)
                    .values(heartbeat_at=now)
                )

    def redeliver_forgotten(self) -> list[str]:
        """Sends again the queued jobs nobody has claimed for a long while: their message was
        lost (the queue was down when the request committed, or a frozen worker took it).
        A duplicate is harmless: a job is claimed once."""
        cutoff = utcnow() - timedelta(seconds=self.stale_after_s * QUEUED_PATIENCE)
        with self.session_factory() as session:
            rows = session.execute(
                select(Job.id, Job.updated_at)
                .where(Job.status == QUEUED, Job.updated_at < cutoff)
                .limit(100)
            ).all()
        sent: list[str] = []
        for job_id, updated_at in rows:
            with self.session_factory.begin() as session:
                result: CursorResult[Any] = session.execute(  # type: ignore[assignment]
                    update(Job)
                    .where(Job.id == job_id, Job.status == QUEUED, Job.updated_at == updated_at)
                    .values(updated_at=utcnow())
                )
            if result.rowcount:
                log.warning("job %s waited unclaimed: sending it again", job_id)
                sent.append(job_id)
                self.requeue(job_id)
        return sent

    def sweep(self) -> list[str]:
        """Requeues or fails the running jobs nobody has stamped lately; returns the requeued."""
        cutoff = utcnow() - timedelta(seconds=self.stale_after_s)
        silent = or_(
            Job.heartbeat_at < cutoff,
            and_(Job.heartbeat_at.is_(None), Job.updated_at < cutoff),
        )
        with self._lock:
            ours = set(self._running)
        with self.session_factory() as session:
            rows = session.execute(
                select(Job.id, Job.attempts, Job.heartbeat_at, Job.kind, Job.cancel_requested_at)
                .where(Job.status == RUNNING, silent)
                .limit(100)
            ).all()
        requeued: list[str] = []
        error = JobInterruptedError()
        for job_id, attempts, heartbeat_at, kind, cancel_requested_at in rows:
            if job_id in ours:
                continue
            # Its owner asked it to stop: it is not run again, whatever attempts it has left.
            cancelled = cancel_requested_at is not None
            retry = attempts < self.max_attempts and not cancelled
            values: dict[str, Any]
            if cancelled:
                values = {"status": CANCELLED}
            elif retry:
                values = {"status": QUEUED, "progress": 0, "heartbeat_at": None}
            else:
                values = {
                    "status": FAILED,
                    "error_code": error.code,
                    "error_message": error.message("en"),
                }
            with self.session_factory.begin() as session:
                result: CursorResult[Any] = session.execute(  # type: ignore[assignment]
                    update(Job)
                    .where(Job.id == job_id, Job.status == RUNNING)
                    .where(
                        Job.heartbeat_at.is_(None)
                        if heartbeat_at is None
                        else Job.heartbeat_at == heartbeat_at
                    )
                    .values(**values)
                )
            if not result.rowcount:
                continue  # it spoke up, or another process swept it first
            if cancelled:
                log.warning("job %s (%s) lost its worker while cancelling: cancelled", job_id, kind)
            elif retry:
                log.warning("job %s (%s) lost its worker: running it again", job_id, kind)
                requeued.append(job_id)
                self.requeue(job_id)
            else:
                log.warning("job %s (%s) lost its worker %s times: failed", job_id, kind, attempts)
        return requeued
