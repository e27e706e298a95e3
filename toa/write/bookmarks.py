"""Bookmarks at citations and section starts, for the temporary copy that is rendered to PDF."""
from __future__ import annotations

from ..model import Document, Paragraph
from ..oxml import make, qn, w_attr
from .errors import WriteError
from .insert import _insert_all
from .package import _roots
from .tags import _P, _PPR, _SECTPR

OCC_BOOKMARK_PREFIX = "toaOcc"
SECTION_BOOKMARK_PREFIX = "toaSec"
TOA_BOOKMARK = "toaTable"


def insert_bookmarks(doc: Document, anchors: list[tuple[int, int]], sections: bool = True
                     ) -> dict[str, tuple[int, int]]:
    """A bookmark `toaOcc<i>` at each (paragraph, offset) of `anchors`, and `toaSec<n>` at
    the start of the first paragraph of each section n. Returns name -> (paragraph, offset).

    For a temporary copy that LibreOffice renders: with ExportBookmarksToPDFDestination each
    bookmark becomes a PDF named destination on the page where it sits. Names are letters
    and digits only: LibreOffice escapes anything else in destination names ("_" -> "5F")."""
    ids = _BookmarkIds(doc)
    names: dict[str, tuple[int, int]] = {}
    items = []
    for i, (pi, off) in enumerate(anchors):
        name = f"{OCC_BOOKMARK_PREFIX}{i}"
        names[name] = (pi, off)
        items.append((pi, off, _bookmark_pair(name, ids.next()), None))
    if sections:
        for n, p in _section_starts(doc).items():
            name = f"{SECTION_BOOKMARK_PREFIX}{n}"
            names[name] = (p.index, 0)
            items.append((p.index, None, _bookmark_pair(name, ids.next()), None))  # None: paragraph start
    failed = _insert_all(doc, items)
    if failed:
        raise WriteError(f"{len(failed)} bookmarks could not be placed")
    return names


def misplaced_section_marks(doc: Document) -> list[int]:
    """The sections (after the first) whose `toaSec<n>` bookmark no longer sits in a paragraph
    that opens the section: one whose body-level predecessor paragraph ends a section."""
    body = doc.package.element.body
    paragraphs = [p for p in body.iter(_P) if next(p.iterancestors(_P), None) is None]  # not in a text box
    at = {p: n for n, p in enumerate(paragraphs)}
    out = []
    for start in body.iter(qn("w:bookmarkStart")):
        name = w_attr(start, "name") or ""
        if not name.startswith(SECTION_BOOKMARK_PREFIX) or name == f"{SECTION_BOOKMARK_PREFIX}0":
            continue
        owner = next(start.iterancestors(_P), None)
        n = at.get(owner)
        before = paragraphs[n - 1] if n else None
        if before is None or before.find(f"{_PPR}/{_SECTPR}") is None:
            out.append(int(name[len(SECTION_BOOKMARK_PREFIX):]))
    return sorted(out)


def _section_starts(doc: Document) -> dict[int, Paragraph]:
    out: dict[int, Paragraph] = {}
    for p in doc.paragraphs:
        if p.story in ("body", "table") and p.section not in out:
            out[p.section] = p
    return out


def _bookmark_pair(name: str, bid: int) -> list:
    return [make("w:bookmarkStart", {"id": bid, "name": name}), make("w:bookmarkEnd", {"id": bid})]


class _BookmarkIds:
    """Bookmark ids unique across the body and the notes."""

    def __init__(self, doc: Document):
        top = -1
        for root, _kind in _roots(doc):
            for b in root.iter(qn("w:bookmarkStart"), qn("w:bookmarkEnd")):
                v = w_attr(b, "id")
                if v and v.lstrip("-").isdigit():
                    top = max(top, int(v))
        self._next = top + 1

    def next(self) -> int:
        self._next += 1
        return self._next - 1
