"""The printed table: the package's templates/toa.docx rendered by docxtpl, one TOA field per category."""

from __future__ import annotations

import copy
import io
import re
import zipfile
import zlib
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

import docx
from docxtpl import DocxTemplate, RichText

from ..document import style_format
from ..model import Authority, Document, ParagraphFormat
from ..oxml import field_quote, make, refers_to_parts
from ..oxml.fields import wrap_in_field
from ..oxml.sections import is_section_properties, remove_section_properties
from ..oxml.styles import StyleInfo, import_styles
from ..oxml.text import is_paragraph, remove_empty_runs, written_text
from ..package import MAX_PARAGRAPHS, MAX_TAGS, DocumentError, check_sizes
from ..styles import Style
from .errors import WriteError
from .fields import italic_pieces
from .sandbox import BoundedSandbox, new_budget

# Package data, read through importlib.resources so that an installed wheel finds it too.
TEMPLATE = resources.files("toa") / "templates" / "toa.docx"
_PARAGRAPH = re.compile(rb"<w:p[ >/]")


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


def _template_file(template) -> tuple[Path | Traversable, bytes]:
    """The path and bytes of the template (the shipped one when `template` is None), refused
    like a brief when it is larger than a brief may be, before anything of it is parsed: a
    template of a million empty paragraphs took 257 s to render."""
    path = Path(template) if template else TEMPLATE
    if not path.is_file():
        raise WriteError(f"TOA template {path} not found")
    data = path.read_bytes()
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            check_sizes(str(path), zf.infolist())
            main = zf.read("word/document.xml") if "word/document.xml" in zf.namelist() else b""
    except DocumentError as exc:
        raise WriteError(f"TOA template {exc}") from None
    except (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError, RuntimeError, ValueError, OSError):
        return path, data  # not a .docx: render_table and table_formats say so as for any template they cannot read
    if main.count(b"<") > MAX_TAGS:
        raise WriteError(f"TOA template {path} holds more than {MAX_TAGS:,} XML tags")
    if sum(1 for _ in _PARAGRAPH.finditer(main)) > MAX_PARAGRAPHS:
        raise WriteError(f"TOA template {path} holds more than {MAX_PARAGRAPHS:,} paragraphs")
    return path, data


def _context(cats, style: Style, title: bool) -> dict:
    return {
        "title": style.title if title else "",
        "page_column": style.page_column if cats else "",
        "categories": [
            {
                "heading": c.heading,
                "number": c.number,
                "entries": [
                    {
                        "text": _rich(a.text, a.emphasis),
                        "pages": _rich_pages(a),
                        "plain_text": a.text,
                        "plain_pages": a.page_text,
                        "passim": a.passim,
                    }
                    for a in c.authorities
                ],
            }
            for c in cats
        ],
    }


def _rich(text: str, emphasis) -> RichText:
    rt = RichText()
    for piece, italic in italic_pieces(text, emphasis):
        rt.add(piece, italic=italic)
    return rt


def _rich_pages(a: Authority) -> RichText:
    rt = RichText()
    if a.page_text:
        rt.add(a.page_text, italic=a.page_text.strip().lower() == "passim")
    return rt


def render_table(doc: Document, template, cats, style: Style, title: bool):
    """Render the template; return (blocks ready for the brief, [(number, first p, last p)])."""
    path, data = _template_file(template)
    try:
        tpl = DocxTemplate(io.BytesIO(data))
        tpl.render(_context(cats, style, title), jinja_env=BoundedSandbox(new_budget()))
    except Exception as exc:  # jinja or docx errors in a firm's template
        raise WriteError(f"TOA template {path} cannot be rendered: {' '.join(str(exc).split())}") from None
    src_body = tpl.docx.element.body
    blocks = [copy.deepcopy(c) for c in src_body if not is_section_properties(c)]
    for b in blocks:
        remove_section_properties(b)
        remove_empty_runs(b)  # docxtpl leaves empty runs where the tags were
        if refers_to_parts(b):
            raise WriteError(f"TOA template {path} uses images or links; it may hold text and styles only")
    entry_ps = _match(blocks, cats, style, title, path)
    import_styles(doc.package.styles.element, tpl.docx.styles.element, blocks)
    fields = []
    for cat, ps in zip(cats, entry_ps, strict=True):
        wrap_in_field(ps[0], ps[-1], toa_instruction(cat.number, style))
        fields.append((cat.number, ps[0], ps[-1]))
    return blocks, fields


# The paragraph styles of the shipped template (templates/make_toa_template.py), by what they print.
TABLE_STYLES = {"title": "TOATitle", "label": "TOAPageLabel", "heading": "TOAHeading", "entry": "TableofAuthorities"}


def table_formats(doc: Document, template) -> dict[str, ParagraphFormat]:
    """The look of the table's title, page label, headings and entries as render_table would
    set them in the brief: the template's styles added to a copy of the brief's as it adds them
    (a style the brief has keeps the brief's look). The brief is not changed."""
    path, data = _template_file(template)
    try:
        src = docx.Document(io.BytesIO(data)).styles.element
    except Exception as exc:  # a missing or broken template: render_table says the same when writing
        raise WriteError(f"TOA template {path} cannot be read: {' '.join(str(exc).split())}") from None
    mine = doc.package.styles
    dst = copy.deepcopy(mine.element) if mine.element is not None else make("w:styles")
    pprs = {kind: make("w:pPr") for kind in TABLE_STYLES}
    for kind, sid in TABLE_STYLES.items():
        pprs[kind].append(make("w:pStyle", {"val": sid}))
    import_styles(dst, src, list(pprs.values()))
    styles = StyleInfo(dst, mine.theme)
    return {kind: style_format(ppr, styles) for kind, ppr in pprs.items()}


def _norm(s: str) -> str:
    return " ".join(s.split())


def _match(blocks, cats, style: Style, title: bool, path) -> list[list]:
    """Find the printed paragraphs by their text: the entry paragraphs of each category."""
    expected: list[tuple[str, str, int | None]] = []  # (kind, text, category index of a heading or entry)
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
        if not is_paragraph(b) or k >= len(expected):
            continue
        text = _norm(written_text(b))
        kind, want, at = expected[k]
        if text.startswith(want) if kind == "entry" else text == want:
            if kind == "entry" and at is not None:  # (an entry always has its category's index)
                entries[at].append(b)
            k += 1
    if k < len(expected):
        kind, want, _ = expected[k]
        raise WriteError(f"TOA template {path} did not print the {kind} {want!r}")
    return entries
