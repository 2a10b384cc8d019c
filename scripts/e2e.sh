#!/usr/bin/env bash
# End-to-end tests in Debian's Chromium against the built app served by the real server.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-chromium.sh
# CI has just built the app in its own stage and says so; anyone else gets a fresh build.
if [ "${CR_WEB_BUILT:-}" != "1" ]; then npm run build -w apps/web; fi
# The landing page's first-load JavaScript must stay under its budget (200 KB gzipped).
node apps/web/scripts/first-load-size.mjs
npx playwright test -c apps/web/playwright.config.ts "$@"
