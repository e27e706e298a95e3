"""Stage 4: the printed page label of every occurrence (a PageMap).

Page sources, best first:
  render   — LibreOffice lays out a copy that already holds the new table and a bookmark at
             every citation; the PDF's named destinations give exact pages. Because the new
             table can push pages down (when numbering does not restart after it), the copy is
             laid out again with the pages just found until the pages stop changing.
  word     — Word's saved w:lastRenderedPageBreak markers (and the explicit breaks Word wrote no
             marker for); approximate: Word omits markers inside fields and on pages that
             begin with an empty paragraph.
  estimate — explicit page and section breaks, plus, where a stretch runs longer than a page
             without one, its lines counted onto pages: each paragraph's words wrapped at the
             width its section, indents and type size leave (at its font's average character
             width), at its line spacing, with its space before and after and its notes' lines
             on its page, and the table written (in the template's styles) where it goes, in
             place of what it replaces; approximate (no glyph widths, no widow control, no
             keep-with-next).
A citation in a note is credited to the page of its reference mark. Labels follow each
section's numbering (w:pgNumType): format, restart, or continuation of the previous section.
"""

from __future__ import annotations

import bisect
import io
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from itertools import pairwise

from . import fonts, render, write
from .model import Document, Occurrence, PageMap, Paragraph, ParagraphFormat, Section, Table
from .numbering import format_number
from .styles import Style

LONG_STRETCH = 2.5  # pages' worth of text that no one page between two breaks holds
# The average advance of a character of a brief's running text, spaces included, in ems: measured
# on the appellate sample's text in the same-width fonts installed here (Liberation Serif for Times
# New Roman, C059, P052, Carlito, Liberation Sans and Mono); other fonts take DEFAULT_EM.
EM_PER_CHARACTER = {
    "times new roman": 0.41,
    "times": 0.41,
    "century schoolbook": 0.465,
    "new century schoolbook": 0.465,
    "palatino linotype": 0.44,
    "palatino": 0.44,
    "book antiqua": 0.44,
    "calibri": 0.40,
    "arial": 0.445,
    "helvetica": 0.445,
    "courier new": 0.6,
    "courier": 0.6,
}
DEFAULT_EM = 0.43
LINE_EM = 1.15  # a single-spaced line of the common text faces (ascent, descent and gap), in ems
MAX_LAYOUTS = 3
LEADER = "...."  # the least of an entry's dot leader that stands between its text and its pages


class PaginationError(Exception):
    """The requested page source cannot be used; the message is shown to the user."""


class UnsettledLayout(Exception):
    """LibreOffice's layout of the output does not bear out the pages its table prints."""


def anchor_of(doc: Document, occ: Occurrence) -> tuple[int, int]:
    """Where on the page an occurrence is: a note's citations sit at the note's reference mark."""
    p = doc.paragraphs[occ.paragraph]
    return p.anchor if p.anchor is not None else (occ.paragraph, occ.start)


def paginate(
    doc: Document,
    table: Table,
    style: Style,
    method: str = "auto",
    reopen: Callable[[], Document] | None = None,
    template=None,
    office: render.Office | None = None,
    headings: Collection[int] = (),
) -> PageMap:
    """Page labels for every occurrence in `table` (linked or not), for the paragraphs
    `headings` (Paragraph.index: the headings a table of contents names) and for the table's
    own start, all from the one layout (PageMap.headings, PageMap.table_page).

    `reopen` gives a fresh copy of the document for each layout (the copy is changed);
    `office`, a LibreOffice kept running, makes the layouts faster. `auto` takes LibreOffice's
    layout whenever LibreOffice can lay the brief out: Word's saved markers put fewer pages
    right (docs/accuracy.md), so they are used only when it cannot.
    """
    occs = [o for c in table.categories for a in c.authorities for o in a.occurrences] + table.unlinked + table.excluded
    starts = sorted({(h, 0) for h in headings})
    note = ""
    if method in ("auto", "render"):
        try:
            return _rendered(doc, table, style, occs, reopen, template, office, starts)
        except render.RenderError as exc:
            if method == "render":
                raise PaginationError(f"cannot render pages: {exc}") from None
            note = f"rendering unavailable ({exc}); "
        except UnsettledLayout as exc:  # never print a layout's pages that its own table contradicts
            return _estimate(doc, table, style, occs, template, starts, f"{exc}; explicit breaks plus an estimate")
    rendered_breaks = any(b.kind == "rendered" for p in doc.paragraphs for b in p.breaks)
    if method == "word" and not rendered_breaks:
        raise PaginationError("the document has no page breaks saved by Word (w:lastRenderedPageBreak)")
    if method in ("auto", "word") and rendered_breaks and (doc.saved_by_word or method == "word"):
        return _word_markers(doc, occs, note, starts)
    return _estimate(doc, table, style, occs, template, starts, note + "explicit breaks plus an estimate")


def _estimate(
    doc: Document,
    table: Table,
    style: Style,
    occs: list[Occurrence],
    template,
    starts: list[tuple[int, int]],
    note: str,
) -> PageMap:
    """The estimate of the brief with its table written: the table's page texts (and so its
    length) come from the estimate without it, then the body is set after the table; the
    paragraphs that start at `starts` and the table itself are set in the same estimate."""
    pages = _from_breaks(doc, occs, {"explicit", "section"}, estimate=True)
    apply(table, PageMap("estimate", False, pages), style)
    space = table_space(doc, table, style, template)
    found, table_page = _anchor_pages(doc, [*_anchors(doc, occs), *starts], {"explicit", "section"}, True, space)
    return PageMap(
        "estimate",
        exact=False,
        pages=_by_occurrence(doc, occs, found),
        note=note,
        headings={h: found[(h, off)] for h, off in starts},
        table_page=table_page,
    )


def _anchors(doc: Document, occs: list[Occurrence]) -> set[tuple[int, int]]:
    return {anchor_of(doc, o) for o in occs}


def _by_occurrence(doc: Document, occs: list[Occurrence], found: dict) -> dict[tuple[int, int], tuple[int, str]]:
    """The page of each occurrence (keyed by (paragraph, start)) from the pages at the anchors."""
    return {(o.paragraph, o.start): found[anchor_of(doc, o)] for o in occs}


def locate(doc: Document, occs: list[Occurrence], method: str, reopen: Callable[[], Document] | None = None) -> PageMap:
    """The pages of `occs` by one page source (render, word, estimate), the document laid out as
    it is, with no table written: for measuring the page sources against Word (bench/)."""
    if method == "render":
        names, rendering = _layout(doc, _anchors(doc, occs), reopen)
        found, _table = _destination_pages(doc, names, rendering.destinations)
        pages = _by_occurrence(doc, occs, found)
        return PageMap("render", True, pages, "laid out by LibreOffice", _substitutions(doc, rendering))
    if method == "word":
        return _word_markers(doc, occs, "")
    return PageMap("estimate", False, _from_breaks(doc, occs, {"explicit", "section"}, estimate=True))


def _word_markers(doc: Document, occs: list[Occurrence], note: str, starts: Sequence[tuple[int, int]] = ()) -> PageMap:
    """Word's saved markers, with the page breaks Word took but wrote no marker for (after an
    explicit or section break Word omits it when the page begins with an empty paragraph or
    inside a field): approximate, whatever the count. They say nothing of the table toa writes
    (no table_page)."""
    kinds = {"rendered", "explicit", "section"}
    found, _table = _anchor_pages(doc, [*_anchors(doc, occs), *starts], kinds, estimate=False)
    pages = _by_occurrence(doc, occs, found)
    unmarked = unmarked_breaks(doc)
    note += "pages as Word last laid the document out (its saved page-break markers)"
    if unmarked:
        note += f"; {unmarked} page break{'s' if unmarked != 1 else ''} without Word's marker counted from the break"
    return PageMap("word", exact=False, pages=pages, note=note, headings={h: found[(h, off)] for h, off in starts})


def _layout(doc: Document, anchors: Iterable[tuple[int, int]], reopen, office=None, prepare=None):
    """A fresh copy with a bookmark at each of `anchors` (paragraph, offset), edited by `prepare`,
    laid out by LibreOffice (`office`, when one is kept running): (bookmark names -> anchors, the
    rendering).

    Each section's bookmark must still open its section after `prepare` (a table written over
    the body's first paragraph once carried it into the table, and the body was counted from
    the table's first page): else UnsettledLayout."""
    if reopen is None:
        raise render.RenderError("no document copy to lay out")
    copy = reopen()
    names = write.insert_bookmarks(copy, sorted(set(anchors)))
    if prepare is not None:
        prepare(copy)
        moved = write.misplaced_section_marks(copy)
        if moved:
            raise UnsettledLayout(f"the start of section {moved[0] + 1} moved while the table was laid out")
    buf = io.BytesIO()
    write.save_to(copy, buf)
    return names, render.destinations(buf.getvalue(), office)


def _substitutions(doc: Document, rendering: render.Rendering) -> list:
    return fonts.substitutions(fonts.requested(doc), rendering.fonts)


def _rendered(doc, table, style, occs, reopen, template, office=None, starts=()) -> PageMap:
    """Pages from LibreOffice's layout of the output itself (its TA fields and its table, with
    the pages of the layout before), laid out again until the table it prints is the table of
    the pages found in it: then every page printed is the page its TA field is on. A layout
    that does not settle in MAX_LAYOUTS raises UnsettledLayout. The paragraphs at `starts` and
    the table's start (a bookmark at its first line) take their pages from the final layout."""

    def as_written(copy: Document) -> None:
        write.mark_citations(copy, table)
        write.write_toa(copy, table, style, template=template, bookmark=write.TOA_BOOKMARK)

    pages = _from_breaks(doc, occs, {"explicit", "section"}, estimate=True)
    done = False
    for _ in range(MAX_LAYOUTS):
        apply(table, PageMap("estimate", False, pages), style)
        laid_out = [a.page_text for c in table.categories for a in c.authorities]
        names, rendering = _layout(doc, [*_anchors(doc, occs), *starts], reopen, office, prepare=as_written)
        at, table_page = _destination_pages(doc, names, rendering.destinations)
        found = _by_occurrence(doc, occs, at)
        done = found == pages or _page_texts(table, found, style) == laid_out
        pages = found
        if done:  # the table just laid out prints these very pages: that layout is the final one
            break
    if not done:
        raise UnsettledLayout(f"LibreOffice's layout did not settle in {MAX_LAYOUTS} passes")
    substituted = _substitutions(doc, rendering)
    unlike = [s for s in substituted if not s.metric_compatible]
    note = "laid out by LibreOffice"
    if unlike:
        note += (
            "; "
            + ", ".join(
                f"{s.font} has no same-width font here ({'set in ' + s.by if s.by else 'not embedded'})" for s in unlike
            )
            + ": pages approximate"
        )
    return PageMap(
        "render",
        exact=not unlike,
        pages=pages,
        note=note,
        fonts=substituted,
        headings={h: at[(h, off)] for h, off in starts},
        table_page=table_page,
    )


def _page_texts(table: Table, pages: dict, style: Style) -> list[str]:
    """Apply `pages` to the table; the page text of every entry, in order (what the table prints)."""
    apply(table, PageMap("estimate", False, pages), style)
    return [a.page_text for c in table.categories for a in c.authorities]


def _destination_pages(
    doc: Document, names: dict[str, tuple[int, int]], dests: dict[str, int]
) -> tuple[dict[tuple[int, int], tuple[int, str]], tuple[int, str] | None]:
    """(physical page, label) at every bookmarked (paragraph, offset) of `names`, from the PDF's
    named destinations; and the page the table starts on, when the layout carries its bookmark."""
    anchor_page = {pos: dests[name] for name, pos in names.items() if name in dests}
    if not anchor_page:
        raise render.RenderError("the rendering carries none of the page marks")
    # LibreOffice drops a few marks (inside some fields or revisions): such a citation takes the
    # page of the nearest mark before it, which is on the same page or the one before.
    known = sorted(anchor_page)
    for pos in set(names.values()) - set(anchor_page):
        i = bisect.bisect_left(known, pos)
        anchor_page[pos] = anchor_page[known[max(0, i - 1)]]
    sec_first = {}
    for name, page in dests.items():
        if name.startswith(write.SECTION_BOOKMARK_PREFIX):
            sec_first[int(name[len(write.SECTION_BOOKMARK_PREFIX) :])] = page
    sec_first[0] = 1  # the first section starts the document, whatever was put before its first paragraph
    labeler = _Labeler(doc.sections, sec_first)
    out = {pos: (page, labeler.label(page, doc.paragraphs[pos[0]].section)) for pos, page in anchor_page.items()}
    table_page = dests.get(write.TOA_BOOKMARK)
    if table_page is None:
        return out, None
    after = write.spot(doc).after  # the table is in the section of the paragraph it follows
    return out, (table_page, labeler.label(table_page, doc.paragraphs[after].section if after is not None else 0))


def _from_breaks(
    doc: Document, occs: list[Occurrence], kinds: set[str], estimate: bool, table: TableSpace | None = None
) -> dict:
    """The pages of `occs` (keyed by (paragraph, start)) by _anchor_pages."""
    return _by_occurrence(doc, occs, _anchor_pages(doc, _anchors(doc, occs), kinds, estimate, table)[0])


def _anchor_pages(
    doc: Document, anchors: Iterable[tuple[int, int]], kinds: set[str], estimate: bool, table: TableSpace | None = None
) -> tuple[dict[tuple[int, int], tuple[int, str]], tuple[int, str] | None]:
    """(physical page, label) at each (paragraph, offset) of `anchors`, by counting breaks of the
    given kinds through the body in order; with `estimate`, a stretch longer than a page without
    a break is cut where its lines fill a page, and `table`, the table toa writes, takes its
    height (and its page breaks) where it goes, in place of the lines it replaces: then also the
    page the table starts on (else None)."""
    body = [p for p in doc.paragraphs if p.story in ("body", "table")]
    same_step = _marker_pairs(body)[0] if "rendered" in kinds and len(kinds) > 1 else set()
    taken = {
        p.index: sorted((b for b in p.breaks if b.kind in kinds and id(b) not in same_step), key=lambda b: b.offset)
        for p in body
    }
    walk = _PageWalk(doc, body, taken, estimate, table)
    walk.through(body)
    walk.sec_first[0] = 1  # the first section starts the document, a table put before its first paragraph too
    labeler = _Labeler(doc.sections, walk.sec_first)
    out = {}
    for pi, off in anchors:
        points = walk.change_points.get(pi, [])
        # the last page change at or before the anchor (bisection: a paragraph may hold thousands)
        at = bisect.bisect_right(points, (off, float("inf"))) - 1
        physical = points[at][1] if at >= 0 else walk.start_page.get(pi, 1)
        out[(pi, off)] = (physical, labeler.label(physical, doc.paragraphs[pi].section))
    table_at = walk.table_at
    return out, (table_at[0], labeler.label(*table_at)) if table_at else None


class _PageWalk:
    """The body read in order, page by page: the page each paragraph starts on and the offsets
    where a new page begins inside it, the first page of each section, and the table's page."""

    def __init__(
        self, doc: Document, body: list[Paragraph], taken: dict, estimate: bool, table: TableSpace | None
    ) -> None:
        self.doc, self.taken, self.table = doc, taken, table
        self.start_page: dict[int, int] = {}  # body paragraph -> page it starts on
        self.change_points: dict[int, list[tuple[int, int]]] = {}  # paragraph -> [(offset, page from there on)]
        self.sec_first: dict[int, int] = {}
        # Lay lines out where the author left few breaks, and in any stretch between breaks that no
        # one page could hold: where every page ends in a break (a converted PDF, a Word file with page
        # breaks) the breaks alone count, and a body that runs on without one is cut however many
        # breaks the front matter has.
        self.lines = _Lines(doc, table.spot.replaced if table else set()) if estimate else None
        stretches = _stretch_pages(body, taken, self.lines, table) if self.lines else []
        few_breaks = sum(stretches) > LONG_STRETCH * len(stretches)
        self.long_stretches = iter([few_breaks or n > LONG_STRETCH for n in stretches])
        self.cut = next(self.long_stretches, False)
        self.page, self.used = 1, 0.0  # twips of the page's height taken
        self.notes_on = 0  # the last page a note's separator was counted on
        self.table_at: tuple[int, int] | None = None  # (physical page, section) the table starts on

    def through(self, body: list[Paragraph]) -> None:
        table = self.table
        for p in body:
            height = self.doc.sections[min(p.section, len(self.doc.sections) - 1)].text_height
            if table and table.spot.after is None and p is body[0]:
                self.place_table(height, p.section)
            start, points, last_break = self.breaks(p)
            if self.cut and self.lines is not None and p.index not in self.lines.replaced:
                start = self.lay_lines(p, height, start, points, last_break)
            self.start_page[p.index], self.change_points[p.index] = start, points
            self.sec_first.setdefault(p.section, start)
            if table and table.spot.after == p.index:
                self.place_table(height, p.section)

    def place_table(self, height: float, section: int) -> None:
        """The table (`table`, in a section of `height`) set where the walk stands."""
        table = self.table
        assert table is not None
        if table.spot.break_before and self.used:
            self.page, self.used = self.page + 1, 0.0
        self.table_at = (self.page, section)
        self.used += table.height
        self.page, self.used = self.page + int(self.used // height), self.used % height
        if table.spot.break_after:
            self.page, self.used = self.page + 1, 0.0

    def breaks(self, p: Paragraph) -> tuple[int, list[tuple[int, int]], int]:
        """The breaks of `p` counted: the page it starts on, the pages that begin inside it, and
        the offset of its last break."""
        start, points, last_break = self.page, [], 0
        for b in self.taken[p.index]:
            self.cut = next(self.long_stretches, False)  # the stretch this break begins
            if b.offset == 0 and start != self.page:
                continue  # a section break and a page break before one paragraph: one new page
            self.page += 1
            self.used, last_break = 0.0, b.offset
            if b.offset == 0:
                start = self.page
            else:
                points.append((b.offset, self.page))
        return start, points, last_break

    def lay_lines(self, p: Paragraph, height: float, start: int, points: list[tuple[int, int]], last_break: int) -> int:
        """The lines of `p` after its last break set on pages of `height`, and its notes under
        them; the pages that begin inside it go to `points`. The page it starts on."""
        lines = self.lines
        assert lines is not None
        line_height = lines.line_height(p.format)
        before, after = lines.spacing(p.format)
        self.used += before if self.used else 0  # the space before is dropped at the top of a page
        for offset in lines.starts(p):
            if offset < last_break:
                continue
            if self.used and self.used + line_height > height:
                self.page, self.used = self.page + 1, 0.0
                if offset == 0:
                    start = self.page
                else:
                    points.append((offset, self.page))
            self.used += line_height
        self.used += after
        notes = lines.notes_height(p)
        if notes:
            first = lines.line_height(lines.notes[p.index][0].format) if self.notes_on != self.page else 0
            self.used += notes + first
            self.notes_on = self.page
            if self.used > height:  # the notes run over: the rest of them opens the next page
                self.page += int(self.used // height)
                self.used %= height
        return start


@dataclass
class TableSpace:
    """The table toa writes into the body, as the estimate counts it: where it goes and what it
    replaces (write.Spot), and its height in twips."""

    spot: write.Spot
    height: float


def table_space(doc: Document, table: Table, style: Style, template=None) -> TableSpace:
    """The table's lines set as the estimate sets a paragraph's, in the template's styles as
    they will stand in the brief: title, page label, category headings and entries (an entry's
    text, then its dot leader and page text at the right margin, wrapped under its hanging
    indent); each with its spacing. The page texts are those of the table as it stands."""
    spot = write.spot(doc)
    formats = write.table_formats(doc, template)
    at = doc.paragraphs[spot.after].section if spot.after is not None else 0
    section = doc.sections[min(at, len(doc.sections) - 1)]
    cats = [c for c in table.categories if c.authorities]
    lines = [(formats["title"], style.title)] if spot.title else []
    if cats and style.page_column:
        lines.append((formats["label"], style.page_column))
    for c in cats:
        lines.append((formats["heading"], c.heading))
        lines += [(formats["entry"], f"{a.text} {LEADER} {a.page_text}") for a in c.authorities]
    height = sum(
        len(_line_starts(text, f, section)) * _Lines.line_height(f) + sum(_Lines.spacing(f)) for f, text in lines
    )
    return TableSpace(spot, height)


class _Lines:
    """The lines of the document's paragraphs as the estimate sets them: where each line starts
    (words wrapped at the characters the line's width holds) and how tall each line is."""

    def __init__(self, doc: Document, replaced: set[int]):
        self.sections = doc.sections
        self.replaced = replaced  # paragraphs the table toa writes takes the place of: no lines
        self.notes: dict[int, list[Paragraph]] = {}  # body paragraph -> the note paragraphs it refers to
        for p in doc.paragraphs:
            if p.anchor is not None and p.story == "footnote":
                self.notes.setdefault(p.anchor[0], []).append(p)
        self._starts: dict[int, list[int]] = {}

    @staticmethod
    def line_height(f: ParagraphFormat) -> float:
        """Twips: exact and at-least spacing in twips, auto spacing in 240ths of a single line."""
        single = f.size * 20 * LINE_EM
        if f.line_rule == "exact" and f.line > 0:
            return f.line / f.columns
        if f.line_rule == "atLeast":
            return max(f.line, single) / f.columns
        return single * max(f.line, 1) / 240 / f.columns

    @staticmethod
    def spacing(f: ParagraphFormat) -> tuple[float, float]:
        """Twips before and after (a table's cells side by side share them, as they share lines)."""
        return f.before / f.columns, f.after / f.columns

    def starts(self, p: Paragraph) -> list[int]:
        """The text offset each line of `p` starts at (an empty paragraph is one line)."""
        if p.index not in self._starts:
            section = self.sections[min(p.section, len(self.sections) - 1)]
            self._starts[p.index] = _line_starts(p.text, p.format, section)
        return self._starts[p.index]

    def height(self, p: Paragraph, start: int = 0, end: int | None = None) -> float:
        """Twips: the lines of `p` that start in [start, end), with its spacing when they hold its first line."""
        if p.index in self.replaced:
            return 0.0
        starts = self.starts(p)
        n = bisect.bisect_left(starts, end if end is not None else len(p.text) + 1) - bisect.bisect_left(starts, start)
        spacing = sum(self.spacing(p.format)) if start == 0 else 0
        return n * self.line_height(p.format) + spacing

    def notes_height(self, p: Paragraph) -> float:
        """Twips: the lines of the footnotes that body paragraph `p` refers to."""
        return sum(self.height(n) for n in self.notes.get(p.index, ()))


def _line_starts(text: str, f: ParagraphFormat, section: Section) -> list[int]:
    """The text offset each line of a paragraph of format `f` in `section` starts at."""
    width = section.text_width / f.columns - f.left - f.right
    character = f.size * 20 * EM_PER_CHARACTER.get(f.font.lower(), DEFAULT_EM)
    first = max(1, int((width - f.first_line) / character))
    rest = max(1, int(width / character))
    return _wrap(text, first, rest)


def _wrap(text: str, first: int, rest: int) -> list[int]:
    """Line starts of `text` set greedily word by word, `first` characters on the first line and
    `rest` on the others (a word longer than a line is cut where the line ends). A line is found
    by the last space within its width, not word by word (the estimate of 1,500 paragraphs and
    1,200,000 characters took 0.8 s word by word, 0.13 s so)."""
    starts, line, width, n = [0], 0, first, len(text)
    while n - line > width:
        cut = text.rfind(" ", line + 1, line + width + 1)  # the words before it fit on the line
        nxt = line + width if cut < 0 else cut + 1
        while nxt < n and text[nxt] == " ":
            nxt += 1
        if nxt >= n:
            break
        starts.append(nxt)
        line, width = nxt, rest
    return starts


def _stretch_pages(body: list[Paragraph], taken: dict, lines: _Lines, table: TableSpace | None) -> list[float]:
    """The pages' worth of lines between one break and the next, in order (the text before the
    first break is the first stretch); a paragraph's notes count with it, and the table toa
    writes with the paragraph it follows."""
    sections = lines.sections
    lengths, pages = [], 0.0
    for p in body:
        height = sections[min(p.section, len(sections) - 1)].text_height
        last = 0
        for b in taken[p.index]:
            lengths.append(pages + lines.height(p, last, b.offset) / height)
            pages, last = 0.0, b.offset
        pages += (lines.height(p, last) + lines.notes_height(p)) / height
        if table and (table.spot.after == p.index or (table.spot.after is None and p is body[0])):
            pages += table.height / height
    return lengths + [pages]


def _marker_pairs(body: list) -> tuple[set[int], int]:
    """Word's markers against the explicit and section breaks: (ids of the second break of each
    pair that is one page step: a marker Word saved where such a break is, with no text between,
    the number of explicit and section breaks with no marker of Word's beside them)."""
    steps = []  # (body position, offset, break), in order
    for pos, p in enumerate(body):
        steps += [(pos, b.offset, b) for b in sorted(p.breaks, key=lambda b: (b.offset, b.kind != "rendered"))]
    second: set[int] = set()
    paired: set[int] = set()
    for (pos1, off1, b1), (pos2, off2, b2) in pairwise(steps):
        if (b1.kind == "rendered") == (b2.kind == "rendered") or id(b1) in second:
            continue
        same_place = pos1 == pos2 and off1 == off2
        across = pos2 == pos1 + 1 and off2 == 0 and off1 >= len(body[pos1].text)
        if same_place or across:
            second.add(id(b2))
            paired |= {id(b1), id(b2)}
    unmarked = sum(1 for _, _, b in steps if b.kind != "rendered" and id(b) not in paired)
    return second, unmarked


def unmarked_breaks(doc: Document) -> int:
    """Explicit and section page breaks that Word, when it saved the file, wrote no marker beside."""
    return _marker_pairs([p for p in doc.paragraphs if p.story in ("body", "table")])[1]


class _Labeler:
    """Physical page -> printed label, from each section's first page and w:pgNumType."""

    def __init__(self, sections: list[Section], first_page: dict[int, int]):
        self.sections = sections
        self.first_page = first_page
        self.first_number: dict[int, int] = {}
        number_after = 0
        for s in sections:
            first = first_page.get(s.index)
            if first is None:
                continue
            start = s.start if s.start is not None else number_after + 1
            self.first_number[s.index] = start
            nxt = [first_page[t.index] for t in sections[s.index + 1 :] if t.index in first_page]
            last_page = (nxt[0] - 1) if nxt else first
            number_after = start + max(0, last_page - first)

    def label(self, physical: int, section: int) -> str:
        s = self.sections[min(section, len(self.sections) - 1)]
        first = self.first_page.get(s.index, 1)
        number = self.first_number.get(s.index, 1) + (physical - first)
        return format_number(number, s.fmt)


def apply(table: Table, pagemap: PageMap, style: Style) -> None:
    """Give every authority its pages in page order, its passim flag and its printed page text."""
    for cat in table.categories:
        for a in cat.authorities:
            seen: dict[str, int] = {}
            for o in a.occurrences:
                hit = pagemap.pages.get((o.paragraph, o.start))
                if hit:
                    seen.setdefault(hit[1], hit[0])
            ordered = sorted(seen, key=lambda lab: seen[lab])
            a.pages = ordered
            a.passim = bool(style.passim) and len(ordered) >= style.passim
            a.page_text = "passim" if a.passim else page_text(ordered, style)


def page_text(labels: list[str], style: Style) -> str:
    """ "3, 7-10, 12": consecutive arabic pages of three or more grouped when the style allows."""
    if not style.group_ranges:
        return style.page_separator.join(labels)
    parts: list[str] = []
    run: list[str] = []
    for lab in labels:
        if run and lab.isdigit() and run[-1].isdigit() and int(lab) == int(run[-1]) + 1:
            run.append(lab)
            continue
        parts.extend(_run_text(run, style))
        run = [lab]
    parts.extend(_run_text(run, style))
    return style.page_separator.join(parts)


def _run_text(run: list[str], style: Style) -> list[str]:
    if len(run) >= 3:
        return [f"{run[0]}{style.range_separator}{run[-1]}"]
    return run
