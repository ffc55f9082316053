"""Blob storage: the `BlobStore` protocol and its obstore implementation (local, s3, memory).

Imports nothing from other Slidewright packages. See `blobstore` for the key rules and
`obstore_store.build_blob_store` for the URL forms.
"""

from slidewright.storage.blobstore import (
    BlobNotFound,
    BlobStore,
    BlobStoreError,
    BlobStoreFull,
    InvalidBlobKey,
    is_app_key,
    make_key,
    normalize_prefix,
    validate_key,
)
from slidewright.storage.obstore_store import (
    BlobEntry,
    LocalBlobStore,
    MemoryBlobStore,
    ObstoreBlobStore,
    S3BlobStore,
    build_blob_store,
)

__all__ = [
    "BlobEntry",
    "BlobNotFound",
    "BlobStore",
    "BlobStoreError",
    "BlobStoreFull",
    "InvalidBlobKey",
    "LocalBlobStore",
    "MemoryBlobStore",
    "ObstoreBlobStore",
    "S3BlobStore",
    "build_blob_store",
    "is_app_key",
    "make_key",
    "normalize_prefix",
    "validate_key",
]
