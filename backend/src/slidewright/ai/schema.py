"""JSON schemas of task outputs in the strict form of OpenAI structured outputs.

Strict mode wants every object closed (`additionalProperties: false`) with every property
required (optional ones are nullable instead), and accepts only a subset of JSON Schema, so
Pydantic's validation keywords (lengths, bounds, defaults) are left out: Pydantic still checks
them when the answer comes back.
"""

from __future__ import annotations

import functools
from typing import Any

from pydantic import BaseModel

_DROPPED = frozenset(
    {
        "default",
        "title",
        "examples",
        "format",
        "minLength",
        "maxLength",
        "minimum",
        "maximum",
        "exclusiveMinimum",
        "exclusiveMaximum",
        "pattern",
        "minItems",
        "maxItems",
    }
)


def _strict(node: Any) -> Any:
    if isinstance(node, list):
        return [_strict(item) for item in node]
    if not isinstance(node, dict):
        return node
    result: dict[str, Any] = {}
    for key, value in node.items():
        if key in _DROPPED:
            continue
        if key in ("properties", "$defs"):  # maps of names: the names are not keywords
            result[key] = {name: _strict(sub) for name, sub in value.items()}
        else:
            result[key] = _strict(value)
    if result.get("type") == "object" or "properties" in result:
        result["type"] = "object"
        result.setdefault("properties", {})
        result["additionalProperties"] = False
        result["required"] = list(result["properties"])
    return result


@functools.cache
def strict_json_schema(model: type[BaseModel]) -> dict[str, Any]:
    schema: dict[str, Any] = _strict(model.model_json_schema(by_alias=True))
    return schema
