#!/usr/bin/env bash
# Installs llama-cpp-python[server] and Gemma 3 270M into tools/llama-server/.venv (uv.lock).
# llama-cpp-python is an sdist: it compiles once per machine, then uv's cache holds the wheel.
# The build is portable on purpose: a native build (-march=native turns on AVX-512 and AMX on
# these CPUs) crashes with a segmentation fault on the first token. The multimodal library (LLaVA
# and mtmd) is left out: the model is text-only, and it took a minute of the compile (7.7 min).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# The compile needs a C++ compiler and CMake (a fresh Debian/Ubuntu machine may have neither).
if ! command -v c++ >/dev/null || ! command -v cmake >/dev/null; then
  if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -q && apt-get install -y -q --no-install-recommends g++ cmake make
  else
    echo "tools/llama-server needs a C++ compiler and CMake: sudo apt-get install g++ cmake make" >&2
    exit 1
  fi
fi
export CMAKE_ARGS="${CMAKE_ARGS:--DGGML_NATIVE=OFF -DGGML_AVX2=ON -DGGML_AVX512=OFF -DGGML_AMX_TILE=OFF -DGGML_AMX_INT8=OFF -DGGML_AMX_BF16=OFF -DLLAVA_BUILD=OFF}"
# Bytecode compiled at install: the server starts without compiling its modules each time.
exec uv sync --project "$here" --frozen --compile-bytecode "$@"
