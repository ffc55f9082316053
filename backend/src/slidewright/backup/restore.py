"""`slidewright restore FILE`: brings a backup back into an empty deployment (or, with
`force`, over an existing one).

Nothing is written before the whole archive has been checked: the manifest, the kinds, the
schema (a backup from a newer release is refused), the target's emptiness and the sha256 of
every member. Then the database, the blobs and the data dir files go in, and the migrations
bring an older backup's schema up to this release's.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from slidewright import migrate
from slidewright.backup.archive import ArchiveReader
from slidewright.backup.deployment import Deployment, deployment
from slidewright.backup.errors import BackupError
from slidewright.backup.manifest import BLOB_PREFIX, DATA_FILE_PREFIX, Manifest
from slidewright.backup.ownership import give_to_owner_of
from slidewright.backup.progress import Say, quiet
from slidewright.core.config import Settings
from slidewright.storage import BlobStoreError, is_app_key


def restore_backup(
    settings: Settings, path: Path, *, force: bool = False, say: Say = quiet
) -> Manifest:
    target = deployment(settings)
    with ArchiveReader(path.expanduser().absolute()) as archive:
        manifest = archive.manifest
        if manifest.database_kind != target.database.kind:
            raise BackupError(
                "kind_mismatch",
                f"{path} holds a {manifest.database_kind} database but SLIDEWRIGHT_DATABASE_URL "
                f"names {target.database.kind}",
            )
        _check_schema_is_known(manifest, target.database_url, path)
        if not force:
            _refuse_unless_empty(target)
        say(f"checking {len(manifest.blobs)} blobs and the database against their sha256")
        archive.verify()

        say(f"database ({manifest.database_kind}, backed up {manifest.created_at})")
        with tempfile.TemporaryDirectory(
            prefix=".slidewright-restore-", dir=target.data_dir
        ) as tmp:
            dump = Path(tmp) / manifest.database_member
            archive.extract(manifest.database_member, manifest.database, dump)
            target.database.restore(dump, manifest, say)

        say(f"{len(manifest.blobs)} blobs into {target.store.description}")
        try:
            _restore_blobs(archive, target, manifest, force=force)
        except BlobStoreError as exc:
            raise BackupError("storage_failed", f"writing the storage failed: {exc}") from exc
        _restore_data_files(archive, target, manifest)

    say("migrating the database to this release's schema")
    migrate.upgrade(target.database_url)
    return manifest


def _check_schema_is_known(manifest: Manifest, database_url: str, path: Path) -> None:
    """A schema this release has no migration for was made by a newer release: its tables
    would not match this code, and nothing could migrate them."""
    if manifest.alembic_revision is None:
        return
    from alembic.script import ScriptDirectory
    from alembic.script.revision import RevisionError
    from alembic.util import CommandError

    scripts = ScriptDirectory.from_config(migrate.alembic_config(database_url))
    try:
        known = scripts.get_revision(manifest.alembic_revision) is not None
    except (RevisionError, CommandError):
        known = False
    if not known:
        raise BackupError(
            "newer_schema",
            f"{path} was made by a newer release (schema {manifest.alembic_revision}, "
            f"app {manifest.app_version}): restore it with that release or a later one",
        )


def _refuse_unless_empty(target: Deployment) -> None:
    found = []
    database = target.database.contents()
    if database:
        found.append(database)
    try:
        if next(target.store.iter_keys(), None) is not None:
            found.append(f"the storage holds blobs ({target.store.description})")
    except BlobStoreError as exc:
        raise BackupError("storage_failed", f"reading the storage failed: {exc}") from exc
    if found:
        raise BackupError(
            "target_not_empty",
            f"the target is not empty: {'; '.join(found)}; restore into an empty deployment, "
            "or pass --force to replace what is there",
        )


def _restore_blobs(
    archive: ArchiveReader, target: Deployment, manifest: Manifest, *, force: bool
) -> None:
    store = target.store
    for blob in manifest.blobs:
        with archive.reading(BLOB_PREFIX + blob.name, blob) as reader:
            store.put_stream(blob.name, reader, blob.size, blob.content_type)
    if force:
        # Replacing a deployment: the app's blobs the backup does not have go, so the storage
        # ends up as it was backed up. Keys of another shape (another application's objects
        # in a shared bucket) are not the app's to delete.
        wanted = {blob.name for blob in manifest.blobs}
        extra = [key for key in store.iter_keys() if key not in wanted and is_app_key(key)]
        for key in extra:
            store.delete(key)
    if target.local_blob_root is not None:
        give_to_owner_of(target.data_dir, target.local_blob_root)


def _restore_data_files(archive: ArchiveReader, target: Deployment, manifest: Manifest) -> None:
    for entry in manifest.data_files:
        final = target.data_dir / entry.name
        staging = final.with_name(f".{entry.name}.restoring")
        descriptor = os.open(staging, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.close(descriptor)
        archive.extract(DATA_FILE_PREFIX + entry.name, entry, staging)
        os.replace(staging, final)
        give_to_owner_of(target.data_dir, final)
