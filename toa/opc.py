"""A .docx as an OPC package (ECMA-376 Part 2): what each part is and where its relationships
point, from the package's own [Content_Types].xml and relationship parts, not from file names.

A part's name says nothing: the main document may be `word/main.bin` when the content types and
`_rels/.rels` say so. Names here are zip entry names (no leading slash).
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from lxml import etree

CT_NS = "http://schemas.openxmlformats.org/package/2006/content-types"
REL_NS = "http://schemas.openxmlformats.org/package/2006/relationships"
R_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
TYPES_PART = "[Content_Types].xml"

# Relationship types whose target is XML to Word, LibreOffice, python-docx or toa, whatever
# content type the package gives it (toa reads the notes by relationship, LibreOffice lays out
# charts and diagrams): the last segment of the type's URI.
XML_RELATIONSHIPS = frozenset(
    {
        "officeDocument",
        "glossaryDocument",
        "styles",
        "stylesWithEffects",
        "settings",
        "webSettings",
        "fontTable",
        "numbering",
        "footnotes",
        "endnotes",
        "comments",
        "commentsExtended",
        "commentsIds",
        "commentsExtensible",
        "people",
        "header",
        "footer",
        "theme",
        "themeOverride",
        "customXml",
        "customXmlProps",
        "core-properties",
        "extended-properties",
        "custom-properties",
        "chart",
        "chartUserShapes",
        "chartStyle",
        "chartColorStyle",
        "diagramData",
        "diagramLayout",
        "diagramColors",
        "diagramQuickStyle",
        "diagramDrawing",
    }
)
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.\-]*:")


def content_types(root: etree._Element | None) -> Callable[[str], str]:
    """part name -> its content type ("" when the package gives none), from the parsed
    [Content_Types].xml: an Override for the part, else the Default for its extension; both
    compared without regard to case, as OPC says."""
    defaults: dict[str, str] = {}
    overrides: dict[str, str] = {}
    if root is not None:
        for el in root.iter(f"{{{CT_NS}}}Default"):
            defaults[(el.get("Extension") or "").lower()] = el.get("ContentType") or ""
        for el in root.iter(f"{{{CT_NS}}}Override"):
            overrides[(el.get("PartName") or "").lstrip("/").lower()] = el.get("ContentType") or ""

    def of(name: str) -> str:
        key = name.lower()
        if key in overrides:
            return overrides[key]
        base = posixpath.basename(key)
        return defaults.get(base.rsplit(".", 1)[1], "") if "." in base else ""

    return of


def is_xml(content_type: str) -> bool:
    """An XML content type that something parses (an SVG picture is an image, handed on as bytes)."""
    ctype = content_type.split(";")[0].strip().lower()
    return (ctype.endswith("+xml") or ctype in ("application/xml", "text/xml")) and not ctype.startswith("image/")


def is_rels(name: str) -> bool:
    return posixpath.basename(posixpath.dirname(name)) == "_rels" and name.endswith(".rels")


@dataclass
class Relationship:
    element: etree._Element  # the <Relationship> element, in its parsed relationship part
    source: str  # the part it belongs to ("" for the package)
    id: str
    type: str
    target: str  # the part name it points at; the URI itself when external

    @property
    def kind(self) -> str:
        """The last segment of the type ("image", "footnotes", "aFChunk")."""
        return self.type.rstrip("/").rsplit("/", 1)[-1]


def source_of(rels_name: str) -> str:
    """`word/_rels/document.xml.rels` -> `word/document.xml`; `_rels/.rels` -> "" (the package)."""
    folder = posixpath.dirname(posixpath.dirname(rels_name))
    return posixpath.join(folder, posixpath.basename(rels_name)[: -len(".rels")]).lstrip("/")


def is_external(el: etree._Element) -> bool:
    """A relationship that leaves the package: TargetMode="External", or a target that is a URI
    with a scheme (http:, file:, C:) or a network path (//host, \\\\host) whatever its mode says."""
    target = (el.get("Target") or "").strip()
    return el.get("TargetMode") == "External" or bool(_SCHEME.match(target)) or target.startswith(("//", "\\\\"))


def relationships(rels_name: str, root: etree._Element) -> Iterator[Relationship]:
    """The relationships of one parsed relationship part, targets resolved as python-docx does."""
    source = source_of(rels_name)
    base = "/" + posixpath.dirname(source)
    for el in root.iter(f"{{{REL_NS}}}Relationship"):
        target = el.get("Target") or ""
        if not is_external(el):
            target = posixpath.abspath(posixpath.join(base, target)).lstrip("/")
        yield Relationship(el, source, el.get("Id") or "", el.get("Type") or "", target)
