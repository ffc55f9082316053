"""The `slidewright` command: one-line errors with exit 2, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from slidewright.cli import main


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SLIDEWRIGHT_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("SLIDEWRIGHT_DATABASE_URL", raising=False)
    return tmp_path


def test_promote_unknown_user_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["users", "promote", "ghost@example.com"]) == 2
    err = capsys.readouterr().err
    assert err.strip() == "slidewright: User not found."
    assert "Traceback" not in err


def test_promote_and_demote(capsys: pytest.CaptureFixture[str], data_dir: Path) -> None:
    from slidewright.core.config import Settings
    from slidewright.core.db import make_engine, make_session_factory
    from slidewright.users import service

    main(["migrate"])
    engine = make_engine(Settings().resolved_database_url)
    with make_session_factory(engine)() as session:
        service.create_user(session, name="First", email="first@example.com", password="secret1")
        service.create_user(session, name="Second", email="second@example.com", password="secret1")
        session.commit()
    engine.dispose()
    assert main(["users", "promote", "SECOND@example.com"]) == 0
    assert "second@example.com is now Admin" in capsys.readouterr().out
    assert main(["users", "demote", "first@example.com"]) == 0
    assert "first@example.com is now User" in capsys.readouterr().out


def test_license_keygen_then_issue(capsys: pytest.CaptureFixture[str], data_dir: Path) -> None:
    assert main(["license", "keygen"]) == 0
    assert (data_dir / "license-private.pem").stat().st_mode & 0o777 == 0o600
    assert main(["license", "issue", "--client", "Acme", "--max-users", "10", "--days", "365"]) == 0
    document = json.loads((data_dir / "license.json").read_text())
    assert document["license"]["clientName"] == "Acme"
    assert document["license"]["maxUsers"] == 10


def test_license_issue_without_key_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["license", "issue", "--client", "Acme", "--max-users", "1", "--days", "1"]) == 2
    assert "license keygen" in capsys.readouterr().err


def test_openapi_writes_the_document(tmp_path: Path) -> None:
    out = tmp_path / "openapi.json"
    assert main(["openapi", "-o", str(out)]) == 0
    assert "/api/auth/login" in json.loads(out.read_text())["paths"]


def test_migrate_with_the_database_out_of_reach_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import socket

    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = f"postgresql://postgres@127.0.0.1:{port}/nothing?connect_timeout=2"
    monkeypatch.setenv("SLIDEWRIGHT_DATABASE_URL", url)
    assert main(["migrate"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("slidewright: cannot reach the database:")
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
