"""Tests for the test utility tests/docxbuild.py."""

from __future__ import annotations

import shutil
import sys
import zipfile
from pathlib import Path

import docx
import pytest
from lxml import etree

sys.path.insert(0, str(Path(__file__).resolve().parent))

from docxbuild import (  # noqa: E402
    ContentControl,
    Deletion,
    DocBuilder,
    Endnote,
    Field,
    Footnote,
    Hyperlink,
    Insertion,
    Run,
    SimpleField,
    convert_to_pdf,
    pdf_pages_text,
    read_part,
)

W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
NS = {"w": W}


def w(attr: str) -> str:
    return f"{{{W}}}{attr}"


def xml(path, name):
    data = read_part(path, name)
    assert data is not None, f"{name} missing"
    return etree.fromstring(data)


def note_text(note) -> str:
    return "".join(note.itertext())


def brief(tmp_path: Path) -> Path:
    """Cover (no number) | 2 roman pages | 2 arabic pages, with footnotes and an endnote."""
    b = DocBuilder(size=14, fmt=None, title_page=True)
    b.paragraph("IN THE UNITED STATES COURT OF APPEALS", align="center")
    b.section_break(fmt="lowerRoman", start=1)
    b.heading("TABLE OF AUTHORITIES")
    b.leader_line(("Celotex Corp. v. Catrett", "i"), ", 477 U.S. 317 (1986)", page="3")
    b.page_break()
    b.paragraph("Second front-matter page.")
    b.section_break(fmt="decimal", start=1)
    b.heading("ARGUMENT")
    b.paragraph(
        "Summary judgment is proper. ",
        ("Celotex Corp. v. Catrett", "i"),
        ", 477 U.S. 317, 322 (1986).",
        Footnote("See also ", ("Anderson v. Liberty Lobby, Inc.", "i"), ", 477 U.S. 242, 248 (1986)."),
    )
    b.page_break()
    b.paragraph(
        "The complaint fails. ",
        ("Ashcroft v. Iqbal", "i"),
        ", 556 U.S. 662, 678 (2009).",
        Footnote("Citing 28 U.S.C. § 1291."),
        Endnote("Endnote: 42 U.S.C. § 1983."),
    )
    return b.save(tmp_path / "brief.docx")


def test_opens_in_python_docx_with_italics(tmp_path):
    path = brief(tmp_path)
    d = docx.Document(str(path))
    texts = [p.text for p in d.paragraphs]
    assert "Summary judgment is proper. Celotex Corp. v. Catrett, 477 U.S. 317, 322 (1986)." in texts
    para = next(p for p in d.paragraphs if p.text.startswith("Summary"))
    italic = [r.text for r in para.runs if r.italic]
    assert italic == ["Celotex Corp. v. Catrett"]
    assert d.styles["Normal"].font.name == "Times New Roman"
    assert d.styles["Normal"].font.size.pt == 14


def test_footnotes_part_is_real(tmp_path):
    path = brief(tmp_path)
    root = xml(path, "word/footnotes.xml")
    notes = root.findall("w:footnote", NS)
    assert [(n.get(w("id")), n.get(w("type"))) for n in notes[:2]] == [
        ("-1", "separator"),
        ("0", "continuationSeparator"),
    ]
    assert notes[0].find(".//w:separator", NS) is not None
    assert notes[1].find(".//w:continuationSeparator", NS) is not None
    body = {n.get(w("id")): note_text(n) for n in notes[2:]}
    assert body == {
        "1": " See also Anderson v. Liberty Lobby, Inc., 477 U.S. 242, 248 (1986).",
        "2": " Citing 28 U.S.C. § 1291.",
    }
    # each note starts with a footnoteRef run in the FootnoteReference style, paragraph in FootnoteText
    for n in notes[2:]:
        p = n.find("w:p", NS)
        assert p.find("w:pPr/w:pStyle", NS).get(w("val")) == "FootnoteText"
        assert p.find("w:r/w:rPr/w:rStyle", NS).get(w("val")) == "FootnoteReference"
        assert p.find("w:r/w:footnoteRef", NS) is not None
    # the body references them with styled runs
    doc = xml(path, "word/document.xml")
    refs = doc.findall(".//w:footnoteReference", NS)
    assert [r.get(w("id")) for r in refs] == ["1", "2"]
    for r in refs:
        assert r.getparent().find("w:rPr/w:rStyle", NS).get(w("val")) == "FootnoteReference"
    # relationship, content type, settings, styles
    rels = read_part(path, "word/_rels/document.xml.rels").decode()
    assert "relationships/footnotes" in rels and 'Target="footnotes.xml"' in rels
    ct = read_part(path, "[Content_Types].xml").decode()
    assert (
        'PartName="/word/footnotes.xml" ContentType="application/vnd.openxmlformats-officedocument.'
        'wordprocessingml.footnotes+xml"'
    ) in ct
    settings = xml(path, "word/settings.xml")
    assert [e.get(w("id")) for e in settings.findall("w:footnotePr/w:footnote", NS)] == ["-1", "0"]
    # footnotePr must precede compat (schema order)
    tags = [etree.QName(e).localname for e in settings]
    assert tags.index("footnotePr") < tags.index("endnotePr") < tags.index("compat")
    styles = read_part(path, "word/styles.xml").decode()
    for sid in ("FootnoteText", "FootnoteReference", "EndnoteText", "EndnoteReference"):
        assert f'w:styleId="{sid}"' in styles


def test_endnotes_part(tmp_path):
    path = brief(tmp_path)
    root = xml(path, "word/endnotes.xml")
    notes = root.findall("w:endnote", NS)
    assert [n.get(w("type")) for n in notes[:2]] == ["separator", "continuationSeparator"]
    assert note_text(notes[2]) == " Endnote: 42 U.S.C. § 1983."
    doc = xml(path, "word/document.xml")
    assert [r.get(w("id")) for r in doc.findall(".//w:endnoteReference", NS)] == ["1"]
    assert "/word/endnotes.xml" in read_part(path, "[Content_Types].xml").decode()


def test_no_notes_no_parts(tmp_path):
    b = DocBuilder()
    b.paragraph("Nothing cited here.")
    path = b.save(tmp_path / "plain.docx")
    assert read_part(path, "word/footnotes.xml") is None
    assert read_part(path, "word/endnotes.xml") is None


def test_sections_page_numbering_and_footers(tmp_path):
    path = brief(tmp_path)
    doc = xml(path, "word/document.xml")
    body = doc.find("w:body", NS)
    para_sects = body.findall("w:p/w:pPr/w:sectPr", NS)
    final = body.find("w:sectPr", NS)
    assert len(para_sects) == 2 and body[-1] is final
    sects = para_sects + [final]
    pg = [s.find("w:pgNumType", NS) for s in sects]
    assert pg[0] is None  # cover: no numbering format given
    assert (pg[1].get(w("fmt")), pg[1].get(w("start"))) == ("lowerRoman", "1")
    assert (pg[2].get(w("fmt")), pg[2].get(w("start"))) == ("decimal", "1")
    assert all(s.find("w:type", NS).get(w("val")) == "nextPage" for s in sects)
    # cover section has a distinct (empty) first-page footer
    assert sects[0].find("w:titlePg", NS) is not None
    assert sects[1].find("w:titlePg", NS) is None
    # schema order inside sectPr: footerReference ... type, pgSz, pgMar, pgNumType, cols
    order = [etree.QName(e).localname for e in sects[1]]
    assert (
        order.index("footerReference")
        < order.index("type")
        < order.index("pgSz")
        < order.index("pgMar")
        < order.index("pgNumType")
        < order.index("cols")
    )
    # every section has its own default footer holding a PAGE field
    d = docx.Document(str(path))
    assert len(d.sections) == 3
    footers = set()
    for s in d.sections:
        assert not s.footer.is_linked_to_previous
        instr = "".join(t.text for t in s.footer._element.iter(w("instrText")))
        assert instr.strip() == "PAGE"
        footers.add(s.footer.part.partname)
    assert len(footers) == 3
    assert d.sections[0].different_first_page_header_footer
    # the section break sits on the last paragraph of the section (no extra empty paragraph)
    assert para_sects[1].getparent().getparent().xpath("string(.)") == "Second front-matter page."


def test_inline_constructs(tmp_path):
    b = DocBuilder()
    b.paragraph(
        "A ",
        Hyperlink("https://www.law.cornell.edu/uscode/text/42/1983", ("Monroe v. Pape", "i"), ", 365 U.S. 167"),
        " B ",
        Insertion("Fed. R. Civ. P. 56(a)"),
        " C ",
        Deletion("old cite"),
        " D ",
        ContentControl("Twombly", tag="casename"),
        " E ",
        Field("REF _Ref1 \\h", "result text"),
        " F ",
        SimpleField("DOCPROPERTY Court", "Ninth Circuit"),
        " G ",
        Field('TA \\s "Iqbal" \\c 1', hidden=True),
        " ",
        Run("small caps", small_caps=True),
        ("under", "u"),
        ("bold", "b"),
    )
    path = b.save(tmp_path / "inline.docx")
    doc = xml(path, "word/document.xml")
    p = doc.find(".//w:body/w:p", NS)
    h = p.find("w:hyperlink", NS)
    rid = h.get("{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id")
    rels = read_part(path, "word/_rels/document.xml.rels").decode()
    assert f'Id="{rid}"' in rels and 'TargetMode="External"' in rels
    assert "".join(h.itertext()) == "Monroe v. Pape, 365 U.S. 167"
    assert h.find("w:r/w:rPr/w:rStyle", NS).get(w("val")) == "Hyperlink"
    assert h.find("w:r/w:rPr/w:i", NS) is not None
    ins = p.find("w:ins", NS)
    assert ins.get(w("author")) and ins.get(w("date")) and "".join(ins.itertext()) == "Fed. R. Civ. P. 56(a)"
    dl = p.find("w:del", NS)
    assert dl.find("w:r/w:delText", NS).text == "old cite" and dl.find(".//w:t", NS) is None
    assert ins.get(w("id")) != dl.get(w("id"))
    sdt = p.find("w:sdt", NS)
    assert sdt.find("w:sdtPr/w:tag", NS).get(w("val")) == "casename"
    assert "".join(sdt.find("w:sdtContent", NS).itertext()) == "Twombly"
    fs = p.find("w:fldSimple", NS)
    assert fs.get(w("instr")) == "DOCPROPERTY Court" and "".join(fs.itertext()) == "Ninth Circuit"
    kinds = [fc.get(w("fldCharType")) for fc in p.iter(w("fldChar"))]
    assert kinds == ["begin", "separate", "end", "begin", "end"]  # REF with result; TA without
    instr = [t.text for t in p.iter(w("instrText"))]
    assert instr == [" REF _Ref1 \\h ", ' TA \\s "Iqbal" \\c 1 ']
    ta_runs = [fc.getparent() for fc in p.iter(w("fldChar"))][3:]
    assert all(r.find("w:rPr/w:vanish", NS) is not None for r in ta_runs)
    # python-docx sees the complex-field result but drops ins/sdt/fldSimple content, as documented
    text = docx.Document(str(path)).paragraphs[0].text
    assert "result text" in text and "Monroe v. Pape" in text
    assert p.find(".//w:smallCaps", NS) is not None and p.find(".//w:u", NS) is not None


def test_table_cells_and_notes_in_cells(tmp_path):
    b = DocBuilder()
    b.table(
        [
            ["Element", "Authority"],
            [
                "Duty",
                [
                    "See ",
                    ("Palsgraf v. Long Island R.R. Co.", "i"),
                    ", 162 N.E. 99 (N.Y. 1928).",
                    Footnote("Cardozo, C.J."),
                ],
            ],
        ]
    )
    b.paragraph("After the table.")
    path = b.save(tmp_path / "table.docx")
    d = docx.Document(str(path))
    t = d.tables[0]
    assert t.cell(1, 1).text.startswith("See Palsgraf v. Long Island R.R. Co.")
    assert t.cell(0, 0).paragraphs[0].runs[0].bold
    assert "Cardozo, C.J." in read_part(path, "word/footnotes.xml").decode()
    body = xml(path, "word/document.xml").find("w:body", NS)
    assert [etree.QName(e).localname for e in body] == ["tbl", "p", "sectPr"]


def test_multi_paragraph_note_and_unknown_flag(tmp_path):
    b = DocBuilder()
    b.paragraph("Text.", Footnote(["First para."], ["Second para."]))
    path = b.save(tmp_path / "multi.docx")
    note = xml(path, "word/footnotes.xml").findall("w:footnote", NS)[2]
    assert len(note.findall("w:p", NS)) == 2
    with pytest.raises(ValueError):
        DocBuilder().paragraph(("x", "z"))


def test_footnote_ref_in_last_paragraph(tmp_path):
    b = DocBuilder()
    b.paragraph("Body sentence.")
    nid = b.footnote_ref_in_last_paragraph("See 28 U.S.C. § 1291.")
    assert nid == 1
    path = b.save(tmp_path / "late.docx")
    p = xml(path, "word/document.xml").find(".//w:body/w:p", NS)
    assert p[-1].find("w:footnoteReference", NS) is not None


@pytest.mark.skipif(shutil.which("soffice") is None, reason="LibreOffice (soffice) not installed")
def test_libreoffice_renders_expected_pages(tmp_path):
    path = brief(tmp_path)
    pdf = convert_to_pdf(path, tmp_path)
    pages = pdf_pages_text(pdf)
    assert len(pages) == 6  # cover, 2 roman, 2 arabic, endnotes page
    footers = [[ln.strip() for ln in pg.splitlines() if ln.strip()][-1] for pg in pages[:5]]
    assert footers == ["IN THE UNITED STATES COURT OF APPEALS", "i", "ii", "1", "2"]
    assert "Anderson v. Liberty Lobby" in pages[3]  # footnote on the page of its reference
    assert "28 U.S.C. § 1291" in pages[4]
    assert "42 U.S.C. § 1983" in pages[5]


def test_package_is_well_formed_zip(tmp_path):
    path = brief(tmp_path)
    with zipfile.ZipFile(path) as z:
        assert z.testzip() is None
        for name in z.namelist():
            if name.endswith(".xml") or name.endswith(".rels"):
                etree.fromstring(z.read(name))


def test_table_widths_and_cant_split(tmp_path):
    b = DocBuilder()
    b.table(
        [["§", "IN THE DISTRICT COURT"], ["§", "HARRIS COUNTY, TEXAS"]],
        style=None,
        header=False,
        widths=[0.5, 3.0],
        aligns=["center", "left"],
        cant_split=True,
    )
    path = b.save(tmp_path / "caption.docx")
    tbl = xml(path, "word/document.xml").find(".//w:tbl", NS)
    assert [g.get(w("w")) for g in tbl.findall("w:tblGrid/w:gridCol", NS)] == ["720", "4320"]
    assert len(tbl.findall("w:tr/w:trPr/w:cantSplit", NS)) == 2
    assert tbl.find("w:tr/w:tc/w:p/w:pPr/w:jc", NS).get(w("val")) == "center"
    assert tbl.find("w:tblPr/w:tblStyle", NS) is None
