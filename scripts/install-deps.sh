#!/usr/bin/env bash
# Installs the Debian/Ubuntu packages `receipts` needs, only those missing.
#   scripts/install-deps.sh          what building and running needs
#   scripts/install-deps.sh --test   plus what the tests and benchmarks need
set -euo pipefail

runtime=(libtesseract-dev libleptonica-dev libcurl4-openssl-dev libsqlite3-dev
         tesseract-ocr-eng tesseract-ocr-osd pkg-config ca-certificates)
testing=(postgresql postgresql-contrib tesseract-ocr python3 python3-pil fonts-dejavu-core sqlite3 gdb)

wanted=("${runtime[@]}")
[[ "${1:-}" == "--test" ]] && wanted+=("${testing[@]}")

missing=()
for pkg in "${wanted[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

echo "Installing system packages: ${missing[*]}" >&2
sudo=""
if [[ $(id -u) -ne 0 ]]; then
  command -v sudo >/dev/null || { echo "Need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
