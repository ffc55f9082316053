#!/usr/bin/env bash
# Restores a backup made by backup.sh: the database, the blobs and the data dir's small files.
#
#   restore.sh [--env-file FILE] [--yes] [--no-database] [--no-storage] [--ignore-running]
#              BACKUP_DIR
#
# Stop Slidewright first, on every host (web and workers): this replaces the current database
# and blobs, and refuses while Slidewright units run on this host. Settings are read as
# backup.sh reads them; set SLIDEWRIGHT_DATABASE_URL (and the others) in the environment to
# restore somewhere else, e.g. a scratch database to check a backup, with --ignore-running
# when the live service keeps running meanwhile. Without --yes it asks on a terminal and
# refuses otherwise.
set -euo pipefail
# shellcheck disable=SC2034  # PROG is read by backup-common.sh
PROG=restore.sh
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=backup-common.sh source-path=SCRIPTDIR
. "$here/backup-common.sh"

usage() {
  sed -n '2,12s/^# \{0,1\}//p' "$0"
}

env_file=
yes=0
do_database=1
do_storage=1
check_units=1
backup=
while [ $# -gt 0 ]; do
  case $1 in
    -e | --env-file)
      [ $# -ge 2 ] || die "--env-file needs a file"
      env_file=$2
      shift 2
      ;;
    -y | --yes)
      yes=1
      shift
      ;;
    --no-database)
      do_database=0
      shift
      ;;
    --no-storage)
      do_storage=0
      shift
      ;;
    --ignore-running)
      check_units=0
      shift
      ;;
    -h | --help)
      usage
      exit 0
      ;;
    -*) die "unknown option $1 (see --help)" ;;
    *)
      [ -z "$backup" ] || die "give one BACKUP_DIR"
      backup=$1
      shift
      ;;
  esac
done
[ -n "$backup" ] || die "usage: restore.sh [--env-file FILE] [--yes] [--no-database] [--no-storage] [--ignore-running] BACKUP_DIR"

load_settings "$env_file"
resolve_settings

[ -d "$backup" ] || die "no backup at $backup"
backup=$(cd "$backup" && pwd)
[ -f "$backup/manifest" ] || die "$backup has no manifest: not a backup made by backup.sh"
manifest() {
  sed -n "s/^$1=//p" "$backup/manifest" | head -n 1
}
[ "$(manifest format)" = "$BACKUP_FORMAT" ] || die "$backup is in an unknown backup format"
backup_db=$(manifest database)
backup_storage=$(manifest storage)
if [ "$do_database" = 1 ] && [ "$backup_db" != "$DB_KIND" ]; then
  die "the backup holds a $backup_db database but SLIDEWRIGHT_DATABASE_URL is $DB_KIND"
fi
if [ "$do_storage" = 1 ] && [ "$backup_storage" != "$STORAGE_KIND" ]; then
  die "the backup holds $backup_storage storage but SLIDEWRIGHT_STORAGE_URL is $STORAGE_KIND"
fi

say "checking the backup's checksums"
(cd "$backup" && sha256sum --check --quiet --strict SHA256SUMS) || die "$backup is damaged (checksums differ)"

# Refuses while Slidewright runs here. Other hosts cannot be seen: stop them yourself.
check_stopped() {
  local active=
  if [ "$check_units" = 1 ] && command -v systemctl >/dev/null 2>&1; then
    active=$(systemctl list-units --type=service --state=active,activating,deactivating,reloading \
      --no-legend --plain 'slidewright-web*' 'slidewright-worker@*' 2>/dev/null | awk '{print $1}' |
      tr '\n' ' ') || active=
  fi
  [ -z "${active// /}" ] ||
    die "stop Slidewright first (on every host): systemctl stop slidewright-web 'slidewright-worker@*' (running here: ${active% })"
  if [ "$do_database" = 1 ] && [ "$DB_KIND" = sqlite ] && [ -e "$SQLITE_PATH" ] &&
    command -v fuser >/dev/null 2>&1 && fuser -s "$SQLITE_PATH" 2>/dev/null; then
    die "$SQLITE_PATH is open in another process (a Slidewright server or worker?): stop it first"
  fi
}
check_stopped

what=
[ "$do_database" = 0 ] || what="the $DB_KIND database"
if [ "$do_storage" = 1 ]; then
  if [ "$STORAGE_KIND" = file ]; then where=$STORAGE_DIR; else where=$(s3_location); fi
  what="${what:+$what and }every blob in $where"
fi
[ -n "$what" ] || die "nothing to restore (--no-database and --no-storage)"
if [ "$yes" != 1 ]; then
  [ -t 0 ] || die "this replaces $what: run again with --yes"
  printf 'This replaces %s with the backup of %s.\nType yes to go on: ' "$what" "$(manifest created)" >&2
  read -r answer
  [ "$answer" = yes ] || die "cancelled"
fi

umask 077
# As root, what we write belongs to the data dir's owner (the slidewright user), not root.
own() {
  if [ "$(id -u)" -eq 0 ] && [ -e "$DATA_DIR" ]; then
    chown -R --reference="$DATA_DIR" "$@"
  fi
}

restore_sqlite() {
  local target_dir tmp
  target_dir=$(dirname "$SQLITE_PATH")
  mkdir -p "$target_dir"
  tmp="$SQLITE_PATH.restoring"
  cp "$backup/database.sqlite" "$tmp"
  # A -wal left by the old database would be replayed into the restored one: remove it first.
  rm -f "$SQLITE_PATH-wal" "$SQLITE_PATH-shm" "$SQLITE_PATH-journal"
  mv -f "$tmp" "$SQLITE_PATH"
  own "$SQLITE_PATH"
}

restore_postgresql() {
  command -v pg_restore >/dev/null 2>&1 || die "pg_restore is not installed (apt-get install postgresql-client)"
  # --clean --if-exists drops what the dump holds before recreating it, in one transaction:
  # either the whole backup is restored or nothing changed. Tables the dump does not know (made
  # by a newer release's migrations) stay: restore into a freshly created database for a clean
  # slate.
  pg_restore --clean --if-exists --no-owner --no-privileges --single-transaction --exit-on-error \
    --dbname="$PG_URL" "$backup/database.pgdump" || die "pg_restore failed (nothing was changed)"
}

restore_files() {
  mkdir -p "$STORAGE_DIR"
  find "$STORAGE_DIR" -mindepth 1 -delete
  tar -C "$STORAGE_DIR" --no-same-owner -xf "$backup/storage.tar"
  own "$STORAGE_DIR"
}

restore_s3() {
  local tool
  tool=$(s3_tool)
  [ -d "$backup/storage" ] || die "$backup has no storage folder"
  case $tool in
    aws)
      # cp uploads every object (sync would skip one of equal size replaced after the backup);
      # sync --delete then removes the objects the backup does not have.
      aws_s3 cp --recursive "$backup/storage/" "$(s3_location)" --only-show-errors || die "aws s3 cp failed"
      aws_s3 sync "$backup/storage/" "$(s3_location)" --delete --only-show-errors || die "aws s3 sync failed"
      ;;
    rclone)
      rclone sync --checksum "$backup/storage" "$(rclone_remote)" || die "rclone sync failed"
      ;;
  esac
}

if [ "$do_database" = 1 ]; then
  say "database ($DB_KIND)"
  "restore_$DB_KIND"
fi
if [ "$do_storage" = 1 ]; then
  say "storage ($STORAGE_KIND)"
  if [ "$STORAGE_KIND" = file ]; then restore_files; else restore_s3; fi
fi
if [ -f "$backup/data-files.tar" ]; then
  say "data dir files (secret key, license)"
  mkdir -p "$DATA_DIR"
  tar -C "$DATA_DIR" --no-same-owner -xf "$backup/data-files.tar"
  # shellcheck disable=SC2046  # file names from our own archive, no spaces
  (cd "$DATA_DIR" && own $(tar -tf "$backup/data-files.tar"))
fi

say "restored the backup of $(manifest created) (schema $(manifest schema_revision))"
say "next: run this release's 'slidewright migrate' if it is newer than the backup, then start Slidewright"
