"""Passwords are stored as Argon2id at full cost. The suite hashes cheaply (tests/speedups.py):
this test puts production's hasher back and looks at the row a sign-up writes."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from slidewright.core import security
from slidewright.users.models import User
from tests.helpers import login, signup
from tests.speedups import PASSWORD_HASHER_OF_THE_APP


def test_a_signup_stores_an_argon2id_hash_at_production_cost(
    client: TestClient, db_session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert PASSWORD_HASHER_OF_THE_APP is security.PRODUCTION_HASHER
    monkeypatch.setattr(security, "_hasher", security.PRODUCTION_HASHER)
    signup(client, "carol@example.com", password="correct horse")
    stored = db_session.scalars(
        select(User.password_hash).where(User.email == "carol@example.com")
    ).one()
    assert stored is not None
    # time cost 3, 64 MiB, 4 lanes; never the password itself
    assert stored.startswith("$argon2id$v=19$m=65536,t=3,p=4$")
    assert "correct horse" not in stored
    assert login(client, "carol@example.com", password="correct horse")
