"""The brief's own TA fields kept: an entry text set in a TA field's \\l and a heading set in its
\\c stay across rebuilds (as in Word, where the TA fields are the table's source)."""

from __future__ import annotations

import zipfile

from docxbuild import DocBuilder
from lxml import etree

from toa import pipeline
from toa.authorities import marks
from toa.oxml.fields import complex_fields

W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"


def _brief(path):
    b = DocBuilder()
    b.heading("TABLE OF AUTHORITIES")
    b.blank()
    b.page_break()
    b.heading("ARGUMENT")
    b.paragraph(
        "See ",
        ("Celotex Corp. v. Catrett", "i"),
        ", 477 U.S. 317, 322 (1986); ",
        ("Lane v. Franks", "i"),
        ", 573 U.S. 228 (2014). ",
        ("Celotex", "i"),
        ", 477 U.S. at 323.",
    )
    b.paragraph("The statute, 42 U.S.C. § 1983, applies.")
    return b.save(path)


def _edit_fields(src, dst, edit) -> None:
    """A copy of `src` whose TA fields' instrText runs went through `edit(instrText elements of one field)`."""
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        for item in zin.infolist():
            data = zin.read(item.filename)
            if item.filename == "word/document.xml":
                root = etree.fromstring(data)
                field: list = []
                for el in root.iter(f"{W}fldChar", f"{W}instrText"):
                    if el.tag == f"{W}instrText":
                        field.append(el)
                    elif el.get(f"{W}fldCharType") == "end":
                        if "".join(e.text or "" for e in field).strip().startswith("TA "):
                            edit(field)
                        field = []
                data = etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)
            zout.writestr(item, data)


def _entries(result) -> dict[str, tuple[str, list]]:
    return {a.text: (c.heading, a.emphasis) for c in result.table.categories for a in c.authorities}


def test_an_entry_text_and_a_heading_set_in_the_ta_fields_stay_across_a_rebuild(tmp_path):
    first = tmp_path / "first.toa.docx"
    pipeline.build(str(_brief(tmp_path / "brief.docx")), output=str(first), pages="estimate")
    built = _entries(pipeline.analyse(str(first), pages="estimate"))
    assert built["Celotex Corp. v. Catrett, 477 U.S. 317 (1986)"] == ("Cases", [(0, 24)])  # toa's own fields: no change
    statutes = built["42 U.S.C. § 1983"][0]

    def edit(field):
        code = "".join(e.text or "" for e in field)
        for e in field:
            if "Celotex Corp. v. Catrett" in (e.text or ""):
                e.text = e.text.replace("Celotex Corp. v. Catrett", "Celotex Corporation v. Catrett")
        if "Lane" in code:  # every field of Lane v. Franks under the statutes' heading (\c 2)
            for e in field:
                e.text = (e.text or "").replace("\\c 1", "\\c 2")

    edited = tmp_path / "edited.docx"
    _edit_fields(first, edited, edit)
    assert any(
        m.long and m.long.startswith("Celotex Corporation")
        for m in marks.read(pipeline.analyse(str(edited), pages="estimate").document)
    )
    again = tmp_path / "again.toa.docx"
    result = pipeline.build(str(edited), output=str(again), pages="estimate")
    entries = _entries(result)
    assert "Celotex Corp. v. Catrett, 477 U.S. 317 (1986)" not in entries
    assert entries["Celotex Corporation v. Catrett, 477 U.S. 317 (1986)"] == (
        "Cases",
        [(0, 30)],
    )  # the italics of the \l
    assert entries["Lane v. Franks, 573 U.S. 228 (2014)"][0] == statutes
    # the rebuilt brief's fields say it again: a third build gives the same table
    assert _entries(pipeline.analyse(str(again), pages="estimate")) == entries
    # a brief without TA fields is read as before
    assert not marks.read(pipeline.analyse(str(tmp_path / "brief.docx"), pages="estimate").document)


def test_an_entry_whose_fields_name_another_entrys_short_form_is_merged_into_it(tmp_path):
    """The pane's Merge: Lane's TA fields lose their \\l and take Celotex's \\s; Word then lists
    Lane's citations under Celotex, and so does the rebuilt table."""
    import re

    first = tmp_path / "first.toa.docx"
    pipeline.build(str(_brief(tmp_path / "brief.docx")), output=str(first), pages="estimate")
    before = {a.text: a for c in pipeline.analyse(str(first), pages="estimate").table.categories for a in c.authorities}
    celotex = before["Celotex Corp. v. Catrett, 477 U.S. 317 (1986)"]

    codes = []
    _edit_fields(first, tmp_path / "unchanged.docx", lambda field: codes.append("".join(e.text or "" for e in field)))
    celotex_s = next(re.search(r'\\s "[^"]*"', c).group(0) for c in codes if c.startswith(' TA \\l "Celotex'))

    def merge(field):
        code = "".join(e.text or "" for e in field)
        if "Lane" not in code:
            return
        short = re.search(r'\\s "[^"]*"', code)
        new = re.sub(r'\\l "(?:[^"\\]|\\.)*"\s*', "", code).replace(short.group(0), celotex_s)
        field[0].text = new
        for e in field[1:]:
            e.text = ""

    merged = tmp_path / "merged.docx"
    _edit_fields(first, merged, merge)
    entries = {
        a.text: a for c in pipeline.analyse(str(merged), pages="estimate").table.categories for a in c.authorities
    }
    assert "Lane v. Franks, 573 U.S. 228 (2014)" not in entries
    one = entries["Celotex Corp. v. Catrett, 477 U.S. 317 (1986)"]
    assert len(one.occurrences) == len(celotex.occurrences) + len(
        before["Lane v. Franks, 573 U.S. 228 (2014)"].occurrences
    )
    assert [(o.paragraph, o.start) for o in one.occurrences] == sorted((o.paragraph, o.start) for o in one.occurrences)


def test_a_citation_marked_by_the_author_where_toa_found_none_is_an_entry_of_its_own(tmp_path):
    """The pane's Mark citation: a TA field with \\l, \\s and \\c at a citation toa does not find
    makes an entry with that text, under that heading, on the field's page; the fields without \\l
    that share its \\s are its further citations; toa build lists it and writes its fields again."""
    from docxbuild import DocBuilder, Field

    b = DocBuilder()
    b.heading("TABLE OF AUTHORITIES")
    b.blank()
    b.page_break()
    b.heading("ARGUMENT")
    b.paragraph(
        "See ",
        ("Celotex Corp. v. Catrett", "i"),
        ", 477 U.S. 317, 322 (1986). The County's Widget Rules ",
        "say so, and ",
        Field('TA \\l "County Widget Rules (2020)" \\s "Widget Rules" \\c 4'),
        "Widget Rules, pt. 3, agree.",
    )
    b.page_break()
    b.paragraph("Again, ", Field('TA \\s "Widget Rules"'), "Widget Rules, pt. 4, agree.")
    b.paragraph("A stray field ", Field('TA \\s "Nothing"'), "names no entry.")
    brief = b.save(tmp_path / "marked.docx")

    result = pipeline.analyse(str(brief), pages="estimate")
    cats = {c.number: c for c in result.table.categories}
    marked = next(a for c in result.table.categories for a in c.authorities if a.text == "County Widget Rules (2020)")
    assert marked in cats[4].authorities and marked.short == "Widget Rules"
    assert [o.text.startswith("Widget Rules, pt.") for o in marked.occurrences] == [True, True]
    assert len(marked.pages) == 2  # the page of each field: the second is after a page break
    assert "Nothing" not in {a.text for c in result.table.categories for a in c.authorities}

    out = tmp_path / "marked.toa.docx"
    built = pipeline.build(str(brief), output=str(out), pages="estimate")
    assert "County Widget Rules (2020)" in {a.text for c in built.table.categories for a in c.authorities}
    codes = [m for m in marks.read(pipeline.analyse(str(out), pages="estimate").document) if m.short == "Widget Rules"]
    assert [(m.long, m.category) for m in codes] == [("County Widget Rules (2020)", 4), (None, 4)]
    assert _entries(pipeline.analyse(str(out), pages="estimate")) == _entries(built)


def test_an_entry_whose_fields_name_a_second_short_form_with_its_own_entry_text_is_split(tmp_path):
    """The pane's Split: the chosen citations' TA fields take a new \\s, the first of them a new
    \\l; Word lists them as a second entry, and so does the rebuilt table."""
    first = tmp_path / "first.toa.docx"
    pipeline.build(str(_brief(tmp_path / "brief.docx")), output=str(first), pages="estimate")
    celotex = "Celotex Corp. v. Catrett, 477 U.S. 317 (1986)"

    def split(field):
        code = "".join(e.text or "" for e in field)
        if code.startswith(' TA \\s "Celotex'):  # the short form's field (no \l): a second authority
            field[0].text = ' TA \\l "Celotex Corp. v. Catrett (Brennan, J., dissenting)" \\s "Celotex dissent" \\c 1 '
            for e in field[1:]:
                e.text = ""

    split_doc = tmp_path / "split.docx"
    _edit_fields(first, split_doc, split)
    result = pipeline.analyse(str(split_doc), pages="estimate")
    by_text = {a.text: a for c in result.table.categories for a in c.authorities}
    assert [o.text for o in by_text[celotex].occurrences] == ["Celotex Corp. v. Catrett, 477 U.S. 317, 322 (1986)"]
    dissent = by_text["Celotex Corp. v. Catrett (Brennan, J., dissenting)"]
    assert [o.text for o in dissent.occurrences] == ["Celotex, 477 U.S. at 323"] and dissent.short == "Celotex dissent"
    again = tmp_path / "again.toa.docx"
    built = pipeline.build(str(split_doc), output=str(again), pages="estimate")
    assert _entries(pipeline.analyse(str(again), pages="estimate")) == _entries(built)
    assert set(_entries(built)) == set(by_text)


def _add_heading(src, dst, heading: str, number: int) -> None:
    """A copy of `src` with `heading` and a TOA field for category `number` after its table's last
    TOA field (the pane's Add a heading)."""
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        for item in zin.infolist():
            data = zin.read(item.filename)
            if item.filename == "word/document.xml":
                root = etree.fromstring(data)
                last = [f for f in complex_fields(root) if f.keyword == "TOA"][-1].paragraphs[-1]
                field = etree.fromstring(
                    f'<w:p xmlns:w="{W[1:-1]}"><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r>'
                    f'<w:instrText xml:space="preserve"> TOA \\c "{number}" \\p </w:instrText></w:r>'
                    '<w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>'
                )
                head = etree.fromstring(f'<w:p xmlns:w="{W[1:-1]}"><w:r><w:t>{heading}</w:t></w:r></w:p>')
                last.addnext(head)
                head.addnext(field)
                data = etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)
            zout.writestr(item, data)


def test_a_heading_the_author_added_to_the_table_with_its_toa_field_is_kept_with_the_entries_moved_to_it(tmp_path):
    """The pane's Add a heading: a heading paragraph and a TOA field with a \\c number toa has no
    category for; entries whose TA fields name that number are listed under it, and the rebuilt
    table has the heading and its TOA field again."""
    first = tmp_path / "first.toa.docx"
    pipeline.build(str(_brief(tmp_path / "brief.docx")), output=str(first), pages="estimate")
    added = tmp_path / "added.docx"
    _add_heading(first, tmp_path / "heading.docx", "Supreme Court Cases", 10)
    analysed = pipeline.analyse(str(tmp_path / "heading.docx"), pages="estimate")
    assert marks.headings(analysed.document) == {10: "Supreme Court Cases"}
    assert _entries(analysed)["Lane v. Franks, 573 U.S. 228 (2014)"][0] == "Cases"  # no entry moved yet
    # a heading with no entry yet is the table's (its TOA field starts after it): toa build replaces
    # it with the rest of the table, and prints it once an entry is under it
    empty = pipeline.build(str(tmp_path / "heading.docx"), output=str(tmp_path / "empty.toa.docx"), pages="estimate")
    assert "Supreme Court Cases" not in [c.heading for c in empty.table.categories if c.authorities]

    def move(field):  # Lane v. Franks moved under it (the pane's Move)
        if "Lane" in "".join(e.text or "" for e in field):
            for e in field:
                e.text = (e.text or "").replace("\\c 1", "\\c 10")

    _edit_fields(tmp_path / "heading.docx", added, move)
    again = tmp_path / "again.toa.docx"
    built = pipeline.build(str(added), output=str(again), pages="estimate")
    entries = _entries(built)
    assert entries["Lane v. Franks, 573 U.S. 228 (2014)"][0] == "Supreme Court Cases"
    assert entries["Celotex Corp. v. Catrett, 477 U.S. 317 (1986)"][0] == "Cases"
    assert [c.number for c in built.table.categories][-1] == 10
    reread = pipeline.analyse(str(again), pages="estimate")
    assert marks.headings(reread.document) == {10: "Supreme Court Cases"}
    assert _entries(reread) == entries
    # toa's own numbers name no heading of the author's: the table of another style's build
    assert marks.headings(pipeline.analyse(str(first), pages="estimate").document) == {}
