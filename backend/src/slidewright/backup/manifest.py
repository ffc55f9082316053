"""The archive's table of contents (`manifest.json`, the last member of the tar).

It is written last because it holds what is known only at the end: the sha256 of every
member. Restore reads it first and trusts nothing else in the archive: a member it does not
name is ignored, a member it names must be there with that size and checksum.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

from slidewright.backup.errors import BackupError

FORMAT = "slidewright-backup"
FORMAT_VERSION = 1
MANIFEST_MEMBER = "manifest.json"
BLOB_PREFIX = "blobs/"
DATA_FILE_PREFIX = "data/"

DatabaseKind = Literal["sqlite", "postgresql"]


@dataclass(frozen=True)
class Entry:
    """One member of the archive: a blob (`name` is its key), a data dir file or the database."""

    name: str
    size: int
    sha256: str
    content_type: str | None = None


@dataclass
class Manifest:
    app_version: str
    created_at: str
    database_kind: DatabaseKind
    database: Entry
    alembic_revision: str | None
    storage_kind: str
    # Rows per application table, counted in the same snapshot as the dump.
    table_counts: dict[str, int] = field(default_factory=dict)
    blobs: list[Entry] = field(default_factory=list)
    data_files: list[Entry] = field(default_factory=list)
    # Keys found in storage that are not valid blob keys (a stray file on disk): not copied.
    skipped_keys: list[str] = field(default_factory=list)
    # pg_dump's major version: pg_restore must be at least as new to read the dump.
    pg_dump_major: int | None = None

    @property
    def database_member(self) -> str:
        return self.database.name

    def to_json(self) -> bytes:
        document = {
            "format": FORMAT,
            "formatVersion": FORMAT_VERSION,
            "appVersion": self.app_version,
            "createdAt": self.created_at,
            "alembicRevision": self.alembic_revision,
            "database": {"kind": self.database_kind, "pgDumpMajor": self.pg_dump_major}
            | _entry_json(self.database),
            "storage": {"kind": self.storage_kind},
            "counts": {
                "tables": self.table_counts,
                "blobs": len(self.blobs),
                "blobBytes": sum(blob.size for blob in self.blobs),
            },
            "blobs": [_entry_json(blob) for blob in self.blobs],
            "dataFiles": [_entry_json(entry) for entry in self.data_files],
            "skippedKeys": self.skipped_keys,
        }
        return json.dumps(document, indent=1, ensure_ascii=False).encode("utf-8") + b"\n"

    @classmethod
    def from_json(cls, data: bytes, *, source: str) -> Manifest:
        try:
            document = json.loads(data.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise BackupError("archive_damaged", f"{source}: manifest.json is unreadable") from exc
        if not isinstance(document, dict) or document.get("format") != FORMAT:
            raise BackupError("not_a_backup", f"{source} is not a Slidewright backup")
        version = document.get("formatVersion")
        if version != FORMAT_VERSION:
            raise BackupError(
                "unsupported_format",
                f"{source} is in backup format {version}; this release reads format "
                f"{FORMAT_VERSION} (restore it with the release that made it)",
            )
        try:
            database = document["database"]
            kind = database["kind"]
            if kind not in ("sqlite", "postgresql"):
                raise ValueError(kind)
            return cls(
                app_version=str(document["appVersion"]),
                created_at=str(document["createdAt"]),
                database_kind=kind,
                database=_entry(database),
                alembic_revision=document.get("alembicRevision"),
                storage_kind=str(document["storage"]["kind"]),
                table_counts={str(k): int(v) for k, v in document["counts"]["tables"].items()},
                blobs=[_entry(item) for item in document["blobs"]],
                data_files=[_entry(item) for item in document["dataFiles"]],
                skipped_keys=[str(key) for key in document.get("skippedKeys", [])],
                pg_dump_major=database.get("pgDumpMajor"),
            )
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise BackupError("archive_damaged", f"{source}: manifest.json is incomplete") from exc


def _entry_json(entry: Entry) -> dict[str, Any]:
    document = asdict(entry)
    document["contentType"] = document.pop("content_type")
    return document


def _entry(document: dict[str, Any]) -> Entry:
    size = int(document["size"])
    sha256 = str(document["sha256"])
    if size < 0 or len(sha256) != 64:
        raise ValueError("bad entry")
    content_type = document.get("contentType")
    return Entry(
        name=str(document["name"]),
        size=size,
        sha256=sha256,
        content_type=str(content_type) if content_type else None,
    )
