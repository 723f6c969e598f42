#!/usr/bin/env bash
# The browser tests drive Debian's Chromium through playwright-core (Playwright's own browser
# download cannot reach its servers here). Install it when it is missing.
set -euo pipefail
CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM_PATH" ]; then
  exit 0
fi
echo "Chromium not found at $CHROMIUM_PATH: installing Debian's chromium package"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
"$CHROMIUM_PATH" --version
