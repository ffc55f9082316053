"""`slidewright users link-chat EMAIL`: the Admin's way to hand a local account to chat sign-on."""

from __future__ import annotations

from pathlib import Path

import pytest

from slidewright.auth import sign_in_sessions
from slidewright.cli import main
from slidewright.core.config import Settings
from slidewright.core.db import make_engine, make_session_factory
from slidewright.users import service


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SLIDEWRIGHT_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("SLIDEWRIGHT_DATABASE_URL", raising=False)
    return tmp_path


def test_link_chat_turns_a_local_account_into_a_chat_one(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    main(["migrate"])
    engine = make_engine(Settings().resolved_database_url)
    settings = Settings()
    with make_session_factory(engine)() as session:
        lee = service.create_user(session, name="Lee", email="lee@example.com", password="secret1")
        sign_in_sessions.start(session, settings, lee, method="password", user_agent_header=None)
        session.commit()
    assert main(["users", "link-chat", "LEE@example.com"]) == 0
    assert "lee@example.com now signs in through the chat product" in capsys.readouterr().out
    with make_session_factory(engine)() as session:
        user = service.find_by_email(session, "lee@example.com")
        assert user is not None
        assert user.auth_type == "chat"
        assert user.password_hash is None
        assert sign_in_sessions.list_active(session, user) == []  # its sign-ins ended
    engine.dispose()
    assert main(["users", "link-chat", "ghost@example.com"]) == 2
    assert capsys.readouterr().err.strip() == "slidewright: User not found."
