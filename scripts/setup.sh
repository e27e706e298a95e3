#!/usr/bin/env bash
# Everything toa and its tests need on a fresh Debian/Ubuntu machine: LibreOffice (for exact
# page numbers), poppler-utils, Chromium (for the add-in tests), and the Python package itself.
set -euo pipefail
cd "$(dirname "$0")/.."
need=()
command -v soffice >/dev/null 2>&1 || need+=(libreoffice-writer-nogui fonts-liberation)
command -v pdftotext >/dev/null 2>&1 || need+=(poppler-utils)
# toa serve keeps one LibreOffice running through unoserver, whose server half needs uno
/usr/bin/python3 -c "import uno" >/dev/null 2>&1 || need+=(python3-uno)
# the add-in's browser test: Debian's Chromium and its WebDriver
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v chromedriver >/dev/null 2>&1 || need+=(chromium-driver)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
  $sudo apt-get -o DPkg::Lock::Timeout=600 update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends \
    "${need[@]}" >/dev/null
fi
python3 -m pip install -q --disable-pip-version-check -e '.[test]'
