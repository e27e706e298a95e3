"""The brief's own words, checked before anything is written: every paragraph outside the table
being replaced must come out with the text it went in with.

`snapshot` is taken before the write stage changes the package; `check` compares it with the
package as it is about to be saved. The text of a paragraph is read here independently of
document.read (a fault in the reader must not hide a fault in the writer): every w:t and
w:delText, tabs, breaks, symbols and the codes of the fields a paragraph holds, except TA
fields, which are toa's own marks (the old ones are replaced by new ones). Paragraphs of the
body (tables and text boxes included), the notes, the headers and the footers are compared in
document order; the table's old paragraphs and the blocks toa inserts are left out of the
comparison, and nothing else may differ.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from ..model import Document
from ..oxml import qn
from .errors import WriteError
from .fields import _complex_fields

_P = qn("w:p")
_TEXT = {qn("w:t"), qn("w:delText")}
_CODE = {qn("w:instrText"), qn("w:delInstrText")}
_BREAKS = {qn("w:br"), qn("w:cr")}
_TABS = {qn("w:tab"), qn("w:ptab")}
_FLD_CHAR, _FLD_SIMPLE, _SYM = qn("w:fldChar"), qn("w:fldSimple"), qn("w:sym")
_NO_BREAK_HYPHEN, _SOFT_HYPHEN = qn("w:noBreakHyphen"), qn("w:softHyphen")
_PPR, _SECTPR = qn("w:pPr"), qn("w:sectPr")
_HEADER_FOOTER = ("wordprocessingml.header+xml", "wordprocessingml.footer+xml")
# A line of a typed table: text, then a dot leader or a tab, then page references (or none yet:
# they may follow on the next line); and the placeholders a table takes the place of.
_PAGE_REFS = r"(?:\s*(?:[0-9ivxlc]+a?(?:\s*[-–—]\s*[0-9ivxlc]+a?)?|nn?\.\s*\d+|passim)[,;&]?)*\s*$"
_ENTRY_LINE = re.compile(rf"\S.*?(?:(?:\.\s?){{3,}}|…|\t)\s*{_PAGE_REFS}", re.I)
_PLACEHOLDER = re.compile(r"^\[[^\]]*(authorities|toa)[^\]]*\]$|^\{\{\s*toa\s*\}\}$", re.I)


class TextLostError(WriteError):
    """A paragraph of the brief would be lost or changed by the write: nothing is written."""


@dataclass
class TextSnapshot:
    """The text of every paragraph of every story, in document order, before the write."""

    stories: dict[str, list[tuple[object, str]]]  # story -> [(w:p element, its text)]


def snapshot(doc: Document) -> TextSnapshot:
    return TextSnapshot({name: [(p, paragraph_text(p)) for p in root.iter(_P)] for name, root in _stories(doc)})


def check(before: TextSnapshot, doc: Document, replaced: Iterable = (), inserted: Iterable = ()) -> None:
    """Raise TextLostError naming the first paragraph of the brief that the package no longer
    holds as it was. `replaced`: the blocks of the old table (or placeholder) that the new
    table takes the place of; `inserted`: the blocks toa added (the table, its page break).

    What was replaced is judged here too, by the shape of a table, not by the reader's
    word for it: a non-empty replaced paragraph must sit inside a TOA field, be a placeholder,
    or come no later than the old table's last entry line (text, leader or tab, pages), in the
    same section (lines between entries are the table's headings and wrapped entries)."""
    replaced = list(replaced)
    _check_replaced(before, replaced)
    left_out = {p for block in [*replaced, *inserted] for p in _paragraphs_of(block)}
    now = dict(_stories(doc))
    for name, paragraphs in before.stories.items():
        expected = [(p, text) for p, text in paragraphs if p not in left_out]
        root = now.get(name)
        found = [paragraph_text(p) for p in root.iter(_P) if p not in left_out] if root is not None else []
        for n, (_p, text) in enumerate(expected):
            if n < len(found) and found[n] == text:
                continue
            if n >= len(found) or n + 1 < len(expected) and found[n] == expected[n + 1][1]:
                raise TextLostError(_message("lost", name, text))
            if n + 1 < len(found) and found[n + 1] == text:
                raise TextLostError(_message("put a paragraph before", name, text))
            raise TextLostError(_message("changed", name, text))
        if len(found) > len(expected):
            raise TextLostError(_message("put a paragraph after", name, expected[-1][1] if expected else ""))


def _check_replaced(before: TextSnapshot, replaced: list) -> None:
    paragraphs = [p for block in replaced for p in _paragraphs_of(block)]
    if not paragraphs:
        return
    text_of = dict(before.stories.get("body", []))
    root = paragraphs[0].getroottree().getroot()
    in_toa = {p for f in _complex_fields(root) if f.keyword == "TOA" for p in f.paragraphs}
    lines = [(p, " ".join(text_of.get(p, "").split())) for p in paragraphs]
    ends = [n for n, (p, text) in enumerate(lines)
            if p in in_toa or _ENTRY_LINE.search(text_of.get(p, "")) or _PLACEHOLDER.match(text)]
    last = ends[-1] if ends else -1
    section_end = None
    for n, (p, text) in enumerate(lines):
        if text and p not in in_toa and (n > last or section_end is not None):
            raise TextLostError(_message("lost", "body", text))
        if section_end is None and p.find(f"{_PPR}/{_SECTPR}") is not None:
            section_end = n


def paragraph_text(p) -> str:
    """What a paragraph prints and codes, TA fields left out (see the module's docstring)."""
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
        elif tag in _TABS:
            out.append("\t")
        elif tag in _BREAKS:
            out.append("\n")
        elif tag == _NO_BREAK_HYPHEN:
            out.append("\u2011")
        elif tag == _SOFT_HYPHEN:
            out.append("\u00ad")
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


def _stories(doc: Document) -> Iterator[tuple[str, object]]:
    yield "body", doc.package.element.body
    for kind, (_part, root) in doc.parts.items():
        yield kind, root
    for part in doc.package.part.package.iter_parts():
        if part.content_type.endswith(_HEADER_FOOTER):
            yield str(part.partname), part.element


def _paragraphs_of(block) -> list:
    return [block] if block.tag == _P else list(block.iter(_P))


def _message(what: str, story: str, text: str) -> str:
    where = {"body": "", "footnote": " in a footnote", "endnote": " in an endnote"}.get(
        story, " in a header" if "header" in story else " in a footer")
    shown = " ".join(text.split())
    shown = shown if len(shown) <= 70 else shown[:67] + "..."
    return (f"toa would have {what} the brief's paragraph{where} \"{shown}\"; nothing was written. "
            "This is a fault in toa: please report it with the brief's shape (not its text)")
