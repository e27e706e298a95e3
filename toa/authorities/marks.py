"""The brief's own TA fields, kept: the entry text of a TA field's \\l and the heading of its \\c
stay across rebuilds, as in Word, where the TA fields are the table's source. An entry edited
in the pane, or by hand in a TA field, is therefore printed as the author set it, and the next
build writes the same \\l and \\c again.

A TA field belongs to the citation it sits at: at the citation's start (where toa and the pane
put it) or at the end of the citation proper (where toa puts it after a page break). A TA field
with an entry text (\\l) at no citation toa found is a citation the author marked (the pane's
Mark citation): it is an entry of its own, with that text and heading, on the page of the field,
and the TA fields without \\l that share its \\s are its further citations. The citations of an
entry whose fields name a second \\s with a \\l of its own are a second entry (the pane's
Split). Other TA fields (Word's Mark Citation puts them after the whole citation, with the text of
an entry toa lists) are not read; like every TA field, they are replaced by toa's own when the
table is written.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from ..keys import WorkKey
from ..model import CATEGORY_NUMBERS, Authority, Category, Document, Occurrence, Table
from ..oxml.fields import complex_fields, has_fields, instructions
from .entries import total_order
from .link import reading_order

_TOA_CATEGORY = re.compile(r'\\c\s*"?(\d+)"?')
_SWITCH = re.compile(r'\\([lsc])\s*("(?:[^"\\]|\\.)*"|\S+)', re.S)


@dataclass
class Mark:
    """One TA field of the brief: where it sits and what its switches say."""

    paragraph: int  # Paragraph.index
    offset: int  # the offset in the paragraph's text of the first character after it
    long: str | None = None  # \l: the entry text
    short: str | None = None  # \s
    category: int | None = None  # \c
    emphasis: list[tuple[int, int]] = field(default_factory=list)  # italic spans within `long`


def read(doc: Document) -> list[Mark]:
    """Every TA field in the paragraphs of the brief, in reading order."""
    marks: list[Mark] = []
    for para in doc.paragraphs:
        if para.element is None or not has_fields(para.element):
            continue
        starts: dict[object, int] = {}  # a run's text node -> where its text starts
        for pc in para.pieces:
            starts[pc.node] = min(pc.start, starts.get(pc.node, pc.start))
        for offset, chars in instructions(para.element, starts, len(para.text)):
            if _keyword(chars) == "TA":
                marks.append(_mark(para.index, offset, chars))
    return marks


def keep(doc: Document, table: Table) -> None:
    """The authorities take the entry text (\\l) and the heading (\\c) of the TA fields at their
    citations: the \\l of the first that has one; the \\c most of them name, when the table has
    that heading. A moved entry takes its place in its new heading's order. An entry with no \\l
    whose fields name the \\s of another entry's \\l is that entry (Word lists them as one): its
    citations join it. An entry whose fields name two \\s, each with its own \\l, is two entries
    (the pane's Split)."""
    _add_headings(table, headings(doc))
    marks = read(doc)
    if not marks:
        return
    at: dict[tuple[int, int | None], Mark] = {(m.paragraph, m.offset): m for m in marks}
    by_number = {c.number: c for c in table.categories}
    _split(table, at)
    owner: dict[str, Authority] = {}  # \s -> the entry whose \l field has it
    found = []
    read_at: set[int] = set()  # id() of the marks that sit at a citation of an entry
    for cat in table.categories:
        for auth in cat.authorities:
            sites = [at.get((o.paragraph, o.start)) or at.get((o.paragraph, o.anchor_end)) for o in auth.occurrences]
            own = [m for m in sites if m is not None]
            read_at.update(id(m) for m in own)
            long = next((m for m in own if m.long), None)
            if long is not None and long.long:
                auth.text, auth.emphasis = long.long, long.emphasis
                if long.short:
                    owner.setdefault(long.short, auth)
            found.append((cat, auth, own, long))
    moves, merged = [], []
    for cat, auth, own, long in found:
        short = Counter(m.short for m in own if m.short).most_common(1)
        into = owner.get(short[0][0]) if short and long is None else None
        if into is not None and into is not auth:  # its fields now name another entry's \s: one entry
            into.occurrences = reading_order(doc, into.occurrences + auth.occurrences)
            merged.append((cat, auth))
            continue
        numbers = Counter(m.category for m in own if m.category is not None).most_common(1)
        if numbers and numbers[0][0] != cat.number and numbers[0][0] in by_number:
            moves.append((auth, cat, by_number[numbers[0][0]]))
    for cat, auth in merged:
        cat.authorities.remove(auth)
    for auth, old, new in moves:
        old.authorities.remove(auth)
        new.authorities.append(auth)
    added = _marked(doc, table, [m for m in marks if id(m) not in read_at], by_number)
    for cat in ({id(new): new for _a, _o, new in moves} | added).values():
        cat.authorities.sort(key=lambda a: total_order(a.sort_key))


def headings(doc: Document) -> dict[int, str]:
    """The headings the author added to the printed table (the pane's Add a heading): {TA category
    number: heading} of each TOA field whose \\c is a number from 1 to 16 that no category of toa
    has (CATEGORY_NUMBERS: a table built in another style keeps no heading of its own), with the
    text of the paragraph before the field (blank ones passed over) as its heading."""
    body = next((p.element for p in doc.paragraphs if p.story == "body" and p.element is not None), None)
    if body is None:
        return {}
    fields = [f for f in complex_fields(body.getroottree().getroot()) if f.keyword == "TOA"]
    in_toa = {id(p) for f in fields for p in f.paragraphs}
    index_of = {id(p.element): p.index for p in doc.paragraphs if p.element is not None}
    out: dict[int, str] = {}
    for f in fields:
        m = _TOA_CATEGORY.search(f.instr)
        first = index_of.get(id(f.paragraphs[0])) if f.paragraphs else None
        if m is None or first is None or not 1 <= int(m.group(1)) <= 16 or int(m.group(1)) in CATEGORY_NUMBERS.values():
            continue
        i = first - 1
        while i >= 0 and not doc.paragraphs[i].text.strip() and id(doc.paragraphs[i].element) not in in_toa:
            i -= 1
        if i >= 0 and id(doc.paragraphs[i].element) not in in_toa and doc.paragraphs[i].story == "body":
            out.setdefault(int(m.group(1)), " ".join(doc.paragraphs[i].text.split()))
    return out


def _add_headings(table: Table, named: dict[int, str]) -> None:
    """A heading of its own, after the style's, for each number the author named."""
    numbers = {c.number for c in table.categories}
    for number, heading in sorted(named.items()):
        if number not in numbers and heading:
            table.categories.append(Category(key="other", heading=heading, number=number))


def _split(table: Table, at: dict[tuple[int, int | None], Mark]) -> None:
    """The citations of an entry whose TA fields name another \\s than the entry's own, with a
    \\l among them, leave it as an entry of their own (its text, heading and sort come from those
    fields in keep). The entry's own \\s is that of the field with toa's entry text, else the
    first named."""
    for cat in table.categories:
        for auth in list(cat.authorities):
            pairs = [
                (o, at.get((o.paragraph, o.start)) or at.get((o.paragraph, o.anchor_end))) for o in auth.occurrences
            ]
            shorts = list(dict.fromkeys(m.short for _o, m in pairs if m is not None and m.short))
            if len(shorts) < 2:
                continue
            mine = next((m.short for _o, m in pairs if m is not None and m.long == auth.text and m.short), shorts[0])
            for short in shorts:
                group = [(o, m) for o, m in pairs if m is not None and m.short == short]
                long = next((m.long for _o, m in group if m.long), None)
                if short == mine or long is None:  # no \\l: merged into the entry that has the \\s (keep)
                    continue
                occurrences = [o for o, _m in group]
                auth.occurrences = [o for o in auth.occurrences if o not in occurrences]
                key = WorkKey("", long, "", "split")
                for o in occurrences:
                    o.key = key
                cat.authorities.append(Authority(key, auth.category, long, long, occurrences, short=short))


def _marked(doc: Document, table: Table, marks: list[Mark], by_number: dict[int, Category]) -> dict[int, Category]:
    """The entries of citations the author marked: TA fields at no entry's citation, grouped by
    their \\s (a group with no \\l is not an entry: nothing names it; one whose \\l is an entry's text is
    that entry, marked by Word after the citation). A field at a citation toa
    left out of the table (a short form pointing at nothing, a citation that names no authority)
    takes that citation; elsewhere the citation is the text after the field, as long as the entry
    text. Returns {id: category} of the categories that gained an entry."""
    groups: dict[str, list[Mark]] = {}
    for m in marks:
        groups.setdefault(m.short or m.long or "", []).append(m)
    left_out = {(o.paragraph, o.start): o for o in table.unlinked + table.excluded}
    listed = {" ".join(a.text.split()) for c in table.categories for a in c.authorities}
    added = {}
    for short, group in groups.items():
        long = next((m for m in group if m.long), None)
        if long is None or not short or long.long in listed:  # Word's own mark of a listed entry
            continue
        cat = by_number.get(long.category or 1) or table.categories[0]
        key = WorkKey("", long.long or "", "", "marked")
        occurrences = []
        for m in group:
            occ = left_out.pop((m.paragraph, m.offset), None)
            if occ is None:
                para = doc.paragraphs[m.paragraph]
                end = min(len(para.text), m.offset + len(m.long or long.long or ""))
                end = len(para.text[:end].rstrip())
                occ = Occurrence(
                    m.paragraph,
                    m.offset,
                    max(end, m.offset),
                    "full" if m.long else "short",
                    para.story,
                    para.text[m.offset : end],
                )
            occ.category, occ.key = cat.key, key
            occurrences.append(occ)
        for gone in (table.unlinked, table.excluded):
            gone[:] = [o for o in gone if o not in occurrences]
        auth = Authority(key, cat.key, long.long or "", long.long, occurrences, emphasis=long.emphasis, short=short)
        cat.authorities.append(auth)
        added[id(cat)] = cat
    return added


def _keyword(chars: list[tuple[str, bool]]) -> str:
    words = "".join(ch for ch, _ in chars).split()
    return words[0].upper() if words else ""


def _mark(paragraph: int, offset: int, chars: list[tuple[str, bool]]) -> Mark:
    instr = "".join(ch for ch, _ in chars)
    mark = Mark(paragraph, offset)
    for m in _SWITCH.finditer(instr):
        name, value = m.group(1), m.group(2)
        start = m.start(2)
        if value.startswith('"'):
            text, flags, i = [], [], start + 1
            while i < m.end(2) - 1:
                if instr[i] == "\\" and i + 1 < m.end(2) - 1:
                    i += 1
                text.append(instr[i])
                flags.append(chars[i][1])
                i += 1
        else:
            text, flags = list(value), [chars[start + k][1] for k in range(len(value))]
        value = "".join(text)
        if name == "l" and mark.long is None:
            mark.long = " ".join(value.split()) or None
            mark.emphasis = _spans(value, flags) if mark.long == value else []
        elif name == "s" and mark.short is None:
            mark.short = value
        elif name == "c" and mark.category is None and value.isdigit():
            mark.category = int(value)
    return mark


def _spans(text: str, flags: list[bool]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for i, f in enumerate(flags):
        if not f:
            continue
        if out and out[-1][1] == i:
            out[-1] = (out[-1][0], i + 1)
        else:
            out.append((i, i + 1))
    return out
