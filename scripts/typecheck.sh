#!/usr/bin/env bash
# Type-checks every workspace at once (each is its own tsc project), printing each one's errors, failing if any fails.
set -uo pipefail
cd "$(dirname "$0")/.."
workspaces=(packages/contracts packages/engine apps/server apps/web)
logs=$(mktemp -d)
pids=()
for ws in "${workspaces[@]}"; do
  (cd "$ws" && npx tsc -p tsconfig.json --noEmit >"$logs/${ws//\//_}.log" 2>&1) &
  pids+=($!)
done
failed=0
for i in "${!workspaces[@]}"; do
  if ! wait "${pids[$i]}"; then
    failed=1
    echo "== typecheck failed: ${workspaces[$i]}"
    cat "$logs/${workspaces[$i]//\//_}.log"
  fi
done
rm -rf "$logs"
exit $failed
