"""Placing the table: at an existing heading, a placeholder, after the TOC or at the start."""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from pathlib import Path

from .. import document as _document
from ..model import Document, Table
from ..oxml import make, qn, w_attr
from ..styles import Style
from .bookmarks import _bookmark_pair, _BookmarkIds
from .fields import _complex_fields
from .insert import _insert_at_start
from .tags import _P, _PPR, _R, _RPR, _SECTPR
from .template import _render

_BOOKMARKS = (qn("w:bookmarkStart"), qn("w:bookmarkEnd"))


@dataclass
class Placement:
    """Where write_toa put the table: mode is existing | placeholder | after_toc | start."""

    mode: str
    paragraphs: list  # the inserted block elements, in order
    removed: int  # stale paragraphs/blocks removed
    fields: list  # (category number, first entry w:p, last entry w:p)
    replaced: list = field(default_factory=list)  # the old table's blocks (some kept empty, for their breaks)
    added: list = field(default_factory=list)  # every block inserted: the table's, and a page break after it


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
    added = list(blocks)
    if plan.mode == "start":  # the brief goes on on a new page (a paragraph a re-run keeps)
        br_p = make("w:p")
        br_r = make("w:r")
        br_r.append(make("w:br", {"type": "page"}))
        br_p.append(br_r)
        blocks[-1].addnext(br_p)
        added.append(br_p)

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
    return Placement(plan.mode, blocks, removed, fields, replaced=list(plan.remove), added=added)


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
    ones after the last are kept (they carry spacing, page and section breaks). A heading
    that carries its section's break has no table after it in that section."""
    found = []
    if _sectpr_of(anchor) is not None:
        return found
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
        if _sectpr_of(el) is not None:  # a table ends with its section: what follows is the body's
            break
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
        if state == "keep" and len("".join(el.itertext())) > 100 or _sectpr_of(el) is not None:
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


def target(doc: Document) -> tuple[str, list]:
    """Where write_toa would put the table (existing | placeholder | after_toc | start) and the
    blocks it would replace; nothing changes."""
    plan = _plan(doc, doc.package.element.body)
    return plan.mode, list(plan.remove)
