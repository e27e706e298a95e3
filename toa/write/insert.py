"""Insertion of nodes at text offsets of a paragraph, and the paragraph read again after."""
from __future__ import annotations

import bisect

from .. import document as _document
from ..model import Document, Paragraph
from ..oxml import put, qn, split_before, split_many
from .errors import WriteError
from .package import _dirty
from .tags import _PPR


def _insert_all(doc: Document, items: list) -> list:
    """Insert nodes at text positions. items: (paragraph index, offset | None, nodes, tag).

    Right to left within a paragraph so the earlier offsets stay valid; afterwards the
    paragraph's pieces are read again (the inserted nodes print nothing, so its text must come
    out the same: checked). Returns the tags of items that could not be placed."""
    by_para: dict[int, list] = {}
    for seq, (pi, off, nodes, tag) in enumerate(items):
        by_para.setdefault(pi, []).append((-1 if off is None else off, seq, nodes, tag))
    failed = []
    styles = None
    for pi, group in by_para.items():
        para = doc.paragraphs[pi]
        if len(group) > _PRESPLIT:
            styles = styles or _document._StyleInfo(doc.package)
            _presplit(para, sorted({g[0] for g in group if g[0] > 0}))
            _reread(para, styles)
        starts = [pc.start for pc in para.pieces]
        # right to left; at one offset the later item first, so they end up in list order
        for off, _seq, nodes, tag in sorted(group, key=lambda g: (g[0], g[1]), reverse=True):
            try:
                if off < 0:
                    _insert_at_start(para.element, nodes)
                else:
                    place = _point(para, off, starts)
                    if place is None:
                        _insert_at_start(para.element, nodes)
                    else:
                        put(place, nodes)
            except ValueError:
                failed.append(tag)
        styles = styles or _document._StyleInfo(doc.package)
        _reread(para, styles)
        _dirty(doc, para.story)
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
            if pc.node.tag == qn("w:t"):
                cuts.setdefault(pc.node, []).append(pc.node_offset + offsets[j] - pc.start)
            j += 1
    for node, node_cuts in cuts.items():
        split_many(node, node_cuts)


def _insert_at_start(p, nodes) -> None:
    idx = 1 if len(p) and p[0].tag == _PPR else 0
    for k, node in enumerate(nodes):
        p.insert(idx + k, node)


def _point(para: Paragraph, offset: int, starts: list[int] | None = None):
    """Where nodes go to sit right before character `offset` of the paragraph: a place for
    oxml.put, or None for the start of the paragraph. `starts`: the pieces' start offsets
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
    element, side = split_before(hit.node, hit.node_offset + offset - hit.start)
    parent = element.getparent()
    while parent is not None and parent.tag == qn("w:fldSimple"):
        # Word rewrites a simple field's result: go before the field
        element, side, parent = parent, "before", parent.getparent()
    return element, side


def _reread(para: Paragraph, styles) -> None:
    b = _document._read_paragraph(para.element, styles)
    text = "".join(b.chars)
    if text != para.text:
        raise WriteError(f"internal error: editing paragraph {para.index} changed its text")
    para.pieces = b.pieces
