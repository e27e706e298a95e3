"""The printed table: the package's templates/toa.docx rendered by docxtpl, one TOA field per category."""
from __future__ import annotations

import copy
import io
from importlib import resources
from pathlib import Path

from docxtpl import DocxTemplate, RichText
from jinja2 import StrictUndefined
from jinja2.sandbox import ImmutableSandboxedEnvironment

from ..model import Authority, Document
from ..oxml import field_quote, make, qn, w_attr
from ..styles import Style
from .errors import WriteError
from .fields import _spans
from .insert import _insert_at_start
from .tags import _P, _R, _RPR, _SECTPR

# Package data, read through importlib.resources so that an installed wheel finds it too.
TEMPLATE = resources.files("toa") / "templates" / "toa.docx"
_R_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"


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


def _environment() -> ImmutableSandboxedEnvironment:
    """A firm's template arrives by email like any document: it may print the variables of
    _context and nothing else. The sandbox refuses every attribute that reaches Python's
    internals (`cycler.__init__.__globals__.os`) and every method that changes a value; with no
    globals and undefined names an error, a tag naming anything else stops the rendering."""
    env = ImmutableSandboxedEnvironment(autoescape=True, undefined=StrictUndefined)
    env.globals.clear()
    return env


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
        tpl = DocxTemplate(io.BytesIO(path.read_bytes()))
        tpl.render(_context(cats, style, title), jinja_env=_environment())
    except Exception as exc:  # jinja or docx errors in a firm's template
        raise WriteError(f"TOA template {path} cannot be rendered: {' '.join(str(exc).split())}") from None
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
