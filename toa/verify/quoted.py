"""The words each citation vouches for, read from the brief on this machine: the quotations
between the citation before it (in the same paragraph) and this one — the quotation in the
sentence before a citation, or in the same sentence — and, for a citation that opens a
paragraph, a block quotation set off just above it. They are compared with the source here and
never sent anywhere.

Only quotations of MIN_WORDS words or more count: a quoted term ("the “Act”"), a scare quote or
a defined name is not a quotation a source has to hold. A citation inside "(quoting Y)" vouches for
the words of the citation it follows: the quotation must be in Y too. What the parentheticals after a
citation say the quotation left out ("(citations omitted)", "(internal quotation marks omitted)",
"(footnote omitted)", "(cleaned up)") goes with its words."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..model import Document, Occurrence, Table
from .quotes import CITATIONS, FOOTNOTES, QUOTATION_MARKS

MIN_WORDS = 4
_QUOTED = re.compile(r"“([^“”]+)”|\"([^\"]+)\"")
# What may stand between a block quotation and the citation that opens the next paragraph.
_LEAD = re.compile(r"^[\s(]*(?:(?:see|see also|accord|cf\.|quoting|citing)\s+)?$", re.I)
# "X (quoting Y)", "X (alteration in original) (quoting Y)": Y is the source of X's quotation.
_QUOTING = re.compile(r"\([^()]*\bquoting\s*$", re.I)
# "(citations omitted)", "(internal quotation marks and citations omitted)", "(footnote omitted)",
# "(cleaned up)": what the quotation leaves out of its source.
_OMISSIONS = (
    (re.compile(r"\bcitations?\b[^()]*\bomitted\b|\bcleaned up\b", re.I), CITATIONS),
    (re.compile(r"\bquotation marks\b[^()]*\bomitted\b|\bcleaned up\b", re.I), QUOTATION_MARKS),
    (re.compile(r"\bfootnotes?\b[^()]*\bomitted\b", re.I), FOOTNOTES),
)


@dataclass
class Quoted:
    """The quotations one citation vouches for, and what the brief says they leave out."""

    words: list[str]
    omitted: list[str] = field(default_factory=list)  # CITATIONS, QUOTATION_MARKS, FOOTNOTES


def _quotes_in(text: str) -> list[str]:
    out = []
    for m in _QUOTED.finditer(text):
        words = (m.group(1) or m.group(2) or "").strip()
        if len(words.split()) >= MIN_WORDS:
            out.append(words)
    return out


def _past_parentheticals(text: str) -> int:
    """Where the text after a citation leaves its explanatory parentheticals ("(holding that
    “…”)", "(quoting X)"): what they quote is the citation's before, not the next one's."""
    pos = 0
    while True:
        lead = len(text) - len(text[pos:].lstrip()) if pos < len(text) else pos
        if lead >= len(text) or text[lead] != "(":
            return pos
        depth = 0
        for i in range(lead, len(text)):
            depth += {"(": 1, ")": -1}.get(text[i], 0)
            if depth == 0:
                pos = i + 1
                break
        else:
            return pos  # an unclosed parenthesis: leave it


def _block_before(doc: Document, index: int) -> str | None:
    """The block quotation set off just above paragraph `index` (its paragraphs joined)."""
    here = doc.paragraphs[index]
    lines: list[str] = []
    i = index - 1
    while i >= 0 and doc.paragraphs[i].story == here.story and doc.paragraphs[i].block_quote:
        lines.insert(0, doc.paragraphs[i].text.strip())
        i -= 1
    text = " ".join(t for t in lines if t)
    return text if len(text.split()) >= MIN_WORDS else None


def key(o: Occurrence) -> tuple[int, int, str]:
    return o.paragraph, o.start, o.text


def _omitted(para_text: str, end: int) -> list[str]:
    """What the parentheticals right after a citation (ending at `end`) say its quotation left out."""
    after = para_text[end:]
    said = after[: _past_parentheticals(after)]
    return [what for pattern, what in _OMISSIONS if pattern.search(said)]


def quotations(doc: Document | None, table: Table) -> dict[tuple[int, int, str], Quoted]:
    """A citation's key() -> the quotations it vouches for."""
    starts: dict[int, list[tuple[int, int]]] = {}  # paragraph -> (start, end) of every citation in it
    occurrences = [o for c in table.categories for a in c.authorities for o in a.occurrences] + list(table.unlinked)
    for o in occurrences:
        starts.setdefault(o.paragraph, []).append((o.start, o.end))
    out = {}
    ending = {(o.paragraph, o.end): key(o) for o in occurrences}  # where each citation ends -> it
    for o in sorted(occurrences, key=lambda o: (o.paragraph, o.start)):
        para = doc.paragraphs[o.paragraph] if doc is not None and 0 <= o.paragraph < len(doc.paragraphs) else None
        if o.quotation:  # what extract read already
            out[key(o)] = Quoted([o.quotation], _omitted(para.text, o.end) if para is not None else [])
            continue
        if doc is None or para is None:
            continue
        before = max((end for start, end in starts[o.paragraph] if end <= o.start), default=0)
        window = para.text[before : o.start]
        if before and _QUOTING.search(window):  # the quoted source vouches for the citing one's words
            source = ending.get((o.paragraph, before))
            quoted = out.get(source) if source is not None else None
            if quoted:
                out[key(o)] = quoted
            continue
        if before:
            window = window[_past_parentheticals(window) :]
        found = _quotes_in(window)
        if not found and before == 0 and _LEAD.match(window):
            block = _block_before(doc, o.paragraph)
            found = [block] if block else []
        if found:
            out[key(o)] = Quoted(found, _omitted(para.text, o.end))
    return out
