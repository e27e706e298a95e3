"""LibreOffice, run headless, as the page oracle: bookmarks in, page numbers out.

A temporary copy of the brief carries a bookmark at every place whose page we need. Exported
to PDF with ExportBookmarksToPDFDestination, each bookmark becomes a named destination whose
page index is exact for that rendering.
"""
from __future__ import annotations

import os
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path

from pypdf import PdfReader

_EXPORT = 'pdf:writer_pdf_Export:{"ExportBookmarksToPDFDestination":{"type":"boolean","value":"true"}}'
TIMEOUT_SECONDS = 180


class RenderError(Exception):
    """LibreOffice is missing or failed; the caller falls back to another page source."""


def find_soffice() -> str | None:
    for name in ("soffice", "libreoffice"):
        found = shutil.which(name)
        if found:
            return found
    for path in ("/usr/lib/libreoffice/program/soffice", "/opt/libreoffice/program/soffice",
                 "/Applications/LibreOffice.app/Contents/MacOS/soffice"):
        if os.path.exists(path):
            return path
    return None


def timeout() -> float:
    """Seconds LibreOffice gets for one layout: TOA_RENDER_TIMEOUT, or 180."""
    try:
        return max(1.0, float(os.environ.get("TOA_RENDER_TIMEOUT", TIMEOUT_SECONDS)))
    except ValueError:
        return TIMEOUT_SECONDS


def _run(cmd: list[str], seconds: float, env: dict) -> int:
    """Run LibreOffice in a session of its own, so that on timeout (or Ctrl-C) the whole group
    dies, soffice.bin and whatever it started included, before its folder is removed."""
    proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            env=env, start_new_session=True)
    try:
        return proc.wait(timeout=seconds)
    except subprocess.TimeoutExpired:
        raise RenderError(f"LibreOffice did not finish within {seconds:.0f} s") from None
    finally:
        _kill_group(proc)


def _kill_group(proc: subprocess.Popen) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)  # the group outlives its leader: always end it
    except (ProcessLookupError, PermissionError):
        pass
    proc.wait()
    for _ in range(50):  # the group's other members go once the kernel has delivered the signal
        try:
            os.killpg(proc.pid, 0)
        except (ProcessLookupError, PermissionError):
            return
        time.sleep(0.02)


def destinations(docx_bytes: bytes) -> tuple[dict[str, int], int]:
    """Render a .docx; return ({destination name: 1-based page number}, page count)."""
    soffice = find_soffice()
    if soffice is None:
        raise RenderError("LibreOffice (soffice) is not installed")
    with tempfile.TemporaryDirectory(prefix="toa-render-") as tmp:
        src = Path(tmp, "brief.docx")
        src.write_bytes(docx_bytes)
        # A profile of its own: a running LibreOffice of the user's would otherwise take the job.
        profile = Path(tmp, "profile").as_uri()
        cmd = [soffice, "--headless", "--norestore", "--nolockcheck", f"-env:UserInstallation={profile}",
               "--convert-to", _EXPORT, "--outdir", tmp, str(src)]
        returncode = _run(cmd, timeout(), env={**os.environ, "HOME": tmp})
        pdf = Path(tmp, "brief.pdf")
        if not pdf.exists():
            raise RenderError(f"LibreOffice produced no PDF (exit status {returncode})")
        reader = PdfReader(str(pdf))
        out = {}
        for name, dest in reader.named_destinations.items():
            try:
                out[str(name).lstrip("/")] = reader.get_destination_page_number(dest) + 1
            except Exception:  # a destination without a page: not one of ours
                continue
        return out, len(reader.pages)
