from slidewright.core.errors import NotFoundError


class JobNotFoundError(NotFoundError):
    code = "job_not_found"
    en = "Job not found."
    zh = "任务不存在。"
