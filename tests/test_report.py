"""Stage 6: the JSON report shows the judgment calls a reviewer confirms."""

from toa import styles
from toa.authorities import build
from toa.extract import extract_paragraph
from toa.model import Document, PageMap, Paragraph
from toa.pipeline import BuildResult
from toa.report import build_report


def report_of(*texts, style="default"):
    doc = Document(
        path="x.docx", paragraphs=[Paragraph(index=i, story="body", text=t) for i, t in enumerate(texts)], sections=[]
    )
    occs = [o for p in doc.paragraphs for o in extract_paragraph(p)]
    chosen = styles.load(style)
    table = build(doc, occs, chosen)
    return build_report(BuildResult("x.docx", doc, table, PageMap(method="estimate", exact=False), chosen)).to_dict()


def flags(report):
    return {a["text"]: a["flags"] for c in report["categories"] for a in c["authorities"]}


def test_an_entry_cited_only_inside_citing_carries_the_flag():
    r = report_of(
        "Hale v. Ives, 1 F.4th 1, 5 (1st Cir. 2021) (citing Jay v. Kim, 2 F.4th 2 (2d Cir. 2021)); "
        "Lee v. Moe, 3 F.4th 3 (3d Cir. 2021) (citing Hale v. Ives, 1 F.4th 1, 6 (1st Cir. 2021))."
    )
    assert flags(r) == {
        "Hale v. Ives, 1 F.4th 1 (1st Cir. 2021)": [],
        "Jay v. Kim, 2 F.4th 2 (2d Cir. 2021)": ["citing_parenthetical"],
        "Lee v. Moe, 3 F.4th 3 (3d Cir. 2021)": [],
    }
    assert r["excluded"] == []


def test_the_contents_section_lists_stale_and_unmatched_lines_and_cuts_a_long_warning():
    from toa.model import Contents, ContentsLine
    from toa.report import WARNING_TEXT, ContentsReport

    long = "A heading the brief no longer has, " * 5
    contents = Contents(
        [
            ContentsLine(0, "ARGUMENT", "2", False, heading=5, end=10),
            ContentsLine(1, "CONCLUSION", "3", False, heading=7, end=12),
            ContentsLine(2, long, "4", False, end=len(long) + 6),
        ]
    )
    pagemap = PageMap("render", True, headings={5: (6, "4"), 7: (7, "3")})
    out = ContentsReport.of(contents, pagemap).to_dict()
    assert out["lines"] == 3
    assert out["stale"] == [{"text": "ARGUMENT", "typed": "2", "page": "4"}]
    assert out["not_matched"] == [long]
    (warning,) = out["warnings"]
    assert warning == f"contents line '{long[: WARNING_TEXT - 1]}…' not matched"
    # a brief without contents gets no section
    assert "contents" not in report_of("See Celotex Corp. v. Catrett, 477 U.S. 317 (1986).")


def test_the_summary_says_which_stale_contents_lines_a_build_renumbered():
    """A check or an analysis leaves the contents as typed: its lines are stale. A build gives each
    line its page, and the summary says so, and which it had to leave as typed."""
    from dataclasses import replace

    from toa.model import Contents, ContentsLine
    from toa.report import summary

    contents = Contents(
        [
            ContentsLine(0, "ARGUMENT", "2", False, heading=5, end=10),
            ContentsLine(1, "CONCLUSION", "3", False, heading=7, end=12),
        ]
    )
    doc = Document(path="x.docx", paragraphs=[Paragraph(index=0, story="body", text="ARGUMENT")], sections=[])
    chosen = styles.load("default")
    result = BuildResult("x.docx", doc, build(doc, [], chosen), PageMap("render", True), chosen, contents)
    result.pagemap.headings.update({5: (6, "4"), 7: (7, "5")})

    def line(renumbered):
        text = summary(build_report(replace(result, renumbered=renumbered)))
        return next(t for t in text.splitlines() if t.startswith("Contents:"))

    assert line(None) == "Contents: 2 lines, 2 with a stale page"
    assert line(2) == "Contents: 2 lines, 2 renumbered to the pages they print on"
    assert line(1) == "Contents: 2 lines, 1 renumbered to the pages they print on, 1 stale left as typed"
    assert build_report(replace(result, renumbered=2)).to_dict()["contents"]["renumbered"] == 2
    assert "renumbered" not in build_report(result).to_dict()["contents"]


def test_the_audit_report_counts_every_kind_and_gives_each_finding_its_citations_pages():
    from toa.model import Finding, PrintedTable
    from toa.pipeline import AuditResult
    from toa.report import audit_report

    brief = ("See Celotex Corp. v. Catrett, 477 U.S. 317, 322 (1986).", "Later, Celotex, 477 U.S. at 323.")
    doc = Document(
        path="x.docx", paragraphs=[Paragraph(index=i, story="body", text=t) for i, t in enumerate(brief)], sections=[]
    )
    chosen = styles.load("default")
    table = build(doc, [o for p in doc.paragraphs for o in extract_paragraph(p)], chosen)
    (auth,) = table.categories[0].authorities
    pagemap = PageMap(
        "render",
        True,
        pages={(o.paragraph, o.start): (3 + o.paragraph, str(3 + o.paragraph)) for o in auth.occurrences},
    )
    built = BuildResult("x.docx", doc, table, pagemap, chosen)
    missing = Finding("missing", "Missing", authority=auth.text, citations=list(auth.occurrences))
    report = audit_report(AuditResult(built, PrintedTable("typed", 0), [missing])).to_dict()
    assert report["counts"] == {"missing": 1, "not_cited": 0, "pages": 0, "heading": 0, "text": 0, "order": 0}
    assert [(c["page"], c["kind"]) for c in report["findings"][0]["citations"]] == [("3", "full"), ("4", "short")]
    assert "comments" not in report  # no commented copy was written
