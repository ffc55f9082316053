"""The operations of the app's OpenAPI document, for tests that must cover every route.

Tests that walk the document (instead of a hand list) make a new route part of them without
anyone remembering to add it; the helpers here read the document and build minimal, valid
request bodies from its schemas.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fastapi import FastAPI

_METHODS = ("get", "head", "post", "put", "patch", "delete")


@dataclass(frozen=True)
class Operation:
    method: str  # upper case
    path: str  # as the document writes it: /api/projects/{project_id}
    operation_id: str
    spec: dict[str, Any]  # the operation object

    def __str__(self) -> str:
        return f"{self.operation_id} ({self.method} {self.path})"

    @property
    def path_params(self) -> list[str]:
        return [p["name"] for p in self.spec.get("parameters", []) if p["in"] == "path"]

    @property
    def query_params(self) -> list[str]:
        return [p["name"] for p in self.spec.get("parameters", []) if p["in"] == "query"]

    @property
    def secured(self) -> bool:
        """Whether the document says the operation takes a credential."""
        return bool(self.spec.get("security"))

    @property
    def body_content_type(self) -> str | None:
        content = self.spec.get("requestBody", {}).get("content", {})
        return next(iter(content), None)

    @property
    def body_schema(self) -> dict[str, Any] | None:
        content = self.spec.get("requestBody", {}).get("content", {})
        return next(iter(content.values()), {}).get("schema") if content else None

    def url(self, values: dict[str, str]) -> str:
        """The path with its parameters filled from `values` (a missing one is a KeyError)."""
        return self.path.format(**{name: values[name] for name in self.path_params})


def operations(app: FastAPI) -> list[Operation]:
    document = app.openapi()
    return [
        Operation(method.upper(), path, spec["operationId"], spec)
        for path, item in document["paths"].items()
        for method, spec in item.items()
        if method in _METHODS
    ]


def resolve(document: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
    """The schema a `$ref` points to (or the schema itself)."""
    while "$ref" in schema:
        schema = document["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
    return schema


def minimal_example(document: dict[str, Any], schema: dict[str, Any]) -> Any:
    """The smallest value the schema accepts: required properties only, the first enum
    member, the minimum of numbers, as few array items as allowed. Values that must name
    real objects (ids, versions) are the caller's to fill in."""
    schema = resolve(document, schema)
    for key in ("anyOf", "oneOf"):
        if key in schema:
            options = [s for s in schema[key] if resolve(document, s).get("type") != "null"]
            return minimal_example(document, options[0])
    if "enum" in schema:
        return schema["enum"][0]
    if "const" in schema:
        return schema["const"]
    kind = schema.get("type", "object")
    if kind == "object":
        properties = schema.get("properties", {})
        return {
            name: minimal_example(document, properties[name]) for name in schema.get("required", [])
        }
    if kind == "array":
        return [minimal_example(document, schema["items"])] * schema.get("minItems", 0)
    if kind in ("integer", "number"):
        return schema.get("minimum", 0)
    if kind == "boolean":
        return False
    return "x" * max(1, schema.get("minLength", 1))
