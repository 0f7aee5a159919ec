#!/usr/bin/env bash
# The web app's flows in a real browser: Debian's chromium + chromedriver, driven from Python by
# selenium (python3-selenium), against `receipts serve` on a free loopback port over a throw-away
# SQLite store (Tests/web/webharness.py starts and stops it for each test file). No browser download, no internet.
#   scripts/web-tests.sh [--docs]   --docs also writes the 390 px screenshots to docs/screenshots/
# RECEIPTS_BIN picks the binary (default .build/debug/receipts); screenshots of every main page at
# 390 and 1280 px go to WEB_TEST_OUTPUT (default .build/web-tests/screenshots). Part of `make test`.
set -euo pipefail
cd "$(dirname "$0")/.."

bin="${RECEIPTS_BIN:-.build/debug/receipts}"
[[ -x "$bin" ]] || { echo "web-tests: $bin is missing: run 'swift build' first." >&2; exit 1; }
for tool in /usr/bin/chromium /usr/bin/chromedriver; do
  [[ -x "$tool" ]] || { echo "web-tests: $tool is missing: run 'scripts/install-deps.sh --test'." >&2; exit 1; }
done
/usr/bin/python3 -c 'import selenium' 2>/dev/null || { echo "web-tests: python3-selenium is missing: run 'scripts/install-deps.sh --test'." >&2; exit 1; }
[[ "${1:-}" == "--docs" ]] && export WEB_SCREENSHOTS_DOCS=1

export RECEIPTS_BIN="$bin"
start=$(date +%s)
status=0
# Every Tests/web/test_*.py file, each with a server of its own; webharness.py is what they share.
(cd Tests/web && /usr/bin/python3 -m unittest discover --start-directory . --pattern 'test_*.py' --verbose) || status=$?
echo "web-tests: $(( $(date +%s) - start ))s, screenshots in ${WEB_TEST_OUTPUT:-.build/web-tests}/screenshots" >&2
exit "$status"
