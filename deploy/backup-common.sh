# shellcheck shell=bash disable=SC2034  # the variables set here are read by the two scripts
# Shared by backup.sh and restore.sh (sourced, not run): reading the env file and turning
# SLIDEWRIGHT_DATABASE_URL, SLIDEWRIGHT_DATA_DIR and SLIDEWRIGHT_STORAGE_URL into what the
# tools need, with the same defaults as the app (backend/src/slidewright/core/config.py).

BACKUP_FORMAT=1
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
# s3://b/p?endpoint=...&region=... stays intact. Only SLIDEWRIGHT_*, AWS_*, PG* and RCLONE_*
# are taken, and a variable already set in the environment wins over the file.
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
    case $key in SLIDEWRIGHT_* | AWS_* | PG* | RCLONE_*) ;; *) continue ;; esac
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

urldecode() {
  local encoded=$1
  printf '%b' "${encoded//%/\\x}"
}

# shellcheck disable=SC2088  # a literal ~/ in the setting, expanded as the app does
absolute() {
  case $1 in
    /*) printf '%s\n' "$1" ;;
    '~/'*) printf '%s\n' "$HOME/${1#'~/'}" ;;
    *) printf '%s\n' "$PWD/$1" ;;
  esac
}

# Sets DATA_DIR, DB_KIND (sqlite|postgresql) and SQLITE_PATH or PG_URL (+ PGPASSWORD),
# STORAGE_KIND (file|s3) and STORAGE_DIR or S3_BUCKET/S3_PREFIX/S3_ENDPOINT/S3_REGION.
# Exits with one line on a URL it cannot handle; URLs are never printed (they hold passwords).
resolve_settings() {
  DATA_DIR=$(absolute "${SLIDEWRIGHT_DATA_DIR:-data}")
  DATA_DIR=${DATA_DIR%/}
  [ -n "$DATA_DIR" ] || DATA_DIR=/
  resolve_database "${SLIDEWRIGHT_DATABASE_URL:-sqlite:///$DATA_DIR/slidewright.db}"
  resolve_storage "${SLIDEWRIGHT_STORAGE_URL:-file://$DATA_DIR/blobs}"
}

resolve_database() {
  local url=$1 rest authority userinfo user password
  case $url in
    sqlite:///* | sqlite+pysqlite:///*)
      DB_KIND=sqlite
      SQLITE_PATH=${url#*:///}
      SQLITE_PATH=${SQLITE_PATH%%\?*}
      case $SQLITE_PATH in
        '' | :memory:) die "SLIDEWRIGHT_DATABASE_URL names an in-memory SQLite database: nothing to back up" ;;
      esac
      SQLITE_PATH=$(absolute "$SQLITE_PATH")
      ;;
    postgresql://* | postgres://* | postgresql+psycopg://* | postgresql+psycopg2://*)
      DB_KIND=postgresql
      rest=${url#*://}
      authority=${rest%%/*}
      # The password goes to libpq through PGPASSWORD, not the command line (ps shows that).
      case $authority in
        *@*)
          userinfo=${authority%@*}
          case $userinfo in
            *:*)
              user=${userinfo%%:*}
              password=${userinfo#*:}
              PGPASSWORD=$(urldecode "$password")
              export PGPASSWORD
              rest="$user@${authority##*@}${rest#"$authority"}"
              ;;
          esac
          ;;
      esac
      PG_URL="postgresql://$rest"
      ;;
    *)
      die "unsupported SLIDEWRIGHT_DATABASE_URL (scheme '${url%%:*}'): use sqlite:///path or postgresql://user@host/db"
      ;;
  esac
}

resolve_storage() {
  local url=$1 rest query pair name value
  case $url in
    file://localhost/*) STORAGE_KIND=file STORAGE_DIR=$(urldecode "/${url#file://localhost/}") ;;
    file:///*) STORAGE_KIND=file STORAGE_DIR=$(urldecode "${url#file://}") ;;
    file://*) die "unsupported SLIDEWRIGHT_STORAGE_URL: file URLs must be file:///absolute/path" ;;
    s3://*)
      STORAGE_KIND=s3
      rest=${url#s3://}
      query=
      case $rest in *\?*) query=${rest#*\?} rest=${rest%%\?*} ;; esac
      S3_BUCKET=${rest%%/*}
      S3_PREFIX=
      case $rest in */*) S3_PREFIX=${rest#*/} ;; esac
      S3_PREFIX=$(urldecode "$S3_PREFIX")
      while [[ $S3_PREFIX == /* ]]; do S3_PREFIX=${S3_PREFIX#/}; done
      while [[ $S3_PREFIX == */ ]]; do S3_PREFIX=${S3_PREFIX%/}; done
      [ -n "$S3_BUCKET" ] || die "unsupported SLIDEWRIGHT_STORAGE_URL: s3:// needs a bucket name"
      S3_ENDPOINT=${AWS_ENDPOINT_URL:-${AWS_ENDPOINT:-}}
      S3_REGION=${AWS_REGION:-${AWS_DEFAULT_REGION:-}}
      S3_PATH_STYLE=
      local IFS='&'
      for pair in $query; do
        name=${pair%%=*}
        value=$(urldecode "${pair#*=}")
        case $name in
          endpoint) S3_ENDPOINT=$value ;;
          region) S3_REGION=$value ;;
          virtual_hosted_style) case $value in 0 | false | no | off) S3_PATH_STYLE=1 ;; esac ;;
          allow_http | '') ;;
          *) die "unsupported SLIDEWRIGHT_STORAGE_URL: unknown S3 option '$name'" ;;
        esac
      done
      ;;
    memory:*) die "SLIDEWRIGHT_STORAGE_URL is memory://: blobs live in the server's memory, nothing to back up" ;;
    /*) STORAGE_KIND=file STORAGE_DIR=$url ;;
    *://* | *:*) die "unsupported SLIDEWRIGHT_STORAGE_URL (scheme '${url%%:*}'): use file:///path or s3://bucket/prefix" ;;
    *) STORAGE_KIND=file STORAGE_DIR=$(absolute "$url") ;;
  esac
  if [ "$STORAGE_KIND" = file ]; then
    STORAGE_DIR=${STORAGE_DIR%/}
  fi
}

# The S3 tool: SLIDEWRIGHT_BACKUP_S3_TOOL=aws|rclone, else aws when installed, else rclone.
s3_tool() {
  local tool=${SLIDEWRIGHT_BACKUP_S3_TOOL:-}
  if [ -z "$tool" ]; then
    if command -v aws >/dev/null 2>&1; then
      tool=aws
    elif command -v rclone >/dev/null 2>&1; then
      tool=rclone
    else
      die "S3 storage needs the aws CLI or rclone on PATH (or set SLIDEWRIGHT_BACKUP_S3_TOOL)"
    fi
  fi
  case $tool in
    aws | rclone) command -v "$tool" >/dev/null 2>&1 || die "$tool is not installed" ;;
    *) die "SLIDEWRIGHT_BACKUP_S3_TOOL must be aws or rclone, not '$tool'" ;;
  esac
  printf '%s\n' "$tool"
}

# `aws s3 ...` with the endpoint and region of the storage URL; credentials come from the same
# AWS_* variables the app reads.
aws_s3() {
  local args=()
  [ -z "$S3_ENDPOINT" ] || args+=(--endpoint-url "$S3_ENDPOINT")
  [ -z "$S3_REGION" ] || args+=(--region "$S3_REGION")
  aws "${args[@]}" s3 "$@"
}

# An rclone remote spelled inline (no rclone.conf needed); keys from the AWS_* variables.
# NOT TESTED on this project's machines (no rclone there): check it against a scratch bucket.
rclone_remote() {
  local spec=":s3,provider=Other,env_auth=true"
  [ -z "$S3_ENDPOINT" ] || spec+=",endpoint='$S3_ENDPOINT'"
  [ -z "$S3_REGION" ] || spec+=",region='$S3_REGION'"
  [ -z "$S3_PATH_STYLE" ] || spec+=",force_path_style=true"
  printf '%s:%s\n' "$spec" "$S3_BUCKET${S3_PREFIX:+/$S3_PREFIX}"
}

s3_location() {
  printf 's3://%s/%s\n' "$S3_BUCKET" "${S3_PREFIX:+$S3_PREFIX/}"
}

# Small files of the data dir that are not in the database: the generated secret key (sessions)
# and the license files.
DATA_FILES="secret_key license.json license-public.pem license-private.pem"
