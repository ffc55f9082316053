from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import select
from sqlalchemy.orm import Session

from slidewright.jobs.models import Job


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
