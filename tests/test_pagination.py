"""Stage 4: printed page labels from breaks and section numbering."""

from docxbuild import DocBuilder, Footnote, PageBreak

from toa import styles
from toa.document import read
from toa.model import Occurrence, Table
from toa.pagination import _from_breaks, page_text, table_space


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


def test_the_estimate_cuts_a_long_stretch_even_where_the_front_matter_has_breaks(tmp_path):
    """A short brief whose cover, contents and table end in breaks and whose body runs eight
    pages without one: the body's stretch is cut by its length, however few breaks there are."""
    b = DocBuilder(fmt="lowerRoman", start=1)
    b.paragraph("cover", PageBreak(), "contents", PageBreak(), "table of authorities", PageBreak(), "more")
    b.section_break(fmt="decimal", start=1)
    sentence = "The court held that the statute applies to this dispute in full. "
    for i in range(8):
        b.paragraph(f"marker{i} " + sentence * 30)
    doc = read(str(b.save(tmp_path / "s.docx")))
    occs = [_occ(doc, f"marker{i}") for i in range(8)]
    pages = _from_breaks(doc, occs, {"explicit", "section"}, estimate=True)
    labels = [pages[(o.paragraph, o.start)][1] for o in occs]
    assert labels[0] == "1" and labels[-1] in {"7", "8", "9"}, labels
    assert labels == sorted(labels, key=int), labels


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
    second.insert(
        1 if second.find("{http://schemas.openxmlformats.org/wordprocessingml/2006/main}pPr") is not None else 0, r
    )
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


def _with_markers(path, where: list[tuple[int, bool]]):
    """Put Word's w:lastRenderedPageBreak into body paragraphs: (index, at_start) at the start of
    the paragraph's first run, or (index, False) after its last run's text."""
    import docx

    from toa.oxml import make

    package = docx.Document(str(path))
    for index, at_start in where:
        p = package.paragraphs[index]._p
        r = make("w:r")
        r.append(make("w:lastRenderedPageBreak"))
        if at_start:
            ppr = p.find("{http://schemas.openxmlformats.org/wordprocessingml/2006/main}pPr")
            p.insert(1 if ppr is not None else 0, r)
        else:
            p.append(r)
    package.save(str(path))
    return read(str(path))


def _word_pages(doc, needles):
    from toa.pagination import _word_markers

    occs = [_occ(doc, t) for t in needles]
    pm = _word_markers(doc, occs, "")
    return [pm.label(o) for o in occs], pm


def test_word_markers_beside_an_explicit_break_are_one_page_step(tmp_path):
    """Word writes its marker where the next page begins: after a page break that is the start of
    the next paragraph. The break and the marker are one step, not two."""
    from toa.pagination import unmarked_breaks

    b = DocBuilder()
    b.paragraph("page one", PageBreak())
    b.paragraph("page two")
    b.paragraph("still page two")
    b.paragraph("page three")
    doc = _with_markers(b.save(tmp_path / "m.docx"), [(1, True), (3, True)])
    labels, pm = _word_pages(doc, ["page one", "page two", "still page two", "page three"])
    assert labels == ["1", "2", "2", "3"]
    assert unmarked_breaks(doc) == 0
    assert pm.method == "word" and pm.layout == "word-markers" and pm.exact is False
    assert "without Word's marker" not in pm.note


def test_an_explicit_break_without_word_marker_still_counts_and_is_reported(tmp_path):
    """Word omits its marker on a page that begins with an empty paragraph: the page break still
    starts a page, and the note says how many breaks had no marker."""
    from toa.pagination import unmarked_breaks

    b = DocBuilder()
    b.paragraph("page one", PageBreak())
    b.paragraph("")
    b.paragraph("page two")
    b.paragraph("page three")
    doc = _with_markers(b.save(tmp_path / "u.docx"), [(3, True)])
    labels, pm = _word_pages(doc, ["page one", "page two", "page three"])
    assert labels == ["1", "2", "3"]
    assert unmarked_breaks(doc) == 1
    assert "1 page break without Word's marker" in pm.note


def test_auto_takes_libreoffice_over_word_markers(tmp_path):
    """A file Word saved last, with its markers: `auto` still lays it out with LibreOffice (the
    markers put fewer pages right), and says whose layout that is."""
    import shutil

    import pytest

    from toa import styles
    from toa.authorities import build
    from toa.extract import extract
    from toa.pagination import paginate

    if not (shutil.which("soffice") or shutil.which("libreoffice")):
        pytest.skip("LibreOffice (soffice) is not installed")
    b = DocBuilder()
    b.paragraph("Smith v. Jones, 500 U.S. 100 (1991).")
    b.paragraph("Later text. Doe v. Roe, 501 U.S. 200 (1991).")
    path = str(b.save(tmp_path / "a.docx"))
    doc = _with_markers(path, [(1, True)])
    doc.saved_by_word = True
    style = styles.load("default")
    table = build(doc, extract(doc), style)
    word = paginate(doc, table, style, method="word")
    auto = paginate(doc, table, style, method="auto", reopen=lambda: read(path))

    def pages(pm):
        return {a.text.split(",")[0]: pm.label(a.occurrences[0]) for c in table.categories for a in c.authorities}

    assert word.layout == "word-markers" and pages(word) == {"Smith v. Jones": "1", "Doe v. Roe": "2"}
    # LibreOffice puts the table on a page of its own and both paragraphs on the next one
    assert auto.method == "render" and auto.layout == "libreoffice" and auto.exact
    assert pages(auto) == {"Smith v. Jones": "2", "Doe v. Roe": "2"}


def _front_and_body(tmp_path):
    b = DocBuilder(fmt="lowerRoman", start=1)
    b.heading("TABLE OF AUTHORITIES")
    b.section_break(fmt="decimal", start=1)
    b.paragraph("In the Supreme Court of the United States")
    b.paragraph("See ", ("Smith v. Jones", "i"), ", 500 U.S. 100 (1991).")
    b.page_break()
    b.paragraph("See ", ("Doe v. Roe", "i"), ", 501 U.S. 200 (1991).")
    return str(b.save(tmp_path / "f.docx"))


def _paginated(path):
    from toa.authorities import build
    from toa.extract import extract
    from toa.pagination import paginate

    doc = read(path)
    style = styles.load("default")
    table = build(doc, extract(doc), style)
    pm = paginate(doc, table, style, method="render", reopen=lambda: read(path))
    return pm, {a.text.split(",")[0]: pm.label(a.occurrences[0]) for c in table.categories for a in c.authorities}


def test_render_gives_the_pages_of_the_outputs_own_layout(tmp_path):
    import shutil

    import pytest

    if not shutil.which("soffice"):
        pytest.skip("LibreOffice (soffice) is not installed")
    pm, pages = _paginated(_front_and_body(tmp_path))
    assert pm.method == "render" and pm.exact
    assert pages == {"Smith v. Jones": "1", "Doe v. Roe": "2"}


def test_a_layout_that_does_not_settle_falls_back_to_the_estimate(tmp_path, monkeypatch):
    """Pages are printed only from a layout whose own table agrees with them; a layout that
    never settles (none is allowed to here) gives the estimate, approximate, with the reason."""
    import shutil

    import pytest

    from toa import pagination

    if not shutil.which("soffice"):
        pytest.skip("LibreOffice (soffice) is not installed")
    monkeypatch.setattr(pagination, "MAX_LAYOUTS", 0)
    pm, pages = _paginated(_front_and_body(tmp_path))
    assert (pm.method, pm.exact) == ("estimate", False)
    assert "did not settle" in pm.note
    assert pages == {"Smith v. Jones": "1", "Doe v. Roe": "2"}


def test_a_section_start_moved_by_the_table_falls_back_to_the_estimate(tmp_path, monkeypatch):
    """A table written over the body's first paragraph once carried the body's section mark into
    the table, and every page was counted from the table's first page: such a layout is not used."""
    import shutil

    import pytest

    from toa import write

    if not shutil.which("soffice"):
        pytest.skip("LibreOffice (soffice) is not installed")
    real = write.write_toa

    def carrying(doc, *args, **kw):  # the old fault: the section's bookmark moves into the table
        placement = real(doc, *args, **kw)
        body = doc.package.body
        mark = next(m for m in body.iter(f"{{{W_NS}}}bookmarkStart") if m.get(f"{{{W_NS}}}name") == "toaSec1")
        first = next(p for p in placement.paragraphs if p.tag == f"{{{W_NS}}}p")
        mark.getparent().remove(mark)
        first.insert(1, mark)
        return placement

    monkeypatch.setattr(write, "write_toa", carrying)
    pm, _pages = _paginated(_front_and_body(tmp_path))
    assert (pm.method, pm.exact) == ("estimate", False)
    assert "the start of section 2 moved" in pm.note


W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"


def test_a_paragraph_of_thousands_of_word_page_breaks_takes_time_in_proportion(tmp_path):
    """Issue 20: 64,000 runs each holding Word's page-break marker and a citation, in one
    paragraph, took 310 s: each citation looked through all the paragraph's page changes.
    Every citation gets its own page, and twice the breaks is twice the work."""
    from docxbuild import Run
    from lines_run import lines_run

    from toa import pagination
    from toa.authorities import build
    from toa.extract import extract

    def work(n):
        b = DocBuilder()
        b.heading("ARGUMENT", level=1)
        b.paragraph("See 42 U.S.C. § 1983. ", *[Run("See 42 U.S.C. § 1983. ", rendered_break=True) for _ in range(n)])
        doc = read(str(b.save(tmp_path / f"breaks{n}.docx")))
        style = styles.load("default")
        table = build(doc, extract(doc), style)
        pagemaps = []
        lines = lines_run(lambda: pagemaps.append(pagination.paginate(doc, table, style, method="word")), pagination)
        [statute] = [a for c in table.categories for a in c.authorities]
        assert [pagemaps[0].label(o) for o in statute.occurrences] == [str(k) for k in range(1, n + 2)]
        return lines

    assert work(800) <= 2.2 * work(400)


def _estimated_last_page(tmp_path, paragraphs: int, name: str, **layout) -> int:
    """The page the estimate puts the last of `paragraphs` ten-line paragraphs (about 700
    characters each, the first line indented) of a one-section body with no break on."""
    b = DocBuilder(**layout)
    sentence = "The court held that the statute applies to this dispute in full. "
    for i in range(paragraphs):
        b.paragraph(f"marker{i} " + sentence * 11)
    doc = read(str(b.save(tmp_path / f"{name}.docx")))
    occ = _occ(doc, f"marker{paragraphs - 1}")
    return _from_breaks(doc, [occ], {"explicit", "section"}, estimate=True)[(occ.paragraph, occ.start)][0]


def test_the_estimate_sets_double_spaced_twelve_point_lines_on_a_letter_page(tmp_path):
    """Letter, 1-inch margins, 12-point Times double-spaced: 23 lines a page. Thirty paragraphs
    of some 700 characters (about eight lines of 6.5 inches each) fill some 11 pages."""
    last = _estimated_last_page(tmp_path, 30, "double")
    assert 9 <= last <= 13, last


def test_single_spacing_holds_more_on_a_page_and_larger_type_less(tmp_path):
    double = _estimated_last_page(tmp_path, 30, "double")
    single = _estimated_last_page(tmp_path, 30, "single", line_spacing=1.0)
    large = _estimated_last_page(tmp_path, 30, "large", size=14)
    narrow = _estimated_last_page(tmp_path, 30, "narrow", margins=1.5)
    assert single <= double // 2 + 1, (single, double)
    assert large > double, (large, double)
    assert narrow > double, (narrow, double)


def test_a_wider_font_fills_pages_sooner(tmp_path):
    """Century Schoolbook sets some 13% fewer characters on a line than Times New Roman, Courier
    New (fixed-width) half as many again."""
    times = _estimated_last_page(tmp_path, 40, "times")
    century = _estimated_last_page(tmp_path, 40, "century", font="Century Schoolbook")
    courier = _estimated_last_page(tmp_path, 40, "courier", font="Courier New")
    assert times < century < courier, (times, century, courier)


def test_a_paragraphs_footnotes_take_room_on_its_page(tmp_path):
    """A five-line single-spaced 10-point note under each of thirty paragraphs: some three
    pages' worth of notes, which push the body on by as much."""
    sentence = "The court held that the statute applies to this dispute in full. "
    last = []
    for notes in (False, True):
        b = DocBuilder()
        for i in range(30):
            b.paragraph(f"marker{i} " + sentence * 11, *([Footnote(sentence * 8)] if notes else []))
        doc = read(str(b.save(tmp_path / f"notes{notes}.docx")))
        occ = _occ(doc, "marker29")
        last.append(_from_breaks(doc, [occ], {"explicit", "section"}, estimate=True)[(occ.paragraph, occ.start)][0])
    assert last[0] + 2 <= last[1] <= last[0] + 4, last


def _placeholder_brief(tmp_path) -> str:
    """A one-section brief with a [TABLE OF AUTHORITIES] placeholder after its caption and 56
    cases cited in its body: the table fills about three pages before the body."""
    names = ["Adams", "Baker", "Clark", "Davis", "Evans", "Foster", "Grant", "Hayes"]
    b = DocBuilder()
    b.paragraph("IN THE SUPREME COURT OF THE UNITED STATES")
    b.paragraph("[TABLE OF AUTHORITIES]")
    sentence = "The court held that the statute applies to this dispute in full. "
    cases = [(x, y) for x in names for y in names if x != y]
    for n, (x, y) in enumerate(cases):
        b.paragraph(sentence * 2, "See ", (f"{x} v. {y}", "i"), f", {400 + n} U.S. {100 + n} (1991).")
    b.paragraph("closing marker")
    return str(b.save(tmp_path / "placeholder.docx"))


def test_the_estimate_sets_the_body_after_the_table_it_writes(tmp_path):
    """The table toa writes in place of a placeholder in the body's section pushes the body
    down by its length: the estimate counts it (and, where LibreOffice can lay the brief out,
    puts the body's end within a page of LibreOffice's layout)."""
    import shutil

    from toa.authorities import build
    from toa.extract import extract
    from toa.pagination import paginate

    path = _placeholder_brief(tmp_path)
    doc = read(path)
    style = styles.load("default")
    table = build(doc, extract(doc), style)
    assert sum(len(c.authorities) for c in table.categories) == 56
    closing = _occ(doc, "closing marker")
    without_table = _from_breaks(doc, [closing], {"explicit", "section"}, estimate=True)[(closing.paragraph, 0)][0]
    estimate = paginate(doc, table, style, method="estimate")
    first = table.categories[0].authorities
    pages = [int(estimate.label(o)) for a in first for o in a.occurrences]
    # 56 entries of two lines with a line's space after: about three pages of table first
    assert min(pages) >= 3
    with_table = _from_breaks(
        doc,
        [closing],
        {"explicit", "section"},
        True,
        table_space(doc, table, style),
    )[(closing.paragraph, 0)][0]
    assert with_table >= without_table + 2
    if not shutil.which("soffice"):
        return
    rendered = paginate(doc, table, style, method="render", reopen=lambda: read(path))
    assert abs(int(rendered.label(first[-1].occurrences[-1])) - int(estimate.label(first[-1].occurrences[-1]))) <= 1
    assert abs(min(int(rendered.label(o)) for a in first for o in a.occurrences) - min(pages)) <= 1


def test_a_table_that_opens_the_brief_puts_the_body_on_the_page_after_it(tmp_path):
    """With no placeholder, heading or table of contents the table opens the brief and a page
    break follows it: the body starts on the page after the table's last, still numbered from
    the first page of the document."""
    from toa.authorities import build
    from toa.extract import extract
    from toa.pagination import paginate

    b = DocBuilder()
    b.paragraph("See ", ("Smith v. Jones", "i"), ", 500 U.S. 100 (1991).")
    doc = read(str(b.save(tmp_path / "start.docx")))
    style = styles.load("default")
    table = build(doc, extract(doc), style)
    space = table_space(doc, table, style)
    assert space.spot.after is None and space.spot.break_after and 0 < space.height < 12960
    smith = table.categories[0].authorities[0].occurrences[0]
    assert paginate(doc, table, style, method="estimate").label(smith) == "2"


def test_the_headings_a_contents_names_and_the_table_get_the_pages_of_the_same_layout(tmp_path):
    """The pages of the headings asked for are those of the citations that open the paragraphs
    right after them, in the estimate and in LibreOffice's layout; the table starts where its
    placeholder was (page 1)."""
    import shutil

    from toa.authorities import build
    from toa.extract import extract
    from toa.pagination import paginate

    b = DocBuilder()
    b.paragraph("TABLE OF CONTENTS")
    b.leader_line("ARGUMENT", page="1")
    b.leader_line("CONCLUSION", page="1")
    b.paragraph("[TABLE OF AUTHORITIES]")
    for n, heading in enumerate(("ARGUMENT", "CONCLUSION")):
        b.heading(heading, page_break_before=True)
        b.paragraph(f"Celotex Corp. v. Catrett, 477 U.S. {317 + n} (1986), decides it.")
    path = str(b.save(tmp_path / "headings.docx"))
    doc = read(path)
    style = styles.load("default")
    table = build(doc, extract(doc), style)
    headings = [p.index for p in doc.paragraphs if p.text in ("ARGUMENT", "CONCLUSION") and p.skipped is None]
    after = [_occ(doc, f"Celotex Corp. v. Catrett, 477 U.S. {317 + n}") for n in range(2)]
    methods = ["estimate"] + (["render"] if shutil.which("soffice") else [])
    for method in methods:
        pm = paginate(doc, table, style, method=method, reopen=lambda: read(path), headings=headings)
        assert [pm.headings[h] for h in headings] == [pm.pages[(o.paragraph, o.start)] for o in after], method
        assert pm.headings[headings[0]] != pm.headings[headings[1]]
        assert pm.table_page == (1, "1"), method
