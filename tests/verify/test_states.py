"""Reading the state codes' pages (toa/verify/states.py)."""

from __future__ import annotations

import pytest

from toa.verify.evidence import html_tree
from toa.verify.states import _texas_versions

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
