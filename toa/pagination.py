"""Stage 4: the printed page label of every occurrence (a PageMap).

Page sources, best first:
  render   — LibreOffice lays out a copy that already holds the new table and a bookmark at
             every citation; the PDF's named destinations give exact pages. Because the new
             table can push pages down (when numbering does not restart after it), the copy is
             laid out again with the pages just found until the pages stop changing.
  word     — Word's saved w:lastRenderedPageBreak markers; right when Word saved the file last.
  estimate — explicit page and section breaks, plus a character count where a stretch runs
             longer than a page without one; approximate.
A citation in a note is credited to the page of its reference mark. Labels follow each
section's numbering (w:pgNumType): format, restart, or continuation of the previous section.
"""
from __future__ import annotations

import bisect
import io
from collections.abc import Callable

from . import render, write
from .model import Document, Occurrence, PageMap, Section, Table
from .styles import Style

METHODS = ("auto", "render", "word", "estimate")
CHARS_PER_PAGE = 2000  # a double-spaced page of 12-14 pt text holds about this many characters
MAX_LAYOUTS = 3


class PaginationError(Exception):
    """The requested page source cannot be used; the message is shown to the user."""


def anchor_of(doc: Document, occ: Occurrence) -> tuple[int, int]:
    """Where on the page an occurrence is: a note's citations sit at the note's reference mark."""
    p = doc.paragraphs[occ.paragraph]
    return p.anchor if p.anchor is not None else (occ.paragraph, occ.start)


def paginate(doc: Document, table: Table, style: Style, method: str = "auto",
             reopen: Callable[[], Document] | None = None, template=None,
             office: render.Office | None = None) -> PageMap:
    """Page labels for every occurrence in `table` (linked or not).

    `reopen` gives a fresh copy of the document for each layout (the copy is changed);
    `office`, a LibreOffice kept running, makes the layouts faster.
    """
    occs = [o for c in table.categories for a in c.authorities for o in a.occurrences] + table.unlinked \
        + table.excluded
    note = ""
    if method in ("auto", "render"):
        try:
            return _rendered(doc, table, style, occs, reopen, template, office)
        except render.RenderError as exc:
            if method == "render":
                raise PaginationError(f"cannot render pages: {exc}") from None
            note = f"rendering unavailable ({exc}); "
    rendered_breaks = any(b.kind == "rendered" for p in doc.paragraphs for b in p.breaks)
    if method == "word" and not rendered_breaks:
        raise PaginationError("the document has no page breaks saved by Word (w:lastRenderedPageBreak)")
    if method in ("auto", "word") and rendered_breaks and (doc.saved_by_word or method == "word"):
        pages = _from_breaks(doc, occs, {"rendered"}, estimate=False)
        return PageMap("word", exact=False, pages=pages, note=note + "pages as Word last laid the document out")
    pages = _from_breaks(doc, occs, {"explicit", "section"}, estimate=True)
    return PageMap("estimate", exact=False, pages=pages, note=note + "explicit breaks plus an estimate")


def _rendered(doc, table, style, occs, reopen, template, office=None) -> PageMap:
    if reopen is None:
        raise render.RenderError("no document copy to lay out")
    pages = _from_breaks(doc, occs, {"explicit", "section"}, estimate=True)
    anchors = sorted({anchor_of(doc, o) for o in occs})
    for _ in range(MAX_LAYOUTS):
        laid_out = _page_texts(table, pages, style)
        copy = reopen()
        names = write.insert_bookmarks(copy, anchors)
        write.write_toa(copy, table, style, template=template)
        buf = io.BytesIO()
        write.save_to(copy, buf)
        dests, _count = render.destinations(buf.getvalue(), office)
        found = _labels_from_destinations(doc, occs, names, dests)
        done = found == pages or _page_texts(table, found, style) == laid_out
        pages = found
        if done:  # the table just laid out prints these very pages: that layout is the final one
            break
    return PageMap("render", exact=True, pages=pages, note="laid out by LibreOffice")


def _page_texts(table: Table, pages: dict, style: Style) -> list[str]:
    """Apply `pages` to the table; the page text of every entry, in order (what the table prints)."""
    apply(table, PageMap("estimate", False, pages), style)
    return [a.page_text for c in table.categories for a in c.authorities]


def _labels_from_destinations(doc, occs, names, dests) -> dict:
    anchor_page = {pos: dests[name] for name, pos in names.items() if name in dests}
    if not anchor_page:
        raise render.RenderError("the rendering carries none of the page marks")
    # LibreOffice drops a few marks (inside some fields or revisions): such a citation takes the
    # page of the nearest mark before it, which is on the same page or the one before.
    known = sorted(anchor_page)
    for pos in {anchor_of(doc, o) for o in occs} - set(anchor_page):
        i = bisect.bisect_left(known, pos)
        anchor_page[pos] = anchor_page[known[max(0, i - 1)]]
    sec_first = {}
    for name, page in dests.items():
        if name.startswith(write.SECTION_BOOKMARK_PREFIX):
            sec_first[int(name[len(write.SECTION_BOOKMARK_PREFIX):])] = page
    sec_first[0] = 1  # the first section starts the document, whatever was put before its first paragraph
    labeler = _Labeler(doc.sections, sec_first)
    out = {}
    for o in occs:
        a = anchor_of(doc, o)
        physical = anchor_page[a]
        out[(o.paragraph, o.start)] = (physical, labeler.label(physical, doc.paragraphs[a[0]].section))
    return out


def _from_breaks(doc: Document, occs: list[Occurrence], kinds: set[str], estimate: bool) -> dict:
    """Physical pages by counting breaks of the given kinds through the body in order; with
    `estimate`, a stretch longer than a page without a break is cut by its character count."""
    start_page: dict[int, int] = {}  # body paragraph -> page it starts on
    change_points: dict[int, list[tuple[int, int]]] = {}  # paragraph -> [(offset, page from there on)]
    sec_first: dict[int, int] = {}
    page, chars = 1, 0
    body = [p for p in doc.paragraphs if p.story in ("body", "table")]
    if estimate:
        # Count characters only where the author left few breaks: a brief whose every page ends
        # in a break (a converted PDF, a Word file with page breaks) is paginated by them alone.
        breaks = sum(1 for p in body for b in p.breaks if b.kind in kinds)
        estimate = sum(len(p.text) for p in body) > 2.5 * CHARS_PER_PAGE * (breaks + 1)
    for p in body:
        start, points, last_break = page, [], 0
        for b in sorted((b for b in p.breaks if b.kind in kinds), key=lambda b: b.offset):
            if b.offset == 0 and start != page:
                continue  # a section break and a page break before one paragraph: one new page
            page += 1
            chars, last_break = 0, b.offset
            if b.offset == 0:
                start = page
            else:
                points.append((b.offset, page))
        start_page[p.index], change_points[p.index] = start, points
        sec_first.setdefault(p.section, start)
        if estimate:
            chars += len(p.text) - last_break
            if chars > CHARS_PER_PAGE:
                page += chars // CHARS_PER_PAGE
                chars %= CHARS_PER_PAGE
    labeler = _Labeler(doc.sections, sec_first)
    out = {}
    for o in occs:
        pi, off = anchor_of(doc, o)
        physical = start_page.get(pi, 1)
        for at, pg in change_points.get(pi, []):
            if off >= at:
                physical = pg
        out[(o.paragraph, o.start)] = (physical, labeler.label(physical, doc.paragraphs[pi].section))
    return out


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
            nxt = [first_page[t.index] for t in sections[s.index + 1:] if t.index in first_page]
            last_page = (nxt[0] - 1) if nxt else first
            number_after = start + max(0, last_page - first)

    def label(self, physical: int, section: int) -> str:
        s = self.sections[min(section, len(self.sections) - 1)]
        first = self.first_page.get(s.index, 1)
        number = self.first_number.get(s.index, 1) + (physical - first)
        return format_number(number, s.fmt)


def format_number(n: int, fmt: str) -> str:
    if fmt in ("lowerRoman", "upperRoman"):
        r = _roman(n)
        return r.upper() if fmt == "upperRoman" else r
    if fmt in ("lowerLetter", "upperLetter"):
        letter = chr(ord("a") + (n - 1) % 26) * ((n - 1) // 26 + 1)
        return letter.upper() if fmt == "upperLetter" else letter
    return str(n)


def _roman(n: int) -> str:
    out = ""
    for value, numeral in ((1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"),
                           (50, "l"), (40, "xl"), (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i")):
        while n >= value:
            out += numeral
            n -= value
    return out


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
    parts, run = [], []
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
