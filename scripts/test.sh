#!/usr/bin/env bash
# Every test: unit and integration (Vitest, embedded database unless DATABASE_URL is set), then end to end.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-chromium.sh
t0=$(date +%s)
npx vitest run
t1=$(date +%s)
echo "== vitest: $(( t1 - t0 ))s"
bash scripts/e2e.sh
echo "== end-to-end: $(( $(date +%s) - t1 ))s"
