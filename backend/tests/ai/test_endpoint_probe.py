"""Contract tests of the server probe (`ai.endpoint`) and the structured-output request shapes
(`ai.structured_modes`) against servers answering as llama.cpp, its Python server, Ollama and
vLLM do, and one that supports no structured output at all."""

from __future__ import annotations

import pytest

from slidewright.ai import endpoint, structured_modes
from slidewright.ai.providers.openai_compat import OpenAICompatProvider
from tests.ai.server_kinds import (
    LLAMA_CPP,
    LLAMA_CPP_PYTHON,
    OLLAMA,
    PLAIN,
    VLLM,
    KindServer,
    ServerKind,
    mode_of,
)


def _provider(server: KindServer, **options: object) -> OpenAICompatProvider:
    settings: dict = {"base_url": server.base_url, "api_key": "not-needed", "model": "m", **options}
    return OpenAICompatProvider(**settings)


@pytest.mark.parametrize(
    ("kind", "name", "context", "tokenizer", "mode"),
    [
        (LLAMA_CPP_PYTHON, "llama-cpp-python", 2048, "llama-cpp-python", "json_object_schema"),
        (LLAMA_CPP, "llama.cpp", 4096, "llama.cpp", "json_object_schema"),
        (OLLAMA, "ollama", 8192, None, "json_schema"),
        (VLLM, "vllm", 16384, "vllm", "guided_json"),
        (PLAIN, "unknown", 2048, None, "json_object"),
    ],
)
def test_the_probe_finds_the_server_its_window_and_the_strongest_mode_that_works(
    kind: ServerKind, name: str, context: int, tokenizer: str | None, mode: str
) -> None:
    with KindServer(kind) as server:
        profile = _provider(server).profile()
    assert (profile.server, profile.context_tokens, profile.tokenizer, profile.mode) == (
        name,
        context,
        tokenizer,
        mode,
    )
    assert profile.reachable


def test_ollama_without_num_ctx_is_held_to_its_default_window_not_the_models_maximum() -> None:
    kind = ServerKind(
        routes={
            **OLLAMA.routes,
            ("POST", "/api/show"): (200, {"model_info": {"qwen2.context_length": 32768}}),
        },
        modes=OLLAMA.modes,
    )
    with KindServer(kind) as server:
        profile = _provider(server).profile()
    assert profile.context_tokens == endpoint.OLLAMA_DEFAULT_CONTEXT


def test_the_request_shapes_of_each_mode() -> None:
    schema = {"type": "object", "properties": {}}
    assert structured_modes.request_fields("json_schema", "outline", schema) == {
        "response_format": {
            "type": "json_schema",
            "json_schema": {"name": "outline", "strict": True, "schema": schema},
        }
    }
    assert structured_modes.request_fields("json_object_schema", "outline", schema) == {
        "response_format": {"type": "json_object", "schema": schema}
    }
    assert structured_modes.request_fields("guided_json", "outline", schema) == {
        "extra_body": {"guided_json": schema}
    }
    assert structured_modes.request_fields("json_object", "outline", schema) == {
        "response_format": {"type": "json_object"}
    }
    assert structured_modes.request_fields("none", "outline", schema) == {}


def test_vllm_gets_guided_json_as_a_top_level_field_of_the_request() -> None:
    with KindServer(VLLM) as server:
        _provider(server).profile()
        chats = server.chats()
    guided = [body for body in chats if mode_of(body) == "guided_json"]
    assert guided and guided[0]["guided_json"]["properties"]["colour"]
    assert mode_of(chats[0]) == "json_schema"  # tried first, refused (400), stepped down


def test_a_setting_skips_the_mode_trials() -> None:
    with KindServer(LLAMA_CPP_PYTHON) as server:
        profile = _provider(server, json_mode="json_object_schema").profile()
        assert server.chats() == []
    assert (profile.mode, profile.mode_source) == ("json_object_schema", "setting")


def test_the_window_setting_wins_and_an_unreachable_server_is_said_so() -> None:
    with KindServer(OLLAMA) as server:
        assert _provider(server, context_tokens=3000).profile().context_tokens == 3000
    dead = OpenAICompatProvider(base_url="http://127.0.0.1:9/v1", api_key="k", model="m")
    profile = dead.profile()
    assert not profile.reachable
    assert profile.context_tokens == endpoint.LOCAL_DEFAULT_CONTEXT


def test_every_mode_is_tried_for_a_report() -> None:
    with KindServer(LLAMA_CPP_PYTHON) as server:
        profile = _provider(server).check()
    assert [(t.mode, t.ok) for t in profile.trials] == [
        ("json_object_schema", True),
        ("json_schema", False),
        ("guided_json", False),
        ("json_object", False),
        ("none", False),
    ]
    assert profile.trials[1].detail == "HTTP 500"


@pytest.mark.parametrize(
    ("message", "window"),
    [
        ("Requested tokens (3012) exceed context window of 2048", 2048),
        ("This model's maximum context length is 4096 tokens. However, you requested", 4096),
        ('{"error": {"n_ctx": 8192, "n_prompt_tokens": 9000}}', 8192),
        ("the request exceeds the available context size", None),
    ],
)
def test_a_window_is_read_from_an_overflow_error(message: str, window: int | None) -> None:
    assert endpoint.context_from_error(message) == window


@pytest.mark.parametrize(
    ("url", "private"),
    [
        ("http://127.0.0.1:8080/v1", True),
        ("http://localhost:11434/v1", True),
        ("http://llm.internal/v1", True),
        ("http://10.1.2.3/v1", True),
        ("http://gpu-box:8000/v1", True),
        ("https://api.openai.com/v1", False),
        ("https://api.deepseek.com/v1", False),
    ],
)
def test_a_window_nobody_states_is_small_on_a_private_address(url: str, private: bool) -> None:
    assert endpoint.is_private(url) is private


@pytest.mark.parametrize(("kind", "slots"), [(LLAMA_CPP_PYTHON, 1), (LLAMA_CPP, 1), (OLLAMA, 4)])
def test_a_server_that_runs_one_request_at_a_time_is_sent_one_at_a_time(
    kind: ServerKind, slots: int
) -> None:
    with KindServer(kind) as server:
        provider = _provider(server, max_concurrent=4)
        provider.profile()
    assert provider._slot_count == slots
