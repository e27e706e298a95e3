"""Bookmarks at citations and section starts, for the temporary copy that is rendered to PDF."""

from __future__ import annotations

from typing import Any

from ..model import Document, Paragraph
from ..oxml.bookmarks import bookmark_pair, highest_id, starts
from ..oxml.sections import ends_section
from ..oxml.text import outer_paragraphs
from .errors import WriteError
from .insert import insert_all

OCC_BOOKMARK_PREFIX = "toaOcc"
SECTION_BOOKMARK_PREFIX = "toaSec"
TOA_BOOKMARK = "toaTable"


def insert_bookmarks(
    doc: Document, anchors: list[tuple[int, int]], sections: bool = True
) -> dict[str, tuple[int, int]]:
    """A bookmark `toaOcc<i>` at each (paragraph, offset) of `anchors`, and `toaSec<n>` at
    the start of the first paragraph of each section n. Returns name -> (paragraph, offset).

    For a temporary copy that LibreOffice renders: with ExportBookmarksToPDFDestination each
    bookmark becomes a PDF named destination on the page where it sits. Names are letters
    and digits only: LibreOffice escapes anything else in destination names ("_" -> "5F")."""
    ids = BookmarkIds(doc)
    names: dict[str, tuple[int, int]] = {}
    items: list[tuple[int, int | None, list[Any], None]] = []  # insert_all's: None, a paragraph's start
    for i, (pi, off) in enumerate(anchors):
        name = f"{OCC_BOOKMARK_PREFIX}{i}"
        names[name] = (pi, off)
        items.append((pi, off, bookmark_pair(name, ids.next()), None))
    if sections:
        for n, p in _section_starts(doc).items():
            name = f"{SECTION_BOOKMARK_PREFIX}{n}"
            names[name] = (p.index, 0)
            items.append((p.index, None, bookmark_pair(name, ids.next()), None))  # None: paragraph start
    failed = insert_all(doc, items)
    if failed:
        raise WriteError(f"{len(failed)} bookmarks could not be placed")
    return names


def misplaced_section_marks(doc: Document) -> list[int]:
    """The sections (after the first) whose `toaSec<n>` bookmark no longer sits in a paragraph
    that opens the section: one whose body-level predecessor paragraph ends a section."""
    paragraphs = outer_paragraphs(doc.package.body)  # not in a text box
    at = {p: n for n, p in enumerate(paragraphs)}
    out = []
    for name, owner in starts(doc.package.body):
        if not name.startswith(SECTION_BOOKMARK_PREFIX) or name == f"{SECTION_BOOKMARK_PREFIX}0":
            continue
        n = at.get(owner)
        before = paragraphs[n - 1] if n else None
        if before is None or not ends_section(before):
            out.append(int(name[len(SECTION_BOOKMARK_PREFIX) :]))
    return sorted(out)


def _section_starts(doc: Document) -> dict[int, Paragraph]:
    out: dict[int, Paragraph] = {}
    for p in doc.paragraphs:
        if p.story in ("body", "table") and p.section not in out:
            out[p.section] = p
    return out


class BookmarkIds:
    """Bookmark ids unique across the body and the notes."""

    def __init__(self, doc: Document):
        self._next = max((highest_id(root) for _story, root in doc.package.stories()), default=-1) + 1

    def next(self) -> int:
        self._next += 1
        return self._next - 1
