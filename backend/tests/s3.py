"""An S3-compatible server for tests: moto's, on a free local port, and buckets in it."""

from __future__ import annotations

import contextlib
import uuid
from collections.abc import Iterator

CREDENTIALS = {"aws_access_key_id": "testing", "aws_secret_access_key": "testing"}


@contextlib.contextmanager
def moto_server() -> Iterator[str]:
    """Yields the endpoint URL of a running moto server."""
    from moto.server import ThreadedMotoServer

    server = ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
    server.start()
    host, port = server.get_host_and_port()
    try:
        yield f"http://{host}:{port}"
    finally:
        server.stop()


def s3_client(endpoint: str):  # type: ignore[no-untyped-def]
    import boto3

    return boto3.client("s3", endpoint_url=endpoint, region_name="us-east-1", **CREDENTIALS)


def create_bucket(endpoint: str) -> str:
    bucket = f"sw-{uuid.uuid4().hex[:12]}"
    s3_client(endpoint).create_bucket(Bucket=bucket)
    return bucket
