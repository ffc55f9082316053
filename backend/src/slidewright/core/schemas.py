"""Base classes for request and response bodies: camelCase JSON, ids exposed as `_id`."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel


class ApiModel(BaseModel):
    """Request bodies: camelCase on the wire; unknown fields are rejected (422)."""

    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, extra="forbid")


class ReadModel(BaseModel):
    """Response bodies, built from ORM rows; `id` is serialized as `_id`."""

    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, from_attributes=True)

    id: str = Field(alias="_id")


class OutModel(BaseModel):
    """Nested response parts without an id (camelCase on the wire)."""

    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, from_attributes=True)
