"""The material search index: SQLite FTS5 or PostgreSQL tsvector + GIN, behind one interface.

A material is indexed as passages (`analyzer.passages` of its text, in `material_passages`;
an empty text still gets one empty passage, so the filename stays searchable). What the engine
indexes for a passage is the analyzer's tokens of the filename followed by those of the
passage, so every query term must occur in one passage or in the filename. (The analyzer ends
every CJK run with a unigram, so a phrase never spans the filename and the passage.)

- SQLite: the FTS5 table `material_passages_fts(tokens)`, `tokenize='unicode61'`, rowid = the
  passage id. A trigger on `material_passages` deletes its rows, so cascades (deleting a user
  or a material) keep it in step.
- PostgreSQL: the column `material_passages.search_vector`, `to_tsvector('simple', tokens)`,
  with a GIN index.

On PostgreSQL a search of a small scope (at most `SCOPE_FIRST_PASSAGES` passages: the usual
library of a few dozen documents) is limited to the scope's passages by their ids before it
starts; a larger one starts from the GIN index. The index holds every user's passages: for a
common word it returns thousands of other people's, and joining them to the scope cost 2-60 ms
at 200 users of 8 documents each (60 before the planner had statistics) against 0.2 ms from
the scope's ids.

Both are created by the migration, outside the SQLAlchemy models. Both engines see the same
tokens and the same query (`analyzer.to_match_query`), so the hits are identical; the order is
too, since it comes from the materials (newest first), not from an engine-specific rank.
(One known difference, for degenerate text only: PostgreSQL keeps at most 256 positions of a
lexeme per passage, so a phrase whose first bigram already occurred 256 times earlier in the
same passage is found by FTS5 only.)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Final, cast

from sqlalchemy import (
    Integer,
    Table,
    Text,
    and_,
    any_,
    bindparam,
    column,
    delete,
    func,
    insert,
    literal_column,
    or_,
    select,
    table,
)
from sqlalchemy.dialects.postgresql import ARRAY, TSVECTOR
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.orm import Session
from sqlalchemy.sql.compiler import SQLCompiler
from sqlalchemy.sql.expression import ColumnClause, TableClause

from slidewright.materials.models import Material, MaterialPassage, MaterialScope
from slidewright.materials.repository import in_scope
from slidewright.materials.search.analyzer import Backend, passages, to_index_text, to_match_query

PASSAGE_CHARS: Final = 2000
PASSAGE_OVERLAP: Final = 200
# Up to this many passages in the scope, PostgreSQL is given their ids (see `_postgres_hits`);
# testing a thousand vectors costs about what a GIN look-up of a common word does.
SCOPE_FIRST_PASSAGES: Final = 1000

_PASSAGES = cast(Table, MaterialPassage.__table__)
_PASSAGES_COVERING_INDEX: Final = "ix_material_passages_id_material_id_ordinal"


class _IndexedBy(TableClause):
    """A table that SQLite must read through one index (`INDEXED BY`)."""

    inherit_cache = True

    def __init__(self, name: str, index: str, *columns: ColumnClause[Any]) -> None:
        super().__init__(name, *columns)
        self.index = index


@compiles(_IndexedBy)
def _render_indexed_by(element: _IndexedBy, compiler: SQLCompiler, **kw: Any) -> str:
    rendered = compiler.visit_table(element, **kw)
    return f"{rendered} INDEXED BY {element.index}" if kw.get("asfrom") else rendered


# From an FTS5 rowid to (material_id, ordinal): SQLite's planner prefers the rowid, which reads
# the passage's wide row (its body); the covering index is about twice as fast per hit.
_SQLITE_PASSAGES = _IndexedBy(
    "material_passages",
    _PASSAGES_COVERING_INDEX,
    column("id", Integer),
    column("material_id", Text),
    column("ordinal", Integer),
)
# The hand-made objects, as lightweight constructs that no metadata (and no Alembic
# comparison) knows about.
_FTS = table("material_passages_fts", column("rowid", Integer), column("tokens", Text))
_PG_PASSAGES = table(
    "material_passages",
    column("material_id", Text),
    column("ordinal", Integer),
    column("body", Text),
    column("search_vector", TSVECTOR),
)
_PG_VECTOR = literal_column("material_passages.search_vector", TSVECTOR)
_SIMPLE = literal_column("'simple'", Text)


@dataclass(frozen=True, slots=True)
class SearchHit:
    """A matching material and its first matching passage (`ordinal` 0 is the beginning of
    the text; `last` says whether the passage runs to the end of it)."""

    material_id: str
    ordinal: int
    body: str
    last: bool


@dataclass(frozen=True, slots=True)
class SearchPage:
    total: int  # every matching material in the scope
    hits: list[SearchHit]  # one page of them, newest first


def backend(session: Session) -> Backend:
    return "postgres" if session.get_bind().dialect.name == "postgresql" else "sqlite"


def index_material(session: Session, material: Material) -> int:
    """(Re)indexes a flushed material: its filename and text. Returns the passage count."""
    remove(session, material.id)
    name_tokens = to_index_text(material.filename)
    rows = [
        {
            "material_id": material.id,
            "ordinal": ordinal,
            "body": body,
            "tokens": f"{name_tokens} {to_index_text(body)}".strip(),
        }
        for ordinal, body in enumerate(
            passages(material.parsed_text, PASSAGE_CHARS, PASSAGE_OVERLAP) or [""]
        )
    ]
    if backend(session) == "postgres":
        statement = insert(_PG_PASSAGES).values(
            material_id=bindparam("material_id"),
            ordinal=bindparam("ordinal"),
            body=bindparam("body"),
            search_vector=func.to_tsvector(_SIMPLE, bindparam("tokens", type_=Text)),
        )
        session.execute(statement, rows)
        return len(rows)
    ids = session.scalars(
        insert(_PASSAGES).returning(_PASSAGES.c.id, sort_by_parameter_order=True),
        [{key: row[key] for key in ("material_id", "ordinal", "body")} for row in rows],
    ).all()
    session.execute(
        insert(_FTS),
        [{"rowid": rowid, "tokens": row["tokens"]} for rowid, row in zip(ids, rows, strict=True)],
    )
    return len(rows)


def remove(session: Session, material_id: str) -> None:
    """Drops a material's passages (on SQLite the trigger drops their FTS rows)."""
    session.execute(delete(_PASSAGES).where(_PASSAGES.c.material_id == material_id))


def search(
    session: Session, scope: MaterialScope, query: str, *, limit: int = 20, offset: int = 0
) -> SearchPage:
    """Materials in `scope` with a passage matching every term of `query`, newest first:
    `limit` of them from `offset`, and the total.

    A query without a searchable token (only punctuation, say) matches nothing.
    """
    kind = backend(session)
    match = to_match_query(query, backend=kind)
    if match is None:
        return SearchPage(total=0, hits=[])
    with _without_sequential_scans(session, kind):
        hits: Any  # the matching passages: (material_id, ordinal)
        if kind == "postgres":
            hits = _postgres_hits(session, scope, match)
            source = hits.join(Material, Material.id == hits.c.material_id)
            conditions = in_scope(scope)
        else:
            hits = _SQLITE_PASSAGES
            source = _FTS.join(hits, hits.c.id == _FTS.c.rowid).join(
                Material, Material.id == hits.c.material_id
            )
            conditions = [_FTS.c.tokens.op("MATCH")(bindparam("q", match, Text)), *in_scope(scope)]
        statement = (
            select(hits.c.material_id, func.min(hits.c.ordinal), func.count().over())
            .select_from(source)
            .where(*conditions)
            .group_by(hits.c.material_id, Material.created_at)
            .order_by(Material.created_at.desc(), hits.c.material_id.desc())
        )
        found = session.execute(statement.limit(limit).offset(offset)).all()
        if not found and offset > 0:  # past the end: the total still counts
            found_total = session.execute(statement.limit(1)).all()
            return SearchPage(total=found_total[0][2] if found_total else 0, hits=[])
    if not found:
        return SearchPage(total=0, hits=[])
    return SearchPage(
        total=found[0][2], hits=_passages(session, [(row[0], row[1]) for row in found])
    )


def _postgres_hits(session: Session, scope: MaterialScope, match: str) -> Any:
    """The matching passages (material_id, ordinal) as a CTE that PostgreSQL computes first
    (MATERIALIZED: left to itself the planner may walk the materials newest first and test
    every passage's vector, which reads (detoasts) them all).

    A scope of at most `SCOPE_FIRST_PASSAGES` passages is given to PostgreSQL as their ids, so
    the planner knows how few there are: it tests each one's vector, or reads the GIN index
    when the word is rare and the index is cheaper. A larger scope is searched through the GIN
    index alone, then joined to the scope.
    """
    matches = _PG_VECTOR.op("@@")(func.to_tsquery(_SIMPLE, bindparam("q", match, Text)))
    found = select(_PASSAGES.c.material_id, _PASSAGES.c.ordinal).where(matches)
    scoped = _scope_passage_ids(session, scope, SCOPE_FIRST_PASSAGES + 1)
    if len(scoped) <= SCOPE_FIRST_PASSAGES:
        found = found.where(
            _PASSAGES.c.id == any_(bindparam("scoped", list(scoped), ARRAY(Integer)))
        )
    return found.cte("hits").prefix_with("MATERIALIZED")


def _scope_passage_ids(session: Session, scope: MaterialScope, cap: int) -> Sequence[int]:
    """The ids of the scope's passages, at most `cap` of them (however large the library, the
    cost of `cap` rows)."""
    return session.scalars(
        select(_PASSAGES.c.id)
        .join(Material, Material.id == _PASSAGES.c.material_id)
        .where(*in_scope(scope))
        .limit(cap)
    ).all()


@contextmanager
def _without_sequential_scans(session: Session, kind: Backend) -> Iterator[None]:
    """On PostgreSQL, sequential scans off while a search's statements run.

    The planner does not count the cost of detoasting every tsvector: for a common word it
    picks a sequential scan that reads each passage's vector, several times slower than the GIN
    index (which needs no vector unless a phrase must be rechecked) or than the scope's own
    passages by their ids. Transaction-local, and restored after; a statement that fails aborts
    the transaction, whose rollback restores it (a restore there would fail and hide the error).
    """
    if kind != "postgres":
        yield
        return
    previous = session.scalar(
        select(
            func.current_setting("enable_seqscan"), func.set_config("enable_seqscan", "off", True)
        )
    )
    yield
    session.execute(select(func.set_config("enable_seqscan", previous, True)))


def _passages(session: Session, keys: list[tuple[str, int]]) -> list[SearchHit]:
    """The passages (material id, ordinal), in the order given."""
    later = _PASSAGES.alias("later")
    has_later = (
        select(later.c.id)
        .where(later.c.material_id == _PASSAGES.c.material_id)
        .where(later.c.ordinal > _PASSAGES.c.ordinal)
        .exists()
    )
    # One equality pair per passage (each a look-up in the unique index): SQLite answers a
    # row-value `(material_id, ordinal) IN (...)` with a scan of the whole table.
    wanted = or_(
        *(
            and_(_PASSAGES.c.material_id == material_id, _PASSAGES.c.ordinal == ordinal)
            for material_id, ordinal in keys
        )
    )
    rows = session.execute(
        select(_PASSAGES.c.material_id, _PASSAGES.c.ordinal, _PASSAGES.c.body, has_later).where(
            wanted
        )
    ).all()
    by_key = {(row[0], row[1]): SearchHit(row[0], row[1], row[2], not row[3]) for row in rows}
    return [by_key[key] for key in keys if key in by_key]
