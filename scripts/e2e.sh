#!/usr/bin/env bash
# End-to-end tests in Debian's Chromium against the built app served by the real server.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-chromium.sh
npm run build -w apps/web
npx playwright test -c apps/web/playwright.config.ts
