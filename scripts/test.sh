#!/usr/bin/env bash
# Everything `npm test` checks, in order, stopping at the first failure:
# types, lint and formatting, unit tests, a production build, checks over the built HTML and
# the page-weight budgets, and browser tests (Lighthouse's Best Practices and SEO among them) in
# Chromium against the served build.
set -euo pipefail
cd "$(dirname "$0")/.."
export GATSBY_TELEMETRY_DISABLED=1

# Each step prints its seconds when the next begins, and the run ends with every step's time, so a slowdown
# names itself (docs/testing.md keeps the latest figures).
timings=()
current=""
since=$SECONDS
BUILD_STEP="Production build"
build_seconds=0
finish_step() {
  if [ -n "$current" ]; then
    [ "$current" = "$BUILD_STEP" ] && build_seconds=$((SECONDS - since))
    timings+=("$(printf '%5d s  %s' $((SECONDS - since)) "$current")")
    printf '=== %s: %d s ===\n' "$current" $((SECONDS - since))
  fi
}
step() {
  finish_step
  current="$1"
  since=$SECONDS
  printf '\n=== %s ===\n' "$1"
}
summary() {
  status=$?
  finish_step
  current=""
  printf '\n=== npm test: %s in %d s ===\n' "$([ $status -eq 0 ] && echo passed || echo FAILED)" $SECONDS
  printf '%s\n' "${timings[@]}"
  # What the test command costs beside the build it checks (issue 50 asks for at most 5 times).
  if [ "$build_seconds" -gt 0 ]; then
    printf 'npm test over the production build: %d s / %d s = %s\n' $SECONDS "$build_seconds" \
      "$(awk -v all=$SECONDS -v build="$build_seconds" 'BEGIN { printf "%.1f", all / build }')"
  fi
}
trap summary EXIT

step "Chromium for the browser tests"
bash scripts/ensure-chromium.sh

step "Type check (tsc, and the Worker's generated Env against wrangler.jsonc), lint (eslint) and formatting (prettier)"
# The three take one core each, so they run side by side (0.70 times their time one after another, in three
# alternated pairs on 2026-11-28), each into its own log, printed whole once all have ended.
typecheck() {
  # wrangler adds the secrets of a .dev.vars beside wrangler.jsonc to the type it writes; the committed file has none.
  if [ -e .dev.vars ]; then
    echo "worker/worker-configuration.d.ts not checked: .dev.vars would add its secrets (check it without one)"
  else
    npm run --silent types:worker -- --check
  fi
  npx tsc --noEmit
}
logs=$(mktemp -d)
typecheck >"$logs/types" 2>&1 &
types=$!
npx eslint . >"$logs/eslint" 2>&1 &
eslint=$!
npx prettier --check . >"$logs/prettier" 2>&1 &
prettier=$!
failed=""
wait $types || failed="$failed type-check"
wait $eslint || failed="$failed eslint"
wait $prettier || failed="$failed prettier"
for log in types eslint prettier; do
  printf -- '--- %s\n' "$log"
  cat "$logs/$log"
done
rm -rf "$logs"
if [ -n "$failed" ]; then
  echo "Failed:$failed"
  exit 1
fi

step "Unit tests (jest, a worker per core)"
NODE_ENV=test npx jest --selectProjects unit --maxWorkers=100%

step "$BUILD_STEP"
# The browser tests submit estimates to the EmailJS stand-in, so the build must point at it.
# With the tests' sample projects and reviews (__tests__/fixtures/proof), which the deploy build never has.
SITE_SAMPLE_PROOF=1 node scripts/build-site.mjs

step "Built-site checks and page-weight budgets (jest)"
NODE_ENV=test npx jest --selectProjects site --maxWorkers=100%

step "Browser tests in Chromium (jest + playwright-core), Lighthouse Best Practices and SEO"
# Two files at a time, each with its own Chromium, sharing one served build (__tests__/browser/global-setup.ts); files
# that need the content manager's backend on its fixed port take turns; the estimate files share the run's
# EmailJS stand-in, each in a session of its own.
NODE_ENV=test npx jest --selectProjects browser --maxWorkers=2
