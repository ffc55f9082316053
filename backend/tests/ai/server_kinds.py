"""Small HTTP servers that answer as llama.cpp, llama.cpp's Python server, Ollama and vLLM do
(answers recorded from their documentation and, for llama-cpp-python, from the real server),
recording what they are asked: the contract tests of `ai.endpoint` and `ai.structured_modes`.

Chat completions answer a schema-shaped JSON object for the modes the server understands and
fail as the real server does for the others; the answer to the probe's question is
`{"colour": "blue", "count": 3}`, to anything else the `task_answer` given.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from slidewright.ai.fake_server import send_answer

PROBE_ANSWER = {"colour": "blue", "count": 3}
Reply = tuple[int, Any]


def _chat(content: str) -> dict[str, Any]:
    return {
        "id": "chatcmpl-1",
        "object": "chat.completion",
        "created": 1,
        "model": "m",
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": content},
                "finish_reason": "stop",
            }
        ],
        "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15},
    }


def mode_of(body: dict[str, Any]) -> str:
    """Which structured-output mode a chat request uses."""
    response_format = body.get("response_format") or {}
    if response_format.get("type") == "json_schema":
        return "json_schema"
    if response_format.get("type") == "json_object":
        return "json_object_schema" if "schema" in response_format else "json_object"
    if "guided_json" in body:
        return "guided_json"
    return "none"


@dataclass
class ServerKind:
    """`routes`: (method, path) -> reply; `modes`: the modes whose constraint the server
    applies; `refuses`: mode -> HTTP status it answers; other modes are answered with
    `loose_answer` (what an unconstrained small model writes)."""

    routes: dict[tuple[str, str], Reply]
    modes: frozenset[str]
    refuses: dict[str, int] = field(default_factory=dict)
    loose_answer: str = "Sure! Here is your answer: colour blue."
    task_answer: Callable[[dict[str, Any]], str] = lambda body: json.dumps(PROBE_ANSWER)


LLAMA_CPP_PYTHON = ServerKind(
    routes={
        ("GET", "/v1/models"): (
            200,
            {
                "object": "list",
                "data": [{"id": "/models/gemma-3-270m.gguf", "object": "model", "owned_by": "me"}],
            },
        ),
        ("POST", "/extras/tokenize/count"): (200, {"count": 7}),
    },
    modes=frozenset({"json_object_schema"}),
    refuses={"json_schema": 500},
)
LLAMA_CPP = ServerKind(
    routes={
        ("GET", "/v1/models"): (
            200,
            {"object": "list", "data": [{"id": "gemma", "object": "model"}]},
        ),
        ("GET", "/props"): (
            200,
            {"default_generation_settings": {"n_ctx": 4096}, "total_slots": 1},
        ),
        ("POST", "/tokenize"): (200, {"tokens": [1, 2, 3, 4]}),
    },
    modes=frozenset({"json_object_schema", "json_schema"}),
)
OLLAMA = ServerKind(
    routes={
        ("GET", "/v1/models"): (200, {"object": "list", "data": [{"id": "qwen2.5:7b"}]}),
        ("GET", "/api/version"): (200, {"version": "0.6.5"}),
        ("POST", "/api/show"): (
            200,
            {
                "parameters": 'num_ctx                        8192\nstop "<|im_end|>"',
                "model_info": {"qwen2.context_length": 32768},
            },
        ),
    },
    modes=frozenset({"json_schema"}),
)
VLLM = ServerKind(
    routes={
        ("GET", "/v1/models"): (
            200,
            {
                "object": "list",
                "data": [{"id": "Qwen/Qwen2.5-7B-Instruct", "max_model_len": 16384}],
            },
        ),
        ("POST", "/tokenize"): (200, {"count": 5, "max_model_len": 16384, "tokens": [1] * 5}),
    },
    modes=frozenset({"guided_json"}),
    refuses={"json_schema": 400},  # an older vLLM
)
PLAIN = ServerKind(routes={}, modes=frozenset())  # no structured output at all


class KindServer:
    """A `ServerKind` on loopback, recording every request."""

    def __init__(self, kind: ServerKind) -> None:
        self.kind = kind
        self.requests: list[tuple[str, str, dict[str, Any]]] = []
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}/v1"

    def chats(self) -> list[dict[str, Any]]:
        with self._lock:
            return [body for method, path, body in self.requests if path.endswith("/completions")]

    def __enter__(self) -> KindServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()

    def reply(self, method: str, path: str, body: dict[str, Any]) -> Reply:
        with self._lock:
            self.requests.append((method, path, body))
        if path == "/v1/chat/completions":
            return self._chat(body)
        return self.kind.routes.get((method, path), (404, {"error": "not found"}))

    def _chat(self, body: dict[str, Any]) -> Reply:
        mode = mode_of(body)
        if mode in self.kind.refuses:
            return self.kind.refuses[mode], {"error": {"message": f"{mode} not supported"}}
        if mode not in self.kind.modes:  # a field it ignores: the small model writes prose
            return 200, _chat(self.kind.loose_answer)
        if "colour" in json.dumps(body.get("messages", [])):
            return 200, _chat(json.dumps(PROBE_ANSWER))
        return 200, _chat(self.kind.task_answer(body))

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:
                pass

            def do_GET(self) -> None:
                send_answer(self, *server.reply("GET", self.path, {}))

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = json.loads(self.rfile.read(length) or b"{}")
                status, answer = server.reply("POST", self.path, body)
                send_answer(self, status, answer, stream=bool(body.get("stream")))

        return Handler
