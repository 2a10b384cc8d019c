#!/usr/bin/env bash
# Every test: unit and integration (Vitest, embedded database unless DATABASE_URL is set), then end to end.
# With ALSO_POSTGRES_URL set (CI sets it), the server suite runs a second time on that PostgreSQL server,
# beside the end-to-end tests: those mostly wait on a browser, so the two share the cores well.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-chromium.sh
t0=$(date +%s)
npx vitest run
t1=$(date +%s)
echo "== vitest: $(( t1 - t0 ))s"
postgres_pid=""
postgres_log=""
if [ -n "${ALSO_POSTGRES_URL:-}" ]; then
  postgres_log=$(mktemp)
  (
    started=$(date +%s)
    DATABASE_URL="$ALSO_POSTGRES_URL" npx vitest run --project server >"$postgres_log" 2>&1
    echo "== server tests on PostgreSQL: $(( $(date +%s) - started ))s" >>"$postgres_log"
  ) &
  postgres_pid=$!
fi
e2e_status=0
bash scripts/e2e.sh || e2e_status=$?
echo "== end-to-end: $(( $(date +%s) - t1 ))s"
postgres_status=0
if [ -n "$postgres_pid" ]; then
  wait "$postgres_pid" || postgres_status=$?
  echo; echo "== server tests on PostgreSQL (run beside the end-to-end tests)"
  cat "$postgres_log"
  rm -f "$postgres_log"
fi
[ "$e2e_status" -eq 0 ] && [ "$postgres_status" -eq 0 ]
