"""Stage "write": TA fields at the citations, the table as TOA fields, bookmarks, saving."""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import zipfile
from pathlib import Path

import docx
import pytest
from lxml import etree

from docxbuild import DocBuilder, Deletion, Endnote, Footnote, Run, convert_to_pdf, pdf_pages_text
from toa import contents, document, styles, write
from toa.model import Authority, Category, Occurrence, PageMap, Table
from toa.oxml.text import paragraph_text

W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
NS = {"w": W}
CELOTEX = "Celotex Corp. v. Catrett, 477 U.S. 317 (1986)"
ANDERSON = "Anderson v. Liberty Lobby, Inc., 477 U.S. 242 (1986)"
STATUTE = "42 U.S.C. § 1983"


def w(tag: str) -> str:
    return f"{{{W}}}{tag}"


# --------------------------------------------------------------------------- fixtures


def _front(b: DocBuilder, toc: bool = True):
    b.paragraph("IN THE UNITED STATES COURT OF APPEALS", align="center")
    b.section_break(fmt="lowerRoman", start=1)
    if toc:
        b.heading("TABLE OF CONTENTS")
        b.leader_line("TABLE OF AUTHORITIES", page="ii")
        b.leader_line("ARGUMENT", page="1")


def _body(b: DocBuilder):
    b.heading("ARGUMENT")
    b.paragraph(
        "Summary judgment is proper. See ",
        ("Celotex Corp. v. Catrett", "i"),
        ", 477 U.S. 317, 322 (1986); ",
        ("Anderson v. Liberty Lobby, Inc.", "i"),
        ", 477 U.S. 242 (1986).",
        Footnote("Accord ", ("Celotex", "i"), ", 477 U.S. at 323."),
    )
    b.paragraph(Run("Plaintiff sued under 42 U.S.C. § 1983 and ", bold=True), ("Celotex", "i"), ", 477 U.S. at 325.")
    b.table([["Issue", "Authority"], ["Burden", ["See ", ("Anderson", "i"), ", 477 U.S. at 250."]]])
    b.paragraph("The end.", Endnote("Cf. 42 U.S.C. § 1983."))


def brief_stale(tmp_path) -> Path:
    """Cover | roman: TOC, TOA heading + stale typed entries (the last carries the sectPr) | body."""
    b = DocBuilder()
    _front(b)
    b.heading("TABLE OF AUTHORITIES", page_break_before=True)
    b.paragraph("Cases")
    b.leader_line(("Celotex Corp. v. Catrett", "i"), ", 477 U.S. 317 (1986)", page="3, 5")
    b.leader_line("Old v. Gone, 1 U.S. 1 (1800)", page="9")
    b.section_break(fmt="decimal", start=1)
    _body(b)
    return b.save(tmp_path / "stale.docx")


def brief_placeholder(tmp_path) -> Path:
    """The placeholder paragraph ends the roman section (it carries the sectPr)."""
    b = DocBuilder()
    _front(b)
    b.paragraph("[TABLE OF AUTHORITIES]", page_break_before=True)
    b.section_break(fmt="decimal", start=1)
    _body(b)
    return b.save(tmp_path / "placeholder.docx")


def brief_toc_only(tmp_path) -> Path:
    b = DocBuilder()
    _front(b)
    b.section_break(fmt="decimal", start=1)
    _body(b)
    return b.save(tmp_path / "toc.docx")


def brief_bare(tmp_path) -> Path:
    b = DocBuilder()
    _body(b)
    return b.save(tmp_path / "bare.docx")


def brief_word_toa(tmp_path) -> Path:
    """A TOA as Word writes it: one TOA field per category spanning paragraphs, result entries
    with a dot-leader tab, and category headings of the firm's own ("Federal Statutes")."""
    b = DocBuilder()
    _front(b)
    b.heading("TABLE OF AUTHORITIES", page_break_before=True)
    groups = [
        ("Cases", "1", ["Stale v. Case, 1 F.3d 1 (1st Cir. 1990)", "Other v. Stale, 2 F.3d 2 (1991)"]),
        ("Federal Statutes", "2", ["28 U.S.C. § 1331"]),
    ]
    for heading, num, entries in groups:
        b.paragraph((heading, "b"))
        ps = [b.leader_line(e, page="4") for e in entries]
        first, last = ps[0]._p, ps[-1]._p
        ppr = first.find(w("pPr"))
        runs = []
        for kind in ("begin", None, "separate"):
            r = etree.SubElement(first, w("r"))
            if kind:
                etree.SubElement(r, w("fldChar")).set(w("fldCharType"), kind)
            else:
                t = etree.SubElement(r, w("instrText"))
                t.text = f' TOA \\h \\c "{num}" \\p '
            runs.append(r)
        for k, r in enumerate(runs):
            first.insert(first.index(ppr) + 1 + k, r)
        etree.SubElement(etree.SubElement(last, w("r")), w("fldChar")).set(w("fldCharType"), "end")
    b.paragraph()  # an empty paragraph after the table carries the section break
    b.section_break(fmt="decimal", start=1)
    _body(b)
    return b.save(tmp_path / "wordtoa.docx")


def find(doc, needle: str, story: str | None = None, nth: int = 0) -> tuple[int, int]:
    hits = []
    for p in doc.paragraphs:
        if story and p.story != story or p.skipped:
            continue
        at = p.text.find(needle)
        while at >= 0:
            hits.append((p.index, at))
            at = p.text.find(needle, at + 1)
    return hits[nth]


def occ(doc, needle: str, story: str | None = None, nth: int = 0, length: int | None = None) -> Occurrence:
    pi, start = find(doc, needle, story, nth)
    p = doc.paragraphs[pi]
    return Occurrence(pi, start, start + (length or len(needle)), "full", p.story, p.text[start : start + len(needle)])


def make_table(doc, passim_pages: bool = False) -> Table:
    celotex = Authority(
        ("celotex",),
        "cases",
        CELOTEX,
        (1,),
        emphasis=[(0, len("Celotex Corp. v. Catrett"))],
        short="Celotex",
        page_text="passim" if passim_pages else "1, 2",
        passim=passim_pages,
    )
    celotex.occurrences = [
        occ(doc, "Celotex Corp. v. Catrett"),
        occ(doc, "Celotex", "footnote"),
        occ(doc, "Celotex, 477 U.S. at 325"),
    ]
    anderson = Authority(
        ("anderson",), "cases", ANDERSON, (2,), emphasis=[(0, len("Anderson v. Liberty Lobby, Inc."))], page_text="1"
    )
    anderson.occurrences = [occ(doc, "Anderson v. Liberty"), occ(doc, "Anderson", "table")]
    statute = Authority(("1983",), "statutes", STATUTE, (3,), page_text="2")
    statute.occurrences = [occ(doc, "42 U.S.C. § 1983", "body"), occ(doc, "42 U.S.C. § 1983", "endnote")]
    return Table(
        [
            Category("cases", "Cases", 1, [celotex, anderson]),
            Category("constitutional", "Constitutional Provisions", 7, []),
            Category("statutes", "Statutes", 2, [statute]),
        ]
    )


def build(src: Path, out: Path, style: str = "default", template=None, table_fn=make_table) -> tuple:
    doc = document.read(str(src))
    table = table_fn(doc)
    before = write.snapshot(doc)
    failed = write.mark_citations(doc, table)
    placement = write.write_toa(doc, table, styles.load(style), template=template)
    write.check_text(before, doc, placement.replaced, placement.added)
    write.save(doc, out)
    assert failed == []
    return doc, table, placement


# --------------------------------------------------------------------------- XML helpers


def part_root(path: Path, name: str = "word/document.xml"):
    with zipfile.ZipFile(path) as z:
        return etree.fromstring(z.read(name))


def ta_sites(root) -> list[dict]:
    """Every TA field: its instruction, whether all its runs are hidden, the visible text of
    its paragraph before and after it, and the italic part of its instruction."""
    out = []
    for p in root.iter(w("p")):
        visible, fields, cur = "", [], None
        for r in p.iter(w("r")):
            rpr = r.find(w("rPr"))
            hidden = rpr is not None and rpr.find(w("vanish")) is not None
            italic = rpr is not None and rpr.find(w("i")) is not None
            for c in r:
                if c.tag == w("fldChar"):
                    kind = c.get(w("fldCharType"))
                    if kind == "begin":
                        cur = {"instr": "", "hidden": hidden, "italic": "", "before": visible}
                    elif kind == "end" and cur is not None:
                        cur["hidden"] &= hidden
                        fields.append(cur)
                        cur = None
                elif c.tag == w("instrText") and cur is not None:
                    cur["instr"] += c.text or ""
                    cur["hidden"] &= hidden
                    if italic:
                        cur["italic"] += c.text or ""
                elif c.tag == w("t") and not hidden:
                    visible += c.text or ""
        for f in fields:
            f["after"] = visible[len(f["before"]) :]
        out += [f for f in fields if f["instr"].split()[:1] == ["TA"]]
    return out


def toa_fields(root) -> list[dict]:
    """Every TOA field: instruction and the text of each result paragraph (tabs as \\t)."""
    out, cur = [], None
    for p in root.iter(w("p")):
        line, in_result = "", False
        for el in p.iter(w("fldChar"), w("instrText"), w("t"), w("tab")):
            if el.tag == w("fldChar"):
                kind = el.get(w("fldCharType"))
                if kind == "begin":
                    cur = {"instr": "", "paras": [], "begin_p": p, "state": "code"}
                elif kind == "separate" and cur:
                    cur["state"] = "result"
                elif kind == "end" and cur:
                    cur["end_p"] = p
                    cur["end_last"] = el.getparent() is p[-1]
            elif el.tag == w("instrText") and cur and cur["state"] == "code":
                cur["instr"] += el.text or ""
            elif el.tag == w("t") and cur and cur["state"] == "result":
                line += el.text or ""
                in_result = True
            elif el.tag == w("tab") and el.getparent().tag == w("r") and cur and cur["state"] == "result":
                line += "\t"
        if cur and cur["state"] == "result" and in_result:
            cur["paras"].append(line)
        if cur and "end_p" in cur:
            if cur["instr"].split()[:1] == ["TOA"]:
                out.append(cur)
            cur = None
    return out


def visible_paragraphs(path: Path) -> list[tuple]:
    """(story, text, emphasis, style) of every paragraph outside a table of authorities."""
    doc = document.read(str(path))
    return [(p.story, p.text, p.emphasis, p.style) for p in doc.paragraphs if p.skipped != "toa"]


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# --------------------------------------------------------------------------- TA fields


def test_ta_fields_sit_right_before_each_citation_in_every_story(tmp_path):
    src = brief_stale(tmp_path)
    out = tmp_path / "out.docx"
    build(src, out)
    sites = (
        ta_sites(part_root(out))
        + ta_sites(part_root(out, "word/footnotes.xml"))
        + ta_sites(part_root(out, "word/endnotes.xml"))
    )
    got = {(s["instr"].strip(), s["after"][:16]) for s in sites}
    assert got == {
        (instr, after[:16])
        for instr, after in {
            (f'TA \\l "{CELOTEX}" \\s "Celotex" \\c 1', "Celotex Corp. v. Catrett"),
            ('TA \\s "Celotex" \\c 1', "Celotex, 477 U.S. at 323."),  # footnote
            ('TA \\s "Celotex" \\c 1', "Celotex, 477 U.S. at 325."),
            (f'TA \\l "{ANDERSON}" \\s "Anderson v. Liberty Lobby" \\c 1', "Anderson v. Liberty Lobb"),
            ('TA \\s "Anderson v. Liberty Lobby" \\c 1', "Anderson, 477 U.S. at 25"),  # table cell
            (f'TA \\l "{STATUTE}" \\s "42 U.S.C. § 1983" \\c 2', "42 U.S.C. § 1983 and "),
            ('TA \\s "42 U.S.C. § 1983" \\c 2', "42 U.S.C. § 1983."),  # endnote
        }
    }
    assert len(sites) == 7
    assert all(s["hidden"] for s in sites)
    # the case name is italic inside \l, so Word's updated table keeps it italic
    first = next(s for s in sites if '\\l "Celotex' in s["instr"])
    assert first["italic"] == "Celotex Corp. v. Catrett"
    assert first["before"] == "Summary judgment is proper. See "


def test_splitting_a_run_keeps_its_formatting(tmp_path):
    src = brief_stale(tmp_path)
    out = tmp_path / "out.docx"
    build(src, out)
    p = next(p for p in part_root(out).iter(w("p")) if "Plaintiff sued" in "".join(p.itertext()))
    texts = [(t.text, t.getparent().find(w("rPr")).find(w("b")) is not None) for t in list(p.iter(w("t")))[:2]]
    assert texts == [("Plaintiff sued under ", True), ("42 U.S.C. § 1983 and ", True)]


def test_short_ids_are_unique_and_quotes_escaped(tmp_path):
    b = DocBuilder()
    b.paragraph('Smith v. Jones, 1 U.S. 1 (1990); Smith v. Jones, 2 U.S. 2 (1991); the "Act", Pub. L. 1.')
    src = b.save(tmp_path / "q.docx")
    doc = document.read(str(src))
    a1 = Authority(("a",), "cases", "Smith v. Jones, 1 U.S. 1 (1990)", (1,), [occ(doc, "Smith v. Jones, 1")])
    a2 = Authority(("b",), "cases", "Smith v. Jones, 2 U.S. 2 (1991)", (2,), [occ(doc, "Smith v. Jones, 2")])
    a3 = Authority(("c",), "other", 'The "Act", Pub. L. 1', (3,), [occ(doc, 'the "Act"')], short='"Act"')
    table = Table([Category("cases", "Cases", 1, [a1, a2]), Category("other", "Other Authorities", 3, [a3])])
    write.mark_citations(doc, table)
    write.save(doc, tmp_path / "q.out.docx")
    instrs = [s["instr"].strip() for s in ta_sites(part_root(tmp_path / "q.out.docx"))]
    assert instrs == [
        'TA \\l "Smith v. Jones, 1 U.S. 1 (1990)" \\s "Smith v. Jones" \\c 1',
        'TA \\l "Smith v. Jones, 2 U.S. 2 (1991)" \\s "Smith v. Jones [2]" \\c 1',
        'TA \\l "The \\"Act\\", Pub. L. 1" \\s "\\"Act\\"" \\c 3',
    ]


def test_marking_again_replaces_old_ta_fields(tmp_path):
    src = brief_stale(tmp_path)
    once, twice = tmp_path / "once.docx", tmp_path / "twice.docx"
    build(src, once)
    build(once, twice)
    for name in ("word/document.xml", "word/footnotes.xml", "word/endnotes.xml"):
        assert len(ta_sites(part_root(twice, name))) == len(ta_sites(part_root(once, name))) > 0
    assert visible_paragraphs(twice) == visible_paragraphs(once)


def test_citations_inside_a_stale_table_are_not_marked(tmp_path):
    src = brief_stale(tmp_path)
    doc = document.read(str(src))
    table = make_table(doc)
    stale = next(p for p in doc.paragraphs if p.skipped == "toa" and p.text.startswith("Celotex"))
    table.categories[0].authorities[0].occurrences.append(
        Occurrence(stale.index, 0, 10, "full", "body", stale.text[:10])
    )
    write.mark_citations(doc, table)
    assert not any(r.find(w("instrText")) is not None for r in stale.element.iter(w("r")))


# --------------------------------------------------------------------------- the table


def test_existing_toa_is_replaced_not_duplicated(tmp_path):
    src = brief_stale(tmp_path)
    out = tmp_path / "out.docx"
    _doc, _t, placement = build(src, out)
    assert placement.mode == "existing"
    texts = [p.text for p in document.read(str(out)).paragraphs]
    assert texts.count("TABLE OF AUTHORITIES") == 1
    assert not any("Old v. Gone" in t for t in texts)
    assert sum(t.startswith(CELOTEX) for t in texts) == 1
    i = texts.index("TABLE OF AUTHORITIES")
    assert texts[i : i + 7] == [
        "TABLE OF AUTHORITIES",
        "Page(s)",
        "Cases",
        CELOTEX + " 1, 2",
        ANDERSON + " 1",
        "Statutes",
        STATUTE + " 2",
    ]
    # a second run on the output gives the same table again, once
    again = tmp_path / "again.docx"
    build(out, again)
    assert [p.text for p in document.read(str(again)).paragraphs] == texts


def test_toa_fields_hold_exactly_the_entries(tmp_path):
    src = brief_stale(tmp_path)
    out = tmp_path / "out.docx"
    build(src, out)
    fields = toa_fields(part_root(out))
    assert [f["instr"] for f in fields] == [' TOA \\c "1" \\p ', ' TOA \\c "2" \\p ']
    assert [f["paras"] for f in fields] == [[CELOTEX + "\t1, 2", ANDERSON + "\t1"], [STATUTE + "\t2"]]
    for f in fields:
        assert f["end_last"]  # the end is the last run of the last entry paragraph
        begin_p = f["begin_p"]
        first_run = begin_p.find(w("r"))
        assert first_run.find(w("fldChar")).get(w("fldCharType")) == "begin"
        assert begin_p.find(w("pPr")).find(w("pStyle")).get(w("val")) == "TableofAuthorities"
    # empty categories print nothing
    texts = [p.text for p in document.read(str(out)).paragraphs]
    assert "Constitutional Provisions" not in texts


def test_style_switches_scotus_has_no_passim(tmp_path):
    src = brief_stale(tmp_path)
    out = tmp_path / "out.docx"
    build(src, out, style="scotus")
    assert [f["instr"] for f in toa_fields(part_root(out))] == [' TOA \\c "1" ', ' TOA \\c "2" ']


def test_entry_layout_italics_tab_leader_hanging_indent(tmp_path):
    src = brief_stale(tmp_path)
    out = tmp_path / "out.docx"
    build(src, out, table_fn=lambda d: make_table(d, passim_pages=True))
    root = part_root(out)
    entry = next(
        p
        for p in root.iter(w("p"))
        if "".join(t.text for t in p.iter(w("t"))).startswith("Celotex Corp. v. Catrett, 477")
    )
    runs = [
        (t.text, t.getparent().find(w("rPr")) is not None and t.getparent().find(w("rPr")).find(w("i")) is not None)
        for t in entry.iter(w("t"))
    ]
    assert runs == [("Celotex Corp. v. Catrett", True), (", 477 U.S. 317 (1986)", False), ("passim", True)]
    tab = entry.find("w:pPr/w:tabs/w:tab", NS)
    # right tab with a dot leader at the right margin of the section (8.5in - 2 x 1in = 9360 twips)
    assert (tab.get(w("val")), tab.get(w("leader")), tab.get(w("pos"))) == ("right", "dot", "9360")
    style = part_root(out, "word/styles.xml").find("w:style[@w:styleId='TableofAuthorities']", NS)
    ind = style.find("w:pPr/w:ind", NS)
    assert int(ind.get(w("hanging"))) > 0 and ind.get(w("left")) == ind.get(w("hanging"))


def test_tab_follows_a_narrow_page(tmp_path):
    b = DocBuilder(margins=1.5)
    _body(b)
    src = b.save(tmp_path / "narrow.docx")
    out = tmp_path / "out.docx"
    build(src, out)
    tabs = part_root(out).findall(".//w:pPr/w:tabs/w:tab", NS)
    assert tabs and {t.get(w("pos")) for t in tabs} == {str(12240 - 2 * 2160)}


def test_placeholder_becomes_title_and_table_in_its_section(tmp_path):
    src = brief_placeholder(tmp_path)
    out = tmp_path / "out.docx"
    _doc, _t, placement = build(src, out)
    assert placement.mode == "placeholder"
    doc = document.read(str(out))
    texts = [p.text for p in doc.paragraphs]
    assert "[TABLE OF AUTHORITIES]" not in texts
    title = next(p for p in doc.paragraphs if p.text == "TABLE OF AUTHORITIES")
    table_ps = [p for p in doc.paragraphs if p.skipped == "toa"]
    assert table_ps[0] is title and table_ps[-1].text == STATUTE + " 2"
    # the roman section still ends with the table; the body still starts section 2
    assert len(doc.sections) == 3 and [s.fmt for s in doc.sections[1:]] == ["lowerRoman", "decimal"]
    assert {p.section for p in table_ps} == {1}
    assert table_ps[-1].element.find("w:pPr/w:sectPr", NS) is not None
    assert doc.paragraphs[table_ps[-1].index + 1].text == "ARGUMENT"
    assert doc.paragraphs[table_ps[-1].index + 1].section == 2
    # the placeholder began a page: so does the title
    assert title.element.find("w:pPr/w:pageBreakBefore", NS) is not None


def test_section_break_on_last_stale_entry_stays_with_the_table(tmp_path):
    src = brief_stale(tmp_path)
    before = document.read(str(src))
    out = tmp_path / "out.docx"
    build(src, out)
    doc = document.read(str(out))
    assert [(s.fmt, s.start) for s in doc.sections] == [(s.fmt, s.start) for s in before.sections]
    table_ps = [p for p in doc.paragraphs if p.skipped == "toa"]
    assert {p.section for p in table_ps} == {1}
    assert table_ps[-1].element.find("w:pPr/w:sectPr", NS) is not None
    body = [p for p in doc.paragraphs if p.story == "body" and not p.skipped]
    assert body[0].text == "ARGUMENT" and body[0].section == 2


def test_word_toa_fields_with_unknown_headings_are_replaced(tmp_path):
    src = brief_word_toa(tmp_path)
    out = tmp_path / "out.docx"
    _d, _t, placement = build(src, out)
    assert placement.mode == "existing"
    texts = [p.text for p in document.read(str(out)).paragraphs]
    assert not any("Stale" in t or "1331" in t or t == "Federal Statutes" for t in texts)
    assert len(toa_fields(part_root(out))) == 2
    doc = document.read(str(out))
    assert [s.fmt for s in doc.sections] == ["decimal", "lowerRoman", "decimal"]
    last = [p for p in doc.paragraphs if p.skipped == "toa"][-1]
    assert last.section == 1


def test_after_table_of_contents(tmp_path):
    src = brief_toc_only(tmp_path)
    out = tmp_path / "out.docx"
    _d, _t, placement = build(src, out)
    assert placement.mode == "after_toc"
    doc = document.read(str(out))
    texts = [p.text for p in doc.paragraphs if p.story == "body"]
    i = texts.index("ARGUMENT 1")
    assert texts[i + 1 : i + 4] == ["TABLE OF AUTHORITIES", "Page(s)", "Cases"]
    title = doc.paragraphs[i + 1]
    assert title.section == 1 and title.element.find("w:pPr/w:pageBreakBefore", NS) is not None
    # the title looks like the TOC's heading (Heading 1), so a TOC update lists it
    assert title.style == "heading 1"
    table_ps = [p for p in doc.paragraphs if p.skipped == "toa"]
    assert {p.section for p in table_ps} == {1} and len(doc.sections) == 3
    assert doc.paragraphs[i].element.find("w:pPr/w:sectPr", NS) is None


def test_start_of_body_when_nothing_else(tmp_path):
    src = brief_bare(tmp_path)
    out = tmp_path / "out.docx"
    _d, _t, placement = build(src, out)
    assert placement.mode == "start"
    doc = document.read(str(out))
    assert doc.paragraphs[0].text == "TABLE OF AUTHORITIES"
    first_body = next(p for p in doc.paragraphs if p.text == "ARGUMENT")
    breaker = doc.paragraphs[first_body.index - 1]
    assert breaker.text == "" and [b.kind for b in breaker.breaks] == ["explicit"]


def test_write_toa_bookmark(tmp_path):
    src = brief_stale(tmp_path)
    doc = document.read(str(src))
    write.write_toa(doc, make_table(doc), styles.load("default"), bookmark=write.TOA_BOOKMARK)
    heading = doc.paragraphs[doc.toa_anchor].element
    bm = heading.find("w:bookmarkStart", NS)
    assert bm is not None and bm.get(w("name")) == write.TOA_BOOKMARK


# --------------------------------------------------------------------------- round trip


@pytest.mark.parametrize("maker", [brief_stale, brief_placeholder, brief_toc_only, brief_bare, brief_word_toa])
def test_everything_outside_the_table_is_unchanged(tmp_path, maker):
    src = maker(tmp_path)
    digest = sha(src)
    out = tmp_path / "out.docx"
    build(src, out)
    assert sha(src) == digest  # the input is never touched
    kept = visible_paragraphs(src)
    if maker is brief_word_toa:  # a heading between two TOA fields belongs to the stale table
        kept = [k for k in kept if k[1] != "Federal Statutes"]
    if maker is brief_bare:  # the table opens the body, and an empty paragraph's page break follows it
        kept.insert(0, ("body", "", [], None))
    assert visible_paragraphs(out) == kept
    docx.Document(str(out))  # opens


# --------------------------------------------------------------------------- the brief's words


def _written(tmp_path, maker=None):
    """A brief read, marked and given its table: (document, its text before, the placement)."""
    doc = document.read(str((maker or brief_stale)(tmp_path)))
    before = write.snapshot(doc)
    table = make_table(doc)
    write.mark_citations(doc, table)
    placement = write.write_toa(doc, table, styles.load("default"))
    return doc, before, placement


def test_check_text_names_the_first_paragraph_a_write_lost(tmp_path):
    doc, before, placement = _written(tmp_path)
    write.check_text(before, doc, placement.replaced, placement.added)  # the write itself kept every word
    victim = next(p for p in doc.paragraphs if p.text == "ARGUMENT").element
    victim.getparent().remove(victim)
    with pytest.raises(write.TextLostError, match='lost the brief.s paragraph "ARGUMENT"; nothing was written'):
        write.check_text(before, doc, placement.replaced, placement.added)


@pytest.mark.parametrize("story, where", [("footnote", " in a footnote"), ("endnote", " in an endnote"), ("table", "")])
def test_check_text_names_a_changed_paragraph_in_any_story(tmp_path, story, where):
    doc, before, placement = _written(tmp_path)
    para = next(p for p in doc.paragraphs if p.story == story and p.text.strip())
    t = next(para.element.iter(w("t")))
    t.text = t.text + "X"
    with pytest.raises(write.TextLostError, match=f"changed the brief.s paragraph{where} "):
        write.check_text(before, doc, placement.replaced, placement.added)


def test_check_text_reads_headers_and_footers(tmp_path):
    doc, before, placement = _written(tmp_path)
    footer = next(root for name, root in doc.package.headers_footers() if "footer" in name)
    code = next(footer.iter(w("instrText")))
    code.text = " NUMPAGES "  # the footer's PAGE field became another field
    with pytest.raises(write.TextLostError, match="in a footer"):
        write.check_text(before, doc, placement.replaced, placement.added)


def test_check_text_allows_only_a_tables_lines_to_be_replaced(tmp_path):
    """What the table replaces is judged by its shape too: a caption or heading taken for part of
    an old table (a fault of the reader) is refused, not trusted."""
    doc, before, placement = _written(tmp_path)
    assert placement.mode == "existing" and len(placement.replaced) >= 3  # "Cases" and two leader lines
    write.check_text(before, doc, placement.replaced, placement.added)
    heading = next(p for p in doc.paragraphs if p.text == "ARGUMENT").element
    with pytest.raises(write.TextLostError, match='"ARGUMENT"'):
        write.check_text(before, doc, [*placement.replaced, heading], placement.added)


def _renumbered(tmp_path):
    """brief_stale with its contents ("TABLE OF AUTHORITIES ... ii", "ARGUMENT ... 1") given the
    pages of a layout where the table starts on iii and ARGUMENT on 2: (document, its text
    before, the contents, w:p -> the pages renumbered)."""
    doc = document.read(str(brief_stale(tmp_path)))
    toc = contents.read(doc)
    argument = next(line.heading for line in toc.lines if line.text == "ARGUMENT")
    assert argument is not None
    pagemap = PageMap("render", True, headings={argument: (5, "2")}, table_page=(3, "iii"))
    before = write.snapshot(doc)
    renumbered = {r.element: r.pages for r in write.renumber_contents(doc, toc, pagemap)}
    return doc, before, toc, renumbered


def test_renumber_contents_changes_the_pages_of_the_lines_and_check_text_allows_exactly_that(tmp_path):
    doc, before, toc, renumbered = _renumbered(tmp_path)
    lines = [doc.paragraphs[line.paragraph].element for line in toc.lines]
    assert [paragraph_text(p).strip() for p in lines] == ["TABLE OF AUTHORITIES\tiii", "ARGUMENT\t2"]
    assert renumbered == dict(zip(lines, [["iii"], ["2"]], strict=True))
    write.check_text(before, doc, renumbered=renumbered)
    with pytest.raises(write.TextLostError, match='changed the brief.s paragraph "TABLE OF AUTHORITIES ii"'):
        write.check_text(before, doc)  # not asked for: a changed page is a changed paragraph


@pytest.mark.parametrize(
    "edit",
    [
        "the heading's text",  # a renumbered line changed in more than its page
        "another page",  # the line's page is not the one it was given
        "a line not renumbered",  # a page changed in a line that was not renumbered
    ],
)
def test_check_text_still_catches_every_other_change_to_a_contents_line(tmp_path, edit):
    doc, before, toc, renumbered = _renumbered(tmp_path)
    first = doc.paragraphs[toc.lines[0].paragraph].element
    if edit == "the heading's text":
        t = next(first.iter(w("t")))
        t.text = t.text.replace("AUTHORITIES", "AUTHORITY")
    elif edit == "another page":
        renumbered[first] = ["iv"]
    else:
        del renumbered[first]
    with pytest.raises(write.TextLostError, match='changed the brief.s paragraph "TABLE OF AUTHORITIES i'):
        write.check_text(before, doc, renumbered=renumbered)


def test_renumber_contents_puts_back_a_paragraph_that_would_change_in_more_than_its_pages(tmp_path):
    """Two entries run on in one paragraph, a tracked deletion right after the first's page
    ("1" and a deleted "0"): the reader sees page 1, but giving it page 5 would change a page
    the check reads as "10" into "50", so the paragraph keeps its typed pages."""
    b = DocBuilder()
    b.heading("TABLE OF CONTENTS")
    b.paragraph("I. Argument .......... 1", Deletion("0"), " II. Conclusion .......... 2")
    b.heading("I. ARGUMENT", page_break_before=True)
    b.paragraph("See Celotex Corp. v. Catrett, 477 U.S. 317 (1986).")
    b.heading("II. CONCLUSION", page_break_before=True)
    doc = document.read(str(b.save(tmp_path / "runon.docx")))
    toc = contents.read(doc)
    assert [(line.text, line.page) for line in toc.lines] == [("I. Argument", "1"), ("II. Conclusion", "2")]
    pages = {line.heading: (5 + n, str(5 + n)) for n, line in enumerate(toc.lines) if line.heading is not None}
    assert len(pages) == 2
    before = write.snapshot(doc)
    assert write.renumber_contents(doc, toc, PageMap("render", True, headings=pages)) == []
    write.check_text(before, doc)  # nothing changed


def test_renumber_contents_gives_each_entry_of_a_run_on_paragraph_its_page(tmp_path):
    b = DocBuilder()
    b.heading("TABLE OF CONTENTS")
    b.paragraph("Page I. Argument .......... 1 II. Conclusion .......... 2")
    b.heading("I. ARGUMENT", page_break_before=True)
    b.heading("II. CONCLUSION", page_break_before=True)
    doc = document.read(str(b.save(tmp_path / "runon.docx")))
    toc = contents.read(doc)
    assert [(line.text, line.page) for line in toc.lines] == [("I. Argument", "1"), ("II. Conclusion", "2")]
    pages = {line.heading: (9 + n, str(9 + n)) for n, line in enumerate(toc.lines) if line.heading is not None}
    before = write.snapshot(doc)
    renumbered = write.renumber_contents(doc, toc, PageMap("render", True, headings=pages))
    assert [r.pages for r in renumbered] == [["9", "10"]]
    assert paragraph_text(renumbered[0].element) == "Page I. Argument .......... 9 II. Conclusion .......... 10"
    write.check_text(before, doc, renumbered={r.element: r.pages for r in renumbered})
    with pytest.raises(write.TextLostError, match="changed"):
        write.check_text(before, doc, renumbered={renumbered[0].element: ["9"]})  # one page more than allowed


def _typed_region(tmp_path, fill):
    """A brief read back whose front matter's typed table is what `fill` writes under its
    heading: (document, its text, the body paragraphs `fill` wrote, as w:p or w:tbl blocks)."""
    b = DocBuilder()
    b.paragraph("IN THE SUPREME COURT", align="center")
    b.section_break(fmt="lowerRoman", start=1)
    b.heading("TABLE OF AUTHORITIES")
    fill(b)
    b.section_break(fmt="decimal", start=1)
    _body(b)
    doc = document.read(str(b.save(tmp_path / "region.docx")))
    body = list(doc.package.body)
    heading = next(p.element for p in doc.paragraphs if p.text == "TABLE OF AUTHORITIES")
    argument = next(p.element for p in doc.paragraphs if p.text == "ARGUMENT")
    return doc, write.snapshot(doc), body[body.index(heading) + 1 : body.index(argument)]


ENTRY, OWN = "entry", "own"  # a line of the typed table; the brief's own paragraph


@pytest.mark.parametrize(
    "lines",
    [
        # after the last entry: a statement about the table and a word count (tab, "6,120")
        [
            ("Smith v. Jones, 1 U.S. 1 (1990)\t3", ENTRY),
            ("Authorities chiefly relied upon are marked with asterisks.", OWN),
            ("Word count of this brief:\t6,120", OWN),
        ],
        # between two entries, with a category heading after it: no wrapped entry's first line
        [
            ("Smith v. Jones, 1 U.S. 1 (1990)\t3", ENTRY),
            ("Authorities chiefly relied upon are marked with asterisks.", OWN),
            ("Statutes", ENTRY),
            ("42 U.S.C. § 1983\t4", ENTRY),
        ],
        # before the first entry: a certificate's sentence, then the headings
        [
            ("This brief complies with the word limit of Rule 33.1.", OWN),
            ("Cases", ENTRY),
            ("Smith v. Jones, 1 U.S. 1 (1990)\t3", ENTRY),
        ],
    ],
)
def test_check_text_refuses_a_replaced_paragraph_that_is_no_line_of_a_table(tmp_path, lines):
    """Issue 28, item 1: the invariant judges what is replaced by what a table may hold (its
    headings, entry lines, wrapped entries and page lists), not by where it sits: the brief's
    own paragraph among the replaced ones is lost text, whatever the reader made of it."""

    def fill(b):
        for line, _kind in lines:
            b.paragraph(line)

    doc, before, region = _typed_region(tmp_path, fill)
    victim = next(line for line, kind in lines if kind == OWN)
    with pytest.raises(write.TextLostError, match=f'lost the brief.s paragraph "{re.escape(victim)}"'):
        write.check_text(before, doc, region)
    write.check_text(before, doc, [el for el, (_line, kind) in zip(region, lines, strict=True) if kind == ENTRY])


def test_check_text_reads_a_word_tables_row_as_one_line_of_a_table(tmp_path):
    """A typed table in a Word table: the text and the pages of an entry are two cells of a row,
    the row is the entry line; a row of the brief's own text in it is still refused."""

    def fill(b):
        b.table(
            [
                ["Cases", "Page(s)"],
                ["Smith v. Jones, 1 U.S. 1 (1990)", "3, 5"],
                ["Doe v. Roe,", ""],
                ["2 U.S. 2 (1991)", "7"],
            ],
            header=False,
        )

    doc, before, region = _typed_region(tmp_path, fill)
    write.check_text(before, doc, region)

    def with_count(b):
        b.table([["Smith v. Jones, 1 U.S. 1 (1990)", "3"], ["Word count of this brief:", "6,120"]], header=False)

    doc, before, region = _typed_region(tmp_path, with_count)
    with pytest.raises(write.TextLostError, match='lost the brief.s paragraph "Word count of this brief:"'):
        write.check_text(before, doc, region)


def brief_wrapped_pages(tmp_path) -> Path:
    """A typed table whose last entry's page list wrapped onto a line of its own, then a page
    number typed at the foot of the page and the docket number of the next page's caption, all
    in the table's section."""
    b = DocBuilder()
    _front(b)
    b.heading("TABLE OF AUTHORITIES", page_break_before=True)
    b.paragraph("Cases")
    b.leader_line(("Celotex Corp. v. Catrett", "i"), ", 477 U.S. 317 (1986)", page="3, 5,")
    b.paragraph("11")
    b.paragraph("ii", align="center")
    b.paragraph("24-101", align="center")
    b.section_break(fmt="decimal", start=1)
    _body(b)
    return b.save(tmp_path / "wrapped.docx")


def test_check_text_lets_a_wrapped_page_list_and_a_typed_page_number_go_with_the_table(tmp_path):
    """The lines of page references alone that go on from the table's last entry line are the
    table's; a bare number after them (the caption's docket number) is still the brief's."""
    doc, before, placement = _written(tmp_path, brief_wrapped_pages)
    replaced = ["".join(t.text or "" for t in block.iter(w("t"))) for block in placement.replaced]
    assert replaced[-2:] == ["11", "ii"]
    write.check_text(before, doc, placement.replaced, placement.added)
    docket = next(p for p in doc.paragraphs if p.text == "24-101").element
    with pytest.raises(write.TextLostError, match='"24-101"'):
        write.check_text(before, doc, [*placement.replaced, docket], placement.added)


def test_check_text_leaves_out_ta_fields_and_comments(tmp_path):
    doc, before, placement = _written(tmp_path)
    table = make_table(doc)
    write.mark_citations(doc, table)  # marking again replaces the TA fields
    write.add_paragraph_comments(doc, {next(p.index for p in doc.paragraphs if p.text == "ARGUMENT"): "A note"})
    write.check_text(before, doc, placement.replaced, placement.added)


def test_save_refuses_the_input_and_leaves_no_temp_files(tmp_path):
    src = brief_stale(tmp_path)
    digest = sha(src)
    doc = document.read(str(src))
    with pytest.raises(write.WriteError):
        write.save(doc, src)
    assert sha(src) == digest
    out = tmp_path / "sub" / "out.docx"
    out.parent.mkdir()
    out.write_bytes(b"old")
    write.save(doc, out)
    assert sorted(os.listdir(out.parent)) == ["out.docx"]
    assert zipfile.is_zipfile(out)


def test_note_parts_are_saved_only_with_their_edits(tmp_path):
    src = brief_stale(tmp_path)
    doc = document.read(str(src))
    write.insert_bookmarks(doc, [find(doc, "Accord", "footnote")], sections=False)
    out = tmp_path / "out.docx"
    write.save(doc, out)
    with zipfile.ZipFile(src) as a, zipfile.ZipFile(out) as b:
        assert a.read("word/endnotes.xml") == b.read("word/endnotes.xml")  # untouched part: same bytes
        assert f"{write.OCC_BOOKMARK_PREFIX}0".encode() in b.read("word/footnotes.xml")


# --------------------------------------------------------------------------- bookmarks


def test_bookmarks_at_anchors_and_section_starts(tmp_path):
    src = brief_stale(tmp_path)
    doc = document.read(str(src))
    anchors = [find(doc, "Celotex Corp."), find(doc, "Anderson", "table")]
    names = write.insert_bookmarks(doc, anchors)
    occ0_name, occ1_name = f"{write.OCC_BOOKMARK_PREFIX}0", f"{write.OCC_BOOKMARK_PREFIX}1"
    assert names[occ0_name] == anchors[0] and names[occ1_name] == anchors[1]
    firsts = {}
    for p in doc.paragraphs:
        if p.story in ("body", "table"):
            firsts.setdefault(p.section, p.index)
    assert {n: pos for n, pos in names.items() if n.startswith(write.SECTION_BOOKMARK_PREFIX)} == {
        f"{write.SECTION_BOOKMARK_PREFIX}{s}": (i, 0) for s, i in firsts.items()
    }
    out = tmp_path / "bm.docx"
    write.save(doc, out)
    root = part_root(out)
    starts = root.findall(".//w:bookmarkStart", NS)
    ids = [b.get(w("id")) for b in starts]
    assert len(ids) == len(set(ids)) == len(names)
    for b in starts:  # each start has its end right after it
        assert b.getnext().tag == w("bookmarkEnd") and b.getnext().get(w("id")) == b.get(w("id"))
    occ0 = next(b for b in starts if b.get(w("name")) == f"{write.OCC_BOOKMARK_PREFIX}0")
    following = "".join(
        t.text
        for t in occ0.getparent().iter(w("t"))
        if t.getparent().getparent().index(t.getparent()) > occ0.getparent().index(occ0)
    )
    assert following.startswith("Celotex Corp. v. Catrett")
    sec2 = next(b for b in starts if b.get(w("name")) == f"{write.SECTION_BOOKMARK_PREFIX}2")
    assert "".join(sec2.getparent().itertext()) == "ARGUMENT"
    assert visible_paragraphs(out) == visible_paragraphs(src)


# --------------------------------------------------------------------------- templates


def test_a_firm_template_restyles_the_table(tmp_path):
    custom = tmp_path / "firm.docx"
    shutil.copy(write.TEMPLATE, custom)
    d = docx.Document(str(custom))
    for st in d.styles.element.iter(w("style")):
        if st.get(w("styleId")) == "TOAHeading":
            jc = st.find("w:pPr/w:jc", NS)
            jc.set(w("val"), "center")
    d.save(str(custom))
    src = brief_bare(tmp_path)
    out = tmp_path / "out.docx"
    build(src, out, template=custom)
    st = part_root(out, "word/styles.xml").find("w:style[@w:styleId='TOAHeading']", NS)
    assert st.find("w:pPr/w:jc", NS).get(w("val")) == "center"


def test_a_template_without_entries_is_refused(tmp_path):
    bad = tmp_path / "bad.docx"
    d = docx.Document()
    d.add_paragraph("{{ title }}")
    d.save(str(bad))
    src = brief_bare(tmp_path)
    doc = document.read(str(src))
    with pytest.raises(write.WriteError, match="did not print"):
        write.write_toa(doc, make_table(doc), styles.load("default"), template=bad)


# --------------------------------------------------------------------------- LibreOffice


@pytest.mark.skipif(not (shutil.which("soffice") or shutil.which("libreoffice")), reason="soffice missing")
def test_output_converts_to_pdf_with_the_table_and_no_field_codes(tmp_path):
    src = brief_stale(tmp_path)
    out = tmp_path / "out.docx"
    build(src, out)
    pages = pdf_pages_text(convert_to_pdf(out))
    text = "\n".join(pages)
    assert "TA \\" not in text and "TOA \\" not in text
    toa_page = next(pg for pg in pages if "TABLE OF AUTHORITIES" in pg and "Page(s)" in pg)
    assert "Celotex Corp. v. Catrett, 477 U.S. 317 (1986)" in toa_page and "Old v. Gone" not in text
    assert "......" in toa_page  # the dot leader
    # the table stays on the roman pages, the argument still starts on page 1 of its own section
    argument = next(pg for pg in pages if "Summary judgment is proper" in pg)
    assert argument.strip().splitlines()[-1].strip() == "1"


def test_a_citation_that_opens_a_page_keeps_its_page_break(tmp_path):
    """LibreOffice drops a page break that a field follows: the TA field of a citation right
    after a page break goes at the citation's end, and the output lays out as the brief does."""
    from docxbuild import PageBreak
    from toa import pipeline

    b = DocBuilder()
    b.heading("ARGUMENT", level=1)
    b.paragraph("Summary judgment is proper. See ", ("Celotex Corp. v. Catrett", "i"), ", 477 U.S. 317, 322 (1986).")
    b.paragraph(PageBreak(), ("Celotex", "i"), ", 477 U.S. at 325. The movant need not negate the claim.")
    b.paragraph(PageBreak(), "The last page.")
    src = b.save(tmp_path / "brief.docx")
    out = tmp_path / "out.docx"
    pipeline.build(str(src), str(out), pages="estimate")
    opened = docx.Document(str(out))
    [para] = [p for p in opened.paragraphs if "477 U.S. at 325" in p.text]
    runs = list(para._p.iter(w("r")))
    # the break, the citation's own words, then its (hidden) field
    assert runs[0].find(w("br")) is not None and runs[1].find(w("t")).text == "Celotex"
    assert runs[1].find(w("fldChar")) is None
    body = [
        pg
        for pg in pdf_pages_text(convert_to_pdf(out))
        if "ARGUMENT" in pg or "Celotex, 477" in pg or "The last page." in pg
    ]
    assert len(body) == 3 and "Celotex, 477" not in body[0]


def test_a_style_the_brief_has_under_another_id_is_used(tmp_path):
    """A localised Word names the built-in style "table of authorities" but gives it its own
    id: the entries use the brief's style, and no second copy is added."""
    b = DocBuilder()
    _body(b)
    b.doc.styles.element.append(
        etree.fromstring(
            f'<w:style xmlns:w="{W}" w:type="paragraph" w:styleId="Rechtsgrundlagen">'
            '<w:name w:val="table of authorities"/><w:basedOn w:val="Normal"/>'
            '<w:pPr><w:ind w:left="200" w:hanging="200"/></w:pPr></w:style>'
        )
    )
    src = b.save(tmp_path / "local.docx")
    out = tmp_path / "out.docx"
    build(src, out)
    ids = [s.get(w("styleId")) for s in part_root(out, "word/styles.xml").iter(w("style"))]
    assert "TableofAuthorities" not in ids and ids.count("Rechtsgrundlagen") == 1
    used = {ps.get(w("val")) for ps in part_root(out).iter(w("pStyle"))}
    assert "Rechtsgrundlagen" in used and "TOAHeading" in used


@pytest.mark.skipif(not (shutil.which("soffice") or shutil.which("libreoffice")), reason="soffice missing")
def test_bookmarks_then_table_render_to_named_destinations(tmp_path):
    """The pagination flow: bookmarks on a copy, then the table, then LibreOffice."""
    import io

    from toa import render

    src = brief_stale(tmp_path)
    doc = document.read(str(src))
    anchors = [find(doc, "Celotex Corp."), find(doc, "The end.")]
    names = write.insert_bookmarks(doc, anchors)
    write.write_toa(doc, make_table(doc), styles.load("default"), bookmark=write.TOA_BOOKMARK)
    buf = io.BytesIO()
    write.save_to(doc, buf)
    rendering = render.destinations(buf.getvalue())
    raw, count = rendering.destinations, rendering.pages
    dests = {k.lstrip("/"): v for k, v in raw.items()}  # pypdf keeps the "/" of PDF names
    assert set(names) | {write.TOA_BOOKMARK} <= set(dests)
    # cover (1) | TOC (2) | TOA (3) | body from page 4
    assert dests[f"{write.SECTION_BOOKMARK_PREFIX}0"] == 1
    assert dests[f"{write.SECTION_BOOKMARK_PREFIX}1"] == 2
    assert dests[write.TOA_BOOKMARK] == 3
    assert dests[f"{write.SECTION_BOOKMARK_PREFIX}2"] == dests[f"{write.OCC_BOOKMARK_PREFIX}0"] == 4
    assert dests[f"{write.OCC_BOOKMARK_PREFIX}1"] >= 4 and count >= 4


# --------------------------------------------------------------------------- comments (toa check)


def _verification(table: Table):
    """Celotex not found, Anderson under a wrong name (both need attention), the statute verified."""
    from toa.verify import Verification
    from toa.verify.records import CaseRecord, ProvisionRecord, match, mismatch

    celotex, anderson = table.categories[0].authorities
    statute = table.categories[2].authorities[0]
    records = {
        celotex.key: CaseRecord(
            celotex.key,
            celotex.text,
            citation="477 U.S. 317",
            evidence_url="https://cl.example/c/U.S./477/317/",
            checks=[mismatch("existence", "CourtListener has no case at 477 U.S. 317", "not_found")],
        ),
        anderson.key: CaseRecord(
            anderson.key,
            anderson.text,
            checks=[
                match("existence", "found"),
                mismatch("name", "the case at 477 U.S. 242 is another", "name_mismatch"),
            ],
        ),
        statute.key: ProvisionRecord(statute.key, statute.text, kind="usc", checks=[match("existence", "found")]),
    }
    for record in records.values():
        record.settle()
    return Verification(records=records)


def comment_ranges(path: Path) -> dict[str, dict]:
    """comment id -> {"text": the text between commentRangeStart and commentRangeEnd in the body,
    "first"/"last": the elements right inside the range, "para": the paragraph it starts in}."""
    root = part_root(path)
    out: dict[str, dict] = {}
    open_ids: set[str] = set()
    for el in root.iter():
        cid = el.get(w("id"))
        if el.tag == w("commentRangeStart"):
            open_ids.add(cid)
            out[cid] = {"text": "", "first": el.getnext(), "para": next(el.iterancestors(w("p")))}
        elif el.tag == w("commentRangeEnd"):
            open_ids.discard(cid)
            out[cid]["last"] = el.getprevious()
        elif el.tag == w("t"):
            for i in open_ids:
                out[i]["text"] += el.text or ""
        elif el.tag in (w("tab"), w("br")):
            for i in open_ids:
                out[i]["text"] += " "
    return out


def _comment_texts(path: Path) -> dict[str, tuple[str, str, str]]:
    return {str(c.comment_id): (c.author, c.initials, c.text) for c in docx.Document(str(path)).comments}


def test_comments_wrap_exactly_the_flagged_citations(tmp_path):
    src = brief_stale(tmp_path)
    doc = document.read(str(src))
    table = make_table(doc)
    before = [p.text for p in doc.paragraphs]
    assert write.add_comments(doc, table, _verification(table)) == 5
    assert [p.text for p in doc.paragraphs] == before
    out = tmp_path / "commented.docx"
    write.save(doc, out)

    ranges, texts = comment_ranges(out), _comment_texts(out)
    assert set(ranges) == set(texts)
    assert all(author == "toa" and initials == "toa" for author, initials, _ in texts.values())
    body = {r["text"]: texts[cid][2] for cid, r in ranges.items() if r["text"]}
    assert sorted(body) == ["Anderson", "Anderson v. Liberty", "Celotex Corp. v. Catrett", "Celotex, 477 U.S. at 325"]
    assert body["Celotex Corp. v. Catrett"].startswith(
        "TOA check: needs attention - CourtListener has no case at 477 U.S. 317"
    )
    assert "https://cl.example/c/U.S./477/317/" in body["Celotex, 477 U.S. at 325"]
    assert body["Anderson"].startswith("TOA check: needs attention - the case at 477 U.S. 242 is another")
    # ranges start and end on run boundaries; the runs keep their formatting
    for r in ranges.values():
        assert r["first"].tag == w("r") and r["last"].tag == w("r")
    name = next(r for r in ranges.values() if r["text"] == "Celotex Corp. v. Catrett")
    assert name["first"] is name["last"] and name["first"].find(f"{w('rPr')}/{w('i')}") is not None
    # the clean statute gets no comment anywhere
    assert not any("1983" in r["text"] for r in ranges.values())
    assert all("§ 1983" not in t for _, _, t in texts.values())
    # the citation in a footnote: on the reference mark in the body, with the note's number
    (note_id,) = [cid for cid, r in ranges.items() if not r["text"]]
    mark = ranges[note_id]
    assert mark["first"] is mark["last"] and mark["first"].find(w("footnoteReference")) is not None
    assert texts[note_id][2].startswith("In footnote 1 (Celotex): TOA check: needs attention")
    assert visible_paragraphs(out) == visible_paragraphs(src)


def test_the_summary_goes_on_the_first_paragraph_of_the_body(tmp_path):
    src = brief_stale(tmp_path)
    doc = document.read(str(src))
    table = make_table(doc)
    first = next(p for p in doc.paragraphs if p.story == "body" and p.text.strip())
    assert write.add_comments(doc, table, _verification(table), summary="TOA check summary: 3 authorities.") == 6
    out = tmp_path / "summary.docx"
    write.save(doc, out)
    ranges, texts = comment_ranges(out), _comment_texts(out)
    (cid,) = [c for c, t in texts.items() if t[2].startswith("TOA check summary")]
    assert ranges[cid]["text"] == first.text.strip() and texts[cid][:2] == ("toa", "toa")
    assert visible_paragraphs(out) == visible_paragraphs(src)


def test_comments_after_ta_fields_hold_only_the_citation(tmp_path):
    src = brief_stale(tmp_path)
    doc = document.read(str(src))
    table = make_table(doc)
    write.mark_citations(doc, table)
    write.write_toa(doc, table, styles.load("default"))
    assert write.add_comments(doc, table, _verification(table)) == 5
    out = tmp_path / "both.docx"
    write.save(doc, out)
    ranges = comment_ranges(out)
    texts = sorted(r["text"] for r in ranges.values() if r["text"])
    assert texts == ["Anderson", "Anderson v. Liberty", "Celotex Corp. v. Catrett", "Celotex, 477 U.S. at 325"]
    for r in ranges.values():  # the hidden TA field sits before the range, not inside it
        assert r["first"].find(w("instrText")) is None and r["first"].find(w("fldChar")) is None
    assert len(ta_sites(part_root(out))) == 5


def test_comments_again_replace_ours_and_keep_other_peoples(tmp_path):
    src = brief_stale(tmp_path)
    doc = document.read(str(src))
    first_run = doc.package.body.findall(w("p"))[-1].find(w("r"))
    doc.package.add_comment(first_run, first_run, "Please shorten.", author="Reviewer", initials="RV")
    table = make_table(doc)
    write.add_comments(doc, table, _verification(table))
    assert write.add_comments(doc, table, _verification(table)) == 5
    out = tmp_path / "twice.docx"
    write.save(doc, out)
    texts = _comment_texts(out)
    assert sorted(a for a, _, _ in texts.values()) == ["Reviewer"] + ["toa"] * 5
    assert set(comment_ranges(out)) == set(texts)
    root = part_root(out)
    assert len(root.findall(f".//{w('commentReference')}")) == 6


def test_no_comments_part_when_nothing_is_flagged(tmp_path):
    from toa.verify import Verification

    src = brief_stale(tmp_path)
    doc = document.read(str(src))
    table = make_table(doc)
    assert write.add_comments(doc, table, Verification()) == 0
    out = tmp_path / "clean.docx"
    write.save(doc, out)
    with zipfile.ZipFile(out) as z:
        assert "word/comments.xml" not in z.namelist()


# --------------------------------------------------------------------------- settings (updateFields)


_SETTINGS_CHILDREN = ("zoom", "proofState", "defaultTabStop", "characterSpacingControl", "compat", "rsids")


def _settings_doc(tmp_path):
    b = DocBuilder()
    b.paragraph("See ", ("Celotex Corp. v. Catrett", "i"), ", 477 U.S. 317 (1986).")
    path = b.save(tmp_path / "s.docx")
    doc = document.read(str(path))
    settings = doc.package.settings()
    for child in list(settings):
        settings.remove(child)
    for name in _SETTINGS_CHILDREN:
        settings.append(etree.Element(f"{{{W}}}{name}"))
    return doc, settings


def test_field_update_goes_where_the_schema_puts_it_once(tmp_path):
    """CT_Settings is a sequence: updateFields after characterSpacingControl, before compat."""
    doc, settings = _settings_doc(tmp_path)
    write.set_field_update(doc)
    write.set_field_update(doc)  # a second build asks once
    names = [etree.QName(c).localname for c in settings]
    assert names == [
        "zoom",
        "proofState",
        "defaultTabStop",
        "characterSpacingControl",
        "updateFields",
        "compat",
        "rsids",
    ]
    assert settings[4].get(f"{{{W}}}val") == "true"
    write.set_field_update(doc, on=False)
    assert [etree.QName(c).localname for c in settings] == list(_SETTINGS_CHILDREN)


def test_thousands_of_citations_after_page_breaks_in_one_paragraph_take_time_in_proportion(tmp_path):
    """Issue 20: a paragraph of thousands of page breaks, each followed by a citation, took a
    time that grew with its square: each citation looked through all the paragraph's breaks
    for one right before it. Each field still goes after its citation, as after one break,
    and twice the citations is twice the work."""
    from docxbuild import PageBreak
    from lines_run import lines_run

    from toa import authorities, extract
    from toa.write import fields, insert

    def work(n):
        b = DocBuilder()
        b.heading("ARGUMENT", level=1)
        b.paragraph(*[part for _ in range(n) for part in (PageBreak(), "42 U.S.C. § 1983 applies. ")])
        doc = document.read(str(b.save(tmp_path / f"brief{n}.docx")))
        table = authorities.build(doc, extract.extract(doc), styles.load("default"))
        failed = []
        lines = lines_run(lambda: failed.extend(write.mark_citations(doc, table)), fields, insert)
        assert failed == []
        out = tmp_path / f"out{n}.docx"
        with open(out, "wb") as fh:
            write.save_to(doc, fh)
        sites = ta_sites(part_root(out))
        assert len(sites) == n and all(s["after"].startswith(" applies. ") for s in sites)
        return lines

    assert work(600) <= 2.2 * work(300)
