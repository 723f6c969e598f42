#!/usr/bin/env bash
# The browser tests drive Debian's Chromium through playwright-core (Playwright's own browser download
# cannot reach its servers here): its headless shell (chromium-headless-shell), the same Chromium release
# without the desktop browser around it, which Playwright itself runs headless tests in. Lighthouse, the
# benchmark and the screenshots use the full browser (chromium). Installs whichever is missing.
set -euo pipefail
CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}"
CHROME_PATH="${CHROME_PATH:-/usr/bin/chromium}"
missing=()
[ -x "$CHROMIUM_PATH" ] || missing+=(chromium-headless-shell)
[ -x "$CHROME_PATH" ] || missing+=(chromium)
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "Not found: ${missing[*]}; installing Debian's package(s)"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
"$CHROMIUM_PATH" --version
"$CHROME_PATH" --version
