#!/usr/bin/env bash
# The test command (npm test): build, typecheck, lint, then the whole suite. Where D-Bus and
# gnome-keyring are installed, the suite runs inside a private, unlocked keyring session so the
# real keychain tests run too; elsewhere they are skipped with one line saying why (a failure where
# PAGETUI_REQUIRE_KEYCHAIN=1). Where @github/keytar cannot load (on Linux: no libsecret-1.so.0),
# the keychain tests check that path.
set -euo pipefail
cd "$(dirname "$0")/.."
node scripts/build.mjs
npx tsc --noEmit
npm run lint --silent
results="$(mktemp -d)/vitest.json"
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
exit "$status"
