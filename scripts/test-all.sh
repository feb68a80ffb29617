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

reports=$(mktemp -d)
trap 'rm -rf "$reports"' EXIT

echo "== Unit and server tests (SQLite + PostgreSQL, local folder + S3)"
CAIRN_REQUIRE_POSTGRES=1 npx vitest run --project unit \
  --reporter=default --reporter=json --outputFile.json="$reports/unit.json"

echo "== Browser tests (Chromium)"
npx vitest run --project e2e \
  --reporter=default --reporter=json --outputFile.json="$reports/e2e.json"

# One closing line over both runs: "N passed, N failed".
node -e '
  const fs = require("node:fs");
  let passed = 0, failed = 0, skipped = 0;
  for (const file of process.argv.slice(1)) {
    const report = JSON.parse(fs.readFileSync(file, "utf8"));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + report.numTodoTests;
  }
  console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
' "$reports/unit.json" "$reports/e2e.json"
