"""Stage 4: printed page labels from breaks and section numbering."""
from docxbuild import DocBuilder, Footnote, PageBreak

from toa import styles
from toa.document import read
from toa.model import Occurrence, Table
from toa.pagination import _from_breaks, format_number, page_text


def _occ(doc, needle):
    for p in doc.paragraphs:
        i = p.text.find(needle)
        if i >= 0:
            return Occurrence(paragraph=p.index, start=i, end=i + len(needle), kind="full", story=p.story, text=needle)
    raise AssertionError(needle)


def test_labels_follow_section_formats_and_restarts(tmp_path):
    b = DocBuilder(fmt="lowerRoman", start=1)
    b.paragraph("cover")
    b.paragraph("front", PageBreak(), "front two")
    b.section_break(fmt="decimal", start=1)
    b.paragraph("body one", PageBreak(), "body two", Footnote("note cite"))
    b.paragraph("body two still")
    doc = read(str(b.save(tmp_path / "p.docx")))
    occs = [_occ(doc, t) for t in ("cover", "front two", "body one", "body two", "note cite", "body two still")]
    pages = _from_breaks(doc, occs, {"explicit", "section"}, estimate=False)
    labels = [pages[(o.paragraph, o.start)][1] for o in occs]
    assert labels == ["i", "ii", "1", "2", "2", "2"]
    assert [pages[(o.paragraph, o.start)][0] for o in occs] == [1, 2, 3, 4, 4, 4]


def test_continued_numbering_without_start(tmp_path):
    b = DocBuilder(fmt="decimal", start=1)
    b.paragraph("one", PageBreak(), "two")
    b.section_break(fmt="decimal", start=None)
    b.paragraph("three")
    doc = read(str(b.save(tmp_path / "c.docx")))
    occs = [_occ(doc, "three")]
    assert _from_breaks(doc, occs, {"explicit", "section"}, estimate=False)[(occs[0].paragraph, 0)][1] == "3"


def test_number_formats():
    assert [format_number(n, "lowerRoman") for n in (1, 4, 9, 14, 40)] == ["i", "iv", "ix", "xiv", "xl"]
    assert format_number(3, "upperRoman") == "III"
    assert format_number(27, "lowerLetter") == "aa"
    assert format_number(12, "decimal") == "12"


def test_page_text_groups_runs_only_when_the_style_says_so():
    scotus, default = styles.load("scotus"), styles.load("default")
    labels = ["3", "7", "8", "9", "10", "12", "13"]
    assert page_text(labels, scotus) == "3, 7-10, 12, 13"
    assert page_text(labels, default) == "3, 7, 8, 9, 10, 12, 13"
    assert isinstance(Table(categories=[]), Table)


def test_word_method_counts_the_page_breaks_word_saved(tmp_path):
    from toa import styles
    from toa.authorities import build
    from toa.extract import extract
    from toa.oxml import make
    from toa.pagination import paginate

    b = DocBuilder()
    b.paragraph("Smith v. Jones, 500 U.S. 100 (1991).")
    b.paragraph("Later text. Doe v. Roe, 501 U.S. 200 (1991).")
    path = b.save(tmp_path / "w.docx")
    import docx

    package = docx.Document(str(path))
    second = package.paragraphs[1]._p
    r = make("w:r")
    r.append(make("w:lastRenderedPageBreak"))
    second.insert(1 if second.find("{http://schemas.openxmlformats.org/wordprocessingml/2006/main}pPr") is not None
                  else 0, r)
    package.save(str(path))

    doc = read(str(path))
    table = build(doc, extract(doc), styles.load("default"))
    pagemap = paginate(doc, table, styles.load("default"), method="word")
    assert pagemap.method == "word"
    pages = {a.text.split(",")[0]: pagemap.label(a.occurrences[0]) for c in table.categories for a in c.authorities}
    assert pages == {"Smith v. Jones": "1", "Doe v. Roe": "2"}


def test_word_method_without_saved_breaks_is_a_clear_error(tmp_path):
    import pytest

    from toa import styles
    from toa.authorities import build
    from toa.extract import extract
    from toa.pagination import PaginationError, paginate

    b = DocBuilder()
    b.paragraph("Smith v. Jones, 500 U.S. 100 (1991).")
    doc = read(str(b.save(tmp_path / "n.docx")))
    table = build(doc, extract(doc), styles.load("default"))
    with pytest.raises(PaginationError, match="no page breaks saved by Word"):
        paginate(doc, table, styles.load("default"), method="word")
