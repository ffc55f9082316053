"""Background work for templates: rendering slide thumbnails with LibreOffice."""

from __future__ import annotations

from typing import Any

from slidewright.jobs.registry import job_handler
from slidewright.jobs.runner import JobContext
from slidewright.pptx_engine.render import RenderError, RenderTimeout, RenderUnavailable
from slidewright.templates import repository
from slidewright.templates.errors import (
    RenderFailedError,
    RenderTimeoutError,
    RenderUnavailableError,
)
from slidewright.templates.models import THUMB_MANUAL, THUMB_RENDERED, PptxFile
from slidewright.templates.service import RENDER_JOB, thumbnail_key


def _render(services: Any, source: bytes, slides: list[int]) -> list[bytes]:
    """The renderer's failures as typed errors the UI can translate."""
    try:
        images: list[bytes] = services.renderer.render(
            source, slides=slides, timeout_s=services.settings.render_timeout_seconds
        )
    except RenderTimeout as exc:
        raise RenderTimeoutError() from exc
    except RenderUnavailable as exc:
        raise RenderUnavailableError() from exc
    except RenderError as exc:
        raise RenderFailedError(reason=exc.message) from exc
    return images


@job_handler(RENDER_JOB)
def render_thumbnails(ctx: JobContext, payload: dict[str, Any]) -> dict[str, Any]:
    """Renders the requested slides (all by default) to 640x360 JPEGs in the blob store.

    Manual thumbnails are kept unless the job was started with `force` (Reset thumbnail).
    """
    services = ctx.services
    with ctx.session_factory() as session:
        pptx_file = repository.get(session, payload["fileId"])
        if pptx_file is None:  # deleted while queued: nothing to do
            return {"rendered": []}
        source = services.blobs.get(pptx_file.source_key)
        manual = {int(n) for n, how in pptx_file.thumbnails.items() if how == THUMB_MANUAL}
        wanted = payload.get("slides") or list(range(1, pptx_file.slide_count + 1))
        if not payload.get("force"):
            wanted = [n for n in wanted if n not in manual]
        owner_id, file_id = pptx_file.owner_id, pptx_file.id
    if not wanted:
        return {"rendered": []}
    ctx.progress(5)
    images = _render(services, source, wanted)
    ctx.progress(80)
    stub = PptxFile(id=file_id, owner_id=owner_id)
    for number, image in zip(wanted, images, strict=True):
        services.blobs.put(thumbnail_key(stub, number), image, content_type="image/jpeg")
    with ctx.session_factory.begin() as session:
        pptx_file = repository.get(session, file_id)
        if pptx_file is not None:
            thumbnails = dict(pptx_file.thumbnails)
            thumbnails.update({str(n): THUMB_RENDERED for n in wanted})
            pptx_file.thumbnails = thumbnails
    return {"rendered": wanted}
