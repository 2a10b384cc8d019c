#!/usr/bin/env bash
# Every test: unit and integration (Vitest, embedded database unless DATABASE_URL is set), then end to end.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-chromium.sh
npx vitest run
bash scripts/e2e.sh
