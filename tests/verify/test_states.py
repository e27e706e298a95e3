"""Reading the state codes' pages (toa/verify/states.py)."""

from __future__ import annotations

import pytest

from toa.model import Authority
from toa.recognizers import recognize
from toa.verify.evidence import html_tree
from toa.verify.provisions import units_for
from toa.verify.states import CALIFORNIA, TEXAS, _texas_versions

NOTE_1 = "Text of section as added by Acts 2019, 86th Leg., R.S., Ch. 11 (S.B. 1), Sec. 1"
NOTE_2 = "Text of section as added by Acts 2019, 86th Leg., R.S., Ch. 22 (H.B. 2), Sec. 4"
SEE_OTHER = '<p class="center">For text of section as added by {}, see other Sec. 5.02.</p>'


def _anchor(name: str) -> str:
    return f'<p class="left"><a name="{name}"></a><a name="6100.{name}"></a></p>'


def _chapter(*paras: str) -> str:
    return '<html><body><pre xml:space="preserve">' + "".join(paras) + "</pre></body></html>"


def _text(number: str, heading: str, body: str, history: str) -> str:
    return f'<p class="left">Sec. {number}.  {heading}.  {body}</p><p class="left">{history}</p>'


@pytest.mark.parametrize("layout", ["note after the anchor", "note before the anchor", "one anchor"])
def test_every_text_printed_under_one_number_is_read_with_its_note(layout):
    """A number enacted twice is printed twice, each text under its own anchor (or only its "Sec."
    line) and note (between the anchor and the "Sec." line, or before the anchor, after the text
    before it); both texts are read, each with its note, and no note is read into a text. The note
    of another section's text is not taken for one of this section's."""
    note_first = layout != "note after the anchor"

    def version(note: str, other: str, heading: str, body: str, history: str, anchored: bool = True) -> list[str]:
        notes = [f'<p class="center">{note}</p>', SEE_OTHER.format(other.split(" by ", 1)[1])]
        anchor = [_anchor("5.02")] if anchored else []
        return (notes + anchor if note_first else anchor + notes) + [_text("5.02", heading, body, history)]

    other_note = "Text of section effective on September 1, 2031"
    page = _chapter(
        *([f'<p class="center">{other_note}</p>', _anchor("5.01")] if note_first else [_anchor("5.01")]),
        _text("5.01", "DEFINITIONS", "In this chapter, a word means what it says.", "Added by Acts 2001."),
        *version(NOTE_1, NOTE_2, "KITE FLYING", "(a) A kite may not be flown at night.", "Added by Acts 2019."),
        *version(
            NOTE_2, NOTE_1, "PUDDLES", "(a) A puddle is public.", "Added by Acts 2019, ch. 22.", layout != "one anchor"
        ),
        _anchor("5.03"),
        _text("5.03", "PENALTY", "(a) An offense is a Class C misdemeanor.", "Added by Acts 2019."),
    )
    assert _texas_versions(html_tree(page), "5.02") == [
        (NOTE_1, ["Sec. 5.02. KITE FLYING. (a) A kite may not be flown at night.", "Added by Acts 2019."]),
        (NOTE_2, ["Sec. 5.02. PUDDLES. (a) A puddle is public.", "Added by Acts 2019, ch. 22."]),
    ]
    assert _texas_versions(html_tree(page), "5.01") == [
        (
            other_note if note_first else "",
            ["Sec. 5.01. DEFINITIONS. In this chapter, a word means what it says.", "Added by Acts 2001."],
        )
    ]
    assert _texas_versions(html_tree(page), "5.04") == []


# Every form of a California or Texas code the extractor reads, with the code the official site
# files it under: the Bluebook's, the California Style Manual's, the Texas Greenbook's, written out.
CODE_FORMS = [
    *(f"Cal. {name} § 100(a)" for name in (
        "Bus. & Prof. Code", "Civ. Code", "Civ. Proc. Code", "Code Civ. Proc.", "Com. Code", "Corp. Code",
        "Educ. Code", "Elec. Code", "Evid. Code", "Fam. Code", "Fin. Code", "Gov't Code", "Health & Safety Code",
        "Ins. Code", "Lab. Code", "Penal Code", "Prob. Code", "Pub. Res. Code", "Rev. & Tax. Code", "Veh. Code",
        "Water Code", "Welf. & Inst. Code",
    )),
    *(f"{name}, § 100, subd. (a)" for name in (
        "Bus. & Prof. Code", "Civ. Code", "Code Civ. Proc.", "Com. Code", "Corp. Code", "Ed. Code", "Elec. Code",
        "Evid. Code", "Fam. Code", "Fin. Code", "Gov. Code", "Health & Saf. Code", "Ins. Code", "Lab. Code",
        "Pen. Code", "Prob. Code", "Pub. Resources Code", "Rev. & Tax. Code", "Veh. Code", "Wat. Code",
        "Welf. & Inst. Code",
    )),
    "Code of Civil Procedure section 100, subdivision (a)",
    *(f"Tex. {name} § 1.01(a)" for name in (
        "Agric. Code Ann.", "Alco. Bev. Code Ann.", "Bus. & Com. Code Ann.", "Bus. Orgs. Code Ann.",
        "Civ. Prac. & Rem. Code Ann.", "Educ. Code Ann.", "Elec. Code Ann.", "Est. Code Ann.", "Fam. Code Ann.",
        "Fin. Code Ann.", "Gov't Code Ann.", "Health & Safety Code Ann.", "Hum. Res. Code Ann.", "Ins. Code Ann.",
        "Lab. Code Ann.", "Loc. Gov't Code Ann.", "Nat. Res. Code Ann.", "Occ. Code Ann.", "Parks & Wild. Code Ann.",
        "Penal Code Ann.", "Penal Code", "Prop. Code Ann.", "Tax Code Ann.", "Transp. Code Ann.", "Util. Code Ann.",
        "Water Code Ann.",
    )),
    "Tex. Code Crim. Proc. Ann. art. 1.01",
    "Tex. Crim. Proc. Code Ann. art. 1.01",
]  # fmt: skip


@pytest.mark.parametrize("text", CODE_FORMS)
def test_every_form_of_a_state_code_reaches_its_site(text):
    """What `toa check` asks for each form the extractor reads: the code's own site, by its code."""
    (occurrence,) = recognize(f"See {text}.")
    authority = Authority(occurrence.key, occurrence.category, occurrence.text, (text,), [occurrence])
    (unit,) = units_for(authority, [0], {})
    assert unit.kind in ("ca", "tx") and unit.error is None
    kind, law, section = unit.fetch_key
    assert law in (CALIFORNIA if kind == "ca" else TEXAS).values() and section in ("100", "1.01")


def test_a_codes_words_in_any_order_name_one_code():
    for codes in (CALIFORNIA, TEXAS):
        assert len({tuple(sorted(words.split())) for words in codes}) == len(codes)


def test_a_former_section_is_not_checked_against_the_code_in_force():
    """ "Code Civ. Proc., former § 340": today's § 340 is another text, so nothing is fetched."""
    (occurrence,) = recognize("(Code Civ. Proc., former § 340.)")
    authority = Authority(occurrence.key, occurrence.category, occurrence.text, (occurrence.text,), [occurrence])
    (unit,) = units_for(authority, [0], {})
    assert unit.fetch_key is None
    assert unit.error == "a former section, which the code in force no longer holds"
