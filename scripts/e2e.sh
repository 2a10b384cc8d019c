#!/usr/bin/env bash
# End-to-end tests in Debian's Chromium against the built app served by the real server.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-chromium.sh
# CI has just built the app in its own stage and says so; anyone else gets a fresh build.
if [ "${CR_WEB_BUILT:-}" != "1" ]; then npm run build -w apps/web; fi
# The landing page's first-load JavaScript must stay under its budget (200 KB gzipped).
node apps/web/scripts/first-load-size.mjs
# Given specs or filters, run just those: without --no-deps the admin project would first run every other spec.
if [ $# -gt 0 ]; then set -- --no-deps "$@"; fi
npx playwright test -c apps/web/playwright.config.ts "$@"
