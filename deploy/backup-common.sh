# shellcheck shell=bash
# Shared by backup.sh and restore.sh (sourced, not run): reading the env file and finding the
# `slidewright` command. The work itself is `slidewright backup` / `slidewright restore`
# (backend/src/slidewright/backup/); these scripts only add what a host needs around it.

DEFAULT_ENV_FILE=/etc/slidewright/slidewright.env

die() {
  printf '%s: %s\n' "${PROG:-slidewright-backup}" "$*" >&2
  exit 2
}

say() {
  printf '%s: %s\n' "${PROG:-slidewright-backup}" "$*" >&2
}

# Reads KEY=VALUE lines the way systemd's EnvironmentFile= does (comments with # or ;, one pair
# of surrounding quotes removed). The file is never run as shell code: a value such as
# s3://b/p?endpoint=...&region=... stays intact. Only SLIDEWRIGHT_*, AWS_* and PG* are taken,
# and a variable already set in the environment wins over the file.
load_env_file() {
  local file=$1 line key value
  [ -r "$file" ] || die "cannot read the env file $file (run as root or as the slidewright user)"
  while IFS= read -r line || [ -n "$line" ]; do
    line="${line#"${line%%[![:space:]]*}"}"
    case $line in '' | '#'* | ';'*) continue ;; esac
    line="${line#export }"
    case $line in *=*) ;; *) continue ;; esac
    key="${line%%=*}"
    key="${key%"${key##*[![:space:]]}"}"
    value="${line#*=}"
    value="${value#"${value%%[![:space:]]*}"}"
    value="${value%"${value##*[![:space:]]}"}"
    if [ "${#value}" -ge 2 ]; then
      case $value in
        \"*\" | \'*\') value="${value:1:${#value}-2}" ;;
      esac
    fi
    [[ $key =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]] || continue
    case $key in SLIDEWRIGHT_* | AWS_* | PG*) ;; *) continue ;; esac
    if [ -z "${!key+x}" ]; then
      export "$key=$value"
    fi
  done <"$file"
}

# --env-file FILE if given, else $SLIDEWRIGHT_ENV_FILE, else /etc/slidewright/slidewright.env
# when it exists, else the environment alone.
load_settings() {
  local file=${1:-${SLIDEWRIGHT_ENV_FILE:-}}
  if [ -z "$file" ] && [ -e "$DEFAULT_ENV_FILE" ]; then
    file=$DEFAULT_ENV_FILE
  fi
  if [ -n "$file" ]; then
    load_env_file "$file"
  fi
}

# $SLIDEWRIGHT_BIN, else the release's own venv (these scripts live in <release>/deploy), else
# `slidewright` on PATH.
slidewright_bin() {
  local release_bin
  release_bin="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/backend/.venv/bin/slidewright"
  if [ -n "${SLIDEWRIGHT_BIN:-}" ]; then
    printf '%s\n' "$SLIDEWRIGHT_BIN"
  elif [ -x "$release_bin" ]; then
    printf '%s\n' "$release_bin"
  elif command -v slidewright >/dev/null 2>&1; then
    command -v slidewright
  else
    die "cannot find the slidewright command (set SLIDEWRIGHT_BIN)"
  fi
}
