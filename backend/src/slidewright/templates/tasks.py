"""Background work for templates: rendering slide thumbnails with LibreOffice."""

from __future__ import annotations

from typing import Any

from slidewright.jobs.registry import job_handler
from slidewright.jobs.runner import JobContext
from slidewright.templates import repository
from slidewright.templates.models import THUMB_RENDERED, PptxFile
from slidewright.templates.service import (
    RENDER_JOB,
    put_thumbnails,
    render_slides,
    slides_to_render,
    thumbnail_key,
)


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
        wanted = slides_to_render(
            pptx_file.thumbnails,
            pptx_file.slide_count,
            payload.get("slides"),
            force=bool(payload.get("force")),
        )
        owner_id, file_id = pptx_file.owner_id, pptx_file.id
        referenced = {thumbnail_key(pptx_file, int(n)) for n in pptx_file.thumbnails}
    if not wanted:
        return {"rendered": []}
    ctx.progress(5)
    images = render_slides(services, source, wanted)
    ctx.progress(80)
    stub = PptxFile(id=file_id, owner_id=owner_id)
    keyed = [(thumbnail_key(stub, n), image) for n, image in zip(wanted, images, strict=True)]
    put_thumbnails(services, keyed, referenced=referenced)
    with ctx.session_factory.begin() as session:
        pptx_file = repository.get(session, file_id)
        if pptx_file is not None:
            thumbnails = dict(pptx_file.thumbnails)
            thumbnails.update({str(n): THUMB_RENDERED for n in wanted})
            pptx_file.thumbnails = thumbnails
    return {"rendered": wanted}
