"""Sentences a line or page break cut in two (briefs converted from PDF), and the two as one."""

from toa.model import PageBreak, Paragraph
from toa.paragraph_joins import continued_paragraphs, joined


def body(index, text, **kw):
    return Paragraph(index=index, story="body", text=text, **kw)


def pairs(paragraphs):
    return [(head.index, tail.index) for head, tail in continued_paragraphs(paragraphs)]


def test_a_sentence_goes_on_in_the_next_paragraph_or_after_the_notes_at_the_foot_of_the_page():
    paragraphs = [
        body(0, "The court agreed with that reading. Ex parte"),
        body(1, "1 A note typed at the foot of the page.", typed_note=True),
        body(2, "Lyle, 664 S.W.3d 220 (Tex. Crim. App. 2022). Others disagreed.", breaks=[PageBreak(0, "explicit")]),
        body(3, "Similar results were reached in Bayne v. Sousa (1940) 42 Cal.App.2d"),
        body(4, "166, and in District"),
        body(5, "of Columbia v. Heller, 554 U.S. 570 (2008). (See Orr v. Pike (1991) 53"),
        body(6, "Cal.3d 152, 160.)"),
        body(7, "It was followed in Vance v. Ware (1950) 35 Cal.2d"),
        body(8, "6/ A note set as lines of text, which goes on"),
        body(9, "to its end.)"),
        body(10, "363, 370.", breaks=[PageBreak(0, "explicit")]),
    ]
    # 2 goes on with 0 over the typed note; 7 with 10 over the note typed as lines (8 and 9, one
    # sentence too); a sentence that ends ("Others disagreed.") is no head, a note's "6/" no tail
    assert pairs(paragraphs) == [(0, 2), (3, 4), (4, 5), (5, 6), (8, 9), (7, 10)]


def test_a_typed_note_carried_over_goes_on_with_its_note():
    paragraphs = [
        body(0, "1 See Smith v. Jones, 1 F.4th", typed_note=True),
        body(1, "The text of the next page."),
        body(2, "1 (1st Cir. 2021).", typed_note=True, continues=0),
    ]
    assert pairs(paragraphs) == [(0, 2)]


def test_a_running_header_turns_the_page_and_a_heading_is_never_a_head():
    header = "Case: 17-56544, 07/25/2018, ID: 10956659, DktEntry: 36, Page {} of 60"
    lead = "Courts have issued rules on what may be worn in a courtroom, and they are strict about it. " * 3
    paragraphs = [
        body(0, header.format(26)),
        body(1, lead + "Tenn. R. 20 Dist. Rule 1.04; Or. R. Coos"),
        body(2, header.format(27), breaks=[PageBreak(0, "explicit")]),
        body(3, "Curry Rule 3.011(2)(a) (Juvenile Court). The contention fails."),
        body(4, header.format(28), breaks=[PageBreak(0, "explicit")]),
        body(5, "ARGUMENT", style="Heading 1"),
        body(6, "under the rule of the circuit."),
        body(7, "Short line without an end"),
        body(8, "Curry Rule 3.012."),
    ]
    # a capitalised word goes on only after a long paragraph that stops mid-word
    assert pairs(paragraphs) == [(1, 3)]


def test_the_two_read_as_one_paragraph_with_the_tails_offsets_moved():
    head = Paragraph(index=4, story="footnote", text="See Bayne v.", emphasis=[(4, 9)], printed="See Bayne v.")
    tail = Paragraph(
        index=5,
        story="footnote",
        text="Sousa - 42 Cal.App.2d 166.",
        emphasis=[(0, 5)],
        printed="Sousa – 42 Cal.App.2d 166.",
    )
    both = joined(head, tail)
    assert (both.index, both.story, both.text) == (4, "footnote", "See Bayne v. Sousa - 42 Cal.App.2d 166.")
    assert both.emphasis == [(4, 9), (13, 18)] and both.printed == "See Bayne v. Sousa – 42 Cal.App.2d 166."
