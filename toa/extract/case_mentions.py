"""A case named in the text without a citation ("In *Bunton*, the trial court …", "Heien does
not apply"), after the brief has cited it in full.

Lawyers who type their tables search the brief for each case's name and list every page it is
on; the court rules ask for every page an authority is cited on. Such a mention is read as a
short form of the case, flagged `name_mention`, and a style decides whether it counts (the
Solicitor General's tables and the Supreme Court printers' leave them out).

A name counts only when it points at one case: the name the brief defined for it
("(“Heien”)"), the name its short forms use ("Heien, 135 S. Ct. at 536", "Massicot, supra"),
or, in italics, the case's first distinctive party or its whole first party ("American
Continental Ins. Co."). A name two cited cases share, a name inside another citation or a
quotation, and a word the brief does not set in italics (when it sets its case names in italics)
is not a mention.
"""

from __future__ import annotations

import bisect
import itertools
import re

from ..keys import Key
from ..meta import CaseMeta, ShortCiteMeta, ShortNameMeta, SupraMeta
from ..model import Occurrence, Paragraph
from ..recognizers.common import in_quotation

# Parties that name no case: the government side of "People v. Massicot", "State v. X".
_GENERIC_PARTY = re.compile(
    r"^(?:the\s+)?(?:people|state|commonwealth|united\s+states|u\.\s?s\.|government|"
    r"in\s+re|ex\s+parte|matter\s+of|in\s+the\s+matter\s+of|estate\s+of|petition\s+of)\b",
    re.I,
)
_NAME_TOKEN = re.compile(r"[A-Z][a-zA-Z'’-]{2,}")
# "(“Heien”)", "(hereinafter “Massicot”)", "(“Devenpeck.”)": a quoted name defined after the cite.
_DEFINED = re.compile(
    r"\s*\((?:hereinafter\s+)?[“\"](?P<name>[A-Z][a-zA-Z'’-]{2,}(?:\s[A-Z][a-zA-Z'’-]+){0,2})"
    r"[.,]?[”\"]\.?\)"
)
# Words that begin a case name but say nothing of which case it is.
_NOT_A_NAME = {
    "The",
    "In",
    "Ex",
    "Re",
    "See",
    "Matter",
    "Estate",
    "City",
    "County",
    "Town",
    "Village",
    "Board",
    "Department",
    "Dept",
    "Commission",
    "Commissioner",
    "Secretary",
    "Director",
    "National",
    "American",
    "First",
    "United",
    "State",
    "States",
    "People",
    "Doe",
    "Roe",
}


def case_mentions(paragraphs: list[Paragraph], occurrences: list[Occurrence]) -> list[Occurrence]:
    """Bare mentions of cases cited in full, as short forms flagged `name_mention`, in the
    paragraphs after each case's first full cite."""
    by_para = {p.index: p for p in paragraphs}
    cases = [
        o
        for o in occurrences
        if o.kind == "full"
        and o.category == "cases"
        and isinstance(o.meta, CaseMeta)
        and o.meta.case_name
        and o.key is not None
        and o.paragraph in by_para
    ]
    if not cases:
        return []
    names = _names(cases, occurrences, by_para)
    if not names:
        return []
    italic_briefs = _sets_names_in_italics(cases, by_para)
    first_cite: dict[Key, tuple[int, int]] = {}
    order = {p.index: i for i, p in enumerate(paragraphs)}
    for o in cases:
        here = (order[o.paragraph], o.end)
        assert o.key is not None
        first_cite[o.key] = min(first_cite.get(o.key, here), here)
    taken: dict[int, _Spans] = {}
    for o in occurrences:
        taken.setdefault(o.paragraph, _Spans()).add(o.start, o.end)
    pattern = re.compile(
        r"(?<![\w.’'-])(?P<name>"
        + "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
        + r")(?![\w-]|\s+v\.?\s|\s*,\s*(?:supra|\d))"
    )
    out = []
    for p in paragraphs:
        for m in pattern.finditer(p.text):
            key, how = names[m.group("name")]
            if (order[p.index], m.start()) <= first_cite[key] or (
                p.index in taken and taken[p.index].overlaps(m.start(), m.end())
            ):
                continue
            if in_quotation(p.text, m.start()):
                continue  # a court's words, quoted
            if (italic_briefs or how == "party") and not _italic(p, m.start(), m.end()):
                continue
            out.append(
                Occurrence(
                    paragraph=p.index,
                    start=m.start(),
                    end=m.end(),
                    kind="short",
                    story=p.story,
                    text=m.group(0),
                    key=key,
                    flags=["name_mention"],
                    meta=ShortNameMeta(m.group("name")),
                )
            )
    return out


def _names(cases: list[Occurrence], occurrences: list[Occurrence], by_para: dict) -> dict[str, tuple[Key, str]]:
    """Name -> (case key, how the brief names it: "defined" | "short" | "party"), for the names
    that point at exactly one cited case."""
    found: dict[str, set] = {}
    how: dict[str, str] = {}

    def note(name: str, key: Key, kind: str) -> None:
        found.setdefault(name, set()).add(key)
        if how.get(name) != "defined":
            how[name] = kind if how.get(name) in (None, "party") else how[name]

    parties: dict[str, set] = {}
    for o in cases:
        assert isinstance(o.meta, CaseMeta) and o.key is not None
        for word in _NAME_TOKEN.findall(o.meta.case_name):
            parties.setdefault(word, set()).add(o.key)
        m = _DEFINED.match(by_para[o.paragraph].text, o.end)
        if m:
            note(m.group("name"), o.key, "defined")
        for party in (_distinctive_party(o.meta.case_name), _whole_first_party(o.meta.case_name)):
            if party:
                note(party, o.key, "party")
    for o in occurrences:
        antecedent = o.meta.antecedent.strip(" ,") if isinstance(o.meta, (ShortCiteMeta, SupraMeta)) else ""
        if o.kind in ("short", "supra") and _NAME_TOKEN.fullmatch(antecedent) and len(parties.get(antecedent, ())) == 1:
            note(antecedent, next(iter(parties[antecedent])), "short")
    # a name that is a word of two cited cases' names ("Smith") is nobody's
    return {
        n: (next(iter(keys)), how[n])
        for n, keys in found.items()
        if len(keys) == 1 and len(parties.get(n, keys) | keys) == 1 and n not in _NOT_A_NAME
    }


def _distinctive_party(case_name: str) -> str:
    """The one word a case is called by: its first party's name ("Castillo v. State"), or the
    other party's when the first is the government ("People v. Massicot"), or the name after
    "In re" / "Ex parte"."""
    parts = re.split(r"\s+v\.?\s+", case_name, maxsplit=1)
    party = parts[0]
    prefix = _GENERIC_PARTY.match(party)
    if prefix and prefix.end() < len(party.rstrip()):
        party = party[prefix.end() :]  # "In re Giannini", "Ex parte Kibler"
    elif prefix and len(parts) == 2:
        party = parts[1]
    words = _NAME_TOKEN.findall(party)
    return words[0] if words and party.strip().startswith(words[0]) else ""


def _whole_first_party(case_name: str) -> str:
    """The first party in full when it is two words or more and no government or prefix
    ("American Continental Ins. Co." of "American Continental Ins. Co. v. C & Z Timber Co."): a
    brief calls a case so when its first word alone says nothing ("American")."""
    parts = re.split(r"\s+v\.?\s+", case_name, maxsplit=1)
    party = parts[0].strip().rstrip(",")
    if len(parts) < 2 or _GENERIC_PARTY.match(party) or len(_NAME_TOKEN.findall(party)) < 2:
        return ""
    return party if _NAME_TOKEN.match(party) else ""


def _sets_names_in_italics(cases: list[Occurrence], by_para: dict) -> bool:
    italic = sum(1 for o in cases if _italic(by_para[o.paragraph], o.start, o.start + 1))
    return italic * 2 > len(cases)


def _italic(p: Paragraph, start: int, end: int) -> bool:
    return any(a <= start and end <= b for a, b in p.emphasis)


class _Spans:
    """The citations' spans in one paragraph, asked whether a stretch overlaps any of them: by
    bisection, since a long paragraph holds thousands."""

    def __init__(self):
        self._spans: list[tuple[int, int]] = []
        self._starts: list[int] = []
        self._reach: list[int] = []  # the furthest end of the spans up to each one

    def add(self, start: int, end: int) -> None:
        self._spans.append((start, end))
        self._starts = []

    def overlaps(self, start: int, end: int) -> bool:
        if not self._starts and self._spans:
            self._spans.sort()
            self._starts = [a for a, _b in self._spans]
            self._reach = list(itertools.accumulate((b for _a, b in self._spans), max))
        i = bisect.bisect_left(self._starts, end) - 1  # the spans that start before `end`
        return i >= 0 and self._reach[i] > start
