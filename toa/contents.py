"""Stage "contents": the brief's table of contents, line by line, and the heading each line names.

A contents line is a paragraph of the table of contents (document.read marks them "toc": typed
under a "TABLE OF CONTENTS" heading, or a TOC field's result) that ends in a page number after a
dot leader or a tab ("I. INTRODUCTION .... 2", "Argument<tab>5"); a line with no page before
it is the first line of a wrapped one. Each line is matched to a heading of the brief: the
heading a TOC field's PAGEREF (or hyperlink) points at by its bookmark, else the first paragraph
after the heading matched before whose text is the line's (heading_key: case, whitespace, quotes
and dashes, a numbering like "I." / "A." / "(1)" and trailing punctuation aside); a line that
names the table of authorities names the table toa writes. A line that names nothing is kept as
typed and reported.

Document -> Contents. The pages come from pagination (PageMap.headings and table_page, from the
same layout as the authorities'); write.renumber_contents puts them into the output.
"""

from __future__ import annotations

import re
import unicodedata

from .document import is_toa_heading, is_toc_heading
from .model import Contents, ContentsLine, Document, PageMap, Paragraph
from .oxml import qn, w_attr
from .oxml.bookmarks import starts
from .oxml.fields import paragraphs_in
from .oxml.text import paragraph_text

# What a line prints after its heading: a tab or a dot leader (dots, spaced or not, or "…"),
# then the page. The codes of the fields it holds ({PAGEREF _Toc1 \h}) are no part of it.
_LINE = re.compile(r"^(?P<text>.*?\S)[^\S\t]*(?:\t|(?:\.[^\S\t]*){2,}|…+)[\s.…]*(?P<page>\d+a?|[ivxlc]+)\s*$", re.I)
_FIELD_CODE = re.compile(r"\{[A-Z]+\b[^{}]*\}")
_PAGE_LABEL = re.compile(r"^\s*page(?:\(s\)|s)?\s*$", re.I)  # the column's label over the pages
_PAGEREF = re.compile(r"\{PAGEREF\s+\"?([^\s\"}]+)", re.I)
# A heading's numbering: "I.", "IV.", "A.", "1.", "2.3", "a)", "(1)", "(a)", "Point I:" ...
_NUMBERING = re.compile(
    r"^(?:(?:point|part|section)\s+)?(?:\(\s*[0-9a-z]{1,4}\s*\)|(?:[0-9]+(?:\.[0-9]+)*|[ivxlc]+|[a-z])[.):])\s*", re.I
)
_TRAILING = re.compile(r"[\s.:;,…]+$")
_DASHES_QUOTES = str.maketrans({"–": "-", "—": "-", "‘": "'", "’": "'", "“": '"', "”": '"', "\u00a0": " "})
_WRAPPED = 2  # a line wrapped over at most this many paragraphs before the one with its page
_LONGEST_HEADING = 400  # characters: a longer paragraph is text, no heading


def heading_key(text: str) -> str:
    """The heading text as lines and headings are compared: case, spacing, quotes and dashes, the
    numbering in front (up to two: "IV. A.") and the punctuation at the end aside."""
    t = " ".join(unicodedata.normalize("NFKC", text).translate(_DASHES_QUOTES).split())
    for _ in range(2):
        t = _NUMBERING.sub("", t, count=1)
    return _TRAILING.sub("", t).casefold()


def read(doc: Document) -> Contents:
    """The contents lines of the brief, each with the heading it names (if any)."""
    body = [p for p in doc.paragraphs if p.story in ("body", "table")]
    toc = [p for p in body if p.skipped == "toc"]
    if not toc:
        return Contents()
    root = doc.package.body
    in_field = paragraphs_in(root, "TOC")
    lines = _lines(toc, in_field)
    _match(lines, doc, body, _bookmarked(root, body))
    return Contents(lines)


def printed_page(line: ContentsLine, pagemap: PageMap) -> str | None:
    """The label of the page the line's heading (or the table) prints on; None: not known."""
    if line.names_table:
        hit = pagemap.table_page
    else:
        hit = pagemap.headings.get(line.heading) if line.heading is not None else None
    return hit[1] if hit else None


def stale(contents: Contents, pagemap: PageMap) -> list[tuple[ContentsLine, str]]:
    """(line, the page its heading prints on) for every line that gives another page."""
    out = []
    for line in contents.lines:
        page = printed_page(line, pagemap)
        if page is not None and page != line.page:
            out.append((line, page))
    return out


def unmatched(contents: Contents, pagemap: PageMap) -> list[ContentsLine]:
    """The lines kept as typed because no heading (or no page for it) was found."""
    return [line for line in contents.lines if printed_page(line, pagemap) is None]


def _lines(toc: list[Paragraph], in_field: set) -> list[ContentsLine]:
    lines: list[ContentsLine] = []
    wrapped: list[str] = []  # the first lines of a line still to come
    for p in toc:
        raw = _FIELD_CODE.sub("", paragraph_text(p.element)).strip()
        m = _LINE.match(raw)
        if m is None or not p.text.rstrip().endswith(m["page"]):
            if raw and not (is_toc_heading(raw) or _PAGE_LABEL.match(raw)):
                wrapped = [*wrapped, " ".join(raw.split())][-_WRAPPED:]
            continue
        text = " ".join(m["text"].split())
        lines.append(ContentsLine(p.index, text, m["page"], p.element in in_field, wrapped=" ".join(wrapped)))
        wrapped = []
    return lines


def _bookmarked(root, body: list[Paragraph]) -> dict[str, int]:
    """Bookmark name -> Paragraph.index of the paragraph it starts in (the first, if several)."""
    index = {p.element: p.index for p in body}
    out: dict[str, int] = {}
    for name, owner in starts(root):
        if owner in index:
            out.setdefault(name, index[owner])
    return out


def _target(p: Paragraph) -> str | None:
    """The bookmark a TOC field's line points at: its PAGEREF's, else its hyperlink's anchor."""
    m = _PAGEREF.search(paragraph_text(p.element))
    if m:
        return m[1]
    link = next(p.element.iter(qn("w:hyperlink")), None)
    return w_attr(link, "anchor") if link is not None else None


def _match(lines: list[ContentsLine], doc: Document, body: list[Paragraph], bookmarked: dict[str, int]) -> None:
    """Give every line the heading it names: by bookmark, else by its text (the wrapped lines
    before it joined to it, or it alone), the first such heading after the one matched before."""
    by_key: dict[str, list[int]] = {}
    for p in body:
        if p.skipped not in ("toc", "toa") and p.text.strip() and len(p.text) <= _LONGEST_HEADING:
            by_key.setdefault(heading_key(p.text), []).append(p.index)
    last = max((line.paragraph for line in lines), default=-1)  # headings follow the contents
    for line in lines:
        name = _target(doc.paragraphs[line.paragraph])
        if name is not None and name in bookmarked:
            line.heading = bookmarked[name]
            last = line.heading
            continue
        for text in ([f"{line.wrapped} {line.text}"] if line.wrapped else []) + [line.text]:
            if is_toa_heading(_NUMBERING.sub("", text)):
                line.names_table = True
                break
            found = by_key.get(heading_key(text), [])
            after = [i for i in found if i > last]
            if after or found:
                line.heading = (after or found)[0]
                line.text = text
                last = line.heading
                break
        else:
            line.text = f"{line.wrapped} {line.text}".strip()
