"""Enqueuing and running jobs on Huey, with status, progress and typed errors in the job row."""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass
from typing import Any

from huey import Huey, PostgresHuey, RedisHuey, SqliteHuey
from huey.consumer import Consumer
from sqlalchemy import CursorResult, and_, select, update
from sqlalchemy.orm import Session, sessionmaker

from slidewright.core.clock import utcnow
from slidewright.core.config import Settings
from slidewright.core.disk_full import is_disk_full
from slidewright.core.errors import AppError, InsufficientStorageError, InternalError
from slidewright.jobs.liveness import JobLiveness
from slidewright.jobs.models import CANCELLED, FAILED, QUEUED, RUNNING, SUCCEEDED, Job
from slidewright.jobs.registry import handler_for

log = logging.getLogger("slidewright.jobs")


class JobCancelled(Exception):
    """Raised by a handler that saw `ctx.cancel_requested()`: the job ends `cancelled`, with
    `result` (what it finished) kept in the row as a succeeded job's would be."""

    def __init__(self, result: dict[str, Any] | None = None) -> None:
        super().__init__("cancelled")
        self.result = result


@dataclass
class JobContext:
    """What a handler gets: the job's identity, settings, a session factory and services."""

    job_id: str
    owner_id: str
    settings: Settings
    session_factory: sessionmaker[Session]
    services: Any
    attempt: int = 1  # which run of the job this is: writes of an earlier, superseded run drop

    def progress(self, percent: int) -> None:
        """Records progress (0-100) in its own transaction, so pollers see it at once."""
        with self.session_factory.begin() as session:
            session.execute(
                update(Job)
                .where(this_run(self.job_id, self.attempt))
                .values(progress=max(0, min(100, percent)))
            )

    def cancel_requested(self) -> bool:
        """Whether the owner asked this job to stop (`POST /api/jobs/{id}/cancel`). Read from
        the row each time (one small query), so it works whichever process runs the job;
        handlers ask between items and raise `JobCancelled` with what they finished."""
        with self.session_factory() as session:
            requested = session.scalar(
                select(Job.cancel_requested_at).where(this_run(self.job_id, self.attempt))
            )
        return requested is not None


def this_run(job_id: str, attempt: int) -> Any:
    """The job's row while this run still owns it: a run the sweep gave up on (its process
    went silent, then came back) finds another attempt there and writes nothing."""
    return and_(Job.id == job_id, Job.status == RUNNING, Job.attempts == attempt)


def build_huey(settings: Settings) -> Huey:
    url = settings.jobs_url or f"sqlite:///{settings.resolved_data_dir / 'jobs.sqlite'}"
    if url.startswith("redis://") or url.startswith("rediss://"):
        return RedisHuey("slidewright", url=url)
    if url.startswith("postgres"):
        dsn = url.replace("postgresql+psycopg://", "postgresql://")
        return PostgresHuey("slidewright", dsn=dsn)
    if url.startswith("sqlite:///"):
        return SqliteHuey("slidewright", filename=url.removeprefix("sqlite:///"))
    raise ValueError(f"unsupported SLIDEWRIGHT_JOBS_URL: {url}")


# Huey's consumer backs off while the queue is empty, by default up to 10 s between polls: a
# job queued after a quiet minute (a slide preview after an edit, the first upload after a
# start) would wait that long to start. At most a tenth of a second between polls (one cheap
# query per worker) keeps that wait well under a warm thumbnail render (~0.3 s); at 0.5 s the
# first thumbnail after a start took up to twice as long as a warm one.
MAX_POLL_DELAY_S = 0.1


class _EmbeddedConsumer(Consumer):
    """A consumer running in the API process: leaves the server's signal handlers alone."""

    def _set_signal_handlers(self) -> None:
        pass


class JobRunner:
    """Sends job ids to Huey (or runs them inline with `jobs_url=immediate`, for tests)."""

    def __init__(
        self, settings: Settings, session_factory: sessionmaker[Session], services: Any
    ) -> None:
        self.settings = settings
        self.session_factory = session_factory
        self.services = services
        self.immediate = settings.jobs_url == "immediate"
        self.huey: Huey | None = None if self.immediate else build_huey(settings)
        self._consumer: Consumer | None = None
        self._inline: list[threading.Thread] = []
        if self.huey is not None:
            self._task = self.huey.task(name="slidewright.run_job")(self.run)
        self.liveness = JobLiveness(
            session_factory,
            self.enqueue,
            heartbeat_s=settings.job_heartbeat_seconds,
            stale_after_s=settings.job_stale_after_seconds,
            sweep_s=max(settings.job_heartbeat_seconds, settings.job_stale_after_seconds / 3),
        )

    def enqueue(self, job_id: str) -> None:
        if self.immediate:
            # Off the request thread, as a real queue would be; tests wait on `wait_idle`.
            thread = threading.Thread(target=self.run, args=(job_id,), daemon=True)
            thread.start()
            self._inline.append(thread)
        else:
            self._task(job_id)

    def wait_idle(self, timeout: float = 60) -> None:
        """Waits for inline jobs (immediate mode) to finish."""
        while self._inline:
            self._inline.pop().join(timeout)

    def run(self, job_id: str) -> None:
        # Claimed with a compare-and-set: a message delivered twice, or a job already taken by
        # another worker, runs once.
        with self.session_factory.begin() as session:
            claim: CursorResult[Any] = session.execute(  # type: ignore[assignment]
                update(Job)
                .where(Job.id == job_id, Job.status == QUEUED)
                .values(
                    status=RUNNING, progress=0, attempts=Job.attempts + 1, heartbeat_at=utcnow()
                )
            )
            job = session.get(Job, job_id) if claim.rowcount else None
            if job is None:
                return
            kind, owner_id, payload = job.kind, job.owner_id, dict(job.payload or {})
            attempt = job.attempts
        log.info("job %s (%s) started, attempt %s", job_id, kind, attempt)
        self.liveness.started(job_id, attempt)
        try:
            self._run_claimed(job_id, attempt, kind, owner_id, payload)
        finally:
            self.liveness.finished(job_id)

    def _run_claimed(
        self, job_id: str, attempt: int, kind: str, owner_id: str, payload: dict[str, Any]
    ) -> None:
        spec = handler_for(kind)
        context = JobContext(
            job_id, owner_id, self.settings, self.session_factory, self.services, attempt
        )
        try:
            if spec is None:
                raise InternalError(kind=kind)
            result = spec.handler(context, payload)
        except JobCancelled as stop:
            log.info("job %s (%s) cancelled by its owner", job_id, kind)
            self._finish(job_id, attempt, CANCELLED, result=stop.result)
        except AppError as exc:
            self._finish(job_id, attempt, FAILED, error=exc)
        except Exception as exc:
            if is_disk_full(exc):  # typed, so the UI says what to do (and it is no bug)
                log.error("job %s (%s) failed: storage full: %s", job_id, kind, exc)
                self._finish(job_id, attempt, FAILED, error=InsufficientStorageError())
                return
            log.exception("job %s (%s) failed", job_id, kind)
            self._finish(job_id, attempt, FAILED, error=InternalError())
        else:
            self._finish(job_id, attempt, SUCCEEDED, result=result)

    def _finish(
        self,
        job_id: str,
        attempt: int,
        status: str,
        *,
        error: AppError | None = None,
        result: dict[str, Any] | None = None,
    ) -> None:
        values: dict[str, Any] = {"status": status, "result": result}
        if error is not None:
            values.update(error_code=error.code, error_message=error.message("en"))
        elif status == SUCCEEDED:
            values["progress"] = 100
        with self.session_factory.begin() as session:
            done: CursorResult[Any] = session.execute(  # type: ignore[assignment]
                update(Job).where(this_run(job_id, attempt)).values(**values)
            )
        if not done.rowcount:
            log.warning(
                "job %s: attempt %s was superseded; its outcome is dropped", job_id, attempt
            )

    def start_embedded(self, workers: int) -> None:
        if self.huey is None or workers < 1:
            return
        self.liveness.start()
        self._consumer = _EmbeddedConsumer(
            self.huey, workers=workers, worker_type="thread", max_delay=MAX_POLL_DELAY_S
        )
        self._consumer.start()

    def run_worker(self, workers: int) -> None:
        """Blocks: a standalone consumer (`slidewright worker`) with signal handling."""
        if self.huey is None:
            raise ValueError("SLIDEWRIGHT_JOBS_URL=immediate has no queue to work on")
        self.liveness.start()
        try:
            # SIGTERM (docker stop, kill, systemd) lets running jobs finish, as SIGINT does:
            # Huey's default would abandon them mid-render.
            Consumer(
                self.huey,
                workers=workers,
                worker_type="thread",
                max_delay=MAX_POLL_DELAY_S,
                graceful_signal="TERM",
            ).run()
        finally:
            self.liveness.stop()

    def stop(self) -> None:
        if self._consumer is not None:
            self._consumer.stop(graceful=True)
            self._consumer = None
        self.liveness.stop()


__all__ = ["QUEUED", "JobCancelled", "JobContext", "JobRunner"]
