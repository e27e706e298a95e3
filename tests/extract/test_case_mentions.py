"""A case named without a citation after its full cite: a mention, counted where the style says."""

from test_extract import para

from toa import authorities, styles
from toa.extract import extract_paragraph
from toa.extract.case_mentions import case_mentions
from toa.model import Document


def paragraph(index, *parts):
    """A body paragraph from ("text", italic?) parts, at `index`."""
    p = para(*parts)
    p.index = index
    return p


def occurrences(paragraphs):
    found = [o for p in paragraphs for o in extract_paragraph(p)]
    return found + case_mentions(paragraphs, found)


def mentions(paragraphs):
    return [(o.paragraph, o.text) for o in occurrences(paragraphs) if "name_mention" in o.flags]


def italic_brief(first=0):
    return [
        paragraph(
            first,
            "The rule is settled. ",
            ("Quillen v. Marsh", True),
            ", 12 F.4th 301, 305 (5th Cir. 2021) (“",
            ("Quillen", True),
            "”); ",
            ("People v. Ardmore", True),
            " (1999) 20 Cal.4th 100, 104.",
        ),
        paragraph(
            first + 1,
            "In ",
            ("Quillen", True),
            ", the court held the claim waived. Quillen himself testified. ",
            ("Ardmore", True),
            " is not to the contrary, and the officer in “",
            ("Quillen", True),
            " had no warrant.”",
        ),
        paragraph(
            first + 2,
            "Compare ",
            ("Quillen", True),
            ", 12 F.4th at 306, with ",
            ("Ardmore", True),
            ", supra, 20 Cal.4th at p. 105.",
        ),
    ]


def test_italic_names_after_the_full_cite_are_mentions():
    # not the defined name inside the first cite, not the roman "Quillen himself" (a person),
    # not a name inside a quotation, not the names that begin short cites
    assert mentions(italic_brief()) == [(1, "Quillen"), (1, "Ardmore")]


def test_a_whole_first_party_in_italics_is_a_mention_when_its_first_word_says_nothing():
    """ "*American Widget Ins. Co.* does not apply": "American" names no case, the whole first
    party does; in roman it is no mention (the brief sets its names in italics)."""
    found = mentions(
        [
            paragraph(0, "See ", ("American Widget Ins. Co. v. Roe Timber Co.", True), " (1987) 195 Cal.App.3d 1271."),
            paragraph(1, ("American Widget Ins. Co.", True), " does not apply. American Widget Ins. Co. is old."),
        ]
    )
    assert found == [(1, "American Widget Ins. Co.")]


def test_name_before_the_full_cite_is_not_a_mention():
    paras = [paragraph(0, "As ", ("Quillen", True), " shows, waiver is strict."), *italic_brief(first=1)[:1]]
    assert mentions(paras) == []


def test_a_name_two_cited_cases_share_is_nobodys():
    paras = [
        paragraph(
            0,
            ("Quillen v. Marsh", True),
            ", 12 F.4th 301 (5th Cir. 2021); ",
            ("Quillen v. Tate", True),
            ", 14 F.4th 9 (5th Cir. 2021).",
        ),
        paragraph(1, "In ", ("Quillen", True), ", the court held the claim waived."),
    ]
    assert mentions(paras) == []


def test_brief_without_italics_counts_only_the_names_it_uses_as_short_forms():
    paras = [
        paragraph(0, "Quillen v. Marsh, 12 F.4th 301, 305 (5th Cir. 2021); Baxter v. Lund, 3 F.4th 7 (1st Cir. 2021)."),
        paragraph(1, "Quillen, 12 F.4th at 306. Quillen controls here, and Baxter says nothing to the contrary."),
    ]
    # "Quillen" is the name the brief's short cite uses; "Baxter" is only a party name in roman
    assert mentions(paras) == [(1, "Quillen")]


def _table(paragraphs, style):
    doc = Document(path="x.docx", paragraphs=paragraphs, sections=[])
    return authorities.build(doc, occurrences(paragraphs), styles.load(style))


def test_style_decides_whether_mentions_count():
    by_style = {}
    for style in ("default", "texas", "california", "sg", "scotus"):
        table = _table(italic_brief(), style)
        [quillen] = [a for c in table.categories for a in c.authorities if a.text.startswith("Quillen")]
        by_style[style] = sorted({o.paragraph for o in quillen.occurrences})
    assert by_style == {
        "default": [0, 1, 2],
        "texas": [0, 1, 2],
        "california": [0, 1, 2],
        "sg": [0, 2],
        "scotus": [0, 2],
    }
