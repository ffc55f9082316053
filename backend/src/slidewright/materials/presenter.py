"""Turning material rows and search hits into API responses."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Final

from slidewright.materials.models import Material
from slidewright.materials.schemas import (
    FileMeta,
    MaterialRead,
    MaterialSearchResponse,
    MaterialSearchResult,
    SearchSnippet,
)
from slidewright.materials.search.analyzer import highlight, snippet
from slidewright.materials.search.index import SearchHit

SNIPPET_CHARS: Final = 200  # spec §9

# The parsed text keeps Markdown's structure marks (the offline outline reads headings by their
# '#'); a snippet shows the words as the reader saw them, so heading marks and code fences go.
_STRUCTURE_MARKS: Final = re.compile(r"^[ \t]*(?:#{1,6}[ \t]+|```[^\n]*$)", re.MULTILINE)


def text_as_read(text: str) -> str:
    return _STRUCTURE_MARKS.sub("", text)


def material(row: Material, enabled: Mapping[str, bool] | None = None) -> MaterialRead:
    """`enabled`: per-project flags of linked materials, which override the material's own."""
    return MaterialRead.model_validate(
        {
            "id": row.id,
            "project_id": row.project_id,
            "file_meta": FileMeta.model_validate(
                {
                    "filename": row.filename,
                    "type": row.type,
                    "size": row.size,
                    "parsed_text": row.parsed_text,
                }
            ),
            "enabled": (enabled or {}).get(row.id, row.enabled),
            "tags": list(row.tags),
            "created_at": row.created_at,
            "updated_at": row.updated_at,
        }
    )


def search_result(
    row: Material, hit: SearchHit, query: str, enabled: Mapping[str, bool] | None = None
) -> MaterialSearchResult:
    """The material with the query highlighted in its filename and a snippet of the first
    matching passage; the ellipsis flags also account for the text around that passage."""
    excerpt = snippet(text_as_read(hit.body), query, SNIPPET_CHARS)
    return MaterialSearchResult(
        material=material(row, enabled),
        filename_highlights=highlight(row.filename, query),
        snippet=SearchSnippet(
            text=excerpt.text,
            highlights=excerpt.highlights,
            truncated_start=excerpt.truncated_start or hit.ordinal > 0,
            truncated_end=excerpt.truncated_end or not hit.last,
        ),
    )


def search_response(
    query: str,
    total: int,
    found: list[tuple[Material, SearchHit]],
    enabled: Mapping[str, bool] | None = None,
) -> MaterialSearchResponse:
    return MaterialSearchResponse(
        query=query,
        total=total,
        results=[search_result(row, hit, query, enabled) for row, hit in found],
    )
