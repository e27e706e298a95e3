"""TA fields: a hidden one at the start of every citation, and the removal of old ones."""

from __future__ import annotations

from ..model import Authority, Document, Occurrence, Table
from ..oxml import field_quote
from ..oxml import fields as oxml_fields
from .insert import insert_all


def mark_citations(doc: Document, table: Table) -> list[Occurrence]:
    """A hidden TA field at the start of every occurrence of every authority in `table`.

    The first full citation (reading order) carries `TA \\l "long" \\s "short" \\c N`, the others
    `TA \\s "short" \\c N`. The field goes at the START of the citation, not after it as
    Word's Mark Citation does: Word credits the page where the TA field sits, and printed
    tables credit the page where a citation begins (toa-conventions.md §6), so a later
    Update Field in Word gives the same pages we print.

    A citation that starts just after a page break (the first words of a page) gets its field
    at its end: LibreOffice drops a page break that a field follows, and would lay the rest of
    the brief out a page early. The end of such a citation is on the same page.

    TA fields already in the brief are removed first (a re-run would otherwise count every
    citation twice). Returns the occurrences that could not be marked (none, normally).
    """
    remove_ta_fields(doc)
    page_breaks: dict[int, set[int]] = {}  # paragraph -> offsets of its explicit page breaks
    items = [
        (o.paragraph, _field_offset(doc, o, page_breaks), ta_runs(auth, short, number, with_long), o)
        for o, auth, short, number, with_long in ta_sites(doc, table)
    ]
    return insert_all(doc, items)


def _field_offset(doc: Document, o: Occurrence, page_breaks: dict[int, set[int]]) -> int:
    """Where the TA field of `o` goes: its start, or its end when a page break is right before it.
    `page_breaks` caches each paragraph's break offsets (a paragraph may hold thousands)."""
    if o.paragraph not in page_breaks:
        page_breaks[o.paragraph] = {b.offset for b in doc.paragraphs[o.paragraph].breaks if b.kind == "explicit"}
    if o.anchor_end and o.start in page_breaks[o.paragraph]:
        return o.anchor_end
    return o.start


def ta_sites(doc: Document, table: Table):
    """(occurrence, authority, TA \\s identifier, category number, carries \\l) for every place
    that gets a TA field: one per citation position; the first full citation carries \\l."""
    shorts = short_ids(table)
    for cat in table.categories:
        for auth in cat.authorities:
            occs: dict[tuple[int, int], Occurrence] = {}
            for o in auth.occurrences:  # reading order: a note's citations at its reference mark
                if 0 <= o.paragraph < len(doc.paragraphs) and doc.paragraphs[o.paragraph].skipped != "toa":
                    occs.setdefault((o.paragraph, o.start), o)
            if not occs:
                continue
            first = next((k for k, o in occs.items() if o.kind == "full"), next(iter(occs)))
            for key, o in occs.items():
                yield o, auth, shorts[id(auth)], cat.number, key == first


def ta_code(auth: Authority, short: str, number: int, with_long: bool) -> str:
    """The TA field's instruction as text ("TA \\l ... \\s ... \\c N"), as mark_citations writes it."""
    return "".join(t for t, _ in _ta_segments(auth.text if with_long else None, auth.emphasis, short, number)).strip()


def short_ids(table: Table) -> dict[int, str]:
    """id(authority) -> its TA \\s identifier, unique in the table (Word merges equal ones).

    Authority.short is used when set; otherwise the entry text up to its first comma."""
    auths = [a for c in table.categories for a in c.authorities]
    used: set[str] = set()
    out: dict[int, str] = {}
    for a in auths:  # explicit short ids first, so derived ones never take theirs
        s = " ".join(a.short.split())
        if s and s not in used:
            out[id(a)] = s
            used.add(s)
    for a in auths:
        if id(a) in out:
            continue
        base = " ".join(a.short.split()) or _derived_short(a.text)
        s, n = base, 2
        while s in used:
            s, n = f"{base} [{n}]", n + 1
        out[id(a)] = s
        used.add(s)
    return out


def _derived_short(text: str) -> str:
    text = " ".join(text.split())
    head = text.split(",")[0].strip()
    return (head or text or "authority")[:80]


def ta_runs(auth: Authority, short: str, number: int, with_long: bool) -> list:
    """Hidden runs of one TA field: begin, instrText (italic where the case name is), end.

    Word takes the TOA entry's formatting from the formatting of the \\l text, so the case
    name is italic in the instruction too and an updated table keeps it."""
    return oxml_fields.hidden_field(_ta_segments(auth.text if with_long else None, auth.emphasis, short, number))


def _ta_segments(long, emphasis, short, number) -> list[tuple[str, bool]]:
    segs = [(" TA ", False)]
    if long is not None:
        segs.append(('\\l "', False))
        segs += [(_escape(t), it) for t, it in italic_pieces(long, emphasis)]
        segs.append(('" ', False))
    segs.append((f"\\s {field_quote(short)} \\c {number} ", False))
    merged: list[tuple[str, bool]] = []
    for text, it in segs:
        if merged and merged[-1][1] == it:
            merged[-1] = (merged[-1][0] + text, it)
        elif text:
            merged.append((text, it))
    return merged


def _escape(text: str) -> str:
    return field_quote(text)[1:-1]


def italic_pieces(text: str, emphasis) -> list[tuple[str, bool]]:
    """`text` cut into (piece, italic) by the emphasis spans."""
    flags = [False] * len(text)
    for a, b in emphasis or []:
        for i in range(max(a, 0), min(b, len(text))):
            flags[i] = True
    out: list[tuple[str, bool]] = []
    for ch, f in zip(text, flags, strict=True):
        if out and out[-1][1] == f:
            out[-1] = (out[-1][0] + ch, f)
        else:
            out.append((ch, f))
    return out


def remove_ta_fields(doc: Document) -> int:
    """Remove every TA field (complex or simple) from the body and the notes; returns how many.

    Only field characters and instruction text go (and runs left empty), so no printed text
    moves and the paragraphs' pieces stay valid."""
    count = 0
    for story, root in doc.package.stories():
        removed = oxml_fields.remove_ta_fields(root)
        if removed:
            doc.package.changed(story)
        count += removed
    return count
