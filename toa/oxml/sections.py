"""Section properties (w:sectPr) and page breaks: which block ends a section, moving a section's
properties to another paragraph, keeping only the breaks of a paragraph that goes, and the width
of a section's text."""

from __future__ import annotations

from . import P, PPR, SECTPR, make, qn, w_attr

_BR = qn("w:br")


def is_section_properties(el) -> bool:
    """The body's last child, w:sectPr: the properties of its final section."""
    return el.tag == SECTPR


def last_paragraph(block):
    """The block's last paragraph (the block itself when it is one, when it has none)."""
    if block.tag == P:
        return block
    ps = list(block.iter(P))
    return ps[-1] if ps else block


def section_properties(block):
    """The w:sectPr that the block's last paragraph carries (it ends a section), else None."""
    p = last_paragraph(block) if block.tag != P else block
    ppr = p.find(PPR) if p is not None and p.tag == P else None
    return ppr.find(SECTPR) if ppr is not None else None


def ends_section(p) -> bool:
    """Paragraph `p` carries section properties: the section ends with it."""
    return p.find(f"{PPR}/{SECTPR}") is not None


def paragraph_properties(p):
    """The paragraph's w:pPr, added when it has none."""
    ppr = p.find(PPR)
    if ppr is None:
        ppr = make("w:pPr")
        p.insert(0, ppr)
    return ppr


def move_section_properties(sect_pr, p) -> None:
    """Move `sect_pr` to paragraph `p` (which then ends the section), in its schema place."""
    sect_pr.getparent().remove(sect_pr)
    ppr = paragraph_properties(p)
    change = ppr.find(qn("w:pPrChange"))
    if change is not None:
        change.addprevious(sect_pr)  # CT_PPr: ... rPr, sectPr, pPrChange
    else:
        ppr.append(sect_pr)


def remove_section_properties(block) -> None:
    for sp in list(block.iter(SECTPR)):
        sp.getparent().remove(sp)


def page_breaks(block) -> list:
    """The page breaks (w:br type=page) in a block."""
    return [br for br in block.iter(_BR) if w_attr(br, "type") == "page"]


def keep_only_breaks(p) -> None:
    """Empty paragraph `p` but for its properties (a section break stays) and its page breaks,
    each in a run of its own."""
    breaks = page_breaks(p)
    for child in [c for c in p if c.tag != PPR]:
        p.remove(child)
    for br in breaks:
        r = make("w:r")
        r.append(br)
        p.append(r)


def page_break_paragraph():
    """A paragraph that holds a page break and nothing else."""
    p, r = make("w:p"), make("w:r")
    r.append(make("w:br", {"type": "page"}))
    p.append(r)
    return p


def has_page_break_before(p) -> bool:
    ppr = p.find(PPR)
    return ppr is not None and ppr.find(qn("w:pageBreakBefore")) is not None


def set_page_break_before(p) -> None:
    """w:pageBreakBefore on the paragraph, in its schema place, unless it has one."""
    ppr = paragraph_properties(p)
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


def text_width(body, probe) -> int:
    """Text width in twips of the section holding `probe` (the first sectPr at or after it)."""
    sect = None
    if probe is not None:
        ps = [probe] if probe.tag == P else []
        ps += [p for p in probe.itersiblings() if p.tag == P or p.tag == SECTPR]
        for el in ps:
            sp = el if el.tag == SECTPR else section_properties(el)
            if sp is not None:
                sect = sp
                break
    if sect is None:
        sect = body.find(SECTPR)
    return page_geometry(sect)[0]


def page_geometry(sect) -> tuple[int, int]:
    """(text width, text height) in twips of a section (w:pgSz less w:pgMar; Letter with 1-inch
    margins where the section says nothing). A negative top or bottom margin is a fixed one: its
    size counts the same."""
    width, height = 12240 - 2 * 1440, 15840 - 2 * 1440
    if sect is not None:
        sz, mar = sect.find(qn("w:pgSz")), sect.find(qn("w:pgMar"))

        def twips(el, name: str, default: int) -> int:
            return abs(int(w_attr(el, name) or default)) if el is not None else default

        try:
            width = (
                twips(sz, "w", 12240) - twips(mar, "left", 1440) - twips(mar, "right", 1440) - twips(mar, "gutter", 0)
            )
            height = twips(sz, "h", 15840) - twips(mar, "top", 1440) - twips(mar, "bottom", 1440)
        except ValueError:
            pass
    return max(width, 1440), max(height, 1440)


def fit_right_tabs(blocks, width: int) -> None:
    """Right tab stops written on the blocks' paragraphs go to `width` (the right margin)."""
    for b in blocks:
        for tab in b.iter(qn("w:tab")):
            if tab.getparent().tag == qn("w:tabs") and w_attr(tab, "val") in ("right", "end"):
                tab.set(qn("w:pos"), str(width))
