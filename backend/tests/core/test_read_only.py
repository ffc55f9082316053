"""`core.read_only`: update bodies that take the object as read, on small models of their own."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from pydantic import ValidationError

from slidewright.core.errors import ReadOnlyFieldError
from slidewright.core.read_only import UpdateModel, accepts_read
from slidewright.core.schemas import OutModel, ReadModel

CREATED = datetime(2024, 5, 1, 8, 30, 0, 123456, tzinfo=UTC)


class Box(OutModel):
    width: float
    label: str


class ThingRead(ReadModel):
    name: str
    owner_id: str
    box: Box
    created_at: datetime
    updated_at: datetime
    note: str | None


class ThingSummary(ReadModel):
    name: str
    size_hint: int


@accepts_read(ThingRead, ThingSummary, server_computed={"note", "size_hint"})
class ThingUpdate(UpdateModel):
    name: str | None = None


STORED = ThingRead(
    id="T1",
    name="A",
    owner_id="U1",
    box=Box(width=13, label="b"),
    created_at=CREATED,
    updated_at=CREATED,
    note=None,
)
AS_READ = STORED.model_dump(mode="json", by_alias=True)


def _check(body: dict) -> ThingUpdate:
    update = ThingUpdate.model_validate(body)
    update.check_read_only(STORED)
    return update


def test_the_object_as_read_passes_and_only_editable_fields_are_kept() -> None:
    update = _check({**AS_READ, "name": "B"})
    assert update.name == "B"
    assert set(ThingUpdate.read_only_fields) == {
        "id", "owner_id", "box", "created_at", "updated_at", "note", "size_hint"
    }  # fmt: skip


@pytest.mark.parametrize(
    "written",
    [
        "2024-05-01T08:30:00.123456Z",
        "2024-05-01T08:30:00.123456+00:00",
        "2024-05-01T16:30:00.123456+08:00",
        "2024-05-01T08:30:00.123456",  # no offset: UTC, as the server writes
    ],
)
def test_datetimes_compare_as_instants(written: str) -> None:
    _check({**AS_READ, "createdAt": written})


def test_numbers_and_nested_objects_compare_by_value() -> None:
    _check({**AS_READ, "box": {"label": "b", "width": 13.0}})


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("_id", "T2"),
        ("ownerId", None),
        ("ownerId", 7),  # wrong type: still a changed read-only field, not a validation error
        ("createdAt", "2024-05-01T08:30:00.123457Z"),
        ("createdAt", "not a date"),
        ("box", {"width": 13, "label": "c"}),
        ("box", "13x7"),
    ],
)
def test_a_changed_value_is_refused_naming_the_field(field: str, value: object) -> None:
    with pytest.raises(ReadOnlyFieldError) as refused:
        _check({**AS_READ, field: value})
    assert refused.value.details == {"field": field, "fields": [field]}


def test_every_changed_field_is_listed() -> None:
    with pytest.raises(ReadOnlyFieldError) as refused:
        _check({**AS_READ, "_id": "T2", "ownerId": "U2"})
    assert refused.value.details["fields"] == ["_id", "ownerId"]


def test_server_computed_fields_are_ignored_whatever_their_value() -> None:
    _check({**AS_READ, "updatedAt": "yesterday", "note": 3, "sizeHint": "big"})


def test_unknown_fields_are_still_refused() -> None:
    with pytest.raises(ValidationError) as refused:
        ThingUpdate.model_validate({**AS_READ, "isAdmin": True})
    assert refused.value.errors()[0]["type"] == "extra_forbidden"


def test_the_schema_marks_read_only_fields_optional_with_the_read_type() -> None:
    schema = ThingUpdate.model_json_schema(by_alias=True)
    assert "required" not in schema
    assert schema["properties"]["createdAt"]["readOnly"] is True
    assert schema["properties"]["createdAt"]["format"] == "date-time"
    assert schema["properties"]["_id"]["type"] == "string"
    assert "server-computed" in schema["properties"]["note"]["description"]


def test_a_misnamed_server_computed_field_is_a_programming_error() -> None:
    with pytest.raises(TypeError, match="server_computed"):

        @accepts_read(ThingRead, server_computed={"nope"})
        class Broken(UpdateModel):
            name: str | None = None


def test_a_field_only_a_summary_has_must_be_server_computed() -> None:
    with pytest.raises(TypeError, match="size_hint"):

        @accepts_read(ThingRead, ThingSummary)
        class Broken(UpdateModel):
            name: str | None = None
