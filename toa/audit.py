"""The audit: a brief's own table (printed.read_table) against the table `toa build` computes.

Printed entries are paired with computed authorities by citation identity: the same text, then
the same citation key (volume, reporter and first page of a case; code, title and section of a
statute ...) read from the entry by the extract stage, then the same case name (a mistyped
page or volume), then the same section without its subsection, then close text. Each pair is
compared (pages, passim under the style, heading, the parts of a case citation), the pairs under
each heading are checked for order, and what is left over is missing or not cited.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from typing import Any

from . import contents as _contents
from .extract import extract_paragraph
from .keys import CaseKey, Key, VolumeKey
from .meta import DecisionMeta
from .model import Authority, Contents, Finding, Occurrence, PageMap, Paragraph, PrintedEntry, PrintedTable, Table
from .styles import Style

_YEAR_PAREN = re.compile(r"\(([^()]*?)\s*\b(\d{4})\)")
_HEADING_MEMBERS = (
    (re.compile(r"\bcases?\b|\bjudicial\b|\bdecisions of courts?\b", re.I), "cases"),
    (re.compile(r"\badministrative\b|\bagency\b", re.I), "administrative"),
    (re.compile(r"\bconstitution", re.I), "constitutional"),
    (re.compile(r"\bstatut|\bcodes?\b|\bacts?\b|\bguidelines?\b|\bsession laws\b", re.I), "statutes"),
    (re.compile(r"\brules?\b|\bregulations?\b|\bregulatory\b", re.I), "rules_regulations"),
    (re.compile(r"\blegislative\b|\bcongressional\b", re.I), "legislative"),
    (
        re.compile(r"\bother\b|\bmisc|\bsecondary\b|\btreatises?\b|\barticles?\b|\bbooks?\b|\bperiodicals?\b", re.I),
        "other",
    ),
)


def audit(printed: PrintedTable, table: Table, pagemap: PageMap, style: Style) -> list[Finding]:
    """Every finding about `printed`, in table order, then the authorities it is missing."""
    computed = [(cat.heading, a) for cat in table.categories for a in cat.authorities]
    idents = [_identity(e) for e in printed.entries]
    pairs = _pair(printed.entries, idents, computed)
    findings: list[Finding] = []
    by_entry: dict[int, list[Finding]] = {}
    for i, entry in enumerate(printed.entries):
        heading = printed.headings[entry.heading].text if entry.heading is not None else None
        base: dict[str, Any] = {
            "entry": entry.text,
            "heading": heading,
            "printed_pages": entry.pages,
            "printed_page_text": entry.page_text,
            "paragraphs": entry.paragraphs,
        }
        if i not in pairs:
            by_entry[i] = [_not_cited(entry, idents[i], table, pagemap, base)]
            continue
        ci, how = pairs[i]
        cat_heading, auth = computed[ci]
        base.update(authority=auth.text, computed_pages=auth.pages, citations=list(auth.occurrences))
        found = []
        members = heading_members(heading, style)
        if members and auth.category not in members:
            found.append(
                Finding(
                    "heading",
                    f"Filed under {heading}; it belongs under {cat_heading}",
                    expected_heading=cat_heading,
                    **base,
                )
            )
        text = _text_details(entry, idents[i], auth, how)
        if text:
            parts = "" if how in ("section", "similar") else ": " + "; ".join(text)
            found.append(Finding("text", f"The brief cites it as {auth.text}{parts}", details=text, **base))
        page = _pages(entry, auth, style, base)
        if page:
            found.append(page)
        by_entry[i] = found
    for i in _out_of_order(printed, pairs, by_entry, style):
        ci, _how = pairs[i]
        after = _predecessor(printed, pairs, i, computed, by_entry)
        entry = printed.entries[i]
        where = f"it belongs after {after}" if after else "it belongs first under its heading"
        by_entry[i].append(
            Finding(
                "order",
                f"Out of order: {where}",
                entry=entry.text,
                heading=printed.headings[entry.heading].text if entry.heading is not None else None,
                authority=computed[ci][1].text,
                printed_pages=entry.pages,
                printed_page_text=entry.page_text,
                computed_pages=computed[ci][1].pages,
                paragraphs=entry.paragraphs,
            )
        )
    for i in range(len(printed.entries)):
        findings.extend(by_entry.get(i, []))
    paired = {ci for ci, _how in pairs.values()}
    for ci, (cat_heading, auth) in enumerate(computed):
        if ci not in paired:
            findings.append(
                Finding(
                    "missing",
                    f"Missing: cited on {_and(auth.pages) or 'an unknown page'}",
                    authority=auth.text,
                    expected_heading=cat_heading,
                    computed_pages=auth.pages,
                    citations=list(auth.occurrences),
                )
            )
    return findings


# --- pairing -------------------------------------------------------------------------------


def _identity(entry: PrintedEntry) -> Occurrence | None:
    """The citation an entry's text makes, read by the extract stage (None when it reads none)."""
    para = Paragraph(
        index=0, story="body", text=entry.text, printed=entry.printed or entry.text, emphasis=list(entry.emphasis)
    )
    occs = [o for o in extract_paragraph(para) if o.kind == "full" and o.key]
    return occs[0] if occs else None


def _keys(auth: Authority) -> set[Key]:
    keys = {auth.key}
    for o in auth.occurrences:
        if o.kind == "full" and o.key:
            keys.add(o.key)
            if isinstance(o.meta, DecisionMeta):
                keys.update(o.meta.parallel)
    return keys


def _pair(entries: list[PrintedEntry], idents: list, computed: list) -> dict[int, tuple[int, str]]:
    """printed entry index -> (computed index, how it was paired). Each way of pairing looks its
    candidates up in an index of the computed table (text, key, case name, section), so that a
    table of n entries takes time in proportion to n, not n squared; only the last, close text,
    compares an entry left over with every authority left over."""
    pairs: dict[int, tuple[int, str]] = {}
    taken: set[int] = set()
    keys = [_keys(a) for _h, a in computed]
    texts = [_norm(a.text) for _h, a in computed]
    mine = [_norm(e.text) for e in entries]
    by_text = _index([[t] for t in texts])
    by_key = _index(keys)
    by_name = _index([[_case_name(a)] if a.category in ("cases", "administrative") else [] for _h, a in computed])
    by_base = _index([[b for b in {_base(k) for k in ks} if b is not None] for ks in keys])

    def run(how, candidates, match=lambda i, ci: True):
        for i in range(len(entries)):
            if i in pairs:
                continue
            hits = [ci for ci in candidates(i) if ci not in taken and match(i, ci)]
            if hits:
                best = max(hits, key=lambda ci: _ratio(mine[i], texts[ci]))
                pairs[i] = (best, how)
                taken.add(best)

    run("text", lambda i: by_text.get(mine[i], ()))
    run("key", lambda i: by_key.get(idents[i].key, ()) if idents[i] is not None else ())
    run("name", lambda i: by_name.get(_letters(name), ()) if (name := _name_part(entries[i].text, idents[i])) else ())
    run("section", lambda i: by_base.get(_base(idents[i].key), ()) if idents[i] is not None else ())
    run("similar", lambda i: range(len(computed)), lambda i, ci: _close(mine[i], texts[ci]))
    return pairs


def _index(values: list) -> dict:
    """value -> the indexes (ascending) whose values hold it."""
    out: dict = {}
    for i, vs in enumerate(values):
        for v in vs:
            out.setdefault(v, []).append(i)
    return out


def _close(a: str, b: str) -> bool:
    """_ratio(a, b) >= 0.85, its cheap upper bounds tried first."""
    m = difflib.SequenceMatcher(None, a, b, autojunk=False)
    return m.real_quick_ratio() >= 0.85 and m.quick_ratio() >= 0.85 and m.ratio() >= 0.85


def _base(key: Key | None) -> Key | None:
    """A provision's key without its subsection: RuleKey("Fed. R. Civ. P.", "56")."""
    if key is None or isinstance(key, (CaseKey, VolumeKey)):
        return None
    return key.without_subsection()


def _case_name(auth: Authority) -> str:
    """The letters of a case's name, as the table prints it (_name_part)."""
    return _letters(_name_part(auth.text, _defining(auth)))


def _defining(auth: Authority) -> Occurrence | None:
    fulls = [o for o in auth.occurrences if o.kind == "full"]
    return next((o for o in fulls if o.display == auth.text), fulls[0] if fulls else None)


def _name_part(text: str, occ: Occurrence | None) -> str:
    """The case name of an entry: the text before its first reporter cite."""
    if occ is not None and isinstance(occ.meta, DecisionMeta) and occ.meta.volume and occ.meta.reporter:
        at = text.find(f"{occ.meta.volume} {occ.meta.reporter}")
        if at > 0:
            return text[:at].rstrip(" ,")
    m = re.search(r",\s*\d", text)
    return text[: m.start()] if m else ""


# --- comparisons ---------------------------------------------------------------------------


def _text_details(entry: PrintedEntry, ident: Occurrence | None, auth: Authority, how: str) -> list[str]:
    """Which parts of the entry disagree with the brief's own citation."""
    if how == "text":
        return []
    defining = _defining(auth)
    printed = ident.meta if ident is not None and isinstance(ident.meta, DecisionMeta) else None
    cited = defining.meta if defining is not None and isinstance(defining.meta, DecisionMeta) else None
    if (
        auth.category in ("cases", "administrative")
        and printed is not None
        and cited is not None
        and printed.volume
        and cited.volume
    ):
        out = []
        for a, b, label in (
            (printed.volume, cited.volume, "volume"),
            (printed.reporter, cited.reporter, "reporter"),
            (printed.page, cited.page, "first page"),
        ):
            if a != b:
                out.append(f"{label} {b}, not {a}")
        # the court and year of the case, then the years of its subsequent history, as far as
        # the entry gives them
        mine, theirs = _YEAR_PAREN.findall(entry.text), _YEAR_PAREN.findall(auth.text)
        for k, ((my_court, my_year), (court, year)) in enumerate(zip(mine, theirs, strict=False)):  # as far as both go
            if my_year != year:
                out.append(f"year {year}, not {my_year}")
            if k == 0 and _letters(my_court) != _letters(court):
                out.append(f"court {court.strip(' ,') or '(none)'}, not {my_court.strip(' ,') or '(none)'}")
        a_name, b_name = _name_part(entry.text, ident), _name_part(auth.text, defining)
        if a_name and b_name and _letters(a_name) != _letters(b_name):
            out.append(f"case name {b_name}, not {a_name}")
        return out
    if how in ("section", "similar"):
        return [f"cited as {auth.text}"]
    return []


def _pages(entry: PrintedEntry, auth: Authority, style: Style, base: dict[str, Any]) -> Finding | None:
    computed = auth.pages
    warranted = bool(style.passim) and len(computed) >= style.passim
    shown = ", ".join(computed)
    if entry.passim:
        if warranted:
            return None
        why = "the style never uses passim" if not style.passim else f"passim needs {style.passim} or more pages"
        return Finding(
            "pages",
            f"Pages should be {shown}; the table says passim, and {why}: the citations are on {_and(computed)}",
            add=list(computed),
            passim="not_allowed" if not style.passim else "unwarranted",
            **base,
        )
    mine = {_page_key(p) for p in entry.pages}
    theirs = {_page_key(p) for p in computed}
    add = [p for p in computed if _page_key(p) not in mine]
    remove = [p for p in entry.pages if _page_key(p) not in theirs]
    if add or remove:
        tail = f"the citations are on {_and(computed)}" if computed else "no citation has a known page"
        if remove:
            tail += f"; none is on {_and(remove)}"
        return Finding(
            "pages",
            f"Pages should be {shown}; the table says {entry.page_text}: {tail}",
            add=add,
            remove=remove,
            **base,
        )
    if warranted:
        return Finding(
            "pages",
            f"Pages should be passim: cited on {len(computed)} pages, and the style prints passim from {style.passim}",
            passim="warranted",
            **base,
        )
    return None


def _page_key(label: str) -> str:
    return label.strip().lower()


def heading_members(heading: str | None, style: Style) -> set[str]:
    """The categories a printed heading stands for: the style's heading of that name, else its
    words ("Federal Cases" -> cases); empty when it says nothing we know."""
    if not heading:
        return set()
    key = _letters(heading)
    for h in style.headings:
        if _letters(h.heading) == key:
            return set(h.members)
    return {cat for pattern, cat in _HEADING_MEMBERS if pattern.search(heading)}


def _out_of_order(printed: PrintedTable, pairs: dict, by_entry: dict, style: Style) -> list[int]:
    """Entries outside the longest run in the style's order, heading by heading (entries under a
    wrong heading are left out: their heading finding says enough)."""
    out: list[int] = []
    groups: dict[int | None, list[int]] = {}
    for i, entry in enumerate(printed.entries):
        if i in pairs and not any(f.kind == "heading" for f in by_entry.get(i, [])):
            groups.setdefault(entry.heading, []).append(i)
    for members in groups.values():
        seq = [pairs[i][0] for i in members]
        keep = _longest_increasing(seq)
        out += [i for k, i in enumerate(members) if k not in keep]
    return sorted(out)


def _longest_increasing(seq: list[int]) -> set[int]:
    """Positions of a longest strictly increasing subsequence of distinct values. Among equally
    long ones, the one keeping most entries at their own place in the sorted order, so that two
    swapped entries are the ones reported, not a neighbour; then the earliest. O(n log n): the
    best run ending below each value is kept in a Fenwick tree of prefix maxima."""
    if not seq:
        return set()
    rank = {v: r for r, v in enumerate(sorted(seq))}
    tree: list[tuple] = [(0, 0, 1)] * (len(seq) + 1)  # (length, at home, -position) of the best run
    best: list[tuple] = []
    prev: list[int] = []
    for j, v in enumerate(seq):
        r, below = rank[v], (0, 0, 1)
        while r > 0:  # the best run over the values ranked below v
            below = max(below, tree[r])
            r -= r & -r
        best.append((below[0] + 1, below[1] + (rank[v] == j), -j))
        prev.append(-below[2] if below[0] else -1)
        r = rank[v] + 1
        while r <= len(seq):
            tree[r] = max(tree[r], best[j])
            r += r & -r
    k = -max(best)[2]
    keep = set()
    while k != -1:
        keep.add(k)
        k = prev[k]
    return keep


def _predecessor(printed: PrintedTable, pairs: dict, i: int, computed: list, by_entry: dict) -> str | None:
    """The printed entry (same heading) that the style files right before entry i."""
    mine = pairs[i][0]
    heading = printed.entries[i].heading
    before = [
        (pairs[j][0], printed.entries[j].text)
        for j, e in enumerate(printed.entries)
        if j != i and j in pairs and e.heading == heading and pairs[j][0] < mine
    ]
    return max(before)[1] if before else None


def _not_cited(
    entry: PrintedEntry, ident: Occurrence | None, table: Table, pagemap: PageMap, base: dict[str, Any]
) -> Finding:
    why = "the brief cites it nowhere"
    if ident is not None:
        left_out = [o for o in table.excluded if o.key == ident.key]
        if any("citing_parenthetical" in o.flags for o in left_out):
            why = 'the brief cites it only inside a "(citing ...)" parenthetical, which the style does not list'
        elif any("docket_only" in o.flags for o in left_out):
            why = "the brief cites it by docket number only, which the style does not list"
    return Finding("not_cited", f"Not cited: {why}", **base)


# --- text helpers --------------------------------------------------------------------------

_QUOTES = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "–": "-", "—": "-", "\u00a0": " "})


def _norm(s: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", s).translate(_QUOTES).split())


def _letters(s: str) -> str:
    return re.sub(r"[^a-z0-9]", "", _norm(s).lower())


def _ratio(a: str, b: str) -> float:
    return difflib.SequenceMatcher(None, a, b, autojunk=False).ratio()


def _and(items: list[str]) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


# --- comments ------------------------------------------------------------------------------


def contents_comments(contents: Contents, pagemap: PageMap) -> dict[int, str]:
    """Paragraph index -> the text of a Word comment on each stale line of the table of contents."""
    return {
        line.paragraph: f"TOA audit: {_contents.stale_message(line.text, line.page, page)}."
        for line, page in _contents.stale(contents, pagemap)
    }


def comments(findings: list[Finding], printed: PrintedTable) -> dict[int, str]:
    """Paragraph index -> the text of its Word comment: one per faulty entry (on its first line),
    and one on the table's heading listing the missing authorities."""
    out: dict[int, list[str]] = {}
    missing = [f for f in findings if f.kind == "missing"]
    for f in findings:
        if f.kind != "missing" and f.paragraphs:
            out.setdefault(f.paragraphs[0], []).append(f.message)
    if missing and printed.title is not None:
        listed = "; ".join(f"{f.authority} ({_and(f.computed_pages) or 'page unknown'})" for f in missing)
        out.setdefault(printed.title, []).insert(0, f"Missing from the table ({len(missing)}): {listed}")
    return {p: "TOA audit: " + " ".join(m.rstrip(".") + "." for m in msgs) for p, msgs in out.items()}
