"""Comments: those of one author removed, with their ranges and reference marks."""

from __future__ import annotations

from . import R, RPR, qn, w_attr

_COMMENT = qn("w:comment")
_MARKS = (qn("w:commentRangeStart"), qn("w:commentRangeEnd"), qn("w:commentReference"))


def remove_comments(comments, body, author: str) -> int:
    """Remove the comments that `author` wrote from the comments part's root `comments`, and
    their ranges and reference marks from `body` (runs left empty go too); returns how many."""
    ids = {w_attr(c, "id") for c in comments.iterchildren(_COMMENT) if w_attr(c, "author") == author}
    if not ids:
        return 0
    for c in list(comments.iterchildren(_COMMENT)):
        if w_attr(c, "id") in ids:
            comments.remove(c)
    for el in list(body.iter(*_MARKS)):
        if w_attr(el, "id") not in ids:
            continue
        parent = el.getparent()
        parent.remove(el)
        if parent.tag == R and all(c.tag == RPR for c in parent):
            parent.getparent().remove(parent)
    return len(ids)
