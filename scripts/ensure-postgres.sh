#!/usr/bin/env bash
# Makes sure PostgreSQL answers on 127.0.0.1:5432 (starting the local cluster when it is down), then
# prints the server's URL. Tests and benches only use it to reach the server: each creates and drops
# databases of its own there, so nothing is left behind between runs.
set -euo pipefail
host=127.0.0.1
if ! pg_isready -q -h "$host" -p 5432; then
  echo "PostgreSQL is down: starting it…" >&2
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start >&2
  for _ in $(seq 1 30); do pg_isready -q -h "$host" -p 5432 && break; sleep 1; done
fi
echo "postgres://postgres@$host:5432/postgres"
