"""A thin layer over the WordprocessingML XML: names, and the few edits the pipeline makes.

Like python-docx's own `oxml` package, everything here works on lxml elements, so the stages
above it can speak of paragraphs, offsets and fields instead of tags.
"""
from __future__ import annotations

import copy

from lxml import etree

W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
XML_SPACE = "{http://www.w3.org/XML/1998/namespace}space"


def safe_parser(huge_tree: bool = False) -> etree.XMLParser:
    """The one parser for XML that comes from outside (a brief's parts, a Flat OPC upload, a web
    service's answer): no entity expanded, no DTD loaded, no network. `huge_tree` lets very large
    text nodes through (an image's base64 in a Flat OPC package) where a size limit bounds them."""
    return etree.XMLParser(resolve_entities=False, load_dtd=False, no_network=True, huge_tree=huge_tree)


def qn(tag: str) -> str:
    """'w:p' -> '{namespace}p'."""
    prefix, local = tag.split(":")
    if prefix != "w":
        raise ValueError(f"unknown prefix {prefix!r}")
    return f"{{{W_NS}}}{local}"


def w_attr(el, name: str, default=None):
    return el.get(qn(f"w:{name}"), default)


def is_on(el) -> bool:
    """A toggle property (w:i, w:b, w:vanish ...) that is present and not switched off."""
    if el is None:
        return False
    val = w_attr(el, "val")
    return val not in ("0", "false", "off")


def make(tag: str, attrs: dict | None = None, text: str | None = None):
    el = etree.Element(qn(tag))
    for k, v in (attrs or {}).items():
        el.set(qn(f"w:{k}"), str(v))
    if text is not None:
        el.text = text
        if text != text.strip() or "  " in text:
            el.set(XML_SPACE, "preserve")
    return el


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
    if r is None or r.tag != qn("w:r"):
        raise ValueError("text node is not inside a run")
    content = [c for c in r if c.tag != qn("w:rPr")]
    pos = content.index(node)
    text = node.text or ""
    if offset <= 0 and pos == 0:
        return r, "before"
    if node.tag != qn("w:t") or offset <= 0:
        # a one-character node (w:tab, w:br ...): offset 0 is before it, 1 after it
        moved = content[pos:] if offset <= 0 else content[pos + 1:]
    elif offset >= len(text):
        moved = content[pos + 1:]
    else:
        node.text = text[:offset]
        _preserve(node)
        moved = [make("w:t", text=text[offset:])] + content[pos + 1:]
    if not moved:
        return r, "after"
    rpr = r.find(qn("w:rPr"))
    right = run(rpr=rpr)
    for c in moved:
        right.append(c)  # lxml moves the element
    r.addnext(right)
    return right, "before"


def put(place, nodes) -> None:
    """Insert `nodes`, in order, at a place returned by split_before."""
    element, side = place
    if side == "before":
        for n in nodes:
            element.addprevious(n)
    else:
        for n in reversed(nodes):
            element.addnext(n)


def split_many(node, offsets: list[int]) -> None:
    """Cut text node `node` (a w:t in a w:r) at every offset at once, each part a run of its own
    with the run's rPr: one pass over the text, where one split_before per offset would copy
    the rest of a long text each time."""
    text = node.text or ""
    cuts = sorted({o for o in offsets if 0 < o < len(text)})
    r = node.getparent()
    if not cuts or r is None or r.tag != qn("w:r"):
        return
    content = [c for c in r if c.tag != qn("w:rPr")]
    after = content[content.index(node) + 1:]
    bounds = cuts + [len(text)]
    node.text = text[:cuts[0]]
    _preserve(node)
    rpr = r.find(qn("w:rPr"))
    prev = r
    for k, (a, b) in enumerate(zip(bounds, bounds[1:])):
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


def field_quote(text: str) -> str:
    """Quote a field argument: a literal double quote is written as \\" inside the quotes."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
