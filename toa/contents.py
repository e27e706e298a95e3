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

# What a line prints after its heading: a tab or a dot leader (two dots or more, spaced or not,
# or "…"), then the page. The codes of the fields it holds ({PAGEREF _Toc1 \h}) are no part of it.
# (Read from the end: a pattern run over the whole line backtracks through every dot of it.)
_PAGE_AT_END = re.compile(r"(?<![0-9a-z])(\d+a?|[ivxlc]+)$", re.I)
_LEADER_CHARS = " .…\t\u00a0"
_FIELD_CODE = re.compile(r"\{[A-Z]+\b[^{}]*\}")
_PAGE_LABEL = re.compile(r"^\s*page(?:\(s\)|s)?\s*$", re.I)  # the column's label over the pages
_PAGE_LABEL_FIRST = re.compile(r"^page(?:\(s\)|s)?\s+(?=\S)", re.I)  # ... run on before the first entry
# An entry's end in a paragraph of several: a dot leader, its page, then space or the end.
_RUN_ON = re.compile(r"(?:\.[^\S\t]*+){2,}+(\d+a?|[ivxlc]+)(?=\s|$)", re.I)
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


def stale_message(text: str, typed: str, page: str) -> str:
    """What a stale line is told: its heading, the page it gives and the page it should."""
    return f"{text}: the contents give page {typed}, the heading prints on page {page}"


def unmatched(contents: Contents, pagemap: PageMap) -> list[ContentsLine]:
    """The lines kept as typed because no heading (or no page for it) was found."""
    return [line for line in contents.lines if printed_page(line, pagemap) is None]


def _lines(toc: list[Paragraph], in_field: set) -> list[ContentsLine]:
    """The lines of the contents' paragraphs: one a paragraph, or several where a paragraph runs
    entries on after one another ("Opinions below .... 1 Jurisdiction .... 2", as a brief
    converted from a PDF has them)."""
    lines: list[ContentsLine] = []
    wrapped: list[str] = []  # the first lines of a line still to come
    for p in toc:
        field = p.element in in_field
        entries = list(_RUN_ON.finditer(p.text))
        if len(entries) > 1:
            start = 0
            for m in entries:
                text = _PAGE_LABEL_FIRST.sub("", " ".join(p.text[start : m.start()].split()))
                if text:
                    lines.append(ContentsLine(p.index, text, m[1], field, wrapped=" ".join(wrapped), end=m.end(1)))
                wrapped, start = [], m.end()
            rest = " ".join(p.text[start:].split())
            wrapped = [rest] if rest else []
            continue
        raw = _FIELD_CODE.sub("", paragraph_text(p.element)).strip()
        split = _split(raw)
        if split is None or not p.text.rstrip().endswith(split[1]):
            if raw and not (is_toc_heading(raw) or _PAGE_LABEL.match(raw)):
                wrapped = [*wrapped, " ".join(raw.split())][-_WRAPPED:]
            continue
        text, page = split
        end = len(p.text.rstrip())
        lines.append(ContentsLine(p.index, text, page, field, wrapped=" ".join(wrapped), end=end))
        wrapped = []
    return lines


def _split(raw: str) -> tuple[str, str] | None:
    """(heading text, page) of a line that ends in a leader and a page; else None."""
    tail = raw[-8:]
    m = _PAGE_AT_END.search(tail)
    if m is None or (m.start() == 0 and len(raw) > len(tail)):
        return None
    head = raw[: len(raw) - len(m[1])]
    text = head.rstrip(_LEADER_CHARS)
    leader = head[len(text) :]
    if not text or not ("\t" in leader or leader.count(".") >= 2 or "…" in leader):
        return None
    return " ".join(text.split()), m[1]


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
    own_title = next((p.index for p in body if p.skipped == "toc" and is_toc_heading(p.text)), None)
    for line in lines:
        if own_title is not None and is_toc_heading(_NUMBERING.sub("", line.text)):
            line.heading = own_title  # the contents' own line: its title's page
            continue
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
