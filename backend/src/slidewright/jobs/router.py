from __future__ import annotations

from fastapi import APIRouter

from slidewright.auth.dependencies import CurrentUser
from slidewright.core.deps import SessionDep
from slidewright.jobs import service
from slidewright.jobs.schemas import JobRead

router = APIRouter(prefix="/jobs", tags=["jobs"])


@router.get("/{job_id}", operation_id="getJob")
def get_job(job_id: str, user: CurrentUser, session: SessionDep) -> JobRead:
    """A background job you started: `status` (queued, running, succeeded, failed),
    `progress` (0-100), and `errorCode`/`errorMessage` when it failed."""
    return JobRead.model_validate(service.get_job(session, user, job_id))
