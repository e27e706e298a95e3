"""Build toa/templates/toa.docx, the docxtpl template of the printed Table of Authorities that
the package ships (and loads with importlib.resources).

Run `python templates/make_toa_template.py` after changing the layout here. A firm can instead
copy toa/templates/toa.docx (into this folder, say), restyle it in Word (keep the Jinja tags,
each in one run) and pass it with --template.

Context the writer passes (see toa/write/template.py, _context):
  title        the table's title, or "" when the brief keeps its own heading
  page_column  the "Page(s)" label over the page column ("" for none)
  categories   [{heading, number, entries: [{text, pages, plain_text, plain_pages, passim}]}]
               `text` and `pages` are docxtpl RichText (case names italic, "passim" italic);
               use them with {{r ...}}.
The writer recognises the printed paragraphs by their text (title, label, each heading, each
entry starting with its authority), so paragraphs may be restyled, and decoration added, freely.
Right tab stops written directly on a paragraph are moved to the right margin of the section the
table lands in.

Styles: "toa heading" and "table of authorities" are Word's built-in names (Word formats the
entries of an updated TOA field with the latter); "TOA Title" and "TOA Page Label" are ours.
A style the brief already has (same id or name) is used as the brief defines it.
"""

from __future__ import annotations

from pathlib import Path

import docx
from docx.oxml import parse_xml

W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
NS = f'xmlns:w="{W_NS}"'

STYLES = [
    # (styleId, name, next, pPr, rPr)
    (
        "TOATitle",
        "TOA Title",
        "TOAPageLabel",
        '<w:keepNext/><w:spacing w:before="0" w:after="240" w:line="240" w:lineRule="auto"/>'
        '<w:ind w:left="0" w:right="0" w:firstLine="0"/><w:jc w:val="center"/>',
        "<w:b/><w:bCs/>",
    ),
    (
        "TOAPageLabel",
        "TOA Page Label",
        "TOAHeading",
        '<w:keepNext/><w:spacing w:before="0" w:after="120" w:line="240" w:lineRule="auto"/>'
        '<w:ind w:left="0" w:right="0" w:firstLine="0"/><w:jc w:val="right"/>',
        '<w:u w:val="single"/>',
    ),
    (
        "TOAHeading",
        "toa heading",
        "TableofAuthorities",
        '<w:keepNext/><w:spacing w:before="240" w:after="240" w:line="240" w:lineRule="auto"/>'
        '<w:ind w:left="0" w:right="0" w:firstLine="0"/><w:jc w:val="left"/>',
        "<w:b/><w:bCs/>",
    ),
    (
        "TableofAuthorities",
        "table of authorities",
        "Normal",
        '<w:keepLines/><w:spacing w:before="0" w:after="240" w:line="240" w:lineRule="auto"/>'
        '<w:ind w:left="360" w:right="720" w:hanging="360"/><w:jc w:val="left"/>',
        "",
    ),
]

# One paragraph per line; `{%p ...%}` paragraphs vanish when rendered.
TAB = '<w:tabs><w:tab w:val="right" w:leader="dot" w:pos="9350"/></w:tabs>'
BODY = [
    (None, "{%p if title %}"),
    ("TOATitle", "{{ title }}"),
    (None, "{%p endif %}"),
    (None, "{%p if page_column %}"),
    ("TOAPageLabel", "{{ page_column }}"),
    (None, "{%p endif %}"),
    (None, "{%p for cat in categories %}"),
    ("TOAHeading", "{{ cat.heading }}"),
    (None, "{%p for e in cat.entries %}"),
    ("TableofAuthorities", None),  # the entry line, built below
    (None, "{%p endfor %}"),
    (None, "{%p endfor %}"),
]


def _run(text: str) -> str:
    return f'<w:r><w:t xml:space="preserve">{text}</w:t></w:r>'


def build(path: Path) -> Path:
    doc = docx.Document()
    styles = doc.styles.element
    for sid, name, nxt, ppr, rpr in STYLES:
        for old in styles.findall(f"{{{W_NS}}}style"):
            if old.get(f"{{{W_NS}}}styleId") == sid:
                styles.remove(old)
        styles.append(
            parse_xml(
                f'<w:style {NS} w:type="paragraph" '
                f'w:customStyle="{0 if sid.startswith("Tableof") or sid == "TOAHeading" else 1}" '
                f'w:styleId="{sid}"><w:name w:val="{name}"/><w:basedOn w:val="Normal"/><w:next w:val="{nxt}"/>'
                f'<w:uiPriority w:val="99"/><w:unhideWhenUsed/><w:pPr>{ppr}</w:pPr>'
                + (f"<w:rPr>{rpr}</w:rPr>" if rpr else "")
                + "</w:style>"
            )
        )
    body = doc.element.body
    for p in list(body.iterchildren(f"{{{W_NS}}}p")):
        body.remove(p)
    sectpr = body.find(f"{{{W_NS}}}sectPr")
    for style, text in BODY:
        if style == "TableofAuthorities":
            xml = (
                f'<w:p {NS}><w:pPr><w:pStyle w:val="{style}"/>{TAB}</w:pPr>'
                f"{_run('{{r e.text }}')}<w:r><w:tab/></w:r>{_run('{{r e.pages }}')}</w:p>"
            )
        elif style:
            xml = f'<w:p {NS}><w:pPr><w:pStyle w:val="{style}"/></w:pPr>{_run(text)}</w:p>'
        else:
            xml = f"<w:p {NS}>{_run(text)}</w:p>"
        sectpr.addprevious(parse_xml(xml))
    doc.core_properties.title = "toa: Table of Authorities template"
    doc.core_properties.author = "toa"
    doc.save(str(path))
    return path


if __name__ == "__main__":
    print(build(Path(__file__).resolve().parents[1] / "toa" / "templates" / "toa.docx"))
