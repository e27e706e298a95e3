"""A thin layer over the WordprocessingML XML: names, and the edits the pipeline makes.

Like python-docx's own `oxml` package, everything here works on lxml elements, so the stages
above it can speak of paragraphs, offsets and fields instead of tags. This module holds the
names, the parser and the references to relationships (found, dropped); each concern has a
module of its own:

  text      paragraphs, runs and text nodes: splitting at an offset, inserting there, a
            paragraph's text, a note's reference mark in a run of its own
  fields    complex fields: walking them, TA fields removed, hidden fields made, a field around
            paragraphs, fields unwrapped to their result
  sections  section properties and page breaks: moved, kept, the text width of a section
  bookmarks bookmark pairs, their ids, moving them
  comments  one author's comments removed with their ranges
  styles    what the styles part says (emphasis, names, size), a paragraph dressed like another,
            styles copied in from a template
  settings  w:updateFields, the notes' number formats

The readers that parse whole parts (document.py's paragraphs and runs, fonts.py's fonts,
package.py, opc.py and flatopc.py) use the names here too.
"""

from __future__ import annotations

import functools

from lxml import etree

W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
R_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
O_NS = "urn:schemas-microsoft-com:office:office"
XML_SPACE = "{http://www.w3.org/XML/1998/namespace}space"


def safe_parser(huge_tree: bool = False) -> etree.XMLParser:
    """The one parser for XML that comes from outside (a brief's parts, a Flat OPC upload, a web
    service's answer): no entity expanded, no DTD loaded, no network. `huge_tree` lets very large
    text nodes through (an image's base64 in a Flat OPC package) where a size limit bounds them."""
    return etree.XMLParser(resolve_entities=False, load_dtd=False, no_network=True, huge_tree=huge_tree)


def serialize(root) -> bytes:
    """A part's XML as Word writes it: declaration, UTF-8, standalone."""
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)


@functools.cache  # called for every element a build reads (some 20,000 a brief): a lookup, not a split
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


def field_quote(text: str) -> str:
    """Quote a field argument: a literal double quote is written as \\" inside the quotes."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


# Names more than one module of this layer looks for.
P, R, T = qn("w:p"), qn("w:r"), qn("w:t")
PPR, RPR, SECTPR = qn("w:pPr"), qn("w:rPr"), qn("w:sectPr")


def refers_to_parts(block) -> bool:
    """Some element of the block points at a relationship (a picture, a link, an embedded object)."""
    return any(k.startswith(f"{{{R_NS}}}") for el in block.iter() for k in el.attrib)


# Elements that are nothing but a pointer to a relationship: they go with it.
_LINK_ELEMENTS = frozenset({qn("w:altChunk"), qn("w:subDoc"), qn("w:attachedTemplate")})


def drop_references(root, ids: set[str]) -> bool:
    """Remove what points at the relationships `ids`: the attribute (r:link on a picture, r:id on
    a hyperlink or OLE object, o:relid), or the whole element when it is only a pointer
    (w:altChunk, w:subDoc, w:attachedTemplate). True when anything went."""
    if not ids:
        return False
    hit = False
    for el in list(root.iter()):
        refs = [k for k, v in el.attrib.items() if v in ids and k.startswith((f"{{{R_NS}}}", f"{{{O_NS}}}"))]
        if not refs:
            continue
        hit = True
        if el.tag in _LINK_ELEMENTS and el.getparent() is not None:
            el.getparent().remove(el)
            continue
        for k in refs:
            del el.attrib[k]
    return hit
