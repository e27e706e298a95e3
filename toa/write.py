"""Stage "write": the table and its marks go back into the .docx as Word-native fields.

  mark_citations   a hidden TA field at the start of every citation (old TA fields go first)
  insert_bookmarks bookmarks at given places and at each section start (for page rendering)
  write_toa        the printed table, from templates/toa.docx, one TOA field per category
  add_comments     a Word comment on every citation of an authority that verification flagged
  save / save_to   the package, with the footnote/endnote XML we edited serialised back

Nothing else in the brief changes: the inserted TA fields and bookmarks add no printed
character, and the only paragraphs removed are those of a stale table (or the placeholder).
A Document takes any number of these edits: after each insertion the pieces of the paragraph
are read again, so later offsets keep pointing at the right text.
"""
from __future__ import annotations

import copy
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from docxtpl import DocxTemplate, RichText
from lxml import etree

from . import document as _document
from .model import Authority, Document, Occurrence, Paragraph, Table
from .oxml import field_quote, make, qn, split_before, w_attr
from .styles import Style

TEMPLATE = Path(__file__).resolve().parent.parent / "templates" / "toa.docx"
OCC_BOOKMARK_PREFIX = "toaOcc"
SECTION_BOOKMARK_PREFIX = "toaSec"
TOA_BOOKMARK = "toaTable"

_R_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_FLD, _INSTR, _P, _R = qn("w:fldChar"), qn("w:instrText"), qn("w:p"), qn("w:r")
_PPR, _SECTPR, _RPR = qn("w:pPr"), qn("w:sectPr"), qn("w:rPr")
_BOOKMARKS = (qn("w:bookmarkStart"), qn("w:bookmarkEnd"))


class WriteError(Exception):
    """The table cannot be written (bad template, output path); the message is shown to the user."""


# --------------------------------------------------------------------------- TA fields


def mark_citations(doc: Document, table: Table) -> list[Occurrence]:
    """A hidden TA field at the start of every occurrence of every authority in `table`.

    The first full citation (reading order) carries `TA \\l "long" \\s "short" \\c N`, the others
    `TA \\s "short" \\c N`. The field goes at the START of the citation, not after it as
    Word's Mark Citation does: Word credits the page where the TA field sits, and printed
    tables credit the page where a citation begins (toa-conventions.md §6), so a later
    Update Field in Word gives the same pages we print.

    TA fields already in the brief are removed first (a re-run would otherwise count every
    citation twice). Returns the occurrences that could not be marked (none, normally).
    """
    remove_ta_fields(doc)
    shorts = short_ids(table)
    items = []
    for cat in table.categories:
        for auth in cat.authorities:
            occs = {}
            for o in auth.occurrences:  # reading order: a note's citations at its reference mark
                if 0 <= o.paragraph < len(doc.paragraphs) and doc.paragraphs[o.paragraph].skipped != "toa":
                    occs.setdefault((o.paragraph, o.start), o)
            if not occs:
                continue
            first = next((k for k, o in occs.items() if o.kind == "full"), next(iter(occs)))
            for key, o in occs.items():
                runs = ta_runs(auth, shorts[id(auth)], cat.number, with_long=(key == first))
                items.append((key[0], key[1], runs, o))
    return _insert_all(doc, items)


def short_ids(table: Table) -> dict[int, str]:
    """id(authority) -> its TA \\s identifier, unique in the table (Word merges equal ones).

    Authority.short is used when set; otherwise the entry text up to its first comma."""
    auths = [a for c in table.categories for a in c.authorities]
    used: set[str] = set()
    out: dict[int, str] = {}
    for a in auths:  # explicit short ids first, so derived ones never take theirs
        s = " ".join(a.short.split())
        if s and s not in used:
            out[id(a)] = s
            used.add(s)
    for a in auths:
        if id(a) in out:
            continue
        base = " ".join(a.short.split()) or _derived_short(a.text)
        s, n = base, 2
        while s in used:
            s, n = f"{base} [{n}]", n + 1
        out[id(a)] = s
        used.add(s)
    return out


def _derived_short(text: str) -> str:
    text = " ".join(text.split())
    head = text.split(",")[0].strip()
    return (head or text or "authority")[:80]


def ta_runs(auth: Authority, short: str, number: int, with_long: bool) -> list:
    """Hidden runs of one TA field: begin, instrText (italic where the case name is), end.

    Word takes the TOA entry's formatting from the formatting of the \\l text, so the case
    name is italic in the instruction too and an updated table keeps it."""
    segs = _ta_segments(auth.text if with_long else None, auth.emphasis, short, number)
    runs = [_hidden_run(make("w:fldChar", {"fldCharType": "begin"}))]
    for text, italic in segs:
        instr = make("w:instrText", text=text)
        instr.set("{http://www.w3.org/XML/1998/namespace}space", "preserve")
        runs.append(_hidden_run(instr, italic))
    runs.append(_hidden_run(make("w:fldChar", {"fldCharType": "end"})))
    return runs


def _ta_segments(long, emphasis, short, number) -> list[tuple[str, bool]]:
    segs = [(" TA ", False)]
    if long is not None:
        segs.append(('\\l "', False))
        segs += [(_escape(t), it) for t, it in _spans(long, emphasis)]
        segs.append(('" ', False))
    segs.append((f"\\s {field_quote(short)} \\c {number} ", False))
    merged: list[tuple[str, bool]] = []
    for text, it in segs:
        if merged and merged[-1][1] == it:
            merged[-1] = (merged[-1][0] + text, it)
        elif text:
            merged.append((text, it))
    return merged


def _escape(text: str) -> str:
    return field_quote(text)[1:-1]


def _spans(text: str, emphasis) -> list[tuple[str, bool]]:
    """`text` cut into (piece, italic) by the emphasis spans."""
    flags = [False] * len(text)
    for a, b in emphasis or []:
        for i in range(max(a, 0), min(b, len(text))):
            flags[i] = True
    out: list[tuple[str, bool]] = []
    for ch, f in zip(text, flags):
        if out and out[-1][1] == f:
            out[-1] = (out[-1][0] + ch, f)
        else:
            out.append((ch, f))
    return out


def _hidden_run(child, italic: bool = False):
    r = make("w:r")
    rpr = make("w:rPr")
    if italic:
        rpr.append(make("w:i"))
    rpr.append(make("w:vanish"))
    r.append(rpr)
    r.append(child)
    return r


def remove_ta_fields(doc: Document) -> int:
    """Remove every TA field (complex or simple) from the body and the notes; returns how many.

    Only field characters and instruction text go (and runs left empty), so no printed text
    moves and the paragraphs' pieces stay valid."""
    count = 0
    for root, kind in _roots(doc):
        for f in _complex_fields(root):
            if f.keyword != "TA":
                continue
            for el in f.nodes:
                r = el.getparent()
                r.remove(el)
                if r.tag == _R and all(c.tag == _RPR for c in r):
                    r.getparent().remove(r)
            count += 1
            _dirty(doc, kind)
        for fs in list(root.iter(qn("w:fldSimple"))):
            if (w_attr(fs, "instr") or "").split()[:1] == ["TA"] and not "".join(fs.itertext()).strip():
                fs.getparent().remove(fs)
                count += 1
                _dirty(doc, kind)
    return count


@dataclass
class _Field:
    instr: str = ""
    nodes: list = field(default_factory=list)  # fldChar/instrText elements, begin to end
    paragraphs: list = field(default_factory=list)  # w:p elements from begin to end

    @property
    def keyword(self) -> str:
        words = self.instr.split()
        return words[0].upper() if words else ""


def _complex_fields(root) -> list[_Field]:
    """Every complete complex field under `root`, in document order (nested ones too)."""
    done: list[_Field] = []
    stack: list[_Field] = []
    for p in root.iter(_P):
        for f in stack:
            f.paragraphs.append(p)
        for el in p.iter(_FLD, _INSTR):
            if _owner_p(el) is not p:
                continue  # a paragraph nested in this one (text box) is visited on its own
            if el.tag == _INSTR:
                if stack:
                    stack[-1].instr += el.text or ""
                    stack[-1].nodes.append(el)
                continue
            kind = w_attr(el, "fldCharType")
            if kind == "begin":
                stack.append(_Field(nodes=[el], paragraphs=[p]))
            elif stack:
                stack[-1].nodes.append(el)
                if kind == "end":
                    done.append(stack.pop())
    return done


def _owner_p(el):
    for anc in el.iterancestors(_P):
        return anc
    return None


# --------------------------------------------------------------------------- bookmarks


def insert_bookmarks(doc: Document, anchors: list[tuple[int, int]], sections: bool = True
                     ) -> dict[str, tuple[int, int]]:
    """A bookmark `toaOcc<i>` at each (paragraph, offset) of `anchors`, and `toaSec<n>` at
    the start of the first paragraph of each section n. Returns name -> (paragraph, offset).

    For a temporary copy that LibreOffice renders: with ExportBookmarksToPDFDestination each
    bookmark becomes a PDF named destination on the page where it sits. Names are letters
    and digits only: LibreOffice escapes anything else in destination names ("_" -> "5F")."""
    ids = _BookmarkIds(doc)
    names: dict[str, tuple[int, int]] = {}
    items = []
    for i, (pi, off) in enumerate(anchors):
        name = f"{OCC_BOOKMARK_PREFIX}{i}"
        names[name] = (pi, off)
        items.append((pi, off, _bookmark_pair(name, ids.next()), None))
    if sections:
        for n, p in _section_starts(doc).items():
            name = f"{SECTION_BOOKMARK_PREFIX}{n}"
            names[name] = (p.index, 0)
            items.append((p.index, None, _bookmark_pair(name, ids.next()), None))  # None: paragraph start
    failed = _insert_all(doc, items)
    if failed:
        raise WriteError(f"{len(failed)} bookmarks could not be placed")
    return names


def _section_starts(doc: Document) -> dict[int, Paragraph]:
    out: dict[int, Paragraph] = {}
    for p in doc.paragraphs:
        if p.story in ("body", "table") and p.section not in out:
            out[p.section] = p
    return out


def _bookmark_pair(name: str, bid: int) -> list:
    return [make("w:bookmarkStart", {"id": bid, "name": name}), make("w:bookmarkEnd", {"id": bid})]


class _BookmarkIds:
    """Bookmark ids unique across the body and the notes."""

    def __init__(self, doc: Document):
        top = -1
        for root, _kind in _roots(doc):
            for b in root.iter(qn("w:bookmarkStart"), qn("w:bookmarkEnd")):
                v = w_attr(b, "id")
                if v and v.lstrip("-").isdigit():
                    top = max(top, int(v))
        self._next = top + 1

    def next(self) -> int:
        self._next += 1
        return self._next - 1


# --------------------------------------------------------------------------- insertion at offsets


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


# --------------------------------------------------------------------------- the table


@dataclass
class Placement:
    """Where write_toa put the table: mode is existing | placeholder | after_toc | start."""

    mode: str
    paragraphs: list  # the inserted block elements, in order
    removed: int  # stale paragraphs/blocks removed
    fields: list  # (category number, first entry w:p, last entry w:p)


def toa_instruction(number: int, style: Style) -> str:
    """`TOA \\c "N"` with the switches of the style. No \\h: our headings are paragraphs of
    their own, because Word keeps category names per computer. No \\e: the default separator
    is a tab with a dot leader, as printed. \\p (passim) only when the style uses passim;
    Word's \\p means five or more pages whatever the style's threshold."""
    parts = ["TOA", "\\c", f'"{number}"']
    if style.passim > 0:
        parts.append("\\p")
    if style.page_separator != ", ":
        parts += ["\\l", field_quote(style.page_separator)]
    return " " + " ".join(parts) + " "


def write_toa(doc: Document, table: Table, style: Style, template: Path | str | None = None,
              bookmark: str | None = None) -> Placement:
    """Place the table in the brief, replacing a stale one; returns where it went.

    At an existing TOA heading the heading stays and the stale entries after it go; at a
    placeholder ("[TABLE OF AUTHORITIES]") the placeholder becomes title + table; else the
    table follows the table of contents, else it opens the body. A w:sectPr on a removed
    paragraph, on the kept heading or on the paragraph the table follows moves to the table's
    last paragraph, so the table stays in the section (and page numbering) it was meant for.
    `bookmark`: a bookmark name to put at the start of the table (its heading when kept).
    """
    body = doc.package.element.body
    plan = _plan(doc, body)
    cats = [c for c in table.categories if c.authorities]
    blocks, fields = _render(doc, template, cats, style, title=plan.title)
    if not blocks:
        blocks = [make("w:p")]
    first_p = next((b for b in blocks if b.tag == _P), None)
    last_p = next((b for b in reversed(blocks) if b.tag == _P), None)
    if plan.title and first_p is not None:
        _dress_title(first_p, plan)
    _fit_right_tabs(blocks, _text_width(body, plan.section_probe))

    # place the new blocks
    if plan.after is not None:
        ref = plan.after
        for b in blocks:
            ref.addnext(b)
            ref = b
    else:
        for b in blocks:
            plan.before.addprevious(b)
    if plan.mode == "start":  # the brief goes on on a new page (a paragraph a re-run keeps)
        br_p = make("w:p")
        br_r = make("w:r")
        br_r.append(make("w:br", {"type": "page"}))
        br_p.append(br_r)
        blocks[-1].addnext(br_p)

    # what leaves: stale paragraphs keep their bookmarks (moved into the table) and sections
    carriers = [el for el in plan.carriers if _sectpr_of(el) is not None]
    moved = carriers[-1] if carriers else None
    marks = [bm for el in plan.remove for bm in el.iter(*_BOOKMARKS)]
    removed = 0
    for el in plan.remove:
        breaks = [br for br in el.iter(qn("w:br")) if w_attr(br, "type") == "page"]
        if el.tag == _P and ((_sectpr_of(el) is not None and el is not moved) or breaks):
            # keep an earlier section break or a page break, as an otherwise empty paragraph
            for child in [c for c in el if c.tag != _PPR]:
                el.remove(child)
            for br in breaks:
                r = make("w:r")
                r.append(br)
                el.append(r)
            continue
        el.getparent().remove(el)
        removed += 1
    if moved is not None and last_p is not None:
        sp = _sectpr_of(moved)
        sp.getparent().remove(sp)
        change = _ppr(last_p).find(qn("w:pPrChange"))
        if change is not None:
            change.addprevious(sp)  # CT_PPr: ... rPr, sectPr, pPrChange
        else:
            _ppr(last_p).append(sp)
    if first_p is not None:
        for bm in reversed(marks):
            if bm.getparent() is not None:
                bm.getparent().remove(bm)
            _insert_at_start(first_p, [bm])
    if bookmark:
        target = plan.heading if plan.heading is not None else first_p
        _insert_at_start(target, _bookmark_pair(bookmark, _BookmarkIds(doc).next()))
    return Placement(plan.mode, blocks, removed, fields)


@dataclass
class _Plan:
    mode: str
    after: object = None  # insert after this element ...
    before: object = None  # ... or before this one
    remove: list = field(default_factory=list)
    carriers: list = field(default_factory=list)  # elements whose sectPr may move (document order)
    title: bool = True
    title_like: object = None  # a paragraph whose look the title copies (placeholder, TOC heading)
    page_break_before: bool = False
    heading: object = None  # the kept TOA heading
    section_probe: object = None  # an element in the section the table lands in


def _plan(doc: Document, body) -> _Plan:
    para_of = {p.element: p for p in doc.paragraphs if p.story in ("body", "table")}
    if doc.toa_anchor is not None:
        anchor = doc.paragraphs[doc.toa_anchor]
        el = anchor.element
        text = anchor.text.strip()
        toa_fields = [f for f in _complex_fields(body) if f.keyword == "TOA"]
        in_field = {p for f in toa_fields for p in f.paragraphs}
        stale = _stale_after(el, para_of, in_field)
        if _document._TOA_PLACEHOLDER.match(text):
            return _Plan("placeholder", before=el, remove=[el] + stale, carriers=[el] + stale,
                         title_like=el, section_probe=el)
        if _document._TOA_HEADING.match(text) and el not in in_field:
            return _Plan("existing", after=el, remove=stale, carriers=[el] + stale, title=False,
                         heading=el, section_probe=el)
        # the anchor is itself part of a stale table (a TOA field with no heading we know)
        return _Plan("existing", before=el, remove=[el] + stale, carriers=[el] + stale,
                     title=bool(_document._TOA_HEADING.match(text)), section_probe=el)
    toc_end, toc_head = _toc_end(doc, body)
    if toc_end is not None:
        return _Plan("after_toc", after=toc_end, carriers=[_last_p(toc_end)], title_like=toc_head,
                     page_break_before=True, section_probe=toc_end)
    first = body[0]
    return _Plan("start", before=first, section_probe=first)


def _stale_after(anchor, para_of: dict, in_field: set) -> list:
    """The blocks after `anchor` (same level) that belong to a stale table: lines marked 'toa'
    by document.read or inside a TOA field's result; empty blocks between them go too, empty
    ones after the last are kept (they carry spacing, page and section breaks)."""
    found = []
    el = anchor.getnext()
    while el is not None and el.tag != _SECTPR:
        state = _block_state(el, para_of, in_field)
        if state == "keep":
            # a heading we do not recognise ("Federal Statutes") between two TOA fields
            gap = _gap_to_next_field(el, para_of, in_field) if found else None
            if gap is None:
                break
            found += [(g, "stale") for g in gap]
            el = gap[-1].getnext()
            continue
        found.append((el, state))
        el = el.getnext()
    while found and found[-1][1] == "empty":
        found.pop()
    return [el for el, _ in found]


def _gap_to_next_field(el, para_of: dict, in_field: set, most: int = 3):
    """The short blocks from `el` up to (not including) a block inside a TOA field, when at
    most `most` of them stand between; else None."""
    gap = []
    while el is not None and el.tag != _SECTPR and len(gap) <= most:
        state = _block_state(el, para_of, in_field)
        if state == "stale" and any(p in in_field for p in ([el] if el.tag == _P else el.iter(_P))):
            return gap or None
        if state == "keep" and len("".join(el.itertext())) > 100:
            return None
        gap.append(el)
        el = el.getnext()
    return None


def _block_state(el, para_of: dict, in_field: set) -> str:
    paras = [el] if el.tag == _P else list(el.iter(_P))
    state = "empty"
    for p in paras:
        if p in in_field:
            state = "stale"
            continue
        info = para_of.get(p)
        if info is None or not info.text.strip():
            continue
        if info.skipped != "toa":
            return "keep"
        state = "stale"
    return state


def _toc_end(doc: Document, body):
    """(block after which the TOA goes, TOC heading paragraph) for the first table of contents."""
    toc = [p for p in doc.paragraphs if p.story in ("body", "table") and p.skipped == "toc"]
    if not toc:
        return None, None
    in_field = {p for f in _complex_fields(body) if f.keyword == "TOC" for p in f.paragraphs}
    i = toc[0].index
    last = toc[0]
    while i + 1 < len(doc.paragraphs):
        nxt = doc.paragraphs[i + 1]
        if nxt.story not in ("body", "table"):
            break
        if nxt.skipped == "toc" or nxt.element in in_field:
            last = nxt
        elif nxt.text.strip():
            break
        i += 1
    block = last.element
    while block.getparent() is not body and block.getparent() is not None:
        block = block.getparent()  # a TOC in a content control or table: after the whole block
    head = toc[0].element if _document._TOC_HEADING.match(toc[0].text.strip()) else None
    return block, head


def _last_p(block):
    if block.tag == _P:
        return block
    ps = list(block.iter(_P))
    return ps[-1] if ps else block


def _sectpr_of(el):
    p = _last_p(el) if el.tag != _P else el
    ppr = p.find(_PPR) if p is not None and p.tag == _P else None
    return ppr.find(_SECTPR) if ppr is not None else None


def _ppr(p):
    ppr = p.find(_PPR)
    if ppr is None:
        ppr = make("w:pPr")
        p.insert(0, ppr)
    return ppr


def _dress_title(title_p, plan: _Plan) -> None:
    """The title takes the look of the placeholder / TOC heading when that has a paragraph
    style of its own (e.g. a Heading style that a TOC field collects), else the template's."""
    like = plan.title_like
    if like is not None:
        lppr = like.find(_PPR)
        pstyle = lppr.find(qn("w:pStyle")) if lppr is not None else None
        if pstyle is not None and w_attr(pstyle, "val") not in (None, "Normal"):
            new = copy.deepcopy(lppr)
            for child in list(new):
                if child.tag in (_SECTPR, qn("w:pPrChange"), qn("w:numPr"), qn("w:rPr")):
                    new.remove(child)
            old = title_p.find(_PPR)
            if old is not None:
                title_p.remove(old)
            title_p.insert(0, new)
            rpr = next((r.find(_RPR) for r in like.iter(_R) if r.find(qn("w:t")) is not None
                        and r.find(_RPR) is not None), None)
            if rpr is not None:
                for r in title_p.iter(_R):
                    if r.find(_RPR) is None:
                        r.insert(0, copy.deepcopy(rpr))
                        _strip(r.find(_RPR), ("w:vanish", "w:rStyle", "w:highlight", "w:shd", "w:color"))
        lppr = like.find(_PPR)
        if lppr is not None and lppr.find(qn("w:pageBreakBefore")) is not None:
            plan.page_break_before = True
    if plan.page_break_before:
        ppr = _ppr(title_p)
        if ppr.find(qn("w:pageBreakBefore")) is None:
            pb = make("w:pageBreakBefore")
            # CT_PPr order: pStyle, keepNext, keepLines, pageBreakBefore, ...
            anchor = None
            for name in ("w:keepLines", "w:keepNext", "w:pStyle"):
                anchor = ppr.find(qn(name))
                if anchor is not None:
                    break
            if anchor is not None:
                anchor.addnext(pb)
            else:
                ppr.insert(0, pb)


def _strip(el, names) -> None:
    for n in names:
        for c in el.findall(qn(n)):
            el.remove(c)


def _text_width(body, probe) -> int:
    """Text width in twips of the section holding `probe` (the first sectPr at or after it)."""
    sect = None
    if probe is not None:
        ps = [probe] if probe.tag == _P else []
        ps += [p for p in probe.itersiblings() if p.tag == _P or p.tag == _SECTPR]
        for el in ps:
            sp = el if el.tag == _SECTPR else _sectpr_of(el)
            if sp is not None:
                sect = sp
                break
    if sect is None:
        sect = body.find(_SECTPR)
    width = 12240 - 2 * 1440
    if sect is not None:
        sz, mar = sect.find(qn("w:pgSz")), sect.find(qn("w:pgMar"))
        try:
            w = int(w_attr(sz, "w", 12240)) if sz is not None else 12240
            left = int(w_attr(mar, "left", 1440)) if mar is not None else 1440
            right = int(w_attr(mar, "right", 1440)) if mar is not None else 1440
            gutter = int(w_attr(mar, "gutter", 0) or 0) if mar is not None else 0
            width = w - left - right - gutter
        except ValueError:
            pass
    return max(width, 1440)


def _fit_right_tabs(blocks, width: int) -> None:
    """Right tab stops written on the template's paragraphs go to the right margin."""
    for b in blocks:
        for tab in b.iter(qn("w:tab")):
            if tab.getparent().tag == qn("w:tabs") and w_attr(tab, "val") in ("right", "end"):
                tab.set(qn("w:pos"), str(width))


# --------------------------------------------------------------------------- template


def _context(cats, style: Style, title: bool) -> dict:
    return {
        "title": style.title if title else "",
        "page_column": style.page_column if cats else "",
        "categories": [
            {"heading": c.heading, "number": c.number,
             "entries": [{"text": _rich(a.text, a.emphasis), "pages": _rich_pages(a),
                          "plain_text": a.text, "plain_pages": a.page_text, "passim": a.passim}
                         for a in c.authorities]}
            for c in cats],
    }


def _rich(text: str, emphasis) -> RichText:
    rt = RichText()
    for piece, italic in _spans(text, emphasis):
        rt.add(piece, italic=italic)
    return rt


def _rich_pages(a: Authority) -> RichText:
    rt = RichText()
    if a.page_text:
        rt.add(a.page_text, italic=a.page_text.strip().lower() == "passim")
    return rt


def _render(doc: Document, template, cats, style: Style, title: bool):
    """Render the template; return (blocks ready for the brief, [(number, first p, last p)])."""
    path = Path(template) if template else TEMPLATE
    if not path.is_file():
        raise WriteError(f"TOA template {path} not found")
    try:
        tpl = DocxTemplate(str(path))
        tpl.render(_context(cats, style, title), autoescape=True)
    except Exception as exc:  # jinja or docx errors in a firm's template
        raise WriteError(f"TOA template {path} cannot be rendered: {exc}") from None
    src_body = tpl.docx.element.body
    blocks = [copy.deepcopy(c) for c in src_body if c.tag != _SECTPR]
    for b in blocks:
        for sp in list(b.iter(_SECTPR)):
            sp.getparent().remove(sp)
        for r in list(b.iter(_R)):  # docxtpl leaves empty runs where the tags were
            if all(c.tag == _RPR or (c.tag == qn("w:t") and not c.text) for c in r):
                r.getparent().remove(r)
        if any(k.startswith(f"{{{_R_NS}}}") for el in b.iter() for k in el.attrib):
            raise WriteError(f"TOA template {path} uses images or links; it may hold text and styles only")
    entry_ps = _match(blocks, cats, style, title, path)
    _import_styles(doc.package.styles.element, tpl.docx.styles.element, blocks)
    fields = []
    for cat, ps in zip(cats, entry_ps):
        instr = make("w:instrText", text=toa_instruction(cat.number, style))
        instr.set("{http://www.w3.org/XML/1998/namespace}space", "preserve")
        begin = [_plain_run(make("w:fldChar", {"fldCharType": "begin"})), _plain_run(instr),
                 _plain_run(make("w:fldChar", {"fldCharType": "separate"}))]
        _insert_at_start(ps[0], begin)
        ps[-1].append(_plain_run(make("w:fldChar", {"fldCharType": "end"})))
        fields.append((cat.number, ps[0], ps[-1]))
    return blocks, fields


def _plain_run(child):
    r = make("w:r")
    r.append(child)
    return r


def _norm(s: str) -> str:
    return " ".join(s.split())


def _match(blocks, cats, style: Style, title: bool, path) -> list[list]:
    """Find the printed paragraphs by their text: the entry paragraphs of each category."""
    expected = []
    if title:
        expected.append(("title", _norm(style.title), None))
    if cats and style.page_column:
        expected.append(("label", _norm(style.page_column), None))
    for ci, c in enumerate(cats):
        expected.append(("heading", _norm(c.heading), ci))
        for a in c.authorities:
            expected.append(("entry", _norm(a.text), ci))
    entries: list[list] = [[] for _ in cats]
    k = 0
    for b in blocks:
        if b.tag != _P or k >= len(expected):
            continue
        text = _norm("".join(t.text or "" for t in b.iter(qn("w:t"))))
        kind, want, ci = expected[k]
        if (text.startswith(want) if kind == "entry" else text == want):
            if kind == "entry":
                entries[ci].append(b)
            k += 1
    if k < len(expected):
        kind, want, _ = expected[k]
        raise WriteError(f"TOA template {path} did not print the {kind} {want!r}")
    return entries


def _import_styles(dst, src, blocks) -> None:
    """Copy the styles the table uses (and their bases) that the brief lacks; a style the brief
    has under the same name but another id (a localised Word) is used by its id."""
    def sid(el):
        return w_attr(el, "styleId")

    def name(el):
        n = el.find(qn("w:name"))
        return (w_attr(n, "val") or "").lower() if n is not None else ""

    dst_ids = {sid(s) for s in dst.iter(qn("w:style"))}
    dst_names = {name(s): sid(s) for s in dst.iter(qn("w:style")) if name(s)}
    src_by_id = {sid(s): s for s in src.iter(qn("w:style"))}
    refs = [el for b in blocks for el in b.iter(qn("w:pStyle"), qn("w:rStyle"), qn("w:tblStyle"))]
    remap: dict[str, str] = {}
    queue = [w_attr(el, "val") for el in refs]
    while queue:
        s = queue.pop()
        if not s or s in dst_ids or s in remap or s not in src_by_id:
            continue
        st = src_by_id[s]
        if name(st) and name(st) in dst_names:
            remap[s] = dst_names[name(st)]
            continue
        dst.append(copy.deepcopy(st))
        dst_ids.add(s)
        for ref in ("w:basedOn", "w:next", "w:link"):
            r = st.find(qn(ref))
            if r is not None:
                queue.append(w_attr(r, "val"))
    for el in refs:
        if w_attr(el, "val") in remap:
            el.set(qn("w:val"), remap[w_attr(el, "val")])


# --------------------------------------------------------------------------- comments

COMMENT_AUTHOR = "toa"
COMMENT_INITIALS = "toa"
_NOTE_FORMATS = {"footnote": "decimal", "endnote": "lowerRoman"}  # Word's defaults


@dataclass
class _CommentSite:
    """Where one comment goes: characters [start, end) of a body paragraph, or (note set) the
    reference mark of a footnote/endnote in body paragraph `paragraph`."""

    paragraph: int
    start: int
    end: int
    text: str
    note: tuple[str, str] | None = None  # (footnote | endnote, note id)


def add_comments(doc: Document, table: Table, verification) -> int:
    """A Word comment (author and initials "toa") on every occurrence of every authority whose
    verification record has something to say (toa.verify.comment_text is not None).

    The range is the citation's own text: runs are split so that commentRangeStart and
    commentRangeEnd sit exactly around it. python-docx cannot comment inside notes, so a
    citation in a footnote or endnote is commented on its reference mark in the body, and the
    text says "In footnote N (citation): ...". Comments left by an earlier run are removed
    first. Returns the number of comments added."""
    remove_comments(doc)
    sites = comment_sites(doc, table, verification)
    styles = _document._StyleInfo(doc.package)
    by_para: dict[int, list[_CommentSite]] = {}
    for site in sites:
        by_para.setdefault(site.paragraph, []).append(site)
    added = 0
    for pi, group in by_para.items():
        para = doc.paragraphs[pi]
        for site in sorted(group, key=lambda s: (s.start, s.end), reverse=True):  # right to left
            runs = _note_mark_run(para, site.note) if site.note else _isolate(para, site.start, site.end, styles)
            if runs is None:
                continue
            _comment(doc, runs, site.text)
            _reread(para, styles)
            added += 1
    return added


def comment_sites(doc: Document, table: Table, verification) -> list[_CommentSite]:
    """One site per (place, authority) for the flagged authorities, in table order."""
    from .verify import comment_text  # the verify stage is only needed when comments are written

    numbers = _note_numbers(doc)
    sites: list[_CommentSite] = []
    seen: set = set()
    for cat in table.categories:
        for auth in cat.authorities:
            record = verification.get(auth.key)
            text = comment_text(record) if record is not None else None
            if not text:
                continue
            for o in auth.occurrences:
                site = _site(doc, o, text, numbers)
                place = (site.note or (site.paragraph, site.start, site.end), auth.key) if site else None
                if site is None or place in seen:
                    continue
                seen.add(place)
                sites.append(site)
    return sites


def _site(doc: Document, o: Occurrence, text: str, numbers: dict) -> _CommentSite | None:
    if not 0 <= o.paragraph < len(doc.paragraphs) or o.end <= o.start:
        return None
    para = doc.paragraphs[o.paragraph]
    if para.skipped == "toa":
        return None
    if para.story in ("footnote", "endnote"):
        if para.anchor is None or para.note_id is None:
            return None
        number = numbers.get((para.story, para.note_id), "?")
        cited = " ".join(para.text[o.start:o.end].split())
        return _CommentSite(para.anchor[0], para.anchor[1], para.anchor[1],
                            f"In {para.story} {number} ({cited}): {text}", (para.story, para.note_id))
    return _CommentSite(o.paragraph, o.start, o.end, text)


def _note_numbers(doc: Document) -> dict[tuple[str, str], str]:
    """(kind, note id) -> the number Word prints: notes are numbered in reference order."""
    fmts = dict(_NOTE_FORMATS)
    settings = _settings_element(doc)
    for kind in fmts:
        pr = settings.find(qn(f"w:{kind}Pr")) if settings is not None else None
        fmt = pr.find(qn("w:numFmt")) if pr is not None else None
        if fmt is not None and w_attr(fmt, "val"):
            fmts[kind] = w_attr(fmt, "val")
    out: dict[tuple[str, str], str] = {}
    counts = {kind: 0 for kind in fmts}
    for p in doc.paragraphs:
        if p.story in fmts and p.note_id is not None and (p.story, p.note_id) not in out:
            counts[p.story] += 1
            out[(p.story, p.note_id)] = _format_number(counts[p.story], fmts[p.story])
    return out


def _settings_element(doc: Document):
    try:
        return doc.package.settings.element
    except Exception:  # no settings part: Word's defaults apply
        return None


def _format_number(n: int, fmt: str) -> str:
    from .pagination import format_number

    return format_number(n, fmt)


def _isolate(para: Paragraph, start: int, end: int, styles) -> list | None:
    """Split runs so that characters [start, end) of the paragraph are whole runs; returns the
    first and last w:r of the stretch (None when the span is not in the paragraph's text)."""
    if not (0 <= start < end <= len(para.text)):
        return None
    try:
        after = _piece_at(para, end - 1)
        split_before(after.node, after.node_offset + (end - 1 - after.start) + 1)
        _reread(para, styles)
        before = _piece_at(para, start)
        split_before(before.node, before.node_offset + (start - before.start))
        _reread(para, styles)
    except ValueError:
        return None
    first, last = _piece_at(para, start).node.getparent(), _piece_at(para, end - 1).node.getparent()
    return [_ct_r(first), _ct_r(last)]


def _piece_at(para: Paragraph, offset: int):
    for pc in para.pieces:
        if pc.start <= offset < pc.end:
            return pc
    raise ValueError(f"offset {offset} is outside paragraph {para.index}")


def _note_mark_run(para: Paragraph, note: tuple[str, str]) -> list | None:
    """The run of a note's reference mark in body paragraph `para`, alone in its run."""
    kind, note_id = note
    ref = next((el for el in para.element.iter(qn(f"w:{kind}Reference")) if w_attr(el, "id") == note_id), None)
    if ref is None or ref.getparent() is None or ref.getparent().tag != _R:
        return None
    split_before(ref, 1)  # what follows the mark in its run moves to a run of its own
    split_before(ref, 0)  # and the mark leaves what precedes it
    r = _ct_r(ref.getparent())
    return [r, r]


def _ct_r(r):
    """python-docx's own run element class for `r` (Run.mark_comment_range needs it).

    Runs made by oxml.make are plain lxml elements; fetched again from their parent, lxml gives
    the class of the python-docx parser the document was read with."""
    from docx.oxml.text.run import CT_R

    if isinstance(r, CT_R):
        return r
    parent = r.getparent()
    again = parent[parent.index(r)]
    if isinstance(again, CT_R):
        return again
    from docx.oxml.parser import parse_xml

    fresh = parse_xml(etree.tostring(r))
    parent.replace(r, fresh)
    return fresh


def _comment(doc: Document, runs: list, text: str) -> None:
    from docx.text.run import Run

    body = doc.package
    wrapped = [Run(r, body) for r in runs]
    body.add_comment(wrapped, text=text, author=COMMENT_AUTHOR, initials=COMMENT_INITIALS)


def remove_comments(doc: Document, author: str = COMMENT_AUTHOR) -> int:
    """Remove the comments `author` left in the brief (their ranges and reference runs too);
    returns how many. Other people's comments stay."""
    part = _comments_part(doc)
    if part is None:
        return 0
    ids = {w_attr(c, "id") for c in part.element.iterchildren(qn("w:comment")) if w_attr(c, "author") == author}
    if not ids:
        return 0
    for c in list(part.element.iterchildren(qn("w:comment"))):
        if w_attr(c, "id") in ids:
            part.element.remove(c)
    body = doc.package.element.body
    for el in list(body.iter(qn("w:commentRangeStart"), qn("w:commentRangeEnd"), qn("w:commentReference"))):
        if w_attr(el, "id") not in ids:
            continue
        parent = el.getparent()
        parent.remove(el)
        if parent.tag == _R and all(c.tag == _RPR for c in parent):
            parent.getparent().remove(parent)
    return len(ids)


def _comments_part(doc: Document):
    from docx.opc.constants import RELATIONSHIP_TYPE as RT

    try:
        return doc.package.part.part_related_by(RT.COMMENTS)
    except KeyError:
        return None


# --------------------------------------------------------------------------- saving


def save_to(doc: Document, stream: IO[bytes]) -> None:
    """Write the package to a binary stream, with the note parts we edited."""
    _flush_notes(doc)
    doc.package.save(stream)


def save(doc: Document, path: str | os.PathLike, overwrite_input: bool = False) -> None:
    """Write atomically: a temporary file beside `path`, fsync, then rename over it.
    Refuses to write over the document's own input file unless asked to."""
    path = Path(path)
    if doc.path and _same_file(doc.path, path) and not overwrite_input:
        raise WriteError(f"refusing to overwrite the input {doc.path}")
    directory = path.parent if str(path.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "wb") as fh:
            save_to(doc, fh)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, _mode_for(path))
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    try:  # make the rename itself durable
        dfd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)
    except OSError:
        pass


def _mode_for(path: Path) -> int:
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _same_file(a, b) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.abspath(a) == os.path.abspath(b)


def _roots(doc: Document):
    yield doc.package.element.body, "body"
    for kind, (_part, root) in doc.parts.items():
        yield root, kind


def _dirty(doc: Document, story: str) -> None:
    if story in doc.parts:
        dirty = getattr(doc.package, "_toa_dirty_parts", None)
        if dirty is None:
            dirty = set()
            doc.package._toa_dirty_parts = dirty
        dirty.add(story)


def _flush_notes(doc: Document) -> None:
    """python-docx keeps footnotes/endnotes as a generic Part (bytes); document.read parsed
    them, and what we changed there must be serialised back into the part's blob."""
    for kind in getattr(doc.package, "_toa_dirty_parts", set()):
        part, root = doc.parts[kind]
        if getattr(part, "_element", None) is root:
            continue  # an XmlPart serialises its own element
        part._blob = etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)
