"""TA fields: a hidden one at the start of every citation, and the removal of old ones."""
from __future__ import annotations

from dataclasses import dataclass, field

from ..model import Authority, Document, Occurrence, Table
from ..oxml import field_quote, make, qn, w_attr
from .insert import _insert_all
from .package import _dirty, _roots
from .tags import _P, _R, _RPR

_FLD, _INSTR = qn("w:fldChar"), qn("w:instrText")


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
    items = [(o.paragraph, _field_offset(doc, o, page_breaks), ta_runs(auth, short, number, with_long), o)
             for o, auth, short, number, with_long in ta_sites(doc, table)]
    return _insert_all(doc, items)


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
            occs = {}
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
    segs = _ta_segments(auth.text if with_long else None, auth.emphasis, short, number)
    runs = [_hidden_run(make("w:fldChar", {"fldCharType": "begin"}))]
    for text, italic in segs:
        instr = make("w:instrText", text=text)
        instr.set("{http://www.w3.org/XML/1998/namespace}space", "preserve")
        runs.append(_hidden_run(instr, italic))
    runs.append(_hidden_run(make("w:fldChar", {"fldCharType": "end"})))
    return runs


def _ta_segments(long, emphasis, short, number) -> list[tuple[str, bool]]:
    segs = [(" TA ", False)]
    if long is not None:
        segs.append(('\\l "', False))
        segs += [(_escape(t), it) for t, it in _spans(long, emphasis)]
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


def _spans(text: str, emphasis) -> list[tuple[str, bool]]:
    """`text` cut into (piece, italic) by the emphasis spans."""
    flags = [False] * len(text)
    for a, b in emphasis or []:
        for i in range(max(a, 0), min(b, len(text))):
            flags[i] = True
    out: list[tuple[str, bool]] = []
    for ch, f in zip(text, flags):
        if out and out[-1][1] == f:
            out[-1] = (out[-1][0] + ch, f)
        else:
            out.append((ch, f))
    return out


def _hidden_run(child, italic: bool = False):
    r = make("w:r")
    rpr = make("w:rPr")
    if italic:
        rpr.append(make("w:i"))
    rpr.append(make("w:vanish"))
    r.append(rpr)
    r.append(child)
    return r


def remove_ta_fields(doc: Document) -> int:
    """Remove every TA field (complex or simple) from the body and the notes; returns how many.

    Only field characters and instruction text go (and runs left empty), so no printed text
    moves and the paragraphs' pieces stay valid."""
    count = 0
    for root, kind in _roots(doc):
        for f in _complex_fields(root):
            if f.keyword != "TA":
                continue
            for el in f.nodes:
                r = el.getparent()
                r.remove(el)
                if r.tag == _R and all(c.tag == _RPR for c in r):
                    r.getparent().remove(r)
            count += 1
            _dirty(doc, kind)
        for fs in list(root.iter(qn("w:fldSimple"))):
            if (w_attr(fs, "instr") or "").split()[:1] == ["TA"] and not "".join(fs.itertext()).strip():
                fs.getparent().remove(fs)
                count += 1
                _dirty(doc, kind)
    return count


@dataclass
class _Field:
    instr: str = ""
    nodes: list = field(default_factory=list)  # fldChar/instrText elements, begin to end
    paragraphs: list = field(default_factory=list)  # w:p elements from begin to end

    @property
    def keyword(self) -> str:
        words = self.instr.split()
        return words[0].upper() if words else ""


def _complex_fields(root) -> list[_Field]:
    """Every complete complex field under `root`, in document order (nested ones too)."""
    done: list[_Field] = []
    stack: list[_Field] = []
    for p in root.iter(_P):
        for f in stack:
            f.paragraphs.append(p)
        for el in p.iter(_FLD, _INSTR):
            if _owner_p(el) is not p:
                continue  # a paragraph nested in this one (text box) is visited on its own
            if el.tag == _INSTR:
                if stack:
                    stack[-1].instr += el.text or ""
                    stack[-1].nodes.append(el)
                continue
            kind = w_attr(el, "fldCharType")
            if kind == "begin":
                stack.append(_Field(nodes=[el], paragraphs=[p]))
            elif stack:
                stack[-1].nodes.append(el)
                if kind == "end":
                    done.append(stack.pop())
    return done


def _owner_p(el):
    for anc in el.iterancestors(_P):
        return anc
    return None
