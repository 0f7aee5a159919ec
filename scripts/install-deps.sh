#!/usr/bin/env bash
# Installs the Debian/Ubuntu packages `receipts` needs, only those missing.
#   scripts/install-deps.sh          what building and running needs
#   scripts/install-deps.sh --test   plus what the tests and benchmarks need, and schemathesis
#                                    (PyPI, pinned) in .build/fuzz-venv for scripts/fuzz-api.sh
#   Both also install the neural reader (libexec/neural-reader.py): rapidocr and onnxruntime
#   (PyPI, pinned in libexec/neural-reader-requirements.txt, models bundled) in .build/ocr-venv;
#   --no-neural leaves it out (receipts are then read with Tesseract alone).
set -euo pipefail

test=false neural=true
for arg in "$@"; do
  case "$arg" in
    --test) test=true ;;
    --neural) neural=true ;;
    --no-neural) neural=false ;;
    *) echo "usage: $0 [--test] [--no-neural]" >&2; exit 2 ;;
  esac
done

# The language models beside English (Debian's "fast" models, 1-5 MB each, 24 MB for the nine
# added with issue 31): a receipt whose first reading shows the words of German, French, Italian,
# Spanish, Dutch, Portuguese, Polish, Czech or Turkish (the languages the parser has a locale table
# for, whose diacritics the English model drops) is read again with eng+<lang>; one in Cyrillic or
# Greek (the script detector's answer) with rus or ell alone; one in Thai, Devanagari or Arabic
# (scripts the neural reader's models cannot read) with eng+tha, eng+hin or eng+ara. Without a
# model the receipt is read in English and the cart says so (ocr.language-missing).
languages=(tesseract-ocr-deu tesseract-ocr-fra tesseract-ocr-ita tesseract-ocr-spa tesseract-ocr-nld
           tesseract-ocr-por tesseract-ocr-pol tesseract-ocr-ces tesseract-ocr-tur tesseract-ocr-rus
           tesseract-ocr-ell tesseract-ocr-tha tesseract-ocr-hin tesseract-ocr-ara)
runtime=(libtesseract-dev libleptonica-dev libcurl4-openssl-dev libsqlite3-dev
         tesseract-ocr-eng tesseract-ocr-osd "${languages[@]}" pkg-config ca-certificates)
testing=(postgresql postgresql-contrib tesseract-ocr python3 python3-pil python3-venv fonts-dejavu-core sqlite3 gdb
         curl wrk chromium chromium-driver python3-selenium)
schemathesis_version=4.32.5

wanted=("${runtime[@]}")
$test && wanted+=("${testing[@]}")
# node runs scripts/js-tests.sh; any node will do (Debian's nodejs when there is none).
$test && ! command -v node >/dev/null && wanted+=(nodejs)
$neural && wanted+=(python3 python3-venv)

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
if $test; then
  venv="$(cd "$(dirname "$0")/.." && pwd)/.build/fuzz-venv"
  if [[ "$("$venv/bin/schemathesis" --version 2>/dev/null)" != *" $schemathesis_version" ]]; then
    echo "Installing schemathesis $schemathesis_version into $venv" >&2
    /usr/bin/python3 -m venv "$venv"
    "$venv/bin/pip" install -q --disable-pip-version-check "schemathesis==$schemathesis_version"
  fi
fi

# The neural reader in a virtual environment of Debian's python3, beside the build. Reinstalled
# only when the pinned requirements changed (their copy is kept in the venv); the ONNX models
# come inside the rapidocr wheel, so the reader never downloads anything when it runs.
if $neural; then
  root="$(cd "$(dirname "$0")/.." && pwd)"
  venv="$root/.build/ocr-venv" requirements="$root/libexec/neural-reader-requirements.txt"
  if ! cmp -s "$requirements" "$venv/requirements.txt" || ! "$venv/bin/python" -c 'import rapidocr, onnxruntime' 2>/dev/null; then
    echo "Installing the neural reader (rapidocr, onnxruntime) into $venv" >&2
    rm -rf "$venv"
    /usr/bin/python3 -m venv "$venv"
    "$venv/bin/pip" install -q --disable-pip-version-check --no-cache-dir --only-binary :all: -r "$requirements"
    models="$("$venv/bin/python" -c 'import os, rapidocr; print(os.path.join(os.path.dirname(rapidocr.__file__), "models"))')"
    for model in PP-OCRv6_det_small.onnx PP-OCRv6_rec_small.onnx ch_ppocr_mobile_v2.0_cls_mobile.onnx; do
      [[ -s "$models/$model" ]] || { echo "The rapidocr wheel lacks $model (in $models)" >&2; exit 1; }
    done
    cp "$requirements" "$venv/requirements.txt"
  fi
fi
