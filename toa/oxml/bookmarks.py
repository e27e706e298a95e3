"""Bookmarks: a new pair, the highest id in use, those a block holds, moving them."""

from __future__ import annotations

from . import P, make, qn, w_attr
from .text import insert_at_start

_START, _END = qn("w:bookmarkStart"), qn("w:bookmarkEnd")


def bookmark_pair(name: str, bid: int) -> list:
    """An empty bookmark: its start and end, to insert together."""
    return [make("w:bookmarkStart", {"id": bid, "name": name}), make("w:bookmarkEnd", {"id": bid})]


def highest_id(root) -> int:
    """The highest numeric bookmark id under `root`, -1 when none."""
    top = -1
    for b in root.iter(_START, _END):
        v = w_attr(b, "id")
        if v and v.lstrip("-").isdigit():
            top = max(top, int(v))
    return top


def bookmarks_in(block) -> list:
    """The bookmark starts and ends in a block, in document order."""
    return list(block.iter(_START, _END))


def starts(root):
    """(name, the paragraph holding it or None) of every bookmark start under `root`."""
    for start in root.iter(_START):
        yield w_attr(start, "name") or "", next(start.iterancestors(P), None)


def move_to_start(p, marks: list) -> None:
    """Move bookmark starts and ends, in order, to the start of paragraph `p`."""
    for bm in reversed(marks):
        if bm.getparent() is not None:
            bm.getparent().remove(bm)
        insert_at_start(p, [bm])
