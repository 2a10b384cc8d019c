#!/usr/bin/env bash
# Every test: unit and integration (Vitest, embedded database unless DATABASE_URL is set), then end to end.
#
# TEST_POSTGRES_URL=<server URL> (CI sets it, from scripts/ensure-postgres.sh) also runs the server suite on
# PostgreSQL, beside the end-to-end tests: those mostly wait on the browser and leave a core and more idle
# (0.66 of 2 cores measured), which the PostgreSQL pass fills. Its output is printed when it ends.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-chromium.sh
t0=$(date +%s)
npx vitest run
t1=$(date +%s)
echo "== vitest: $(( t1 - t0 ))s"

postgres_pid=""
if [ -n "${TEST_POSTGRES_URL:-}" ]; then
  postgres_log=$(mktemp)
  set -m # its own process group, so that stopping it stops its Vitest workers too
  ( status=0
    DATABASE_URL="$TEST_POSTGRES_URL" npx vitest run --project server >"$postgres_log" 2>&1 || status=$?
    echo "== server tests on PostgreSQL: $(( $(date +%s) - t1 ))s" >>"$postgres_log"
    exit "$status" ) &
  postgres_pid=$!
  set +m
  # Stopped with the script (an interrupted run), not left running.
  trap '[ -n "$postgres_pid" ] && kill -- "-$postgres_pid" 2>/dev/null || true' EXIT
  echo "== server tests on PostgreSQL: started beside the end-to-end tests (output follows when they end)"
fi

e2e_status=0
bash scripts/e2e.sh || e2e_status=$?
echo "== end-to-end: $(( $(date +%s) - t1 ))s"

postgres_status=0
if [ -n "$postgres_pid" ]; then
  wait "$postgres_pid" || postgres_status=$?
  postgres_pid=""
  echo; echo "== server tests on PostgreSQL (output)"
  cat "$postgres_log"
  rm -f "$postgres_log"
fi
[ "$e2e_status" -eq 0 ] || { echo "The end-to-end tests failed (exit $e2e_status)" >&2; exit "$e2e_status"; }
[ "$postgres_status" -eq 0 ] || { echo "The server tests on PostgreSQL failed (exit $postgres_status)" >&2; exit "$postgres_status"; }
