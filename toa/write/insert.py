"""Insertion of nodes at text offsets of a paragraph, and the paragraph read again after."""
from __future__ import annotations

from .. import document as _document
from ..model import Document, Paragraph
from ..oxml import qn, split_before
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
        # right to left; at one offset the later item first, so they end up in list order
        for off, _seq, nodes, tag in sorted(group, key=lambda g: (g[0], g[1]), reverse=True):
            try:
                if off < 0:
                    _insert_at_start(para.element, nodes)
                else:
                    parent, idx = _point(para, off)
                    for k, node in enumerate(nodes):
                        parent.insert(idx + k, node)
            except ValueError:
                failed.append(tag)
        styles = styles or _document._StyleInfo(doc.package)
        _reread(para, styles)
        _dirty(doc, para.story)
    return failed


def _insert_at_start(p, nodes) -> None:
    idx = 1 if len(p) and p[0].tag == _PPR else 0
    for k, node in enumerate(nodes):
        p.insert(idx + k, node)


def _point(para: Paragraph, offset: int):
    """(parent, index) where nodes go to sit right before character `offset` of the paragraph."""
    hit = next((pc for pc in para.pieces if pc.start <= offset < pc.end), None)
    if hit is None:
        hit = next((pc for pc in reversed(para.pieces) if pc.end == offset), None)
    if hit is None:
        if offset == 0 or not para.pieces:
            p = para.element
            return p, (1 if len(p) and p[0].tag == _PPR else 0)
        raise ValueError(f"offset {offset} is outside paragraph {para.index}")
    parent, idx = split_before(hit.node, hit.node_offset + offset - hit.start)
    while parent.tag == qn("w:fldSimple"):  # Word rewrites a simple field's result: go before it
        idx = parent.getparent().index(parent)
        parent = parent.getparent()
    return parent, idx


def _reread(para: Paragraph, styles) -> None:
    b = _document._read_paragraph(para.element, styles)
    text = "".join(b.chars)
    if text != para.text:
        raise WriteError(f"internal error: editing paragraph {para.index} changed its text")
    para.pieces = b.pieces
