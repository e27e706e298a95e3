#!/usr/bin/env bash
# Everything toa and its tests need on a fresh Debian/Ubuntu machine: LibreOffice (for exact
# page numbers), poppler-utils, Chromium (for the add-in tests), and the Python package itself.
set -euo pipefail
cd "$(dirname "$0")/.."
need=()
command -v soffice >/dev/null 2>&1 || need+=(libreoffice-writer-nogui fonts-liberation)
command -v pdftotext >/dev/null 2>&1 || need+=(poppler-utils)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
python3 -m pip install -q --disable-pip-version-check -e '.[test]'
