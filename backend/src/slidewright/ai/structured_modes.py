"""How each kind of model server is asked for JSON of a given shape.

Servers that companies run themselves understand different fields, and an unknown one is
often answered with an error (llama.cpp's Python server answers 500 to `json_schema`):

- `json_schema`: OpenAI's strict structured outputs (OpenAI, Azure, vLLM, Ollama >= 0.5,
  LM Studio);
- `json_object_schema`: `{"type": "json_object", "schema": ...}`, which llama.cpp's servers
  turn into a grammar;
- `guided_json`: vLLM's guided decoding field (older vLLM without `json_schema`);
- `json_object`: any JSON object, the shape described in the prompt (DeepSeek and most
  others);
- `none`: plain text, the JSON read out of it.

The first three constrain decoding to the schema: the model cannot answer in another shape, so
the schema need not be spelled out in the prompt (small context windows need the room).
"""

from __future__ import annotations

from typing import Any

MODES = ("json_schema", "json_object_schema", "guided_json", "json_object", "none")
CONSTRAINED = frozenset({"json_schema", "json_object_schema", "guided_json"})


def request_fields(mode: str, name: str, schema: dict[str, Any]) -> dict[str, Any]:
    """The chat-completion fields that ask for `schema` in `mode` (`extra_body` holds what
    the OpenAI SDK does not know)."""
    if mode == "json_schema":
        return {
            "response_format": {
                "type": "json_schema",
                "json_schema": {"name": name, "strict": True, "schema": schema},
            }
        }
    if mode == "json_object_schema":
        return {"response_format": {"type": "json_object", "schema": schema}}
    if mode == "guided_json":
        return {"extra_body": {"guided_json": schema}}
    if mode == "json_object":
        return {"response_format": {"type": "json_object"}}
    return {}


def needs_schema_in_prompt(mode: str) -> bool:
    return mode not in CONSTRAINED


def trial_order(server: str) -> tuple[str, ...]:
    """The modes to try, the ones this kind of server is known to understand first (a mode it
    refuses costs a request); equally strong modes only, then the weaker ones."""
    first = {
        "llama.cpp": ("json_object_schema", "json_schema"),
        "llama-cpp-python": ("json_object_schema", "json_schema"),
        "vllm": ("json_schema", "guided_json"),
    }.get(server, ("json_schema",))
    return (*first, *(mode for mode in MODES if mode not in first))
