#!/usr/bin/env bash
# The whole test suite, as the README's second command and CI run it:
# system packages, the web and desktop builds, every unit and server test
# (SQLite and a throwaway PostgreSQL; the local blob folder and an S3-compatible
# server), then the browser tests against the real server and built apps.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-system-deps.sh

echo "== Building the web apps and the desktop app"
npm run build:web
npm run build:desktop

echo "== Unit and server tests (SQLite + PostgreSQL, local folder + S3)"
CAIRN_REQUIRE_POSTGRES=1 npx vitest run --project unit

echo "== Browser tests (Chromium)"
npx vitest run --project e2e
