"""The fonts a brief asks for, and what LibreOffice's layout set them in (toa.fonts).

The rendering tests need LibreOffice and the fonts scripts/setup.sh installs (fonts-urw-base35
for C059 and P052); they fail, saying so, when those fonts are missing.
"""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import sys

import docx
import pytest

from docxbuild import DocBuilder
from toa import document, fonts, render

SOFFICE = shutil.which("soffice") or shutil.which("libreoffice")
needs_soffice = pytest.mark.skipif(SOFFICE is None, reason="LibreOffice (soffice) is not installed")
BRIEF = (
    "See ",
    ("Celotex Corp. v. Catrett", "i"),
    ", 477 U.S. 317, 322 (1986). The quick brown fox "
    "jumps over the lazy dog, and the court said so at length in a paragraph of some width.",
)


def _render(path) -> tuple[document.Document, render.Rendering]:
    doc = document.read(str(path))
    buf = io.BytesIO()
    doc.package.save(buf)
    return doc, render.destinations(buf.getvalue())


def _brief(tmp_path, font: str, name: str = "brief.docx"):
    b = DocBuilder(font=font)
    b.paragraph(*BRIEF)
    return b.save(tmp_path / name)


def test_requested_fonts_come_from_defaults_styles_runs_and_the_theme(tmp_path):
    path = _brief(tmp_path, "Century Schoolbook")
    package = docx.Document(str(path))
    run = package.add_paragraph().add_run("Heading text")
    run.font.name = "Book Antiqua"
    package.save(str(path))
    names = fonts.requested(document.read(str(path)))
    assert names[0] == "Century Schoolbook"  # the document default
    assert "Book Antiqua" in names  # direct formatting
    assert "Arial" not in names


def test_substitutions_name_only_what_the_pdf_shows():
    if shutil.which("fc-match") is None:
        pytest.skip("fontconfig's fc-match is not installed")
    substitute = fonts.fc_match("Nonexistent Serif Face")
    assert substitute
    pdf = [f"ABCDEF+{substitute.replace(' ', '')}-Regular"]
    [found] = fonts.substitutions(["Nonexistent Serif Face"], pdf)
    assert found.font == "Nonexistent Serif Face" and found.by == substitute
    assert found.metric_compatible is False
    # neither the face nor its substitute embedded: no text was set in it
    assert fonts.substitutions(["Nonexistent Serif Face"], ["ABCDEF+SomethingElse"]) == []
    assert fonts.substitutions([substitute], pdf) == []  # embedded itself: not substituted


@needs_soffice
def test_century_schoolbook_is_set_in_a_font_of_the_same_widths(tmp_path):
    """Supreme Court briefs ask for a Century font: with setup.sh's fonts LibreOffice sets it in
    C059 (and Book Antiqua in P052), the URW clones with the same widths."""
    path = _brief(tmp_path, "Century Schoolbook")
    package = docx.Document(str(path))
    package.add_paragraph().add_run("Set in Book Antiqua, Palatino's twin.").font.name = "Book Antiqua"
    package.save(str(path))
    doc, rendering = _render(path)
    embedded = " ".join(rendering.fonts)
    assert "C059" in embedded and "P052" in embedded, (
        f"LibreOffice embedded {rendering.fonts}: run scripts/setup.sh (fonts-urw-base35)"
    )
    found = fonts.substitutions(fonts.requested(doc), rendering.fonts)
    assert [s for s in found if not s.metric_compatible] == []
    assert {s.font: s.by for s in found} == {"Century Schoolbook": "C059", "Book Antiqua": "P052"}


@needs_soffice
def test_a_font_without_a_clone_makes_the_pages_approximate(tmp_path):
    """A brief in a face with no same-width clone here: the report and the terminal say which font
    LibreOffice used instead, and the pages are approximate."""
    path = _brief(tmp_path, "Toa Imaginary Book")
    proc = subprocess.run(
        [sys.executable, "-m", "toa.cli", "build", path.name, "--json", "r.json"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr
    p = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))["pagination"]
    assert p["layout"] == "libreoffice" and p["exact"] is False and p["word_update"] is True
    [sub] = [f for f in p["fonts_substituted"] if f["font"] == "Toa Imaginary Book"]
    assert sub["by"] and sub["metric_compatible"] is False
    assert "pages approximate" in p["note"]
    line = next(x for x in proc.stdout.splitlines() if x.startswith("Pages:"))
    assert line == (
        f"Pages: LibreOffice's layout (approximate); Word will renumber on open. "
        f"Fonts substituted: Toa Imaginary Book → {sub['by']} (other widths)"
    )
    assert "Warning: Toa Imaginary Book is not installed" in proc.stdout
