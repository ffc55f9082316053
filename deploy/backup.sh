#!/usr/bin/env bash
# Backs up Slidewright into BACKUP_ROOT/<UTC time>.tar with `slidewright backup`.
#
#   backup.sh [--env-file FILE] [--keep N] BACKUP_ROOT
#
# Reads the settings the app reads (SLIDEWRIGHT_DATA_DIR, SLIDEWRIGHT_DATABASE_URL,
# SLIDEWRIGHT_STORAGE_URL and AWS_* for S3) from --env-file, else $SLIDEWRIGHT_ENV_FILE, else
# /etc/slidewright/slidewright.env when it exists; variables already in the environment win.
# Prints the archive's path on stdout; with --keep N deletes all but the N newest archives.
# One run at a time per BACKUP_ROOT. The app keeps running meanwhile.
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
bin=$(slidewright_bin)

umask 077
mkdir -p "$root"
root=$(cd "$root" && pwd)
if command -v flock >/dev/null 2>&1; then
  exec 9>"$root/.lock"
  flock -n 9 || die "another backup into $root is running"
fi
# Left by a run that was killed (we hold the lock, so none is in progress).
find "$root" -mindepth 1 -maxdepth 1 \( -name '.*.partial' -o -name '.slidewright-backup-*' \) \
  -exec rm -rf {} +

archive="$root/$(date -u +%Y%m%dT%H%M%SZ).tar"
[ ! -e "$archive" ] || die "$archive already exists (one backup per second at most)"
# The command's progress goes to stderr: stdout carries the archive's path alone.
"$bin" backup "$archive" >&2 || exit $?

if [ "$keep" -gt 0 ]; then
  find "$root" -mindepth 1 -maxdepth 1 -type f -name '[0-9]*T[0-9]*Z.tar' | LC_ALL=C sort -r |
    tail -n "+$((keep + 1))" | while IFS= read -r old; do
      say "removing old backup $old"
      rm -f "$old"
    done
fi
printf '%s\n' "$archive"
