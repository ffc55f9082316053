"""Background work for files: rendering slide thumbnails, the same way templates do."""

from __future__ import annotations

from typing import Any

from slidewright.files import repository
from slidewright.files.models import THUMB_MANUAL, THUMB_RENDERED
from slidewright.files.service import RENDER_JOB, thumbnail_key
from slidewright.jobs.registry import job_handler
from slidewright.jobs.runner import JobContext
from slidewright.templates import service as templates_service


@job_handler(RENDER_JOB)
def render_thumbnails(ctx: JobContext, payload: dict[str, Any]) -> dict[str, Any]:
    """Renders every slide of the file's .pptx (the Keynote conversion for .key files) to
    640x360 JPEGs; uploaded thumbnails are kept unless the job was started with `force`."""
    services = ctx.services
    force = bool(payload.get("force"))
    with ctx.session_factory() as session:
        uploaded = repository.get_file(session, payload["fileId"])
        if uploaded is None:  # deleted while queued: nothing to do
            return {"rendered": []}
        source = services.blobs.get(uploaded.pptx_key)
        wanted = templates_service.slides_to_render(
            uploaded.thumbnails, uploaded.slide_count, payload.get("slides"), force=force
        )
    if not wanted:
        return {"rendered": []}
    ctx.progress(5)
    images = templates_service.render_slides(services, source, wanted)
    ctx.progress(80)
    rendered = []
    with ctx.session_factory.begin() as session:
        uploaded = repository.get_file(session, payload["fileId"])
        if uploaded is None:
            return {"rendered": []}
        thumbnails = dict(uploaded.thumbnails)
        keyed = []
        for number, image in zip(wanted, images, strict=True):
            # An image uploaded while this job ran wins over the rendered one.
            if thumbnails.get(str(number)) == THUMB_MANUAL and not force:
                continue
            keyed.append((thumbnail_key(uploaded, number), image))
            rendered.append(number)
        referenced = {thumbnail_key(uploaded, int(n)) for n in thumbnails}
        templates_service.put_thumbnails(services, keyed, referenced=referenced)
        thumbnails.update({str(number): THUMB_RENDERED for number in rendered})
        uploaded.thumbnails = thumbnails
    return {"rendered": rendered}
