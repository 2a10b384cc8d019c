#!/usr/bin/env bash
# Installs Debian's urlwatch (2.25 on bookworm) when it is missing: the peer the serve benchmark is
# measured against (apps/server/bench/serve). Prints the path of the urlwatch command.
set -euo pipefail
if command -v urlwatch >/dev/null; then command -v urlwatch; exit 0; fi
echo "urlwatch not found: installing Debian's urlwatch package…" >&2
sudo_cmd=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null; then sudo_cmd="sudo"; else
    echo "Cannot install urlwatch: not root and no sudo. Install it with: apt-get install urlwatch" >&2; exit 1
  fi
fi
$sudo_cmd apt-get update -qq >&2
DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends urlwatch python3-html2text >/dev/null
command -v urlwatch >/dev/null || { echo "urlwatch still missing after apt-get install" >&2; exit 1; }
command -v urlwatch
