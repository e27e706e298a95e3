"""Build real .docx files for tests (a test utility, not part of the `toa` package).

`DocBuilder` writes the constructs a brief contains, in the XML shapes Word itself writes:
real footnotes and endnotes (their own parts, separator notes -1/0, reference runs styled
FootnoteReference), sections with `w:pgNumType` and a footer holding a PAGE field, tracked
changes, content controls, hyperlinks, complex and simple fields, tables, and dot-leader
lines such as a hand-typed Table of Contents or a stale Table of Authorities.

Paragraph content is a sequence of *inline parts*:

    "plain text"                      a run; "\\t" becomes a tab, "\\n" a line break
    ("Celotex", "i")                  a formatted run; flags: i b u c(small caps) h(hidden)
                                      ^(superscript)
    Run("text", italic=True, ...)     the same, spelled out
    Footnote(*parts) / Endnote(...)   a note: reference mark here, note text in its part
    Hyperlink(url, *parts)            external hyperlink
    Insertion(*parts)                 tracked insertion (w:ins)
    Deletion(*parts)                  tracked deletion (w:del, text in w:delText)
    ContentControl(*parts, tag=...)   inline content control (w:sdt)
    Field(instr, *result_parts)       complex field: begin / instrText / separate / result / end
    SimpleField(instr, *result_parts) w:fldSimple
    Tab(), Break(), PageBreak()       w:tab, w:br, w:br w:type="page"

Example:

    b = DocBuilder()
    b.heading("ARGUMENT", level=1)
    b.paragraph("See ", ("Celotex Corp. v. Catrett", "i"), ", 477 U.S. 317, 322 (1986).",
                Footnote("Accord ", ("Anderson", "i"), ", 477 U.S. at 248."))
    b.section_break(fmt="decimal", start=1)      # a new section starts here, numbered 1, 2, ...
    b.save(tmp_path / "brief.docx")

Sections: the builder always has a *current* section.  `DocBuilder(fmt=..., start=...)`
sets the first one; `section_break(fmt, start)` closes the current section (its w:sectPr goes
into the pPr of the last paragraph written, as Word does) and opens a new one with the given
numbering.  The last section's properties become the body-level w:sectPr.  Every section gets
its own footer with a centred PAGE field; `title_page=True` (e.g. a cover) adds an empty
first-page footer (w:titlePg) so the cover shows no number.
"""

from __future__ import annotations

import copy
import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import docx
from docx.opc.constants import RELATIONSHIP_TYPE as RT
from docx.opc.packuri import PackURI
from docx.opc.part import XmlPart
from docx.oxml import parse_xml
from docx.oxml.ns import qn

W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
R_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
NSDECL = f'xmlns:w="{W_NS}" xmlns:r="{R_NS}"'

CT_FOOTNOTES = "application/vnd.openxmlformats-officedocument.wordprocessingml.footnotes+xml"
CT_ENDNOTES = "application/vnd.openxmlformats-officedocument.wordprocessingml.endnotes+xml"

AUTHOR = "Test Author"
DATE = "2024-03-01T10:00:00Z"


# --------------------------------------------------------------------------- inline parts


@dataclass
class Run:
    text: str
    italic: bool = False
    bold: bool = False
    underline: bool = False
    small_caps: bool = False
    hidden: bool = False
    superscript: bool = False
    style: str | None = None  # character style id, e.g. "Hyperlink"
    size: float | None = None  # points
    rendered_break: bool = False  # Word's w:lastRenderedPageBreak before the text (its last layout began a page)


_FLAGS = {"i": "italic", "b": "bold", "u": "underline", "c": "small_caps", "h": "hidden", "^": "superscript"}


def _as_run(text: str, flags: str) -> Run:
    kwargs = {}
    for ch in flags:
        if ch not in _FLAGS:
            raise ValueError(f"unknown run flag {ch!r} in {flags!r} (known: {''.join(_FLAGS)})")
        kwargs[_FLAGS[ch]] = True
    return Run(text, **kwargs)


class _Container:
    """An inline part that wraps other inline parts."""

    def __init__(self, *parts: Any):
        self.parts = parts


class Footnote(_Container):
    """A footnote: the reference mark goes where this part sits, the parts become the note text.

    For a multi-paragraph note pass lists: Footnote(["first ", ...], ["second ..."]).
    """

    kind = "footnote"

    @property
    def paragraphs(self) -> list[tuple]:
        if self.parts and all(isinstance(p, list) for p in self.parts):
            return [tuple(p) for p in self.parts]
        return [self.parts]


class Endnote(Footnote):
    kind = "endnote"


class Hyperlink(_Container):
    def __init__(self, url: str, *parts: Any):
        super().__init__(*parts)
        self.url = url


class Insertion(_Container):
    def __init__(self, *parts: Any, author: str = AUTHOR, date: str = DATE):
        super().__init__(*parts)
        self.author, self.date = author, date


class Deletion(Insertion):
    pass


class ContentControl(_Container):
    def __init__(self, *parts: Any, tag: str = "cc", alias: str | None = None):
        super().__init__(*parts)
        self.tag, self.alias = tag, alias


class Field(_Container):
    """Complex field. With no result parts only begin/instr/end is written (like a TA field)."""

    def __init__(self, instr: str, *result: Any, hidden: bool = False, dirty: bool = False):
        super().__init__(*result)
        self.instr, self.hidden, self.dirty = instr, hidden, dirty


class SimpleField(_Container):
    def __init__(self, instr: str, *result: Any):
        super().__init__(*result)
        self.instr = instr


class Tab:
    pass


class Break:
    pass


class PageBreak:
    pass


# --------------------------------------------------------------------------- helpers


def _el(tag: str, **attrs: str):
    """A w: element with w: attributes (attribute names without prefix)."""
    from docx.oxml import OxmlElement

    el = OxmlElement(tag)
    for k, v in attrs.items():
        el.set(qn(k if ":" in k else f"w:{k}"), str(v))
    return el


def _sub(parent, tag: str, **attrs: str):
    el = _el(tag, **attrs)
    parent.append(el)
    return el


def _rpr(run: Run):
    rpr = _el("w:rPr")
    if run.style:
        _sub(rpr, "w:rStyle", val=run.style)
    if run.bold:
        _sub(rpr, "w:b")
    if run.italic:
        _sub(rpr, "w:i")
    if run.small_caps:
        _sub(rpr, "w:smallCaps")
    if run.hidden:
        _sub(rpr, "w:vanish")
    if run.size:
        _sub(rpr, "w:sz", val=str(int(round(run.size * 2))))
        _sub(rpr, "w:szCs", val=str(int(round(run.size * 2))))
    if run.underline:
        _sub(rpr, "w:u", val="single")
    if run.superscript:
        _sub(rpr, "w:vertAlign", val="superscript")
    return rpr if len(rpr) else None


def _text_run(run: Run, text_tag: str = "w:t"):
    r = _el("w:r")
    rpr = _rpr(run)
    if rpr is not None:
        r.append(rpr)
    if run.rendered_break:
        _sub(r, "w:lastRenderedPageBreak")
    buf = ""

    def flush():
        nonlocal buf
        if buf:
            t = _sub(r, text_tag)
            t.text = buf
            t.set("{http://www.w3.org/XML/1998/namespace}space", "preserve")
            buf = ""

    for ch in run.text:
        if ch == "\t":
            flush()
            _sub(r, "w:tab")
        elif ch == "\n":
            flush()
            _sub(r, "w:br")
        else:
            buf += ch
    flush()
    return r


def _plain_run(child_tag: str, rstyle: str | None = None, **attrs):
    r = _el("w:r")
    if rstyle:
        rpr = _sub(r, "w:rPr")
        _sub(rpr, "w:rStyle", val=rstyle)
    _sub(r, child_tag, **attrs)
    return r


# --------------------------------------------------------------------------- styles

_STYLES = {
    # styleId: (type, name, basedOn, pPr xml, rPr xml, extra)
    "FootnoteText": (
        "paragraph",
        "footnote text",
        "Normal",
        '<w:spacing w:after="120" w:line="240" w:lineRule="auto"/><w:ind w:firstLine="0"/><w:jc w:val="both"/>',
        '<w:sz w:val="{fn}"/><w:szCs w:val="{fn}"/>',
    ),
    "FootnoteReference": (
        "character",
        "footnote reference",
        "DefaultParagraphFont",
        "",
        '<w:vertAlign w:val="superscript"/>',
    ),
    "EndnoteText": (
        "paragraph",
        "endnote text",
        "Normal",
        '<w:spacing w:after="120" w:line="240" w:lineRule="auto"/><w:ind w:firstLine="0"/>',
        '<w:sz w:val="{fn}"/><w:szCs w:val="{fn}"/>',
    ),
    "EndnoteReference": (
        "character",
        "endnote reference",
        "DefaultParagraphFont",
        "",
        '<w:vertAlign w:val="superscript"/>',
    ),
    "Hyperlink": (
        "character",
        "Hyperlink",
        "DefaultParagraphFont",
        "",
        '<w:color w:val="0563C1"/><w:u w:val="single"/>',
    ),
    "Heading1": (
        "paragraph",
        "heading 1",
        "Normal",
        '<w:keepNext/><w:keepLines/><w:spacing w:before="240" w:after="240" w:line="240" w:lineRule="auto"/>'
        '<w:ind w:firstLine="0"/><w:jc w:val="center"/><w:outlineLvl w:val="0"/>',
        "<w:b/><w:bCs/>",
    ),
    "Heading2": (
        "paragraph",
        "heading 2",
        "Normal",
        '<w:keepNext/><w:keepLines/><w:spacing w:before="240" w:after="240" w:line="240" w:lineRule="auto"/>'
        '<w:ind w:left="720" w:hanging="720" w:firstLine="0"/><w:jc w:val="left"/><w:outlineLvl w:val="1"/>',
        "<w:b/><w:bCs/>",
    ),
    "Heading3": (
        "paragraph",
        "heading 3",
        "Normal",
        '<w:keepNext/><w:keepLines/><w:spacing w:before="240" w:after="240" w:line="240" w:lineRule="auto"/>'
        '<w:ind w:left="1440" w:hanging="720" w:firstLine="0"/><w:jc w:val="left"/><w:outlineLvl w:val="2"/>',
        "<w:b/><w:bCs/>",
    ),
    "BlockQuote": (
        "paragraph",
        "Block Quote",
        "Normal",
        '<w:spacing w:after="240" w:line="240" w:lineRule="auto"/><w:ind w:left="1440" w:right="1440" w:firstLine="0"/>'
        '<w:jc w:val="both"/>',
        "",
    ),
    "SingleSpaced": (
        "paragraph",
        "Single Spaced",
        "Normal",
        '<w:spacing w:after="0" w:line="240" w:lineRule="auto"/><w:ind w:firstLine="0"/>',
        "",
    ),
    "LeaderLine": (
        "paragraph",
        "Leader Line",
        "Normal",
        '<w:spacing w:after="120" w:line="240" w:lineRule="auto"/><w:ind w:firstLine="0"/>',
        "",
    ),
}


# --------------------------------------------------------------------------- the builder


@dataclass
class _SectionSpec:
    fmt: str | None = "decimal"
    start: int | None = 1
    break_type: str = "nextPage"
    footer: bool = True
    title_page: bool = False


class DocBuilder:
    """Accumulate paragraphs, notes and sections; `save()` writes a .docx.

    font / size / line_spacing set the Normal style (line_spacing 2.0 = double spacing);
    footnote_size defaults to size - 2 (12 pt under a 14 pt body, a common court rule).
    first_line_indent (inches) applies to Normal paragraphs.  fmt/start/title_page describe
    the first section.
    """

    def __init__(
        self,
        font: str = "Times New Roman",
        size: float = 12,
        line_spacing: float = 2.0,
        footnote_size: float | None = None,
        first_line_indent: float = 0.5,
        margins: float = 1.0,
        fmt: str | None = "decimal",
        start: int | None = 1,
        title_page: bool = False,
        footer: bool = True,
    ):
        self.doc = docx.Document()
        self.font, self.size, self.line_spacing = font, size, line_spacing
        self.footnote_size = footnote_size if footnote_size is not None else max(size - 2, 8)
        self.first_line_indent = first_line_indent
        self._body = self.doc.element.body
        self._body_sectpr = self._body.find(qn("w:sectPr"))
        self._setup_page(margins)
        self._setup_styles()
        self._sections: list[_SectionSpec] = [_SectionSpec(fmt, start, "nextPage", footer, title_page)]
        self._closed_sectprs: list[Any] = []  # sectPr elements of closed sections, in order
        self._notes: dict[str, list] = {"footnote": [], "endnote": []}  # lists of w:footnote / w:endnote
        self._ids = {"footnote": 0, "endnote": 0, "rev": 0, "sdt": 0}
        self._last_p = None
        self._saved = False

    # ------------------------------------------------------------------ setup

    def _setup_page(self, margins: float) -> None:
        m = str(int(margins * 1440))
        pgmar = self._body_sectpr.find(qn("w:pgMar"))
        for side in ("top", "bottom", "left", "right"):
            pgmar.set(qn(f"w:{side}"), m)

    def _setup_styles(self) -> None:
        styles = self.doc.styles.element
        half = lambda pts: str(int(round(pts * 2)))  # noqa: E731
        line = str(int(round(240 * self.line_spacing)))
        # document defaults: the font everywhere (theme fonts would override otherwise)
        rpr_default = styles.find(f"{qn('w:docDefaults')}/{qn('w:rPrDefault')}/{qn('w:rPr')}")
        if rpr_default is not None:
            for child in list(rpr_default):
                if child.tag in (qn("w:rFonts"), qn("w:sz"), qn("w:szCs")):
                    rpr_default.remove(child)
            fonts = _el("w:rFonts", ascii=self.font, hAnsi=self.font, cs=self.font, eastAsia=self.font)
            rpr_default.insert(0, fonts)
        normal = self.doc.styles["Normal"].element
        for child in list(normal):
            if child.tag in (qn("w:pPr"), qn("w:rPr")):
                normal.remove(child)
        indent = int(round(self.first_line_indent * 1440))
        normal.append(
            parse_xml(
                f'<w:pPr {NSDECL}><w:spacing w:before="0" w:after="0" w:line="{line}" w:lineRule="auto"/>'
                f'<w:ind w:firstLine="{indent}"/><w:jc w:val="left"/></w:pPr>'
            )
        )
        normal.append(
            parse_xml(
                f'<w:rPr {NSDECL}><w:rFonts w:ascii="{self.font}" w:hAnsi="{self.font}" w:cs="{self.font}" '
                f'w:eastAsia="{self.font}"/><w:color w:val="000000"/><w:sz w:val="{half(self.size)}"/>'
                f'<w:szCs w:val="{half(self.size)}"/></w:rPr>'
            )
        )
        for sid, (stype, name, based, ppr, rpr) in _STYLES.items():
            rpr = rpr.format(fn=half(self.footnote_size))
            for old in styles.findall(qn("w:style")):
                if old.get(qn("w:styleId")) == sid:
                    styles.remove(old)
            xml = (
                f'<w:style {NSDECL} w:type="{stype}" w:styleId="{sid}"><w:name w:val="{name}"/>'
                f'<w:basedOn w:val="{based}"/>'
            )
            if stype == "paragraph":
                xml += '<w:next w:val="Normal"/>'
            xml += '<w:uiPriority w:val="99"/><w:unhideWhenUsed/>'
            if sid.startswith("Heading"):
                xml += "<w:qFormat/>"
            if ppr:
                xml += f"<w:pPr>{ppr}</w:pPr>"
            if rpr:
                xml += f"<w:rPr>{rpr}</w:rPr>"
            xml += "</w:style>"
            styles.append(parse_xml(xml))
        footer = self.doc.styles["Footer"].element
        ppr = footer.find(qn("w:pPr"))
        if ppr is not None:
            ppr.append(parse_xml(f'<w:ind {NSDECL} w:firstLine="0"/>'))
            ppr.append(parse_xml(f'<w:jc {NSDECL} w:val="center"/>'))

    # ------------------------------------------------------------------ inline emission

    def _emit(self, parent, part: Any) -> None:
        """Append the XML for one inline part to `parent` (a w:p or a container element)."""
        if isinstance(part, str):
            parent.append(_text_run(Run(part)))
        elif isinstance(part, tuple):
            if len(part) != 2 or not all(isinstance(x, str) for x in part):
                raise TypeError(f"formatted run must be (text, flags), got {part!r}")
            parent.append(_text_run(_as_run(*part)))
        elif isinstance(part, Run):
            parent.append(_text_run(part))
        elif isinstance(part, Footnote):  # includes Endnote
            parent.append(self._note(part))
        elif isinstance(part, Hyperlink):
            rid = self.doc.part.relate_to(part.url, RT.HYPERLINK, is_external=True)
            h = _el("w:hyperlink")
            h.set(qn("r:id"), rid)
            h.set(qn("w:history"), "1")
            for p in part.parts:
                self._emit(h, _with_style(p, "Hyperlink"))
            parent.append(h)
        elif isinstance(part, Deletion):
            d = _el("w:del", id=str(self._next("rev")), author=part.author, date=part.date)
            for p in part.parts:
                r = self._runs_for(p)
                for run in r:
                    for t in run.findall(qn("w:t")):
                        t.tag = qn("w:delText")
                    d.append(run)
            parent.append(d)
        elif isinstance(part, Insertion):
            ins = _el("w:ins", id=str(self._next("rev")), author=part.author, date=part.date)
            for p in part.parts:
                self._emit(ins, p)
            parent.append(ins)
        elif isinstance(part, ContentControl):
            sdt = _sub(parent, "w:sdt")
            pr = _sub(sdt, "w:sdtPr")
            if part.alias:
                _sub(pr, "w:alias", val=part.alias)
            _sub(pr, "w:tag", val=part.tag)
            _sub(pr, "w:id", val=str(1000 + self._next("sdt")))
            content = _sub(sdt, "w:sdtContent")
            for p in part.parts:
                self._emit(content, p)
        elif isinstance(part, SimpleField):
            f = _sub(parent, "w:fldSimple", instr=part.instr)
            for p in part.parts:
                self._emit(f, p)
        elif isinstance(part, Field):
            self._complex_field(parent, part)
        elif isinstance(part, Tab):
            parent.append(_plain_run("w:tab"))
        elif isinstance(part, Break):
            parent.append(_plain_run("w:br"))
        elif isinstance(part, PageBreak):
            parent.append(_plain_run("w:br", type="page"))
        else:
            raise TypeError(f"unsupported inline part {part!r}")

    def _runs_for(self, part: Any) -> list:
        holder = _el("w:p")
        self._emit(holder, part)
        return list(holder)

    def _next(self, counter: str) -> int:
        self._ids[counter] += 1
        return self._ids[counter]

    def _complex_field(self, parent, f: Field) -> None:
        def fld_run(kind: str):
            r = _el("w:r")
            if f.hidden:
                _sub(_sub(r, "w:rPr"), "w:vanish")
            fc = _sub(r, "w:fldChar", fldCharType=kind)
            if kind == "begin" and f.dirty:
                fc.set(qn("w:dirty"), "true")
            return r

        parent.append(fld_run("begin"))
        r = _el("w:r")
        if f.hidden:
            _sub(_sub(r, "w:rPr"), "w:vanish")
        t = _sub(r, "w:instrText")
        t.text = f" {f.instr.strip()} "
        t.set("{http://www.w3.org/XML/1998/namespace}space", "preserve")
        parent.append(r)
        if f.parts:
            parent.append(fld_run("separate"))
            for p in f.parts:
                self._emit(parent, p)
        parent.append(fld_run("end"))

    def _note(self, note: Footnote):
        kind = note.kind
        cap = kind.capitalize()
        nid = self._next(kind)
        note_el = _el(f"w:{kind}", id=str(nid))
        for i, parts in enumerate(note.paragraphs):
            p = _sub(note_el, "w:p")
            _sub(_sub(p, "w:pPr"), "w:pStyle", val=f"{cap}Text")
            if i == 0:
                p.append(_plain_run(f"w:{kind}Ref", rstyle=f"{cap}Reference"))
                p.append(_text_run(Run(" ")))
            for part in parts:
                if isinstance(part, Footnote):
                    raise TypeError("notes cannot contain notes")
                self._emit(p, part)
        self._notes[kind].append(note_el)
        return _plain_run(f"w:{kind}Reference", rstyle=f"{cap}Reference", id=str(nid))

    # ------------------------------------------------------------------ block API

    def paragraph(
        self,
        *parts: Any,
        style: str | None = None,
        align: str | None = None,
        first_line: float | None = None,
        left: float | None = None,
        right: float | None = None,
        hanging: float | None = None,
        line_spacing: float | None = None,
        space_before: float | None = None,
        space_after: float | None = None,
        keep_next: bool = False,
        page_break_before: bool = False,
        tabs: Iterable[tuple] = (),
    ):
        """Append a body paragraph made of inline parts; returns the python-docx Paragraph.

        align: left | center | right | both.  Indents are inches, spacing is points,
        line_spacing a multiple (1.0 single, 2.0 double).  tabs: (pos_inches, "right"|"left"|"center",
        leader "dot"|"none").
        """
        p = _el("w:p")
        ppr = _el("w:pPr")
        if style:
            _sub(ppr, "w:pStyle", val=self._style_id(style))
        if keep_next:
            _sub(ppr, "w:keepNext")
        if page_break_before:
            _sub(ppr, "w:pageBreakBefore")
        tabs = list(tabs)
        if tabs:
            tabs_el = _sub(ppr, "w:tabs")
            for pos, kind, leader in tabs:
                _sub(tabs_el, "w:tab", val=kind, leader=leader, pos=str(int(pos * 1440)))
        if line_spacing is not None or space_before is not None or space_after is not None:
            sp = _sub(ppr, "w:spacing")
            if space_before is not None:
                sp.set(qn("w:before"), str(int(space_before * 20)))
            if space_after is not None:
                sp.set(qn("w:after"), str(int(space_after * 20)))
            if line_spacing is not None:
                sp.set(qn("w:line"), str(int(round(240 * line_spacing))))
                sp.set(qn("w:lineRule"), "auto")
        if any(v is not None for v in (first_line, left, right, hanging)):
            ind = _sub(ppr, "w:ind")
            if left is not None:
                ind.set(qn("w:left"), str(int(left * 1440)))
            if right is not None:
                ind.set(qn("w:right"), str(int(right * 1440)))
            if hanging is not None:
                ind.set(qn("w:hanging"), str(int(hanging * 1440)))
            else:
                ind.set(qn("w:firstLine"), str(int((first_line or 0) * 1440)))
        if align:
            _sub(ppr, "w:jc", val={"justify": "both"}.get(align, align))
        if len(ppr):
            p.append(ppr)
        for part in parts:
            self._emit(p, part)
        self._body_sectpr.addprevious(p)
        self._last_p = p
        from docx.text.paragraph import Paragraph

        return Paragraph(p, self.doc._body)

    def _style_id(self, style: str) -> str:
        for s in self.doc.styles:
            if s.name == style or s.style_id == style:
                return s.style_id
        raise KeyError(f"no style named {style!r}")

    def heading(self, text_or_parts: Any, level: int = 1, **kw):
        parts = text_or_parts if isinstance(text_or_parts, list) else [text_or_parts]
        return self.paragraph(*parts, style=f"Heading{level}", **kw)

    def blank(self, n: int = 1) -> None:
        for _ in range(n):
            self.paragraph(first_line=0)

    def leader_line(
        self, *parts: Any, page: str = "", indent: float = 0.0, width: float | None = None, hanging: float = 0.0
    ):
        """A line of a hand-typed TOC/TOA: text, right tab with dot leader, page."""
        width = width if width is not None else 6.5
        return self.paragraph(
            *parts,
            "\t",
            str(page),
            style="LeaderLine",
            left=indent + hanging,
            hanging=hanging if hanging else None,
            first_line=None if hanging else 0,
            tabs=[(width, "right", "dot")],
        )

    def footnote_ref_in_last_paragraph(self, *parts: Any, endnote: bool = False) -> int:
        """Append a note reference at the end of the last paragraph; returns the note id."""
        if self._last_p is None:
            raise ValueError("no paragraph yet")
        note = (Endnote if endnote else Footnote)(*parts)
        self._emit(self._last_p, note)
        return self._ids[note.kind]

    def page_break(self) -> None:
        """A hard page break: a paragraph holding only <w:br w:type="page"/> (as Word writes it)."""
        self.paragraph(PageBreak(), first_line=0, line_spacing=1.0)

    def section_break(
        self,
        fmt: str | None = "decimal",
        start: int | None = 1,
        break_type: str = "nextPage",
        footer: bool = True,
        title_page: bool = False,
    ) -> None:
        """Close the current section at the last paragraph; the next content opens a new section.

        fmt/start describe the NEW section's w:pgNumType (start=None: continue numbering,
        fmt=None: no pgNumType at all).
        """
        if self._last_p is None:
            self.paragraph(first_line=0)
        ppr = self._last_p.find(qn("w:pPr"))
        if ppr is None:
            ppr = _el("w:pPr")
            self._last_p.insert(0, ppr)
        if ppr.find(qn("w:sectPr")) is not None:
            raise ValueError("last paragraph already ends a section")
        sectpr = self._make_sectpr(self._sections[-1])
        # sectPr comes after everything but rPr/pPrChange in CT_PPr
        rpr = ppr.find(qn("w:rPr"))
        if rpr is not None:
            rpr.addnext(sectpr)
        else:
            ppr.append(sectpr)
        self._closed_sectprs.append(sectpr)
        self._sections.append(_SectionSpec(fmt, start, break_type, footer, title_page))
        self._last_p = None

    def _make_sectpr(self, spec: _SectionSpec):
        s = copy.deepcopy(self._body_sectpr)
        for child in list(s):
            if child.tag in (
                qn("w:type"),
                qn("w:pgNumType"),
                qn("w:titlePg"),
                qn("w:headerReference"),
                qn("w:footerReference"),
            ):
                s.remove(child)
        self._apply_spec(s, spec)
        return s

    @staticmethod
    def _apply_spec(s, spec: _SectionSpec) -> None:
        pgsz = s.find(qn("w:pgSz"))
        pgsz.addprevious(_el("w:type", val=spec.break_type))
        if spec.fmt is not None:
            pg = _el("w:pgNumType", fmt=spec.fmt)
            if spec.start is not None:
                pg.set(qn("w:start"), str(spec.start))
            cols = s.find(qn("w:cols"))
            (cols.addprevious if cols is not None else s.find(qn("w:pgMar")).addnext)(pg)

    def table(
        self,
        rows: list[list[Any]],
        widths: list[float] | None = None,
        header: bool = True,
        style: str | None = "Table Grid",
        line_spacing: float = 1.0,
        aligns: list[str] | None = None,
        cant_split: bool = False,
    ):
        """A table; a cell is a str, a (text, flags) tuple, an inline part, or a list of parts.

        header: bold plain-string cells of the first row.  style None: no table style (no
        borders), e.g. for a caption.  widths in inches; aligns per column (left/center/right).
        cant_split: rows may not break across pages (w:trPr/w:cantSplit).
        """
        t = self.doc.add_table(rows=len(rows), cols=max(len(r) for r in rows))
        if style:
            t.style = self.doc.styles[style]
        for ri, row in enumerate(rows):
            if cant_split:
                tr = t.rows[ri]._tr
                trpr = tr.get_or_add_trPr()
                _sub(trpr, "w:cantSplit")
            for ci, cell_value in enumerate(row):
                cell = t.cell(ri, ci)
                p = cell.paragraphs[0]._p
                ppr = _sub(p, "w:pPr")
                _sub(ppr, "w:spacing", before="60", after="60", line=str(int(240 * line_spacing)), lineRule="auto")
                _sub(ppr, "w:ind", firstLine="0")
                if aligns and aligns[ci] != "left":
                    _sub(ppr, "w:jc", val=aligns[ci])
                parts = cell_value if isinstance(cell_value, list) else [cell_value]
                for part in parts:
                    if header and ri == 0 and isinstance(part, str):
                        part = (part, "b")
                    self._emit(p, part)
                if widths:
                    cell.width = int(widths[ci] * 914400)
        if widths:
            t.autofit = False
            for ci, width in enumerate(widths):
                t.columns[ci].width = int(width * 914400)  # w:gridCol, which LibreOffice honours
        # python-docx appends after the body sectPr's predecessor; keep document order explicit
        self._body_sectpr.addprevious(t._tbl)
        self._last_p = None
        return t

    # convenience wrappers from the original sketch ------------------------------------------

    def hyperlink_run(self, url: str, *parts: Any) -> Hyperlink:
        return Hyperlink(url, *parts)

    def tracked_insertion(self, *parts: Any) -> Insertion:
        return Insertion(*parts)

    def tracked_deletion(self, *parts: Any) -> Deletion:
        return Deletion(*parts)

    def content_control(self, *parts: Any, tag: str = "cc") -> ContentControl:
        return ContentControl(*parts, tag=tag)

    def field_result(self, instr: str, *result: Any) -> Field:
        return Field(instr, *result)

    def simple_field(self, instr: str, *result: Any) -> SimpleField:
        return SimpleField(instr, *result)

    # ------------------------------------------------------------------ save

    def save(self, path: str | os.PathLike) -> Path:
        if self._saved:
            raise RuntimeError("DocBuilder.save() may be called once")
        self._saved = True
        # the body-level sectPr describes the last section
        last = self._sections[-1]
        for child in list(self._body_sectpr):
            if child.tag in (qn("w:type"), qn("w:pgNumType")):
                self._body_sectpr.remove(child)
        self._apply_spec(self._body_sectpr, last)
        self._footers()
        for kind in ("footnote", "endnote"):
            if self._notes[kind]:
                self._add_notes_part(kind)
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        self.doc.save(str(path))
        return path

    def _footers(self) -> None:
        for spec, section in zip(self._sections, self.doc.sections, strict=False):
            footer = section.footer
            footer.is_linked_to_previous = False
            if spec.footer:
                p = footer.paragraphs[0]._p
                if p.find(qn("w:pPr")) is None:
                    _sub(_sub(p, "w:pPr"), "w:pStyle", val="Footer")
                self._complex_field(p, Field("PAGE", "1"))
            if spec.title_page:
                section.different_first_page_header_footer = True
                first = section.first_page_footer
                first.is_linked_to_previous = False

    def _add_notes_part(self, kind: str) -> None:
        cap = kind.capitalize()
        root = parse_xml(
            f"<w:{kind}s {NSDECL}>"
            f'<w:{kind} w:type="separator" w:id="-1"><w:p><w:pPr><w:spacing w:after="0" w:line="240" '
            f'w:lineRule="auto"/></w:pPr><w:r><w:separator/></w:r></w:p></w:{kind}>'
            f'<w:{kind} w:type="continuationSeparator" w:id="0"><w:p><w:pPr><w:spacing w:after="0" '
            f'w:line="240" w:lineRule="auto"/></w:pPr><w:r><w:continuationSeparator/></w:r></w:p></w:{kind}>'
            f"</w:{kind}s>"
        )
        for note in self._notes[kind]:
            root.append(note)
        partname = PackURI(f"/word/{kind}s.xml")
        ct = CT_FOOTNOTES if kind == "footnote" else CT_ENDNOTES
        part = XmlPart(partname, ct, root, self.doc.part.package)
        self.doc.part.relate_to(part, RT.FOOTNOTES if kind == "footnote" else RT.ENDNOTES)
        # settings.xml: Word lists the separator notes in w:footnotePr / w:endnotePr
        settings = self.doc.settings.element
        pr = parse_xml(f'<w:{kind}Pr {NSDECL}><w:{kind} w:id="-1"/><w:{kind} w:id="0"/></w:{kind}Pr>')
        compat = settings.find(qn("w:compat"))
        if kind == "footnote" and settings.find(qn("w:endnotePr")) is not None:
            settings.find(qn("w:endnotePr")).addprevious(pr)
        elif compat is not None:
            compat.addprevious(pr)
        else:
            settings.append(pr)
        del cap


def _with_style(part: Any, style: str) -> Any:
    """Give plain/tuple runs a character style (used for hyperlink text)."""
    if isinstance(part, str):
        return Run(part, style=style)
    if isinstance(part, tuple):
        r = _as_run(*part)
        r.style = style
        return r
    if isinstance(part, Run) and part.style is None:
        return Run(**{**part.__dict__, "style": style})
    return part


# --------------------------------------------------------------------------- reading helpers for tests


def read_part(path: str | os.PathLike, name: str) -> bytes | None:
    """Raw bytes of a package part, e.g. read_part(p, "word/footnotes.xml"); None if absent."""
    import zipfile

    with zipfile.ZipFile(path) as z:
        try:
            return z.read(name)
        except KeyError:
            return None


def convert_to_pdf(docx_path: str | os.PathLike, outdir: str | os.PathLike | None = None, timeout: int = 180) -> Path:
    """Convert with LibreOffice (soffice --headless --convert-to pdf) using a private profile.

    Raises FileNotFoundError if soffice is missing, RuntimeError if conversion fails.
    """
    import shutil
    import subprocess
    import tempfile

    soffice = shutil.which("soffice") or shutil.which("libreoffice")
    if not soffice:
        raise FileNotFoundError("soffice not found")
    docx_path = Path(docx_path)
    outdir = Path(outdir) if outdir else docx_path.parent
    with tempfile.TemporaryDirectory(prefix="lo-profile-") as profile:
        proc = subprocess.run(
            [
                soffice,
                f"-env:UserInstallation=file://{profile}",
                "--headless",
                "--norestore",
                "--convert-to",
                "pdf",
                "--outdir",
                str(outdir),
                str(docx_path),
            ],
            capture_output=True,
            text=True,
            timeout=timeout,
        )
    pdf = outdir / (docx_path.stem + ".pdf")
    if proc.returncode != 0 or not pdf.exists():
        raise RuntimeError(f"soffice failed ({proc.returncode}): {proc.stdout}\n{proc.stderr}")
    return pdf


def pdf_pages_text(pdf: str | os.PathLike) -> list[str]:
    """Text of each PDF page (pdftotext -layout), split on form feeds."""
    import subprocess

    out = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    pages = out.split("\f")
    if pages and not pages[-1].strip():
        pages.pop()
    return pages


__all__ = [
    "DocBuilder",
    "Run",
    "Footnote",
    "Endnote",
    "Hyperlink",
    "Insertion",
    "Deletion",
    "ContentControl",
    "Field",
    "SimpleField",
    "Tab",
    "Break",
    "PageBreak",
    "read_part",
    "convert_to_pdf",
    "pdf_pages_text",
]
