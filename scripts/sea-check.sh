#!/usr/bin/env bash
# CI: the single executable (docs/single-executable.md) built with `npm run sea` and checked by its
# test, which runs it with no `node` on PATH; required here (PAGETUI_REQUIRE_SEA=1). The Node
# binary it is made from is cached between runs, as for the Node matrix (scripts/registry-node.mjs).
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
node scripts/sea.mjs
PAGETUI_REQUIRE_SEA=1 npx vitest run test/packaging/sea.e2e.test.ts
echo "ci: the single executable built and checked in $((SECONDS - started)) s"
