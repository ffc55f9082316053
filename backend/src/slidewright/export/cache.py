"""Exported files, kept: exporting a project that has not changed reads the file built last time
instead of building the same deck again (building one takes tens to hundreds of milliseconds).

A file is named by the sha256 of everything the fill reads (`deck_digest`): the template's
source file (its blob key: a template's source is written once, a new upload is a new template),
the deck spec built from the project and its images (slides, values, locks, notes, language; a
picture by the hash of its bytes and its alt text) and the code that builds decks. Any change to
one of those changes the name, so a stale deck is never served; the project's version is not
needed (a save that changes nothing the file shows finds the same file).

The preflight, which builds the very same file to check it, keeps it too: the UI checks, then
exports, and the export reads what the check built.

One file per project: storing a new one removes the project's others, so the cache never holds
more than one deck per project. The files live in the project's render folder,
`previews/{ownerId}/{projectId}/export/`, through the blob store (local disk or S3): they go
with the project when it is deleted for good (`previews.service.forget_project`), and
`slidewright doctor` counts them as the project's. The cache is only ever an optimisation: a
file that cannot be read or written is built (or served) as if there were no cache.
"""

from __future__ import annotations

import functools
import hashlib
import json
import logging
from pathlib import Path
from typing import Any

from slidewright import __version__
from slidewright.pptx_engine.deck_spec import (
    ChartValue,
    DeckSpec,
    PictureValue,
    TableValue,
    TextValue,
    Value,
)
from slidewright.projects.models import Project
from slidewright.storage.blobstore import BlobStore, BlobStoreError, make_key
from slidewright.templates.models import PptxFile

log = logging.getLogger("slidewright.export")

# Bump to drop every kept file when what a deck looks like changes outside the hashed code.
EXPORT_CACHE_VERSION = 1
_FOLDER = "export"
_PPTX = "application/vnd.openxmlformats-officedocument.presentationml.presentation"


@functools.cache
def code_fingerprint() -> str:
    """A hash of the code that turns a spec into a file (the PPTX engine): an upgrade, even
    between development builds, never serves a deck an older fill built."""
    engine = Path(__file__).resolve().parent.parent / "pptx_engine"
    digest = hashlib.sha256(f"{EXPORT_CACHE_VERSION}:{__version__}".encode())
    for path in sorted(engine.glob("*.py")):
        try:
            digest.update(path.name.encode() + b"\0" + path.read_bytes())
        except OSError:  # an install without sources: the package version stands in
            continue
    return digest.hexdigest()


def _value_facts(value: Value) -> list[Any]:
    if isinstance(value, TextValue):
        return ["text", value.text, value.link]
    if isinstance(value, PictureValue):
        return ["picture", hashlib.sha256(value.data).hexdigest(), value.alt]
    if isinstance(value, TableValue):
        return ["table", [list(row) for row in value.rows]]
    if isinstance(value, ChartValue):
        series = [[s.name, list(s.values)] for s in value.series]
        return ["chart", list(value.categories), series]
    raise TypeError(f"unknown value {type(value).__name__}")  # a new kind must be hashed too


def deck_digest(template: PptxFile, spec: DeckSpec) -> str:
    """sha256 (hex) of the inputs of `fill_deck(source of template, spec)`."""
    facts = {
        "code": code_fingerprint(),
        "template": [template.id, template.source_key],
        "lang": spec.lang,
        "removeUnfilledSampleText": spec.remove_unfilled_sample_text,
        "slides": [
            {
                "templateSlide": slide.template_slide,
                "values": {name: _value_facts(v) for name, v in sorted(slide.values.items())},
                "locked": sorted(slide.locked),
                "notes": slide.notes,
            }
            for slide in spec.slides
        ],
    }
    canonical = json.dumps(facts, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def _folder(project: Project) -> str:
    return f"previews/{project.owner_id}/{project.id}/{_FOLDER}"


def is_cache_key(key: str) -> bool:
    """Whether a blob key is a kept export (rebuilt on demand: backups leave it out)."""
    parts = key.split("/")
    return len(parts) == 5 and parts[0] == "previews" and parts[3] == _FOLDER


def cache_key(project: Project, digest: str) -> str:
    return make_key("previews", project.owner_id, project.id, f"{_FOLDER}/{digest}.pptx")


def read(blobs: BlobStore, project: Project, digest: str) -> bytes | None:
    """The file kept under `digest`, or None (none kept, or the store failed)."""
    try:
        return blobs.get(cache_key(project, digest))
    except BlobStoreError:  # BlobNotFound included
        return None


def is_kept(blobs: BlobStore, project: Project, digest: str) -> bool:
    """Whether the file for `digest` is kept (False when the store cannot tell)."""
    try:
        return blobs.exists(cache_key(project, digest))
    except BlobStoreError:
        return False


def store(blobs: BlobStore, project: Project, digest: str, data: bytes) -> None:
    """Keeps `data` as the project's exported file, replacing the one kept before."""
    key = cache_key(project, digest)
    try:
        blobs.put(key, data, content_type=_PPTX)
        for old in blobs.list(_folder(project)):
            if old != key:
                blobs.delete(old)
    except BlobStoreError as exc:  # a full disk, say: the export itself still succeeds
        log.warning("export cache: keeping %s failed: %s", key, exc)
