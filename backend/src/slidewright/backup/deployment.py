"""The deployment a backup is taken from or restored into, as the settings describe it: the
same database URL, storage URL and data dir the app uses."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from slidewright.backup.database import Database, open_database
from slidewright.backup.errors import BackupError
from slidewright.core.config import Settings
from slidewright.storage import BlobStoreError, LocalBlobStore, ObstoreBlobStore, build_blob_store

# Small files of the data dir that are not in the database: the generated secret key (sessions)
# and the license files. Blobs and SQLite files are handled on their own.
DATA_FILES = ("secret_key", "license.json", "license-public.pem", "license-private.pem")


@dataclass(frozen=True)
class Deployment:
    database_url: str
    database: Database
    store: ObstoreBlobStore
    storage_kind: str  # "file" or "s3"
    data_dir: Path

    @property
    def local_blob_root(self) -> Path | None:
        return self.store.root if isinstance(self.store, LocalBlobStore) else None


def deployment(settings: Settings) -> Deployment:
    url = settings.resolved_storage_url
    scheme = urlsplit(url).scheme.lower()
    if scheme == "memory":
        raise BackupError(
            "unsupported_target",
            "SLIDEWRIGHT_STORAGE_URL is memory://: blobs live in the server's memory, "
            "nothing to back up or restore",
        )
    try:
        store = build_blob_store(url)
    except (ValueError, BlobStoreError, OSError) as exc:
        raise BackupError("unsupported_target", f"SLIDEWRIGHT_STORAGE_URL: {exc}") from exc
    return Deployment(
        database_url=settings.resolved_database_url,
        database=open_database(settings.resolved_database_url),
        store=store,
        storage_kind="s3" if scheme == "s3" else "file",
        data_dir=settings.resolved_data_dir,
    )
