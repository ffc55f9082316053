"""Base classes for request and response bodies: camelCase JSON, ids exposed as `_id`."""

from __future__ import annotations

from typing import Any

from fastapi import Response
from pydantic import BaseModel, ConfigDict, Field, model_validator
from pydantic.alias_generators import to_camel


def _contains_nul(value: Any) -> bool:
    if isinstance(value, str):
        return "\x00" in value
    if isinstance(value, dict):
        return any(_contains_nul(k) or _contains_nul(v) for k, v in value.items())
    if isinstance(value, list | tuple):
        return any(_contains_nul(v) for v in value)
    return False


class ApiModel(BaseModel):
    """Request bodies: camelCase on the wire; unknown fields are rejected (422).

    NUL characters are rejected everywhere: no user text needs them and PostgreSQL cannot
    store them, so they would otherwise surface as a server error.
    """

    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, extra="forbid")

    @model_validator(mode="before")
    @classmethod
    def _reject_nul(cls, data: Any) -> Any:
        if _contains_nul(data):
            raise ValueError("text must not contain NUL (0x00) characters")
        return data


class ReadModel(BaseModel):
    """Response bodies, built from ORM rows; `id` is serialized as `_id`."""

    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, from_attributes=True)

    id: str = Field(alias="_id")


class OutModel(BaseModel):
    """Nested response parts without an id (camelCase on the wire)."""

    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, from_attributes=True)


def json_response(body: BaseModel) -> Response:
    """`body` serialized once, as FastAPI would (camelCase aliases), for the most requested
    reads. A route returning a Response keeps its `response_model` for the API document, but
    FastAPI then neither validates the body again nor, for a `def` endpoint, takes another
    worker thread to do so: under load each such trip waits for a thread and for the GIL."""
    return Response(body.model_dump_json(by_alias=True), media_type="application/json")


class ErrorBody(BaseModel):
    """Every error response: a stable code to program against, a message, and details."""

    errorCode: str  # the wire name, kept verbatim
    message: str
    details: dict[str, Any] = Field(default_factory=dict)


# Declared on every API route, so generated clients know the error shape.
ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorBody, "description": description}
    for status, description in (
        (400, "Bad request (e.g. an unreadable upload)"),
        (401, "Not signed in, or the token expired or was revoked"),
        (403, "Not allowed"),
        (404, "Not found, or not visible to you"),
        (409, "Conflict (e.g. a stale version)"),
        (413, "Too large"),
        (
            422,
            "Invalid input (`validation_error` lists the fields; `read_only_field` names a "
            "read-only field sent back changed)",
        ),
        (429, "Rate limited"),
    )
}
