#!/usr/bin/env bash
# Everything toa and its tests need on a fresh Debian/Ubuntu machine: LibreOffice (for exact
# page numbers) with fonts of the same widths as Word's (Liberation for Times New Roman, Arial and
# Courier New; Carlito for Calibri; Caladea for Cambria; URW's C059 for Century Schoolbook and P052
# for Palatino and Book Antiqua), poppler-utils, Chromium (for the add-in tests), NSS's certutil
# and vfychain (toa addin setup trusts its certificate in Chrome's and Firefox's databases with
# them), and the Python package itself.
set -euo pipefail
cd "$(dirname "$0")/.."
need=()
command -v soffice >/dev/null 2>&1 || need+=(libreoffice-writer-nogui)
command -v pdftotext >/dev/null 2>&1 || need+=(poppler-utils)
for font in fonts-liberation fonts-crosextra-carlito fonts-crosextra-caladea fonts-urw-base35; do
  dpkg-query -W -f='${Status}' "$font" 2>/dev/null | grep -q "install ok installed" || need+=("$font")
done
# toa serve keeps one LibreOffice running through unoserver, whose server half needs uno
/usr/bin/python3 -c "import uno" >/dev/null 2>&1 || need+=(python3-uno)
# the add-in's browser test: Debian's Chromium and its WebDriver
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v chromedriver >/dev/null 2>&1 || need+=(chromium-driver)
# the task pane's lint (ESLint), its node tests and axe-core for the browser test: node and npm
command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 || need+=(nodejs npm)
# toa addin setup and its tests: NSS's tools, for ~/.pki/nssdb and Firefox's profiles
command -v certutil >/dev/null 2>&1 && command -v vfychain >/dev/null 2>&1 || need+=(libnss3-tools)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
  # other apt users (unattended upgrades, a colleague's setup) hold the lock for a while: wait
  $sudo apt-get -o DPkg::Lock::Timeout=600 update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get -o DPkg::Lock::Timeout=600 install -y -qq \
    --no-install-recommends "${need[@]}" >/dev/null
fi
python3 -m pip install -q --disable-pip-version-check -e '.[test]'
# ESLint and axe-core as package-lock.json pins them (development only: nothing of it ships)
npm ci --no-audit --no-fund --loglevel=error
