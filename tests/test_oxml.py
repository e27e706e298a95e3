"""The XML layer's named operations, on invented WordprocessingML."""

from __future__ import annotations

from lxml import etree

from toa.oxml import drop_references, qn
from toa.oxml.fields import complex_fields, instructions, remove_ta_fields, unwrap_fields
from toa.oxml.sections import keep_only_breaks, move_section_properties, section_properties
from toa.oxml.text import paragraph_text, paragraphs_of

W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"


def body(xml: str):
    return etree.fromstring(f'<w:body xmlns:w="{W}" xmlns:r="{R}">{xml}</w:body>')


END = '<w:r><w:fldChar w:fldCharType="end"/></w:r>'


def begin(code: str, result: str = "") -> str:
    """A field's begin and code, and its separator and result when it has one (END closes it)."""
    out = (
        f'<w:r><w:fldChar w:fldCharType="begin"/></w:r>'
        f'<w:r><w:instrText xml:space="preserve">{code}</w:instrText></w:r>'
    )
    if result:
        out += f'<w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>{result}</w:t></w:r>'
    return out


def field(code: str, result: str = "") -> str:
    return begin(code, result) + END


def texts(root) -> list[str]:
    return [paragraph_text(p) for p in paragraphs_of(root)]


def test_complex_fields_nest_and_span_paragraphs():
    toa = begin(" TOA \\c 1 ", "Cases")
    root = body(f"<w:p>{toa}</w:p><w:p><w:r><w:t>Celotex</w:t></w:r>{field(' PAGEREF x ', '3')}{END}</w:p>")
    fields = complex_fields(root)
    assert [f.keyword for f in fields] == ["PAGEREF", "TOA"]  # in the order they end
    assert len(fields[1].paragraphs) == 2 and len(fields[0].paragraphs) == 1


def test_a_paragraphs_field_instructions_with_where_they_end_and_their_italics():
    """Each instruction with the offset of the text after it; an italic run's characters say so;
    a simple field too; a field with no text after it ends at the paragraph's end."""
    p = body(
        "<w:p><w:r><w:t>See </w:t></w:r>"
        '<w:r><w:fldChar w:fldCharType="begin"/></w:r>'
        '<w:r><w:instrText xml:space="preserve">TA \\l "</w:instrText></w:r>'
        "<w:r><w:rPr><w:i/></w:rPr><w:instrText>Roe</w:instrText></w:r>"
        f'<w:r><w:instrText xml:space="preserve">"</w:instrText></w:r>{END}'
        '<w:r><w:t>Roe</w:t></w:r><w:fldSimple w:instr="TA \\s Doe"/></w:p>'
    )[0]
    texts = list(p.iter(qn("w:t")))
    found = instructions(p, {texts[0]: 0, texts[1]: 4}, 7)
    assert [(at, "".join(ch for ch, _ in chars)) for at, chars in found] == [(4, 'TA \\l "Roe"'), (7, "TA \\s Doe")]
    assert [ch for ch, italic in found[0][1] if italic] == ["R", "o", "e"]


def test_ta_fields_go_and_the_printed_text_stays():
    ta = field(" TA \\s &quot;Celotex&quot; \\c 1 ")
    root = body(
        f'<w:p><w:r><w:t xml:space="preserve">See </w:t></w:r>{ta}<w:r><w:t>Celotex.</w:t></w:r>'
        f'<w:fldSimple w:instr=" TA \\s x "/>{field(" PAGE ", "4")}</w:p>'
    )
    before = texts(root)
    assert remove_ta_fields(root) == 2
    assert texts(root) == before == ["See Celotex.{PAGE}4"]
    assert root.find(f".//{qn('w:fldSimple')}") is None
    assert [f.keyword for f in complex_fields(root)] == ["PAGE"]


def test_fields_that_fetch_are_unwrapped_to_their_result():
    root = body(
        f"<w:p>{field(' INCLUDETEXT &quot;http://x/a.docx&quot; ', 'included')}"
        '<w:fldSimple w:instr=" LINK Excel x "><w:r><w:t>linked</w:t></w:r></w:fldSimple>'
        f"{field(' PAGE ', '4')}</w:p>"
    )
    assert unwrap_fields(root, frozenset({"INCLUDETEXT", "LINK"}))
    assert texts(root) == ["includedlinked{PAGE}4"]
    assert not unwrap_fields(root, frozenset({"INCLUDETEXT", "LINK"}))


def test_references_to_dropped_relationships_go():
    root = body(
        '<w:p><w:hyperlink r:id="rId7"><w:r><w:t>link</w:t></w:r></w:hyperlink></w:p>'
        '<w:altChunk r:id="rId8"/><w:p><w:hyperlink r:id="rId9"/></w:p>'
    )
    assert drop_references(root, {"rId7", "rId8"})
    assert root.find(f".//{qn('w:altChunk')}") is None
    assert [h.get(f"{{{R}}}id") for h in root.iter(qn("w:hyperlink"))] == [None, "rId9"]
    assert texts(root) == ["link", ""]


def test_section_properties_move_before_a_paragraph_mark_revision():
    root = body(
        '<w:p><w:pPr><w:sectPr><w:pgNumType w:fmt="lowerRoman"/></w:sectPr></w:pPr></w:p>'
        '<w:p><w:pPr><w:jc w:val="center"/><w:pPrChange w:id="1"/></w:pPr></w:p>'
    )
    first, last = paragraphs_of(root)
    move_section_properties(section_properties(first), last)
    assert section_properties(first) is None
    assert [c.tag.split("}")[1] for c in last.find(qn("w:pPr"))] == ["jc", "sectPr", "pPrChange"]


def test_a_paragraph_that_goes_keeps_only_its_breaks():
    root = body(
        '<w:p><w:pPr><w:sectPr/></w:pPr><w:r><w:t>Old v. Gone</w:t><w:br w:type="page"/></w:r>'
        '<w:bookmarkStart w:id="1" w:name="x"/></w:p>'
    )
    p = paragraphs_of(root)[0]
    keep_only_breaks(p)
    assert [c.tag.split("}")[1] for c in p] == ["pPr", "r"]
    assert texts(root) == ["\n"]


def test_a_paragraphs_layout_comes_from_defaults_then_its_style_chain_then_itself():
    """Each attribute from the last that sets it; a theme's font (+Body) named through the theme;
    a firstLine set later replaces a hanging indent set earlier; a run's size and font from its
    character style, its own properties over it."""
    from toa.oxml.styles import StyleInfo

    styles = etree.fromstring(
        f'<w:styles xmlns:w="{W}"><w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:asciiTheme="minorHAnsi"/>'
        '<w:sz w:val="22"/></w:rPr></w:rPrDefault><w:pPrDefault><w:pPr><w:spacing w:after="160" w:line="259" '
        'w:lineRule="auto"/></w:pPr></w:pPrDefault></w:docDefaults>'
        '<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:pPr><w:ind w:hanging="360"/></w:pPr></w:style>'
        '<w:style w:type="paragraph" w:styleId="Body"><w:basedOn w:val="Normal"/><w:pPr><w:spacing w:line="480"/>'
        '</w:pPr><w:rPr><w:rFonts w:ascii="Garamond"/><w:sz w:val="26"/></w:rPr></w:style>'
        '<w:style w:type="character" w:styleId="Big"><w:rPr><w:sz w:val="40"/></w:rPr></w:style></w:styles>'
    )
    info = StyleInfo(styles, {"minor": "Calibri", "major": "Calibri Light"})
    normal = info.paragraph_layout(None)
    assert (normal["sz"], info.font(normal["font"]), normal["line"], normal["after"], normal["hanging"]) == (
        "22",
        "Calibri",
        "259",
        "160",
        "360",
    )
    ppr = etree.fromstring(f'<w:pPr xmlns:w="{W}"><w:pStyle w:val="Body"/><w:ind w:firstLine="720"/></w:pPr>')
    body = info.paragraph_layout(ppr)
    assert (body["sz"], body["font"], body["line"], body["after"], body["firstLine"]) == (
        "26",
        "Garamond",
        "480",
        "160",
        "720",
    )
    assert "hanging" not in body
    rpr = etree.fromstring(f'<w:rPr xmlns:w="{W}"><w:rStyle w:val="Big"/><w:rFonts w:ascii="Arial"/></w:rPr>')
    assert info.run_face(rpr) == ("40", "Arial")
    assert info.run_face(None) == (None, None)
