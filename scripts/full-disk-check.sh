#!/usr/bin/env bash
# The writes on a file system that fills part-way (the listings, and the app's e and V), on a real small tmpfs (mounted by the test,
# which needs root) as well as under a file-size limit: here a skip of the tmpfs cases is a failure.
set -euo pipefail
cd "$(dirname "$0")/.."
PAGETUI_REQUIRE_TMPFS=1 npx vitest run test/cli-list/full-disk.e2e.test.ts
PAGETUI_REQUIRE_TMPFS=1 npx vitest run test/e2e/app-full-disk.e2e.test.ts
