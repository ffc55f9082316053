"""Reading through a sha256: every byte that goes into or comes out of an archive is counted
and hashed on the way (the manifest's checksums, and their checks at restore)."""

from __future__ import annotations

import hashlib

from slidewright.storage.obstore_store import Readable

__all__ = ["HashingReader", "Readable", "drain"]


class HashingReader:
    """Wraps a binary reader; `sha256` and `size` describe what has been read so far."""

    def __init__(self, source: Readable) -> None:
        self._source = source
        self._hash = hashlib.sha256()
        self.size = 0

    def read(self, size: int = -1, /) -> bytes:
        data = self._source.read(size)
        self._hash.update(data)
        self.size += len(data)
        return data

    @property
    def sha256(self) -> str:
        return self._hash.hexdigest()


def drain(reader: Readable, chunk: int = 1024 * 1024) -> None:
    """Reads `reader` to its end (to hash it)."""
    while reader.read(chunk):
        pass
