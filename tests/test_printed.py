"""Reading a table of authorities the brief already has: typed lines of many shapes, Word fields."""

from __future__ import annotations

import pytest
from docxbuild import DocBuilder, Field, PageBreak

from toa import document, printed


def _brief(tmp_path, fill, fmt="lowerRoman"):
    b = DocBuilder(fmt=fmt, start=1)
    fill(b)
    b.section_break(fmt="decimal", start=1)
    b.heading("ARGUMENT", level=1)
    b.paragraph("See ", ("Celotex Corp. v. Catrett", "i"), ", 477 U.S. 317, 322 (1986).")
    path = tmp_path / "brief.docx"
    b.save(path)
    return printed.read_table(document.read(str(path)))


def _entries(table):
    return [
        (table.headings[e.heading].text if e.heading is not None else None, e.text, e.pages, e.passim)
        for e in table.entries
    ]


def test_one_line_entries_with_leader_tabs(tmp_path):
    def fill(b):
        b.heading("TABLE OF AUTHORITIES", level=1)
        b.paragraph("Page(s)", align="right")
        b.paragraph("Cases")
        b.leader_line(("Celotex Corp. v. Catrett", "i"), ", 477 U.S. 317 (1986)", page="5, 9")
        b.leader_line(("Monroe v. Pape", "i"), ", 365 U.S. 167 (1961)", page="12-14")
        b.paragraph("Statutes:")
        b.leader_line("42 U.S.C. § 1983", page="passim")
        b.leader_line("28 U.S.C. § 1291", page="3 n.2, 7 & n.4")

    table = _brief(tmp_path, fill)
    assert table.form == "typed"
    assert [h.text for h in table.headings] == ["Cases", "Statutes"]
    assert _entries(table) == [
        ("Cases", "Celotex Corp. v. Catrett, 477 U.S. 317 (1986)", ["5", "9"], False),
        ("Cases", "Monroe v. Pape, 365 U.S. 167 (1961)", ["12", "13", "14"], False),
        ("Statutes", "42 U.S.C. § 1983", [], True),
        ("Statutes", "28 U.S.C. § 1291", ["3", "7"], False),
    ]
    assert table.entries[0].emphasis == [(0, len("Celotex Corp. v. Catrett"))]


def test_wrapped_entries_and_typed_dot_leaders(tmp_path):
    def fill(b):
        b.heading("TABLE OF AUTHORITIES", level=1)
        b.paragraph("CASES")
        b.paragraph(("Mt. Healthy City School District Board of Education", "i"))
        b.leader_line(("v. Doyle", "i"), ", 429 U.S. 274 (1977)", page="5, 9")
        b.paragraph(("Anderson v. Liberty Lobby, Inc.", "i"), ", 477 U.S. 242 (1986) .................. 6, 10")
        b.paragraph("Fed. R. Civ. P. 56(a) . . . . . . . . . . . . . 5")
        b.paragraph("Video Software Dealers Ass'n v. Schwarzenegger, 556 F.3d 950 (9th Cir. 2009),")
        b.paragraph("aff'd sub nom. Brown v. Entertainment Merchants Ass'n, 564 U.S. 786 (2011) .........")
        b.paragraph("9")

    table = _brief(tmp_path, fill)
    assert _entries(table) == [
        (
            "CASES",
            "Mt. Healthy City School District Board of Education v. Doyle, 429 U.S. 274 (1977)",
            ["5", "9"],
            False,
        ),
        ("CASES", "Anderson v. Liberty Lobby, Inc., 477 U.S. 242 (1986)", ["6", "10"], False),
        ("CASES", "Fed. R. Civ. P. 56(a)", ["5"], False),
        (
            "CASES",
            "Video Software Dealers Ass'n v. Schwarzenegger, 556 F.3d 950 (9th Cir. 2009), aff'd sub nom. "
            "Brown v. Entertainment Merchants Ass'n, 564 U.S. 786 (2011)",
            ["9"],
            False,
        ),
    ]
    wrapped = table.entries[0]
    assert len(wrapped.paragraphs) == 2
    # the italics of both lines, in the joined text
    assert wrapped.emphasis[0] == (0, len("Mt. Healthy City School District Board of Education"))
    assert wrapped.text[wrapped.emphasis[1][0] : wrapped.emphasis[1][1]] == "v. Doyle"


def test_roman_pages_and_a_table_over_several_pages(tmp_path):
    def fill(b):
        b.heading("TABLE OF AUTHORITIES", level=1)
        b.paragraph("Cases:")
        b.leader_line(("Ashcroft v. Iqbal", "i"), ", 556 U.S. 662 (2009)", page="ii, 10")
        b.leader_line(("Bell Atlantic Corp. v. Twombly", "i"), ", 550 U.S. 544 (2007)", page="iv-vi, 3")
        b.paragraph("ii", align="center")
        b.paragraph(PageBreak(), "TABLE OF AUTHORITIES\u2014Continued\tPage(s)")
        b.paragraph("Cases\u2014Continued:")
        b.leader_line(("Celotex Corp. v. Catrett", "i"), ", 477 U.S. 317 (1986)", page="5a, 7")
        b.paragraph("Other Authorities:")
        b.leader_line("Restatement (Second) of Agency § 228 (1958)", page="II")

    table = _brief(tmp_path, fill)
    assert [h.text for h in table.headings] == ["Cases", "Other Authorities"]
    assert _entries(table) == [
        ("Cases", "Ashcroft v. Iqbal, 556 U.S. 662 (2009)", ["ii", "10"], False),
        ("Cases", "Bell Atlantic Corp. v. Twombly, 550 U.S. 544 (2007)", ["iv", "v", "vi", "3"], False),
        ("Cases", "Celotex Corp. v. Catrett, 477 U.S. 317 (1986)", ["5a", "7"], False),
        ("Other Authorities", "Restatement (Second) of Agency § 228 (1958)", ["II"], False),
    ]


def test_a_word_table_with_a_pages_column(tmp_path):
    def fill(b):
        b.heading("TABLE OF AUTHORITIES", level=1)
        b.table(
            [
                ["Cases", "Page(s)"],
                [[("Celotex Corp. v. Catrett", "i"), ", 477 U.S. 317 (1986)"], "5, 9"],
                ["42 U.S.C. § 1983", "passim"],
            ],
            header=False,
            style=None,
        )

    table = _brief(tmp_path, fill)
    assert _entries(table) == [
        ("Cases", "Celotex Corp. v. Catrett, 477 U.S. 317 (1986)", ["5", "9"], False),
        ("Cases", "42 U.S.C. § 1983", [], True),
    ]


def test_word_toa_fields_are_read_from_their_cached_result(tmp_path):
    def fill(b):
        b.heading("TABLE OF AUTHORITIES", level=1)
        b.paragraph("Cases")
        b.paragraph(Field(' TOA \\c "1" \\p ', ("Celotex Corp. v. Catrett", "i"), ", 477 U.S. 317 (1986)\t5, 9"))
        b.paragraph("Statutes")
        b.paragraph(Field(' TOA \\c "2" \\p ', "42 U.S.C. § 1983\t1, 4"))

    table = _brief(tmp_path, fill)
    assert table.form == "fields"
    assert _entries(table) == [
        ("Cases", "Celotex Corp. v. Catrett, 477 U.S. 317 (1986)", ["5", "9"], False),
        ("Statutes", "42 U.S.C. § 1983", ["1", "4"], False),
    ]


def test_a_built_table_reads_back_entry_for_entry():
    table = printed.read_table(document.read("samples/appellate-brief.toa.docx"))
    assert table.form == "fields"
    assert len(table.headings) == 7
    assert table.entries[0].text == "44 Liquormart, Inc. v. Rhode Island, 517 U.S. 484 (1996)"
    assert any(e.text.startswith("Video Software Dealers Ass’n") and e.pages for e in table.entries)


@pytest.mark.parametrize(
    "fill",
    [
        lambda b: b.paragraph("INTRODUCTION"),
        lambda b: b.paragraph("[TABLE OF AUTHORITIES]"),
        lambda b: b.heading("TABLE OF AUTHORITIES", level=1),
    ],
    ids=["no table", "placeholder", "heading only"],
)
def test_no_table(tmp_path, fill):
    assert _brief(tmp_path, fill) is None


@pytest.mark.parametrize(
    "text, expected",
    [
        ("3, 7-10, 12", (["3", "7", "8", "9", "10", "12"], False)),
        ("12 n.3, 14 nn.4-5", (["12", "14"], False)),
        ("4–6", (["4", "5", "6"], False)),
        ("passim", ([], True)),
        ("ii, iv, 1", (["ii", "iv", "1"], False)),
        ("2a-4a", (["2a", "3a", "4a"], False)),
        ("1983", (["1983"], False)),
        ("(1986)", None),
        ("see below", None),
    ],
)
def test_parse_pages(text, expected):
    assert printed.parse_pages(text) == expected


def test_sections_listed_under_their_code(tmp_path):
    """The Solicitor General's layout: a code or constitution on a line ending in a colon, its
    sections indented under it, each with its pages."""

    def fill(b):
        b.heading("TABLE OF AUTHORITIES", level=1)
        b.paragraph("Constitution, statutes, and regulations:")
        b.paragraph("U.S. Const.:")
        b.leader_line("Art. II, § 2, Cl. 2 (Appointments Clause)", page="3, 5", indent=0.25)
        b.leader_line("Amend. V", page="7", indent=0.25)
        b.paragraph("Internal Revenue Code (26 U.S.C.):")
        b.leader_line("§ 6330", page="2", indent=0.25)
        b.leader_line("§ 6330(d)(1)", page="4", indent=0.25)
        b.leader_line("28 U.S.C. 1254(1)", page="1")
        b.paragraph("Miscellaneous:")
        b.paragraph("Arthur R. Miller, ", ("From Conley to Twombly to Iqbal:", "i"))
        b.leader_line(
            ("A Double Play on the Federal Rules of Civil Procedure", "i"), ", 60 Duke L.J. 1 (2010)", page="11"
        )

    table = _brief(tmp_path, fill)
    assert [h.text for h in table.headings] == ["Constitution, statutes, and regulations", "Miscellaneous"]
    assert [(e.text, e.pages) for e in table.entries] == [
        ("U.S. Const. Art. II, § 2, Cl. 2 (Appointments Clause)", ["3", "5"]),
        ("U.S. Const. Amend. V", ["7"]),
        ("Internal Revenue Code (26 U.S.C.) § 6330", ["2"]),
        ("Internal Revenue Code (26 U.S.C.) § 6330(d)(1)", ["4"]),
        ("28 U.S.C. 1254(1)", ["1"]),
        (
            "Arthur R. Miller, From Conley to Twombly to Iqbal: A Double Play on the Federal Rules of Civil "
            "Procedure, 60 Duke L.J. 1 (2010)",
            ["11"],
        ),  # a title's colon at the end of a line is no group
    ]
