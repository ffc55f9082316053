#!/usr/bin/env bash
# Restores a backup made by backup.sh (or `slidewright backup`) over this deployment, with
# `slidewright restore --force`.
#
#   restore.sh [--env-file FILE] [--yes] [--ignore-running] BACKUP_FILE
#
# Stop Slidewright first, on every host (web and workers): this replaces the current database,
# blobs and key files, and refuses while Slidewright units run on this host. Settings are read
# as backup.sh reads them; set SLIDEWRIGHT_DATABASE_URL (and the others) in the environment to
# restore somewhere else, e.g. a scratch database to check a backup, with --ignore-running
# when the live service keeps running meanwhile. Without --yes it asks on a terminal and
# refuses otherwise. (Into an empty deployment, `slidewright restore FILE` needs no --force.)
set -euo pipefail
# shellcheck disable=SC2034  # PROG is read by backup-common.sh
PROG=restore.sh
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=backup-common.sh source-path=SCRIPTDIR
. "$here/backup-common.sh"

usage() {
  sed -n '2,13s/^# \{0,1\}//p' "$0"
}

env_file=
yes=0
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
      [ -z "$backup" ] || die "give one BACKUP_FILE"
      backup=$1
      shift
      ;;
  esac
done
[ -n "$backup" ] || die "usage: restore.sh [--env-file FILE] [--yes] [--ignore-running] BACKUP_FILE"

load_settings "$env_file"
bin=$(slidewright_bin)
[ -f "$backup" ] || die "no backup file at $backup"

# Refuses while Slidewright runs here. Other hosts cannot be seen: stop them yourself.
if [ "$check_units" = 1 ] && command -v systemctl >/dev/null 2>&1; then
  active=$(systemctl list-units --type=service --state=active,activating,deactivating,reloading \
    --no-legend --plain 'slidewright-web*' 'slidewright-worker@*' 2>/dev/null | awk '{print $1}' |
    tr '\n' ' ') || active=
  [ -z "${active// /}" ] ||
    die "stop Slidewright first (on every host): systemctl stop slidewright-web 'slidewright-worker@*' (running here: ${active% })"
fi

if [ "$yes" != 1 ]; then
  [ -t 0 ] || die "this replaces the database, the blobs and the key files: run again with --yes"
  printf 'This replaces the database, every blob and the key files with %s.\nType yes to go on: ' \
    "$backup" >&2
  read -r answer
  [ "$answer" = yes ] || die "cancelled"
fi

exec "$bin" restore --force "$backup"
