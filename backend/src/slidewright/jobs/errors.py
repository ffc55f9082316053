from slidewright.core.errors import ConflictError, NotFoundError


class JobNotFoundError(NotFoundError):
    code = "job_not_found"
    en = "Job not found."
    zh = "任务不存在。"


class JobFinishedError(ConflictError):
    """Cancel asked of a job that has already ended (`details.status`: how it ended)."""

    code = "job_finished"
    en = "This job has already finished, so there is nothing to cancel."
    zh = "此任务已经结束，无需取消。"
