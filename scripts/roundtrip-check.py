#!/usr/bin/env python3
"""Reads every object through the API and PUTs it back, the way a client written to the spec
does ("PUT /tags/{id}: the tag with a toggled public"), then prints a table.

For each object and each of its update endpoints:
- unchanged: the object exactly as read is PUT back; 200 expected;
- edited: one editable field changed; 200 expected, the change visible on a re-read, then the
  old value put back;
- `_id`, `ownerId`, `role` (those the object has; a template slide's `slideNumber` and an
  element's `shapeId` stand in when it has none): changed; a typed 4xx (`read_only_field`)
  expected and a re-read equal to the read before.

Only the caller's own objects are touched; built-in templates only with --include-builtin.
`make-public` is only sent refused bodies (a 200 would publish a copy). --seed first creates
one object of each kind for the caller (the template is a copy of a visible one, or --pptx).

    scripts/roundtrip-check.py http://127.0.0.1:8600 "$TOKEN" [--seed]

Standard library only. Exits 1 when any cell failed.
"""

from __future__ import annotations

import argparse
import json
import struct
import sys
import urllib.error
import urllib.request
import uuid
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

OTHER_ID = "01ARZ3NDEKTSV4RRFFQ69G5FAV"
IDENTITY = ("_id", "ownerId", "role")


class Api:
    def __init__(self, base: str, token: str) -> None:
        self.base = base.rstrip("/")
        self.token = token

    def call(
        self, method: str, path: str, body: Any = None, *, raw: bytes | None = None, ctype: str = ""
    ) -> tuple[int, Any]:
        data = raw if raw is not None else None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method)
        request.add_header("Authorization", f"Bearer {self.token}")
        if data is not None:
            request.add_header("Content-Type", ctype or "application/json")
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                status, payload = response.status, response.read()
        except urllib.error.HTTPError as error:
            status, payload = error.code, error.read()
        try:
            return status, json.loads(payload) if payload else None
        except ValueError:
            return status, payload

    def get(self, path: str) -> Any:
        status, body = self.call("GET", path)
        if status != 200:
            raise RuntimeError(f"GET {path}: {status} {body}")
        return body

    def upload(self, path: str, fields: dict[str, str], files: dict[str, tuple[str, bytes, str]]):
        boundary = uuid.uuid4().hex
        parts = []
        for name, value in fields.items():
            parts.append(
                f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n'
                f"{value}\r\n".encode()
            )
        for name, (filename, content, mime) in files.items():
            head = (
                f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; '
                f'filename="{filename}"\r\nContent-Type: {mime}\r\n\r\n'
            )
            parts.append(head.encode() + content + b"\r\n")
        raw = b"".join(parts) + f"--{boundary}--\r\n".encode()
        return self.call("POST", path, raw=raw, ctype=f"multipart/form-data; boundary={boundary}")


@dataclass
class Row:
    kind: str
    label: str
    read: Callable[[], dict[str, Any]]
    put_url: str
    edit: tuple[str, Callable[[Any], Any]] | None  # None: refusals only
    extra: dict[str, Any] = field(default_factory=dict)
    stand_in: str | None = None  # the identity-like field of objects without `_id`


def _png() -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    pixels = b"".join(b"\x00" + b"\x20\xa0\xa0" * 8 for _ in range(4))
    header = struct.pack(">IIBBBBB", 8, 4, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(pixels))
        + chunk(b"IEND", b"")
    )


def seed(api: Api, pptx: bytes | None) -> None:
    """One object of each kind for the caller."""
    api.call("POST", "/api/tags", {"name": f"roundtrip-{uuid.uuid4().hex[:6]}"})
    if pptx is None:
        visible = api.get("/api/pptx-files")
        if visible:
            status, pptx = api.call("GET", f"/api/pptx-files/{visible[0]['_id']}/download")
            pptx = pptx if status == 200 and isinstance(pptx, bytes) else None
    template_id = None
    if pptx:
        mime = "application/vnd.openxmlformats-officedocument.presentationml.presentation"
        status, body = api.upload("/api/pptx-files", {}, {"file": ("roundtrip.pptx", pptx, mime)})
        template_id = body["_id"] if status == 201 else None
    project_body = {"title": "Round trip", "numSlides": 2, "pptxFileId": template_id}
    _, project = api.call("POST", "/api/projects", project_body)
    text = {"filename": "roundtrip notes", "content": "Quarterly numbers, 第三季度数据."}
    _, material = api.call("POST", "/api/materials/text", text)
    base = f"/api/projects/{project['_id']}/materials"
    api.call("POST", f"{base}/associate", {"materialIds": [material["_id"]]})
    api.call("POST", f"{base}/text", {**text, "filename": "project notes"})
    api.upload(
        "/api/images", {"alt": "A teal square"}, {"image": ("teal.png", _png(), "image/png")}
    )


def _reader(api: Api, url: str, *path: str | int) -> Callable[[], dict[str, Any]]:
    """Reads `url` and walks `path` into the response (a list item by `_id` for a str key)."""

    def read() -> dict[str, Any]:
        value = api.get(url)
        for key in path:
            if isinstance(value, list) and isinstance(key, str):
                value = next(item for item in value if item["_id"] == key)
            else:
                value = value[key]
        return value

    return read


def _suffix(value: Any) -> Any:
    return f"{value} (edited)".strip()


def _flip(value: Any) -> Any:
    return not value


def rows(api: Api, include_builtin: bool) -> list[Row]:
    me = api.get("/api/users/me")
    own = [
        Row(
            "users/me",
            me["email"],
            _reader(api, "/api/users/me"),
            "/api/users/me",
            ("name", _suffix),
        )
    ]
    for tag in api.get("/api/tags"):
        if tag["ownerId"] == me["_id"]:
            read = _reader(api, "/api/tags", tag["_id"])
            own.append(Row("tags", tag["name"], read, f"/api/tags/{tag['_id']}", ("name", _suffix)))
    for project in api.get("/api/projects"):
        url = f"/api/projects/{project['_id']}"
        own.append(Row("projects", project["title"], _reader(api, url), url, ("title", _suffix)))
        for material in api.get(f"{url}/materials"):
            m_url = f"{url}/materials/{material['_id']}"
            label = material["fileMeta"]["filename"]
            own.append(
                Row("projects/materials", label, _reader(api, m_url), m_url, ("enabled", _flip))
            )
    for template in api.get("/api/pptx-files"):
        if not template["canEdit"] or (template["builtin"] and not include_builtin):
            continue
        url = f"/api/pptx-files/{template['_id']}"
        name = template["filename"]
        own.append(Row("pptx-files", name, _reader(api, url), url, ("description", _suffix)))
        for slide in api.get(url)["parsedSlides"]:
            n = slide["slideNumber"]
            own.append(
                Row(
                    "pptx-files/slides",
                    f"{name} #{n}",
                    _reader(api, url, "parsedSlides", n - 1),
                    f"{url}/slides/{n}/description",
                    ("description", _suffix),
                    stand_in="slideNumber",
                )
            )
            for index, element in enumerate(slide["elements"]):
                own.append(
                    Row(
                        "pptx-files/elements",
                        f"#{n}.{index} {element['name']}",
                        _reader(api, url, "parsedSlides", n - 1, "elements", index),
                        f"{url}/slides/{n}/element-locked",
                        ("isLocked", _flip),
                        {"elementIndex": index},
                        stand_in="shapeId",
                    )
                )
    for image in api.get("/api/images"):
        url = f"/api/images/{image['_id']}"
        read, label = _reader(api, url), image["filename"]
        tag_ids = [_own_tag(api, me)]
        own.append(Row("images/alt", label, read, f"{url}/alt", ("alt", _suffix)))
        own.append(
            Row(
                "images/tags",
                label,
                read,
                f"{url}/tags",
                ("tagIds", lambda v, t=tag_ids: [] if v else t),
            )
        )
        own.append(Row("images/make-public", label, read, f"{url}/make-public", None))
    for material in api.get("/api/materials"):
        url = f"/api/materials/{material['_id']}"
        label = material["fileMeta"]["filename"]
        own.append(Row("materials", label, _reader(api, url), url, ("enabled", _flip)))
    return own


def _own_tag(api: Api, me: dict[str, Any]) -> str:
    tags = [tag["_id"] for tag in api.get("/api/tags") if tag["ownerId"] == me["_id"]]
    if tags:
        return tags[0]
    return api.call("POST", "/api/tags", {"name": "roundtrip"})[1]["_id"]


def _changed(name: str, value: Any) -> Any:
    if name == "role":
        return "User" if value == "Admin" else "Admin"
    if isinstance(value, int) and not isinstance(value, bool):
        return value + 1
    return OTHER_ID


def check(api: Api, row: Row) -> dict[str, str]:
    cells: dict[str, str] = {}

    def put(body: dict[str, Any]) -> tuple[int, Any]:
        return api.call("PUT", row.put_url, {**body, **row.extra})

    before = row.read()
    if row.edit is None:
        cells["unchanged"] = cells["edited"] = "skip"
    else:
        status, body = put(before)
        cells["unchanged"] = str(status) if status == 200 else f"FAIL {status} {_code(body)}"
        name, change = row.edit
        current = row.read()
        status, body = put({**current, name: change(current[name])})
        seen = row.read()[name] == change(current[name]) if status == 200 else False
        cells["edited"] = f"{status} {name}" if seen else f"FAIL {status} {_code(body)}"
        status, _ = put({**row.read(), name: current[name]})  # put the old value back
        if status != 200:
            cells["edited"] += f" (restore {status})"
    names = [n for n in IDENTITY if n in before] or ([row.stand_in] if row.stand_in else [])
    for name in IDENTITY:
        cells[name] = "—"
    for name in names:
        current = row.read()
        status, body = put({**current, name: _changed(name, current[name])})
        unchanged = row.read() == current
        ok = 400 <= status < 500 and _code(body) == "read_only_field" and unchanged
        column = name if name in IDENTITY else "_id"
        label = f"{status} {_code(body)}" + ("" if name in IDENTITY else f" ({name})")
        cells[column] = label if ok else f"FAIL {label}" + ("" if unchanged else " CHANGED")
    return cells


def _code(body: Any) -> str:
    return body.get("errorCode", "") if isinstance(body, dict) else ""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("url", help="the server, e.g. http://127.0.0.1:8600")
    parser.add_argument("token", help="a bearer token (POST /api/auth/login returns one)")
    parser.add_argument("--seed", action="store_true", help="first create one of each object")
    parser.add_argument("--pptx", help="with --seed: the template to upload")
    parser.add_argument("--include-builtin", action="store_true", help="also the built-ins")
    args = parser.parse_args()
    api = Api(args.url, args.token)
    if args.seed:
        pptx = None
        if args.pptx:
            with open(args.pptx, "rb") as handle:
                pptx = handle.read()
        seed(api, pptx)
    columns = ["unchanged", "edited", *IDENTITY]
    table = [(row.kind, row.label[:28], check(api, row)) for row in rows(api, args.include_builtin)]
    widths = [max(len(kind) for kind, _, _ in table), max(len(label) for _, label, _ in table)]
    widths += [max(len(col), *(len(cells[col]) for _, _, cells in table)) for col in columns]
    print(
        "  ".join(h.ljust(w) for h, w in zip(["endpoint", "object", *columns], widths, strict=True))
    )
    for kind, label, cells in table:
        values = [kind, label, *(cells[col] for col in columns)]
        print("  ".join(v.ljust(w) for v, w in zip(values, widths, strict=True)).rstrip())
    failed = sum("FAIL" in cell for _, _, cells in table for cell in cells.values())
    print(f"\n{len(table)} objects, {failed} failed cells")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
