from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import CursorResult, delete, select, update
from sqlalchemy.orm import Session

from slidewright.jobs.models import CANCELLED, FINISHED, QUEUED, RUNNING, Job


def get_owned(session: Session, owner_id: str, job_id: str) -> Job | None:
    job = session.get(Job, job_id)
    return job if job is not None and job.owner_id == owner_id else None


def latest_for_subject(session: Session, subject_id: str, kind: str) -> Job | None:
    query = (
        select(Job)
        .where(Job.subject_id == subject_id, Job.kind == kind)
        .order_by(Job.created_at.desc(), Job.id.desc())
        .limit(1)
    )
    return session.scalar(query)


def latest_owned_for_subject(
    session: Session, owner_id: str, subject_id: str, kind: str
) -> Job | None:
    query = (
        select(Job)
        .where(Job.owner_id == owner_id, Job.subject_id == subject_id, Job.kind == kind)
        .order_by(Job.created_at.desc(), Job.id.desc())
        .limit(1)
    )
    return session.scalar(query)


def queued_for_subject(session: Session, subject_id: str, kind: str) -> Job | None:
    """A queued job of `kind` on `subject_id`, locked until the caller's transaction ends
    (PostgreSQL; SQLite's writer holds the whole database anyway): a worker's claim of it waits
    for that commit, so the job reads what the caller wrote."""
    query = (
        select(Job)
        .where(Job.subject_id == subject_id, Job.kind == kind, Job.status == QUEUED)
        .limit(1)
        .with_for_update()
    )
    return session.scalar(query)


def queued_more_than(session: Session, count: int) -> bool:
    """Whether more than `count` jobs wait for a worker (reads at most count + 1 index rows)."""
    query = select(Job.id).where(Job.status == QUEUED).offset(count).limit(1)
    return session.scalar(query) is not None


def delete_finished_for_subject(session: Session, subject_id: str, kind: str) -> None:
    session.execute(
        delete(Job).where(Job.subject_id == subject_id, Job.kind == kind, Job.status.in_(FINISHED))
    )


def request_cancel(session: Session, job_id: str, now: datetime) -> bool:
    """Compare-and-set: a queued job is cancelled at once (no worker will claim it), a running
    one is marked for its handler to stop at its next check. False when it had already ended."""
    queued: CursorResult[Any] = session.execute(  # type: ignore[assignment]
        update(Job)
        .where(Job.id == job_id, Job.status == QUEUED)
        .values(status=CANCELLED, cancel_requested_at=now)
    )
    if queued.rowcount:
        return True
    running: CursorResult[Any] = session.execute(  # type: ignore[assignment]
        update(Job).where(Job.id == job_id, Job.status == RUNNING).values(cancel_requested_at=now)
    )
    return bool(running.rowcount)


def recent_for_subject(session: Session, subject_id: str, kind: str, limit: int) -> Sequence[Job]:
    query = (
        select(Job)
        .where(Job.subject_id == subject_id, Job.kind == kind)
        .order_by(Job.created_at.desc(), Job.id.desc())
        .limit(limit)
    )
    return session.scalars(query).all()


def for_subject(session: Session, subject_id: str) -> Sequence[Job]:
    return session.scalars(select(Job).where(Job.subject_id == subject_id)).all()


def add(session: Session, job: Job) -> Job:
    session.add(job)
    session.flush()
    return job
