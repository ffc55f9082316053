"""A canary: a local HTTP server that records every request, for tests that prove the server
(or LibreOffice) never fetches what a deck only links to."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@contextmanager
def canary_server(png: bytes) -> Iterator[tuple[str, list[str]]]:
    """(base URL, requests seen as "METHOD /path"). Every method a fetcher might use answers
    200 with `png`, so a fetch that happens succeeds and shows, rather than failing quietly."""
    hits: list[str] = []

    class Handler(BaseHTTPRequestHandler):
        def _answer(self) -> None:
            hits.append(f"{self.command} {self.path}")
            self.send_response(200)
            self.send_header("Content-Type", "image/png")
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(png)

        do_GET = do_HEAD = do_POST = do_OPTIONS = do_PROPFIND = _answer

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", hits
    finally:
        server.shutdown()
        server.server_close()
