#!/usr/bin/env bash
# The test command (npm test): build, typecheck and lint, then both tiers of the suite (unit and
# e2e, test/README.md) in one vitest run. The typecheck and the lint run side by side (each uses one
# core), and their output is shown whole, one after the other. Where D-Bus and gnome-keyring are
# installed, the suite runs inside a private, unlocked keyring session so the real keychain tests
# run too; elsewhere they are skipped with one line saying why (a failure where
# PAGETUI_REQUIRE_KEYCHAIN=1). Where @github/keytar cannot
# load (on Linux: no libsecret-1.so.0), the keychain tests check that path.
set -euo pipefail
cd "$(dirname "$0")/.."
node scripts/build.mjs
checks=$(mktemp -d)
npx tsc --noEmit >"$checks/tsc" 2>&1 &
tsc_pid=$!
npm run lint --silent >"$checks/lint" 2>&1 &
lint_pid=$!
tsc_status=0
lint_status=0
wait "$tsc_pid" || tsc_status=$?
wait "$lint_pid" || lint_status=$?
cat "$checks/tsc" "$checks/lint"
if [ "$tsc_status" -ne 0 ] || [ "$lint_status" -ne 0 ]; then
  echo "test: typecheck exited $tsc_status, lint exited $lint_status" >&2
  exit 1
fi
results="$checks/vitest.json"
run=(npx vitest run --reporter=default --reporter=json --outputFile="$results" "$@")
status=0
if command -v dbus-run-session >/dev/null 2>&1 && command -v gnome-keyring-daemon >/dev/null 2>&1; then
  sh scripts/with-keyring.sh "${run[@]}" || status=$?
else
  echo "test: D-Bus or gnome-keyring is not installed; the keychain round trip is skipped here" >&2
  "${run[@]}" || status=$?
fi
node -e '
  const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  console.log(`tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`);
' "$results" 2>/dev/null || true
rm -rf "$checks"
exit "$status"
