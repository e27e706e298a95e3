"""What the styles part says (which character styles italicise or underline, the names of the
paragraph styles, the default font size, the spacing, indents and size a paragraph or a run
takes from its style chain), a paragraph dressed like another, and the styles a template's table
uses copied into the brief."""

from __future__ import annotations

import copy
from typing import Any

from . import PPR, R, RPR, SECTPR, T, is_on, qn, w_attr


# The attributes of w:spacing and w:ind that set a paragraph's height and width.
_SPACING = ("line", "lineRule", "before", "after")
_INDENT = ("left", "start", "right", "end", "firstLine", "hanging")
_A_NS = "http://schemas.openxmlformats.org/drawingml/2006/main"


def theme_fonts(root) -> dict[str, str]:
    """major | minor -> the Latin typeface of a theme part's fonts (+Headings, +Body)."""
    if root is None:
        return {}
    out = {}
    for kind in ("major", "minor"):
        latin = root.find(f".//{{{_A_NS}}}{kind}Font/{{{_A_NS}}}latin")
        if latin is not None and latin.get("typeface"):
            out[kind] = latin.get("typeface")
    return out


class StyleInfo:
    """Character styles that italicise or underline, and paragraph style names, of a w:styles
    root (`element`; None for a document without styles)."""

    def __init__(self, element, theme: dict[str, str] | None = None):
        self.element = element
        self.theme = theme or {}  # major | minor -> typeface (theme_fonts)
        self.emphatic: set[str] = set()
        self.names: dict[str, str] = {}
        self._by_id: dict[str, Any] = {}
        self._default_paragraph: str | None = None
        self._layouts: dict[str | None, dict[str, str]] = {}
        if element is None:
            return
        for st in element.iter(qn("w:style")):
            sid = w_attr(st, "styleId")
            name = st.find(qn("w:name"))
            if sid:
                self.names[sid] = w_attr(name, "val", sid) if name is not None else sid
                self._by_id[sid] = st
                if w_attr(st, "type") == "paragraph" and w_attr(st, "default") in ("1", "true", "on"):
                    self._default_paragraph = sid
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

    def paragraph_layout(self, ppr) -> dict[str, str]:
        """The w:spacing and w:ind attributes (line, lineRule, before, after, left, right,
        firstLine, hanging), the w:sz ("sz", half-points) and the Latin font ("font") that hold for a paragraph with
        properties `ppr`: each from the last of the document's defaults, its style's chain (the
        base first) and its own properties that sets it."""
        pstyle = ppr.find(qn("w:pStyle")) if ppr is not None else None
        sid = w_attr(pstyle, "val") if pstyle is not None else self._default_paragraph
        if sid not in self._layouts:
            layout: dict[str, str] = {}
            defaults = self.element.find(qn("w:docDefaults")) if self.element is not None else None
            if defaults is not None:
                _merge(
                    layout, defaults.find(f"{qn('w:pPrDefault')}/{PPR}"), defaults.find(f"{qn('w:rPrDefault')}/{RPR}")
                )
            for st in self._chain(sid):
                _merge(layout, st.find(PPR), st.find(RPR))
            self._layouts[sid] = layout
        if ppr is None:
            return self._layouts[sid]
        layout = dict(self._layouts[sid])
        _merge(layout, ppr, None)
        return layout

    def run_face(self, rpr) -> tuple[str | None, str | None]:
        """(w:sz in half-points, Latin font) that a run sets by its own properties or its character
        style's chain; None for what it takes from its paragraph."""
        if rpr is None:
            return None, None
        face: dict[str, str] = {}
        rstyle = rpr.find(qn("w:rStyle"))
        for st in self._chain(w_attr(rstyle, "val") if rstyle is not None else None):
            _merge(face, None, st.find(RPR))
        _merge(face, None, rpr)
        return face.get("sz"), self.font(face["font"]) if "font" in face else None

    def font(self, name: str) -> str:
        """A font as _merge records it, a theme's (+minor, +major) resolved: the family name."""
        return self.theme.get(name[1:], "") if name.startswith("+") else name

    def _chain(self, sid: str | None) -> list:
        """Style `sid` and those it is based on, the base first (a loop in w:basedOn ends it)."""
        chain: list = []
        while sid and sid in self._by_id and all(sid != w_attr(st, "styleId") for st in chain):
            st = self._by_id[sid]
            chain.append(st)
            based = st.find(qn("w:basedOn"))
            sid = w_attr(based, "val") if based is not None else None
        return chain[::-1]


def _merge(layout: dict[str, str], ppr, rpr) -> None:
    """Set in `layout` what w:spacing and w:ind of `ppr`, and w:sz and w:rFonts of `rpr`, say."""
    if ppr is not None:
        for tag, names in (("w:spacing", _SPACING), ("w:ind", _INDENT)):
            el = ppr.find(qn(tag))
            if el is not None:
                if tag == "w:ind" and (w_attr(el, "firstLine") or w_attr(el, "hanging")):
                    layout.pop("firstLine", None), layout.pop("hanging", None)  # one replaces the other
                layout.update((n, v) for n in names if (v := w_attr(el, n)) is not None)
    if rpr is None:
        return
    sz = rpr.find(qn("w:sz"))
    if sz is not None and w_attr(sz, "val"):
        layout["sz"] = w_attr(sz, "val")
    fonts = rpr.find(qn("w:rFonts"))
    if fonts is not None:  # a theme's font comes before a named one, as in Word
        theme = w_attr(fonts, "asciiTheme") or w_attr(fonts, "hAnsiTheme")
        name = w_attr(fonts, "ascii") or w_attr(fonts, "hAnsi")
        if theme:
            layout["font"] = "+major" if theme.startswith("major") else "+minor"
        elif name:
            layout["font"] = name


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
