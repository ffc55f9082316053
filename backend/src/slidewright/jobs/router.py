from __future__ import annotations

from fastapi import APIRouter

from slidewright.auth.dependencies import CurrentUser
from slidewright.core.deps import SessionDep
from slidewright.jobs import service
from slidewright.jobs.schemas import JobRead

router = APIRouter(prefix="/jobs", tags=["jobs"])


@router.get("/{job_id}", operation_id="getJob")
def get_job(job_id: str, user: CurrentUser, session: SessionDep) -> JobRead:
    """A background job you started: `status` (queued, running, succeeded, failed,
    cancelled), `progress` (0-100), `errorCode`/`errorMessage` when it failed, and `result`
    (a cancelled job's holds what it finished before it stopped).

    Errors: `job_not_found`.
    """
    return JobRead.model_validate(service.get_job(session, user, job_id))


@router.post("/{job_id}/cancel", operation_id="cancelJob")
def cancel_job(job_id: str, user: CurrentUser, session: SessionDep) -> JobRead:
    """Stop a background job you started. A queued job is `cancelled` at once; a running one
    gets `cancelRequestedAt` and stops at its next check (between slides or batches), ending
    `cancelled` with what it finished in `result` (Generate All Missing: the descriptions
    written so far; running it again describes only the rest). Follow it with
    `GET /api/jobs/{id}`. Another user's job is 404, like `GET`.

    Errors: `job_not_found`, `job_finished` (409: it already ended; `details.status`).
    """
    return JobRead.model_validate(service.cancel_job(session, user, job_id))
