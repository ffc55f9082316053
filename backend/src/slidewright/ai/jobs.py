"""Background AI work: Generate All Missing slide descriptions of a template."""

from __future__ import annotations

from typing import Any

from slidewright.ai import service
from slidewright.jobs.registry import job_handler
from slidewright.jobs.runner import JobContext
from slidewright.templates.models import PptxFile


@job_handler(service.DESCRIBE_MISSING_JOB)
def describe_missing_slides(ctx: JobContext, payload: dict[str, Any]) -> dict[str, Any]:
    """Describes the slides in `payload['slides']`, a few per provider call, with progress.

    The result holds suggestions only (`descriptions`: slide number -> text); nothing is
    saved until the user accepts them. A failed call fails the job with its typed error.
    """
    lang = str(payload.get("lang") or "en")
    numbers = [int(n) for n in payload.get("slides") or []]
    result: dict[str, Any] = {"lang": lang, "provider": ctx.services.ai.name, "descriptions": {}}
    with ctx.session_factory() as session:
        pptx_file = session.get(PptxFile, payload.get("fileId"))
        if pptx_file is None or not numbers:  # deleted while queued, or nothing missing
            return result
        session.expunge(pptx_file)  # read-only from here: no session needed while the AI works
    numbers = [n for n in numbers if 1 <= n <= pptx_file.slide_count]
    chunks = [
        numbers[i : i + service.DESCRIBE_CHUNK]
        for i in range(0, len(numbers), service.DESCRIBE_CHUNK)
    ]
    found: dict[str, str] = {}
    for done, chunk in enumerate(chunks, start=1):
        described = service.describe_template_slides(ctx.services, pptx_file, chunk, lang)
        found.update({str(n): text for n, text in described.items()})
        ctx.progress(int(done * 100 / len(chunks)) - 1)
    result["descriptions"] = found
    return result
