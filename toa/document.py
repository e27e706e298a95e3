"""Stage 1: read a .docx into paragraphs of normalised text with offsets back to the XML.

Every story where citations live is read: body paragraphs, tables, footnotes and endnotes,
text inside hyperlinks, content controls, smart tags and tracked insertions, and the results
(never the codes) of fields. Deleted text is left out. Each paragraph keeps a map from text
offsets to the XML text nodes (so later stages can place fields and bookmarks exactly), its
italic/underlined spans (they mark case names), and its page anchors (explicit and rendered
page breaks, section starts).

Text is normalised one character for one, so offsets stay valid: NBSP and other spaces,
tabs and breaks become " ", en/em dashes and non-breaking hyphens become "-". Characters that
print nothing (soft hyphens, zero-width characters, bidi marks, variation selectors, Hangul
fillers: Unicode's format characters and Default_Ignorable_Code_Point set) are dropped by
starting a new piece, so offsets still lead to the original characters, which stay in the file.
"""

from __future__ import annotations

import re
import statistics
from dataclasses import dataclass, field
from typing import Any, Literal

import regex

from .model import Document, PageBreak, Paragraph, ParagraphFormat, Section, Story, TextPiece
from .oxml import is_on, qn, w_attr
from .oxml.sections import page_geometry
from .oxml.styles import StyleInfo, is_emphatic
from .package import DocumentError as DocumentError  # (read raises it: callers catch it from here)
from .package import Package

# One character for one: everything that prints as a space, and the dashes eyecite does not know.
_CHAR_MAP = {c: " " for c in "\u00a0\u2007\u202f\t\r\n\f\v\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2008\u2009\u200a"}
_CHAR_MAP.update({"\u2013": "-", "\u2014": "-", "\u2011": "-", "\u2010": "-", "\u2012": "-"})
_DASHES = {"\u2013", "\u2014"}
# Line and paragraph separators print as a line break (a space to a reader); the other C1
# controls print nothing, nor do format characters (Unicode Cf: soft hyphen, zero-width space
# and joiners, word joiner, BOM, left-to-right and right-to-left marks, bidi embeddings,
# overrides and isolates) and the rest of Unicode's Default_Ignorable_Code_Point set (the
# combining grapheme joiner, variation selectors, Hangul fillers ...: characters a renderer
# shows nothing for), read from the Unicode data `regex` carries rather than from a hand list.
# The braille blank U+2800 is not Default_Ignorable, but it prints as blank paper and, like the
# Hangul filler, is what is typed to hide text; a brief is not written in braille. Left in, any
# of them hides the citation or the year around it.
_CHAR_MAP.update({"\u2028": " ", "\u2029": " ", "\u0085": " "})
_DROP = {chr(c) for c in range(0x80, 0xA0) if c != 0x85}
_PRINTS_NOTHING = regex.compile(r"[\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]")


# A node's text without any of them (nearly every one) is mapped whole, not a character at a time.
_ANY_INVISIBLE = regex.compile(r"[\x80-\x84\x86-\x9f\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]")
_TEXT_TABLE = str.maketrans(_CHAR_MAP)
_PRINTED_TABLE = str.maketrans({c: r for c, r in _CHAR_MAP.items() if c not in _DASHES})


def _invisible(ch: str) -> bool:
    return ch in _DROP or (ch >= "\u00ad" and _PRINTS_NOTHING.match(ch) is not None)


_TOA_HEADING = re.compile(r"^\s*+\[?\s*+(table|index) of (cited )?authorities\s*+\]?\s*+$", re.I)
_TOA_PLACEHOLDER = re.compile(r"^\s*(\[\s*(insert\s+)?(table of authorities|toa)\s*\]|\{\{\s*toa\s*\}\})\s*$", re.I)
_TOC_HEADING = re.compile(r"^\s*(table of contents|contents|index)\s*$", re.I)
# A line of a typed table: entry text, dot leader or tab, page reference(s) ("3, 7-10, 12 n.3,
# iv, 5a, passim"). Lines around the entries: the "Page(s)" label, and page references alone
# (an entry's pages wrapped to a new line, a page number typed at the foot of a page).
_PAGE_REF = r"(?:[\divxlcIVXLC]+a?|nn?\.\s*\d+|passim|[,;&\s\-–—])"
_ENTRY_LINE = re.compile(rf"(?:(\.\s*){{4,}}|…+)\s*{_PAGE_REF}*$|\t\s*{_PAGE_REF}+$", re.I)
# What a tab or a leader puts after a label ("Word count of this brief:<tab>6,120") or after a
# count's name ("Total words<tab>6,120") is a value, no page list: an entry's text ends in no
# colon, and its pages are no single number with a thousands separator.
# A sentence ends so ("... marked with asterisks.", "... of Rule 33.1."); a citation that wraps
# to the next line ends in a comma, an abbreviation ("Inc.", "F.3d") or nothing.
_OWN_SENTENCE = re.compile(r"(?:\b[a-z]{4,}|\d)\.$")
# (Read from the line's end, so that a line of many tabs is read once: README "Limits".)
_LABEL_COLON = re.compile(r":\s*+(?:\t|(?:\.\s*+){4,}|…)")
_VALUE_AT_END = re.compile(r"\d{1,3}(?:,\d{3})+$")
_LEADER_AT_END = re.compile(r"(?:\t|(?:\.\s*){4,}|…)$")


def _label_value(line: str) -> bool:
    if _LABEL_COLON.search(line):
        return True
    text = line.rstrip()
    value = _VALUE_AT_END.search(text)
    return bool(value and _LEADER_AT_END.search(text[: value.start()].rstrip(" \u00a0")[-64:]))


_PAGE_LABEL_LINE = re.compile(r"^\s*pages?\(?s?\)?\s*$", re.I)
_PAGES_ONLY = re.compile(r"^\s*(?:\d+a?|[ivxlc]+|passim)(?:\s*[,\-–]\s*(?:\d+a?|[ivxlc]+))*\s*$", re.I)
_ROMAN_ONLY = re.compile(r"^\s*[ivxlc]+\s*$", re.I)
# a leader's dots however spaced; the lookbehind and the possessive quantifiers let a run of
# dots or spaces be read once, not once from each of its characters
_OPEN_PAGE_LIST = re.compile(r"(?:,|…|(?<![.\s])\s*+(?:\.\s*+){3,})\s*+$")
# (a court's form number may come first: "Form 8. Certificate of Compliance")
_ADDENDUM = re.compile(r"^\s*(?:statutory\s+)?addendum\b", re.I)
_CERTIFICATE = re.compile(
    r"^\s*(?:form\s+\d+[.:]?\s+)?(certificate\s+of\s+(compliance|service|interest|word\s+count|filing)|"
    r"corporate\s+disclosure\s+statement|certificate\s+as\s+to\s+parties)\b",
    re.I,
)
_HEADING_STYLE = re.compile(r"^(heading|title)", re.I)

_RUN_CONTAINERS = {
    qn("w:hyperlink"),
    qn("w:ins"),
    qn("w:smartTag"),
    qn("w:customXml"),
    qn("w:fldSimple"),
    qn("w:moveTo"),
    qn("w:dir"),
    qn("w:bdo"),
}
_SKIPPED_CONTAINERS = {qn("w:del"), qn("w:moveFrom"), qn("w:proofErr"), qn("w:pPr")}


@dataclass
class ReadOptions:
    """What to leave out of the scan. Front matter is the cover, questions presented and tables."""

    skip_front_matter: bool = True
    skip_toc: bool = True
    skip_notes: bool = False  # footnotes and endnotes left out (the pane's "include footnotes" off)


NoteKind = Literal["footnote", "endnote"]


@dataclass
class _Builder:
    """Accumulates one paragraph's text while walking its XML."""

    chars: list[str] = field(default_factory=list)
    printed: list[str] = field(default_factory=list)
    pieces: list[TextPiece] = field(default_factory=list)
    emphasis: list[tuple[int, int]] = field(default_factory=list)
    breaks: list[PageBreak] = field(default_factory=list)
    notes: list[tuple[NoteKind, str, int]] = field(default_factory=list)  # (kind, id, offset)
    # Open complex fields, innermost last, as [instruction, "code" | "result"]. A field's result
    # may run over many paragraphs (a table of contents): the caller carries what is still open.
    fields: list[list[str]] = field(default_factory=list)
    touched: list[list[str]] = field(default_factory=list)  # fields open at some point in this paragraph
    # (w:sz, font) of runs (None: the paragraph's) -> their characters
    faces: dict[tuple[str | None, str | None], int] = field(default_factory=dict)

    @property
    def field_codes(self) -> list[str]:
        return [f[0] for f in self.touched]

    @property
    def offset(self) -> int:
        return len(self.chars)

    def add(self, node, text: str, emphasized: bool):
        """Add the text of one node, dropping invisible characters (a new piece after each)."""
        start = self.offset
        piece_start, node_pos = start, 0
        if _ANY_INVISIBLE.search(text) is None:  # one piece, the whole node
            self.chars.extend(text.translate(_TEXT_TABLE))
            self.printed.extend(text.translate(_PRINTED_TABLE))
        else:
            for i, ch in enumerate(text):
                if _invisible(ch):
                    if self.offset > piece_start:
                        self.pieces.append(TextPiece(piece_start, self.offset, node, node_pos))
                    piece_start, node_pos = self.offset, i + 1
                    continue
                self.chars.append(_CHAR_MAP.get(ch, ch))
                self.printed.append(ch if ch in _DASHES else _CHAR_MAP.get(ch, ch))
        if self.offset > piece_start:
            self.pieces.append(TextPiece(piece_start, self.offset, node, node_pos))
        if emphasized and self.offset > start:
            if self.emphasis and self.emphasis[-1][1] == start:
                self.emphasis[-1] = (self.emphasis[-1][0], self.offset)
            else:
                self.emphasis.append((start, self.offset))

    @property
    def in_code(self) -> bool:
        return bool(self.fields) and self.fields[-1][1] == "code"


def is_toa_heading(text: str) -> bool:
    """ "TABLE OF AUTHORITIES", "Index of Cited Authorities" ..."""
    return bool(_TOA_HEADING.match(text))


def is_toa_placeholder(text: str) -> bool:
    """ "[TABLE OF AUTHORITIES]", "[Insert TOA]", "{{toa}}": where the author wants the table."""
    return bool(_TOA_PLACEHOLDER.match(text))


def is_toc_heading(text: str) -> bool:
    return bool(_TOC_HEADING.match(text))


def read(path: str, options: ReadOptions | None = None) -> Document:
    """Read the brief at `path`. Raises DocumentError with a one-line reason on bad input."""
    options = options or ReadOptions()
    package = Package.open(path)
    styles = package.styles
    body = package.body
    sections = _sections(body)
    notes = {kind: _notes(package, kind) for kind in ("footnote", "endnote")}

    paragraphs: list[Paragraph] = []
    note_refs: list[tuple[NoteKind, str, int, int]] = []  # (kind, id, body paragraph index, offset)
    section_index = 0
    section_started = False
    open_fields: list[list[str]] = []
    for p_el, story in _body_paragraphs(body):
        b = _read_paragraph(p_el, styles, open_fields)
        open_fields = b.fields
        para = _paragraph(len(paragraphs), story, b, p_el, styles)
        para.section = section_index
        if section_started:
            para.breaks.insert(0, PageBreak(0, "section"))
            section_started = False
        paragraphs.append(para)
        note_refs.extend((kind, nid, para.index, off) for kind, nid, off in b.notes)
        ppr = p_el.find(qn("w:pPr"))
        if ppr is not None and ppr.find(qn("w:sectPr")) is not None and story != "table":
            section_index += 1
            nxt = sections[min(section_index, len(sections) - 1)]
            section_started = nxt.break_type != "continuous"

    # Notes come after the body in reading order; each paragraph keeps its reference mark's place.
    for kind, nid, body_index, offset in note_refs:
        note = notes[kind].get(nid)
        if note is None:
            continue
        for p_el in note.iter(qn("w:p")):
            b = _read_paragraph(p_el, styles)
            para = _paragraph(len(paragraphs), kind, b, p_el, styles)
            para.note_id = nid
            para.anchor = (body_index, offset)
            para.section = paragraphs[body_index].section
            para.breaks = []  # a note prints with its reference mark
            paragraphs.append(para)

    doc = Document(
        path=path, paragraphs=paragraphs, sections=sections, package=package, saved_by_word=package.saved_by_word
    )
    _mark_skipped(doc, options)
    _mark_typed_notes(doc)
    _mark_attributed_quotes(doc)
    return doc


def _sections(body) -> list[Section]:
    sect_prs = [
        p.find(qn("w:pPr")).find(qn("w:sectPr"))
        for p in body.iterchildren(qn("w:p"))
        if p.find(qn("w:pPr")) is not None and p.find(qn("w:pPr")).find(qn("w:sectPr")) is not None
    ]
    final = body.find(qn("w:sectPr"))
    sect_prs.append(final)
    out = []
    for i, sp in enumerate(sect_prs):
        fmt, start, btype = "decimal", None, "nextPage"
        if sp is not None:
            pg = sp.find(qn("w:pgNumType"))
            if pg is not None:
                fmt = w_attr(pg, "fmt", "decimal")
                st = w_attr(pg, "start")
                start = int(st) if st and st.isdigit() else None
            t = sp.find(qn("w:type"))
            if t is not None:
                btype = w_attr(t, "val", "nextPage")
        width, height = page_geometry(sp)
        out.append(Section(index=i, fmt=fmt, start=start, break_type=btype, text_width=width, text_height=height))
    return out


def _body_paragraphs(container, story: str = "body"):
    """(w:p, story) in reading order, descending into tables and block content controls."""
    for child in container.iterchildren():
        tag = child.tag
        if tag == qn("w:p"):
            yield child, story
        elif tag == qn("w:tbl"):
            for tc in _cells(child):  # a nested table is reached from its own cell, once
                yield from _body_paragraphs(tc, "table")
        elif tag == qn("w:sdt"):
            content = child.find(qn("w:sdtContent"))
            if content is not None:
                yield from _body_paragraphs(content, story)
        elif tag in (qn("w:customXml"), qn("w:ins")):
            yield from _body_paragraphs(child, story)


def _cells(tbl):
    """The table's own cells, row by row (rows and cells may sit in content controls)."""
    for row in _direct(tbl, qn("w:tr")):
        yield from _direct(row, qn("w:tc"))


def _direct(parent, tag: str):
    for child in parent.iterchildren():
        if child.tag == tag:
            yield child
        elif child.tag in (qn("w:sdt"), qn("w:customXml")):
            content = child.find(qn("w:sdtContent")) if child.tag == qn("w:sdt") else child
            if content is not None:
                yield from _direct(content, tag)


def read_pieces(p_el, styles: StyleInfo) -> tuple[str, list[TextPiece]]:
    """The text and pieces of paragraph element `p_el` as read() reads them: for a paragraph
    read again after an edit."""
    b = _read_paragraph(p_el, styles)
    return "".join(b.chars), b.pieces


def _read_paragraph(p_el, styles: StyleInfo, open_fields: list[list[str]] | None = None) -> _Builder:
    b = _Builder(fields=list(open_fields or []))
    b.touched = list(b.fields)
    ppr = p_el.find(qn("w:pPr"))
    if ppr is not None and is_on(ppr.find(qn("w:pageBreakBefore"))):
        b.breaks.append(PageBreak(0, "explicit"))
    _walk(p_el, b, styles)
    return b


def _walk(container, b: _Builder, styles: StyleInfo):
    for child in container.iterchildren():
        tag = child.tag
        if tag == qn("w:r"):
            _read_run(child, b, styles)
        elif tag == qn("w:sdt"):
            content = child.find(qn("w:sdtContent"))
            if content is not None:
                _walk(content, b, styles)
        elif tag in _RUN_CONTAINERS:
            _walk(child, b, styles)


def _read_run(r, b: _Builder, styles: StyleInfo):
    rpr = r.find(qn("w:rPr"))
    emphasized = False
    if rpr is not None:
        if is_on(rpr.find(qn("w:vanish"))):
            return  # hidden text (e.g. existing TA fields) is not printed
        rstyle = rpr.find(qn("w:rStyle"))
        emphasized = is_emphatic(rpr) or (rstyle is not None and w_attr(rstyle, "val") in styles.emphatic)
    start = b.offset
    _read_run_content(r, b, emphasized)
    if b.offset > start:
        face = styles.run_face(rpr)
        b.faces[face] = b.faces.get(face, 0) + b.offset - start


def _read_run_content(r, b: _Builder, emphasized: bool):
    for child in r.iterchildren():
        tag = child.tag
        if tag in (_FLD_CHAR, _INSTR_TEXT):
            _read_field_mark(child, b)
        elif not b.in_code:
            _read_run_child(child, b, emphasized)


def _read_field_mark(child, b: _Builder) -> None:
    """A field's begin, separate and end marks and its code: what lies in a field's code is not text."""
    if child.tag == _INSTR_TEXT:
        if b.fields:
            b.fields[-1][0] += child.text or ""
        return
    kind = w_attr(child, "fldCharType")
    if kind == "begin":
        b.fields.append(["", "code"])
        b.touched.append(b.fields[-1])
    elif kind == "separate" and b.fields:
        b.fields[-1][1] = "result"
    elif kind == "end" and b.fields:
        b.fields.pop()


def _read_run_child(child, b: _Builder, emphasized: bool) -> None:
    """One element of a run's content outside a field's code: its text, a break, a note's reference."""
    tag = child.tag
    if tag == qn("w:t"):
        b.add(child, child.text or "", emphasized)
    elif tag in (qn("w:tab"), qn("w:cr"), qn("w:ptab")):
        b.add(child, " ", False)
    elif tag == qn("w:br"):
        if w_attr(child, "type") == "page":
            b.breaks.append(PageBreak(b.offset, "explicit"))
        else:
            b.add(child, " ", False)
    elif tag == qn("w:noBreakHyphen"):
        b.add(child, "-", emphasized)
    elif tag == qn("w:lastRenderedPageBreak"):
        b.breaks.append(PageBreak(b.offset, "rendered"))
    elif tag == qn("w:footnoteReference"):
        b.notes.append(("footnote", w_attr(child, "id"), b.offset))
    elif tag == qn("w:endnoteReference"):
        b.notes.append(("endnote", w_attr(child, "id"), b.offset))


_FLD_CHAR, _INSTR_TEXT = qn("w:fldChar"), qn("w:instrText")


def _paragraph(index: int, story: Story, b: _Builder, p_el, styles: StyleInfo) -> Paragraph:
    ppr = p_el.find(qn("w:pPr"))
    style = None
    if ppr is not None and ppr.find(qn("w:pStyle")) is not None:
        sid = w_attr(ppr.find(qn("w:pStyle")), "val")
        style = styles.names.get(sid, sid)
    para = Paragraph(
        index=index,
        story=story,
        text="".join(b.chars),
        printed="".join(b.printed),
        emphasis=b.emphasis,
        pieces=b.pieces,
        element=p_el,
        breaks=b.breaks,
        style=style,
        block_quote=_block_quote(ppr, style),
        format=_format(ppr, b.faces, styles, p_el if story == "table" else None),
    )
    if any(code.split()[:1] == ["TOA"] for code in b.field_codes if code.strip()):
        para.skipped = "toa"
    elif any(code.split()[:1] == ["TOC"] for code in b.field_codes if code.strip()):
        para.skipped = "toc"
    return para


def style_format(ppr, styles: StyleInfo) -> ParagraphFormat:
    """The format of a paragraph with properties `ppr` and no text of its own look (its style's)."""
    return _format(ppr, {}, styles, None)


def _format(ppr, faces: dict[tuple[str | None, str | None], int], styles: StyleInfo, cell_paragraph) -> ParagraphFormat:
    """The paragraph's spacing, indents and the size and font most of its text is set in; in a
    table, the number of cells in its row."""
    layout = styles.paragraph_layout(ppr)

    def number(value, default: int = 0) -> int:
        try:
            return int(float(value)) if value is not None else default
        except (ValueError, OverflowError):
            return default

    size, font = max(faces, key=lambda k: faces[k]) if faces else (None, None)
    half_points = number(size, number(layout.get("sz"), 24))
    font = font or styles.font(layout.get("font", ""))
    first_line = number(layout.get("firstLine")) - number(layout.get("hanging"))
    columns = 1
    if cell_paragraph is not None:
        row = next(cell_paragraph.iterancestors(qn("w:tr")), None)
        columns = max(1, sum(1 for c in row.iterchildren(qn("w:tc")))) if row is not None else 1
    return ParagraphFormat(
        size=min(max(half_points, 2), 3276) / 2,  # Word's own bounds: 1 to 1,638 points
        font=font,
        line=number(layout.get("line"), 240),
        line_rule=layout.get("lineRule", "auto"),
        before=max(0, number(layout.get("before"))),
        after=max(0, number(layout.get("after"))),
        left=number(layout.get("left"), number(layout.get("start"))),
        right=number(layout.get("right"), number(layout.get("end"))),
        first_line=first_line,
        columns=columns,
    )


# A paragraph that is only the source of a quotation set off above it: "(Code Civ. Proc., § 660,
# emphasis added.)", "(Id. at p. 12.)", "(People v. Morris (1991) 53 Cal.3d 152, 190.)".
_ATTRIBUTION = re.compile(
    r"^\s*\((?=[^()]*(?:§|\bCode\b|\bI[db]\.|\bIbid\.|\sv\.\s|\bConst\.|\bU\.S\.C\.))"
    r"[^()]*(?:\([^()]*\)[^()]*)*\)\.?\s*$"
)
_SENTENCE_ENDS = re.compile(r"[.?!:;”\"’')\]]\s*$")


def _mark_attributed_quotes(doc: Document) -> None:
    """The paragraphs just above a quotation's source standing alone are the quotation, set off
    as a block though its indents were lost (a brief converted from PDF, line by line): the
    paragraph before, and those before it whose sentence runs on into the next."""
    body = [p for p in doc.paragraphs if p.story == "body" and not p.skipped and p.text.strip()]
    for i, p in enumerate(body):
        if i == 0 or len(p.text) > 250 or not _ATTRIBUTION.match(p.text):
            continue
        j = i - 1
        body[j].block_quote = True
        while (
            j > 0
            and i - j < 15
            and not _SENTENCE_ENDS.search(body[j - 1].text)
            and not (body[j - 1].style or "").lower().startswith(("heading", "title"))
        ):
            j -= 1
            body[j].block_quote = True


def _block_quote(ppr, style: str | None) -> bool:
    """A paragraph set off as a block quotation: in a quotation style ("Quote", "Block Text"), or
    indented from both margins by its own w:ind."""
    if style and re.search(r"quot|block", style, re.I):
        return True
    ind = ppr.find(qn("w:ind")) if ppr is not None else None
    if ind is None:
        return False
    left = w_attr(ind, "left") or w_attr(ind, "start") or "0"
    right = w_attr(ind, "right") or w_attr(ind, "end") or "0"
    return all(v.lstrip("-").isdigit() and int(v) > 0 for v in (left, right))


def _notes(package: Package, kind: str) -> dict[str, Any]:
    """Note id -> w:footnote/w:endnote element, separators left out."""
    root = package.notes.get(kind)
    if root is None:
        return {}
    tag = qn(f"w:{kind}")
    return {w_attr(n, "id"): n for n in root.iterchildren(tag) if w_attr(n, "type", "normal") == "normal"}


def _mark_skipped(doc: Document, options: ReadOptions):
    """Leave out the table of contents, an existing TOA and, by default, the front matter.

    Front matter is every section before the first one that restarts arabic numbering, when
    an earlier section is numbered differently (the usual cover + roman tables + arabic body).
    """
    paras = [p for p in doc.paragraphs if p.story in ("body", "table")]
    if options.skip_front_matter:
        body_section = _first_body_section(doc.sections)
        if body_section:
            for p in paras:
                if p.section < body_section and not p.skipped:
                    p.skipped = "front_matter"
    _mark_tables(doc, paras, options)
    # Notes follow their reference mark.
    for p in doc.paragraphs:
        if p.anchor is not None and doc.paragraphs[p.anchor[0]].skipped:
            p.skipped = doc.paragraphs[p.anchor[0]].skipped
        elif options.skip_notes and p.story in ("footnote", "endnote") and not p.skipped:
            p.skipped = "notes"


def _mark_typed_notes(doc: Document) -> None:
    """Body paragraphs that start with a note number: in smaller print than the text, or with
    the reference mark of their number in the text before them."""
    _mark_notes_by_their_marks(doc)
    sizes = {p.index: _print_size(p) for p in doc.paragraphs if p.story == "body"}
    known = [sz for sz in sizes.values() if sz is not None]
    if not known:
        return
    # the size of the brief's text, not of a table of contents or authorities before it (a table
    # toa wrote in the template's size would make the text's notes look like text)
    text = [p for p in doc.paragraphs if p.story == "body" and p.skipped not in ("toa", "toc")] or [
        p for p in doc.paragraphs if p.story == "body"
    ]
    text_size = _text_size([(sizes[p.index] or doc.package.styles.default_size, len(p.text)) for p in text])

    def small(p):
        return sizes.get(p.index) is not None and sizes[p.index] < 0.9 * text_size

    for p in doc.paragraphs:
        if small(p) and _NOTE_NUMBER.match(p.text):
            p.typed_note = True
    # A note cut at the foot of a page goes on at the foot of the next, in small print without
    # a number, after that page's text and before its own notes.
    note, turned, prev = None, False, None
    for p in (p for p in doc.paragraphs if p.story == "body"):
        turned = turned or bool(p.breaks)
        if p.typed_note:
            note, turned = p, False
        elif (
            note is not None
            and turned
            and small(p)
            and not p.skipped
            and p.text.strip()
            and prev is not None
            and not small(prev)
            and _NOTE_OPEN_END.search(note.text)
            and _NOTE_GOES_ON.match(p.text)
        ):
            p.typed_note, p.continues = True, note.index
            note, turned = p, False
        prev = p


_NOTE_NUMBER = re.compile(r"^\s*(\d{1,3})\s+(?:[A-Z“\"‘(]|https?://|www\.)")
# A note's reference mark typed in the text: a number right after a word's end or a sentence's
# ("… industry communications.17 Adolescents …"), when the mark is not set as a superscript.
_TYPED_MARK = re.compile(r"(?<=[a-z.,;:”\")])(\d{1,3})(?=\s|$)")
# How far back (in paragraphs of the text) a note's mark may be: the notes print at the foot of
# the page that has their marks.
_MARK_REACH = 30


def _mark_notes_by_their_marks(doc: Document) -> None:
    """A note typed at the foot of the page in the text's own print (a brief converted from PDF)
    is a paragraph that starts with a number ("17 See Complaint in: …") that the text before it
    has as a reference mark: a superscript, or a number typed right after a word ("…
    communications.17"). A note that follows such a note with the next number is one too. Read
    as the text, its number would make it the rest of the sentence before it."""
    marks: list[tuple[int, set[str]]] = []  # (paragraph index, its marks) of the text so far
    last_note: tuple[int, int] | None = None  # (position among the body paragraphs, number)
    body = [p for p in doc.paragraphs if p.story == "body" and not p.skipped]
    for i, p in enumerate(body):
        m = _NOTE_NUMBER.match(p.text)
        number = int(m.group(1)) if m else None
        marked = number is not None and any(str(number) in found for _index, found in marks[-_MARK_REACH:])
        if number is not None and (
            # notes are numbered in order: a smaller number is a line of the text ("2 RR 45 …")
            marked
            and (last_note is None or number > last_note[1])
            or last_note is not None
            and i - last_note[0] <= 3
            and number == last_note[1] + 1
        ):
            p.typed_note = True
            last_note = (i, number)
            continue
        marks.append((p.index, _superscript_numbers(p) | set(_TYPED_MARK.findall(p.text))))


def _superscript_numbers(p: Paragraph) -> set[str]:
    """The numbers the paragraph sets as superscripts (its runs' own formatting)."""
    out = set()
    for piece in p.pieces:
        r = piece.node.getparent()
        rpr = r.find(qn("w:rPr")) if r is not None else None
        va = rpr.find(qn("w:vertAlign")) if rpr is not None else None
        if va is not None and w_attr(va, "val") == "superscript":
            out.update(re.findall(r"\d{1,3}", p.text[piece.start : piece.end]))
    return out


# A note that stops without ending its sentence ("… 18 Pa. Cons. Stat.", "… see, e.g., Miles v.").
# … and goes on with the rest of a word or sentence ("rect. Regardless", "Ann. § 301(a)"), not a heading.
_NOTE_GOES_ON = re.compile(r"\s*(?:[a-z0-9§(]|(?:[A-Z][a-z]{0,5}\.\s?)+(?:§|\d))")
_NOTE_OPEN_END = re.compile(r"(?:[\w,;:’'&(-]|\b(?:v|vs|ex|rel|[A-Z][a-z]{0,4})\.|[A-Z]\.)\s*$")


def _text_size(values: list[tuple[int, int]]) -> float:
    """The size of the brief's text from (size, characters) of its paragraphs: the size that
    the smallest two thirds of the characters reach. Counting characters, not paragraphs, a few
    short lines more or less (a "Page" label) cannot move it, as they moved the median paragraph
    between the text's size and the notes'; and notes, however long, hold less than two thirds
    of a brief's words."""
    total = sum(weight for _size, weight in values)
    if not total:
        return statistics.median(size for size, _weight in values) if values else 24
    seen = 0
    for size, weight in sorted(values):
        seen += weight
        if 3 * seen >= 2 * total:
            return size
    return max(size for size, _weight in values)


def _print_size(p: Paragraph) -> int | None:
    """The font size (half-points) of most of the paragraph's characters, when set on its runs."""
    counts: dict[int | None, int] = {}
    sizes: dict = {}  # run -> its size, looked up once: a run of 50,000 tabs is 50,000 pieces
    for piece in p.pieces:
        r = piece.node.getparent()
        if r not in sizes:
            sizes[r] = _run_size(r)
        counts[sizes[r]] = counts.get(sizes[r], 0) + piece.end - piece.start
    return max(counts, key=lambda size: counts[size]) if counts else None


def _run_size(r) -> int | None:
    rpr = r.find(qn("w:rPr")) if r is not None else None
    sz = rpr.find(qn("w:sz")) if rpr is not None else None
    return int(w_attr(sz, "val")) if sz is not None and (w_attr(sz, "val") or "").isdigit() else None


def _first_body_section(sections: list[Section]) -> int:
    for s in sections[1:]:
        if s.fmt == "decimal" and s.start is not None and any(o.fmt != "decimal" for o in sections[: s.index]):
            return s.index
    return 0


def _mark_tables(doc: Document, paras: list[Paragraph], options: ReadOptions):
    """Find the TOA heading/placeholder and the typed TOC/TOA blocks under their headings."""
    i = 0
    while i < len(paras):
        p = paras[i]
        text = p.text.strip()
        if _TOA_PLACEHOLDER.match(text) or _TOA_HEADING.match(text) or p.skipped == "toa":
            if doc.toa_anchor is None:
                doc.toa_anchor = p.index
            p.skipped = "toa"
            i = _skip_block(paras, i + 1, "toa")
            continue
        if options.skip_toc and (_TOC_HEADING.match(text) or p.skipped == "toc"):
            p.skipped = "toc"
            i = _skip_block(paras, i + 1, "toc")
            continue
        if _CERTIFICATE.match(text):
            i = _skip_certificate(paras, i)
            continue
        if _ADDENDUM.match(text) and not p.skipped and _looks_like_heading(p):
            i = _skip_addendum(paras, i)
            continue
        i += 1


def skip_sections(doc: Document, headings: tuple[str, ...]) -> None:
    """Leave out the body sections with these headings ("jurisdiction" matches "JURISDICTION"
    and "STATEMENT OF JURISDICTION"), each up to the next heading: a court style's choice."""
    if not headings:
        return
    wanted = re.compile(r"^(statement\s+of\s+(the\s+)?)?(" + "|".join(re.escape(h) for h in headings) + r")\b", re.I)
    paras = [p for p in doc.paragraphs if p.story in ("body", "table")]
    i = 0
    while i < len(paras):
        if not paras[i].skipped and _looks_like_heading(paras[i]) and wanted.match(paras[i].text.strip()):
            paras[i].skipped = "style"
            i += 1
            while i < len(paras) and not _looks_like_heading(paras[i]):
                paras[i].skipped = paras[i].skipped or "style"
                i += 1
            continue
        i += 1
    for p in doc.paragraphs:
        if p.anchor is not None and doc.paragraphs[p.anchor[0]].skipped == "style":
            p.skipped = "style"


def index_front_matter(doc: Document, titles: tuple[str, ...]) -> None:
    """Scan the front-matter sections with these titles ("statement of the case" matches
    "STATEMENT OF THE CASE" and "I. Statement of the Case"), each up to the next heading: a court
    style whose rules put the statement of the case or the issues presented before the body, with
    their authorities in the table (Tex. R. App. P. 38.1(d)-(f)). Only what was left out as front
    matter is scanned again: never a table of contents, a table of authorities or a certificate."""
    if not titles:
        return
    wanted = re.compile(
        r"^(?:[IVX]+\.|\d+\.)?\s*(?:" + "|".join(r"\s+".join(map(re.escape, t.split())) for t in titles) + r")\b", re.I
    )
    paras = [p for p in doc.paragraphs if p.story in ("body", "table")]
    indexed: set[int] = set()
    i = 0
    while i < len(paras):
        if paras[i].skipped == "front_matter" and _looks_like_heading(paras[i]) and wanted.match(paras[i].text.strip()):
            paras[i].skipped = None
            indexed.add(paras[i].index)
            i += 1
            while i < len(paras) and not _looks_like_heading(paras[i]) and paras[i].skipped == "front_matter":
                paras[i].skipped = None
                indexed.add(paras[i].index)
                i += 1
            continue
        i += 1
    for p in doc.paragraphs:
        if p.anchor is not None and p.anchor[0] in indexed and p.skipped == "front_matter":
            p.skipped = None


def _skip_addendum(paras: list[Paragraph], i: int) -> int:
    """An addendum after the brief (Ninth Cir. R. 28-2.7: "ADDENDUM", "STATUTORY ADDENDUM") sets
    out the statutes and rules the brief cites, word for word, under their citations: it cites
    nothing, and no table lists its pages. Left out up to a certificate or the end."""
    while i < len(paras) and not _CERTIFICATE.match(paras[i].text.strip()):
        paras[i].skipped = paras[i].skipped or "addendum"
        i += 1
    return i


def _skip_certificate(paras: list[Paragraph], i: int) -> int:
    """A certificate of compliance/service/interest cites rules about the brief, not authority
    for its argument: leave it out up to the next heading that is not another certificate."""
    paras[i].skipped = "certificate"
    i += 1
    while i < len(paras) and not (_looks_like_heading(paras[i]) and not _CERTIFICATE.match(paras[i].text.strip())):
        paras[i].skipped = "certificate"
        i += 1
    return i


def _looks_like_heading(p: Paragraph) -> bool:
    text = p.text.strip()
    return bool(text) and (bool(_HEADING_STYLE.match(p.style or "")) or (len(text) < 80 and text.isupper()))


def _skip_block(paras: list[Paragraph], i: int, reason: str) -> int:
    """Mark the lines of the table whose heading is paras[i - 1]: from the heading to its last
    entry line (a text, a dot leader or tab, page references), with the lines between (category
    headings, "Page(s)", the first lines of a wrapped entry, a page list that wrapped).

    Everything else is the brief's, whatever it looks like: nothing after the heading's section
    break (the body's caption "24-101" or a two-line heading "INTRODUCTION AND" / "AMICUS CURIAE"
    is no part of a table in the front matter), no line after the last entry line, no bare
    number that no entry line comes before (a docket number is no page reference), and no
    sentence: one the table goes on after ("Authorities chiefly relied upon are marked with
    asterisks." over "Cases") stays unmarked among its lines."""
    section = paras[i - 1].section if i > 0 else None
    lines = _Lookahead(_lines_from(paras, i, section))
    last = -1  # the index in `lines` of the table's last line
    own: set[int] = set()  # the brief's sentences among the table's lines
    previous = ""  # the last non-empty line read
    for n, (group, line) in enumerate(lines):
        if all(p.skipped == reason for p in group):  # a line of a TOA/TOC field's result
            last = n
            previous = line or previous
            continue
        if not line:
            continue
        if _is_entry_line(line):
            last = n
        elif _PAGES_ONLY.match(line) and last >= 0 and _continues_pages(previous, line):
            last = n
        elif _OWN_SENTENCE.search(line) and not _continued_below(lines, n, below_entry=last >= 0):
            if not _table_goes_on(lines, n):
                break
            own.add(n)
            continue
        elif not (_PAGE_LABEL_LINE.match(line) or _is_table_subheading(group[0]) or _wrapped_entry(lines, n)):
            break
        previous = line
    read = lines.read[: last + 1]
    for n, (group, _line) in enumerate(read):
        for p in group if n not in own else ():
            p.skipped = reason
    return i + sum(len(group) for group, _line in read)


def _continued_below(lines: _Lookahead, n: int, below_entry: bool) -> bool:
    """The line at n goes on in the next line, no sentence that ends: an entry wrapped after an
    abbreviation, the next line in lower case ("…, cert." over "denied, 142 S. Ct. 397 (2021) … 9");
    or, below an entry of the table, an entry wrapped after a sentence of its title, the next line
    the entry line that ends it ("Doe, J. (2020). Sleep in adolescence." over "J. Invented Stud.,
    4(2), 10-20 … 5"). A sentence of the brief stands under the title, over a category heading, a
    label or the body: never between two entry lines."""
    for _group, text in lines[n + 1 : n + 2]:
        return text[:1].islower() or (below_entry and _is_entry_line(text))
    return False


def _table_goes_on(lines: _Lookahead, n: int) -> bool:
    """The table's lines go on after the sentence at line n: an entry line follows closely,
    with only the table's category headings and page label between."""
    for group, text in lines[n + 1 : n + 4]:
        if _is_entry_line(text):
            return True
        if text and not (_PAGE_LABEL_LINE.match(text) or _is_table_subheading(group[0])):
            return False
    return False


class _Lookahead:
    """The items of an iterator, read as far as they are asked for (a table's lines end long
    before the section does: the rest of a long body is never read)."""

    def __init__(self, items):
        self._items = iter(items)
        self.read: list = []

    def __iter__(self):
        n = 0
        while self._fill(n):
            yield self.read[n]
            n += 1

    def __getitem__(self, at):
        self._fill(at.stop - 1 if isinstance(at, slice) else at)
        return self.read[at]

    def _fill(self, n: int) -> bool:
        while len(self.read) <= n:
            item = next(self._items, None)
            if item is None:
                return False
            self.read.append(item)
        return True


def _lines_from(paras: list[Paragraph], i: int, section: int | None):
    """(paragraphs, text with tabs) of each line from paras[i] to the end of the section: a
    row of a Word table is one line, its cells joined by tabs."""
    row = None
    group: list[Paragraph] = []
    for p in paras[i:]:
        if p.section != section:
            break
        p_row = row_of(p) if p.story == "table" else None
        if group and (p_row is None or p_row is not row):
            yield group, "\t".join(text_with_tabs(q) for q in group).strip()
            group = []
        row = p_row
        group.append(p)
    if group:
        yield group, "\t".join(text_with_tabs(q) for q in group).strip()


def row_of(p: Paragraph):
    """The w:tr holding a paragraph of a Word table, else None."""
    el = p.element
    while el is not None and el.tag != qn("w:tr"):
        el = el.getparent()
    return el


def _is_entry_line(line: str) -> bool:
    """A typed table's entry line: a text, a dot leader (or "……") or tab, page references."""
    return bool(_ENTRY_LINE.search(line)) and not _label_value(line)


def _continues_pages(previous: str, line: str) -> bool:
    """A line of page references alone belongs to the entry above it when that entry's page
    list wrapped ("…, 12,") or its leader ended the line; or when it is a page number typed at
    the foot of a page of the table ("iii")."""
    return bool(_OPEN_PAGE_LIST.search(previous) or _ROMAN_ONLY.match(line))


def _wrapped_entry(lines: _Lookahead, n: int) -> bool:
    """The first line(s) of a typed entry wrapped over several paragraphs: lines with no page
    reference that the entry's last line (text, leader or tab, pages) follows closely. Their
    length says nothing (a report's or a treatise's title runs to hundreds of characters): what
    makes them an entry's is the entry line after them, with no empty line or heading between."""
    for group, text in lines[n : n + 3]:
        if not text:
            return False
        if group is not lines[n][0] and _is_entry_line(text):
            return True
        if (
            (_looks_like_heading(group[0]) and not re.search(r"\d", text))
            or _TOA_HEADING.match(text)
            or _TOA_PLACEHOLDER.match(text)
            or _TOC_HEADING.match(text)
        ):
            return False
    return False


def text_with_tabs(p: Paragraph) -> str:
    """The paragraph text with its tabs kept: Paragraph.text turns w:tab into a space, which hid
    the tab-and-page-number lines of dot-leader tables from _ENTRY_LINE."""
    chars = list(p.text)
    for pc in p.pieces:
        if pc.node is not None and pc.node.tag in (qn("w:tab"), qn("w:ptab")) and pc.end == pc.start + 1:
            chars[pc.start] = "\t"
    return "".join(chars)


def _is_table_subheading(p: Paragraph) -> bool:
    """A short category line inside a table ("Cases:", "Statutes—Continued", "Page(s)")."""
    text = p.text.strip().rstrip(":")
    if len(text) > 60 or _HEADING_STYLE.match(p.style or "") and _TOA_HEADING.match(text):
        return False
    return bool(
        re.match(
            r"^(page\(?s?\)?\s+)?(cases|statutes|rules|regulations|constitutional provisions|other authorities|"
            r"miscellaneous|legislative materials?|administrative decisions|treatises|"
            r"secondary sources|authorities|[\w ,]+ and [\w ]+|page\(?s?\)?)([-\s]*continued)?$",
            text,
            re.I,
        )
    )
