#!/usr/bin/env bash
# The web app's JavaScript in node (node:test, no packages): Tests/js/*.test.js, e.g. outbox.js's
# clock and merge rules against the cases Sources/Replication is tested on. Part of `make test`.
set -euo pipefail
cd "$(dirname "$0")/.."

command -v node >/dev/null || { echo "js-tests: node is missing: run 'scripts/install-deps.sh --test'." >&2; exit 1; }
# The files named, not the folder: node 21 and later take --test's arguments as patterns.
exec node --test Tests/js/*.test.js
