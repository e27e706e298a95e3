"""Word rebuilds the table when it opens the output: what it makes of our TA fields must be our
table, apart from the pages (which follow Word's layout) and what Word cannot do (see below).

Every sample, and an invented brief that cites one case on six pages and another on three
pages in a row (passim, ranges), is built under every built-in style; the table Word would assemble from the TA
field codes (tests/wordtoa.py: entries from \\l, merged by long citation, sorted as Word sorts,
\\p passim, \\l and \\e separators, the "table of authorities" paragraph style) is compared with
the printed table, each TA field taking the page that the pagination stage gave the place where
it sits (Word credits the page of the field). Pages come from the estimate (no LibreOffice
needed): the comparison is of the fields, not of a layout.

What Word cannot match, and the README and the styles say so: it sorts every category by the text
of the long citation (we sort statutes, rules and constitutions by number, treatises by author), it
never groups pages into a range ("7-10"), and its passim threshold is five pages.
"""

from __future__ import annotations

import shutil
import zipfile
from pathlib import Path

import pytest
from lxml import etree

import wordtoa
from docxbuild import DocBuilder, PageBreak
from toa import pipeline, styles
from toa.model import CATEGORY_NUMBERS

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
NAMES = ("appellate-brief", "trial-memorandum", "planted-problems", "texas-brief", "california-brief", "many-pages")
W = wordtoa.W
# Headings whose order Word keeps: cases and decisions sort by their name as written, as Word
# sorts by the long citation. Elsewhere we order by number (title and section, article) or by
# author (a treatise's volume number comes first in its text), and Word by the text.
SAME_ORDER = {str(CATEGORY_NUMBERS[k]) for k in ("cases", "administrative")}


def _ta_positions(doc) -> list[tuple[wordtoa.TAField, tuple[int, int]]]:
    """Every TA field of the written document in reading order, with (paragraph index, offset)
    of the place where it sits in the document's text."""
    out = []
    for para in doc.paragraphs:
        tas, _ = wordtoa.fields_in([para.element])
        if not tas:
            continue
        ends = {id(pc.node): pc.end for pc in para.pieces}
        at, pos = {}, 0
        for el in para.element.iter():
            if el.tag == f"{W}r":
                at[id(el)] = pos
            pos = ends.get(id(el), pos)
        for _p, runs in tas:
            out.append((wordtoa.ta_field(runs), (para.index, at[id(runs[0])])))
    return out


def _many_pages(path: Path) -> None:
    """Celotex on pages 1-6 (passim where the style allows), Anderson on 2-4 (a range), Matsushita once."""
    b = DocBuilder()
    b.paragraph("See ", ("Celotex Corp. v. Catrett", "i"), ", 477 U.S. 317, 322 (1986).")
    for page in range(2, 7):
        b.paragraph(PageBreak(), "Page ", str(page), ". ", ("Celotex", "i"), ", 477 U.S. at 323.")
        if page <= 4:
            b.paragraph(("Anderson v. Liberty Lobby, Inc.", "i"), ", 477 U.S. 242, 248 (1986).")
    b.paragraph(("Matsushita Elec. Indus. Co. v. Zenith Radio Corp.", "i"), ", 475 U.S. 574, 586 (1986).")
    b.save(path)


def _expand_ranges(page_text: str, style) -> str:
    """'3, 7-10' -> '3, 7, 8, 9, 10': Word lists every page."""
    out = []
    for part in page_text.split(style.page_separator):
        a, sep, b = part.partition(style.range_separator)
        if sep and a.isdigit() and b.isdigit():
            out += [str(n) for n in range(int(a), int(b) + 1)]
        elif part:
            out.append(part)
    return style.page_separator.join(out)


@pytest.fixture(
    scope="module", params=[(n, s) for n in NAMES for s in styles.builtin_names()], ids=lambda p: f"{p[0]}-{p[1]}"
)
def rebuilt(request, tmp_path_factory):
    name, style_name = request.param
    folder = tmp_path_factory.mktemp(f"{name}-{style_name}")
    source = folder / f"{name}.docx"
    if name == "many-pages":
        _many_pages(source)
    else:
        shutil.copyfile(SAMPLES / source.name, source)
    result = pipeline.build(str(source), style=style_name, pages="estimate")
    placed = []
    for ta, pos in _ta_positions(result.document):
        hit = result.pagemap.pages.get(pos)
        assert hit is not None, f"a TA field sits where no citation begins: {pos}"
        ta.page = hit[1]
        placed.append((hit[0], ta))
    # Word meets the fields page by page: a note's field on the page of its reference mark, before
    # the text of the pages after it (the document's paragraphs list the notes after the body)
    tas = [ta for _physical, ta in sorted(placed, key=lambda p: p[0])]
    with zipfile.ZipFile(result.output) as z:
        body = etree.fromstring(z.read("word/document.xml"))
        names = wordtoa.style_names(etree.fromstring(z.read("word/styles.xml")))
    _, toas = wordtoa.fields_in(list(body.iter(f"{W}p")))
    return result, tas, toas, names


def test_every_heading_is_one_toa_field_without_word_headings(rebuilt):
    result, _, toas, _ = rebuilt
    printed = [c for c in result.table.categories if c.authorities]
    assert [t.category for t in toas] == [str(c.number) for c in printed]
    for t in toas:
        assert "h" not in t.switches  # our headings are paragraphs of their own
        assert ("p" in t.switches) == (result.style.passim > 0)


def test_word_assembles_our_table_from_the_ta_fields(rebuilt):
    result, tas, toas, names = rebuilt
    style = result.style
    assert style.passim in (0, wordtoa.PASSIM_PAGES), "Word's \\p cannot print another threshold"
    for toa in toas:
        ours = wordtoa.printed_entries(toa, names)
        word = wordtoa.assemble(tas, toa)
        assert all(e.style == wordtoa.ENTRY_STYLE for e in ours)
        if toa.category in SAME_ORDER:
            assert [e.text for e in ours] == [e.text for e in word], "Word orders this category alike"
        by_text = {e.text: e for e in word}
        assert sorted(by_text) == sorted(e.text for e in ours), "the same entries"
        for e in ours:
            w = by_text[e.text]
            assert e.italic == w.italic, f"italics of {e.text!r}"
            expected = _expand_ranges(e.pages, style) if style.group_ranges else e.pages
            assert expected == w.pages, f"pages (passim) of {e.text!r}"


def test_the_output_asks_word_to_update_its_fields(rebuilt):
    result = rebuilt[0]
    with zipfile.ZipFile(result.output) as z:
        settings = etree.fromstring(z.read("word/settings.xml"))
    flags = settings.findall(f"{W}updateFields")
    assert len(flags) == 1 and flags[0].get(f"{W}val") == "true"
