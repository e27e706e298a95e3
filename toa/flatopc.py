"""Flat OPC (one XML document holding every part, what Word's Body.getOoxml() returns) to a
.docx package, and a package's parts back to Flat OPC (what Range.insertOoxml takes), such as
a document of a few blocks with the styles they use (body_package).

Every part the XML carries is kept as it is: the main document with its section properties,
styles, numbering, footnotes and endnotes, settings, relationships. Word on the web sends only
what the body needs, so a relationship whose target part is missing (a header, an image) is
dropped, together with the header/footer references that used it; the rest of the section
properties stay.
"""

from __future__ import annotations

import base64
import binascii
import copy
import io
import posixpath
import zipfile

from lxml import etree

from . import opc
from .package import PastLimit, Volume, count_markup
from .opc import CT_NS, R_NS, REL_NS
from .oxml import safe_parser

PKG_NS = "http://schemas.microsoft.com/office/2006/xmlPackage"
W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
OFFICE_DOCUMENT = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument"
MAIN_TYPES = (
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml",
    "application/vnd.ms-word.document.macroEnabled.main+xml",
    "application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml",
)
RELS_TYPE = "application/vnd.openxmlformats-package.relationships+xml"
STYLES_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"
STYLES_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles"


class FlatOpcError(Exception):
    """The XML is not a Word Flat OPC package; the message is one line for the user."""


def _parser() -> etree.XMLParser:
    # Large text nodes (an image's base64) are allowed: the request's size limit bounds them.
    return safe_parser(huge_tree=True)


def _p(local: str) -> str:
    return f"{{{PKG_NS}}}{local}"


def to_docx(xml: bytes, first=()) -> bytes:
    """The .docx package of a Flat OPC document, with copies of the blocks `first` (w:p) before
    its body's own. Raises FlatOpcError."""
    try:  # before parsing: a parse holds memory for every tag and attribute
        count_markup(xml, Volume())
    except PastLimit as exc:
        raise FlatOpcError(f"the document XML {exc}") from None
    try:
        root = etree.fromstring(xml, _parser())
    except etree.XMLSyntaxError as exc:
        raise FlatOpcError(f"the document XML is malformed ({exc.msg})") from None
    if root.tag != _p("package"):
        raise FlatOpcError("the XML is not a Flat OPC package (no pkg:package root)")
    parts: dict[str, tuple[str, bytes]] = {}
    for part in root.iter(_p("part")):
        name = part.get(_p("name")) or ""
        ctype = part.get(_p("contentType")) or ""
        path = posixpath.normpath(name).lstrip("/")
        if not name.startswith("/") or not path or path.startswith("..") or path.startswith("[Content_Types]"):
            raise FlatOpcError(f"the package has a part with a bad name ({name[:60]!r})")
        xml_data = part.find(_p("xmlData"))
        bin_data = part.find(_p("binaryData"))
        if xml_data is not None and len(xml_data):
            if ctype in MAIN_TYPES and first:
                _put_first(xml_data[0], first)
                first = ()  # (the document part: the first part of a main type, as below)
            data = _part_xml(xml_data[0])
        elif bin_data is not None:
            try:
                data = base64.b64decode("".join((bin_data.text or "").split()), validate=True)
            except (binascii.Error, ValueError):
                raise FlatOpcError(f"the package part {name} holds bad base64 data") from None
        else:
            raise FlatOpcError(f"the package part {name} is empty")
        parts[path] = (ctype, data)
    main = next((p for p, (ct, _d) in parts.items() if ct in MAIN_TYPES), None)
    if main is None:
        raise FlatOpcError("the package has no Word document part")
    if "_rels/.rels" not in parts:
        parts["_rels/.rels"] = (RELS_TYPE, _relationships([("rId1", OFFICE_DOCUMENT, "/" + main)]))
    _drop_dangling(parts)
    return _zip(parts)


def _put_first(document, blocks) -> None:
    body = document.find(f"{{{W_NS}}}body")
    if body is None:
        raise FlatOpcError("the package's Word document has no body")
    for i, block in enumerate(blocks):
        body.insert(i, copy.deepcopy(block))


def _part_xml(el) -> bytes:
    """A part's XML on its own: the package's namespace declaration goes, every other one stays
    (mc:Ignorable names prefixes that no element uses)."""
    data = etree.tostring(el, xml_declaration=True, encoding="UTF-8", standalone=True)
    declaration = f' xmlns:pkg="{PKG_NS}"'.encode()
    uses_pkg = any(isinstance(e.tag, str) and e.tag.startswith(f"{{{PKG_NS}}}") for e in el.iter())
    if not uses_pkg and el.nsmap.get("pkg") == PKG_NS:
        head, sep, rest = data.partition(b">\n") if data.startswith(b"<?xml") else (b"", b"", data)
        start_end = rest.index(b">")
        rest = rest[:start_end].replace(declaration, b"", 1) + rest[start_end:]
        data = head + sep + rest
    return data


def _relationships(rels: list[tuple[str, str, str]]) -> bytes:
    root = etree.Element(f"{{{REL_NS}}}Relationships", nsmap={None: REL_NS})
    for rid, rtype, target in rels:
        etree.SubElement(root, f"{{{REL_NS}}}Relationship", Id=rid, Type=rtype, Target=target)
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)


def _drop_dangling(parts: dict[str, tuple[str, bytes]]) -> None:
    """Remove internal relationships to parts the package lacks, and the header/footer
    references (in sectPr) that point at them: a reader would otherwise fail on the package."""
    for rels_path in [p for p in parts if opc.is_rels(p)]:
        ctype, data = parts[rels_path]
        source = opc.source_of(rels_path)
        rels = etree.fromstring(data, _parser())
        gone = set()
        for rel in list(opc.relationships(rels_path, rels)):
            if not opc.is_external(rel.element) and rel.target not in parts:
                rel.element.getparent().remove(rel.element)
                gone.add(rel.id)
        if not gone:
            continue
        parts[rels_path] = (ctype, etree.tostring(rels, xml_declaration=True, encoding="UTF-8", standalone=True))
        if source in parts and parts[source][0] in MAIN_TYPES:
            sctype, sdata = parts[source]
            doc = etree.fromstring(sdata, _parser())
            for tag in ("headerReference", "footerReference"):
                for ref in list(doc.iter(f"{{{W_NS}}}{tag}")):
                    if ref.get(f"{{{R_NS}}}id") in gone:
                        ref.getparent().remove(ref)
            parts[source] = (sctype, etree.tostring(doc, xml_declaration=True, encoding="UTF-8", standalone=True))


def _zip(parts: dict[str, tuple[str, bytes]]) -> bytes:
    types = etree.Element(f"{{{CT_NS}}}Types", nsmap={None: CT_NS})
    etree.SubElement(types, f"{{{CT_NS}}}Default", Extension="rels", ContentType=RELS_TYPE)
    etree.SubElement(types, f"{{{CT_NS}}}Default", Extension="xml", ContentType="application/xml")
    for path, (ctype, _data) in parts.items():
        if not path.endswith(".rels") and ctype:
            etree.SubElement(types, f"{{{CT_NS}}}Override", PartName="/" + path, ContentType=ctype)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr(
            "[Content_Types].xml", etree.tostring(types, xml_declaration=True, encoding="UTF-8", standalone=True)
        )
        for path, (_ctype, data) in parts.items():
            zf.writestr(path, data)
    return buf.getvalue()


def from_parts(parts: list[tuple[str, str, bytes]]) -> str:
    """A Flat OPC document from (part name "/word/document.xml", content type, XML bytes)."""
    root = etree.Element(_p("package"), nsmap={"pkg": PKG_NS})
    for name, ctype, data in parts:
        part = etree.SubElement(root, _p("part"))
        part.set(_p("name"), name)
        part.set(_p("contentType"), ctype)
        holder = etree.SubElement(part, _p("xmlData"))
        holder.append(etree.fromstring(data, _parser()))
    return '<?xml version="1.0" standalone="yes"?>\n<?mso-application progid="Word.Document"?>\n' + etree.tostring(
        root, encoding="unicode"
    )


def body_package(blocks, styles=None) -> str:
    """A Flat OPC document whose body is `blocks` (copies), with the styles part `styles` (the
    w:styles element) when given."""
    document = etree.Element(f"{{{W_NS}}}document", nsmap={"w": W_NS})
    body = etree.SubElement(document, f"{{{W_NS}}}body")
    for b in blocks:
        body.append(copy.deepcopy(b))
    parts = [
        ("/_rels/.rels", RELS_TYPE, _relationships([("rId1", OFFICE_DOCUMENT, "word/document.xml")])),
        ("/word/document.xml", MAIN_TYPES[0], etree.tostring(document)),
    ]
    if styles is not None:
        styles_rel = _relationships([("rId1", STYLES_REL, "styles.xml")])
        parts.insert(1, ("/word/_rels/document.xml.rels", RELS_TYPE, styles_rel))
        parts.append(("/word/styles.xml", STYLES_TYPE, etree.tostring(styles)))
    return from_parts(parts)
