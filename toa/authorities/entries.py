"""Entries: the authorities linking found, each an entry of the table, with its text, filed under
the style's headings and sorted.

An authority the style leaves out (cited only inside "(citing X)", a decision cited by docket
number) goes to the excluded, with the flag that says why; a case no citation names (a bare
"reported at 97 F.4th 81") to the unlinked. An entry reads as the brief's own abbreviated
citation of it, or in the style's name for the code.
"""

from __future__ import annotations

import re
from typing import Any

from ..keys import DocketKey, StateCodeKey, UsCodeKey
from ..meta import CaseMeta, ConstitutionMeta, ProvisionMeta
from ..model import Authority, Category, Occurrence, Table
from ..styles import Style
from .link import PROVISIONS, Cited, Links, complete


def table(links: Links, style: Style) -> Table:
    """The table of authorities: the entries kept, under their headings, in the style's order."""
    kept, excluded, unlinked = [], [], list(links.unlinked)
    for cited in links.cited:
        auth = _authority(cited)
        reason = _left_out(auth, style)
        if reason == "unlinked":
            unlinked.extend(auth.occurrences)
        elif reason:
            excluded.extend(auth.occurrences)
        else:
            kept.append(auth)
    _print_formally(kept)
    _name_codes(kept, dict(style.code_names))
    return Table(categories=_categorise(kept, style), unlinked=unlinked, excluded=excluded)


def _authority(cited: Cited) -> Authority:
    """An authority's entry as its citations name it: in the words of its first full citation, or of
    a later one that gives the case's name."""
    founding = cited.founding
    return Authority(
        key=cited.key,
        category=cited.category,
        text=cited.name,
        sort_key=founding.sort_key or (founding.display or founding.text).lower(),
        occurrences=[k.as_linked() for k in cited.links],
        emphasis=_emphasis_of(cited.named_by),
        flags=list(founding.flags),
    )


def _left_out(auth: Authority, style: Style) -> str | None:
    """Why an authority gets no entry ("unlinked", "citing", "docket"), or None. Drops from it the
    occurrences inside "(citing X)" that the style does not count."""
    counted = [
        o
        for o in auth.occurrences
        if (style.citing_parentheticals or "citing_parenthetical" not in o.flags)
        and (style.name_mentions or "name_mention" not in o.flags)
    ]
    if not counted:
        return "citing"  # cited only inside "(citing X)"
    # The entry carries the flag only when every citation of it is inside "(citing X)": the
    # judgment call a reviewer is asked to confirm.
    only_citing = all("citing_parenthetical" in o.flags for o in counted)
    auth.flags = [f for f in auth.flags if f != "citing_parenthetical"] + (
        ["citing_parenthetical"] if only_citing else []
    )
    if isinstance(auth.key, DocketKey) and not style.docket_citations:
        for o in auth.occurrences:
            o.flags.append("docket_only")
        return "docket"
    if auth.category == "cases" and not any(
        isinstance(o.meta, CaseMeta) and o.meta.case_name for o in auth.occurrences if o.kind == "full"
    ):
        return "unlinked"  # a bare reporter cite ("reported at 97 F.4th 81") names no case
    auth.occurrences = counted
    return None


def _emphasis_of(occ: Occurrence) -> list[tuple[int, int]]:
    """Italic spans of the entry text as the brief set them; a case name the brief left in
    roman (a plain-text brief) is still printed in italics, as tables of authorities do."""
    spans = list(occ.display_emphasis)
    name = occ.meta.case_name if isinstance(occ.meta, CaseMeta) else ""
    if not spans and occ.category in ("cases", "administrative") and name and (occ.display or "").startswith(name):
        spans = [(0, len(name))]
    return spans


def _formal(occ: Occurrence) -> bool:
    """A full citation in the abbreviated form of a citation manual ("Tex. Const. art. I, § 10",
    "Tex. Code Crim. Proc. art. 38.37"), not written out ("Texas Constitution, Article I, Section 10",
    "Article 38.37 of the Code of Criminal Procedure") nor a mention ("the Sixth Amendment")."""
    provision = occ.meta if isinstance(occ.meta, ProvisionMeta) else None
    if occ.kind != "full" or "informal_reference" in occ.flags or provision is not None and provision.inverted:
        return False
    if occ.category == "constitutional":
        return "Const." in (occ.display or occ.text)
    if isinstance(occ.key, StateCodeKey):
        return provision is not None and bool(re.search(r"\.|&", provision.code))
    return True


def _print_formally(authorities: list[Authority]) -> None:
    """An entry reads as the brief's own abbreviated citation of it: of an authority cited both
    written out and abbreviated, the abbreviated form; a provision cited only as "Article 38.37 of
    the Code of Criminal Procedure" in the abbreviation the brief gives that code elsewhere ("Tex.
    Code Crim. Proc. art. 38.37"). A code written out but cited in order ("Labor Code section
    1102.5") keeps its words, as tables print them."""
    formal_of_code: dict[tuple[str, str, str], Occurrence] = {}
    for auth in authorities:
        for o in auth.occurrences:
            if _formal(o) and isinstance(o.key, StateCodeKey):
                formal_of_code.setdefault(o.key.code_of(), o)
    for auth in authorities:
        if auth.category not in PROVISIONS:
            continue
        # a provision cited only by short forms reads as the citation they completed
        fulls = [o for o in auth.occurrences if o.kind == "full"]
        completed_only = not fulls
        fulls = fulls or [o.completes for o in auth.occurrences if o.completes is not None]
        if not fulls or _formal(fulls[0]):
            continue
        formal = next((o for o in fulls if _formal(o)), None)
        first = fulls[0].meta if isinstance(fulls[0].meta, ProvisionMeta) else ProvisionMeta()
        if formal is None and (first.inverted or completed_only):
            base = formal_of_code.get(auth.key.code_of()) if isinstance(auth.key, StateCodeKey) else None
            formal = complete(base, first) if base is not None else None
            if formal is not None and formal.key != auth.key:
                formal = None
        if formal is not None and formal.display:
            auth.text, auth.emphasis = formal.display, _emphasis_of(formal)


def _name_codes(authorities: list[Authority], names: dict[str, str]) -> None:
    """ "26 U.S.C. 6330(c)" printed as "Internal Revenue Code (26 U.S.C.) § 6330(c)" when the style
    names that title; a section the brief cites under an act's own name keeps it."""
    if not names:
        return
    for auth in authorities:
        full = next((o for o in auth.occurrences if o.kind == "full"), None)
        m = full.meta if full is not None and isinstance(full.meta, ProvisionMeta) else None
        if (
            not (isinstance(auth.key, UsCodeKey) and auth.key.code == "usc")
            or m is None
            or m.popular_name
            or m.title not in names
        ):
            continue
        section = m.section + m.subsection + (" et seq." if m.et_seq else "")
        mark = "§§" if m.range else "§"
        edition = f" ({m.edition})" if m.edition else ""
        auth.text, auth.emphasis = f"{names[m.title]} {mark} {section}{edition}", []


def _categorise(authorities: list[Authority], style: Style) -> list[Category]:
    out = []
    for h in style.headings:
        items = [a for a in authorities if a.category in h.members]
        items.sort(key=lambda a: (h.members.index(a.category), *entry_order(a, style)))
        _assign_short_names(items)
        out.append(Category(key=h.key, heading=h.heading, number=h.number, authorities=items, members=h.members))
    return out


def entry_order(auth: Authority, style: Style) -> tuple[int, tuple[Any, ...], str]:
    """Where an entry files within its category: the style's home state first, then the
    recognizer's sort key (made comparable with any other), then the entry's text."""
    return _away(auth, style.home_jurisdiction), total_order(auth.sort_key), auth.text


def total_order(value: Any) -> tuple[Any, ...]:
    """A sort key that compares with any other: recognizers return tuples of numbers, strings,
    None and nested tuples, and a string or a tuple of another shape must not end the build.
    Values of one type keep their own order; across types None < numbers < strings < tuples."""
    if value is None:
        return (0,)
    if isinstance(value, (bool, int, float)):
        return (1, 0.0 if value != value else float(value))  # NaN compares as 0
    if isinstance(value, str):
        return (2, value)
    if isinstance(value, (tuple, list)):
        return (3, tuple(total_order(v) for v in value))
    return (4, repr(value))


def _away(auth: Authority, home: str) -> int:
    """0 for a provision of the style's home state (listed first), else 1. A code the brief cites
    without a state ("Code Civ. Proc., § 437c") is the home state's."""
    if not home or auth.category not in PROVISIONS:
        return 1
    # a provision cited only by short forms is read through the citation they completed
    full = next((o.completes or o for o in auth.occurrences if o.kind == "full" or o.completes is not None), None)
    meta = full.meta if full is not None else None
    if isinstance(meta, ProvisionMeta):
        return 0 if meta.jurisdiction == home or meta.state_implied else 1
    return 0 if isinstance(meta, ConstitutionMeta) and meta.jurisdiction == home else 1


def _assign_short_names(items: list[Authority]) -> None:
    """TA \\s identifiers: the entry text, which is unique within a category."""
    seen: dict[str, int] = {}
    for a in items:
        short = re.sub(r"\s+", " ", a.text)[:200]
        n = seen.get(short, 0)
        seen[short] = n + 1
        a.short = short if n == 0 else f"{short} [{n + 1}]"
