#!/usr/bin/env bash
# Serves Gemma 3 270M with llama.cpp's OpenAI-compatible server on http://127.0.0.1:PORT/v1
# (default 8081), installing it first when needed. Point Slidewright at it with
#   SLIDEWRIGHT_AI_BASE_URL=http://127.0.0.1:PORT/v1 SLIDEWRIGHT_AI_MODEL=<id from /v1/models>
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
"$here/install.sh" --quiet
exec "$here/.venv/bin/python" "$here/llama_server.py" "${1:-8081}"
