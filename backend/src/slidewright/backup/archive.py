"""The backup file: an uncompressed tar (PAX headers), read and written as a stream.

  database.sqlite | database.pgdump   the database dump
  blobs/<key>                         one member per blob
  data/<name>                         the data dir's small files (secret key, license)
  manifest.json                       last: versions, counts and every member's sha256

Uncompressed because the blobs (PPTX, JPEG, PNG) are compressed already, and so that restore can
seek to any member. Restore trusts the manifest alone: members it does not name are ignored,
and no member name is ever used as a path on disk.
"""

from __future__ import annotations

import tarfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

from slidewright.backup.deployment import DATA_FILES
from slidewright.backup.errors import BackupError
from slidewright.backup.manifest import (
    BLOB_PREFIX,
    DATA_FILE_PREFIX,
    MANIFEST_MEMBER,
    Entry,
    Manifest,
)
from slidewright.backup.streams import HashingReader, Readable, drain
from slidewright.storage import InvalidBlobKey, validate_key

# A manifest lists every blob (about 150 bytes each): this allows millions.
MAX_MANIFEST_BYTES = 1024 * 1024 * 1024


def add_member(tar: tarfile.TarFile, name: str, source: Readable, size: int) -> HashingReader:
    """Streams `size` bytes of `source` into the archive; the result has their sha256."""
    info = tarfile.TarInfo(name)
    info.size = size
    info.mtime = int(time.time())
    info.mode = 0o600
    reader = HashingReader(source)
    tar.addfile(info, reader)  # only .read() is used
    return reader


def add_file(tar: tarfile.TarFile, name: str, path: Path) -> Entry:
    with open(path, "rb") as file:
        size = file.seek(0, 2)
        file.seek(0)
        reader = add_member(tar, name, file, size)
    return Entry(name=name, size=reader.size, sha256=reader.sha256)


def member_entries(manifest: Manifest) -> Iterator[tuple[str, Entry]]:
    """Every member the manifest names, with its entry."""
    yield manifest.database_member, manifest.database
    for blob in manifest.blobs:
        yield BLOB_PREFIX + blob.name, blob
    for data_file in manifest.data_files:
        yield DATA_FILE_PREFIX + data_file.name, data_file


class ArchiveReader:
    """An archive opened for restore: the manifest read and checked against the members."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.label = str(path)
        if not path.is_file():
            raise BackupError("not_a_backup", f"no backup file at {path}")
        try:
            # Open for the reader's lifetime (closed by close() / the with block).
            self._tar = tarfile.open(path, "r:")  # noqa: SIM115
        except tarfile.TarError as exc:
            raise BackupError(
                "not_a_backup", f"{path} is not a Slidewright backup (not a tar archive)"
            ) from exc
        try:
            with self._reading():
                self._members = {member.name: member for member in self._tar.getmembers()}
            self.manifest = self._read_manifest()
        except BaseException:
            self._tar.close()
            raise

    def close(self) -> None:
        self._tar.close()

    def __enter__(self) -> ArchiveReader:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    @contextmanager
    def _reading(self) -> Iterator[None]:
        try:
            yield
        except (tarfile.TarError, EOFError) as exc:
            raise BackupError(
                "archive_damaged", f"{self.label} is damaged or cut short ({exc})"
            ) from exc

    def _read_manifest(self) -> Manifest:
        member = self._members.get(MANIFEST_MEMBER)
        if member is None or not member.isfile():
            ours = any(
                name.startswith(BLOB_PREFIX) or name.startswith("database.")
                for name in self._members
            )
            if ours:
                raise BackupError(
                    "archive_damaged",
                    f"{self.label} has no manifest.json: it was cut short (truncated)",
                )
            raise BackupError("not_a_backup", f"{self.label} is not a Slidewright backup")
        if member.size > MAX_MANIFEST_BYTES:
            raise BackupError("archive_damaged", f"{self.label}: manifest.json is too large")
        with self._reading():
            data = self._open(member).read()
        manifest = Manifest.from_json(data, source=self.label)
        self._check_names(manifest)
        return manifest

    def _check_names(self, manifest: Manifest) -> None:
        """A manifest naming a key that is not a valid blob key, or a data file we do not
        know, was not written by us: refused before anything is written."""
        for blob in manifest.blobs:
            try:
                validate_key(blob.name)
            except InvalidBlobKey as exc:
                raise BackupError(
                    "archive_damaged", f"{self.label}: the manifest names an invalid blob key"
                ) from exc
        for data_file in manifest.data_files:
            if data_file.name not in DATA_FILES:
                raise BackupError(
                    "archive_damaged",
                    f"{self.label}: the manifest names an unknown data file {data_file.name!r}",
                )
        if manifest.database_member not in ("database.sqlite", "database.pgdump"):
            raise BackupError("archive_damaged", f"{self.label}: unknown database member")

    def _member(self, name: str, entry: Entry) -> tarfile.TarInfo:
        member = self._members.get(name)
        if member is None or not member.isfile() or member.size != entry.size:
            raise BackupError(
                "archive_damaged", f"{self.label} is damaged: {name} is missing or incomplete"
            )
        return member

    def _open(self, member: tarfile.TarInfo) -> IO[bytes]:
        file = self._tar.extractfile(member)
        if file is None:
            raise BackupError("archive_damaged", f"{self.label}: {member.name} is not a file")
        return file

    def verify(self) -> None:
        """Reads every member the manifest names and checks its size and sha256."""
        for name, entry in member_entries(self.manifest):
            member = self._member(name, entry)
            with self._reading(), self._open(member) as file:
                reader = HashingReader(file)
                drain(reader)
            self._check(name, entry, reader)

    def _check(self, name: str, entry: Entry, reader: HashingReader) -> None:
        if reader.size != entry.size or reader.sha256 != entry.sha256:
            raise BackupError(
                "archive_damaged", f"{self.label} is damaged: {name} does not match its sha256"
            )

    @contextmanager
    def reading(self, name: str, entry: Entry) -> Iterator[HashingReader]:
        """A member as a stream; checked against its sha256 once the caller has read it all."""
        member = self._member(name, entry)
        with self._reading(), self._open(member) as file:
            reader = HashingReader(file)
            yield reader
        self._check(name, entry, reader)

    def extract(self, name: str, entry: Entry, dest: Path) -> None:
        with self.reading(name, entry) as reader, open(dest, "wb") as out:
            while chunk := reader.read(1024 * 1024):
                out.write(chunk)
