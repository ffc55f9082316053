#!/usr/bin/env bash
# Installs whatever Slidewright needs and is missing; fast and harmless when all is there.
#   system packages (apt-get, when root), uv (from PyPI), Python deps (uv.lock), npm deps (lock).
set -euo pipefail
cd "$(dirname "$0")/.."

UV_VERSION=0.13.8
APT_PACKAGES=(
  libreoffice-impress-nogui python3-uno poppler-utils
  fonts-noto-cjk fonts-crosextra-carlito fonts-crosextra-caladea fonts-liberation2
  chromium
)
# Installed when it can be (root, and the distribution has it): the browser tests run in it, as
# Playwright's own headless runs do, and fall back to chromium where it is missing.
OPTIONAL_APT_PACKAGES=(chromium-headless-shell)

say() { printf '\033[1m==> %s\033[0m\n' "$*"; }

missing=()
for pkg in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if ((${#missing[@]})); then
  if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; then
    say "installing system packages: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -q
    apt-get install -y -q --no-install-recommends "${missing[@]}"
  else
    echo "Slidewright needs these Debian/Ubuntu packages, which are not installed:" >&2
    echo "  sudo apt-get install --no-install-recommends ${missing[*]}" >&2
    echo "(LibreOffice renders thumbnails and checks exports; Chromium runs the browser tests.)" >&2
    exit 1
  fi
fi

if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; then
  for pkg in "${OPTIONAL_APT_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" && continue
    apt-cache policy "$pkg" 2>/dev/null | grep -q 'Candidate: [0-9]' || continue
    say "installing system package: $pkg"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "$pkg" \
      || echo "could not install $pkg: the browser tests use chromium instead" >&2
  done
fi

if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "Slidewright needs Node.js 20 and npm (e.g. from nodejs.org or your distribution)." >&2
  exit 1
fi

if ! command -v uv >/dev/null || [[ "$(uv --version | awk '{print $2}')" != "$UV_VERSION" ]]; then
  say "installing uv $UV_VERSION from PyPI"
  python3 -m pip install --quiet --disable-pip-version-check "uv==$UV_VERSION" 2>/dev/null \
    || python3 -m pip install --quiet --user --break-system-packages "uv==$UV_VERSION"
  hash -r
fi

# Re-sync only when the lock file or the way of syncing changed since the last sync. The
# bytecode is compiled at install: where Python may not write it (PYTHONDONTWRITEBYTECODE, as on
# some CI machines) every process would otherwise compile the 2,600 modules of its dependencies
# from source, about 7 s of CPU per start. (Not for every `uv run`: that would scan them again.)
SYNC_FLAGS="--frozen --compile-bytecode"
if [[ ! -f backend/.venv/.synced || backend/uv.lock -nt backend/.venv/.synced \
      || "$(cat backend/.venv/.synced)" != "$SYNC_FLAGS" ]]; then
  say "installing Python dependencies (uv sync)"
  # shellcheck disable=SC2086  # the flags are words
  (cd backend && uv sync --quiet $SYNC_FLAGS)
  echo "$SYNC_FLAGS" > backend/.venv/.synced
fi

if [[ ! -f frontend/node_modules/.installed || frontend/package-lock.json -nt frontend/node_modules/.installed ]]; then
  say "installing frontend dependencies (npm ci)"
  (cd frontend && npm ci --no-audit --no-fund --loglevel=error)
  touch frontend/node_modules/.installed
fi
