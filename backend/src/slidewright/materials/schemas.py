from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import Field

from slidewright.core.read_only import UpdateModel, accepts_read
from slidewright.core.schemas import ApiModel, OutModel, ReadModel

MaterialType = Literal["txt", "md", "docx", "text"]
Span = tuple[int, int]
Tag = Annotated[str, Field(max_length=100)]


class FileMeta(OutModel):
    filename: str
    type: MaterialType
    size: int = Field(description="bytes: the uploaded file, or the typed text in UTF-8")
    parsed_text: str = Field(description="the text as parsed ('\\n' newlines)")


class MaterialRead(ReadModel):
    project_id: str | None = Field(description="null for materials in the general library")
    file_meta: FileMeta
    enabled: bool
    tags: list[str]
    created_at: datetime
    updated_at: datetime


class MaterialTextCreate(ApiModel):
    """A material typed in the app: both fields must be non-blank."""

    filename: str = Field(max_length=255)
    content: str


@accepts_read(MaterialRead)
class MaterialUpdate(UpdateModel):
    """Partial update: send only what changes. `tags` replaces the list. Rename with
    `filename`: `fileMeta` is read-only (compared by value)."""

    filename: str | None = Field(default=None, max_length=255)
    tags: list[Tag] | None = Field(default=None, max_length=50)
    enabled: bool | None = None


class MaterialSearch(ApiModel):
    query: str = Field(max_length=500)
    limit: int = Field(default=20, ge=1, le=100, description="most results returned")
    offset: int = Field(default=0, ge=0, le=100_000, description="results to skip (paging)")


class SearchSnippet(OutModel):
    """About 200 characters of the text around the first hit (whitespace collapsed)."""

    text: str
    highlights: list[Span] = Field(description="[start, end) offsets of the hits in `text`")
    truncated_start: bool = Field(description="text precedes the snippet: show an ellipsis")
    truncated_end: bool = Field(description="text follows the snippet: show an ellipsis")


class MaterialSearchResult(OutModel):
    material: MaterialRead
    filename_highlights: list[Span] = Field(
        description="[start, end) offsets of the hits in `material.fileMeta.filename`"
    )
    snippet: SearchSnippet


class MaterialSearchResponse(OutModel):
    query: str
    total: int = Field(description="every matching material (`results` is one page of them)")
    results: list[MaterialSearchResult]


class MaterialAssociate(ApiModel):
    material_ids: list[str] = Field(min_length=1, max_length=500)


class MaterialAssociateResult(OutModel):
    linked: list[str]
    skipped: list[str] = Field(description="already in the project")
