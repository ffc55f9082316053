"""A fake OpenAI-compatible server for tests, benchmarks and end-to-end runs (stdlib only).

    python -m slidewright.ai.fake_server --port 8765
    SLIDEWRIGHT_AI_BASE_URL=http://127.0.0.1:8765/v1 SLIDEWRIGHT_AI_MODEL=fake-model ...

It serves `POST /v1/chat/completions` and `POST /v1/images/generations`, records every
request, and answers:
- by default, a schema-valid answer for the task (named by the `json_schema` response format,
  or by the prompt's '# Task: ...' line), built from the JSON data block of the prompt, in the
  language the system prompt asks for, with `usage` token counts (about 4 characters a token);
- or, when scripted with `enqueue`, a given status and body, raw text content, a delay, or a
  hold (the answer waits until the test sets an event: a request kept in flight on cue).
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import io
import json
import re
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

_TASK = re.compile(r"^# Task: ([a-z_]+)", re.MULTILINE)
_DATA = re.compile(r"```json\n(.*?)\n```", re.DOTALL)
HOLD_TIMEOUT_S = 60.0  # a held answer goes out anyway after this (a test that never released it)


@dataclass
class Scripted:
    """One scripted answer: an HTTP error (`status` >= 400), raw `content` for the assistant
    message, or a `delay` (seconds) before the default answer. `hold`: the answer waits until
    the test sets this event (at most `HOLD_TIMEOUT_S`), so the app's request is in flight for
    exactly as long as the test needs, however slow the machine."""

    status: int = 200
    content: str | None = None
    body: dict[str, Any] | None = None
    delay: float = 0.0
    chunk_delay: float = 0.0  # seconds between the pieces of a streamed answer
    plain: bool = False  # one JSON body even when a stream is asked (a server ignoring it)
    raw_stream: bytes | None = None  # these bytes as the event stream (a broken server)
    hold: threading.Event | None = None


@dataclass
class Recorded:
    path: str
    body: dict[str, Any]
    headers: dict[str, str] = field(default_factory=dict)

    @property
    def messages(self) -> list[dict[str, Any]]:
        return list(self.body.get("messages") or [])

    def text(self) -> str:
        """Every text part of every message, joined."""
        parts = []
        for message in self.messages:
            content = message.get("content")
            if isinstance(content, str):
                parts.append(content)
            elif isinstance(content, list):
                parts.extend(p.get("text", "") for p in content if p.get("type") == "text")
        return "\n".join(parts)


def _png(width: int = 64, height: int = 48) -> bytes:
    from PIL import Image

    buffer = io.BytesIO()
    Image.new("RGB", (width, height), (200, 90, 60)).save(buffer, format="PNG")
    return buffer.getvalue()


def _chinese(system: str) -> bool:
    """Whether the system prompt's language instruction asks for Chinese."""
    return re.search(r"every text in (?:Simplified|Traditional) Chinese", system) is not None


def _text(base: str, zh: bool, limit: int | None = None) -> str:
    text = f"示例内容：{base}" if zh else f"Sample content for {base}"
    return text[:limit] if limit else text


def _value(element: dict[str, Any], zh: bool, images: list[dict[str, Any]]) -> dict[str, Any]:
    name = element.get("name", "")
    kind = element.get("type")
    value: dict[str, Any] = {
        "name": name,
        "text": None,
        "imageId": None,
        "table": None,
        "chart": None,
    }
    if kind == "picture":
        value["imageId"] = images[0]["id"] if images else None
    elif kind == "table":
        value["table"] = {"rows": [["项目", "数值"] if zh else ["Item", "Value"], ["A", "1"]]}
    elif kind == "chart":
        value["chart"] = {
            "categories": ["A", "B", "C"],
            "series": [{"name": "S1", "values": [1, 2, 3]}],
        }
    else:
        limit = element.get("maxCharsCjk" if zh else "maxChars")
        value["text"] = _text(name, zh, limit)
    return value


def default_answer(task: str, data: dict[str, Any], zh: bool) -> dict[str, Any]:
    """A schema-valid answer for `task`, from the prompt's data."""
    if task == "probe":  # the app asking which structured-output mode works
        return {"colour": "blue", "count": 3}
    if task == "recommend_deck":
        templates = data.get("templates") or []
        return {
            "title": _text("deck", zh, 40),
            "pptxFileId": templates[0]["id"] if templates else None,
            "numSlides": data.get("defaultNumSlides", 8),
            "matchReason": _text("reason", zh),
        }
    if task == "outline":
        slides = data.get("templateSlides") or []
        count = int(data.get("numSlides") or 5)
        return {
            "slides": [
                {
                    "contentDescription": _text(f"slide {i + 1}", zh),
                    "pptxSlideNumber": slides[i % len(slides)]["slideNumber"] if slides else None,
                    "reason": _text("choice", zh),
                }
                for i in range(count)
            ]
        }
    if task == "outline_edits":
        return {
            "edits": [
                {
                    "op": "insert",
                    "path": "slides/-",
                    "value": {
                        "contentDescription": _text("new slide", zh),
                        "pptxSlideNumber": None,
                    },
                    "reason": _text("asked", zh),
                }
            ]
        }
    if task == "slide_descriptions":
        return {
            "descriptions": [
                {
                    "slideIndex": index,
                    "description": _text(f"slide {index}", zh),
                    "reasonForRecommendation": _text("reason", zh),
                }
                for index in data.get("targets") or []
            ]
        }
    if task == "template_slide":
        slides = data.get("templateSlides") or [{"slideNumber": 1}]
        return {"slideNumber": slides[0]["slideNumber"], "reason": _text("choice", zh)}
    if task == "element_value":
        element = data.get("element") or {}
        return {
            "value": _value(element, zh, data.get("images") or []),
            "reason": _text("reason", zh),
        }
    if task == "slide_data":
        images = data.get("images") or []
        return {
            "values": [_value(e, zh, images) for e in data.get("elements") or []],
            "notes": _text("notes", zh),
        }
    if task == "template_description":
        return {"description": _text("template", zh)}
    if task == "template_slides":
        return {
            "slides": [
                {"slideNumber": s["slideNumber"], "description": _text("slide", zh)}
                for s in data.get("slides") or []
            ]
        }
    if task == "image_describe":
        return {"description": _text("image", zh)}
    return {}


class FakeOpenAI:
    """The server. Use as a context manager, or `start()` / `stop()`."""

    def __init__(self, host: str = "127.0.0.1", port: int = 0) -> None:
        self.requests: list[Recorded] = []
        self.script: deque[Scripted] = deque()
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer((host, port), self._handler())
        self._server.daemon_threads = True
        self._thread: threading.Thread | None = None

    @property
    def base_url(self) -> str:
        host, port = self._server.server_address[:2]
        name = host.decode() if isinstance(host, bytes) else str(host)
        return f"http://{name}:{port}/v1"

    def enqueue(self, *answers: Scripted) -> None:
        with self._lock:
            self.script.extend(answers)

    def reset(self) -> None:
        with self._lock:
            self.script.clear()
            self.requests.clear()

    def snapshot(self) -> list[Recorded]:
        with self._lock:
            return list(self.requests)

    def chat_requests(self) -> list[Recorded]:
        return [r for r in self.requests if r.path.endswith("/chat/completions")]

    def start(self) -> FakeOpenAI:
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()

    def __enter__(self) -> FakeOpenAI:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def _next(self) -> Scripted | None:
        with self._lock:
            return self.script.popleft() if self.script else None

    def _record(self, recorded: Recorded) -> None:
        with self._lock:
            self.requests.append(recorded)

    def answer(
        self, path: str, body: dict[str, Any]
    ) -> tuple[int, dict[str, Any], Scripted | None]:
        """The status, the body, and the scripted answer it follows (how to stream it)."""
        scripted = None
        if path.endswith(("/chat/completions", "/images/generations")):
            scripted = self._next()
        status, answer = self._answer(path, body, scripted)
        return status, answer, scripted

    def _answer(
        self, path: str, body: dict[str, Any], scripted: Scripted | None
    ) -> tuple[int, dict[str, Any]]:
        if not path.endswith(("/chat/completions", "/images/generations")):
            # A probe for another server's endpoint (llama.cpp's /tokenize, Ollama's
            # /api/show): not this server's, and no scripted answer is spent on it.
            return 404, {"error": {"message": "not found", "type": "fake"}}
        if scripted is not None and scripted.hold is not None:
            scripted.hold.wait(HOLD_TIMEOUT_S)
        if scripted is not None and scripted.delay:
            time.sleep(scripted.delay)
        if scripted is not None and scripted.status >= 400:
            error = scripted.body or {
                "error": {"message": f"scripted {scripted.status}", "type": "fake"}
            }
            return scripted.status, error
        if path.endswith("/images/generations"):
            return 200, {
                "created": int(time.time()),
                "data": [{"b64_json": base64.b64encode(_png()).decode("ascii")}],
            }
        if not path.endswith("/chat/completions"):
            return 404, {"error": {"message": "not found", "type": "fake"}}
        record = Recorded(path, body)
        if scripted is not None and scripted.content is not None:
            content = scripted.content
        else:
            content = json.dumps(self._default(body), ensure_ascii=False)
        prompt_chars = len(record.text())
        return 200, {
            "id": "chatcmpl-fake",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": body.get("model", "fake"),
            "choices": [
                {
                    "index": 0,
                    "message": {"role": "assistant", "content": content},
                    "finish_reason": "stop",
                }
            ],
            "usage": {
                "prompt_tokens": prompt_chars // 4,
                "completion_tokens": len(content) // 4,
                "total_tokens": (prompt_chars + len(content)) // 4,
            },
        }

    @staticmethod
    def _default(body: dict[str, Any]) -> dict[str, Any]:
        record = Recorded("", body)
        text = record.text()
        system = next(
            (m.get("content", "") for m in record.messages if m.get("role") == "system"), ""
        )
        response_format = body.get("response_format") or {}
        task = (response_format.get("json_schema") or {}).get("name")
        if not task:
            found = _TASK.search(text)
            task = found.group(1) if found else ""
        if not task and '"colour"' in text:
            task = "probe"
        blocks = _DATA.findall(text)
        try:
            data = json.loads(blocks[0]) if blocks else {}
        except json.JSONDecodeError:
            data = {}
        return default_answer(task, data, _chinese(str(system)))

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:  # quiet
                pass

            def do_GET(self) -> None:
                # `GET /_recorded`: what was asked so far, for end-to-end tests that run the
                # server in another process (in-process tests read `requests` directly).
                if self.path != "/_recorded":
                    self.send_error(404)
                    return
                self._send_json(200, [{"path": r.path, "body": r.body} for r in fake.snapshot()])

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length) if length else b"{}"
                try:
                    body = json.loads(raw or b"{}")
                except json.JSONDecodeError:
                    body = {}
                if self.path.endswith(("/chat/completions", "/images/generations")):
                    fake._record(Recorded(self.path, body, dict(self.headers.items())))
                status, answer, scripted = fake.answer(self.path, body)
                stream = bool(body.get("stream")) and not (scripted and scripted.plain)
                with contextlib.suppress(BrokenPipeError, ConnectionResetError):
                    if scripted is not None and scripted.raw_stream is not None:
                        self._send_raw(scripted.raw_stream)
                        return
                    pause = scripted.chunk_delay if scripted else 0.0
                    send_answer(self, status, answer, stream=stream, pause=pause)

            def _send_raw(self, data: bytes) -> None:
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Connection", "close")
                self.end_headers()
                self.wfile.write(data)

            def _send_json(self, status: int, answer: Any) -> None:
                with contextlib.suppress(BrokenPipeError, ConnectionResetError):
                    send_answer(self, status, answer)

        return Handler


def send_answer(
    handler: BaseHTTPRequestHandler,
    status: int,
    answer: Any,
    *,
    stream: bool = False,
    pause: float = 0.0,
) -> None:
    """Writes `answer` as JSON or, for a chat completion asked with `"stream": true`, as the
    server-sent events OpenAI sends: a chunk per piece of the content (`pause` seconds apart),
    a last chunk with the finish reason and the usage, then `[DONE]`."""
    choices = answer.get("choices") if isinstance(answer, dict) else None
    if not (stream and status == 200 and choices):
        data = json.dumps(answer, ensure_ascii=False).encode("utf-8")
        handler.send_response(status)
        handler.send_header("Content-Type", "application/json")
        handler.send_header("Content-Length", str(len(data)))
        handler.end_headers()
        handler.wfile.write(data)
        return
    handler.send_response(200)
    handler.send_header("Content-Type", "text/event-stream")
    handler.send_header("Cache-Control", "no-cache")
    handler.send_header("Connection", "close")
    handler.end_headers()
    head = {k: answer[k] for k in ("id", "created", "model") if k in answer}

    def event(delta: dict[str, Any], finish: str | None, **extra: Any) -> None:
        chunk = {
            **head,
            "object": "chat.completion.chunk",
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
            **extra,
        }
        line = f"data: {json.dumps(chunk, ensure_ascii=False)}\n\n".encode()
        handler.wfile.write(line)
        handler.wfile.flush()

    content = str((choices[0].get("message") or {}).get("content") or "")
    event({"role": "assistant", "content": ""}, None)
    step = max(1, len(content) // 8)
    for start in range(0, len(content), step):
        if pause:
            time.sleep(pause)
        event({"content": content[start : start + step]}, None)
    usage = {"usage": answer["usage"]} if answer.get("usage") else {}
    event({}, choices[0].get("finish_reason") or "stop", **usage)
    handler.wfile.write(b"data: [DONE]\n\n")
    handler.wfile.flush()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8765)
    args = parser.parse_args()
    server = FakeOpenAI(args.host, args.port)
    print(f"fake OpenAI-compatible server on {server.base_url}", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        server._server.serve_forever()


if __name__ == "__main__":
    main()
