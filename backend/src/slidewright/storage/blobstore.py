"""The blob storage seam: a tiny key -> bytes protocol that every domain uses for file bytes.

Keys look like `{kind}/{ownerId}/{id}/{variant}` (for example
`templates/01J.../01J.../original.pptx` or `templates/01J.../01J.../thumbs/3.jpg`); database
rows hold keys, never paths. Keys are validated before they reach any backend, so a key can
never escape the store's root on disk or address another bucket prefix:

- non-empty, at most 1024 characters, `/`-separated segments of at most 255 characters;
- no leading or trailing `/`, no empty segment (`a//b`), no backslash, no `.` or `..`;
- each segment is ASCII letters, digits, `_`, `-`, `.` and must not start with `.`
  (display names belong in the database, not in keys).

Prefixes (for `list` and `delete_prefix`) are evaluated per path segment, like folders:
`templates/u1` covers `templates/u1/...` but never `templates/u10/...`. A trailing `/` is allowed
and ignored.

This module imports nothing from the rest of Slidewright; callers translate `BlobNotFound`
into their own typed errors.
"""

from __future__ import annotations

import builtins
import re
from typing import Protocol, runtime_checkable

MAX_KEY_LENGTH = 1024
MAX_SEGMENT_LENGTH = 255
_SEGMENT = re.compile(r"[A-Za-z0-9_-][A-Za-z0-9._-]*")


class BlobStoreError(Exception):
    """Base class of every storage error (backend failures are wrapped in it)."""


class BlobNotFound(BlobStoreError, LookupError):
    """No blob under this key."""

    def __init__(self, key: str) -> None:
        self.key = key
        super().__init__(f"blob not found: {key}")


class BlobStoreFull(BlobStoreError):
    """The store has no room for the write: a full disk or quota locally (ENOSPC, EDQUOT),
    an S3-compatible server out of space (HTTP 507, MinIO's `XMinioStorageFull`)."""


class InvalidBlobKey(BlobStoreError, ValueError):
    """A key or prefix that breaks the rules in the module docstring."""

    def __init__(self, key: object, reason: str) -> None:
        self.key = key
        self.reason = reason
        super().__init__(f"invalid blob key {key!r}: {reason}")


def _check_segments(value: str, segments: builtins.list[str]) -> None:
    for segment in segments:
        if segment == "":
            raise InvalidBlobKey(value, "empty path segment")
        if segment in (".", ".."):
            raise InvalidBlobKey(value, "'.' and '..' segments are not allowed")
        if len(segment) > MAX_SEGMENT_LENGTH:
            raise InvalidBlobKey(value, f"segment longer than {MAX_SEGMENT_LENGTH} characters")
        if not _SEGMENT.fullmatch(segment):
            raise InvalidBlobKey(
                value, "segments use only ASCII letters, digits, '_', '-', '.' (no leading '.')"
            )


def _check_common(value: object) -> str:
    if not isinstance(value, str):
        raise InvalidBlobKey(value, "not a string")
    if len(value) > MAX_KEY_LENGTH:
        raise InvalidBlobKey(value, f"longer than {MAX_KEY_LENGTH} characters")
    if "\\" in value:
        raise InvalidBlobKey(value, "backslash")
    if value.startswith("/"):
        raise InvalidBlobKey(value, "leading '/'")
    return value


def validate_key(key: str) -> str:
    """Returns `key` unchanged when it is a valid blob key, else raises `InvalidBlobKey`."""
    _check_common(key)
    if key == "":
        raise InvalidBlobKey(key, "empty key")
    if key.endswith("/"):
        raise InvalidBlobKey(key, "trailing '/'")
    _check_segments(key, key.split("/"))
    return key


def normalize_prefix(prefix: str, *, allow_empty: bool = True) -> str:
    """Validates a folder-like prefix and returns it without a trailing `/`.

    The empty prefix means "every key" and is accepted only when `allow_empty` is true.
    """
    _check_common(prefix)
    stripped = prefix[:-1] if prefix.endswith("/") else prefix
    if stripped == "":
        if not allow_empty or prefix == "/":
            raise InvalidBlobKey(prefix, "empty prefix")
        return ""
    _check_segments(prefix, stripped.split("/"))
    return stripped


# The kinds the app writes under (`make_key`'s first segment).
APP_KEY_KINDS = ("templates", "files", "images", "materials", "previews")


def make_key(kind: str, owner_id: str, object_id: str, variant: str) -> str:
    """Builds `{kind}/{ownerId}/{id}/{variant}` and validates it (`variant` may contain `/`)."""
    return validate_key(f"{kind}/{owner_id}/{object_id}/{variant}")


def is_app_key(key: str) -> bool:
    """Whether `key` has the shape of a key the app writes. Anything else in the store (another
    application's objects in a shared bucket, an operator's file) is never the app's to delete."""
    parts = key.split("/")
    if parts[0] not in APP_KEY_KINDS or len(parts) < 4:
        return False
    try:
        validate_key(key)
    except InvalidBlobKey:
        return False
    return True


@runtime_checkable
class BlobStore(Protocol):
    """Bytes by key. Implementations are thread-safe; `put` is atomic (all or nothing)."""

    def put(self, key: str, data: bytes, content_type: str | None = None) -> None:
        """Stores `data` under `key`, replacing any previous blob atomically."""
        ...

    def get(self, key: str) -> bytes:
        """Returns the blob's bytes; raises `BlobNotFound` when there is none."""
        ...

    def exists(self, key: str) -> bool:
        """Whether a blob is stored under `key`."""
        ...

    def delete(self, key: str) -> None:
        """Removes the blob; deleting a missing key is not an error."""
        ...

    def delete_prefix(self, prefix: str) -> int:
        """Removes every blob under the (non-empty) folder-like prefix; returns how many."""
        ...

    def list(self, prefix: str) -> builtins.list[str]:
        """Sorted keys under the folder-like prefix (`""` lists everything)."""
        ...
