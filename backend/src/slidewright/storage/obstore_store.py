"""`BlobStore` on obstore (the Rust `object_store` crate): local disk, S3-compatible, memory.

Pick one with `build_blob_store(url)`:

- `file:///abs/path` (or a plain filesystem path): `LocalBlobStore`, the embedded default.
  Writes are atomic: obstore's local `put` writes a staging file `<path>#<n>` opened with
  `O_CREAT|O_EXCL` next to the target and `rename(2)`s it over the target when complete (checked
  with strace on obstore 0.12.1, also for multipart uploads of large files), so readers see either
  the old or the new bytes, never a partial file. Empty directories are removed on delete.
  Content types are not stored on local disk (object_store does not support attributes there).
  A process killed mid-write leaves its staging file behind: `list` never shows it (object_store
  skips names ending in `#<digits>`), `staging_files` finds it for `slidewright doctor`.
- `s3://bucket[/prefix]?endpoint=http://127.0.0.1:9000&region=us-east-1`: `S3BlobStore` for S3
  and S3-compatible servers (MinIO, Ceph, R2, moto). Credentials come from explicit keyword
  arguments, else from the standard `AWS_ACCESS_KEY_ID` / `AWS_SECRET_ACCESS_KEY` /
  `AWS_SESSION_TOKEN` (and `AWS_REGION`, `AWS_ENDPOINT_URL`...) environment variables that
  obstore reads itself. Plain-HTTP endpoints are allowed automatically when the endpoint URL
  says `http://` (local test servers). Secrets are never accepted in the URL.
- `memory://`: `MemoryBlobStore`, per-process, for tests.
"""

from __future__ import annotations

import builtins
import errno
import os
import re
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import parse_qs, unquote, urlsplit

import obstore
from obstore.exceptions import BaseError as ObstoreError
from obstore.exceptions import NotFoundError as ObstoreNotFound
from obstore.store import LocalStore, MemoryStore, ObjectStore, S3Store

from slidewright.storage.blobstore import (
    BlobNotFound,
    BlobStoreError,
    BlobStoreFull,
    normalize_prefix,
    validate_key,
)

_NOT_FOUND = (FileNotFoundError, ObstoreNotFound)
_BACKEND_ERRORS = (ObstoreError, OSError)


# How "no room" reads once obstore has turned the OS or HTTP error into text.
_FULL_ERRNOS = (errno.ENOSPC, errno.EDQUOT)
_FULL_PHRASES = (
    *(f"os error {number}\\b" for number in _FULL_ERRNOS),
    "no space left on device",
    "disk quota exceeded",
    "XMinioStorageFull",
    "InsufficientStorage",
    "507 Insufficient Storage",
)
_FULL_TEXT = re.compile("|".join(_FULL_PHRASES), re.IGNORECASE)


def _is_full(exc: BaseException) -> bool:
    if isinstance(exc, OSError) and exc.errno in _FULL_ERRNOS:
        return True
    return bool(_FULL_TEXT.search(str(exc)))


def _failure(what: str, exc: BaseException) -> BlobStoreError:
    first_line = next((line for line in str(exc).splitlines() if line.strip()), type(exc).__name__)
    error_type = BlobStoreFull if _is_full(exc) else BlobStoreError
    return error_type(f"{what} failed: {first_line.strip()}")


@dataclass(frozen=True)
class BlobEntry:
    """A stored blob (or a local staging file) as `slidewright doctor` sees it."""

    key: str
    size: int
    modified: datetime


class ObstoreBlobStore:
    """The `BlobStore` protocol over any obstore store (thread-safe, like obstore itself)."""

    supports_content_type: bool = True

    def __init__(self, store: ObjectStore, *, description: str) -> None:
        self._store = store
        self.description = description

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.description})"

    @property
    def store(self) -> ObjectStore:
        """The underlying obstore store (for streaming or signed URLs if ever needed)."""
        return self._store

    def put(self, key: str, data: bytes, content_type: str | None = None) -> None:
        validate_key(key)
        attributes: dict[str, str] | None = None
        if content_type and self.supports_content_type:
            attributes = {"Content-Type": content_type}
        try:
            obstore.put(self._store, key, data, attributes=attributes)
        except _BACKEND_ERRORS as exc:
            raise _failure(f"put {key}", exc) from exc

    def get(self, key: str) -> bytes:
        validate_key(key)
        try:
            return bytes(obstore.get(self._store, key).bytes())
        except _NOT_FOUND:
            raise BlobNotFound(key) from None
        except _BACKEND_ERRORS as exc:
            raise _failure(f"get {key}", exc) from exc

    def exists(self, key: str) -> bool:
        return self.entry(key) is not None

    def entry(self, key: str) -> BlobEntry | None:
        """The blob's size and last-modified time; None when there is none."""
        validate_key(key)
        try:
            meta = obstore.head(self._store, key)
        except _NOT_FOUND:
            return None
        except _BACKEND_ERRORS as exc:
            raise _failure(f"head {key}", exc) from exc
        return BlobEntry(meta["path"], int(meta["size"]), meta["last_modified"])

    def delete(self, key: str) -> None:
        validate_key(key)
        self._delete_keys([key])

    def delete_prefix(self, prefix: str) -> int:
        keys = self.list(normalize_prefix(prefix, allow_empty=False))
        self._delete_keys(keys)
        return len(keys)

    def list(self, prefix: str) -> builtins.list[str]:
        return [entry.key for entry in self.entries(prefix)]

    def entries(self, prefix: str = "") -> builtins.list[BlobEntry]:
        """Like `list`, with each blob's size and last-modified time (for age thresholds)."""
        folder = normalize_prefix(prefix)
        try:
            stream = obstore.list(self._store, folder + "/" if folder else None)
            metas = stream.collect()
        except _BACKEND_ERRORS as exc:
            raise _failure(f"list {folder!r}", exc) from exc
        found = [BlobEntry(m["path"], int(m["size"]), m["last_modified"]) for m in metas]
        return sorted(found, key=lambda entry: entry.key)

    def iter_keys(self, prefix: str = "") -> Iterator[str]:
        """Every key under the prefix, page by page and unsorted: walks a large store without
        holding all its keys in memory (backups)."""
        folder = normalize_prefix(prefix)
        try:
            for page in obstore.list(self._store, folder + "/" if folder else None):
                for meta in page:
                    yield meta["path"]
        except _BACKEND_ERRORS as exc:
            raise _failure(f"list {folder!r}", exc) from exc

    def open(self, key: str) -> BlobReader:
        """The blob as a stream (size and content type known up front): copies a large blob
        without holding it in memory. The bytes are those of one version of the blob, even
        when it is replaced while being read."""
        validate_key(key)
        try:
            result = obstore.get(self._store, key)
        except _NOT_FOUND:
            raise BlobNotFound(key) from None
        except _BACKEND_ERRORS as exc:
            raise _failure(f"get {key}", exc) from exc
        content_type = result.attributes.get("Content-Type") if self.supports_content_type else None
        return BlobReader(key, int(result.meta["size"]), content_type, result.stream(_CHUNK))

    def put_stream(
        self, key: str, source: Readable, size: int, content_type: str | None = None
    ) -> None:
        """Stores `size` bytes read from `source`, atomically like `put`. A blob up to a few MB
        is read whole (one plain upload); a larger one goes up in parts as it is read."""
        if size <= _CHUNK:
            data = source.read(size)
            if len(data) != size:
                raise BlobStoreError(f"put {key} failed: the source ended early")
            self.put(key, data, content_type)
            return
        validate_key(key)
        attributes: dict[str, str] | None = None
        if content_type and self.supports_content_type:
            attributes = {"Content-Type": content_type}
        parts = iter(lambda: source.read(_CHUNK), b"")
        try:
            obstore.put(
                self._store,
                key,
                parts,
                attributes=attributes,
                use_multipart=True,
                chunk_size=_CHUNK,
            )
        except _BACKEND_ERRORS as exc:
            raise _failure(f"put {key}", exc) from exc

    def _delete_keys(self, keys: builtins.list[str]) -> None:
        if not keys:
            return
        try:
            obstore.delete(self._store, keys)
            return
        except _NOT_FOUND:
            pass  # local disk reports missing files: go one by one, ignoring the missing ones
        except _BACKEND_ERRORS as exc:
            raise _failure("delete", exc) from exc
        for key in keys:
            try:
                obstore.delete(self._store, key)
            except _NOT_FOUND:
                continue
            except _BACKEND_ERRORS as exc:
                raise _failure(f"delete {key}", exc) from exc


# Streaming granularity: S3's smallest multipart part is 5 MiB.
_CHUNK = 5 * 1024 * 1024


class Readable(Protocol):
    def read(self, size: int = -1, /) -> bytes: ...


class BlobReader:
    """A blob being read: `size` and `content_type`, then `read(n)` like a binary file."""

    def __init__(
        self, key: str, size: int, content_type: str | None, chunks: Iterable[Any]
    ) -> None:
        # `chunks`: obstore `Bytes` (buffer protocol), or any bytes-like objects.
        self.key = key
        self.size = size
        self.content_type = content_type
        self._chunks = iter(chunks)
        self._current = memoryview(b"")
        self._offset = 0

    def read(self, size: int = -1, /) -> bytes:
        wanted = sys.maxsize if size < 0 else size
        parts: builtins.list[memoryview] = []
        while wanted > 0:
            if self._offset >= len(self._current):
                if not self._next_chunk():
                    break
                continue
            piece = self._current[self._offset : self._offset + wanted]
            parts.append(piece)
            self._offset += len(piece)
            wanted -= len(piece)
        return b"".join(parts)

    def _next_chunk(self) -> bool:
        try:
            chunk = next(self._chunks)
        except StopIteration:
            return False
        except _BACKEND_ERRORS as exc:
            raise _failure(f"get {self.key}", exc) from exc
        self._current, self._offset = memoryview(chunk).cast("B"), 0
        return True


class LocalBlobStore(ObstoreBlobStore):
    """Blobs as files under `root` (created when missing); atomic temp + rename writes."""

    supports_content_type = False

    def __init__(self, root: str | os.PathLike[str]) -> None:
        self.root = Path(root).expanduser().resolve()
        self.root.mkdir(parents=True, exist_ok=True)
        super().__init__(
            LocalStore(self.root, mkdir=True, automatic_cleanup=True),
            description=f"file://{self.root}",
        )

    def staging_files(self) -> builtins.list[BlobEntry]:
        """Half-written files a killed process left (`<key>#<n>`), keyed by their path under
        the root. A live writer's file is here too, briefly: callers go by age."""
        found = []
        for folder, _dirs, names in os.walk(self.root):
            for name in names:
                if not _STAGING.search(name):
                    continue
                path = Path(folder) / name
                try:
                    stat = path.stat()
                except FileNotFoundError:  # renamed into place meanwhile
                    continue
                modified = datetime.fromtimestamp(stat.st_mtime, UTC)
                key = path.relative_to(self.root).as_posix()
                found.append(BlobEntry(key, stat.st_size, modified))
        return sorted(found, key=lambda entry: entry.key)

    def delete_staging(self, relative: str) -> None:
        """Removes one file `staging_files` reported (never anything outside the root)."""
        path = (self.root / relative).resolve()
        if not _STAGING.search(path.name) or not path.is_relative_to(self.root):
            raise ValueError(f"not a staging file: {relative!r}")
        path.unlink(missing_ok=True)


# object_store's staging names: the target's name, '#', a counter.
_STAGING = re.compile(r"#\d+$")


class MemoryBlobStore(ObstoreBlobStore):
    """Blobs in this process's memory (tests, throwaway runs)."""

    def __init__(self) -> None:
        super().__init__(MemoryStore(), description="memory://")


class S3BlobStore(ObstoreBlobStore):
    """Blobs in an S3 (or S3-compatible) bucket, optionally under a key prefix."""

    def __init__(
        self,
        bucket: str,
        *,
        prefix: str | None = None,
        endpoint: str | None = None,
        region: str | None = None,
        access_key_id: str | None = None,
        secret_access_key: str | None = None,
        session_token: str | None = None,
        allow_http: bool | None = None,
        virtual_hosted_style: bool | None = None,
    ) -> None:
        if not bucket:
            raise ValueError("S3 blob store needs a bucket name")
        config: dict[str, Any] = {}
        if endpoint:
            config["endpoint"] = endpoint
        if region:
            config["region"] = region
        if access_key_id:
            config["access_key_id"] = access_key_id
        if secret_access_key:
            config["secret_access_key"] = secret_access_key
        if session_token:
            config["session_token"] = session_token
        if virtual_hosted_style is not None:
            config["virtual_hosted_style_request"] = virtual_hosted_style
        if allow_http is None:
            allow_http = bool(endpoint and endpoint.lower().startswith("http://"))
        key_prefix = normalize_prefix(prefix or "") or None
        store = S3Store(
            bucket,
            prefix=key_prefix,
            config=config,  # type: ignore[arg-type]
            client_options={"allow_http": allow_http},
        )
        where = f"s3://{bucket}" + (f"/{key_prefix}" if key_prefix else "")
        if endpoint:
            where += f" at {endpoint}"
        super().__init__(store, description=where)
        self.bucket = bucket
        self.prefix = key_prefix


_S3_QUERY_KEYS = {"endpoint", "region", "allow_http", "virtual_hosted_style"}


def _parse_bool(name: str, value: str) -> bool:
    lowered = value.strip().lower()
    if lowered in ("1", "true", "yes", "on"):
        return True
    if lowered in ("0", "false", "no", "off"):
        return False
    raise ValueError(f"blob store URL: {name} must be true or false, not {value!r}")


def build_blob_store(url: str, **s3_options: Any) -> ObstoreBlobStore:
    """Builds the store a URL names: `file:///abs/path`, a plain path, `s3://...` or `memory://`.

    `s3_options` are passed to `S3BlobStore` (`access_key_id`, `secret_access_key`,
    `session_token`, `endpoint`, `region`, ...) and win over the URL's query parameters.
    """
    url = url.strip()
    if not url:
        raise ValueError("blob store URL is empty")
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    if scheme == "memory":
        return MemoryBlobStore()
    if scheme == "file":
        if parts.netloc not in ("", "localhost"):
            raise ValueError(f"blob store URL {url!r}: file URLs must be file:///absolute/path")
        path = unquote(parts.path)
        if not path.startswith("/"):
            raise ValueError(f"blob store URL {url!r}: the path must be absolute")
        return LocalBlobStore(path)
    if scheme == "s3":
        query = parse_qs(parts.query, keep_blank_values=True, strict_parsing=False)
        unknown = set(query) - _S3_QUERY_KEYS
        if unknown:
            raise ValueError(
                f"blob store URL: unknown S3 option(s) {sorted(unknown)}; credentials go in "
                "AWS_* environment variables, never in the URL"
            )
        options: dict[str, Any] = {}
        for name in ("endpoint", "region"):
            if name in query:
                options[name] = query[name][-1]
        for name in ("allow_http", "virtual_hosted_style"):
            if name in query:
                options[name] = _parse_bool(name, query[name][-1])
        options.update(s3_options)
        return S3BlobStore(parts.netloc, prefix=unquote(parts.path).strip("/") or None, **options)
    if scheme == "":
        return LocalBlobStore(url)
    raise ValueError(f"unsupported blob store URL {url!r} (use file://, s3:// or memory://)")
