"""Insertion of nodes at text offsets of a paragraph, and the paragraph read again after."""

from __future__ import annotations

import bisect

from ..document import read_pieces
from ..model import Document, Paragraph
from ..oxml.styles import StyleInfo
from ..oxml.text import insert_at_start, is_text, place_before, put, split_many
from .errors import WriteError


def insert_all(doc: Document, items: list) -> list:
    """Insert nodes at text positions. items: (paragraph index, offset | None, nodes, tag).

    Right to left within a paragraph so the earlier offsets stay valid; afterwards the
    paragraph's pieces are read again (the inserted nodes print nothing, so its text must come
    out the same: checked). Returns the tags of items that could not be placed."""
    by_para: dict[int, list] = {}
    for seq, (pi, off, nodes, tag) in enumerate(items):
        by_para.setdefault(pi, []).append((-1 if off is None else off, seq, nodes, tag))
    failed = []
    styles = doc.package.styles
    for pi, group in by_para.items():
        para = doc.paragraphs[pi]
        if len(group) > _PRESPLIT:
            _presplit(para, sorted({g[0] for g in group if g[0] > 0}))
            reread(para, styles)
        starts = [pc.start for pc in para.pieces]
        # right to left; at one offset the later item first, so they end up in list order
        for off, _seq, nodes, tag in sorted(group, key=lambda g: (g[0], g[1]), reverse=True):
            try:
                if off < 0:
                    insert_at_start(para.element, nodes)
                else:
                    place = _point(para, off, starts)
                    if place is None:
                        insert_at_start(para.element, nodes)
                    else:
                        put(place, nodes)
            except ValueError:
                failed.append(tag)
        reread(para, styles)
        doc.package.changed(para.story)
    return failed


_PRESPLIT = 16  # more insertions than this in one paragraph: cut its text nodes in one pass first


def _presplit(para: Paragraph, offsets: list[int]) -> None:
    """Cut the paragraph's text nodes at every insertion offset at once, so that the
    insertions that follow split nothing long (linear time in the paragraph's length)."""
    cuts: dict = {}
    i = 0
    for pc in para.pieces:
        while i < len(offsets) and offsets[i] <= pc.start:
            i += 1
        j = i
        while j < len(offsets) and offsets[j] < pc.end:
            if is_text(pc.node):
                cuts.setdefault(pc.node, []).append(pc.node_offset + offsets[j] - pc.start)
            j += 1
    for node, node_cuts in cuts.items():
        split_many(node, node_cuts)


def _point(para: Paragraph, offset: int, starts: list[int] | None = None):
    """Where nodes go to sit right before character `offset` of the paragraph: a place for
    oxml.text.put, or None for the start of the paragraph. `starts`: the pieces' start offsets
    (sorted), to find the piece by bisection."""
    starts = starts if starts is not None else [pc.start for pc in para.pieces]
    at = bisect.bisect_right(starts, offset) - 1
    hit = para.pieces[at] if at >= 0 and para.pieces[at].start <= offset < para.pieces[at].end else None
    if hit is None:
        hit = next((pc for pc in reversed(para.pieces) if pc.end == offset), None)
    if hit is None:
        if offset == 0 or not para.pieces:
            return None
        raise ValueError(f"offset {offset} is outside paragraph {para.index}")
    return place_before(hit.node, hit.node_offset + offset - hit.start)


def reread(para: Paragraph, styles: StyleInfo) -> None:
    """Read the pieces of an edited paragraph again; its text must not have changed."""
    text, pieces = read_pieces(para.element, styles)
    if text != para.text:
        raise WriteError(f"internal error: editing paragraph {para.index} changed its text")
    para.pieces = pieces
