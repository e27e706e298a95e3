"""LibreOffice, run headless, as the page oracle: bookmarks in, page numbers out.

A temporary copy of the brief carries a bookmark at every place whose page we need. Exported
to PDF with ExportBookmarksToPDFDestination, each bookmark becomes a named destination whose
page index is exact for that rendering.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from pypdf import PdfReader

from . import fonts

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


@dataclass
class Rendering:
    destinations: dict[str, int]  # destination name -> 1-based page number
    pages: int
    fonts: list[str]  # the fonts the PDF embeds (PostScript names, subset prefix kept)


def destinations(docx_bytes: bytes) -> Rendering:
    """Render a .docx: its named destinations, page count and embedded fonts."""
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
        try:
            subprocess.run(cmd, capture_output=True, timeout=TIMEOUT_SECONDS, check=False,
                           env={**os.environ, "HOME": tmp, **fonts.environment()})
        except subprocess.TimeoutExpired:
            raise RenderError(f"LibreOffice did not finish within {TIMEOUT_SECONDS} s") from None
        pdf = Path(tmp, "brief.pdf")
        if not pdf.exists():
            raise RenderError("LibreOffice produced no PDF")
        reader = PdfReader(str(pdf))
        out = {}
        for name, dest in reader.named_destinations.items():
            try:
                out[str(name).lstrip("/")] = reader.get_destination_page_number(dest) + 1
            except Exception:  # a destination without a page: not one of ours
                continue
        return Rendering(out, len(reader.pages), embedded_fonts(reader))


def embedded_fonts(reader: PdfReader) -> list[str]:
    """The BaseFont of every font the pages use (a Type0 font's descendants too)."""
    names: list[str] = []

    def add(font):
        font = font.get_object()
        name = str(font.get("/BaseFont", "")).lstrip("/")
        if name and name not in names:
            names.append(name)
        for sub in font.get("/DescendantFonts", []) or []:
            add(sub)

    for page in reader.pages:
        resources = page.get("/Resources")
        font_dict = resources.get_object().get("/Font") if resources is not None else None
        for ref in (font_dict.get_object().values() if font_dict is not None else []):
            add(ref)
    return names
