from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from slidewright.jobs.runner import JobRunner


def get_job_runner(request: Request) -> JobRunner:
    return request.app.state.services.jobs  # type: ignore[no-any-return]


JobRunnerDep = Annotated[JobRunner, Depends(get_job_runner)]
