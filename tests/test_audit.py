"""`toa audit`: the brief's own table checked against the brief, entry by entry.

The stale table of samples/appellate-brief.docx is checked against the answer key in
samples/README.md (pages rendered by LibreOffice, as the key's are); the command line's exit
statuses, report and commented copy are checked with estimated pages, which are quicker.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import docx
import pytest

from docxbuild import DocBuilder

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
APPELLATE = SAMPLES / "appellate-brief.docx"

# samples/README.md, "Expected Table of Authorities": the pages of the entries the stale table has
ANSWER_KEY = {
    "Anderson v. Liberty Lobby, Inc., 477 U.S. 242 (1986)": ["6", "10"],
    "Celotex Corp. v. Catrett, 477 U.S. 317 (1986)": ["5", "6"],
    "Garcetti v. Ceballos, 547 U.S. 410 (2006)": ["4", "6", "7", "8"],
    "Pickering v. Board of Education, 391 U.S. 563 (1968)": ["6", "9"],
    "28 U.S.C. § 1291": ["1"],
    "42 U.S.C. § 1983": ["1", "4", "11"],
    "Fed. R. Civ. P. 56": ["5"],  # the key's entry is Fed. R. Civ. P. 56(a)
}
STALE = {  # what the stale table prints
    "Anderson v. Liberty Lobby, Inc., 477 U.S. 242 (1986)": ["6"],
    "Celotex Corp. v. Catrett, 477 U.S. 317 (1986)": ["5", "9"],
    "Garcetti v. Ceballos, 547 U.S. 410 (2006)": ["3", "8", "10"],
    "Pickering v. Board of Education, 391 U.S. 563 (1968)": ["9"],
    "28 U.S.C. § 1291": ["1"],
    "Fed. R. Civ. P. 56": ["6"],
}


def toa(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "toa.cli", *args], cwd=cwd, capture_output=True, text=True, timeout=300
    )


@pytest.fixture(scope="module")
def stale(tmp_path_factory):
    """The appellate sample audited with rendered pages, a report and a commented copy."""
    folder = tmp_path_factory.mktemp("audit")
    shutil.copyfile(APPELLATE, folder / "brief.docx")
    proc = toa("audit", "brief.docx", "-o", "audited.docx", "--json", "report.json", cwd=folder)
    report = json.loads((folder / "report.json").read_text(encoding="utf-8")) if proc.returncode == 0 else None
    return folder, proc, report


def test_stale_table_monroe_is_not_cited(stale):
    _folder, proc, report = stale
    assert proc.returncode == 0, proc.stderr
    assert report["pagination"]["method"] == "render"
    not_cited = [f for f in report["findings"] if f["kind"] == "not_cited"]
    assert [f["entry"] for f in not_cited] == ["Monroe v. Pape, 365 U.S. 167 (1961)"]
    assert not_cited[0]["printed_pages"] == ["12"]


def test_stale_table_every_wrong_page_matches_the_answer_key(stale):
    _folder, _proc, report = stale
    pages = {f["entry"]: f for f in report["findings"] if f["kind"] == "pages"}
    for entry, key in ANSWER_KEY.items():
        printed = STALE.get(entry)
        if printed is not None and sorted(printed) == sorted(key):
            assert entry not in pages, f"{entry} is right in the stale table"
            continue
        f = pages[entry]
        assert f["computed_pages"] == key
        if printed is None:  # passim
            assert f["passim"] == "unwarranted" and f["add"] == key
            continue
        assert f["add"] == [p for p in key if p not in printed]
        assert f["remove"] == [p for p in printed if p not in key]
        assert {c["page"] for c in f["citations"]} >= set(f["add"])  # the citations that justify them
    assert set(pages) == {e for e in ANSWER_KEY if sorted(STALE.get(e, [])) != sorted(ANSWER_KEY[e])}
    assert (
        pages["Celotex Corp. v. Catrett, 477 U.S. 317 (1986)"]["message"]
        == "Pages should be 5, 6; the table says 5, 9: the citations are on 5 and 6; none is on 9"
    )


def test_stale_table_lists_the_missing_authorities(stale):
    _folder, _proc, report = stale
    missing = {f["authority"]: f for f in report["findings"] if f["kind"] == "missing"}
    assert missing["44 Liquormart, Inc. v. Rhode Island, 517 U.S. 484 (1996)"]["computed_pages"] == ["9"]
    assert missing["H.R. Rep. No. 94-1558 (1976)"]["computed_pages"] == ["12"]
    assert missing["U.S. Const. amend. I"]["expected_heading"] == "Constitutional Provisions"
    assert "Celotex Corp. v. Catrett, 477 U.S. 317 (1986)" not in missing
    text = [f for f in report["findings"] if f["kind"] == "text"]
    assert [(f["entry"], f["authority"]) for f in text] == [("Fed. R. Civ. P. 56", "Fed. R. Civ. P. 56(a)")]
    assert report["counts"]["order"] == 0 and report["counts"]["heading"] == 0
    assert report["counts"]["missing"] == len(missing) >= 39


def test_terminal_summary(stale):
    _folder, proc, report = stale
    lines = proc.stdout.splitlines()
    assert lines[0] == "Table: 8 entries under 3 headings (typed lines)"
    counts = [line.rsplit(None, 1) for line in lines[1:8]]
    assert counts == [
        ["Missing", str(report["counts"]["missing"])],
        ["Not cited", "1"],
        ["Pages", "6"],
        ["Heading", "0"],
        ["Text", "1"],
        ["Order", "0"],
        ["Total", str(len(report["findings"]))],
    ]
    assert any(line.startswith("Not cited") and "Monroe v. Pape" in line for line in lines)
    assert lines[-1].startswith("Wrote audited.docx (")


def test_commented_copy_and_unchanged_input(stale):
    folder, _proc, report = stale
    assert (folder / "brief.docx").read_bytes() == APPELLATE.read_bytes()
    out = docx.Document(str(folder / "audited.docx"))
    comments = {c.text for c in out.comments}
    assert all(c.author == "toa" for c in out.comments)
    monroe = next(p for p in out.paragraphs if p.text.startswith("Monroe v. Pape"))
    assert "commentRangeStart" in monroe._p.xml
    assert "TOA audit: Not cited: the brief cites it nowhere." in comments
    heading = next(c for c in comments if c.startswith("TOA audit: Missing from the table"))
    assert "44 Liquormart, Inc. v. Rhode Island, 517 U.S. 484 (1996) (9)" in heading
    assert report["comments"] == len(comments) == 8  # 7 faulty entries and the heading


# --------------------------------------------------------------------------- exit statuses


def test_strict_exits_1_when_there_are_findings(tmp_path):
    shutil.copyfile(APPELLATE, tmp_path / "brief.docx")
    proc = toa("audit", "brief.docx", "--pages", "estimate", "--strict", cwd=tmp_path)
    assert proc.returncode == 1
    assert "Not cited" in proc.stdout
    assert sorted(p.name for p in tmp_path.iterdir()) == ["brief.docx"]


def test_a_table_toa_build_wrote_has_no_findings(tmp_path):
    shutil.copyfile(APPELLATE, tmp_path / "brief.docx")
    assert toa("build", "brief.docx", "--pages", "estimate", cwd=tmp_path).returncode == 0
    proc = toa("audit", "brief.toa.docx", "--pages", "estimate", "--strict", "--json", "r.json", cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout
    report = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert report["table"]["form"] == "fields" and report["findings"] == []


def test_no_table_is_one_line_and_suggests_build(tmp_path):
    b = DocBuilder()
    b.heading("ARGUMENT", level=1)
    b.paragraph("See ", ("Celotex Corp. v. Catrett", "i"), ", 477 U.S. 317, 322 (1986).")
    b.save(tmp_path / "brief.docx")
    before = (tmp_path / "brief.docx").read_bytes()
    proc = toa("audit", "brief.docx", "-o", "out.docx", "--json", "r.json", cwd=tmp_path)
    assert proc.returncode == 2
    assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr
    assert "no table of authorities" in proc.stderr and "toa build brief.docx" in proc.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["brief.docx"]
    assert (tmp_path / "brief.docx").read_bytes() == before


@pytest.mark.parametrize(
    "args, words",
    [
        (["not-there.docx"], "cannot read"),
        (["brief.docx", "-o", "brief.docx"], "refusing to overwrite"),
        (["brief.docx", "--json", "brief.docx"], "refusing to write the report over the input"),
        (["brief.docx", "-o", "same.out", "--json", "same.out"], "choose two different files"),
    ],
)
def test_bad_input_exits_2(tmp_path, args, words):
    shutil.copyfile(APPELLATE, tmp_path / "brief.docx")
    proc = toa("audit", *args, cwd=tmp_path)
    assert proc.returncode == 2
    assert words in proc.stderr and proc.stderr.count("\n") == 1
    assert (tmp_path / "brief.docx").read_bytes() == APPELLATE.read_bytes()


# --------------------------------------------------------------------------- each kind of finding


def typed_table_brief(path: Path) -> None:
    """A brief on invented facts whose typed table has one fault of each kind (the body is one
    page, page 1, when pages are estimated)."""
    b = DocBuilder(fmt="lowerRoman", start=1)
    b.heading("TABLE OF AUTHORITIES", level=1)
    b.paragraph("Cases:")
    b.leader_line(("Celotex Corp. v. Catrett", "i"), ", 477 U.S. 317 (1987)", page="1")
    b.leader_line(("Anderson v. Liberty Loby, Inc.", "i"), ", 477 U.S. 242 (1986)", page="1")
    b.leader_line("Fed. R. Civ. P. 56(a)", page="1")
    b.paragraph("Statutes:")
    b.leader_line("42 U.S.C. § 1983", page="passim")
    b.section_break(fmt="decimal", start=1)
    b.heading("ARGUMENT", level=1)
    b.paragraph(
        "Summary judgment is proper. ",
        ("Anderson v. Liberty Lobby, Inc.", "i"),
        ", 477 U.S. 242, 248 (1986); ",
        ("Celotex Corp. v. Catrett", "i"),
        ", 477 U.S. 317, 322 (1986); Fed. R. Civ. P. 56(a). The claim arises under 42 U.S.C. § 1983.",
    )
    b.save(path)


def test_each_kind_of_finding_on_a_typed_table(tmp_path):
    from toa import pipeline

    typed_table_brief(tmp_path / "brief.docx")
    result = pipeline.audit(str(tmp_path / "brief.docx"), style="scotus", pages="estimate")
    got = sorted((f.kind, f.authority or f.entry, tuple(f.details)) for f in result.findings)
    assert got == [
        ("heading", "Fed. R. Civ. P. 56(a)", ()),
        ("order", "Anderson v. Liberty Lobby, Inc., 477 U.S. 242 (1986)", ()),
        ("pages", "42 U.S.C. § 1983", ()),
        (
            "text",
            "Anderson v. Liberty Lobby, Inc., 477 U.S. 242 (1986)",
            ("case name Anderson v. Liberty Lobby, Inc., not Anderson v. Liberty Loby, Inc.",),
        ),
        ("text", "Celotex Corp. v. Catrett, 477 U.S. 317 (1986)", ("year 1986, not 1987",)),
    ]
    passim = next(f for f in result.findings if f.kind == "pages")
    assert passim.passim == "not_allowed" and passim.add == ["1"]
    assert passim.message == (
        "Pages should be 1; the table says passim, and the style never uses passim: the citations are on 1"
    )
    heading = next(f for f in result.findings if f.kind == "heading")
    assert (heading.heading, heading.expected_heading) == ("Cases", "Rules and Regulations")


def test_report_and_summary_snapshot(tmp_path, snapshot):
    """The JSON report and the terminal summary of an audit finding one fault of each kind, with
    the commented copy's count (pages estimated)."""
    typed_table_brief(tmp_path / "brief.docx")
    proc = toa(
        "audit",
        "brief.docx",
        "--style",
        "scotus",
        "--pages",
        "estimate",
        "-o",
        "out.docx",
        "--json",
        "r.json",
        cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stderr
    report = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert report["comments"] == len(docx.Document(str(tmp_path / "out.docx")).comments)
    assert report == snapshot(name="report")
    assert proc.stdout == snapshot(name="summary")


def test_a_stale_contents_line_is_reported_with_its_heading_and_both_pages(tmp_path):
    """The contents give CONCLUSION page 3 where it prints on page 2 (pages from the breaks);
    ARGUMENT's page is right; a line names a heading the brief no longer has."""
    b = DocBuilder(fmt="lowerRoman", start=1)
    b.heading("TABLE OF CONTENTS", level=1)
    b.leader_line("TABLE OF AUTHORITIES", page="i")
    b.leader_line("I. ARGUMENT", page="1")
    b.leader_line("A. Standing", page="1")
    b.leader_line("II. CONCLUSION", page="3")
    b.heading("TABLE OF AUTHORITIES", level=1)
    b.paragraph("Cases:")
    b.leader_line(("Celotex Corp. v. Catrett", "i"), ", 477 U.S. 317 (1986)", page="1")
    b.section_break(fmt="decimal", start=1)
    b.heading("I. ARGUMENT", level=1)
    b.paragraph("Summary judgment is proper. ", ("Celotex Corp. v. Catrett", "i"), ", 477 U.S. 317, 322 (1986).")
    b.heading("II. CONCLUSION", level=1, page_break_before=True)
    b.paragraph("Affirm.")
    b.save(tmp_path / "brief.docx")
    proc = toa("audit", "brief.docx", "--pages", "estimate", "--json", "r.json", "-o", "audited.docx", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    report = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert report["contents"]["stale"] == [{"text": "II. CONCLUSION", "typed": "3", "page": "2"}]
    assert report["contents"]["not_matched"] == ["A. Standing"]
    assert "II. CONCLUSION: the contents give page 3, the heading prints on page 2" in proc.stdout
    assert "contents line 'A. Standing' not matched" in proc.stdout
    comments = {c.text for c in docx.Document(str(tmp_path / "audited.docx")).comments}
    assert "TOA audit: II. CONCLUSION: the contents give page 3, the heading prints on page 2." in comments


def test_a_true_contents_is_no_finding(stale):
    _folder, _proc, report = stale
    assert report["contents"]["lines"] == 18  # the appellate sample's contents, typed with true pages
    assert report["contents"]["stale"] == [] and report["contents"]["not_matched"] == []


# --------------------------------------------------------------------------- scaling


def _brief_with_tabs(path: Path, tabs: int, fill: str) -> Path:
    """A typed table one of whose lines holds `tabs` tabs (each followed by `fill`), then the body."""
    b = DocBuilder(fmt="lowerRoman", start=1)
    b.heading("TABLE OF AUTHORITIES", level=1)
    b.paragraph("Cases:")
    b.leader_line(("Celotex Corp. v. Catrett", "i"), ", 477 U.S. 317 (1986)", page="1")
    b.paragraph("Monroe v. Pape, 365 U.S. 167 (1961)" + ("\t" + fill) * tabs + "x")
    b.section_break(fmt="decimal", start=1)
    b.heading("ARGUMENT", level=1)
    b.paragraph("See ", ("Celotex Corp. v. Catrett", "i"), ", 477 U.S. 317, 322 (1986).")
    return b.save(path)


@pytest.mark.parametrize("fill", ["", "."], ids=["tabs", "tabs and dots"])
def test_audit_time_grows_linearly_with_the_tabs_of_a_line(tmp_path, fill):
    """Issue 28: the patterns that read a table's line (leader, page label, "continued") were
    tried from each of its characters, so a line of n tabs took time in n squared. Four times the
    tabs must take well under sixteen times the time (CPU time of this process; bench/audit_time.py
    has the figures)."""
    import time

    from toa import pipeline

    def cpu_seconds(tabs: int) -> float:
        path = _brief_with_tabs(tmp_path / f"brief{tabs}.docx", tabs, fill)
        start = time.process_time()
        result = pipeline.audit(str(path), style="scotus", pages="estimate")
        elapsed = time.process_time() - start
        assert [e.text for e in result.printed.entries][0] == "Celotex Corp. v. Catrett, 477 U.S. 317 (1986)"
        return elapsed

    cpu_seconds(500)  # warm: the first audit loads eyecite and the styles
    small, large = cpu_seconds(5000), cpu_seconds(20000)
    assert large / small < 8, (small, large)
