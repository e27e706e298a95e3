"""What the styles part says (which character styles italicise or underline, the names of the
paragraph styles, the default font size), a paragraph dressed like another, and the styles a
template's table uses copied into the brief."""

from __future__ import annotations

import copy

from . import PPR, R, RPR, SECTPR, T, is_on, qn, w_attr


class StyleInfo:
    """Character styles that italicise or underline, and paragraph style names, of a w:styles
    root (`element`; None for a document without styles)."""

    def __init__(self, element):
        self.element = element
        self.emphatic: set[str] = set()
        self.names: dict[str, str] = {}
        if element is None:
            return
        for st in element.iter(qn("w:style")):
            sid = w_attr(st, "styleId")
            name = st.find(qn("w:name"))
            if sid:
                self.names[sid] = w_attr(name, "val", sid) if name is not None else sid
            rpr = st.find(RPR)
            # A link is underlined by its style, which says nothing of a case name; italics still do.
            link = self.names.get(sid, "").replace(" ", "").lower() in ("hyperlink", "followedhyperlink")
            if sid and rpr is not None and (is_on(rpr.find(qn("w:i"))) if link else is_emphatic(rpr)):
                self.emphatic.add(sid)

    @property
    def default_size(self) -> int:
        """The document's default font size in half-points (docDefaults), 24 if unset."""
        if self.element is None:
            return 24
        sz = self.element.find(f"{qn('w:docDefaults')}/{qn('w:rPrDefault')}/{RPR}/{qn('w:sz')}")
        val = w_attr(sz, "val") if sz is not None else None
        return int(val) if val and val.isdigit() else 24


def is_emphatic(rpr) -> bool:
    """Run properties that italicise or underline."""
    if is_on(rpr.find(qn("w:i"))):
        return True
    u = rpr.find(qn("w:u"))
    return u is not None and w_attr(u, "val", "single") != "none"


def paragraph_style(p) -> str | None:
    """The id of the paragraph's own style (w:pStyle), else None."""
    ppr = p.find(PPR)
    pstyle = ppr.find(qn("w:pStyle")) if ppr is not None else None
    return w_attr(pstyle, "val") if pstyle is not None else None


def take_look(p, like) -> None:
    """Paragraph `p` takes the paragraph properties of `like` (its section, revision, numbering
    and mark properties left out), and its runs without properties take those of the first
    text run of `like` that has them (hidden, style, highlight, shading and colour left out)."""
    new = copy.deepcopy(like.find(PPR))
    for child in list(new):
        if child.tag in (SECTPR, qn("w:pPrChange"), qn("w:numPr"), RPR):
            new.remove(child)
    old = p.find(PPR)
    if old is not None:
        p.remove(old)
    p.insert(0, new)
    rpr = next((r.find(RPR) for r in like.iter(R) if r.find(T) is not None and r.find(RPR) is not None), None)
    if rpr is not None:
        for r in p.iter(R):
            if r.find(RPR) is None:
                r.insert(0, copy.deepcopy(rpr))
                _strip(r.find(RPR), ("w:vanish", "w:rStyle", "w:highlight", "w:shd", "w:color"))


def _strip(el, names) -> None:
    for n in names:
        for c in el.findall(qn(n)):
            el.remove(c)


def import_styles(dst, src, blocks) -> None:
    """Copy the styles the blocks use (and their bases) from styles root `src` into `dst` when
    `dst` lacks them; a style `dst` has under the same name but another id (a localised Word) is
    used by its id."""

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
