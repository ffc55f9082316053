"""Update bodies that accept the object as the client read it.

Clients send back what they read (the spec's own client does: "PUT /tags/{id}: the tag with a
toggled public"). So an update body names the read model(s) it echoes with `@accepts_read`;
every field of those that the body does not edit itself becomes an optional read-only field:

- compared (the default): ignored when it equals the stored value, as a GET would show it now;
  any other value is refused with 422 `read_only_field` naming it, before anything changes.
  Values are parsed with the read model's own type before comparing, so datetimes compare as
  instants ("Z", "+00:00", "+08:00" or no offset, taken as UTC), 13 equals 13.0, and nested
  objects (a material's `fileMeta`, a slide's `elements`) compare by value, field by field.
  A value that does not even parse as that type differs, so it is refused the same way.
- server-computed (declared per body, with the reason beside it): accepted and ignored,
  whatever the value. Only for values the server rewrites on its own (`updatedAt`, refreshed
  by every write, is one everywhere), that depend on the request, or that are a report rather
  than state: refusing them would break a client that re-sends a copy it read a moment earlier.

Everything else is still an unknown field (422 `validation_error`, `extra_forbidden`). Read-only
values are never handed to a service, so mass assignment stays impossible: services only ever
see the editable fields.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Annotated, Any, ClassVar, TypeVar

from pydantic import (
    BaseModel,
    Field,
    TypeAdapter,
    ValidationError,
    ValidatorFunctionWrapHandler,
    WrapValidator,
    create_model,
)

from slidewright.core.errors import ReadOnlyFieldError
from slidewright.core.schemas import ApiModel

# A write stamp on every object: any write refreshes it, so it is never the caller's to set.
ALWAYS_SERVER_COMPUTED = frozenset({"updated_at"})

_COMPARED_NOTE = (
    "Read-only: sent back as read it is ignored; any other value is refused (`read_only_field`)."
)
_COMPUTED_NOTE = "Read-only, server-computed: accepted and ignored whatever its value."


@dataclass(frozen=True)
class ReadOnlyField:
    alias: str
    adapter: TypeAdapter[Any]
    compared: bool


class UpdateModel(ApiModel):
    """An update body. With `@accepts_read(XRead)` it also takes the read-only fields of XRead."""

    read_only_fields: ClassVar[Mapping[str, ReadOnlyField]] = {}

    def check_read_only(self, current: BaseModel) -> None:
        """Refuses (422 `read_only_field`) compared read-only fields sent with a value other
        than the one in `current`: the object as the GET of this resource returns it now."""
        changed = [
            spec.alias
            for name, spec in self.read_only_fields.items()
            if spec.compared
            and name in self.model_fields_set
            and not _same(spec.adapter, getattr(self, name), getattr(current, name))
        ]
        if changed:
            raise ReadOnlyFieldError(field=changed[0], fields=changed)


U = TypeVar("U", bound=UpdateModel)


def accepts_read(
    *reads: type[BaseModel], server_computed: Iterable[str] = ()
) -> Callable[[type[U]], type[U]]:
    """Class decorator: the body also accepts every field of `reads` it does not edit.

    The first read model is the one `check_read_only` compares against; fields only the others
    have (a list's summary fields) must be server-computed. `server_computed` names (Python
    names) are accepted and ignored; `updatedAt` always is.
    """
    ignored = ALWAYS_SERVER_COMPUTED | frozenset(server_computed)

    def decorate(cls: type[U]) -> type[U]:
        fields: dict[str, Any] = {}
        specs: dict[str, ReadOnlyField] = {}
        for read in reads:
            for name, info in read.model_fields.items():
                if name in cls.model_fields or name in specs:
                    continue
                compared = name not in ignored
                if compared and name not in reads[0].model_fields:
                    raise TypeError(
                        f"{cls.__name__}.{name} is not on {reads[0].__name__}, so it cannot be "
                        "compared: declare it server-computed"
                    )
                alias = info.alias or name
                note = _COMPARED_NOTE if compared else _COMPUTED_NOTE
                description = f"{info.description}\n\n{note}" if info.description else note
                # Kept as sent, so a wrong value (even of the wrong type) is reported as a
                # changed read-only field rather than a validation error; the OpenAPI still
                # shows the read model's type (SkipValidation would inline nested models).
                annotation: Any = info.annotation
                fields[name] = (
                    Annotated[annotation, WrapValidator(_as_sent)],
                    Field(
                        default=None,
                        alias=alias,
                        description=description,
                        json_schema_extra={"readOnly": True},
                    ),
                )
                specs[name] = ReadOnlyField(alias, TypeAdapter(annotation), compared)
        unknown = set(server_computed) - set(specs)
        if unknown:
            raise TypeError(f"{cls.__name__}: server_computed names no read field: {unknown}")
        doc = (cls.__doc__ or "").strip()
        model = create_model(
            cls.__name__,
            __base__=cls,
            __module__=cls.__module__,
            __doc__=(
                f"{doc}\n\nThe object as read may be sent back: its read-only fields are "
                "ignored when unchanged and refused (`read_only_field`) when changed."
            ).strip(),
            **fields,
        )
        model.read_only_fields = specs
        return model

    return decorate


def _as_sent(value: Any, _: ValidatorFunctionWrapHandler) -> Any:
    return value


def _same(adapter: TypeAdapter[Any], sent: Any, stored: Any) -> bool:
    try:
        parsed = adapter.validate_python(sent)
    except ValidationError:
        return False
    return _canonical(adapter.dump_python(parsed)) == _canonical(adapter.dump_python(stored))


def _canonical(value: Any) -> Any:
    """Datetimes as UTC instants (no offset: UTC, as the server always sends), recursively."""
    if isinstance(value, datetime):
        return value.astimezone(UTC) if value.tzinfo else value.replace(tzinfo=UTC)
    if isinstance(value, dict):
        return {key: _canonical(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_canonical(item) for item in value]
    return value
