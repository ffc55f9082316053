"""What the model server is and can do: its models, its context window, whether it counts
tokens, and which structured-output mode works (see `structured_modes`).

Asked on first use (cached), again after a call fails in a way a different mode or a smaller
prompt might fix, and on demand (`slidewright ai check`, the admin's Test connection). Each
question is one cheap request with a short timeout; a server that does not know a question
(404, an error, a non-JSON page) simply leaves the answer unknown:

- models: `GET /v1/models` (every OpenAI-compatible server; vLLM adds `max_model_len`);
- llama.cpp's server: `GET /props` (`n_ctx`), tokens counted by `POST /tokenize`;
- llama.cpp's Python server (llama-cpp-python): `POST /extras/tokenize/count`; it does not
  say its context, whose default is 2048 tokens;
- Ollama: `GET /api/version`, then `POST /api/show` (`num_ctx` when set, else Ollama's
  default window, not the model's maximum: Ollama cuts longer prompts silently);
- vLLM: `POST /tokenize`.

A context window nobody states is assumed small for a server on a private address (2048
tokens: what local servers start with) and large for a public service; an overflow error that
names the window corrects it (`context_from_error`). `SLIDEWRIGHT_AI_CONTEXT_TOKENS` wins.
"""

from __future__ import annotations

import ipaddress
import logging
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlsplit

import httpx

from slidewright.ai import structured_modes

log = logging.getLogger("slidewright.ai")

LOCAL_DEFAULT_CONTEXT = 2048
OLLAMA_DEFAULT_CONTEXT = 2048
CLOUD_DEFAULT_CONTEXT = 32_000
PROBE_TIMEOUT = 30.0  # a one-slot server answers after the request it is busy with
COUNT_TIMEOUT = 5.0  # counting a prompt's tokens: cheap, or not worth waiting for
NOT_IN_SCHEMA = "answer not in the schema"  # a mode the server accepts but does not enforce

_CONTEXT_IN_ERROR = re.compile(
    r"(?:context window of|maximum context length is|context length (?:is|of)|"
    r"context size (?:is|of)|n_ctx\W{0,4})\s*(\d{3,7})",
    re.IGNORECASE,
)


@dataclass
class ModeTrial:
    mode: str
    ok: bool
    detail: str  # "valid", "invalid JSON", "HTTP 500"...
    seconds: float


@dataclass
class EndpointProfile:
    server: str  # llama.cpp, llama-cpp-python, ollama, vllm or unknown
    models: list[str]
    context_tokens: int
    context_source: str  # setting, server, error or assumed
    tokenizer: str | None  # the server's token-counting endpoint, when it has one
    mode: str
    mode_source: str  # setting or probed
    trials: list[ModeTrial] = field(default_factory=list)
    slots: int | None = None  # requests the server runs at once, when it says
    checked_at: datetime = field(default_factory=lambda: datetime.now(UTC))
    reachable: bool = True

    def summary(self) -> dict[str, Any]:
        return {
            "server": self.server,
            "models": self.models[:50],
            "contextTokens": self.context_tokens,
            "contextSource": self.context_source,
            "tokenCounting": "server" if self.tokenizer else "estimate",
            "mode": self.mode,
            "modeSource": self.mode_source,
            "slots": self.slots,
            "trials": [
                {"mode": t.mode, "ok": t.ok, "detail": t.detail, "seconds": round(t.seconds, 2)}
                for t in self.trials
            ],
            "checkedAt": self.checked_at.isoformat(),
            "reachable": self.reachable,
        }


def root_url(base_url: str) -> str:
    """The server's root: llama.cpp, Ollama and vLLM keep their own endpoints beside /v1."""
    base = base_url.rstrip("/")
    return base[: -len("/v1")] if base.endswith("/v1") else base


def is_private(base_url: str) -> bool:
    host = urlsplit(base_url).hostname or ""
    if host in ("localhost",) or host.endswith((".local", ".internal", ".lan")) or "." not in host:
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return address.is_private or address.is_loopback or address.is_link_local


def context_from_error(message: str) -> int | None:
    found = _CONTEXT_IN_ERROR.search(message or "")
    return int(found.group(1)) if found else None


class _Http:
    """GET/POST that answer parsed JSON, or None when the server does not understand."""

    def __init__(self, client: httpx.Client, headers: dict[str, str]) -> None:
        self.client = client
        self.headers = headers

    def get(self, url: str, *, unreachable_raises: bool = False) -> Any:
        return self._json(lambda: self.client.get(url, headers=self.headers), unreachable_raises)

    def post(self, url: str, body: dict[str, Any]) -> Any:
        return self._json(lambda: self.client.post(url, json=body, headers=self.headers), False)

    @staticmethod
    def _json(send: Callable[[], httpx.Response], unreachable_raises: bool) -> Any:
        """`unreachable_raises`: a server that refuses the connection raises (the first
        question of a probe: is anyone there?); any other failure is "does not know"."""
        try:
            response = send()
        except httpx.TimeoutException:
            return None
        except httpx.TransportError:
            if unreachable_raises:
                raise
            return None
        if response.status_code >= 400:
            return None
        try:
            return response.json()
        except ValueError:
            return None


@dataclass
class _Facts:
    server: str = "unknown"
    models: list[str] = field(default_factory=list)
    context: int | None = None
    tokenizer: str | None = None
    slots: int | None = None  # requests the server runs at once, when it says


def _ollama_context(show: Any) -> int | None:
    parameters = str((show or {}).get("parameters") or "")
    found = re.search(r"^\s*num_ctx\s+(\d+)", parameters, re.MULTILINE)
    return int(found.group(1)) if found else OLLAMA_DEFAULT_CONTEXT


def server_facts(http: _Http, base_url: str, model: str) -> _Facts:
    """Raises httpx.ConnectError (or another transport error) when nothing answers."""
    facts = _Facts()
    root = root_url(base_url)
    listed = http.get(f"{base_url.rstrip('/')}/models", unreachable_raises=True)
    items = listed.get("data") if isinstance(listed, dict) else None
    windows: dict[str, int] = {}  # vLLM says each model's window
    for item in items if isinstance(items, list) else []:
        if isinstance(item, dict) and item.get("id"):
            facts.models.append(str(item["id"]))
            if isinstance(item.get("max_model_len"), int):
                windows[str(item["id"])] = int(item["max_model_len"])
    if windows:
        facts.server = "vllm"
        facts.context = windows.get(model) or min(windows.values())
    if facts.server == "vllm":
        if http.post(f"{root}/tokenize", {"model": model, "prompt": "hi"}) is not None:
            facts.tokenizer = "vllm"
        return facts
    props = http.get(f"{root}/props")
    if isinstance(props, dict) and ("default_generation_settings" in props or "n_ctx" in props):
        settings = props.get("default_generation_settings") or {}
        n_ctx = settings.get("n_ctx") or props.get("n_ctx")
        facts.server = "llama.cpp"
        facts.context = int(n_ctx) if isinstance(n_ctx, int) else None
        slots = props.get("total_slots")
        facts.slots = int(slots) if isinstance(slots, int) and slots > 0 else None
        if http.post(f"{root}/tokenize", {"content": "hi"}) is not None:
            facts.tokenizer = "llama.cpp"
        return facts
    counted = http.post(f"{root}/extras/tokenize/count", {"input": "hi", "model": model})
    if isinstance(counted, dict) and isinstance(counted.get("count"), int):
        facts.server, facts.tokenizer = "llama-cpp-python", "llama-cpp-python"
        facts.context = LOCAL_DEFAULT_CONTEXT  # its default n_ctx; an overflow error corrects it
        facts.slots = 1  # one model behind a lock: a second request only waits (and times out)
        return facts
    version = http.get(f"{root}/api/version")
    if isinstance(version, dict) and "version" in version:
        facts.server = "ollama"
        facts.context = _ollama_context(http.post(f"{root}/api/show", {"model": model}))
    return facts


def count_tokens(http: _Http, base_url: str, tokenizer: str, model: str, text: str) -> int | None:
    root = root_url(base_url)
    if tokenizer == "llama.cpp":
        answer = http.post(f"{root}/tokenize", {"content": text})
        tokens = (answer or {}).get("tokens") if isinstance(answer, dict) else None
        return len(tokens) if isinstance(tokens, list) else None
    if tokenizer == "llama-cpp-python":
        answer = http.post(f"{root}/extras/tokenize/count", {"input": text, "model": model})
    else:
        answer = http.post(f"{root}/tokenize", {"model": model, "prompt": text})
    count = answer.get("count") if isinstance(answer, dict) else None
    return count if isinstance(count, int) else None


def probe(
    *,
    base_url: str,
    api_key: str,
    model: str,
    mode_setting: str,
    context_setting: int | None,
    try_mode: Callable[[str], ModeTrial],
    every_mode: bool = False,
    client: httpx.Client | None = None,
) -> EndpointProfile:
    """The server's profile. `try_mode` asks for a small schema-shaped answer in one mode;
    with `every_mode` all modes are tried (for a report), else until one works."""
    owned = client is None  # a client made here is closed here (no socket left behind)
    http = _Http(client or httpx.Client(timeout=PROBE_TIMEOUT), _auth(api_key))
    try:
        return _probe(http, base_url, model, mode_setting, context_setting, try_mode, every_mode)
    finally:
        if owned:
            http.client.close()


def _probe(
    http: _Http,
    base_url: str,
    model: str,
    mode_setting: str,
    context_setting: int | None,
    try_mode: Callable[[str], ModeTrial],
    every_mode: bool,
) -> EndpointProfile:
    try:
        facts = server_facts(http, base_url, model)
    except httpx.HTTPError as exc:
        log.warning("AI endpoint %s does not answer: %s", base_url, exc)
        return EndpointProfile(
            server="unknown",
            models=[],
            context_tokens=context_setting or _assumed_context(base_url),
            context_source="setting" if context_setting else "assumed",
            tokenizer=None,
            mode=mode_setting if mode_setting != "auto" else "json_object",
            mode_source="setting" if mode_setting != "auto" else "assumed",
            reachable=False,
        )
    if context_setting:
        context, source = context_setting, "setting"
    elif facts.context:
        context, source = facts.context, "server"
    else:
        context, source = _assumed_context(base_url), "assumed"
    trials: list[ModeTrial] = []
    if mode_setting != "auto":
        mode, mode_source = mode_setting, "setting"
        if every_mode:  # a report says what works, even when the setting decides
            _pick_mode(facts.server, try_mode, trials, every_mode)
    else:
        mode, mode_source = _pick_mode(facts.server, try_mode, trials, every_mode), "probed"
    profile = EndpointProfile(
        server=facts.server,
        models=facts.models,
        context_tokens=context,
        context_source=source,
        tokenizer=facts.tokenizer,
        mode=mode,
        mode_source=mode_source,
        trials=trials,
        slots=facts.slots,
    )
    log.info(
        "AI endpoint: server=%s context=%s (%s) tokenizer=%s mode=%s trials=%s",
        profile.server,
        profile.context_tokens,
        profile.context_source,
        profile.tokenizer,
        profile.mode,
        [(t.mode, t.detail) for t in trials],
    )
    return profile


def _pick_mode(
    server: str, try_mode: Callable[[str], ModeTrial], trials: list[ModeTrial], every_mode: bool
) -> str:
    chosen: str | None = None
    for mode in structured_modes.trial_order(server):
        if chosen is not None and not every_mode:
            break
        started = time.perf_counter()
        trial = try_mode(mode)
        trial.seconds = time.perf_counter() - started
        trials.append(trial)
        if trial.ok and chosen is None:
            chosen = mode
    if chosen is not None:
        return chosen
    # Nothing came back valid: the weakest mode the server at least accepts (its answers are
    # read leniently and checked field by field).
    answered = [t.mode for t in trials if t.detail == NOT_IN_SCHEMA]
    return next((m for m in ("json_object", "none") if m in answered), "none")


def _assumed_context(base_url: str) -> int:
    return LOCAL_DEFAULT_CONTEXT if is_private(base_url) else CLOUD_DEFAULT_CONTEXT


def _auth(api_key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {api_key}"} if api_key else {}


def new_http(api_key: str, timeout: float = PROBE_TIMEOUT) -> _Http:
    return _Http(httpx.Client(timeout=timeout), _auth(api_key))
