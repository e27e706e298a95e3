"""`toa build` on the arrangements of front matter and body that real briefs use, through the
real command line with pages from LibreOffice, each output rendered again and read with pdftotext.

For every arrangement (the section break in the table heading's paragraph, in an empty paragraph
after it, in the next page's first paragraph, or after a page break; a table of contents before or
after the table of authorities; no old table, one typed by hand, or one made of fields by an
earlier build; a caption, docket number or heading of short lines right after the heading; body
numbering that restarts or continues):

* no paragraph of the brief is lost, and the new table is the only thing added;
* the table lands under its heading;
* every page the table prints for an authority is a page on which one of its citations prints.

The three shapes of filed briefs that once lost their first lines are examples of their own.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lxml import etree

from docxbuild import DocBuilder, Footnote, convert_to_pdf, pdf_pages_text

if shutil.which("soffice") is None or shutil.which("pdftotext") is None:
    pytest.skip("LibreOffice and pdftotext lay out and read the outputs", allow_module_level=True)

W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
TITLE = "TABLE OF AUTHORITIES"

# The body's citations: each pinpointed, so that the words searched in the rendering ("501 U.S.
# 101, 105") print in the body and never in the table ("501 U.S. 101 (1991)").
CITATIONS = [
    ("Alpha v. Beta", "501 U.S. 101, 105 (1991)", ["501 U.S. 101, 105", "501 U.S. at 107"]),
    ("Gamma v. Delta", "502 F.3d 202, 209 (9th Cir. 2007)", ["502 F.3d 202, 209", "502 F.3d at 211"]),
    ("Epsilon v. Zeta", "503 U.S. 303, 310 (1992)", ["503 U.S. 303, 310", "503 U.S. at 312"]),
]
STATUTE = ("42 U.S.C. § 1983", ["§ 1983 and"])
FILLER = (
    "The district court weighed the record with care and found that the facts the parties "
    "agreed upon left nothing for a jury to decide on the claims before it. "
) * 3


@dataclass(frozen=True)
class Arrangement:
    cover: bool
    toc: str  # "none" | "before" | "after" the table of authorities
    section_break: str  # "heading" | "empty_after" | "next_page_first" | "page_then_section"
    old_table: str  # "none" | "typed" | "fields"
    opening: tuple[str, ...]  # the body's first lines, right after the front matter
    restart: bool  # the body's numbering restarts at 1 (else it goes on from the front matter)


def write_brief(path: Path, arr: Arrangement) -> Path:
    b = DocBuilder(fmt=None, start=None, title_page=True) if arr.cover else DocBuilder(fmt="lowerRoman", start=1)
    if arr.cover:
        b.paragraph("IN THE UNITED STATES COURT OF APPEALS", align="center")
        b.paragraph("BRIEF FOR THE APPELLANT", align="center")
        b.section_break(fmt="lowerRoman", start=1)
    b.heading("QUESTION PRESENTED")
    b.paragraph("Whether the court erred in granting summary judgment.")
    if arr.toc == "before":
        _toc(b)
    b.heading(TITLE, page_break_before=True)
    if arr.old_table == "typed":
        b.paragraph("Page(s)")
        b.paragraph("Cases")
        b.leader_line("Old v. Gone, 1 U.S. 1 (1800)", page="3, 9,")
        b.paragraph("12")
        b.leader_line("Alpha v. Beta, 501 U.S. 101 (1991)", page="4")
    if arr.toc == "after":
        _toc(b)
    if arr.section_break == "empty_after":
        b.paragraph("")
    if arr.section_break == "page_then_section":
        b.page_break()
    opening = list(arr.opening)
    if arr.section_break == "next_page_first":  # the break sits in the next page's first paragraph
        b.paragraph(opening.pop(0) if opening else "", page_break_before=True, align="center")
    b.section_break(fmt="decimal", start=1 if arr.restart else None)
    for line in opening:
        b.paragraph(line, align="center")
    b.heading("ARGUMENT")
    for name, cite, _texts in CITATIONS:
        b.paragraph(FILLER + "See ", (name, "i"), ", " + cite + ".")
        b.paragraph(FILLER)
        b.page_break()
        b.paragraph(
            FILLER,
            "Plaintiff sued under 42 U.S.C. § 1983 and lost.",
            Footnote("See ", (name.split(" v. ")[0], "i"), f", {_texts[1]}."),
        )
    b.paragraph(FILLER + "See ", (CITATIONS[0][0].split(" v. ")[0], "i"), f", {CITATIONS[0][2][1]}.")
    return b.save(path)


def _toc(b: DocBuilder) -> None:
    b.heading("TABLE OF CONTENTS", page_break_before=True)
    b.leader_line("QUESTION PRESENTED", page="i")
    b.leader_line("ARGUMENT", page="1")


# --------------------------------------------------------------------------- running and reading


def run_build(src: Path, out: Path) -> dict:
    report = out.with_suffix(".json")
    proc = subprocess.run(
        [sys.executable, "-m", "toa.cli", "build", str(src), "-o", str(out), "--json", str(report)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr
    return json.loads(report.read_text())


def paragraphs(path: Path) -> list[str]:
    """The text of every body paragraph, in order (w:t and tabs; field codes left out)."""
    with zipfile.ZipFile(path) as z:
        root = etree.fromstring(z.read("word/document.xml"))
    return [
        "".join("\t" if el.tag == W + "tab" else el.text or "" for el in p.iter(W + "t", W + "tab")).strip()
        for p in root.iter(W + "p")
    ]


OLD_TABLE_LINE = re.compile(r"^(Page\(s\)|Cases|Statutes|12|.*\t[\d, ivx]*)$")


def check_kept_and_placed(src: Path, out: Path, report: dict) -> None:
    """The input's paragraphs are all in the output in order, but for an old table's lines and
    the pages of the contents lines the report calls stale (given their headings' pages); what
    the output adds is one block right under the table's heading."""
    renumbered = {
        f"{s['text']}\t{s['typed']}": f"{s['text']}\t{s['page']}" for s in report.get("contents", {}).get("stale", [])
    }
    before = [renumbered.get(text, text) for text in paragraphs(src)]
    start = end = before.index(TITLE) + 1
    while end < len(before) and (not before[end] or OLD_TABLE_LINE.match(before[end])):
        end += 1
    brief = [(n, t) for n, t in enumerate(before) if t and not start <= n < end]
    after = paragraphs(out)
    where, at = [], 0
    for _n, text in brief:
        while at < len(after) and after[at] != text:
            at += 1
        assert at < len(after), f"lost: {text!r}"
        where.append(at)
        at += 1
    added = [m for m, t in enumerate(after) if t and m not in where]
    title = after.index(TITLE)
    assert added, "no table was written"
    assert added[0] == title + 1 or after[title + 1 : added[0]] == [""] * (added[0] - title - 1)
    assert added == list(range(added[0], added[-1] + 1)) or all(
        not after[m] for m in range(added[0], added[-1] + 1) if m not in added
    )


def check_pages(out: Path, report: dict, tmp: Path) -> None:
    """Every page the table prints is a page where the authority's citations print, and every
    page where they print is in the table."""
    pages = pdf_pages_text(convert_to_pdf(out, tmp))
    labels = [_footer_label(p) for p in pages]
    flat = [" ".join(p.split()) for p in pages]
    searched = {name: texts for name, _cite, texts in CITATIONS}
    searched[STATUTE[0]] = STATUTE[1]
    seen = 0
    for cat in report["categories"]:
        for auth in cat["authorities"]:
            key = next((k for k in searched if auth["text"].startswith(k)), None)
            if key is None:
                continue
            seen += 1
            printed = {labels[i] for i, text in enumerate(flat) for s in searched[key] if s in text}
            assert set(auth["pages"]) == printed, (auth["text"], auth["pages"], printed)
    assert seen == len(searched)


def _footer_label(page: str) -> str | None:
    lines = [ln.strip() for ln in page.strip().splitlines() if ln.strip()]
    return lines[-1] if lines and re.fullmatch(r"\d+|[ivxlc]+", lines[-1]) else None


def build_and_check(tmp_path: Path, arr: Arrangement) -> dict:
    src = write_brief(tmp_path / "brief.docx", arr)
    if arr.old_table == "fields":  # a brief toa built, then built again
        first = tmp_path / "first.docx"
        run_build(src, first)
        src = first
    out = tmp_path / "out.docx"
    report = run_build(src, out)
    check_kept_and_placed(src, out, report)
    check_pages(out, report, tmp_path)
    return report


# --------------------------------------------------------------------------- the filed shapes


@pytest.mark.parametrize(
    "arr",
    [
        # a Solicitor General's merits brief: the heading ends the roman section; the caption repeated
        Arrangement(
            cover=True,
            toc="before",
            section_break="heading",
            old_table="none",
            opening=("In the Supreme Court of the United States", "24-101"),
            restart=True,
        ),
        # a brief in opposition: the same, another bare docket number
        Arrangement(
            cover=True,
            toc="before",
            section_break="heading",
            old_table="none",
            opening=("In the Supreme Court of the United States", "24-23"),
            restart=True,
        ),
        # a Ninth Circuit amicus brief: a two-line centered heading opens the body
        Arrangement(
            cover=False,
            toc="none",
            section_break="heading",
            old_table="none",
            opening=("INTRODUCTION AND INTEREST OF", "AMICUS CURIAE"),
            restart=True,
        ),
    ],
    ids=["sg-merits", "sg-opposition", "ninth-amicus"],
)
def test_filed_shapes_keep_their_first_lines_and_pages(tmp_path, arr):
    report = build_and_check(tmp_path, arr)
    assert report["pagination"]["method"] == "render" and report["pagination"]["exact"]
    alpha = next(a for c in report["categories"] for a in c["authorities"] if a["text"].startswith("Alpha"))
    assert alpha["pages"][0] == "1"  # the body's first page, not the table's


# --------------------------------------------------------------------------- every arrangement


arrangements = st.builds(
    Arrangement,
    cover=st.booleans(),
    toc=st.sampled_from(["none", "before", "after"]),
    section_break=st.sampled_from(["heading", "empty_after", "next_page_first", "page_then_section"]),
    old_table=st.sampled_from(["none", "typed", "fields"]),
    opening=st.sampled_from(
        [
            (),
            ("24-101",),
            ("No. 24-416",),
            ("ARGUMENT",),
            ("In the Supreme Court of the United States", "24-101"),
            ("INTRODUCTION AND INTEREST OF", "AMICUS CURIAE"),
        ]
    ),
    restart=st.booleans(),
)


@settings(
    max_examples=12,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(arr=arrangements)
def test_every_arrangement_keeps_the_brief_and_prints_true_pages(tmp_path_factory, arr):
    build_and_check(tmp_path_factory.mktemp("layout"), arr)
