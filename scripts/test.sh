#!/usr/bin/env bash
# Every test: unit and integration (Vitest, embedded database), then the end-to-end tests in Chromium and,
# beside them, the server's integration tests again on PostgreSQL.
#
# Why side by side: the end-to-end tests spend most of their time waiting on the browser, the server's checks
# and the mail (about half a core on this 2-core machine), so the PostgreSQL pass runs in their idle time on
# one Vitest worker instead of after them.
#
# The PostgreSQL pass runs when PostgreSQL is installed here (scripts/ensure-postgres.sh starts it when it is
# down). CR_TEST_POSTGRES=1 requires it (CI), =0 skips it. With DATABASE_URL set, the first pass already runs
# on that PostgreSQL, so there is no second one.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-chromium.sh

postgres_wanted=${CR_TEST_POSTGRES:-auto}
if [ -n "${DATABASE_URL:-}" ]; then postgres_wanted=0; fi
if [ "$postgres_wanted" = auto ]; then
  if command -v pg_ctlcluster >/dev/null && command -v pg_isready >/dev/null; then postgres_wanted=1; else
    postgres_wanted=0
    echo "== PostgreSQL is not installed here: its pass is skipped (CR_TEST_POSTGRES=1 to require it)"
  fi
fi

t0=$(date +%s)
npx vitest run
t1=$(date +%s)
echo "== vitest ($([ -n "${DATABASE_URL:-}" ] && echo PostgreSQL || echo "embedded PGlite")): $(( t1 - t0 ))s"

postgres_pid=""
postgres_log=$(mktemp)
if [ "$postgres_wanted" = 1 ]; then
  database_url=$(bash scripts/ensure-postgres.sh)
  # Its own output goes to a file, printed when the end-to-end tests are done, so the two do not interleave.
  (
    started=$(date +%s)
    status=0
    DATABASE_URL="$database_url" npx vitest run --project server --maxWorkers=1 || status=$?
    echo "== vitest server on PostgreSQL: $(( $(date +%s) - started ))s"
    exit "$status"
  ) >"$postgres_log" 2>&1 &
  postgres_pid=$!
fi

e2e_status=0
bash scripts/e2e.sh || e2e_status=$?
echo "== end-to-end: $(( $(date +%s) - t1 ))s"

postgres_status=0
if [ -n "$postgres_pid" ]; then
  wait "$postgres_pid" || postgres_status=$?
  echo
  echo "== the server's tests on PostgreSQL (ran beside the end-to-end tests):"
  cat "$postgres_log"
fi
rm -f "$postgres_log"
[ "$e2e_status" = 0 ] || echo "== the end-to-end tests failed"
[ "$postgres_status" = 0 ] || echo "== the server's tests on PostgreSQL failed"
[ "$e2e_status" = 0 ] && [ "$postgres_status" = 0 ]
