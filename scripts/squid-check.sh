#!/usr/bin/env bash
# The proxy cases through a real squid (test/cli-list/proxy-squid.e2e.test.ts): each case starts
# its own squid on a free loopback port with a config of its own, with and without Basic
# authentication (Debian's squid ships /usr/lib/squid/basic_ncsa_auth; the password file is made
# with `openssl passwd -apr1`, so no htpasswd is needed). Installs squid and openssl with apt-get
# where squid is missing (as root, or with sudo), then runs the cases with PAGETUI_REQUIRE_SQUID=1,
# so a skip is a failure. Needs dist/pagetui.js (node scripts/build.mjs).
# Usage: bash scripts/squid-check.sh
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v squid >/dev/null 2>&1 && [ ! -x /usr/sbin/squid ]; then
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  echo "squid-check: installing squid"
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends squid openssl >/dev/null
fi
if [ ! -f dist/pagetui.js ]; then
  echo "squid-check: dist/pagetui.js is missing; run node scripts/build.mjs first" >&2
  exit 2
fi
PAGETUI_REQUIRE_SQUID=1 npx vitest run test/cli-list/proxy-squid.e2e.test.ts
echo "squid-check: ok"
