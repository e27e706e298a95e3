"""What a stub of Word holds for a .docx, read independently of toa's reader: the text of every
body paragraph and of every footnote as Word's search sees it (w:t text; tabs and line breaks
as characters; no deleted text, no field codes, no hidden runs), the spans of the body's text
in italic runs, Word's search over them, and
the Flat OPC that Body.getOoxml() gives (every part of the package in one XML document)."""

from __future__ import annotations

import base64
import zipfile

from lxml import etree

W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
PKG = "http://schemas.microsoft.com/office/2006/xmlPackage"


def _para_text(p) -> str:
    """A paragraph's text as Word's search sees it: field results but not field codes."""
    return "".join(text for text, _italic in _para_pieces(p))


def _italic_spans(p) -> list[list[int]]:
    """The [start, end) spans of a paragraph's text (as _para_text gives it) in italic runs."""
    spans: list[list[int]] = []
    at = 0
    for text, italic in _para_pieces(p):
        if italic and text:
            if spans and spans[-1][1] == at:
                spans[-1][1] = at + len(text)
            else:
                spans.append([at, at + len(text)])
        at += len(text)
    return spans


def _italic(rpr) -> bool:
    """Whether a run's own properties set it in italics (w:i, not switched off)."""
    i = rpr.find(f"{W}i") if rpr is not None else None
    return i is not None and i.get(f"{W}val", "true") not in ("0", "false", "off")


def _para_pieces(p) -> list[tuple[str, bool]]:
    """The pieces of a paragraph's text as Word's search sees it, each with whether it is italic."""
    out, in_code = [], []  # one entry per open field: True while its code is being read
    for r in p.iter(f"{W}r"):
        if any(a.tag == f"{W}del" for a in r.iterancestors()):
            continue
        rpr = r.find(f"{W}rPr")
        hidden = rpr is not None and rpr.find(f"{W}vanish") is not None
        for c in r:
            if c.tag == f"{W}fldChar":
                kind = c.get(f"{W}fldCharType")
                if kind == "begin":
                    in_code.append(True)
                elif kind == "separate" and in_code:
                    in_code[-1] = False
                elif kind == "end" and in_code:
                    in_code.pop()
                continue
            if hidden or any(in_code):
                continue
            if c.tag == f"{W}t":
                out.append((c.text or "", _italic(rpr)))
            elif c.tag == f"{W}tab":
                out.append(("\t", _italic(rpr)))
            elif c.tag in (f"{W}br", f"{W}cr"):
                out.append(("\v", _italic(rpr)))
            elif c.tag == f"{W}noBreakHyphen":
                out.append(("\u2011", _italic(rpr)))
    return out


def stories(docx_path) -> dict:
    """{"body": [paragraph texts], "italic": [[start, end] spans per body paragraph: its runs in
    italics], "footnotes": [[paragraph texts] per note, in reference order]}."""
    with zipfile.ZipFile(docx_path) as zf:
        doc = etree.fromstring(zf.read("word/document.xml"))
        notes = etree.fromstring(zf.read("word/footnotes.xml")) if "word/footnotes.xml" in zf.namelist() else None
    body = [_para_text(p) for p in doc.find(f"{W}body").iter(f"{W}p")]
    footnotes = []
    if notes is not None:
        by_id = {n.get(f"{W}id"): n for n in notes.iter(f"{W}footnote")}
        for ref in doc.iter(f"{W}footnoteReference"):
            note = by_id.get(ref.get(f"{W}id"))
            if note is not None:
                footnotes.append([_para_text(p) for p in note.iter(f"{W}p")])
    italic = [_italic_spans(p) for p in doc.find(f"{W}body").iter(f"{W}p")]
    return {"body": body, "italic": italic, "footnotes": footnotes}


def search(paragraphs: list[str], needle: str) -> list[tuple[int, int, int]]:
    """Word's default search: case-insensitive, within a paragraph, matches not overlapping;
    "^^" is a literal "^". Returns (paragraph, start, end) per match, in document order."""
    needle = needle.replace("^^", "^").lower()
    hits = []
    for i, text in enumerate(paragraphs):
        low, pos = text.lower(), 0
        while needle and (pos := low.find(needle, pos)) != -1:
            hits.append((i, pos, pos + len(needle)))
            pos += len(needle)
    return hits


def resolve(stories_: dict, locator: dict) -> str | None:
    """The text a pane following `locator` would select in this Word (None: not found)."""
    paras = stories_["body"] if locator["story"] == "body" else stories_["footnotes"][locator["note"]]
    hits = search(paras, locator["search"])
    if locator["ordinal"] >= len(hits):
        return None
    p, a, b = hits[locator["ordinal"]]
    if locator.get("end"):
        ends = search(paras, locator["end"]["search"])
        if locator["end"]["ordinal"] >= len(ends):
            return None
        p2, _a2, b = ends[locator["end"]["ordinal"]]
        if p2 != p:
            return None
    return paras[p][a:b]


def flat_opc(docx_path) -> str:
    """The package as one Flat OPC XML document, as Word's Body.getOoxml() returns it."""
    root = etree.Element(f"{{{PKG}}}package", nsmap={"pkg": PKG})
    with zipfile.ZipFile(docx_path) as zf:
        types = etree.fromstring(zf.read("[Content_Types].xml"))
        ns = "{http://schemas.openxmlformats.org/package/2006/content-types}"
        overrides = {o.get("PartName"): o.get("ContentType") for o in types.iter(f"{ns}Override")}
        defaults = {d.get("Extension"): d.get("ContentType") for d in types.iter(f"{ns}Default")}
        for name in zf.namelist():
            if name == "[Content_Types].xml" or name.endswith("/"):
                continue
            part_name = "/" + name
            ctype = overrides.get(part_name) or defaults.get(name.rsplit(".", 1)[-1], "application/octet-stream")
            part = etree.SubElement(root, f"{{{PKG}}}part")
            part.set(f"{{{PKG}}}name", part_name)
            part.set(f"{{{PKG}}}contentType", ctype)
            data = zf.read(name)
            if name.endswith((".xml", ".rels")):
                etree.SubElement(part, f"{{{PKG}}}xmlData").append(etree.fromstring(data))
            else:
                etree.SubElement(part, f"{{{PKG}}}binaryData").text = base64.b64encode(data).decode()
    return '<?xml version="1.0" standalone="yes"?>\n<?mso-application progid="Word.Document"?>\n' + etree.tostring(
        root, encoding="unicode"
    )
