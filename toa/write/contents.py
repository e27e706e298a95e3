"""The brief's table of contents made true: each line that names a heading gets the page that
heading prints on in the layout the table's pages came from (contents.printed_page).

Only the page number at the end of a line changes, in the text node(s) that hold it: a typed
line's, or the cached result of a TOC field's line (its PAGEREF's result). The heading text,
the leader, every other line and a line that names no heading stay as they are; the integrity
check (check_text's `renumbered`) allows exactly these changes. A line whose edit would come out
as anything else there (text after its page that the reader does not show, a tracked deletion)
is put back as it was: a build never fails on its contents.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..contents import stale
from ..model import Contents, ContentsLine, Document, PageMap, Paragraph
from ..oxml.text import paragraph_text
from .integrity import only_pages_changed


@dataclass
class Renumbered:
    """A paragraph of the contents whose lines were given their headings' pages."""

    element: Any  # the w:p
    pages: list[str]  # the pages it now gives where it gave others, in order


def renumber_contents(doc: Document, contents: Contents, pagemap: PageMap) -> list[Renumbered]:
    """Put the printed page into every contents line that gives another; returns what changed."""
    by_paragraph: dict[int, list[tuple[ContentsLine, str]]] = {}
    for line, page in stale(contents, pagemap):
        by_paragraph.setdefault(line.paragraph, []).append((line, page))
    out = []
    for index, lines in by_paragraph.items():
        p = doc.paragraphs[index]
        before = paragraph_text(p.element)
        undo: list[tuple[Any, str | None]] = []
        done: list[tuple[int, str]] = []
        for line, page in sorted(lines, key=lambda lp: -lp[0].end):  # the last first: offsets before it hold
            start = line.end - len(line.page)
            if p.text[start : line.end] == line.page:  # else the paragraph changed since it was read
                undo += _replace(p, start, line.end, page)
                done.append((start, page))
        pages = [page for _start, page in sorted(done)]
        if not done or not only_pages_changed(before, paragraph_text(p.element), pages):
            for node, text in reversed(undo):
                node.text = text
            continue
        out.append(Renumbered(p.element, pages))
    return out


def _replace(p: Paragraph, start: int, end: int, text: str) -> list[tuple[Any, str | None]]:
    """Replace the characters [start, end) of the paragraph's text by `text`, in the text nodes
    that hold them: the first takes `text`, the others lose their part. Returns (node, its text
    before) for every node changed."""
    undo = []
    first = True
    for piece in p.pieces:
        lo, hi = max(start, piece.start), min(end, piece.end)
        if lo >= hi:
            continue
        node = piece.node
        at = piece.node_offset + (lo - piece.start)
        undo.append((node, node.text))
        old = node.text or ""
        node.text = old[:at] + (text if first else "") + old[at + hi - lo :]
        first = False
    return undo
