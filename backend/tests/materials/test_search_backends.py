"""SQLite FTS5 and PostgreSQL return the same hits: one generated library, indexed on both
(each in a database of its own), and about 300 generated queries compared one by one, on
PostgreSQL by both ways it searches (from the scope's passages, and from the GIN index), in
the library and in a project (its own documents and library documents linked to it). A second
user holds copies of some of the same documents: neither way may find them.

Skipped when no PostgreSQL server answers (SLIDEWRIGHT_TEST_DATABASE_URL, else the local
default); the API tests run on each backend separately with fixed expectations.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator

import pytest
from sqlalchemy import make_url, text
from sqlalchemy.orm import Session

from slidewright import migrate
from slidewright.core.db import make_engine, make_session_factory, normalize_url, unit_of_work
from slidewright.materials import service
from slidewright.materials.models import MaterialScope
from slidewright.materials.search import index
from slidewright.projects.models import Project
from slidewright.users.models import User

SERVER_URL = normalize_url(
    os.environ.get("SLIDEWRIGHT_TEST_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/test")
)


def _words(text_: str) -> list[str]:
    return text_.split()


CHINESE = _words(
    "人工智能 智能手机 市场 报告 预算 成本 机器学习 深度学习 数据 分析 增长 年度 计划 "
    "客户 产品 设计 模板 演示 文稿 会议 纪要 项目 背景 目标 风险 团队 研发 销售 东京 学习"
)
ENGLISH = _words(
    "report reporting reports market budget cost growth plan design template deck slide "
    "customer product team risk data analysis learning machine café AI Q3 2024"
)
PUNCTUATION = ["，", "。", "、", "！", " ", "\n", "\n\n", ": ", "; "]


def _text(rng: random.Random, words: int) -> str:
    parts = []
    for _ in range(words):
        parts.append(rng.choice(CHINESE) if rng.random() < 0.6 else rng.choice(ENGLISH))
        # Chinese words often run together: that is where bigrams cross word boundaries.
        parts.append("" if rng.random() < 0.4 else rng.choice(PUNCTUATION))
    return "".join(parts)


PROJECT_ID = "01SEARCHPROJECT00000000000"


def _library(rng: random.Random) -> list[tuple[str, str]]:
    library = []
    for i in range(160):
        size = rng.choice([0, 5, 30, 200, 1500]) if i % 10 else 4000  # some multi-passage
        name = f"{i:03d}-{_text(rng, 2).strip()}.txt"
        library.append((name, _text(rng, size).strip() or "。"))  # "。": no token at all
    return library


def _queries(rng: random.Random, library: list[tuple[str, str]]) -> list[str]:
    queries: set[str] = {"", "*", '"', "NEAR(a b)", "a OR b", "人工 AND 智能", "(", "rep*"}
    bodies = [body for _, body in library if body.strip()]
    for _ in range(250):
        body = rng.choice(bodies)
        start = rng.randrange(len(body))
        queries.add(body[start : start + rng.randint(1, 6)])
    for _ in range(40):
        word = rng.choice(ENGLISH)
        queries.add(word[: rng.randint(1, len(word))])
        queries.add(f"{rng.choice(CHINESE)} {word[:3]}")
        queries.add(f"{word}{rng.choice(CHINESE)}")
    return sorted(queries)


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    psycopg = pytest.importorskip("psycopg")
    server = make_url(SERVER_URL)
    name = f"slidewright_search_{os.getpid()}"
    admin_url = server.set(drivername="postgresql", database="postgres")
    try:
        admin = psycopg.connect(
            admin_url.render_as_string(hide_password=False), autocommit=True, connect_timeout=3
        )
    except psycopg.OperationalError:
        pytest.skip(f"PostgreSQL is not reachable at {server.render_as_string()}")
    with admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}"')
        admin.execute(f'CREATE DATABASE "{name}"')
        try:
            yield server.set(database=name).render_as_string(hide_password=False)
        finally:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _indexed(url: str, library: list[tuple[str, str]]) -> Iterator[Session]:
    migrate.upgrade(url)
    engine = make_engine(url)
    factory = make_session_factory(engine)
    try:
        with unit_of_work(factory) as session:
            user = User(name="Search", email="search@example.com")
            other = User(name="Other", email="other@example.com")
            session.add_all([user, other])
            session.flush()
            project = Project(id=PROJECT_ID, owner_id=user.id, title="Search")
            session.add(project)
            session.flush()
            mine = MaterialScope(user.id)
            created = [
                service.create_text(session, mine, filename=name, content=body)
                for name, body in library
            ]
            # The project: a tenth of the documents its own, another tenth linked from the library.
            in_project = MaterialScope(user.id, PROJECT_ID)
            for name, body in library[::10]:
                service.create_text(session, in_project, filename=f"p-{name}", content=body)
            service.associate(session, in_project, [material.id for material in created[5::10]])
            for name, body in library[::4]:
                other_scope = MaterialScope(other.id)
                service.create_text(session, other_scope, filename=f"o-{name}", content=body)
        with factory() as session:
            yield session
    finally:
        engine.dispose()


def _scope(session: Session, project_id: str | None) -> MaterialScope:
    user_id = session.scalars(text("SELECT id FROM users WHERE email = 'search@example.com'")).one()
    return MaterialScope(user_id, project_id)


def _hits(session: Session, query: str, project_id: str | None) -> tuple[int, set[tuple[str, int]]]:
    total, found = service.search_materials(session, _scope(session, project_id), query, limit=200)
    return total, {(material.filename, hit.ordinal) for material, hit in found}


@pytest.fixture(scope="module")
def both_backends(
    tmp_path_factory: pytest.TempPathFactory, postgres_url: str
) -> Iterator[tuple[list[str], Session, Session]]:
    """The queries, and the same library indexed on SQLite and on PostgreSQL."""
    rng = random.Random(20261121)
    library = _library(rng)
    queries = _queries(rng, library)
    sqlite_url = f"sqlite:///{tmp_path_factory.mktemp('search') / 'search.db'}"
    sqlite_sessions = _indexed(sqlite_url, library)
    postgres_sessions = _indexed(postgres_url, library)
    try:
        yield queries, next(sqlite_sessions), next(postgres_sessions)
    finally:
        sqlite_sessions.close()
        postgres_sessions.close()


@pytest.mark.parametrize(
    "scope_first_passages",
    [index.SCOPE_FIRST_PASSAGES, 0],
    ids=["postgres-from-the-scope", "postgres-from-the-index"],
)
def test_sqlite_and_postgres_find_the_same_materials(
    both_backends: tuple[list[str], Session, Session],
    scope_first_passages: int,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    queries, sqlite_session, postgres_session = both_backends
    monkeypatch.setattr(index, "SCOPE_FIRST_PASSAGES", scope_first_passages)
    for project_id in (None, PROJECT_ID):
        scope = _scope(postgres_session, project_id)
        held = len(index._scope_passage_ids(postgres_session, scope, 10_000))
        # The scope is the size that takes the way under test.
        assert (held <= scope_first_passages) == (scope_first_passages > 0), held
        matched = 0
        for query in queries:
            on_sqlite = _hits(sqlite_session, query, project_id)
            assert on_sqlite == _hits(postgres_session, query, project_id), repr(query)
            assert not any(name.startswith("o-") for name, _ in on_sqlite[1]), repr(query)
            matched += bool(on_sqlite[0])
        assert matched > len(queries) // 3, "too few queries found anything to mean much"
