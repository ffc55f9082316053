"""Blob storage: the `BlobStore` protocol and its obstore implementation (local, s3, memory).

Imports nothing from other Slidewright packages. See `blobstore` for the key rules and
`obstore_store.build_blob_store` for the URL forms.
"""

from slidewright.storage.blobstore import (
    BlobNotFound,
    BlobStore,
    BlobStoreError,
    InvalidBlobKey,
    make_key,
    normalize_prefix,
    validate_key,
)
from slidewright.storage.obstore_store import (
    LocalBlobStore,
    MemoryBlobStore,
    ObstoreBlobStore,
    S3BlobStore,
    build_blob_store,
)

__all__ = [
    "BlobNotFound",
    "BlobStore",
    "BlobStoreError",
    "InvalidBlobKey",
    "LocalBlobStore",
    "MemoryBlobStore",
    "ObstoreBlobStore",
    "S3BlobStore",
    "build_blob_store",
    "make_key",
    "normalize_prefix",
    "validate_key",
]
