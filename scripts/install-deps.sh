#!/usr/bin/env bash
# Installs the Debian/Ubuntu packages `receipts` needs, only those missing.
#   scripts/install-deps.sh          what building and running needs
#   scripts/install-deps.sh --test   plus what the tests and benchmarks need, and schemathesis
#                                    (PyPI, pinned) in .build/fuzz-venv for scripts/fuzz-api.sh
set -euo pipefail

runtime=(libtesseract-dev libleptonica-dev libcurl4-openssl-dev libsqlite3-dev
         tesseract-ocr-eng tesseract-ocr-osd pkg-config ca-certificates)
testing=(postgresql postgresql-contrib tesseract-ocr python3 python3-pil python3-venv fonts-dejavu-core sqlite3 gdb
         curl wrk)
schemathesis_version=4.32.5

wanted=("${runtime[@]}")
[[ "${1:-}" == "--test" ]] && wanted+=("${testing[@]}")

missing=()
for pkg in "${wanted[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if [[ ${#missing[@]} -gt 0 ]]; then
  echo "Installing system packages: ${missing[*]}" >&2
  sudo=""
  if [[ $(id -u) -ne 0 ]]; then
    command -v sudo >/dev/null || { echo "Need root or sudo to install: ${missing[*]}" >&2; exit 1; }
    sudo="sudo"
  fi
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# The API fuzzer (scripts/fuzz-api.sh) in a virtual environment of Debian's python3, beside the build.
if [[ "${1:-}" == "--test" ]]; then
  venv="$(cd "$(dirname "$0")/.." && pwd)/.build/fuzz-venv"
  if [[ "$("$venv/bin/schemathesis" --version 2>/dev/null)" != *" $schemathesis_version" ]]; then
    echo "Installing schemathesis $schemathesis_version into $venv" >&2
    /usr/bin/python3 -m venv "$venv"
    "$venv/bin/pip" install -q --disable-pip-version-check "schemathesis==$schemathesis_version"
  fi
fi
