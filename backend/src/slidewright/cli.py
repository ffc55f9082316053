"""The `slidewright` command: serve, migrate, doctor, openapi, users, license, backup, restore...

Every failure a user can cause prints one line and exits 2; nothing prints a traceback
(set SLIDEWRIGHT_DEBUG=1 to see one).
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from slidewright.core.config import Settings, load_settings
from slidewright.core.errors import AppError
from slidewright.core.supervisor_watch import SUPERVISOR_ENV
from slidewright.pptx_cli import PptxCliError

Handler = Callable[[argparse.Namespace, Settings], int]


class CliError(Exception):
    """A user-facing failure: printed as one line, exit status 2."""


def default_web_workers(settings: Settings) -> int:
    """One process on SQLite (one writer at a time) or while rate limits are counted in each
    process's memory (several processes would multiply the sign-in limits); on PostgreSQL with
    a shared limit store, one per core, up to 4."""
    if settings.resolved_database_url.startswith("sqlite"):
        return 1
    if settings.ratelimit_storage_url.startswith("memory"):
        return 1
    return max(1, min(os.cpu_count() or 1, 4))


def _serve(args: argparse.Namespace, settings: Settings) -> int:
    import uvicorn

    workers = args.workers or (1 if args.reload else default_web_workers(settings))
    if workers > 1 and args.reload:
        raise CliError("--reload runs one process; leave out --workers")
    if workers > 1:
        from slidewright.main import prepare_once

        # Once here, not once per process: the processes would race to migrate.
        prepare_once(settings)
        os.environ["SLIDEWRIGHT_AUTO_MIGRATE"] = "0"
        os.environ["SLIDEWRIGHT_INSTALL_BUILTINS"] = "0"
        # The web processes stop if this one is killed (core/supervisor_watch.py).
        os.environ[SUPERVISOR_ENV] = str(os.getpid())
    print(
        f"Slidewright on http://{args.host}:{args.port}  (API docs: /api/docs; "
        f"{workers} process{'es' if workers > 1 else ''})",
        flush=True,
    )
    uvicorn.run(
        "slidewright.asgi:create_app",
        factory=True,
        host=args.host,
        port=args.port,
        reload=args.reload,
        workers=workers if workers > 1 else None,
        log_level="warning",
        proxy_headers=True,
        # SIGTERM: stop accepting, let requests in flight finish (uploads, exports) this long.
        timeout_graceful_shutdown=args.graceful_timeout,
    )
    return 0


def _migrate(args: argparse.Namespace, settings: Settings) -> int:
    from slidewright import migrate

    migrate.upgrade(settings.resolved_database_url)
    print("database is up to date")
    return 0


def _worker(args: argparse.Namespace, settings: Settings) -> int:
    logging.basicConfig(level=settings.log_level.upper(), format="%(asctime)s %(name)s %(message)s")
    if settings.renderer in ("auto", "unoserver"):
        from slidewright.pptx_engine.render import start_early

        # Before the imports below, which take seconds: LibreOffice starts meanwhile.
        start_early(
            settings.renderer,
            memory_mb=settings.renderer_memory_mb,
            recycle_after=settings.renderer_recycle_after,
        )
    from slidewright import migrate
    from slidewright.core.db import make_engine, make_session_factory
    from slidewright.services import Services

    if settings.auto_migrate:
        # Locked (`core.db_lock`): a worker started with the replicas waits for their migration.
        migrate.upgrade(settings.resolved_database_url)
    services = Services(settings, make_session_factory(make_engine(settings.resolved_database_url)))
    print(f"job worker with {args.threads} threads on {settings.jobs_url or 'the SQLite queue'}")
    services.warm_up_renderer()
    try:
        services.jobs.run_worker(args.threads)  # SIGTERM or SIGINT: running jobs finish first
    finally:
        services.close()
    return 0


def _doctor(args: argparse.Namespace, settings: Settings) -> int:
    """Exit status 0: nothing (left) to repair; 1: findings (or rows only an operator can fix)."""
    from datetime import timedelta

    from slidewright import migrate
    from slidewright.core.db import make_engine, make_session_factory
    from slidewright.storage.obstore_store import MemoryBlobStore, build_blob_store
    from slidewright.system import doctor

    if args.grace_seconds < 0:
        raise CliError("--grace-seconds must be 0 or more")
    blobs = build_blob_store(settings.resolved_storage_url)
    if isinstance(blobs, MemoryBlobStore):  # every row would look broken: refuse
        raise CliError("memory:// storage lives inside each server process: nothing to check")
    grace = timedelta(seconds=args.grace_seconds)
    # As `serve` and `worker` do: a host that migrates by hand (AUTO_MIGRATE=0) must not have
    # its schema changed by a doctor run on a timer in the middle of an upgrade.
    if settings.auto_migrate:
        migrate.upgrade(settings.resolved_database_url)
    elif not migrate.is_current(settings.resolved_database_url):
        raise CliError("the database schema is not this release's: run `slidewright migrate` first")
    engine = make_engine(settings.resolved_database_url)
    try:
        session_factory = make_session_factory(engine)
        findings = doctor.examine(session_factory, blobs, grace=grace)
        repairs = doctor.repair(session_factory, blobs, findings) if args.fix else None
    finally:
        engine.dispose()
    if args.json:
        print(json.dumps(doctor.as_json(findings, repairs), indent=2, ensure_ascii=False))
    else:
        print("\n".join(doctor.describe(findings, repairs, grace)))
    if repairs is not None:
        return 1 if repairs.left_for_the_operator else 0
    return 1 if findings.needs_attention else 0


def _openapi(args: argparse.Namespace, settings: Settings) -> int:
    from slidewright.main import create_app

    # Building the app touches no database, so this works without a server or migrations.
    document = create_app(settings).openapi()
    text = json.dumps(document, indent=2, ensure_ascii=False) + "\n"
    if args.output:
        Path(args.output).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


def _set_role(role: str) -> Handler:
    def handler(args: argparse.Namespace, settings: Settings) -> int:
        from slidewright import migrate
        from slidewright.core.db import make_engine, make_session_factory
        from slidewright.users import service

        migrate.upgrade(settings.resolved_database_url)
        engine = make_engine(settings.resolved_database_url)
        with make_session_factory(engine)() as session:
            user = service.set_role(session, args.email, role)
            session.commit()
            print(f"{user.email} is now {user.role}")
        engine.dispose()
        return 0

    return handler


def _link_chat(args: argparse.Namespace, settings: Settings) -> int:
    from slidewright import migrate
    from slidewright.chat_sso import service as chat_sso
    from slidewright.core.db import make_engine, make_session_factory

    migrate.upgrade(settings.resolved_database_url)
    engine = make_engine(settings.resolved_database_url)
    with make_session_factory(engine)() as session:
        user = chat_sso.prepare_link(session, args.email)
        session.commit()
        print(
            f"{user.email} now signs in through the chat product; its password no longer works. "
            "The next chat sign-in with this verified email links the account."
        )
    engine.dispose()
    return 0


def _license_keygen(args: argparse.Namespace, settings: Settings) -> int:
    from slidewright.license import service

    private_path, public_path = service.keygen(settings, Path(args.out) if args.out else None)
    print(f"private key: {private_path} (keep it secret)\npublic key:  {public_path}")
    return 0


def _license_issue(args: argparse.Namespace, settings: Settings) -> int:
    from slidewright.license import service

    if args.max_users < 1 or args.days < 1:
        raise CliError("--max-users and --days must be at least 1")
    key = Path(args.private_key) if args.private_key else None
    try:
        path = service.issue(
            settings, client=args.client, max_users=args.max_users, days=args.days, private_key=key
        )
    except FileNotFoundError as exc:
        raise CliError(str(exc)) from exc
    print(f"license for {args.client} ({args.max_users} users, {args.days} days) written to {path}")
    return 0


def _say(line: str) -> None:
    print(line, flush=True)


def _backup(args: argparse.Namespace, settings: Settings) -> int:
    from slidewright.backup import BackupError, create_backup

    try:
        manifest = create_backup(settings, Path(args.file), say=_say)
    except BackupError as exc:
        raise CliError(str(exc)) from exc
    print(
        f"backup written to {args.file}: the {manifest.database_kind} database "
        f"(schema {manifest.alembic_revision or 'unknown'}) and {len(manifest.blobs)} blobs"
    )
    return 0


def _restore(args: argparse.Namespace, settings: Settings) -> int:
    from slidewright.backup import BackupError, restore_backup

    try:
        manifest = restore_backup(settings, Path(args.file), force=args.force, say=_say)
    except BackupError as exc:
        raise CliError(str(exc)) from exc
    print(
        f"restored the backup of {manifest.created_at} ({len(manifest.blobs)} blobs); "
        "start Slidewright"
    )
    return 0


def _ai_check(args: argparse.Namespace, settings: Settings) -> int:
    """Exit status 0: the model server answers; 1: it does not (or the settings are wrong)."""
    from slidewright.ai import status
    from slidewright.ai.provider import build_provider

    try:
        provider = build_provider(settings)
    except ValueError as exc:  # a setting missing (SLIDEWRIGHT_AI_MODEL)
        raise CliError(str(exc)) from exc
    report = status.check(provider, args.lang)
    if args.json:
        print(json.dumps(report, indent=2, ensure_ascii=False))
        return 0 if report["ok"] else 1
    print(report["summary"])
    endpoint = report["status"].get("endpoint")
    if endpoint:
        models = ", ".join(endpoint["models"]) or "-"
        print(f"  server:         {endpoint['server']} (models: {models})")
        print(f"  context window: {endpoint['contextTokens']} tokens ({endpoint['contextSource']})")
        print(f"  token counting: {endpoint['tokenCounting']}")
        print(f"  mode in use:    {endpoint['mode']} ({endpoint['modeSource']})")
        for trial in endpoint["trials"]:
            verdict = "works" if trial["ok"] else "no"
            print(f"    {trial['mode']:<20} {verdict:<6} {trial['detail']} ({trial['seconds']} s)")
    return 0 if report["ok"] else 1


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="slidewright", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    serve = commands.add_parser("serve", help="run the web app and API")
    serve.add_argument("--host", default=os.environ.get("SLIDEWRIGHT_HOST", "127.0.0.1"))
    serve.add_argument("--port", type=int, default=int(os.environ.get("SLIDEWRIGHT_PORT", "8000")))
    serve.add_argument("--reload", action="store_true", help="restart on code changes (dev)")
    serve.add_argument(
        "--workers",
        type=int,
        default=int(os.environ.get("SLIDEWRIGHT_WEB_WORKERS", "0")),
        help="web processes (default: 1 on SQLite, one per core up to 4 on PostgreSQL)",
    )
    serve.add_argument(
        "--graceful-timeout",
        type=int,
        default=30,
        help="seconds requests in flight may take to finish on SIGTERM (default 30)",
    )
    serve.set_defaults(handler=_serve)

    commands.add_parser("migrate", help="upgrade the database to the latest schema").set_defaults(
        handler=_migrate
    )

    worker = commands.add_parser("worker", help="run background jobs (when scaled out)")
    worker.add_argument("--threads", type=int, default=2)
    worker.set_defaults(handler=_worker)

    doctor = commands.add_parser(
        "doctor", help="check the database against the blob storage (and repair with --fix)"
    )
    doctor.add_argument(
        "--fix",
        action="store_true",
        help="delete unreferenced blobs past the grace period and repair broken rows",
    )
    doctor.add_argument(
        "--grace-seconds",
        type=int,
        default=3600,
        help="leave unreferenced blobs younger than this alone: a writer may be about to "
        "reference them (default 3600)",
    )
    doctor.add_argument("--json", action="store_true", help="print the report as JSON")
    doctor.set_defaults(handler=_doctor)

    openapi = commands.add_parser("openapi", help="print the OpenAPI document")
    openapi.add_argument("-o", "--output", help="write to this file instead of stdout")
    openapi.set_defaults(handler=_openapi)

    users = commands.add_parser("users", help="manage accounts").add_subparsers(
        dest="users_command", required=True, metavar="ACTION"
    )
    for action, role in (("promote", "Admin"), ("demote", "User")):
        sub = users.add_parser(action, help=f"make an account {role}")
        sub.add_argument("email")
        sub.set_defaults(handler=_set_role(role))
    link = users.add_parser(
        "link-chat", help="let the next chat sign-in with this email take over a local account"
    )
    link.add_argument("email")
    link.set_defaults(handler=_link_chat)

    lic = commands.add_parser("license", help="license keys and files").add_subparsers(
        dest="license_command", required=True, metavar="ACTION"
    )
    keygen = lic.add_parser("keygen", help="create an Ed25519 key pair (in DATA_DIR by default)")
    keygen.add_argument("--out", help="folder for the keys")
    keygen.set_defaults(handler=_license_keygen)
    issue = lic.add_parser("issue", help="sign and install a license file")
    issue.add_argument("--client", required=True)
    issue.add_argument("--max-users", type=int, required=True)
    issue.add_argument("--days", type=int, required=True)
    issue.add_argument("--private-key", help="default DATA_DIR/license-private.pem")
    issue.set_defaults(handler=_license_issue)

    backup = commands.add_parser(
        "backup", help="write the database, every blob and the key files into one archive"
    )
    backup.add_argument("file", help="the archive to write (a .tar; never overwritten)")
    backup.set_defaults(handler=_backup)
    restore = commands.add_parser(
        "restore", help="bring a backup archive back into an empty deployment"
    )
    restore.add_argument("file", help="an archive written by `slidewright backup`")
    restore.add_argument(
        "--force",
        action="store_true",
        help="replace a deployment that is not empty (stop Slidewright on every host first)",
    )
    restore.set_defaults(handler=_restore)

    ai = commands.add_parser("ai", help="the AI model").add_subparsers(
        dest="ai_command", required=True, metavar="ACTION"
    )
    ai_check = ai.add_parser(
        "check",
        help="probe the model server of SLIDEWRIGHT_AI_*: models, context window, token "
        "counting and the structured-output modes that work",
    )
    ai_check.add_argument("--json", action="store_true", help="print the report as JSON")
    ai_check.add_argument(
        "--lang", default="en", choices=["en", "zh-CN"], help="the verdict's language"
    )
    ai_check.set_defaults(handler=_ai_check)

    _add_pptx_commands(commands)
    return parser


def _add_pptx_commands(commands: argparse._SubParsersAction) -> None:
    from slidewright import pptx_cli

    pptx_cli.register(commands)


def _is_unreachable_database(error: BaseException) -> bool:
    from sqlalchemy.exc import DBAPIError

    from slidewright.core.db import database_unreachable

    return isinstance(error, DBAPIError) and database_unreachable(error)


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.handler(args, load_settings()))
    except KeyboardInterrupt:
        return 130
    except AppError as exc:
        print(f"slidewright: {exc.message('en')}", file=sys.stderr)
        return 2
    except (CliError, PptxCliError, OSError) as exc:
        print(f"slidewright: {exc}", file=sys.stderr)
        return 2
    except Exception as exc:
        if _is_unreachable_database(exc):
            reason = str(getattr(exc, "orig", exc)).strip().splitlines()[0]
            print(f"slidewright: cannot reach the database: {reason}", file=sys.stderr)
            return 2
        if os.environ.get("SLIDEWRIGHT_DEBUG"):
            raise
        print(f"slidewright: unexpected error: {exc.__class__.__name__}: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
