"""`slidewright doctor`: the database and the blob store checked against each other.

Uploads write the blob first and commit the row after it, and deletions commit the row first
and remove the blobs after it, so a process killed at any moment leaves at worst *unreferenced*
blobs (written, never committed; or a committed deletion whose blobs were not removed yet), and
on local disk a half-written staging file (`<key>#<n>`, never visible through the API). A row
pointing at a missing blob only comes from outside: files removed by hand, a database restored
from another moment than the blobs.

The doctor reports both and, with `repair`, fixes what it can without losing user data silently:

- unreferenced blobs and staging files older than a grace period (1 hour by default) are
  deleted. Younger ones are left alone: a writer puts its blob a moment before it commits the
  row that references it, and the doctor must not take a blob out from under it.
- a missing *derived* blob (a rendered or uploaded thumbnail, a slide preview) is forgotten in
  its row: the app shows "no thumbnail" and renders it again on request (previews by
  themselves). The report names uploaded thumbnails, whose pictures are gone for good.
- a material whose original file is missing keeps its text (what search and the AI use) and
  drops the reference to the original.
- an image whose bytes are missing is deleted: nothing of it is left to show or export; the
  report names it (owner, file name).
- a template or library file whose presentation is missing is only reported: projects and
  Templates depend on the row, and restoring the blob from a backup brings it back whole.
  Deleting it is the owner's decision, in the app.

Previews are a cache keyed by content: any preview blob of a project that still exists (also
in the trash) counts as referenced, so an undo finds its picture still there. Keys outside the
kinds below (another application's objects in a shared bucket) are reported, never deleted.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from sqlalchemy import delete, select
from sqlalchemy.orm import Session, sessionmaker

from slidewright.files.models import UploadedFile
from slidewright.files.service import thumbnail_key as file_thumbnail_key
from slidewright.images.models import Image
from slidewright.materials.models import Material
from slidewright.previews.models import READY, SlidePreview
from slidewright.previews.service import preview_key
from slidewright.projects.models import Project
from slidewright.storage import is_app_key
from slidewright.storage.obstore_store import BlobEntry, LocalBlobStore, ObstoreBlobStore
from slidewright.templates.models import THUMB_MANUAL, PptxFile
from slidewright.templates.service import thumbnail_key as template_thumbnail_key

DEFAULT_GRACE = timedelta(hours=1)

# What `repair` does about a row whose blob is missing.
FORGET = "forget"  # a derived blob: drop it from the row; it is rendered again on request
DROP_ORIGINAL = "drop_original"  # a material: keep the text, forget the original file
DELETE_ROW = "delete_row"  # nothing of the row is left to show (a preview row)
RESTORE = "restore"  # report only: restore the blob from a backup (or delete in the app)


@dataclass(frozen=True)
class MissingBlob:
    """A row pointing at a blob the store does not have."""

    table: str
    row_id: str
    owner_id: str
    name: str
    role: str  # source | converted | thumbnail | manual_thumbnail | original | image | preview
    key: str
    remedy: str
    slide: str | None = None  # the thumbnail's slide number, or the preview's slide id


@dataclass
class Findings:
    cutoff: datetime  # blobs last written before it are past the grace period
    stored: int = 0
    stray: list[BlobEntry] = field(default_factory=list)  # unreferenced, older than the grace
    recent_stray: list[BlobEntry] = field(default_factory=list)  # unreferenced, left alone
    staging: list[BlobEntry] = field(default_factory=list)  # half-written, older than the grace
    recent_staging: list[BlobEntry] = field(default_factory=list)
    unknown: list[str] = field(default_factory=list)  # keys of no Slidewright kind
    missing: list[MissingBlob] = field(default_factory=list)

    @property
    def leftovers(self) -> int:
        """Blobs and files nobody references, whatever their age."""
        return (
            len(self.stray) + len(self.recent_stray) + len(self.staging) + len(self.recent_staging)
        )

    @property
    def needs_attention(self) -> bool:
        return bool(self.stray or self.staging or self.missing)


@dataclass
class Repairs:
    deleted_blobs: int = 0
    deleted_staging: int = 0
    fixed_rows: list[MissingBlob] = field(default_factory=list)
    left_for_the_operator: list[MissingBlob] = field(default_factory=list)


# ---------------------------------------------------------------------------- references


@dataclass
class _References:
    by_key: dict[str, list[MissingBlob]] = field(default_factory=lambda: defaultdict(list))
    preview_folders: set[str] = field(default_factory=set)  # previews/{owner}/{project}

    def add(self, blob: MissingBlob) -> None:
        self.by_key[blob.key].append(blob)


def _template_refs(session: Session) -> Iterator[MissingBlob]:
    rows = session.execute(
        select(
            PptxFile.id,
            PptxFile.owner_id,
            PptxFile.filename,
            PptxFile.source_key,
            PptxFile.thumbnails,
        )
    )
    for row_id, owner_id, name, source_key, thumbnails in rows:
        yield MissingBlob("pptx_files", row_id, owner_id, name, "source", source_key, RESTORE)
        stub = PptxFile(id=row_id, owner_id=owner_id)
        for number, how in (thumbnails or {}).items():
            key = template_thumbnail_key(stub, int(number))
            yield MissingBlob(
                "pptx_files", row_id, owner_id, name, _thumb_role(how), key, FORGET, number
            )


def _file_refs(session: Session) -> Iterator[MissingBlob]:
    rows = session.execute(
        select(
            UploadedFile.id,
            UploadedFile.owner_id,
            UploadedFile.name,
            UploadedFile.source_key,
            UploadedFile.converted_key,
            UploadedFile.thumbnails,
        )
    )
    for row_id, owner_id, name, source_key, converted_key, thumbnails in rows:
        yield MissingBlob("uploaded_files", row_id, owner_id, name, "source", source_key, RESTORE)
        if converted_key:
            yield MissingBlob(
                "uploaded_files", row_id, owner_id, name, "converted", converted_key, RESTORE
            )
        stub = UploadedFile(id=row_id, owner_id=owner_id)
        for number, how in (thumbnails or {}).items():
            key = file_thumbnail_key(stub, int(number))
            yield MissingBlob(
                "uploaded_files", row_id, owner_id, name, _thumb_role(how), key, FORGET, number
            )


def _thumb_role(how: str) -> str:
    return "manual_thumbnail" if how == THUMB_MANUAL else "thumbnail"


def _image_refs(session: Session) -> Iterator[MissingBlob]:
    rows = session.execute(select(Image.id, Image.owner_id, Image.filename, Image.blob_key))
    for row_id, owner_id, name, key in rows:
        # Report only: the picture may sit in projects, and when the database was restored
        # from another moment than the files, restoring the files brings it back whole.
        yield MissingBlob("images", row_id, owner_id, name, "image", key, RESTORE)


def _material_refs(session: Session) -> Iterator[MissingBlob]:
    rows = session.execute(
        select(Material.id, Material.owner_id, Material.filename, Material.blob_key).where(
            Material.blob_key.is_not(None)
        )
    )
    for row_id, owner_id, name, key in rows:
        if key:  # typed-in text has no original file
            yield MissingBlob("materials", row_id, owner_id, name, "original", key, DROP_ORIGINAL)


def _preview_refs(session: Session, refs: _References) -> Iterator[MissingBlob]:
    projects = {
        project_id: owner_id
        for project_id, owner_id in session.execute(select(Project.id, Project.owner_id))
    }
    for project_id, project_owner in projects.items():
        refs.preview_folders.add(f"previews/{project_owner}/{project_id}")
    rows = session.execute(
        select(
            SlidePreview.project_id,
            SlidePreview.slide_id,
            SlidePreview.status,
            SlidePreview.content_hash,
            SlidePreview.ready_hash,
        )
    )
    for project_id, slide_id, status, content_hash, ready_hash in rows:
        owner_id = projects.get(project_id)
        if owner_id is None:
            continue
        stub = Project(id=project_id, owner_id=owner_id)
        shown: set[str] = {content_hash} if status == READY else set()
        if ready_hash:
            shown.add(ready_hash)
        for content in sorted(shown):
            yield MissingBlob(
                "slide_previews",
                project_id,
                owner_id,
                slide_id,
                "preview",
                preview_key(stub, content),
                DELETE_ROW,
                slide_id,
            )


def _references(session: Session) -> _References:
    refs = _References()
    for source in (_template_refs, _file_refs, _image_refs, _material_refs):
        for blob in source(session):
            refs.add(blob)
    for blob in _preview_refs(session, refs):
        refs.add(blob)
    return refs


def _is_referenced(key: str, refs: _References) -> bool | None:
    """True or False for a Slidewright key; None for a key of no known kind."""
    if not is_app_key(key):
        return None
    parts = key.split("/")
    if parts[0] == "previews":
        return "/".join(parts[:3]) in refs.preview_folders
    return key in refs.by_key


# ---------------------------------------------------------------------------- examine


def examine(
    session_factory: sessionmaker[Session],
    blobs: ObstoreBlobStore,
    *,
    grace: timedelta = DEFAULT_GRACE,
    now: datetime | None = None,
) -> Findings:
    """Compares the store with the database; changes nothing.

    The blobs are listed before the rows are read: a blob written after the listing is not
    judged at all, and a row committed after its blob was listed is seen as referencing it.
    """
    cutoff = (now or datetime.now(UTC)) - grace
    entries = blobs.entries("")
    staging = blobs.staging_files() if isinstance(blobs, LocalBlobStore) else []
    with session_factory() as session:
        refs = _references(session)
    findings = Findings(cutoff=cutoff, stored=len(entries))
    listed = {entry.key for entry in entries}
    for entry in entries:
        referenced = _is_referenced(entry.key, refs)
        if referenced is None:
            findings.unknown.append(entry.key)
        elif not referenced:
            (findings.stray if entry.modified < cutoff else findings.recent_stray).append(entry)
    for entry in staging:
        (findings.staging if entry.modified < cutoff else findings.recent_staging).append(entry)
    candidates = [blob for key, rows in refs.by_key.items() if key not in listed for blob in rows]
    findings.missing = _confirm_missing(session_factory, blobs, candidates)
    return findings


def _confirm_missing(
    session_factory: sessionmaker[Session], blobs: ObstoreBlobStore, candidates: list[MissingBlob]
) -> list[MissingBlob]:
    """Of the rows whose blob was not listed, those that still reference it, now that it is
    still missing (a row and its blob committed between the listing and the query, or a row
    deleted meanwhile, are no finding)."""
    if not candidates:
        return []
    with session_factory() as session:
        current = _references(session)
    confirmed = []
    for blob in candidates:
        if blob in current.by_key.get(blob.key, []) and not blobs.exists(blob.key):
            confirmed.append(blob)
    return confirmed


# ---------------------------------------------------------------------------- repair


def repair(
    session_factory: sessionmaker[Session], blobs: ObstoreBlobStore, findings: Findings
) -> Repairs:
    """Applies the fixes described in the module docstring to what `examine` found."""
    repairs = Repairs()
    for entry in findings.stray:
        current = blobs.entry(entry.key)
        if current is None or current.modified >= findings.cutoff:
            continue  # gone, or written again since it was listed: a writer is using the key
        blobs.delete(entry.key)
        repairs.deleted_blobs += 1
    if isinstance(blobs, LocalBlobStore):
        for entry in findings.staging:
            blobs.delete_staging(entry.key)
            repairs.deleted_staging += 1
    with session_factory.begin() as session:
        for blob in findings.missing:
            if blob.remedy == RESTORE:
                repairs.left_for_the_operator.append(blob)
            elif _fix_row(session, blob):
                repairs.fixed_rows.append(blob)
    return repairs


def _fix_row(session: Session, blob: MissingBlob) -> bool:
    if blob.remedy == FORGET:
        row: PptxFile | UploadedFile | None = (
            session.get(PptxFile, blob.row_id)
            if blob.table == "pptx_files"
            else session.get(UploadedFile, blob.row_id)
        )
        if row is None or blob.slide not in row.thumbnails:
            return False
        row.thumbnails = {n: how for n, how in row.thumbnails.items() if n != blob.slide}
        return True
    if blob.remedy == DROP_ORIGINAL:
        material = session.get(Material, blob.row_id)
        if material is None or material.blob_key != blob.key:
            return False
        material.blob_key = None
        return True
    gone = session.execute(
        delete(SlidePreview).where(
            SlidePreview.project_id == blob.row_id, SlidePreview.slide_id == blob.slide
        )
    )
    return bool(getattr(gone, "rowcount", 0))


# ---------------------------------------------------------------------------- report

_WHAT = {
    "source": "its presentation",
    "converted": "its PPTX conversion",
    "thumbnail": "the thumbnail of slide {slide}",
    "manual_thumbnail": "the uploaded thumbnail of slide {slide}",
    "original": "its original file",
    "image": "its picture",
    "preview": "the preview of slide {slide}",
}
_DONE = {
    FORGET: "forgotten: it is rendered again on request",
    DROP_ORIGINAL: "the text is kept, the original file is forgotten",
    DELETE_ROW: "the row was deleted",
    RESTORE: "left as is: restore the blob from a backup, or delete it in the app",
}
_TODO = {
    FORGET: "--fix forgets it (rendered again on request)",
    DROP_ORIGINAL: "--fix keeps the text and forgets the original file",
    DELETE_ROW: "--fix deletes the row",
    RESTORE: "restore the blob from a backup, or delete it in the app",
}


def describe(findings: Findings, repairs: Repairs | None, grace: timedelta) -> list[str]:
    """The report `slidewright doctor` prints, one line each."""
    age = f"older than {_duration(grace)}"
    lines = [
        f"{findings.stored} blobs stored; {len(findings.unknown)} of no Slidewright kind "
        "(left alone)",
        f"unreferenced blobs {age}: {len(findings.stray)}; more recent ones (left alone, a "
        f"writer may be about to reference them): {len(findings.recent_stray)}",
    ]
    if findings.staging or findings.recent_staging:
        lines.append(
            f"half-written uploads {age}: {len(findings.staging)}; more recent (left alone): "
            f"{len(findings.recent_staging)}"
        )
    lines.append(f"rows pointing at a missing blob: {len(findings.missing)}")
    for blob in findings.missing:
        what = _WHAT[blob.role].format(slide=blob.slide)
        outcome = (_DONE if repairs is not None else _TODO)[blob.remedy]
        lines.append(
            f'  {blob.table} {blob.row_id} "{blob.name}" (owner {blob.owner_id}): {what} '
            f"({blob.key}) is missing; {outcome}"
        )
    if repairs is not None:
        lines.append(
            f"fixed: deleted {repairs.deleted_blobs} unreferenced blobs and "
            f"{repairs.deleted_staging} half-written uploads; repaired {len(repairs.fixed_rows)} "
            f"rows; {len(repairs.left_for_the_operator)} rows need you"
        )
    elif findings.needs_attention:
        lines.append("run `slidewright doctor --fix` to repair what can be repaired")
    return lines


def _duration(grace: timedelta) -> str:
    seconds = int(grace.total_seconds())
    if seconds and seconds % 3600 == 0:
        return f"{seconds // 3600} h"
    if seconds and seconds % 60 == 0:
        return f"{seconds // 60} min"
    return f"{seconds} s"


def as_json(findings: Findings, repairs: Repairs | None) -> dict[str, object]:
    """The same report for scripts (`slidewright doctor --json`)."""
    data: dict[str, object] = {
        "stored": findings.stored,
        "unreferenced": [entry.key for entry in findings.stray],
        "recentUnreferenced": [entry.key for entry in findings.recent_stray],
        "halfWritten": [entry.key for entry in findings.staging],
        "recentHalfWritten": [entry.key for entry in findings.recent_staging],
        "unknown": findings.unknown,
        "missing": [
            {
                "table": blob.table,
                "rowId": blob.row_id,
                "ownerId": blob.owner_id,
                "name": blob.name,
                "role": blob.role,
                "key": blob.key,
                "remedy": blob.remedy,
                "slide": blob.slide,
            }
            for blob in findings.missing
        ],
    }
    if repairs is not None:
        data["repairs"] = {
            "deletedBlobs": repairs.deleted_blobs,
            "deletedHalfWritten": repairs.deleted_staging,
            "fixedRows": len(repairs.fixed_rows),
            "leftForTheOperator": len(repairs.left_for_the_operator),
        }
    return data
