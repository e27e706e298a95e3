"""Comments: added over a stretch of runs, and those of one author removed, with their ranges
and reference marks."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator

from . import R, RPR, make, qn, w_attr

_COMMENT = qn("w:comment")
_MARKS = (qn("w:commentRangeStart"), qn("w:commentRangeEnd"), qn("w:commentReference"))
_MAX_ID = 2**31 - 1  # Word reads a comment id as a signed 32-bit number


def fresh_comment_ids(comments, stories: Iterable) -> Iterator[int]:
    """Comment ids that no comment of the part `comments` and no comment mark in `stories` has:
    on from the largest, then the gaps below it. An id is a number in the schema, but a generated
    or damaged brief may hold any text ("abc"): such an id is left as it is, and no number
    collides with it."""
    used = set()
    for el in itertools.chain(comments.iterchildren(_COMMENT), *(root.iter(*_MARKS) for root in stories)):
        try:
            used.add(int(w_attr(el, "id")))
        except (TypeError, ValueError):
            continue
    top = max(used, default=-1)
    return itertools.chain(range(top + 1, _MAX_ID + 1), (i for i in range(min(top, _MAX_ID)) if i not in used))


def add_comment(comments, comment_id: int, first_run, last_run, text: str, author: str, initials: str, date: str):
    """Comment `text` in the comments part's root `comments`, over the runs from `first_run`
    through `last_run`, as Word writes one: its range around them, its reference mark after."""
    cid = str(comment_id)
    comment = make("w:comment", {"id": cid, "author": author, "date": date, "initials": initials})
    para = make("w:p")
    ppr = make("w:pPr")
    ppr.append(make("w:pStyle", {"val": "CommentText"}))
    para.append(ppr)
    para.append(_styled_run("CommentReference", make("w:annotationRef")))
    run = make("w:r")
    run.append(make("w:t", text=text))
    para.append(run)
    comment.append(para)
    comments.append(comment)
    first_run.addprevious(make("w:commentRangeStart", {"id": cid}))
    last_run.addnext(_styled_run("CommentReference", make("w:commentReference", {"id": cid})))
    last_run.addnext(make("w:commentRangeEnd", {"id": cid}))


def _styled_run(style: str, content):
    run = make("w:r")
    rpr = make("w:rPr")
    rpr.append(make("w:rStyle", {"val": style}))
    run.append(rpr)
    run.append(content)
    return run


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
