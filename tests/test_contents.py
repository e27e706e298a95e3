"""The brief's table of contents: its lines read and matched to the headings they name
(toa.contents), and, end to end, `toa build` giving each line the page its heading prints on in
LibreOffice's rendering of the output (read back with pdftotext)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import docx
import pytest
from docxbuild import DocBuilder, Field, PageBreak, convert_to_pdf, pdf_pages_text
from lxml import etree

from toa import contents
from toa.document import read
from toa.model import PageMap

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
needs_office = pytest.mark.skipif(
    shutil.which("soffice") is None or shutil.which("pdftotext") is None,
    reason="LibreOffice lays out the output and pdftotext reads it",
)
FILLER = "The court held that the statute applies to this dispute in full and without exception. " * 12


def _w(tag: str) -> str:
    return f"{{{W}}}{tag}"


# --------------------------------------------------------------------------- reading and matching


def typed_brief(path: Path) -> Path:
    """A typed contents: a line with typed dots, lines with a tab and a dot leader, a wrapped
    line, a line naming the table of authorities and one naming a heading the brief lost."""
    b = DocBuilder()
    b.heading("TABLE OF CONTENTS")
    b.leader_line("TABLE OF AUTHORITIES", page="1")
    b.paragraph("I. Introduction .......... 1")
    b.leader_line("II.  ARGUMENT:", page="1")
    b.paragraph("A. The statute reaches the conduct of every")
    b.leader_line("defendant named in the complaint", page="1")
    b.leader_line("B. A heading the brief no longer has", page="2")
    b.leader_line("III. CONCLUSION", page="2")
    b.paragraph("[TABLE OF AUTHORITIES]")
    b.heading("I. INTRODUCTION", page_break_before=True)
    b.paragraph(FILLER + "See Celotex Corp. v. Catrett, 477 U.S. 317, 322 (1986).")
    b.heading("II. Argument")
    b.heading("A. The statute reaches the conduct of every defendant named in the complaint.", level=2)
    b.paragraph(FILLER, PageBreak(), FILLER + "Plaintiff sued under 42 U.S.C. § 1983.")
    b.heading("III. Conclusion")
    b.paragraph("The judgment should be affirmed. Celotex, 477 U.S. at 325.")
    return b.save(path)


def test_lines_are_read_with_leaders_and_tabs_and_matched_by_their_heading_text(tmp_path):
    doc = read(str(typed_brief(tmp_path / "typed.docx")))
    found = contents.read(doc)
    text_of = {p.index: p.text for p in doc.paragraphs}
    got = [(line.text, line.page, text_of.get(line.heading), line.names_table) for line in found.lines]
    assert got == [
        ("TABLE OF AUTHORITIES", "1", None, True),
        ("I. Introduction", "1", "I. INTRODUCTION", False),
        ("II. ARGUMENT:", "1", "II. Argument", False),
        (
            "A. The statute reaches the conduct of every defendant named in the complaint",
            "1",
            "A. The statute reaches the conduct of every defendant named in the complaint.",
            False,
        ),
        ("B. A heading the brief no longer has", "2", None, False),
        ("III. CONCLUSION", "2", "III. Conclusion", False),
    ]
    assert not any(line.in_field for line in found.lines)


def test_heading_key_sets_aside_numbering_case_spacing_and_trailing_punctuation():
    assert contents.heading_key("IV.  A.   The  Court’s Rule:") == contents.heading_key("the court's rule")
    assert contents.heading_key("(1) Standing.") == "standing"
    assert contents.heading_key("Standing") != contents.heading_key("Mootness")
    assert contents.heading_key("Rule 12 applies") == "rule 12 applies"  # a number inside stays


def test_stale_and_unmatched_lines_follow_the_pages_of_the_layout(tmp_path):
    doc = read(str(typed_brief(tmp_path / "typed.docx")))
    found = contents.read(doc)
    intro, argument = found.lines[1].heading, found.lines[2].heading
    assert intro is not None and argument is not None
    pagemap = PageMap("render", True, headings={intro: (3, "3"), argument: (3, "1")}, table_page=(2, "2"))
    assert [(line.text, page) for line, page in contents.stale(found, pagemap)] == [
        ("TABLE OF AUTHORITIES", "2"),
        ("I. Introduction", "3"),
    ]
    # no page for the heading in this layout, or no heading: the line stays as typed
    assert "B. A heading the brief no longer has" in [line.text for line in contents.unmatched(found, pagemap)]
    assert "III. CONCLUSION" in [line.text for line in contents.unmatched(found, pagemap)]


def test_a_brief_without_contents_has_no_lines(tmp_path):
    b = DocBuilder()
    b.heading("ARGUMENT")
    b.paragraph("See Celotex Corp. v. Catrett, 477 U.S. 317 (1986).")
    assert contents.read(read(str(b.save(tmp_path / "none.docx")))).lines == []


# --------------------------------------------------------------------------- a TOC field


def field_brief(path: Path) -> Path:
    """A TOC field over three lines (each a hyperlink-free line with a PAGEREF to its heading's
    bookmark, cached pages all stale), a placeholder for the table, and the headings."""
    b = DocBuilder()
    b.heading("TABLE OF CONTENTS")
    b.paragraph("Statement of the Case\t", Field("PAGEREF _Toc1 \\h", "9"), tabs=[(6.5, "right", "dot")])
    b.paragraph("Argument\t", Field("PAGEREF _Toc2 \\h", "9"), tabs=[(6.5, "right", "dot")])
    b.paragraph("Conclusion\t", Field("PAGEREF _Toc3 \\h", "9"), tabs=[(6.5, "right", "dot")])
    b.paragraph("[TABLE OF AUTHORITIES]")
    b.heading("STATEMENT OF THE CASE", page_break_before=True)
    b.paragraph(FILLER + "See Celotex Corp. v. Catrett, 477 U.S. 317, 322 (1986).")
    b.heading("ARGUMENT", page_break_before=True)
    b.paragraph(FILLER + "Plaintiff sued under 42 U.S.C. § 1983.")
    b.heading("CONCLUSION")
    b.paragraph("Affirm. Celotex, 477 U.S. at 325.")
    b.save(path)
    package = docx.Document(str(path))
    paras = [p._p for p in package.paragraphs]
    first, last = paras[1], paras[3]
    runs = [c for c in first if c.tag == _w("r")]
    for el in _field_start(' TOC \\o "1-3" \\h \\z \\u '):
        runs[0].addprevious(el)
    last.append(_fld_char("end"))
    for n, heading in enumerate((paras[5], paras[7], paras[9]), start=1):
        start = etree.SubElement(heading, _w("bookmarkStart"), {_w("id"): str(100 + n), _w("name"): f"_Toc{n}"})
        heading.remove(start)
        heading.insert(1, start)  # after the w:pPr
        etree.SubElement(heading, _w("bookmarkEnd"), {_w("id"): str(100 + n)})
    package.save(str(path))
    return path


def _fld_char(kind: str):
    r = etree.Element(_w("r"))
    etree.SubElement(r, _w("fldChar"), {_w("fldCharType"): kind})
    return r


def _field_start(code: str) -> list:
    instr = etree.Element(_w("r"))
    etree.SubElement(instr, _w("instrText")).text = code
    return [_fld_char("begin"), instr, _fld_char("separate")]


def test_a_toc_fields_lines_are_matched_by_their_bookmarks(tmp_path):
    doc = read(str(field_brief(tmp_path / "field.docx")))
    found = contents.read(doc)
    assert [(line.text, line.page, line.in_field) for line in found.lines] == [
        ("Statement of the Case", "9", True),
        ("Argument", "9", True),
        ("Conclusion", "9", True),
    ]
    assert [doc.paragraphs[line.heading].text for line in found.lines if line.heading is not None] == [
        "STATEMENT OF THE CASE",
        "ARGUMENT",
        "CONCLUSION",
    ]


# --------------------------------------------------------------------------- end to end


def build(src: Path, *args: str) -> tuple[dict, Path, str]:
    out = src.with_name(src.stem + ".toa.docx")
    report = src.with_suffix(".json")
    proc = subprocess.run(
        [sys.executable, "-m", "toa.cli", "build", str(src), "-o", str(out), "--json", str(report), *args],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr
    return json.loads(report.read_text()), out, proc.stderr


def printed_pages(out: Path, tmp: Path) -> list[tuple[str, str]]:
    """(footer label, the page's text with its whitespace collapsed) of each page of the
    output, as LibreOffice lays it out."""
    pages = pdf_pages_text(convert_to_pdf(out, tmp))
    labelled = []
    for page in pages:
        lines = [ln.strip() for ln in page.splitlines() if ln.strip()]
        label = lines[-1] if lines and re.fullmatch(r"\d+|[ivxlc]+", lines[-1]) else "?"
        labelled.append((label, page))
    return labelled


def contents_lines(pages: list[tuple[str, str]]) -> dict[str, str]:
    """The contents as the output prints it: heading text -> the page number after its leader."""
    out = {}
    for _label, page in pages:
        for ln in page.splitlines():
            m = re.match(r"^\s*(\S.*?\S)\s*(?:\.{3,}|\s{3,})\s*(\d+|[ivxlc]+)\s*$", ln)
            if m:
                out[" ".join(m[1].split())] = m[2]
    return out


def page_of(pages: list[tuple[str, str]], heading: str) -> str:
    """The label of the first page after the contents' that prints `heading`."""
    for label, page in pages[1:]:
        if heading in " ".join(page.split()):
            return label
    raise AssertionError(f"{heading!r} is printed nowhere")


@needs_office
def test_the_sample_memorandums_contents_give_the_pages_its_headings_print_on(tmp_path):
    src = tmp_path / "trial-memorandum.docx"
    shutil.copyfile(SAMPLES / src.name, src)
    report, out, stderr = build(src)
    pages = printed_pages(out, tmp_path)
    printed = contents_lines(pages[:1])
    headings = [  # the memorandum's contents name its headings as they are printed
        "I. INTRODUCTION",
        "II. BACKGROUND",
        "III. STANDARD FOR DISMISSAL",
        "IV. ARGUMENT",
        "A. Plaintiff served no expert report as to Dr. Pruitt",
        "B. The Court has no discretion to extend the deadline",
        "C. Dismissal does not violate the open-courts guarantee",
        "V. CONCLUSION",
    ]
    for heading in headings:
        assert printed[heading] == page_of(pages, heading), heading
    assert printed["I. INTRODUCTION"] != "2"  # the typed page, before the table pushed the body down
    toa_page = next(label for label, page in pages if "TABLE OF AUTHORITIES" in page.replace("TABLE OF CONTENTS", ""))
    assert printed["TABLE OF AUTHORITIES"] == toa_page
    assert report["contents"]["lines"] == 9 and report["contents"]["not_matched"] == []
    assert {s["text"] for s in report["contents"]["stale"]} == set(headings)
    assert report["contents"]["renumbered"] == len(headings)  # each stale line given its page
    assert "not matched" not in stderr


@needs_office
def test_typed_leaders_and_tabs_get_their_headings_pages_and_a_lost_heading_stays_as_typed(tmp_path):
    report, out, stderr = build(typed_brief(tmp_path / "typed.docx"))
    pages = printed_pages(out, tmp_path)
    printed = contents_lines(pages[:1])
    assert printed["I. Introduction"] == page_of(pages, "I. INTRODUCTION")
    assert printed["II. ARGUMENT:"] == page_of(pages, "II. Argument")
    assert printed["defendant named in the complaint"] == page_of(pages, "A. The statute reaches")
    assert printed["III. CONCLUSION"] == page_of(pages, "III. Conclusion")
    assert printed["B. A heading the brief no longer has"] == "2"  # left as typed
    assert report["contents"]["not_matched"] == ["B. A heading the brief no longer has"]
    assert "toa: warning: contents line 'B. A heading the brief no longer has' not matched" in stderr


@needs_office
def test_a_toc_fields_cached_pages_are_those_of_the_output(tmp_path):
    report, out, _stderr = build(field_brief(tmp_path / "field.docx"))
    pages = printed_pages(out, tmp_path)
    printed = contents_lines(pages[:1])
    for line, heading in (("Statement of the Case", "STATEMENT OF THE CASE"), ("Argument", "ARGUMENT")):
        assert printed[line] == page_of(pages, heading), line
    assert printed["Conclusion"] == page_of(pages, "CONCLUSION")
    assert len(report["contents"]["stale"]) == 3 and report["contents"]["renumbered"] == 3
    with zipfile.ZipFile(out) as z:  # the field stays a field, and Word still updates it on open
        root = etree.fromstring(z.read("word/document.xml"))
        settings = z.read("word/settings.xml").decode()
    assert any("TOC" in (t.text or "") for t in root.iter(_w("instrText")))
    assert "updateFields" in settings
