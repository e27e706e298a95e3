"""Sentences that a line or page break cut in two, as briefs converted from PDF have them: which
paragraph goes on with the sentence of which, and the two read as one paragraph.

Part of the document stage: it reads the paragraphs' text, stories, styles, typed notes and
page breaks, and knows nothing of citations. The extract stage asks it about the paragraphs it
scans (those a court style leaves in) and reads a citation cut at the turn in the joined text.
"""

from __future__ import annotations

import re

from .model import Paragraph

# A sentence cut by a line or page break: the first part ends without closing punctuation, the
# rest starts in lower case, with a digit, or with a name's tail ("Ex parte" | "Kibler, 664 …",
# California's "People v." | "Morris (1991) 53 Cal.3d 152").
_OPEN_END = re.compile(r"(?:[\w,’'&-]|\b(?:v|vs|ex|rel|[A-Z][a-z]{0,4})\.|[A-Z]\.)\s*$")
_CONTINUES = re.compile(
    r"^\s*(?:[a-z0-9]|[A-Z][\w.'’&-]*,\s+\d|[A-Z][\w.'’&-]*(?:\s[A-Z][\w.'’&-]*){0,3}\s\(\d{4}\)\s\d|(?:[A-Z][A-Za-z]*\.\s?)+(?:\d[a-z]{1,2}\s)?\s*\d)"
)


_NOTE_START = re.compile(r"^\s*\d{1,3}/\s")  # "5/ Defendant filed …": a note typed as a paragraph


def continued_paragraphs(paragraphs: list[Paragraph]) -> list[tuple[Paragraph, Paragraph]]:
    """(head, tail) pairs of one sentence split over two paragraphs: the next paragraph, or the
    first one on the next page when notes typed at the foot of the page come between (briefs
    converted from PDF)."""
    pairs, continued = [], set()
    by_index = {p.index: p for p in paragraphs}
    for tail in paragraphs:  # a typed note carried over to the next page (document.py found it)
        if tail.continues in by_index:
            pairs.append((by_index[tail.continues], tail))
            continued.add(tail.continues)
    headers = _running_headers(paragraphs)
    for i, tail in enumerate(paragraphs):
        if i == 0 or tail.story != "body" or tail.typed_note or _NOTE_START.match(tail.text) or tail.index in headers:
            continue
        # a capitalised word goes on a sentence only after a long paragraph that stops mid-word
        # ("… Or. R. Coos" | "Curry Rule 3.011(2)(a)"), never after a heading
        capital = not _CONTINUES.match(tail.text)
        if capital and not _CAPITAL_START.match(tail.text):
            continue
        new_page = any(b.offset == 0 for b in tail.breaks)
        link = _LINK_FIRST.match(tail.text)  # a reference's link on a line of its own goes on its note, after "."
        for head in reversed(paragraphs[max(0, i - 8) : i]):
            if head.index in headers:
                new_page = True  # a running header ("Case: 17-56544 … Page 27 of 60") turns the page
                continue
            if (
                head.index not in continued
                and head.story == tail.story
                and (_OPEN_END.search(head.text) or link)
                and (not head.typed_note or link)
                and not (head.style or "").lower().startswith(("heading", "title"))
                and not (capital and (len(head.text) < 200 or not _MID_SENTENCE_END.search(head.text)))
            ):
                pairs.append((head, tail))
                continued.add(head.index)
                break
            if not new_page or head.story != tail.story:
                break
    return pairs


_CAPITAL_START = re.compile(r"^\s*[A-Z][a-z]+\b")
_LINK_FIRST = re.compile(r"\s*(?:https?://|www\.|doi:)")
_MID_SENTENCE_END = re.compile(r"[a-z]\s*$")


def _running_headers(paragraphs: list[Paragraph]) -> set[int]:
    """Paragraphs printed at the top or foot of every page of a brief converted from PDF (the same
    short words, page numbers aside, three times or more)."""
    seen: dict[str, list[int]] = {}
    for p in paragraphs:
        if p.story == "body" and len(p.text) < 150:
            seen.setdefault(re.sub(r"\d+", "#", p.text.strip()), []).append(p.index)
    return {i for text, found in seen.items() if len(found) >= 3 and "#" in text for i in found}


def joined(head: Paragraph, tail: Paragraph) -> Paragraph:
    """`head` and `tail` as one paragraph (`head`'s index and story), joined by a space: offsets in
    `tail` move by len(head.text) + 1."""
    cut = len(head.text) + 1
    shifted = [(a + cut, b + cut) for a, b in tail.emphasis]
    return Paragraph(
        index=head.index,
        story=head.story,
        text=head.text + " " + tail.text,
        emphasis=head.emphasis + shifted,
        printed=(head.printed or head.text) + " " + (tail.printed or tail.text),
    )
