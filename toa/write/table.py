"""Placing the table: at an existing heading, a placeholder, after the TOC or at the start."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..document import is_toa_heading, is_toa_placeholder, is_toc_heading
from ..model import Document, Table
from ..oxml.bookmarks import bookmark_pair, bookmarks_in, move_to_start
from ..oxml.fields import paragraphs_in
from ..oxml.sections import (
    fit_right_tabs,
    has_page_break_before,
    is_section_properties,
    keep_only_breaks,
    last_paragraph,
    move_section_properties,
    page_break_paragraph,
    page_breaks,
    section_properties,
    set_page_break_before,
    text_width,
)
from ..oxml.styles import paragraph_style, take_look
from ..oxml.text import insert_at_start, is_paragraph, paragraph, paragraphs_of, table_row
from ..styles import Style
from .bookmarks import BookmarkIds
from .errors import WriteError
from .template import render_table


@dataclass
class Placement:
    """Where write_toa put the table: mode is existing | placeholder | after_toc | start."""

    mode: str
    paragraphs: list  # the inserted block elements, in order
    removed: int  # stale paragraphs/blocks removed
    fields: list  # (category number, first entry w:p, last entry w:p)
    replaced: list = field(default_factory=list)  # the old table's blocks (some kept empty, for their breaks)
    added: list = field(default_factory=list)  # every block inserted: the table's, and a page break after it


def write_toa(
    doc: Document, table: Table, style: Style, template: Path | str | None = None, bookmark: str | None = None
) -> Placement:
    """Place the table in the brief, replacing a stale one; returns where it went.

    At an existing TOA heading the heading stays and the stale entries after it go; at a
    placeholder ("[TABLE OF AUTHORITIES]") the placeholder becomes title + table; else the
    table follows the table of contents, else it opens the body. A w:sectPr on a removed
    paragraph, on the kept heading or on the paragraph the table follows moves to the table's
    last paragraph, so the table stays in the section (and page numbering) it was meant for.
    `bookmark`: a bookmark name to put at the start of the table (its heading when kept).
    """
    body = doc.package.body
    plan = _plan(doc, body)
    cats = [c for c in table.categories if c.authorities]
    blocks, fields = render_table(doc, template, cats, style, title=plan.title)
    if not blocks:
        blocks = [paragraph()]
    first_p = next((b for b in blocks if is_paragraph(b)), None)
    last_p = next((b for b in reversed(blocks) if is_paragraph(b)), None)
    if plan.title and first_p is not None:
        _dress_title(first_p, plan)
    fit_right_tabs(blocks, text_width(body, plan.section_probe))

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
        br_p = page_break_paragraph()
        blocks[-1].addnext(br_p)
        added.append(br_p)

    # what leaves: stale paragraphs keep their bookmarks (moved into the table) and sections
    carriers = [el for el in plan.carriers if section_properties(el) is not None]
    moved = carriers[-1] if carriers else None
    marks = [bm for el in plan.remove for bm in bookmarks_in(el)]
    removed = 0
    for el in plan.remove:
        if is_paragraph(el) and ((section_properties(el) is not None and el is not moved) or page_breaks(el)):
            keep_only_breaks(el)  # an earlier section break or a page break stays, in an otherwise empty paragraph
            continue
        el.getparent().remove(el)
        removed += 1
    if moved is not None and last_p is not None:
        move_section_properties(section_properties(moved), last_p)
    if first_p is not None:
        move_to_start(first_p, marks)
    if bookmark:
        target = plan.heading if plan.heading is not None else first_p
        insert_at_start(target, bookmark_pair(bookmark, BookmarkIds(doc).next()))
    return Placement(plan.mode, blocks, removed, fields, replaced=list(plan.remove), added=added)


@dataclass
class _Plan:
    mode: str
    after: Any = None  # insert after this element ...
    before: Any = None  # ... or before this one
    remove: list = field(default_factory=list)
    carriers: list = field(default_factory=list)  # elements whose sectPr may move (document order)
    title: bool = True
    title_like: Any = None  # a paragraph whose look the title copies (placeholder, TOC heading)
    page_break_before: bool = False
    heading: Any = None  # the kept TOA heading
    section_probe: Any = None  # an element in the section the table lands in


def _plan(doc: Document, body) -> _Plan:
    para_of = {p.element: p for p in doc.paragraphs if p.story in ("body", "table")}
    if doc.toa_anchor is not None:
        anchor = doc.paragraphs[doc.toa_anchor]
        el = anchor.element
        text = anchor.text.strip()
        in_field = paragraphs_in(body, "TOA")
        block = _body_block(el, body)
        if block is not el:
            # the heading (or placeholder) sits in a Word table or content control, the old table's
            # rows with it: the whole block is the old table's, the new one takes its place
            if _block_state(block, para_of, in_field) == "mixed":
                raise WriteError(_mixed_message(el, block, para_of))
            stale = [block] + _stale_after(block, para_of, in_field)
            mode = "placeholder" if is_toa_placeholder(text) else "existing"
            return _Plan(mode, before=block, remove=stale, carriers=stale, section_probe=block)
        stale = _stale_after(el, para_of, in_field)
        if is_toa_placeholder(text):
            return _Plan(
                "placeholder", before=el, remove=[el] + stale, carriers=[el] + stale, title_like=el, section_probe=el
            )
        if is_toa_heading(text) and el not in in_field:
            return _Plan(
                "existing", after=el, remove=stale, carriers=[el] + stale, title=False, heading=el, section_probe=el
            )
        # the anchor is itself part of a stale table (a TOA field with no heading we know)
        return _Plan(
            "existing",
            before=el,
            remove=[el] + stale,
            carriers=[el] + stale,
            title=is_toa_heading(text),
            section_probe=el,
        )
    toc_end, toc_head = _toc_end(doc, body)
    if toc_end is not None:
        return _Plan(
            "after_toc",
            after=toc_end,
            carriers=[last_paragraph(toc_end)],
            title_like=toc_head,
            page_break_before=True,
            section_probe=toc_end,
        )
    first = body[0]
    return _Plan("start", before=first, section_probe=first)


def _stale_after(anchor, para_of: dict, in_field: set) -> list:
    """The blocks after `anchor` (same level) that belong to a stale table: lines marked 'toa'
    by document.read or inside a TOA field's result; empty blocks between them go too, empty
    ones after the last are kept (they carry spacing, page and section breaks). A heading
    that carries its section's break has no table after it in that section."""
    found: list[tuple[Any, str]] = []  # (block, its state)
    if section_properties(anchor) is not None:
        return found
    el = anchor.getnext()
    while el is not None and not is_section_properties(el):
        state = _block_state(el, para_of, in_field)
        if state == "mixed":
            raise WriteError(_mixed_message(anchor, el, para_of))
        if state == "keep":
            # a heading we do not recognise ("Federal Statutes") between two TOA fields
            gap = _gap_to_next_field(el, para_of, in_field) if found else None
            if gap is not None:
                found += [(g, "stale") for g in gap]
                el = gap[-1].getnext()
                continue
            # the brief's own sentence that the old table's lines go on after stays where it is
            kept = _kept_among_lines(el, para_of, in_field)
            if kept is None:
                break
            el = kept[-1].getnext()
            continue
        found.append((el, state))
        if section_properties(el) is not None:  # a table ends with its section: what follows is the body's
            break
        el = el.getnext()
    while found and found[-1][1] == "empty":
        found.pop()
    return [el for el, _ in found]


def _gap_to_next_field(el, para_of: dict, in_field: set, most: int = 3):
    """The short blocks from `el` up to (not including) a block inside a TOA field, when at
    most `most` of them stand between; else None."""
    gap: list[Any] = []
    while el is not None and not is_section_properties(el) and len(gap) <= most:
        state = _block_state(el, para_of, in_field)
        if state == "mixed":  # the brief's text beside the old table's lines: no gap of the table
            return None
        if state == "stale" and any(p in in_field for p in paragraphs_of(el)):
            return gap or None
        if state == "keep" and len("".join(el.itertext())) > 100 or section_properties(el) is not None:
            return None
        gap.append(el)
        el = el.getnext()
    return None


def _kept_among_lines(el, para_of: dict, in_field: set, most: int = 2):
    """The blocks from `el` up to (not including) the next block of the old table, when they
    are at most `most` blocks of the brief's own (document.read left them unmarked among the
    table's lines: "Authorities chiefly relied upon are marked with asterisks.") and empty
    ones, in the same section; else None."""
    kept: list[Any] = []
    own = 0
    while el is not None and not is_section_properties(el):
        state = _block_state(el, para_of, in_field)
        if state in ("stale", "mixed"):  # a mixed block: _stale_after says where it is
            return kept or None
        own += state == "keep"
        if own > most or section_properties(el) is not None:
            return None
        kept.append(el)
        el = el.getnext()
    return None


def _block_state(el, para_of: dict, in_field: set) -> str:
    """empty | stale (the old table's lines) | keep (the brief's) | mixed: a Word table (or
    content control) holding both, which no removal of whole blocks can replace."""
    states = set()
    for p in paragraphs_of(el):
        info = para_of.get(p)
        if p in in_field or info is not None and info.text.strip() and info.skipped == "toa":
            states.add("stale")
        elif info is not None and info.text.strip():
            states.add("keep")
    if len(states) > 1:
        return "mixed"
    return states.pop() if states else "empty"


def _mixed_message(anchor, block, para_of: dict) -> str:
    """Where the old table is that toa cannot replace, and why, in one line."""
    heading = " ".join(para_of[anchor].text.split())[:60] if anchor in para_of else "its heading"
    kind = "content control" if not any(table_row(p) is not None for p in paragraphs_of(block)) else "Word table"
    own = next(
        info.text
        for p in paragraphs_of(block)
        if (info := para_of.get(p)) is not None and info.text.strip() and info.skipped != "toa"
    )
    return (
        f'the old table of authorities in the {kind} under "{heading}" also holds the brief\'s own text '
        f'("{" ".join(own.split())[:60]}"), which toa does not take out of it: move that text out of '
        f"the {kind}, or delete the old table, and build again"
    )


def _toc_end(doc: Document, body):
    """(block after which the TOA goes, TOC heading paragraph) for the first table of contents."""
    toc = [p for p in doc.paragraphs if p.story in ("body", "table") and p.skipped == "toc"]
    if not toc:
        return None, None
    in_field = paragraphs_in(body, "TOC")
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
    block = _body_block(last.element, body)  # a TOC in a content control or table: after the whole block
    head = toc[0].element if is_toc_heading(toc[0].text.strip()) else None
    return block, head


def _body_block(el, body):
    """The block of the body that holds `el`: itself, or the Word table or content control it is in."""
    while el.getparent() is not body and el.getparent() is not None:
        el = el.getparent()
    return el


def _dress_title(title_p, plan: _Plan) -> None:
    """The title takes the look of the placeholder / TOC heading when that has a paragraph
    style of its own (e.g. a Heading style that a TOC field collects), else the template's."""
    like = plan.title_like
    if like is not None:
        if paragraph_style(like) not in (None, "Normal"):
            take_look(title_p, like)
        if has_page_break_before(like):
            plan.page_break_before = True
    if plan.page_break_before:
        set_page_break_before(title_p)


@dataclass
class Spot:
    """Where write_toa would put the table, as the page estimate counts it: after body paragraph
    `after` (None: before the first), replacing the body paragraphs `replaced`, with a title of
    its own or not, and with the page breaks it would put before and after the table."""

    after: int | None
    replaced: set[int]
    title: bool
    break_before: bool
    break_after: bool


def spot(doc: Document) -> Spot:
    """Where write_toa would put the table (see Spot); nothing changes."""
    plan = _plan(doc, doc.package.body)
    index = {p.element: p.index for p in doc.paragraphs if p.story in ("body", "table")}
    replaced = {index[q] for el in plan.remove for q in paragraphs_of(el) if q in index}
    after = None  # the table opens the body
    if plan.after is not None:
        after = index.get(last_paragraph(plan.after))
    elif plan.mode != "start":  # before a placeholder or a stale table's first line: both replaced
        after = next((index[q] for q in paragraphs_of(plan.before) if q in index), None)
    like = plan.title_like if plan.title else None
    break_before = plan.page_break_before or (like is not None and has_page_break_before(like))
    return Spot(after, replaced, plan.title, break_before, plan.mode == "start")


def target(doc: Document) -> tuple[str, list]:
    """Where write_toa would put the table (existing | placeholder | after_toc | start) and the
    blocks it would replace; nothing changes."""
    plan = _plan(doc, doc.package.body)
    return plan.mode, list(plan.remove)


def anchor(doc: Document) -> tuple[str, object]:
    """The paragraph write_toa puts the table next to, and on which side: ("after", the kept
    heading or the table of contents' last paragraph) or ("before", the placeholder, the stale
    table's first paragraph, or the body's first block); nothing changes."""
    plan = _plan(doc, doc.package.body)
    if plan.after is not None:
        return "after", last_paragraph(plan.after)
    return "before", paragraphs_of(plan.before)[0] if paragraphs_of(plan.before) else plan.before
