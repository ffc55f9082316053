"""One behaviour suite for every BlobStore backend: memory, local disk, S3 (moto's server)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from slidewright.storage import (
    BlobNotFound,
    BlobStore,
    InvalidBlobKey,
    LocalBlobStore,
    MemoryBlobStore,
    S3BlobStore,
    build_blob_store,
    make_key,
    validate_key,
)
from tests.s3 import create_bucket, moto_server

S3_KEYS = {"access_key_id": "testing", "secret_access_key": "testing"}


@pytest.fixture(scope="module")
def moto_endpoint() -> Iterator[str]:
    with moto_server() as endpoint:
        yield endpoint


@pytest.fixture(params=["memory", "local", "s3"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> BlobStore:
    if request.param == "memory":
        return MemoryBlobStore()
    if request.param == "local":
        return LocalBlobStore(tmp_path / "blobs")
    endpoint = request.getfixturevalue("moto_endpoint")
    return S3BlobStore(create_bucket(endpoint), endpoint=endpoint, region="us-east-1", **S3_KEYS)


KEY = "templates/u1/t1/original.pptx"


def test_put_get_roundtrip(store: BlobStore) -> None:
    assert isinstance(store, BlobStore)
    store.put(KEY, b"\x00PK\x03\x04 bytes", content_type="application/octet-stream")
    assert store.get(KEY) == b"\x00PK\x03\x04 bytes"
    assert store.exists(KEY)


def test_put_replaces(store: BlobStore) -> None:
    store.put(KEY, b"old")
    store.put(KEY, b"new and longer")
    assert store.get(KEY) == b"new and longer"


def test_empty_and_binary_payloads(store: BlobStore) -> None:
    store.put("images/u1/i1/empty", b"")
    assert store.get("images/u1/i1/empty") == b""
    payload = bytes(range(256)) * 4096  # 1 MiB, every byte value
    store.put("images/u1/i1/big.bin", payload)
    assert store.get("images/u1/i1/big.bin") == payload


def test_missing_key(store: BlobStore) -> None:
    with pytest.raises(BlobNotFound) as info:
        store.get("templates/u1/nope/original.pptx")
    assert info.value.key == "templates/u1/nope/original.pptx"
    assert isinstance(info.value, LookupError)
    assert not store.exists("templates/u1/nope/original.pptx")


def test_delete_is_idempotent(store: BlobStore) -> None:
    store.put(KEY, b"x")
    store.delete(KEY)
    assert not store.exists(KEY)
    store.delete(KEY)  # again: no error
    store.delete("templates/never/was/here")
    with pytest.raises(BlobNotFound):
        store.get(KEY)


def test_list_is_per_segment_and_sorted(store: BlobStore) -> None:
    keys = [
        "templates/u1/t1/thumbs/2.jpg",
        "templates/u1/t1/thumbs/1.jpg",
        "templates/u1/t1/original.pptx",
        "templates/u1/t2/original.pptx",
        "templates/u10/t3/original.pptx",
        "images/u1/i1/original",
    ]
    for key in keys:
        store.put(key, key.encode())
    assert store.list("templates/u1/t1") == [
        "templates/u1/t1/original.pptx",
        "templates/u1/t1/thumbs/1.jpg",
        "templates/u1/t1/thumbs/2.jpg",
    ]
    assert store.list("templates/u1/t1/") == store.list("templates/u1/t1")
    assert store.list("templates/u1") == [
        "templates/u1/t1/original.pptx",
        "templates/u1/t1/thumbs/1.jpg",
        "templates/u1/t1/thumbs/2.jpg",
        "templates/u1/t2/original.pptx",
    ]
    assert store.list("templates/u2") == []
    assert store.list("") == sorted(keys)


def test_delete_prefix(store: BlobStore) -> None:
    for key in ("a/u1/x/1", "a/u1/x/2", "a/u1/x/sub/3", "a/u1/xy/1", "a/u2/x/1"):
        store.put(key, b"1")
    assert store.delete_prefix("a/u1/x") == 3
    assert store.list("a") == ["a/u1/xy/1", "a/u2/x/1"]
    assert store.delete_prefix("a/u1/x") == 0
    with pytest.raises(InvalidBlobKey):
        store.delete_prefix("")
    with pytest.raises(InvalidBlobKey):
        store.delete_prefix("/")


@pytest.mark.parametrize(
    "bad",
    [
        "",
        "/abs/key",
        "../escape",
        "a/../../etc/passwd",
        "a/./b",
        "a//b",
        "a/b/",
        "a\\b",
        "a/.hidden",
        "a/b c",
        "a/b#1",
        "a/\u4e2d\u6587",
        "a/b\x00",
        "x" * 2000,
    ],
)
def test_invalid_keys_are_rejected_everywhere(store: BlobStore, bad: str) -> None:
    with pytest.raises(InvalidBlobKey):
        store.put(bad, b"x")
    with pytest.raises(InvalidBlobKey):
        store.get(bad)
    with pytest.raises(InvalidBlobKey):
        store.exists(bad)
    with pytest.raises(InvalidBlobKey):
        store.delete(bad)


@pytest.mark.parametrize("bad", ["/a", "../a", "a/../b", "a\\b", "a//b"])
def test_invalid_prefixes(store: BlobStore, bad: str) -> None:
    with pytest.raises(InvalidBlobKey):
        store.list(bad)
    with pytest.raises(InvalidBlobKey):
        store.delete_prefix(bad)


def test_concurrent_writers_never_expose_partial_blobs(store: BlobStore) -> None:
    big_a, big_b = b"a" * 300_000, b"b" * 300_000
    store.put(KEY, big_a)
    seen: set[bytes] = set()

    def writer() -> None:
        for _ in range(5):
            store.put(KEY, big_b)
            store.put(KEY, big_a)

    thread = threading.Thread(target=writer)
    thread.start()
    while thread.is_alive():
        seen.add(store.get(KEY))
    thread.join()
    assert seen <= {big_a, big_b}


def test_make_key() -> None:
    assert make_key("templates", "U1", "T1", "thumbs/3.jpg") == "templates/U1/T1/thumbs/3.jpg"
    with pytest.raises(InvalidBlobKey):
        make_key("templates", "..", "T1", "original")
    assert validate_key("a-b_c/D.E") == "a-b_c/D.E"


def test_local_store_stays_inside_root_and_leaves_no_temp_files(tmp_path: Path) -> None:
    root = tmp_path / "blobs"
    store = LocalBlobStore(root)
    store.put("k/u/i/v", b"data")
    assert (root / "k" / "u" / "i" / "v").read_bytes() == b"data"
    store.put("k/u/i/v", b"data2")
    assert sorted(p.name for p in (root / "k" / "u" / "i").iterdir()) == ["v"]
    assert not (tmp_path / "escape").exists()
    store.delete_prefix("k/u")
    assert store.list("") == []


def test_build_blob_store_urls(tmp_path: Path) -> None:
    assert isinstance(build_blob_store("memory://"), MemoryBlobStore)
    local = build_blob_store(f"file://{tmp_path / 'b'}")
    assert isinstance(local, LocalBlobStore)
    assert local.root == (tmp_path / "b").resolve()
    plain = build_blob_store(str(tmp_path / "c"))
    assert isinstance(plain, LocalBlobStore)
    local.put("x/y", b"1")
    assert build_blob_store(f"file://{tmp_path / 'b'}").get("x/y") == b"1"
    for bad in (
        "file://relative/path",
        "ftp://host/x",
        "s3://bucket?secret_access_key=leak",
        "s3://bucket?allow_http=maybe",
        "",
    ):
        with pytest.raises(ValueError):
            build_blob_store(bad)


def test_build_s3_store_from_url_with_env_credentials(
    moto_endpoint: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    bucket = create_bucket(moto_endpoint)
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", "testing")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "testing")
    for name in ("AWS_SESSION_TOKEN", "AWS_PROFILE", "AWS_ENDPOINT_URL"):
        monkeypatch.delenv(name, raising=False)
    store = build_blob_store(f"s3://{bucket}/tenant-a?endpoint={moto_endpoint}&region=us-east-1")
    assert isinstance(store, S3BlobStore)
    assert store.prefix == "tenant-a"
    store.put("k/u/i/v", b"hello", content_type="text/plain")
    assert store.get("k/u/i/v") == b"hello"
    # The prefix is applied under the hood: a store without it sees the full key.
    raw = S3BlobStore(bucket, endpoint=moto_endpoint, region="us-east-1", **S3_KEYS)
    assert raw.list("") == ["tenant-a/k/u/i/v"]
