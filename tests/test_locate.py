"""Locators: the search string and match index that find a citation with Word's Body.search,
checked against an independent model of Word's search (tests/wordstub.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
import wordstub
from docxbuild import Break, DocBuilder, Footnote
from toa import document
from toa.locate import MAX_SEARCH, Locator

SAMPLES = Path(__file__).resolve().parents[1] / "samples"


def build(tmp_path, *paragraphs):
    b = DocBuilder()
    for parts in paragraphs:
        b.paragraph(*parts)
    path = tmp_path / "brief.docx"
    b.save(path)
    return path, document.read(str(path)), wordstub.stories(path)


def find(doc, needle, nth=0):
    hits = [(p.index, p.text.find(needle)) for p in doc.paragraphs if needle in p.text]
    pi, start = hits[nth]
    return pi, start, start + len(needle)


def test_the_second_of_two_equal_citations_gets_ordinal_1_counting_case_insensitively(tmp_path):
    cite = "Celotex Corp. v. Catrett, 477 U.S. 317 (1986)"
    path, doc, word = build(
        tmp_path,
        ["See CELOTEX CORP. V. CATRETT, 477 U.S. 317 (1986), in the caption."],
        [cite + "; accord " + cite + "."],
    )
    locate = Locator(doc)
    pi, a, b = find(doc, cite, 0)
    second = locate.span(pi, doc.paragraphs[pi].text.rfind(cite), doc.paragraphs[pi].text.rfind(cite) + len(cite))
    first = locate.span(pi, a, b)
    assert (first["ordinal"], second["ordinal"]) == (1, 2)
    assert wordstub.resolve(word, first) == cite and wordstub.resolve(word, second) == cite
    hits = wordstub.search(word["body"], second["search"])
    assert hits[2][0] == 1 and hits[2][1] > hits[1][1]


def test_a_citation_longer_than_255_characters_is_a_start_and_an_end(tmp_path):
    long = (
        "Video Software Dealers Ass'n v. Schwarzenegger, 556 F.3d 950, 958-62 (9th Cir. 2009), aff'd sub nom. "
        "Brown v. Entertainment Merchants Ass'n, 564 U.S. 786, 790-805 (2011) (holding that the statute, which "
        "restricted the sale or rental of violent video games to minors, violated the First Amendment), and "
        "cases cited therein at length"
    )
    assert len(long) > MAX_SEARCH
    path, doc, word = build(tmp_path, ["As the court held, " + long + ". Nothing else."])
    pi, a, b = find(doc, long)
    loc = Locator(doc).span(pi, a, b)
    assert len(loc["search"]) <= MAX_SEARCH and loc["end"] and len(loc["end"]["search"]) <= MAX_SEARCH
    assert wordstub.resolve(word, loc) == long


def test_a_tab_inside_a_span_splits_it_and_a_caret_is_escaped(tmp_path):
    path, doc, word = build(tmp_path, ["Smith^Jones Act, Pub. L. No. 1-2,\tsec. 3 (1990)."])
    text = doc.paragraphs[0].text
    loc = Locator(doc).span(0, 0, text.index("(1990)") + len("(1990)"))
    assert loc["search"] == "Smith^^Jones Act, Pub. L. No. 1-2," and loc["end"]["search"] == "sec. 3 (1990)"
    assert wordstub.resolve(word, loc) == "Smith^Jones Act, Pub. L. No. 1-2,\tsec. 3 (1990)"


def test_footnote_citations_are_found_in_their_note(tmp_path):
    b = DocBuilder()
    b.paragraph("Text.", Footnote("First note."))
    b.paragraph("More.", Footnote("See Anderson v. Liberty Lobby, Inc., 477 U.S. 242 (1986)."))
    path = tmp_path / "notes.docx"
    b.save(path)
    doc = document.read(str(path))
    word = wordstub.stories(path)
    cite = "Anderson v. Liberty Lobby, Inc., 477 U.S. 242 (1986)"
    pi, a, bb = find(doc, cite)
    loc = Locator(doc).span(pi, a, bb)
    assert (loc["story"], loc["note"]) == ("footnote", 1)
    assert wordstub.resolve(word, loc) == cite


def test_text_that_prints_nothing_searchable_has_no_locator(tmp_path):
    path, doc, word = build(tmp_path, ["\t\t"])
    assert Locator(doc).paragraph(0) is None


def test_a_line_break_inside_a_citation_is_searched_in_pieces_and_found_whole(tmp_path):
    b = DocBuilder()
    b.paragraph("See Celotex Corp. v. Catrett, 477 U.S.", Break(), " 317, 322 (1986).")
    path = tmp_path / "brief.docx"
    b.save(path)
    doc, word = document.read(str(path)), wordstub.stories(path)
    pi, a, e = find(doc, "Celotex Corp. v. Catrett, 477 U.S.  317, 322 (1986)")
    loc = Locator(doc).span(pi, a, e)
    assert loc["end"] is not None  # two stretches: the break is not searchable
    assert " ".join(wordstub.resolve(word, loc).split()) == "Celotex Corp. v. Catrett, 477 U.S. 317, 322 (1986)"


def _plain(text: str) -> str:
    """Text as the reader normalises it (dashes as "-", any run of spaces and breaks as one)."""
    return " ".join(text.translate({0x2013: "-", 0x2014: "-", 0x2011: "-", 0xA0: " "}).split())


@pytest.mark.parametrize("sample", sorted(p.name for p in SAMPLES.glob("*.docx")))
def test_every_citation_of_every_sample_is_found_whole_by_words_search(sample):
    """The whole locator contract on real briefs: every occurrence (listed, unlinked, excluded) of
    every sample resolves, in the model of Word's search, to exactly its own text."""
    from toa import pipeline

    result = pipeline.analyse(str(SAMPLES / sample), pages="estimate")
    word = wordstub.stories(SAMPLES / sample)
    locate = Locator(result.document)
    occurrences = [o for c in result.table.categories for a in c.authorities for o in a.occurrences]
    occurrences += result.table.unlinked + result.table.excluded
    assert occurrences
    missed = []
    for o in occurrences:
        loc = locate.occurrence(o)
        found = wordstub.resolve(word, loc) if loc else None
        if found is None or _plain(found) != _plain(o.text):
            missed.append((o.text, found))
    assert missed == []
