"""Full case citations from eyecite's: the name as written, the cite, the court/year parenthetical.

The court/year parenthetical is read from the source text (with an opinion's kind: "(op. on
reh'g)"), and nameless cites that follow a case are its parallel cites or its subsequent history
("aff'd, 100 F.4th 1"): they grow that case's occurrence and make none of their own. A cite in an
agency's reporter, or on Westlaw with an agency's parenthetical, is an administrative decision.
"""

from __future__ import annotations

import re


from ..keys import CaseKey
from ..meta import CaseMeta, DecisionMeta
from ..model import Occurrence, Paragraph
from .eyecite_adapter import Citation
from .names import case_name

AGENCY_REPORTERS = {
    "I. & N. Dec.",
    "N.L.R.B.",
    "NLRB",
    "F.C.C.",
    "FCC Rcd",
    "F.C.C.R.",
    "F.C.C. Rcd.",
    "F.C.C.2d",
    "F.T.C.",
    "S.E.C.",
    "Op. Att'y Gen.",
    "Op. O.L.C.",
}
# A state attorney general's published opinions are no court's: state tables list them with the
# other authorities ("82 Ops.Cal.Atty.Gen. 1 (1999)"), as the recognizers file "Tex. Att'y Gen. Op.".
OTHER_REPORTERS = {"Ops.Cal.Atty.Gen."}

# A decision on Westlaw or Lexis whose parenthetical names an agency, not a court: "(Cal. P.U.C.
# May 16, 2019)", "(N.L.R.B. Mar. 3, 2020)", "(B.I.A. 2018)", "(F.E.R.C. 2021)", "(T.T.A.B. 2019)".
_AGENCY_COURT = re.compile(
    r"\((?:[A-Z][a-z]*\.\s?)*(?:P\.\s?U\.\s?C\.|N\.\s?L\.\s?R\.\s?B\.|B\.\s?I\.\s?A\.|"
    r"F\.\s?E\.\s?R\.\s?C\.|F\.\s?C\.\s?C\.|S\.\s?E\.\s?C\.|E\.\s?E\.\s?O\.\s?C\.|"
    r"M\.\s?S\.\s?P\.\s?B\.|T\.\s?T\.\s?A\.\s?B\.|P\.\s?T\.\s?A\.\s?B\.|F\.\s?T\.\s?C\.|"
    r"Bd\.|Comm['’]n|Dep['’]t|Agency|Off\.)"
)


_PIN = re.compile(
    r"^(?:,\s*nn?\.\s*\d+|,\s*(?:at\s+)?\*?\d+(?:-\*?\d+)?(?![\d])(?!\s+[A-Z])(?:\s*(?:&|and)\s*nn?\.\s*\d+|\s*nn?\.\s*\d+(?:-\d+)?)?)+"
)
# The court/date parenthetical: one with a year, or a court alone ("(2d Cir.)" when the year
# follows a later subsequent-history cite). Explanatory parentheticals start in lower case.
_YEAR_PAREN = re.compile(
    r"^\s*(?:\((?:[^()]*?\b(?:1[6-9]\d\d|20\d\d)(?:,[^()]{1,30})?|[A-Z0-9][^()]{0,40}?\b[A-Z][A-Za-z]*\.)\)"
    # New York's official style brackets it: "150 A.D.3d 1002 [2d Dept 2017]"
    r"|\[[^\[\]]{0,40}?\b(?:1[6-9]\d\d|20\d\d)\])"
)
# What kind of opinion it is, after the court/year parenthetical: part of the entry
# ("(Tex. Crim. App. 2012) (op. on reh'g)", "(mem. op., not designated for publication)").
_OPINION_PAREN = re.compile(
    r"^\s*\((?:op\.\s+on\s+reh(?:'|’)g|on\s+reh(?:'|’)g|en\s+banc|per\s+curiam|"
    r"orig\.\s+proceeding|plurality\s+op\.|mem\.\s+op\.\s+on\s+reh(?:'|’)g|"
    r"mem\.\s+op\.?(?:,\s*not\s+designated\s+for\s+publication)?|"
    r"not\s+designated\s+for\s+publication)\)"
)
# "(per curiam)", "(en banc) (quoting X, 1 U.S. 1 (1800))": parentheticals between a case and its history
_LEADING_PARENS = re.compile(r"^(?:\s*\((?:[^()]|\([^()]*\))*\))+")


_HISTORY = re.compile(  # one phrase or several ("aff'd in part, rev'd in part,")
    r"^,?\s*(?:(?:aff'd|aff’d|rev'd|rev’d|vacated|modified|cert\.\s+denied|cert\.\s+granted|cert\.\s+dismissed|"
    r"petition for cert\.\s+(?:filed|pending)|reh'g denied|reh’g denied|appeal dismissed|overruled|abrogated|"
    r"enforced|enf'd|enf’d|on\s+reh(?:'|’|ea)r?(?:'|’)?g|on\s+remand|reh(?:'|’)g\s+(?:en\s+banc\s+)?(?:granted|denied)|"
    r"(?:report\s+and\s+recommendation|R\.\s?&\s?R\.)\s+adopted|(?:opinion|judgment)\s+(?:vacated|withdrawn|amended|superseded))"
    r"[^,;()]{0,60}?(?:,\s*|\s+)(?:on other grounds,\s*)?)+"
    r"(?:Nos?\.\s*[\w:.-]+(?:,\s*[\w:.-]+)*?,\s*)?$",
    re.I,
)  # "aff'd, No. 22-15000, 2023 WL 555123"

_HISTORY_NAME = re.compile(
    r"(?:aff'd|aff’d|rev'd|rev’d|vacated|modified|enforced|enf'd|enf’d|cert\.\s+denied|cert\.\s+granted|"
    r"cert\.\s+dismissed|petition for cert\.\s+(?:filed|pending)|reh(?:'|’)g\s+(?:en\s+banc\s+)?(?:denied|granted)|"
    r"appeal\s+dismissed|(?:report\s+and\s+recommendation|R\.\s?&\s?R\.)\s+adopted)(?:[^,;()]{0,40}?\bsub nom\.)?[\s,]*"
)

_SUB_NOM = re.compile(
    r"^,?\s*(?:aff'd|aff’d|rev'd|rev’d|vacated|modified|cert\.\s+denied)[^,;()]{0,40}?"
    r"\bsub nom\.\s*$"
)


def full_case(cite: Citation, para: Paragraph, earlier: list[Occurrence]) -> Occurrence | None:
    text = para.text
    c_start, c_end = cite.span
    reporter = cite.reporter
    key = CaseKey(cite.volume, reporter, cite.page.replace(",", ""))
    prev = max((o for o in earlier if o.kind == "full" and o.start < c_start), key=lambda o: o.start, default=None)
    reported = prev.meta if prev is not None and isinstance(prev.meta, DecisionMeta) else None
    # A cite that follows a case's cite with nothing but a pin between is a parallel cite.
    if (
        prev is not None
        and reported is not None
        and reported.cite_end is not None
        and reported.cite_end <= c_start
        and _is_parallel_gap(text, reported.cite_end, c_start)
    ):
        reported.parallel.append(key)
        _extend(prev, reported, text, c_end)
        return None
    name_start, name_end = case_name(cite, para)
    name_start, history = _after_history(text, prev, name_start, name_end, c_start)
    if history:
        assert prev is not None and reported is not None  # history follows a decision's cite
        reported.history.append(key)
        _extend(prev, reported, text, c_end, history=True)
        return None
    end = end_of_cite(text, c_end)
    year = cite.year
    agency = reporter in AGENCY_REPORTERS or (reporter in ("WL", "LEXIS") and _AGENCY_COURT.search(text, c_end, end))
    occ = Occurrence(
        paragraph=para.index,
        start=name_start,
        end=end,
        kind="full",
        story=para.story,
        text=text[name_start:end],
        category="administrative" if agency else "other" if reporter in OTHER_REPORTERS else "cases",
        key=key,
    )
    name = text[name_start:name_end].strip(" ,")
    meta = occ.meta = CaseMeta(
        volume=key.volume,
        reporter=reporter,
        page=key.page,
        year=year,
        court=cite.court,
        case_name=name,
        pin_cite=cite.pin_cite,
        cite_end=c_end,
        name_end=name_end,
    )
    occ.display = case_display(text, name_start, c_start, end)
    if not name:
        named = _named_before(para, c_start, earlier)
        if named:  # "In *Sanford v. Halvorsen Grp.*, the court agreed. 2019 WL 4455667, at *2 (C.D. Cal. 2019)."
            name = meta.case_name = named
            occ.display = f"{named}, {occ.display}"
    occ.sort_key = case_sort_key(name or occ.display)
    occ.anchor_end = end
    if not name:
        occ.flags.append("missing_case_name")
    return occ


def _named_before(para: Paragraph, c_start: int, earlier: list[Occurrence]) -> str:
    """The case a nameless cite stands for when the brief named it in italics in the words just
    before ("In *Sanford v. Halvorsen Grp.*, the court agreed. 2019 WL 4455667"): the last italic
    case name in the 300 characters before the cite that no citation before it has taken."""
    # a paragraph typed without italics: the names written as case names ("In Bradshaw v. State, the
    # court held … . See 466 S.W.3d 876")
    spans = para.emphasis or [
        (m.start("name"), m.end("name")) for m in _PLAIN_CASE_NAME.finditer(para.text, max(0, c_start - 300), c_start)
    ]
    for a, b in reversed(spans):
        if b > c_start:
            continue
        if (
            b < c_start - 300
            or any(a <= o.end and o.start < c_start for o in earlier)
            or _HISTORY_NAME.search(para.text, max(b, c_start - 80), c_start)
        ):
            return ""  # too far, a citation lies between (or the name is a citation's own), or it is history
        name = para.text[a:b].strip(" ,")
        if re.search(r"\sv\.\s|^(?:In re|Ex parte)\s", name):
            return name
    return ""


_NAME_PART = r"[A-Z][\w.'’&-]*(?:\s(?:of|the|and|&|[A-Z][\w.'’&-]*)){0,5}"
_PLAIN_CASE_NAME = re.compile(
    rf"(?<![\w.])(?:In\s(?!re\b))?(?P<name>(?:In re|Ex parte)\s{_NAME_PART}|{_NAME_PART}\sv\.\s"
    rf"{_NAME_PART})(?=,|\s[a-z])"
)


def _after_history(
    text: str, prev: Occurrence | None, name_start: int, name_end: int, c_start: int
) -> tuple[int, bool]:
    """Whether a cite is subsequent history of the case before it, and where its own name starts.

    History is a nameless cite after a history phrase ("aff'd, 100 F.4th 1"), or a named one
    after "sub nom." ("aff'd sub nom. Brown v. Entm't Merchs. Ass'n, 564 U.S. 786"); a phrase
    read as part of the name is cut off it. A named case after "abrogated by" is a case of its own.
    """
    phrase = _HISTORY_NAME.match(text, name_start, name_end)
    if phrase:
        name_start = phrase.end() if "sub nom" in phrase.group(0) else name_end
    if prev is None or prev.end > (phrase.start() if phrase else name_start):
        return name_start, False
    if phrase:
        return name_start, not _LEADING_PARENS.sub("", text[prev.end : phrase.start()]).strip(" ,")
    gap = _LEADING_PARENS.sub("", text[prev.end : name_start if name_end > name_start else c_start])
    if name_end > name_start:
        return name_start, bool(_SUB_NOM.match(gap))
    return name_start, bool(_HISTORY.match(gap))


# History that names no reporter, only the docket of the court above: "appeal docketed, No. 23-15123
# (9th Cir. Apr. 2, 2023)", "petition for cert. filed, No. 24-10 (U.S. July 1, 2024)". It is part of the
# case's entry, as cited, like history with a reporter.
_DOCKETED_HISTORY = re.compile(
    r",\s*(?:appeal\s+(?:docketed|filed|pending)|petition\s+for\s+(?:cert\.|certiorari|review|reh(?:'|’)g)\s+"
    r"(?:filed|docketed|pending)|cert\.\s+petition\s+filed|notice\s+of\s+appeal\s+filed),?\s*"
    r"(?:Nos?\.\s*[\w:.-]+(?:,\s*[\w:.-]+)*?\s*)?\([^()]*\b(?:1[89]\d\d|20\d\d)\)"
)


def docketed_history(text: str, cases: list[Occurrence], taken: list[tuple[int, int]]) -> None:
    """Grow each full case citation over the docketed history that follows it."""
    for occ in cases:
        if occ.kind != "full" or occ.category != "cases":
            continue
        m = _DOCKETED_HISTORY.match(text, occ.end)
        if m is None or any(occ.end < a < m.end() for a, _b in taken):
            continue
        occ.display = (occ.display or text[occ.start : occ.end]) + re.sub(r"\s+", " ", m.group(0))
        occ.end = m.end()
        occ.anchor_end = occ.end
        occ.text = text[occ.start : occ.end]


def _is_parallel_gap(text: str, a: int, b: int) -> bool:
    gap = text[a:b]
    # California brackets a case's parallel cites: "(1966) 384 U.S. 436, 444 [86 S.Ct. 1602, 16 L.Ed.2d 694]";
    # a neutral cite's pin is a paragraph: "2019-Ohio-1234, ¶ 15, 123 N.E.3d 456"
    return bool(
        re.fullmatch(
            r"(?:,\s*(?:at\s+)?\*?\d+(?:[-–]\d+)?(?:\s*n\.\s*\d+)?|,\s*¶¶?\s*\d+(?:\s*[-–]\s*\d+)?)*\s*(?:,\s*|\[)",
            gap,
        )
    )


def _extend(occ: Occurrence, meta: DecisionMeta, text: str, cite_end: int, history: bool = False) -> None:
    """Grow a case occurrence over a parallel cite or subsequent history that follows it."""
    end = end_of_cite(text, cite_end)
    if history:
        occ.display = occ.display + text[occ.end : end] if occ.display else text[occ.start : end]
        occ.display = _strip_pins(occ.display)
    else:
        if text[occ.start : end].count("[") > text[occ.start : end].count("]") and text.startswith("]", end):
            end += 1  # the bracket that closes California's parallel cites
        assert meta.cite_end is not None  # a parallel cite follows the end of the cite before
        occ.display = case_display(text, occ.start, meta.cite_end, end)
    occ.end = max(occ.end, end)
    occ.anchor_end = occ.end
    occ.text = text[occ.start : occ.end]
    meta.cite_end = cite_end


def end_of_cite(text: str, c_end: int) -> int:
    """End of the citation proper: after pin cites and the court/year parenthetical."""
    i = c_end
    m = _PIN.match(text[i:])
    if m:
        i += m.end()
    m = _YEAR_PAREN.match(text[i:])
    if m:
        i += m.end()
        m = _OPINION_PAREN.match(text[i:])
        if m:
            i += m.end()
    return i


def _strip_pins(s: str) -> str:
    return re.sub(
        r"(\d+\s+[A-Z][\w.' ]*?\s+\d+)(?:,\s*(?:at\s+)?\*?\d+(?:-\*?\d+)?(?![\d])(?!\s+[A-Z])(?:\s*nn?\.\s*\d+)?)+",
        r"\1",
        s,
    )


def case_display(text: str, start: int, c_start: int, end: int) -> str:
    """Entry text: the name as written, the cite(s) without pin pages, the court/year paren."""
    s = text[start:end]
    s = re.sub(r",\s*(?:at\s+)?\*\d+(?:-\*?\d+)?(?:,?\s*nn?\.\s*\d+)?", "", s)  # star pins of WL/LEXIS cites
    s = _strip_pins(s)
    s = re.sub(r",\s*¶¶?\s*\d+(?:\s*[-–]\s*\d+)?(?=,)", "", s)  # a neutral cite's paragraph pin before its parallel
    return re.sub(r"\s+", " ", s).strip(" ,;")


_US_PARTY = re.compile(r"\bU\.\s?S\.(?=\s+v\.\s)|(?<=\sv\.\s)U\.\s?S\.(?=$|[\s,])")


def same_party_name(name: str) -> str:
    """ "U.S. v. Jones" is "United States v. Jones": one authority, filed under "United States"."""
    return _US_PARTY.sub("United States", name)


def case_sort_key(name: str) -> tuple:
    """Alphabetical by the name as written ("In re X" under I, "United States v. X" under U).

    Case and punctuation are ignored; a name that starts with a numeral sorts before letters,
    numerals compared by value ("$154,362.05 in U.S. Currency" before "75 Broken Sets").
    """
    s = same_party_name(name).replace("’", "").replace("'", "").lower()
    parts = []
    for number, word in re.findall(r"(\d[\d,]*(?:\.\d+)?)|([^\W\d_]+|\d+)", s):
        parts.append((0, float(number.replace(",", "")), "") if number else (1, 0.0, word))
    return tuple(parts)
