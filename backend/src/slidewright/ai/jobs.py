"""Background AI work: Generate All Missing slide descriptions of a template."""

from __future__ import annotations

from typing import Any

from slidewright.ai import service
from slidewright.ai.providers.offline import offline_provider
from slidewright.core.errors import AppError
from slidewright.jobs.registry import job_handler
from slidewright.jobs.runner import JobCancelled, JobContext
from slidewright.templates.models import PptxFile


@job_handler(service.DESCRIBE_MISSING_JOB)
def describe_missing_slides(ctx: JobContext, payload: dict[str, Any]) -> dict[str, Any]:
    """Describes the slides in `payload['slides']`, a few per provider call, with progress.

    The result holds suggestions only (`descriptions`: slide number -> text); nothing is
    saved until the user accepts them. Each call has its own deadline; a call that fails
    leaves its slides out (`failedSlides`, with the `error`) and the others go on, so what
    finished is kept: accepting it and running the job again describes only the rest. Only
    when every call fails does the job fail, with the first typed error. `fallbackSlides`
    names the descriptions the offline assistant wrote in the model's place.

    Cancel (`POST /api/jobs/{id}/cancel`) is checked before each call: the job ends
    `cancelled` with the same result so far and `cancelledSlides` (not asked about). A later
    run starts with what a cancelled one found (`payload['resumed']`, `resumedSlides` in the
    result) and asks the model only about the rest. `total` counts both.
    """
    services = ctx.services
    if payload.get("assistant") == "offline":
        services = services.with_ai(offline_provider())
    lang = str(payload.get("lang") or "en")
    numbers = [int(n) for n in payload.get("slides") or []]
    resumed = payload.get("resumed") or {}
    carried = {str(n): str(text) for n, text in (resumed.get("descriptions") or {}).items()}
    result: dict[str, Any] = {"lang": lang, "provider": services.ai.name, "descriptions": {}}
    with ctx.session_factory() as session:
        pptx_file = session.get(PptxFile, payload.get("fileId"))
        if pptx_file is None:  # deleted while queued
            return result
        session.expunge(pptx_file)  # read-only from here: no session needed while the AI works
    numbers = [n for n in numbers if 1 <= n <= pptx_file.slide_count]
    chunks = [
        numbers[i : i + service.DESCRIBE_CHUNK]
        for i in range(0, len(numbers), service.DESCRIBE_CHUNK)
    ]
    found: dict[str, str] = dict(carried)
    failed: list[int] = []
    from_offline: list[int] = [int(n) for n in resumed.get("offlineSlides") or []]
    first_error: AppError | None = None
    total = len(carried) + len(numbers)
    result["total"] = total
    result["resumedSlides"] = sorted(int(n) for n in carried)

    def so_far() -> dict[str, Any]:
        partial = {**result, "descriptions": dict(found), "failedSlides": list(failed)}
        partial["fallbackSlides"] = sorted(set(from_offline))
        if first_error is not None:
            partial["error"] = {
                "errorCode": first_error.code,
                "message": first_error.message(lang),
                "details": first_error.details,
            }
        return partial

    asked = 0
    for index, chunk in enumerate(chunks):
        if ctx.cancel_requested():
            left = [n for rest in chunks[index:] for n in rest]
            raise JobCancelled({**so_far(), "cancelledSlides": left})
        try:
            described, answer = service.describe_template_slides(services, pptx_file, chunk, lang)
        except AppError as exc:
            first_error = first_error or exc
            failed.extend(chunk)
        else:
            found.update({str(n): text for n, text in described.items()})
            from_offline.extend(_completed_offline(answer.fallback_fields, described))
        asked += len(chunk)
        ctx.progress(int((len(carried) + asked) * 100 / total) - 1)
    if first_error is not None and not found:
        raise first_error
    return so_far()


def _completed_offline(fields: list[str], described: dict[int, str]) -> list[int]:
    if "*" in fields:
        return list(described)
    return [int(path.split("/", 1)[1]) for path in fields if path.startswith("slides/")]
