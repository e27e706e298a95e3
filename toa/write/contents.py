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
from ..model import Contents, Document, PageMap, Paragraph
from ..oxml.text import paragraph_text
from .integrity import with_page


@dataclass
class Renumbered:
    """A contents line given its heading's page."""

    element: Any  # the line's w:p
    page: str  # the page it now gives


def renumber_contents(doc: Document, contents: Contents, pagemap: PageMap) -> list[Renumbered]:
    """Put the printed page into every contents line that gives another; returns what changed."""
    out = []
    for line, page in stale(contents, pagemap):
        p = doc.paragraphs[line.paragraph]
        end = len(p.text.rstrip())
        start = end - len(line.page)
        if p.text[start:end] != line.page:  # the paragraph changed since it was read: leave it
            continue
        before = paragraph_text(p.element)
        undo = _replace(p, start, end, page)
        if paragraph_text(p.element) != with_page(before, page):
            for node, text in undo:
                node.text = text
            continue
        out.append(Renumbered(p.element, page))
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
