"""Stage 1: what the reader takes from a .docx, and what it leaves out."""

import zipfile

import pytest

from docxbuild import (
    ContentControl,
    DocBuilder,
    Deletion,
    Field,
    Footnote,
    Hyperlink,
    Insertion,
    PageBreak,
    SimpleField,
)
from toa.document import DocumentError, index_front_matter, read


def _texts(doc, story=None):
    return [p.text for p in doc.paragraphs if story is None or p.story == story]


def test_reads_every_story_and_leaves_out_deletions_and_field_codes(tmp_path):
    b = DocBuilder()
    b.paragraph(
        "Body ",
        Hyperlink("https://example.com", "linked 576 U.S. 155"),
        " ",
        Insertion("inserted"),
        Deletion("deleted"),
        " ",
        ContentControl("controlled"),
        " ",
        Field("REF x", "result"),
        " ",
        SimpleField("REF y", "simple"),
        Footnote("Note text, 477 U.S. 317."),
    )
    b.table([["cell text", "other cell"]])
    doc = read(str(b.save(tmp_path / "a.docx")))
    body = _texts(doc, "body")[0]
    assert body == "Body linked 576 U.S. 155 inserted controlled result simple"
    assert "REF" not in body and "deleted" not in body
    assert [t.strip() for t in _texts(doc, "footnote")] == ["Note text, 477 U.S. 317."]
    assert "cell text" in _texts(doc, "table")


def test_note_anchor_is_its_reference_mark(tmp_path):
    b = DocBuilder()
    b.paragraph("First sentence.", Footnote("A note."), " Second.")
    doc = read(str(b.save(tmp_path / "n.docx")))
    note = next(p for p in doc.paragraphs if p.story == "footnote")
    assert note.anchor == (0, len("First sentence."))


def test_normalises_one_character_for_one(tmp_path):
    b = DocBuilder()
    b.paragraph("576\u00a0U.S.\u202f155, 163\u201364\tend")
    doc = read(str(b.save(tmp_path / "w.docx")))
    assert doc.paragraphs[0].text == "576 U.S. 155, 163-64 end"


# Default_Ignorable_Code_Point in Unicode 15's DerivedCoreProperties.txt, range by range.
DEFAULT_IGNORABLE = [
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160), (0x17B4, 0x17B5),
    (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x206F), (0x3164, 0x3164),
    (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF),
]  # fmt: skip


def test_every_default_ignorable_character_and_the_braille_blank_is_left_out_of_the_text(tmp_path):
    """Issue 28: each of them prints nothing, so it must not split a citation; the text reads
    without it and every offset still leads to its own character of the XML."""
    hidden = [chr(c) for first, last in DEFAULT_IGNORABLE for c in range(first, last + 1)] + ["\u2800"]
    b = DocBuilder()
    b.paragraph("x" + "".join(f"{ch}y" for ch in hidden))
    doc = read(str(b.save(tmp_path / "w.docx")))
    para = doc.paragraphs[0]
    assert para.text == "x" + "y" * len(hidden)
    for piece in para.pieces:
        length = piece.end - piece.start
        assert piece.node.text[piece.node_offset : piece.node_offset + length] == para.text[piece.start : piece.end]


def test_italic_spans_are_kept(tmp_path):
    b = DocBuilder()
    b.paragraph("See ", ("Reed", "i"), " v. ", ("Town of Gilbert", "i"), ", 576 U.S. 155 (2015).")
    p = read(str(b.save(tmp_path / "i.docx"))).paragraphs[0]
    assert [p.text[a:e] for a, e in p.emphasis] == ["Reed", "Town of Gilbert"]


def test_a_links_underline_is_not_emphasis_but_its_italics_are(tmp_path):
    b = DocBuilder()
    b.paragraph(
        "See ",
        Hyperlink(
            "https://example.com", ("Matsushita Elec. Indus. Co. v. Zenith Radio Corp.", "i"), ", 475 U.S. 574 (1986)"
        ),
        ".",
    )
    p = read(str(b.save(tmp_path / "l.docx"))).paragraphs[0]
    assert [p.text[a:e] for a, e in p.emphasis] == ["Matsushita Elec. Indus. Co. v. Zenith Radio Corp."]


def test_page_breaks_and_sections(tmp_path):
    b = DocBuilder(fmt="lowerRoman", start=1)
    b.paragraph("Cover")
    b.section_break(fmt="decimal", start=1)
    b.paragraph("one", PageBreak(), "two")
    doc = read(str(b.save(tmp_path / "s.docx")))
    assert [s.fmt for s in doc.sections] == ["lowerRoman", "decimal"]
    body = doc.paragraphs[1]
    assert body.section == 1
    assert [(x.offset, x.kind) for x in body.breaks] == [(0, "section"), (3, "explicit")]
    assert doc.paragraphs[0].skipped == "front_matter"
    assert body.skipped is None


def test_table_of_contents_and_stale_toa_are_skipped(tmp_path):
    b = DocBuilder()
    b.heading("TABLE OF CONTENTS")
    b.leader_line("Argument", page="5")
    b.heading("TABLE OF AUTHORITIES")
    b.leader_line("Celotex Corp. v. Catrett, 477 U.S. 317 (1986)", page="4")
    b.heading("ARGUMENT")
    b.paragraph("Celotex Corp. v. Catrett, 477 U.S. 317 (1986).")
    doc = read(str(b.save(tmp_path / "t.docx")))
    skipped = {p.text.strip(): p.skipped for p in doc.paragraphs}
    assert skipped["TABLE OF CONTENTS"] == "toc"
    assert skipped["TABLE OF AUTHORITIES"] == "toa"
    assert skipped["ARGUMENT"] is None
    assert doc.paragraphs[doc.toa_anchor].text == "TABLE OF AUTHORITIES"
    assert sum(1 for p in doc.paragraphs if p.skipped == "toa") == 2


def _table_marks(tmp_path, fill, name="t.docx"):
    """(text, skipped) of every non-empty body paragraph of a brief whose table `fill` writes."""
    b = DocBuilder(fmt="lowerRoman", start=1)
    b.paragraph("No. 24-101")
    fill(b)
    doc = read(str(b.save(tmp_path / name)))
    return [(p.text.strip(), p.skipped) for p in doc.paragraphs if p.text.strip()]


def test_a_table_heading_that_ends_the_front_matter_has_no_lines_of_the_body(tmp_path):
    def fill(b):
        b.heading("TABLE OF AUTHORITIES")
        b.section_break(fmt="decimal", start=1)  # the break is in the heading's own paragraph
        b.paragraph("In the Supreme Court of the United States")
        b.paragraph("24-101")
        b.heading("OPINIONS BELOW")

    marks = _table_marks(tmp_path, fill)
    assert marks[1:] == [
        ("TABLE OF AUTHORITIES", "toa"),
        ("In the Supreme Court of the United States", None),
        ("24-101", None),
        ("OPINIONS BELOW", None),
    ]


def test_a_two_line_heading_under_an_empty_table_heading_is_the_briefs(tmp_path):
    def fill(b):
        b.heading("TABLE OF AUTHORITIES")
        b.paragraph("")
        b.section_break(fmt="decimal", start=1)  # the break in an empty paragraph after the heading
        b.paragraph("INTRODUCTION AND INTEREST OF")  # reads like "Statutes and Rules"
        b.paragraph("AMICUS CURIAE")
        b.paragraph("See Celotex Corp. v. Catrett, 477 U.S. 317 (1986).")

    assert [skipped for _text, skipped in _table_marks(tmp_path, fill)[2:]] == [None, None, None]

    def same_section(b):  # no section break: the lines are still no table's, none has a page
        b.heading("TABLE OF AUTHORITIES")
        b.paragraph("INTRODUCTION AND INTEREST OF")
        b.paragraph("AMICUS CURIAE")
        b.paragraph("See Celotex Corp. v. Catrett, 477 U.S. 317 (1986).")

    assert [skipped for _text, skipped in _table_marks(tmp_path, same_section, "u.docx")[2:]] == [None, None, None]


def test_a_typed_table_ends_at_its_last_entry_line(tmp_path):
    def fill(b):
        b.heading("TABLE OF AUTHORITIES")
        b.paragraph("Page(s)")
        b.paragraph("Cases")
        b.paragraph("Anderson v. Liberty Lobby, Inc.,")  # an entry wrapped over two lines
        b.leader_line("477 U.S. 242 (1986)", page="3, 7, 12,")
        b.paragraph("15, 19")  # its page list wrapped too
        b.leader_line("Celotex Corp. v. Catrett, 477 U.S. 317 (1986)", page="4")
        b.paragraph("ii")  # a page number typed at the foot of the table's page
        b.page_break()
        b.paragraph("24-101")  # the caption's docket number: no page list of the table
        b.paragraph("STATUTES AND RULES INVOLVED")

    marks = _table_marks(tmp_path, fill)
    assert [skipped for _text, skipped in marks[1:9]] == ["toa"] * 8
    assert marks[9:] == [("24-101", None), ("STATUTES AND RULES INVOLVED", None)]


def test_a_word_count_or_a_statement_after_the_last_entry_is_no_line_of_the_table(tmp_path):
    """Issue 28, item 1: "label:<tab>value" and a count with a thousands separator are no entry
    lines, so the sentence above them is no wrapped entry either: the table ends at its entry."""

    def fill(b):
        b.heading("TABLE OF AUTHORITIES")
        b.paragraph("Smith v. Jones, 1 U.S. 1 (1990)\t3")
        b.paragraph("Authorities chiefly relied upon are marked with asterisks.")
        b.paragraph("Word count of this brief:\t6,120")
        b.paragraph("Total words\t6,120")
        b.heading("ARGUMENT")

    assert [skipped for _text, skipped in _table_marks(tmp_path, fill)[1:]] == ["toa", "toa", None, None, None, None]


def test_a_sentence_among_a_typed_tables_lines_is_the_briefs(tmp_path):
    """A sentence that the table's lines go on after ("... marked with asterisks." under the
    title, or between two categories) is no wrapped entry: it stays unmarked, the table goes on."""

    def fill(b):
        b.heading("TABLE OF AUTHORITIES")
        b.paragraph("Authorities chiefly relied upon are marked with asterisks.")
        b.paragraph("Cases")
        b.paragraph("Smith v. Jones, 1 U.S. 1 (1990)\t3")
        b.paragraph("This table lists every authority the brief cites.")
        b.paragraph("Statutes")
        b.paragraph("28 U.S.C. § 1331\t4")
        b.paragraph("The argument begins with the statute.")
        b.heading("ARGUMENT")

    marks = [skipped for _text, skipped in _table_marks(tmp_path, fill)[1:]]
    assert marks == ["toa", None, "toa", "toa", None, "toa", "toa", None, None]


def test_an_entry_wrapped_after_an_abbreviation_is_the_tables(tmp_path):
    """A typed entry's first line that ends as a sentence would ("..., cert.") but goes on in the
    next line in lower case ("denied, ...") is the entry's, not a sentence of the brief."""

    def fill(b):
        b.heading("TABLE OF AUTHORITIES")
        b.paragraph("Cases")
        b.paragraph("Roe v. Doe, 12 F.4th 34 (9th Cir.), cert.")
        b.paragraph("denied, 143 S. Ct. 56 (2022)\t7")
        b.paragraph("Smith v. Jones, 1 U.S. 1 (1990)\t3")
        b.heading("ARGUMENT")

    marks = [skipped for _text, skipped in _table_marks(tmp_path, fill)[1:]]
    assert marks == ["toa", "toa", "toa", "toa", "toa", None]


def test_a_long_entry_of_a_typed_table_keeps_the_table_going(tmp_path):
    """A typed entry is as long as its authority's name: a first line of 300 characters over the
    line with its pages, or one paragraph of 300 characters, is the table's, and so is all after it."""
    title = "Committee on Invented Procedure, Report on the Uniform Practice of Appellate Courts " * 4

    def fill(b):
        b.heading("TABLE OF AUTHORITIES")
        b.paragraph("Other Authorities")
        b.paragraph(title.strip())  # a first line of 300 characters
        b.paragraph("(3d ed. 2019)\t5")
        b.paragraph(f"{title.strip()} (3d ed. 2019)\t6")  # one paragraph of 300 characters
        b.paragraph("Smith, Notes on Briefs, 1 J. App. Prac. 2 (2001)\t7")
        b.heading("ARGUMENT")

    marks = _table_marks(tmp_path, fill)
    assert len(marks[3][0]) > 300
    assert [skipped for _text, skipped in marks[1:]] == ["toa"] * 6 + [None]


def test_an_entry_wrapped_after_a_sentence_of_its_title_is_the_tables(tmp_path):
    """An entry's first line that ends in a sentence of its title, over the line with its pages,
    is the entry's: a sentence of the brief never stands between two entry lines. Under the
    title, over the first entry, it is still the brief's."""

    def fill(b):
        b.heading("TABLE OF AUTHORITIES")
        b.paragraph("Authorities chiefly relied upon are marked with asterisks.")
        b.paragraph("Smith v. Jones, 1 U.S. 1 (1990)\t3")
        b.paragraph("Doe, J. (2020). Screens and sleep in adolescence.")
        b.paragraph("Journal of Invented Studies, 4(2), 10-20\t5")
        b.paragraph("Roe, K. (2019). Notes on play. J. Inv. Stud. 3, 1\t6")
        b.heading("ARGUMENT")

    marks = [skipped for _text, skipped in _table_marks(tmp_path, fill)[1:]]
    assert marks == ["toa", None, "toa", "toa", "toa", "toa", None]


def test_leaders_of_ellipsis_characters_make_entry_lines(tmp_path):
    """Issue 28, item 3: a leader typed as U+2026 ("……") is a leader like dots."""

    def fill(b):
        b.heading("TABLE OF AUTHORITIES")
        b.paragraph("Cases")
        b.paragraph("Smith v. Jones, 1 U.S. 1 (1990)………………… 3")
        b.paragraph("Doe v. Roe, 2 U.S. 2 (1991) … 3, 5")
        b.heading("ARGUMENT")

    assert [skipped for _text, skipped in _table_marks(tmp_path, fill)[1:]] == ["toa"] * 4 + [None]


def test_the_text_size_is_the_size_most_of_the_text_is_in(tmp_path):
    """Notes are told by their smaller print. Many short lines in a middling size (a cover, a
    list of counsel) once made the median paragraph that size, and the notes no longer smaller."""
    from docxbuild import Run

    b = DocBuilder()
    for i in range(6):
        b.paragraph(Run(f"Counsel line {i}", size=10))
    for _ in range(3):
        b.paragraph(Run("The argument runs on at length in the size of the brief's text. " * 8, size=12))
    b.paragraph(Run("2 See Doe v. Roe, 501 U.S. 200 (1991).", size=10))
    doc = read(str(b.save(tmp_path / "s.docx")))
    assert [p.text[:2] for p in doc.paragraphs if p.typed_note] == ["2 "]


@pytest.mark.parametrize(
    "content, message",
    [
        (b"just text", "is not a .docx"),
        (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 100, "encrypted"),
        (b"PK\x03\x04broken", "damaged"),
    ],
)
def test_bad_input_is_one_clear_error(tmp_path, content, message):
    path = tmp_path / "bad.docx"
    path.write_bytes(content)
    with pytest.raises(DocumentError, match=message):
        read(str(path))


def test_zip_without_document_part(tmp_path):
    path = tmp_path / "empty.docx"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("hello.txt", "hi")
    with pytest.raises(DocumentError, match="not a Word document"):
        read(str(path))


def test_an_addendum_of_statutes_after_the_brief_is_not_scanned(tmp_path):
    """The addendum sets out the statutes the brief cites under their citations, up to the
    certificate after it; the word in a sentence is the brief's."""

    def fill(b):
        b.paragraph("Addendum A sets out the statute. See 42 U.S.C. § 1983.")
        b.paragraph("Respectfully submitted.")
        b.heading("STATUTORY ADDENDUM")
        b.paragraph("42 U.S.C. § 1983")
        b.paragraph("Every person who, under color of any statute, ...")
        b.heading("CALIFORNIA STATUTES")
        b.paragraph("Civ. Code § 43.3")
        b.heading("CERTIFICATE OF SERVICE")
        b.paragraph("Served under Fed. R. App. P. 25.")

    marks = _table_marks(tmp_path, fill)[1:]
    assert [skipped for _text, skipped in marks] == [None, None] + ["addendum"] * 5 + ["certificate"] * 2


def test_certificates_are_not_scanned(tmp_path):
    b = DocBuilder()
    b.paragraph("Argument citing Fed. R. Civ. P. 56(a).")
    b.heading("CERTIFICATE OF COMPLIANCE")
    b.paragraph("This brief complies with Fed. R. App. P. 32(a)(5).")
    b.heading("CERTIFICATE OF SERVICE")
    b.paragraph("Served under Fed. R. App. P. 25(c).")
    doc = read(str(b.save(tmp_path / "c.docx")))
    assert [p.skipped for p in doc.paragraphs] == [None, "certificate", "certificate", "certificate", "certificate"]


def test_a_certificate_under_a_court_form_number_is_not_scanned(tmp_path):
    b = DocBuilder()
    b.paragraph("Argument citing Fed. R. Civ. P. 56(a).")
    b.paragraph("Form 8. Certificate of Compliance Pursuant to 9th Circuit Rule 32-1 for Case Number 20-1")
    b.paragraph("This brief complies with Fed. R. App. P. 32(a)(5).")
    doc = read(str(b.save(tmp_path / "c.docx")))
    assert [p.skipped for p in doc.paragraphs] == [None, "certificate", "certificate"]


def test_footnotes_typed_as_small_paragraphs_are_recognised(tmp_path):
    from docxbuild import Run

    b = DocBuilder()
    b.paragraph("Body text cites Smith v. Jones, 500 U.S. 100 (1991).")
    b.paragraph(Run("2 See Doe v. Roe, 501 U.S. 200 (1991).", size=9))
    b.paragraph(Run("3 apples in small print are no note.", size=9))
    b.paragraph("1 Body paragraph that starts with a number.")
    doc = read(str(b.save(tmp_path / "t.docx")))
    assert [p.typed_note for p in doc.paragraphs] == [False, True, False, False]


def test_a_note_typed_in_the_texts_own_print_is_known_by_its_reference_mark(tmp_path):
    """A brief converted from PDF with its notes as paragraphs of the text's size: a paragraph that
    starts with a number the text before it has as a superscript mark, or typed right after a word,
    or the number after the note before it, is a note; other numbers are lines of the text."""
    b = DocBuilder()
    b.paragraph("This practice is verified by industry communications.", ("17", "^"), " Teens agree.", ("18", "^"))
    b.paragraph("Digital media use begins at a young age, with platforms like YouTube and connected")
    b.paragraph("17 See Complaint in: Doe v. Acme, Inc., No. 4:23-cv-01234 (N.D. Cal. 2023).")
    b.paragraph("18 See Roe, Behind the Screens (2022).")
    b.paragraph("19 https://www.example.org/report-on-screens")
    b.paragraph("devices, as the surveys show.20 The court agreed")
    b.paragraph("2 RR 45 is where the witness said so.")  # a record cite cut at a line end: numbers run up
    b.paragraph("20 Pew Research Ctr., Teens and Technology (2023).")
    b.paragraph("35 Apples were sold that year.")  # no mark 35 before it, and no note 34
    doc = read(str(b.save(tmp_path / "n.docx")))
    assert [p.text[:3] for p in doc.paragraphs if p.typed_note] == ["17 ", "18 ", "19 ", "20 "]


def test_a_table_in_another_size_does_not_change_what_is_a_typed_note(tmp_path):
    from docxbuild import Run

    def brief(with_table: bool):
        b = DocBuilder()
        if with_table:
            b.heading("TABLE OF AUTHORITIES", level=1)
            for i in range(12):
                b.paragraph(Run(f"Case {i} v. Other, {i} U.S. {i} (2000)\t{i}", size=12))
        b.heading("ARGUMENT", level=1)
        for i in range(4):
            b.paragraph(Run(f"The text of the argument, paragraph {i}.", size=9))
        # a paragraph in barely smaller print is no note; beside a table in larger print it looked like one
        b.paragraph(Run("2 See Doe v. Roe, 501 U.S. 200 (1991).", size=8.5))
        return read(str(b.save(tmp_path / f"t{with_table}.docx")))

    assert [p.skipped for p in brief(True).paragraphs][:3] == ["toa", "toa", "toa"]
    assert (
        [p.text for p in brief(True).paragraphs if p.typed_note]
        == [p.text for p in brief(False).paragraphs if p.typed_note]
        == []
    )


def note_carried_over(tmp_path, head_end="Cons. Stat.", tail="Ann. § 301(a) and (b) (1983); R.I. Gen. Laws § 11-1-1."):
    from docxbuild import Run

    b = DocBuilder()
    b.paragraph("ARGUMENT")
    b.paragraph("The common law was settled.")
    b.paragraph("The States agree.3")
    b.paragraph(Run(f"3 See Ala. Code § 13A-2-1(3) (1982); 18 Pa. {head_end}", size=9))
    b.paragraph(PageBreak(), "Congress knew that background.")
    b.paragraph(Run(tail, size=9))
    b.paragraph(Run("4 See State v. Spates, 405 A.2d 656 (Conn. 1978).", size=9))
    return read(str(b.save(tmp_path / "n.docx")))


def test_a_typed_note_carried_over_to_the_next_page_continues_it(tmp_path):
    doc = note_carried_over(tmp_path)
    assert [(p.typed_note, p.continues) for p in doc.paragraphs] == [
        (False, None),
        (False, None),
        (False, None),
        (True, None),
        (False, None),
        (True, 3),
        (True, None),
    ]


def test_small_print_after_a_note_that_ended_is_not_its_continuation(tmp_path):
    doc = note_carried_over(tmp_path, head_end="Cons. Stat. § 301 (1983).")
    assert doc.paragraphs[5].continues is None
    doc = note_carried_over(tmp_path, tail="ELIZABETH B. PRELOGAR")
    assert doc.paragraphs[5].continues is None


def test_lines_above_a_quotations_source_standing_alone_are_a_block_quotation(tmp_path):
    b = DocBuilder()
    b.paragraph("ARGUMENT")
    b.paragraph("The statute is plain:")
    b.paragraph("The power to rule on a motion expires 60 days after the clerk mails notice")
    b.paragraph("of entry of judgment pursuant to Section 664.5 or after service.")
    b.paragraph("(Code Civ. Proc., § 660, emphasis added.)")
    b.paragraph("Here the court ruled on day 61. (Code Civ. Proc., § 660.)")
    doc = read(str(b.save(tmp_path / "q.docx")))
    assert [p.block_quote for p in doc.paragraphs] == [False, False, True, True, False, False]


def test_a_table_of_contents_field_over_many_paragraphs_is_skipped(tmp_path):
    import docx

    from toa.oxml import make

    b = DocBuilder()
    b.paragraph("Contents start")
    b.paragraph("I. Reed v. Town of Gilbert, 576 U.S. 155 (2015), controls 5")
    b.paragraph("Contents end")
    b.paragraph("Argument: Reed v. Town of Gilbert, 576 U.S. 155 (2015).")
    path = b.save(tmp_path / "toc.docx")
    package = docx.Document(str(path))
    first, _, last, _ = [p._p for p in package.paragraphs]

    def field_char(kind):
        r = make("w:r")
        r.append(make("w:fldChar", {"fldCharType": kind}))
        return r

    instr = make("w:r")
    instr.append(make("w:instrText", text=' TOC \\o "1-3" '))
    runs = [c for c in first if c.tag.endswith("}r")]
    runs[0].addprevious(field_char("begin"))
    runs[0].addprevious(instr)
    runs[0].addprevious(field_char("separate"))
    last.append(field_char("end"))
    package.save(str(path))

    doc = read(str(path))
    assert [p.skipped for p in doc.paragraphs] == ["toc", "toc", "toc", None]


def test_block_quotations_are_marked(tmp_path):
    b = DocBuilder()
    b.paragraph("The statute provides:")
    b.paragraph("The court may impose the upper term as provided in Section 1170.1.", left=1.0, right=1.0)
    b.paragraph("A hanging first line is not a quotation.", left=0.5, hanging=0.5)
    doc = read(str(b.save(tmp_path / "q.docx")))
    assert [p.block_quote for p in doc.paragraphs] == [False, True, False]


def test_a_style_indexes_the_front_matter_statements_it_names_and_nothing_else(tmp_path):
    b = DocBuilder(fmt="lowerRoman", start=1)
    b.paragraph("No. 01-99-00001-CR, Tex. R. App. P. 9.4")
    b.heading("IDENTITY OF PARTIES AND COUNSEL")
    b.paragraph("Counsel under Tex. R. App. P. 38.1(a).")
    b.heading("TABLE OF CONTENTS")
    b.leader_line("Statement of the Case", page="ii")
    b.heading("STATEMENT OF THE CASE")
    b.paragraph("The jury convicted under Tex. Penal Code § 22.02.", Footnote("See Tex. R. App. P. 38.1(d)."))
    b.heading("Issues Presented")
    b.paragraph("Whether Tex. Code Crim. Proc. art. 38.23 applies.")
    b.section_break(fmt="decimal", start=1)
    b.heading("ARGUMENT")
    b.paragraph("Argued here.")
    doc = read(str(b.save(tmp_path / "f.docx")))
    index_front_matter(doc, ("statement of the case", "issues presented"))
    scanned = [p.text.strip() for p in doc.paragraphs if not p.skipped and p.text.strip()]
    assert sorted(scanned) == sorted(
        [
            "STATEMENT OF THE CASE",
            "The jury convicted under Tex. Penal Code § 22.02.",
            "See Tex. R. App. P. 38.1(d).",
            "Issues Presented",
            "Whether Tex. Code Crim. Proc. art. 38.23 applies.",
            "ARGUMENT",
            "Argued here.",
        ]
    )
    skipped = {p.text.strip(): p.skipped for p in doc.paragraphs}
    assert skipped["Counsel under Tex. R. App. P. 38.1(a)."] == "front_matter"
    assert skipped["No. 01-99-00001-CR, Tex. R. App. P. 9.4"] == "front_matter"
    assert skipped["TABLE OF CONTENTS"] == "toc"


def test_each_paragraph_reads_its_size_spacing_and_indents_through_its_style_chain(tmp_path):
    """Normal (Century Schoolbook 14 pt, double-spaced, 0.5-inch first line) from the style, a paragraph's own
    spacing and indents over it, a run's own size where most of the text is, the footnote style's
    size, and each section's text area (Letter less 1.5-inch margins)."""
    from docxbuild import Run

    b = DocBuilder(size=14, margins=1.5, font="Century Schoolbook")
    b.paragraph("styled", Footnote("note text"))
    b.paragraph("own", line_spacing=1.0, space_before=12, space_after=6, left=1, right=0.5, hanging=0.25)
    b.paragraph(Run("big text here", size=20), "x")
    doc = read(str(b.save(tmp_path / "f.docx")))
    styled, own, big = (p.format for p in doc.paragraphs if p.story == "body")
    assert (big.size, big.font, styled.font) == (20, "Century Schoolbook", "Century Schoolbook")
    note = next(p.format for p in doc.paragraphs if p.story == "footnote")
    assert (styled.size, styled.line, styled.line_rule, styled.first_line) == (14, 480, "auto", 720)
    assert (own.line, own.before, own.after, own.left, own.right, own.first_line) == (240, 240, 120, 1440, 720, -360)
    assert note.size == 12
    assert (doc.sections[0].text_width, doc.sections[0].text_height) == (12240 - 2 * 2160, 15840 - 2 * 2160)
