#!/usr/bin/env bash
# Installs Debian's Chromium when it is missing (the end-to-end tests and rendered checks drive it).
set -euo pipefail
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium" ]; then exit 0; fi
echo "Chromium not found at $chromium: installing Debian's chromium package…"
sudo_cmd=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null; then sudo_cmd="sudo"; else
    echo "Cannot install Chromium: not root and no sudo. Install it with: apt-get install chromium" >&2; exit 1
  fi
fi
$sudo_cmd apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq chromium fonts-liberation >/dev/null
[ -x "$chromium" ] || { echo "Chromium still missing at $chromium" >&2; exit 1; }
