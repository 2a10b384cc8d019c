#!/usr/bin/env bash
# Type-checks every workspace at once (each is its own tsc project), printing each one's errors, failing if any fails.
# The checker is TypeScript 7 (the native compiler, package alias typescript-7): the four projects take 21 s
# instead of 42 s on 2 cores. The plain `typescript` package stays on 5.9 for dependency-cruiser, which reads
# imports through the TypeScript 5 API (it supports < 7).
set -uo pipefail
cd "$(dirname "$0")/.."
tsc="$PWD/node_modules/typescript-7/bin/tsc"
workspaces=(packages/contracts packages/engine apps/server apps/web)
logs=$(mktemp -d)
pids=()
for ws in "${workspaces[@]}"; do
  (cd "$ws" && "$tsc" -p tsconfig.json --noEmit >"$logs/${ws//\//_}.log" 2>&1) &
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
