#!/usr/bin/env bash
# Backs up Slidewright: the database first, then the blobs, then the data dir's small files.
#
#   backup.sh [--env-file FILE] [--keep N] BACKUP_ROOT
#
# Reads the settings the app reads (SLIDEWRIGHT_DATA_DIR, SLIDEWRIGHT_DATABASE_URL,
# SLIDEWRIGHT_STORAGE_URL and AWS_* for S3) from --env-file, else $SLIDEWRIGHT_ENV_FILE, else
# /etc/slidewright/slidewright.env when it exists; variables already in the environment win.
# Writes BACKUP_ROOT/<UTC time>/ (built as <UTC time>.partial, renamed once complete), prints its
# path on stdout, and with --keep N deletes all but the N newest complete backups.
#
# Why the database comes first: a blob written after the dump is an orphan in the restored copy
# (no row points at it; harmless), while a row saved after the blobs were copied would point at
# files the backup does not have. What remains is a blob deleted by a user during the backup
# window: its row (from the earlier dump) comes back without it. Run backups at a quiet hour.
#
# The app can keep running: SQLite is copied with the online backup API (never the live file),
# PostgreSQL with pg_dump (one consistent snapshot), files with tar.
set -euo pipefail
# shellcheck disable=SC2034  # PROG is read by backup-common.sh
PROG=backup.sh
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=backup-common.sh source-path=SCRIPTDIR
. "$here/backup-common.sh"

usage() {
  sed -n '2,10s/^# \{0,1\}//p' "$0"
}

env_file=
keep=0
root=
while [ $# -gt 0 ]; do
  case $1 in
    -e | --env-file)
      [ $# -ge 2 ] || die "--env-file needs a file"
      env_file=$2
      shift 2
      ;;
    --keep)
      [ $# -ge 2 ] || die "--keep needs a number"
      keep=$2
      [[ $keep =~ ^[0-9]+$ ]] || die "--keep needs a number, not '$keep'"
      shift 2
      ;;
    -h | --help)
      usage
      exit 0
      ;;
    -*) die "unknown option $1 (see --help)" ;;
    *)
      [ -z "$root" ] || die "give one BACKUP_ROOT"
      root=$1
      shift
      ;;
  esac
done
[ -n "$root" ] || die "usage: backup.sh [--env-file FILE] [--keep N] BACKUP_ROOT"

load_settings "$env_file"
resolve_settings

umask 077
mkdir -p "$root"
root=$(cd "$root" && pwd)
if command -v flock >/dev/null 2>&1; then
  exec 9>"$root/.lock"
  flock -n 9 || die "another backup into $root is running"
fi
# Left by a run that was killed (we hold the lock, so none is in progress).
find "$root" -mindepth 1 -maxdepth 1 -type d -name '*.partial' -exec rm -rf {} +

stamp=$(date -u +%Y%m%dT%H%M%SZ)
final="$root/$stamp"
[ ! -e "$final" ] || die "$final already exists (one backup per second at most)"
work="$final.partial"
mkdir "$work"
trap 'rm -rf "$work"' EXIT
schema=unknown

# Python's sqlite3 backup API (python3 -c): a consistent copy of a live WAL database, including
# what is still in the -wal file. The copy is switched to a plain rollback journal, so it is one
# self-contained file, and checked.
SQLITE_BACKUP_PY='
import sqlite3, sys
src = sqlite3.connect(sys.argv[1], timeout=60)
dst = sqlite3.connect(sys.argv[2])
src.backup(dst)
src.close()
dst.execute("PRAGMA journal_mode=DELETE")
result = dst.execute("PRAGMA integrity_check").fetchone()[0]
if result != "ok":
    sys.exit("integrity check of the copy failed: " + result)
try:
    print(dst.execute("SELECT version_num FROM alembic_version").fetchone()[0])
except Exception:
    print("unknown")
dst.close()
'

backup_sqlite() {
  local out="$work/database.sqlite" tool=${SLIDEWRIGHT_BACKUP_SQLITE_TOOL:-}
  local had_wal=0 had_shm=0
  [ -f "$SQLITE_PATH" ] || die "no SQLite database at $SQLITE_PATH (check SLIDEWRIGHT_DATA_DIR and SLIDEWRIGHT_DATABASE_URL)"
  [ ! -e "$SQLITE_PATH-wal" ] || had_wal=1
  [ ! -e "$SQLITE_PATH-shm" ] || had_shm=1
  if [ -z "$tool" ]; then
    if command -v python3 >/dev/null 2>&1; then tool=python3; else tool=sqlite3; fi
  fi
  case $tool in
    python3)
      schema=$(python3 -c "$SQLITE_BACKUP_PY" "$SQLITE_PATH" "$out") || die "SQLite backup failed"
      ;;
    sqlite3)
      command -v sqlite3 >/dev/null 2>&1 || die "neither python3 nor sqlite3 is installed"
      case $out in *\'*) die "the backup path must not contain a single quote" ;; esac
      sqlite3 "$SQLITE_PATH" ".timeout 60000" ".backup '$out'" || die "SQLite backup failed"
      local check
      check=$(sqlite3 "$out" "PRAGMA journal_mode=DELETE;" "PRAGMA integrity_check;" | tail -n 1)
      [ "$check" = ok ] || die "integrity check of the copy failed: $check"
      schema=$(sqlite3 "$out" "SELECT version_num FROM alembic_version;" 2>/dev/null) || schema=unknown
      ;;
    *) die "SLIDEWRIGHT_BACKUP_SQLITE_TOOL must be python3 or sqlite3, not '$tool'" ;;
  esac
  # Opening a WAL database creates -wal/-shm when absent; as root they must not stay root's, or
  # the app (another user) could no longer open its own database.
  if [ "$(id -u)" -eq 0 ]; then
    [ "$had_wal" = 1 ] || [ ! -e "$SQLITE_PATH-wal" ] || chown --reference="$SQLITE_PATH" "$SQLITE_PATH-wal"
    [ "$had_shm" = 1 ] || [ ! -e "$SQLITE_PATH-shm" ] || chown --reference="$SQLITE_PATH" "$SQLITE_PATH-shm"
  fi
}

backup_postgresql() {
  command -v pg_dump >/dev/null 2>&1 ||
    die "pg_dump is not installed (apt-get install postgresql-client; its major version must be at least the server's)"
  pg_dump --format=custom --file="$work/database.pgdump" --dbname="$PG_URL" || die "pg_dump failed"
  pg_restore --list "$work/database.pgdump" >/dev/null || die "the dump cannot be read back"
  if command -v psql >/dev/null 2>&1; then
    schema=$(psql -XAtq --dbname="$PG_URL" -c "SELECT version_num FROM alembic_version" 2>/dev/null) ||
      schema=unknown
  fi
}

backup_files() {
  [ -d "$STORAGE_DIR" ] || die "no storage directory at $STORAGE_DIR (check SLIDEWRIGHT_STORAGE_URL and SLIDEWRIGHT_DATA_DIR)"
  # '*#*': obstore's staging files of writes in progress (renamed into place when complete).
  # Exit status 1 means a file changed or vanished while being read: a blob replaced or
  # deleted during the backup, which is expected on a live server.
  local status=0
  tar -C "$STORAGE_DIR" --exclude='./*#*' --exclude='*#*' --ignore-failed-read \
    --warning=no-file-changed --warning=no-file-removed --warning=no-file-shrank \
    -cf "$work/storage.tar" . || status=$?
  [ "$status" -le 1 ] || die "tar of $STORAGE_DIR failed"
}

backup_s3() {
  local tool
  tool=$(s3_tool)
  mkdir "$work/storage"
  case $tool in
    aws) aws_s3 sync "$(s3_location)" "$work/storage/" --only-show-errors || die "aws s3 sync failed" ;;
    rclone) rclone copy "$(rclone_remote)" "$work/storage" || die "rclone copy failed" ;;
  esac
}

say "database ($DB_KIND)"
"backup_$DB_KIND"
say "storage ($STORAGE_KIND)"
if [ "$STORAGE_KIND" = file ]; then backup_files; else backup_s3; fi

files=()
for name in $DATA_FILES; do
  [ ! -f "$DATA_DIR/$name" ] || files+=("$name")
done
if [ ${#files[@]} -gt 0 ]; then
  say "data dir files: ${files[*]}"
  tar -C "$DATA_DIR" -cf "$work/data-files.tar" "${files[@]}"
fi

{
  echo "format=$BACKUP_FORMAT"
  echo "created=$stamp"
  echo "host=$(hostname 2>/dev/null || echo unknown)"
  echo "database=$DB_KIND"
  echo "storage=$STORAGE_KIND"
  echo "schema_revision=${schema:-unknown}"
} >"$work/manifest"
(cd "$work" && find . -type f ! -name SHA256SUMS -print0 | LC_ALL=C sort -z | xargs -0 -r sha256sum) >"$work/SHA256SUMS"

mv "$work" "$final"
trap - EXIT

if [ "$keep" -gt 0 ]; then
  find "$root" -mindepth 1 -maxdepth 1 -type d -name '[0-9]*T[0-9]*Z' | LC_ALL=C sort -r |
    tail -n "+$((keep + 1))" | while IFS= read -r old; do
      say "removing old backup $old"
      rm -rf "$old"
    done
fi
say "done"
printf '%s\n' "$final"
