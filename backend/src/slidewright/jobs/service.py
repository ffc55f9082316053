"""Creating jobs inside a request (sent to the queue after commit) and reading them back."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy.orm import Session

from slidewright.core.clock import utcnow
from slidewright.core.db import on_commit
from slidewright.jobs import repository
from slidewright.jobs.errors import JobFinishedError, JobNotFoundError
from slidewright.jobs.models import Job
from slidewright.jobs.runner import JobRunner
from slidewright.users.models import User


def start_job(
    session: Session,
    runner: JobRunner,
    *,
    owner_id: str,
    kind: str,
    subject_id: str | None = None,
    payload: dict[str, Any] | None = None,
) -> Job:
    """Records a queued job; it reaches the queue only if the request's transaction commits."""
    job = repository.add(
        session, Job(owner_id=owner_id, kind=kind, subject_id=subject_id, payload=payload or {})
    )
    job_id = job.id
    on_commit(session, lambda: runner.enqueue(job_id))
    return job


def get_job(session: Session, user: User, job_id: str) -> Job:
    job = repository.get_owned(session, user.id, job_id)
    if job is None:
        raise JobNotFoundError()
    return job


def cancel_job(session: Session, user: User, job_id: str) -> Job:
    """Asks the caller's job to stop. A queued job ends at once; a running one stops at its
    handler's next check (between slides or batches) and ends `cancelled` with what it finished
    in `result`; a handler without checks (thumbnail rendering) runs to its end. The flag is in
    the row, so it reaches a job running in any process. An ended job: `job_finished`."""
    job = get_job(session, user, job_id)
    if not repository.request_cancel(session, job.id, utcnow()):
        session.refresh(job)
        raise JobFinishedError(status=job.status)
    session.refresh(job)
    return job


def queued_job(session: Session, subject_id: str, kind: str) -> Job | None:
    """A job of `kind` on `subject_id` that no worker has taken yet; it stays untaken until the
    caller's transaction ends, so it reads what that transaction wrote."""
    return repository.queued_for_subject(session, subject_id, kind)


def queue_is_busy(session: Session, waiting: int) -> bool:
    """Whether more than `waiting` jobs wait for a worker: work that only saves time later
    (a file built ahead of its export) is better left out than queued behind."""
    return repository.queued_more_than(session, waiting)


def forget_finished_jobs(session: Session, subject_id: str, kind: str) -> None:
    """Deletes the ended jobs of `kind` on `subject_id` (internal work nobody follows)."""
    repository.delete_finished_for_subject(session, subject_id, kind)


def latest_owned_job(session: Session, owner_id: str, subject_id: str, kind: str) -> Job | None:
    return repository.latest_owned_for_subject(session, owner_id, subject_id, kind)


def recent_jobs(session: Session, subject_id: str, kind: str, limit: int = 20) -> Sequence[Job]:
    """The subject's latest jobs of a kind, newest first."""
    return repository.recent_for_subject(session, subject_id, kind, limit)


def latest_job(session: Session, subject_id: str, kind: str) -> Job | None:
    return repository.latest_for_subject(session, subject_id, kind)
