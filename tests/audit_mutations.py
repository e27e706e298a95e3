"""Planting faults in a table that `toa build` wrote, to measure `toa audit` (tests and bench/).

A built brief's table is edited the way tables go wrong by hand: an entry dropped, an entry for
an authority the brief does not cite, a page shifted, dropped or added, two entries swapped, a
reporter page or a year changed, an entry moved under another heading, a page list turned into
passim. Some tables are also turned into plain typed lines (no fields), with dot leaders typed
out, long entries wrapped over two lines and a "Continued" heading. Each fault is recorded with
the finding the audit must report: (kind, the entry's authority text or, when not cited, its text).
"""

from __future__ import annotations

import copy
import io
import random
import re
from dataclasses import dataclass

from toa import document, printed
from toa.audit import heading_members
from toa.meta import DecisionMeta
from toa.model import Table
from toa.oxml import make, qn
from toa.styles import Style

FAKES = {
    "cases": [
        "Marbury v. Madison, 5 U.S. 137 (1803)",
        "Erie Railroad Co. v. Tompkins, 304 U.S. 64 (1938)",
        "Palsgraf v. Long Island Railroad Co., 162 N.E. 99 (N.Y. 1928)",
        "Hadley v. Baxendale, 156 Eng. Rep. 145 (Ex. 1854)",
        "Wickard v. Filburn, 317 U.S. 111 (1942)",
        "Youngstown Sheet & Tube Co. v. Sawyer, 343 U.S. 579 (1952)",
    ],
    "statutes": ["18 U.S.C. § 1001", "15 U.S.C. § 78j(b)", "35 U.S.C. § 101", "29 U.S.C. § 794"],
    "rules_regulations": ["Fed. R. Evid. 403", "Fed. R. Crim. P. 11", "17 C.F.R. § 240.10b-5"],
    "constitutional": ["U.S. Const. amend. IV", "U.S. Const. art. I, § 8, cl. 3"],
    "other": ["Black's Law Dictionary (11th ed. 2019)", "The Federalist No. 78 (Alexander Hamilton)"],
}
OPERATIONS = ("drop", "add", "shift_page", "drop_page", "add_page", "swap", "reporter_page", "year", "move", "passim")


@dataclass
class Planted:
    operation: str
    kind: str  # the finding the audit must report
    targets: tuple[str, ...]  # authority text(s); for not_cited, the entry text


@dataclass
class _Entry:
    element: object
    heading: int
    authority: object  # toa.model.Authority
    category: str


def mutate(
    built: bytes, table: Table, style: Style, rng: random.Random, faults: int, typed: bool
) -> tuple[bytes, list[Planted]]:
    """A copy of the built brief with `faults` faults planted in its table (and, with `typed`,
    the table turned into typed lines); returns the .docx bytes and what was planted."""
    doc = read_bytes(built)
    table_read = printed.read_table(doc)
    auths = [(ci, a) for ci, c in enumerate(table.categories) for a in c.authorities]
    entries = [
        _Entry(doc.paragraphs[e.paragraphs[0]].element, e.heading, a, a.category)
        for e, (_ci, a) in zip(table_read.entries, auths, strict=False)
    ]
    headings = [doc.paragraphs[h.paragraph].element for h in table_read.headings]
    used: set = set()  # entry indexes and fake texts already used
    planted: list[Planted] = []
    ops = list(OPERATIONS)
    tries = 0
    while len(planted) < faults and tries < 200:
        tries += 1
        op = rng.choice(ops)
        got = _apply(op, entries, headings, table_read, table, style, rng, used)
        if got is not None:
            planted.append(got)
    if typed:
        _to_typed(doc, table_read, rng)
    buf = io.BytesIO()
    doc.package.save(buf)
    return buf.getvalue(), planted


def read_bytes(data: bytes):
    import os
    import tempfile

    fd, path = tempfile.mkstemp(suffix=".docx")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        return document.read(path)
    finally:
        os.unlink(path)


def _free(entries, used, rng, where=lambda e: True):
    choices = [i for i, e in enumerate(entries) if i not in used and where(e)]
    return rng.choice(choices) if choices else None


def _apply(op, entries, headings, table_read, table, style, rng, used) -> Planted | None:
    if op == "drop":
        i = _free(entries, used, rng)
        if i is None:
            return None
        used.add(i)
        _clear(entries[i].element)
        return Planted(op, "missing", (entries[i].authority.text,))
    if op == "add":
        i = _free(entries, used, rng)
        if i is None:
            return None
        known = {_letters(a.text) for c in table.categories for a in c.authorities}
        pool = [t for t in FAKES.get(entries[i].category, FAKES["cases"]) if _letters(t) not in known and t not in used]
        if not pool:
            return None
        text = rng.choice(pool)
        new = _copy_entry(entries[i].element)
        _set_content(new, text, str(rng.randint(1, 30)))
        _add_after(entries[i].element, new)
        used.add(text)  # each fake once per table
        return Planted(op, "not_cited", (text,))
    if op in ("shift_page", "drop_page", "add_page", "passim"):

        def fits(e):
            pages = e.authority.pages
            if e.authority.passim or not pages or not all(p.isdigit() for p in pages):
                return False
            if op == "drop_page":
                return len(pages) >= 2
            if op == "passim":
                return not style.passim or len(pages) < style.passim
            return True

        i = _free(entries, used, rng, fits)
        if i is None:
            return None
        used.add(i)
        pages = [int(p) for p in entries[i].authority.pages]
        if op == "shift_page":
            k = rng.randrange(len(pages))
            options = [n for n in range(pages[k] - 3, pages[k] + 4) if n >= 1 and n not in pages]
            if not options:
                return None
            pages[k] = rng.choice(options)
        elif op == "drop_page":
            pages.pop(rng.randrange(len(pages)))
        elif op == "add_page":
            pages.append(rng.choice([n for n in range(1, max(pages) + 4) if n not in pages]))
        text = "passim" if op == "passim" else ", ".join(str(n) for n in sorted(pages))
        _set_pages(entries[i].element, text)
        return Planted(op, "pages", (entries[i].authority.text,))
    if op == "swap":
        by_heading: dict[int, list[int]] = {}
        for i, e in enumerate(entries):
            if i not in used:
                by_heading.setdefault(e.heading, []).append(i)
        groups = [g for g in by_heading.values() if len(g) >= 2]
        if not groups:
            return None
        group = rng.choice(groups)
        i, j = sorted(rng.sample(group, 2))
        used.update((i, j))
        _swap(entries[i].element, entries[j].element)
        return Planted(op, "order", (entries[i].authority.text, entries[j].authority.text))
    if op in ("reporter_page", "year"):

        def fits(e):
            return e.category == "cases" and _cite(e) is not None

        i = _free(entries, used, rng, fits)
        if i is None:
            return None
        e = entries[i]
        cite, year = _cite(e)
        if op == "reporter_page":
            vol, rep, page = cite
            new_page = str(int(page) + rng.randint(1, 40)) if page.isdigit() else None
            ok = new_page and _replace(e.element, f"{vol} {rep} {page}", f"{vol} {rep} {new_page}")
        else:
            ok = year and _replace_year(e.element, year, str(int(year) + rng.choice((-3, -2, -1, 1, 2, 3))))
        if not ok:
            return None
        used.add(i)
        return Planted(op, "text", (e.authority.text,))
    if op == "move":
        if len(headings) < 2:
            return None
        i = _free(entries, used, rng)
        if i is None:
            return None
        e = entries[i]
        others = [
            h
            for h in range(len(headings))
            if h != e.heading and e.category not in heading_members(table_read.headings[h].text, style)
        ]
        if not others:
            return None
        h = rng.choice(others)
        targets = [x for x in entries if x.heading == h]
        if not targets:
            return None
        used.add(i)
        new = _copy_entry(targets[0].element)
        _replace_content(new, [copy.deepcopy(r) for r in _content_runs(e.element)])
        _add_after(rng.choice(targets).element, new)
        _clear(e.element)
        return Planted(op, "heading", (e.authority.text,))
    return None


def _cite(e: _Entry):
    full = next(
        (o for o in e.authority.occurrences if o.kind == "full" and o.display == e.authority.text), None
    ) or next((o for o in e.authority.occurrences if o.kind == "full"), None)
    if full is None or not isinstance(full.meta, DecisionMeta) or not full.meta.volume:
        return None
    m = re.search(r"\((?:[^()]*?\s)?(1[6-9]\d\d|20\d\d)\)", e.authority.text)
    return (full.meta.volume, full.meta.reporter, str(full.meta.page)), (m.group(1) if m else None)


# --- XML edits of entry paragraphs ---------------------------------------------------------


def _is_field_run(r) -> bool:
    return r.find(qn("w:fldChar")) is not None or r.find(qn("w:instrText")) is not None


def _content_runs(p) -> list:
    return [
        r
        for r in p.iter(qn("w:r"))
        if not _is_field_run(r) and (r.find(qn("w:t")) is not None or r.find(qn("w:tab")) is not None)
    ]


def _clear(p) -> None:
    """Drop an entry: its text goes; a paragraph that carries a field's begin or end stays, empty."""
    if any(_is_field_run(r) for r in p.iter(qn("w:r"))):
        for r in _content_runs(p):
            r.getparent().remove(r)
    else:
        p.getparent().remove(p)


def _copy_entry(p):
    new = copy.deepcopy(p)
    for r in list(new.iter(qn("w:r"))):
        if _is_field_run(r):
            r.getparent().remove(r)
    for el in list(
        new.iter(qn("w:bookmarkStart"), qn("w:bookmarkEnd"), qn("w:commentRangeStart"), qn("w:commentRangeEnd"))
    ):
        el.getparent().remove(el)
    return new


def _add_after(p, new) -> None:
    """A line added after p, as Word adds one: when p ends the table's section, the new line
    does (a section ends with its last paragraph), so the line stays in the table's pages."""
    p.addnext(new)
    ppr = p.find(qn("w:pPr"))
    sectprs = ppr.findall(qn("w:sectPr")) if ppr is not None else []
    if sectprs:
        new_ppr = new.find(qn("w:pPr"))
        for sectpr in new_ppr.findall(qn("w:sectPr")) if new_ppr is not None else []:
            new_ppr.remove(sectpr)
        if new_ppr is None:
            new_ppr = make("w:pPr")
            new.insert(0, new_ppr)
        for sectpr in sectprs:
            new_ppr.append(sectpr)


def _replace_content(p, runs) -> None:
    old = _content_runs(p)
    if old:
        for r in runs:
            old[0].addprevious(r)
        for r in old:
            r.getparent().remove(r)
    else:
        for r in runs:
            p.append(r)


def _set_content(p, text: str, pages: str) -> None:
    def run(child):
        r = make("w:r")
        r.append(child)
        return r

    t = make("w:t", text=text)
    t.set("{http://www.w3.org/XML/1998/namespace}space", "preserve")
    _replace_content(p, [run(t), run(make("w:tab")), run(make("w:t", text=pages))])


def _split_at_tab(p):
    runs = _content_runs(p)
    k = max((i for i, r in enumerate(runs) if r.find(qn("w:tab")) is not None), default=None)
    return (runs[:k], runs[k], runs[k + 1 :]) if k is not None else (runs, None, [])


def _set_pages(p, pages: str) -> None:
    _before, tab, after = _split_at_tab(p)
    ts = [t for r in after for t in r.iter(qn("w:t"))]
    ts[0].text = pages
    for t in ts[1:]:
        t.text = ""


def _swap(a, b) -> None:
    ra, rb = _content_runs(a), _content_runs(b)
    ma, mb = make("w:bookmarkEnd"), make("w:bookmarkEnd")
    ra[0].addprevious(ma)
    rb[0].addprevious(mb)
    for r in ra + rb:
        r.getparent().remove(r)
    for r in rb:
        ma.addprevious(r)
    for r in ra:
        mb.addprevious(r)
    ma.getparent().remove(ma)
    mb.getparent().remove(mb)


def _replace(p, old: str, new: str) -> bool:
    before, _tab, _after = _split_at_tab(p)
    for r in before:
        for t in r.iter(qn("w:t")):
            if t.text and old in t.text:
                t.text = t.text.replace(old, new, 1)
                return True
    return False


def _replace_year(p, year: str, new: str) -> bool:
    before, _tab, _after = _split_at_tab(p)
    for r in before:
        for t in r.iter(qn("w:t")):
            if t.text and re.search(rf"\b{year}\)", t.text):
                t.text = re.sub(rf"\b{year}\)", f"{new})", t.text, count=1)
                return True
    return False


# --- typed tables --------------------------------------------------------------------------


def _to_typed(doc, table_read, rng: random.Random) -> None:
    """The table's fields removed (their cached text stays), with typed-table habits: dot leaders
    typed out, long entries wrapped over two paragraphs, a "Continued" heading on a new page."""
    paras = [doc.paragraphs[i].element for e in table_read.entries for i in e.paragraphs]
    body = doc.package.body
    toa_fields = set()
    for p in body.iter(qn("w:p")):
        for instr in p.iter(qn("w:instrText")):
            if (instr.text or "").strip().startswith("TOA"):
                toa_fields.add(p)
    for p in {q for q in paras} | toa_fields:
        for r in list(p.iter(qn("w:r"))):
            if _is_field_run(r):
                r.getparent().remove(r)
    leader = rng.random() < 0.5
    for p in paras:
        if p.getparent() is None or not _content_runs(p):
            continue
        text = "".join(t.text or "" for t in p.iter(qn("w:t")))
        if len(text) > 70 and rng.random() < 0.6:
            second = _wrap(p)
            p = second if second is not None else p
        _b, tab, _a = _split_at_tab(p)
        if tab is not None and leader:
            t = make("w:t", text=" " + "." * rng.randint(6, 30) + " ")
            t.set("{http://www.w3.org/XML/1998/namespace}space", "preserve")
            tab.remove(tab.find(qn("w:tab")))
            tab.append(t)
    if table_read.headings and len(table_read.entries) > 6:
        h = table_read.headings[table_read.entries[len(table_read.entries) // 2].heading or 0]
        mid = doc.paragraphs[table_read.entries[len(table_read.entries) // 2].paragraphs[0]].element
        cont = copy.deepcopy(doc.paragraphs[h.paragraph].element)
        for r in list(cont.iter(qn("w:r"))):
            r.getparent().remove(r)
        r = make("w:r")
        r.append(make("w:br", {"type": "page"}))
        t = make("w:t", text=f"{h.text}\u2014Continued")
        r.append(t)
        cont.append(r)
        mid.addprevious(cont)


def _wrap(p):
    """Split a paragraph's text (before its tab) at a space near 60%: two paragraphs; returns
    the second (None when there is no space to split at)."""
    before, _tab, _after = _split_at_tab(p)
    total = sum(len(t.text or "") for r in before for t in r.iter(qn("w:t")))
    goal, seen = int(total * 0.6), 0
    for r in before:
        t = r.find(qn("w:t"))
        if t is None or not t.text:
            continue
        if seen + len(t.text) >= goal and " " in t.text[max(0, goal - seen) :]:
            cut = t.text.index(" ", max(0, goal - seen))
            head, tail = t.text[:cut], t.text[cut + 1 :]
            new_p = make("w:p")
            ppr = p.find(qn("w:pPr"))
            if ppr is not None:
                new_p.append(copy.deepcopy(ppr))
                for sectpr in ppr.findall(qn("w:sectPr")):  # a section ends with the entry's last line
                    ppr.remove(sectpr)
            tail_r = copy.deepcopy(r)
            tail_r.find(qn("w:t")).text = tail
            tail_r.find(qn("w:t")).set("{http://www.w3.org/XML/1998/namespace}space", "preserve")
            t.text = head
            new_p.append(tail_r)
            for later in list(r.itersiblings()):
                new_p.append(later)
            p.addnext(new_p)
            return new_p
        seen += len(t.text)
    return None


def _letters(s: str) -> str:
    return re.sub(r"[^a-z0-9]", "", s.lower())


# --- scoring -------------------------------------------------------------------------------


def score(findings, planted: list[Planted]) -> tuple[int, int, int]:
    """(planted faults found, planted faults missed, findings that no planted fault explains)."""

    def target(f):
        return _letters(f.authority or f.entry or "") if f.kind != "not_cited" else _letters(f.entry or "")

    got = {(f.kind, target(f)) for f in findings}
    explained = {(p.kind, _letters(t)) for p in planted for t in p.targets}
    found = sum(1 for p in planted if any((p.kind, _letters(t)) in got for t in p.targets))
    false = sum(1 for f in findings if (f.kind, target(f)) not in explained)
    return found, len(planted) - found, false
