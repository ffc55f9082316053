# Slidewright: `make run` to use it, `make test` to check it. `make help` lists the rest.
SHELL := /bin/bash
.DEFAULT_GOAL := help

HOST ?= 127.0.0.1
PORT ?= 8000
DATA ?= $(CURDIR)/data
PG_TEST_URL ?= postgresql://postgres@127.0.0.1:5432/test
export PATH := $(HOME)/.local/bin:$(PATH)

BACKEND := cd backend &&
FRONTEND := cd frontend &&
FRONTEND_SOURCES := $(shell find frontend/src frontend/index.html frontend/vite.config.* frontend/tsconfig*.json frontend/package.json -type f 2>/dev/null)

.PHONY: help deps run dev build client lint lint-backend lint-frontend test test-backend test-backend-sqlite test-backend-postgres test-frontend test-browser test-distributed test-real-model e2e bench clean

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-14s %s\n", $$1, $$2}'

deps: ## install what is missing (system packages, uv, Python and npm dependencies)
	@scripts/ensure-deps.sh

frontend/dist/index.html: $(FRONTEND_SOURCES)
	$(FRONTEND) npm run build --silent

build: deps frontend/dist/index.html ## build the web app

run: build ## install, build, migrate and serve on http://localhost:8000
	$(BACKEND) SLIDEWRIGHT_DATA_DIR=$(DATA) uv run slidewright migrate
	$(BACKEND) SLIDEWRIGHT_DATA_DIR=$(DATA) uv run slidewright serve --host $(HOST) --port $(PORT)

dev: deps ## API with auto-reload on :8000 plus Vite with hot reload on :5173
	@trap 'kill 0' EXIT; \
	( $(BACKEND) SLIDEWRIGHT_DATA_DIR=$(DATA) uv run slidewright serve --reload --port $(PORT) ) & \
	( $(FRONTEND) npm run dev )

client: deps ## regenerate the frontend API client from the backend's OpenAPI
	$(BACKEND) uv run slidewright openapi -o ../frontend/src/api/openapi.json
	$(FRONTEND) npm run generate:client --silent

# The backend's and the frontend's checks side by side: each is mostly one process on one core.
lint: deps ## ruff, mypy, eslint, tsc
	@$(MAKE) --no-print-directory -j2 --output-sync=target lint-backend lint-frontend

lint-backend:
	$(BACKEND) uv run ruff check . && uv run ruff format --check . && uv run mypy

lint-frontend:
	$(FRONTEND) npm run lint --silent && npm run typecheck --silent

# The SQLite run is the whole suite on two workers. The PostgreSQL run repeats, on two workers
# too, each in a database of its own, every test of what is stored, queried, locked and searched;
# it leaves out what uses no database or uses it the same way whichever it is: the PPTX engine
# and the built-in templates, `serve`'s processes (tests/cli, on a SQLite file of their own) and
# the assistant's prompts, answers and deadlines (tests/ai, except its jobs' cancel and resume
# and what each user's prompts may read).
PG_SKIPPED_AI := $(foreach test,$(filter-out %/test_cancel_jobs.py %/test_cancel_on_a_worker.py \
  %/test_isolation.py,$(wildcard backend/tests/ai/test_*.py)),--ignore=$(test:backend/%=%))
test-backend: deps
	@date '+==> %T backend job: SQLite run'
	@$(MAKE) --no-print-directory test-backend-sqlite
	@date '+==> %T backend job: PostgreSQL run'
	@$(MAKE) --no-print-directory test-backend-postgres
	@date '+==> %T backend job: vitest'
	@$(MAKE) --no-print-directory test-frontend
	@date '+==> %T backend job: done'

test-backend-sqlite: deps
	$(BACKEND) uv run pytest -n 2

test-backend-postgres: deps
	@if (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null; then \
	  echo "==> pytest again on PostgreSQL ($(PG_TEST_URL))"; \
	  $(BACKEND) SLIDEWRIGHT_TEST_DATABASE_URL=$(PG_TEST_URL) uv run pytest -n 2 -m "not slow and not distributed" \
	    --ignore=tests/pptx_engine --ignore=tests/builtin --ignore=tests/cli $(PG_SKIPPED_AI); \
	else echo "==> PostgreSQL not reachable on 127.0.0.1:5432: skipping the PostgreSQL run"; fi

test-client: deps ## fail when the committed API client is stale
	@$(BACKEND) uv run slidewright openapi -o /tmp/slidewright-openapi.json
	@diff -q /tmp/slidewright-openapi.json frontend/src/api/openapi.json >/dev/null \
	  || { echo "frontend/src/api is stale: run 'make client' and commit the result"; exit 1; }
	@$(FRONTEND) npx openapi-typescript /tmp/slidewright-openapi.json -o /tmp/slidewright-schema.d.ts >/dev/null 2>&1
	@diff -q /tmp/slidewright-schema.d.ts frontend/src/api/schema.d.ts >/dev/null \
	  || { echo "frontend/src/api/schema.d.ts is stale: run 'make client'"; exit 1; }

test-frontend: deps
	$(FRONTEND) npm run check:locales --silent && npm test --silent

e2e: build ## Playwright end-to-end tests on the built app (system Chromium)
	$(FRONTEND) npm run e2e

# Two jobs side by side: the backend suite (SQLite, then PostgreSQL) with the frontend's unit
# tests, and the browser (end-to-end, then the scaled-out stage); the two are about as long.
# Each spends much of its time waiting (LibreOffice, the browser, the servers), so the wall time
# is close to the longer of the two. A third job would shorten the wall time only where there
# are cores to spare: on two, it slows the browser's timed steps instead. --output-sync keeps
# each job's output together in the log. The real model comes last, alone, on both cores (two
# model threads answered 10-40% faster than one on an idle machine): its deadlines are real
# seconds, and beside the two jobs a small model could not answer an action within its deadline.
test: lint test-client ## every check (CI runs this)
	@$(MAKE) --no-print-directory -j2 --output-sync=target test-backend test-browser
	@date '+==> %T real model'
	@LLAMA_SERVER_THREADS=$${LLAMA_SERVER_THREADS:-2} $(MAKE) --no-print-directory test-real-model
	@echo "==> all checks passed"

test-browser:
	@date '+==> %T browser job: end-to-end'
	@$(MAKE) --no-print-directory e2e
	@date '+==> %T browser job: scaled out'
	@$(MAKE) --no-print-directory test-distributed
	@date '+==> %T browser job: done'

# Two API replicas and two workers as separate processes on PostgreSQL, Redis and an S3 server
# (moto), with workers and replicas killed on purpose. Needs PostgreSQL and Redis to answer.
test-distributed: deps ## the scaled-out deployment, started for real (PostgreSQL + Redis)
	@if (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null && (exec 3<>/dev/tcp/127.0.0.1/6379) 2>/dev/null; then \
	  echo "==> scaled out: replicas, workers, PostgreSQL, Redis, S3"; \
	  $(BACKEND) uv run pytest -m distributed tests/distributed; \
	else echo "==> PostgreSQL (5432) or Redis (6379) not reachable: skipping the scaled-out stage"; fi

# Every AI action of the spec, en and zh-CN, against Gemma 3 270M on llama.cpp's own server
# (tools/llama-server), one model thread unless LLAMA_SERVER_THREADS says otherwise: the first
# run on a machine compiles llama-cpp-python (about 8 minutes on two cores), later runs take
# uv's cached wheel.
test-real-model: deps ## the assistant against a real small model (llama.cpp + Gemma 3 270M)
	@echo "==> the assistant against Gemma 3 270M on llama.cpp (tools/llama-server)"
	tools/llama-server/install.sh --quiet
	$(BACKEND) REAL_MODEL_REPORT=$(CURDIR)/backend/.real-model-report.json uv run pytest -m real_model tests/real_model -q

bench: deps ## benchmarks (print a table, write bench/results/*.json)
	$(BACKEND) uv run python ../bench/run.py

clean: ## remove build output (keeps ./data)
	rm -rf frontend/dist
