"""`slidewright backup FILE`: the database first, then every blob, then the data dir's small
files, into one archive, while the app keeps serving.

Why the database comes first: a blob written after the dump is at worst an orphan in the
restored copy (no row points at it; it only takes space). The other order would lose data:
a row saved after the blobs were copied would point at a blob the backup does not have. What
is left is a blob *deleted* during the backup window: its row (from the earlier dump) comes
back without it. Run backups at a quiet hour.
"""

from __future__ import annotations

import io
import os
import tarfile
import tempfile
from datetime import UTC, datetime
from pathlib import Path

from slidewright import __version__
from slidewright.backup.archive import add_file, add_member
from slidewright.backup.deployment import DATA_FILES, Deployment, deployment
from slidewright.backup.errors import BackupError
from slidewright.backup.manifest import (
    BLOB_PREFIX,
    DATA_FILE_PREFIX,
    MANIFEST_MEMBER,
    Entry,
    Manifest,
)
from slidewright.backup.progress import Say, quiet
from slidewright.core.config import Settings
from slidewright.export import cache as export_cache
from slidewright.storage import BlobNotFound, BlobStoreError, InvalidBlobKey, validate_key

PROGRESS_EVERY = 1000  # blobs


def create_backup(settings: Settings, path: Path, *, say: Say = quiet) -> Manifest:
    """Writes the archive to `path` (built aside, renamed into place once complete)."""
    source = deployment(settings)
    path = path.expanduser().absolute()
    if path.exists():
        raise BackupError(
            "archive_exists", f"{path} already exists (a backup never replaces a file)"
        )
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f".{path.name}.partial")
    try:
        # 0600: the archive holds the secret key and every user's files.
        descriptor = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "wb") as raw:
            # copybufsize: fewer, larger reads from the store's streams.
            with tarfile.TarFile(
                fileobj=raw, mode="w", format=tarfile.PAX_FORMAT, copybufsize=1024 * 1024
            ) as tar:
                manifest = _write(tar, source, path.parent, say)
            raw.flush()
            os.fsync(raw.fileno())
        os.replace(partial, path)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    _sync_folder(path.parent)
    return manifest


def _write(tar: tarfile.TarFile, source: Deployment, scratch_dir: Path, say: Say) -> Manifest:
    database = source.database
    say(f"database ({database.kind})")
    # The dump is made aside (next to the archive: /tmp may be small), then copied in.
    with tempfile.TemporaryDirectory(prefix=".slidewright-backup-", dir=scratch_dir) as scratch:
        dump = Path(scratch) / database.member
        info = database.dump(dump)
        database_entry = add_file(tar, database.member, dump)

    say(f"blobs ({source.store.description})")
    blobs, skipped = _add_blobs(tar, source, say)

    data_files = []
    for name in DATA_FILES:
        file = source.data_dir / name
        if file.is_file():
            entry = add_file(tar, DATA_FILE_PREFIX + name, file)
            data_files.append(Entry(name=name, size=entry.size, sha256=entry.sha256))

    manifest = Manifest(
        app_version=__version__,
        created_at=datetime.now(UTC).isoformat(timespec="seconds"),
        database_kind=database.kind,
        database=database_entry,
        alembic_revision=info.alembic_revision,
        storage_kind=source.storage_kind,
        table_counts=info.table_counts,
        blobs=blobs,
        data_files=data_files,
        skipped_keys=skipped,
        pg_dump_major=info.pg_dump_major,
    )
    document = manifest.to_json()
    add_member(tar, MANIFEST_MEMBER, io.BytesIO(document), len(document))
    say(f"{len(blobs)} blobs, {sum(blob.size for blob in blobs)} bytes")
    return manifest


def _add_blobs(tar: tarfile.TarFile, source: Deployment, say: Say) -> tuple[list[Entry], list[str]]:
    blobs: list[Entry] = []
    skipped: list[str] = []
    try:
        for key in source.store.iter_keys():
            if export_cache.is_cache_key(key):
                continue  # a kept export: rebuilt from the project when asked for
            try:
                validate_key(key)
            except InvalidBlobKey:
                # A file someone put into the storage folder by hand: not the app's.
                say(f"skipped {key!r}: not a blob key")
                skipped.append(key)
                continue
            try:
                blob = source.store.open(key)
            except BlobNotFound:
                continue  # deleted since it was listed
            copied = add_member(tar, BLOB_PREFIX + key, blob, blob.size)
            blobs.append(Entry(key, copied.size, copied.sha256, blob.content_type))
            if len(blobs) % PROGRESS_EVERY == 0:
                say(f"{len(blobs)} blobs...")
    except BlobStoreError as exc:
        raise BackupError("storage_failed", f"reading the storage failed: {exc}") from exc
    return blobs, skipped


def _sync_folder(folder: Path) -> None:
    """The rename itself survives a power cut only once the folder is synced."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)
