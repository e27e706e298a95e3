"""Runs and text nodes: a run boundary at a text offset, nodes inserted there, and the text of
a paragraph as its XML holds it."""

from __future__ import annotations

import copy
from itertools import pairwise

from . import P, PPR, R, RPR, T, XML_SPACE, make, qn, w_attr

_FLD_SIMPLE = qn("w:fldSimple")


def is_paragraph(el) -> bool:
    return el.tag == P


def is_text(node) -> bool:
    """A w:t: characters as written (not a tab, a break or a symbol that prints as one)."""
    return node.tag == T


def paragraphs_of(block) -> list:
    """The w:p elements of a block (the paragraph itself, or those in a table or content control)."""
    return [block] if block.tag == P else list(block.iter(P))


def table_row(p):
    """The w:tr holding paragraph `p` (its innermost), or None outside a Word table."""
    return next(p.iterancestors(qn("w:tr")), None)


def outer_paragraphs(root) -> list:
    """The paragraphs under `root` that are not inside another paragraph (a text box's are)."""
    return [p for p in root.iter(P) if next(p.iterancestors(P), None) is None]


def paragraph(children=()):
    """A new w:p holding `children`."""
    p = make("w:p")
    for c in children:
        p.append(c)
    return p


def run(text: str | None = None, rpr=None, children=()):
    """A w:r with an optional copy of rPr, then children, then a w:t for text."""
    r = make("w:r")
    if rpr is not None:
        r.append(copy.deepcopy(rpr))
    for c in children:
        r.append(c)
    if text is not None:
        r.append(make("w:t", text=text))
    return r


def split_before(node, offset: int):
    """Make a run boundary before character `offset` of text node `node` (a child of a w:r).

    Returns the place where new runs go to sit at that point: (element, "before") or
    (element, "after"), for put(). The run is split in two when the point falls inside it;
    both halves keep the run's rPr. No index is computed: lxml finds a child's index, or inserts
    at one, by walking the siblings, which made many insertions in a long paragraph quadratic.
    """
    r = node.getparent()
    if r is None or r.tag != R:
        raise ValueError("text node is not inside a run")
    content = [c for c in r if c.tag != RPR]
    pos = content.index(node)
    text = node.text or ""
    if offset <= 0 and pos == 0:
        return r, "before"
    if node.tag != T or offset <= 0:
        # a one-character node (w:tab, w:br ...): offset 0 is before it, 1 after it
        moved = content[pos:] if offset <= 0 else content[pos + 1 :]
    elif offset >= len(text):
        moved = content[pos + 1 :]
    else:
        node.text = text[:offset]
        _preserve(node)
        moved = [make("w:t", text=text[offset:])] + content[pos + 1 :]
    if not moved:
        return r, "after"
    rpr = r.find(RPR)
    right = run(rpr=rpr)
    for c in moved:
        right.append(c)  # lxml moves the element
    r.addnext(right)
    return right, "before"


def place_before(node, offset: int):
    """Where nodes go to sit right before character `offset` of text node `node`: split_before's
    place, moved before a simple field that holds it (Word rewrites a simple field's result)."""
    element, side = split_before(node, offset)
    parent = element.getparent()
    while parent is not None and parent.tag == _FLD_SIMPLE:
        element, side, parent = parent, "before", parent.getparent()
    return element, side


def put(place, nodes) -> None:
    """Insert `nodes`, in order, at a place returned by split_before or place_before."""
    element, side = place
    if side == "before":
        for n in nodes:
            element.addprevious(n)
    else:
        for n in reversed(nodes):
            element.addnext(n)


def insert_at_start(p, nodes) -> None:
    """Insert `nodes`, in order, at the start of paragraph `p` (after its properties)."""
    idx = 1 if len(p) and p[0].tag == PPR else 0
    for k, node in enumerate(nodes):
        p.insert(idx + k, node)


def split_many(node, offsets: list[int]) -> None:
    """Cut text node `node` (a w:t in a w:r) at every offset at once, each part a run of its own
    with the run's rPr: one pass over the text, where one split_before per offset would copy
    the rest of a long text each time."""
    text = node.text or ""
    cuts = sorted({o for o in offsets if 0 < o < len(text)})
    r = node.getparent()
    if not cuts or r is None or r.tag != R:
        return
    content = [c for c in r if c.tag != RPR]
    after = content[content.index(node) + 1 :]
    bounds = cuts + [len(text)]
    node.text = text[: cuts[0]]
    _preserve(node)
    rpr = r.find(RPR)
    prev = r
    for k, (a, b) in enumerate(pairwise(bounds)):
        t = make("w:t", text=text[a:b])
        _preserve(t)
        new = run(rpr=rpr)
        new.append(t)
        if k == len(bounds) - 2:
            for c in after:
                new.append(c)  # lxml moves the element
        prev.addnext(new)
        prev = new


def _preserve(t):
    if t.text and (t.text != t.text.strip() or "  " in t.text):
        t.set(XML_SPACE, "preserve")


def isolate_note_reference(p, kind: str, note_id: str):
    """The run of the reference mark of footnote/endnote `note_id` in paragraph `p`, split off
    so that it holds the mark alone; None when the paragraph has no such mark in a run."""
    ref = next((el for el in p.iter(qn(f"w:{kind}Reference")) if w_attr(el, "id") == note_id), None)
    if ref is None or ref.getparent() is None or ref.getparent().tag != R:
        return None
    split_before(ref, 1)  # what follows the mark in its run moves to a run of its own
    split_before(ref, 0)  # and the mark leaves what precedes it
    return ref.getparent()


def remove_empty_runs(block) -> None:
    """Remove the runs of `block` that hold nothing but properties and empty w:t."""
    for r in list(block.iter(R)):
        if all(c.tag == RPR or (c.tag == T and not c.text) for c in r):
            r.getparent().remove(r)


def written_text(block) -> str:
    """The characters of the block's w:t elements, nothing else."""
    return "".join(t.text or "" for t in block.iter(T))


# What paragraph_text reads: text, codes, breaks, tabs, symbols.
_TEXT = {T, qn("w:delText")}
_CODE = {qn("w:instrText"), qn("w:delInstrText")}
_BREAKS = {qn("w:br"), qn("w:cr")}
_TABS = {qn("w:tab"), qn("w:ptab")}
_FLD_CHAR, _SYM = qn("w:fldChar"), qn("w:sym")
_NO_BREAK_HYPHEN, _SOFT_HYPHEN = qn("w:noBreakHyphen"), qn("w:softHyphen")


# The elements that stand for one character each
_CHARACTERS = {
    **dict.fromkeys(_TABS, "\t"),
    **dict.fromkeys(_BREAKS, "\n"),
    _NO_BREAK_HYPHEN: "\u2011",
    _SOFT_HYPHEN: "\u00ad",
}


def paragraph_text(p) -> str:
    """What a paragraph prints and codes: every w:t and w:delText, tabs, breaks, symbols and the
    codes of the fields it holds ("{PAGE}"), except TA fields, which are toa's own marks."""
    out: list[str] = []
    codes: list[list[str] | None] = []  # the fields open here: their code, or None once read
    for el in p.iter():
        tag = el.tag
        if tag in _TEXT:
            out.append(el.text or "")
        elif tag in _CODE:
            if not codes or codes[-1] is None:
                codes.append([])  # a field begun in an earlier paragraph
            codes[-1].append(el.text or "")  # type: ignore[union-attr]
        elif tag == _FLD_CHAR:
            kind = el.get(qn("w:fldCharType"))
            if kind == "begin":
                codes.append([])
            elif kind == "separate" and codes and codes[-1] is not None:
                out.append(_field(codes[-1]))
                codes[-1] = None  # its result follows
            elif kind == "end" and codes:
                code = codes.pop()
                if code is not None:
                    out.append(_field(code))
        elif tag in _CHARACTERS:
            out.append(_CHARACTERS[tag])
        elif tag == _SYM:
            out.append(el.get(qn("w:char")) or "")
        elif tag == _FLD_SIMPLE:
            out.append(_field([el.get(qn("w:instr")) or ""]))
    out.extend(_field(code) for code in codes if code is not None)
    return "".join(out)


def _field(code: list[str]) -> str:
    text = "".join(code)
    if text.split()[:1] and text.split()[0].upper() == "TA":  # toa's marks: old ones go, new ones come
        return ""
    return "{" + text.strip() + "}"
