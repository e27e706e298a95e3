"""Agency decisions and guidance.

Adjudications and opinions -> category "administrative", alphabetised by party/matter name:
    "Matter of X, 27 I. & N. Dec. 1 (BIA 2017)"   AgencyDecisionKey("I. & N. Dec.", "27", "1")
    "Acme Corp., 365 N.L.R.B. No. 12 (2017)"      AgencyDecisionKey("N.L.R.B.", "365", "No. 12")
    "In re Y, 35 FCC Rcd 1234 (2020)"             AgencyDecisionKey("FCC Rcd", "35", "1234")
    "A v. B, IPR2020-00019, Paper 10 (P.T.A.B. ...)"  PtabKey("IPR2020-00019")
    "Title, 40 Op. O.L.C. 1 (2016)"               AgencyDecisionKey("Op. O.L.C.", "40", "1")
Treasury guidance (Rev. Rul., Rev. Proc., I.R.S. Notices, Announcements) -> category "other":
they are published guidance, not decisions, and printed TOAs list them with the miscellaneous
authorities.  IrsGuidanceKey("Rev. Rul.", "2004-1").
Sort: (alphabetical name/title, natural key of the cite) for both categories' shapes.

eyecite also knows some of these reporters (I. & N. Dec., F.C.C.); the extract stage keeps our
span, which carries the matter name.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ..keys import AgencyDecisionKey, IrsGuidanceKey, PtabKey, SecReleaseKey
from ..meta import AgencyMeta
from ..model import CategoryKey
from . import prefilter
from .common import (
    Emphasis,
    PAGE,
    RANK_REFERENCE,
    Claim,
    SortKey,
    alpha_key,
    boundary_before,
    clean,
    natkey,
    claim_one,
    short_claim,
)

CAT: CategoryKey = "administrative"

# reporter regex -> canonical name
_REPORTERS = (
    (r"I\.?\s?&\s?N\.?\s?Dec\.", "I. & N. Dec."),  # also "I&N Dec.", as immigration briefs write it
    (r"N\.\s?L\.\s?R\.\s?B\.|NLRB", "N.L.R.B."),
    (r"FCC\sRcd\.?|F\.C\.C\.\sRcd\.?", "FCC Rcd"),
    (r"F\.\s?C\.\s?C\.\s?2d|F\.\s?C\.\s?C\.", "F.C.C."),
    (r"F\.\s?T\.\s?C\.", "F.T.C."),
    (r"S\.\s?E\.\s?C\.", "S.E.C."),
    (r"M\.\s?S\.\s?P\.\s?R\.", "M.S.P.R."),
    (r"Comp\.\sGen\.", "Comp. Gen."),
    (r"Op\.\s?O\.\s?L\.\s?C\.|Op\.\sOff\.\sLegal\sCounsel", "Op. O.L.C."),
    (r"Op(?:s)?\.\sAtt(?:'|’)y\sGen\.", "Op. Att'y Gen."),
    (r"FERC\s¶", "FERC"),
    (r"T\.\s?C\.\s?M\.|B\.\s?T\.\s?A\.", "T.C.M."),
)
_REPORTER_ALT = "|".join(f"(?P<r{i}>{rx})" for i, (rx, _n) in enumerate(_REPORTERS))
_ADMIN = prefilter.compile(
    rf"(?<![\w.])(?P<vol>\d{{1,4}})\s(?:{_REPORTER_ALT})\s(?P<page>No\.\s\d+|{PAGE})"
    rf"(?P<pin>,\s(?:slip\sop\.\s)?(?:at\s)?{PAGE}(?:\s?-\s?\d+)?(?=\s?\(|[.,;]|$))?"
    r"(?P<paren>\s?\((?:[^()]{0,40}?)\d{4}\))?"
)
# An SEC release: "In re Kamerling, Exchange Act Release No. 93456 (Oct. 29, 2021)", "Securities Act Release
# No. 9689, 2014 WL 7145625 (Dec. 15, 2014)". One printed in the Federal Register is that notice's (rules.py).
_SEC_RELEASE = prefilter.compile(
    r"(?<![\w.])(?P<kind>(?:(?:Securities\s)?Exchange|Securities|Investment\sCompany|Investment\sAdvisers|Advisers|"
    r"Trust\sIndenture)\sAct|SEC|Accounting\sand\sAuditing\sEnforcement|Litigation)\sRelease\sNo\.\s"
    r"(?P<no>\d[\d,-]*\d|\d)(?!,?\s\d{1,3}\sFed\.\s?Reg\.)"
    r"(?P<wl>,\s\d{4}\sWL\s\d+)?(?P<pin>,\s(?:at\s)?\*?\d+(?=\s?\(|[.,;]|$))?(?P<paren>\s?\([^()]{0,40}?\d{4}\))?"
)
# "Acosta, 19 I&N Dec. at 234": a short cite of a decision in an agency reporter
_ADMIN_SHORT = prefilter.compile(rf"(?<![\w.])(?P<vol>\d{{1,4}})\s(?:{_REPORTER_ALT})\sat\s(?P<pin>\d[\d,]*)")
_PTAB = prefilter.compile(
    r"(?<![\w])(?P<no>(?:IPR|PGR|CBM|DER)\d{4}-\d{5})(?P<paper>,\s(?:Paper|Paper\sNo\.)\s\d+)?"
    r"(?P<pin>,\s(?:at\s)?\d+(?=\s?\(|[.,;]|$))?(?P<paren>\s?\((?:[^()]{0,40}?)\d{4}\))?"
)
_IRS = prefilter.compile(
    r"(?<![\w.])(?P<kind>Rev\.\sRul\.|Rev\.\sProc\.|(?:I\.\s?R\.\s?S\.\s|IRS\s)?Notice|(?:I\.\s?R\.\s?S\.\s)?Announcement|"
    r"Priv\.\sLtr\.\sRul\.|Tech\.\sAdv\.\sMem\.|Gen\.\sCouns\.\sMem\.|T\.D\.)\s(?P<no>\d{2,4}-\d+(?:-\d+)?)"
    r"(?P<bull>,\s\d{4}-\d+\s(?:I\.\s?R\.\s?B\.|C\.\s?B\.)\s\d+)?"
    r"(?P<pin>,\s(?:at\s)?\d+(?=\s?\(|[.,;]|$))?"
)
# A case-style name right before the cite: "Matter of X, ", "In re X, ", "A v. B, ", "Acme Corp., "
_NAME_END = prefilter.compile(r",\s$")


def _name_before(text: str, pos: int, emphasis: Emphasis | None) -> int | None:
    """Start of the matter/party name written right before a cite, or None."""
    if not _NAME_END.search(text[max(0, pos - 2) : pos]):
        return None
    end = pos - 2
    for a, b in emphasis or ():
        if a < end <= b + 1 and b <= end + 1:
            return a
    start = boundary_before(text, end, limit=150)
    seg = text[start:end]
    if not seg.strip() or not seg.lstrip()[0].isupper() or len(seg) > 150:
        return None
    return start + (len(seg) - len(seg.lstrip()))


def admin_sort_key(name: str, cite: str) -> SortKey:
    n = re.sub(r"^(?:matter\sof|in\sthe\smatter\sof|in\sre|re)\s", "", alpha_key(name))
    return (n, natkey(cite))


def _named(text: str, m: re.Match[str], emphasis: Emphasis | None) -> tuple[int, str]:
    """Where the citation of `m` starts and the matter's or party's name written before it ("" and
    the match's start when there is none)."""
    name_start = _name_before(text, m.start(), emphasis)
    if name_start is None:
        return m.start(), ""
    return name_start, clean(text[name_start : m.start()]).rstrip(", ")


def _reporter_of(m: re.Match[str]) -> str:
    return next(_REPORTERS[i][1] for i in range(len(_REPORTERS)) if m.group(f"r{i}"))


def _decision(text: str, m: re.Match[str], emphasis: Emphasis | None) -> Claim:
    """A decision in an agency's reporter ("In re Smith, 25 I. & N. Dec. 50 (B.I.A. 2010)")."""
    rep = _reporter_of(m)
    page = clean(m.group("page"))
    paren = clean(m.group("paren") or "")
    start, name = _named(text, m, emphasis)
    reporter = clean(m.group(0)[len(m.group("vol")) + 1 : m.start("page") - m.start()]).strip()
    cite = f"{m.group('vol')} {reporter} {page}"
    display = (f"{name}, " if name else "") + cite + (f" {paren}" if paren else "")
    return claim_one(
        text,
        start,
        m.end(),
        category=CAT,
        key=AgencyDecisionKey(rep, m.group("vol"), page.replace(",", "")),
        display=display,
        sort_key=admin_sort_key(name or rep, cite),
        meta=AgencyMeta(reporter=rep, volume=m.group("vol"), page=page),
        flags=None if name else ["uncertain_category"] if rep == "Op. O.L.C." else None,
    )


def _sec_release(text: str, m: re.Match[str], emphasis: Emphasis | None) -> Claim:
    """An S.E.C. release: an adjudication is named for its respondent; a release without a name is
    guidance or a rule, an other authority."""
    start, name = _named(text, m, emphasis)
    cite = clean(
        m.group(0)[: m.start("pin") - m.start()]
        if m.group("pin")
        else m.group(0)[: m.end("wl" if m.group("wl") else "no") - m.start()]
    )
    display = (f"{name}, " if name else "") + cite + (f" {clean(m.group('paren'))}" if m.group("paren") else "")
    number = m.group("no").replace(",", "")
    return claim_one(
        text,
        start,
        m.end(),
        category=CAT if name else "other",
        key=SecReleaseKey(number),
        display=display,
        sort_key=admin_sort_key(name, cite) if name else (alpha_key(cite), "", natkey(number)),
        meta=AgencyMeta(),
    )


def _decision_short(text: str, m: re.Match[str], emphasis: Emphasis | None) -> Claim:
    """ "25 I. & N. Dec. at 53": a short form of a decision cited before."""
    start, _name = _named(text, m, emphasis)
    meta = AgencyMeta(reporter=_reporter_of(m), volume=m.group("vol"), pin=m.group("pin").replace(",", ""))
    return short_claim(text, start, m.end(), meta, rank=RANK_REFERENCE)


def _ptab(text: str, m: re.Match[str], emphasis: Emphasis | None) -> Claim:
    """A decision of the Patent Trial and Appeal Board, by its proceeding's number."""
    start, name = _named(text, m, emphasis)
    number = m.group("no")
    display = (
        (f"{name}, " if name else "")
        + number
        + clean(m.group("paper") or "")
        + (f" {clean(m.group('paren'))}" if m.group("paren") else "")
    )
    sort_key = admin_sort_key(name or number, number)
    return claim_one(
        text, start, m.end(), category=CAT, key=PtabKey(number), display=display, sort_key=sort_key, meta=AgencyMeta()
    )


def _irs_guidance(text: str, m: re.Match[str], _emphasis: Emphasis | None) -> Claim:
    """A revenue ruling or procedure of the I.R.S. ("Rev. Rul. 99-7, 1999-1 C.B. 361"): an other authority."""
    kind = clean(m.group("kind"))
    kind_key = re.sub(r"^(?:I\.\s?R\.\s?S\.|IRS)\s", "", kind)
    display = f"{kind} {m.group('no')}" + clean(m.group("bull") or "")
    return claim_one(
        text,
        m.start(),
        m.end(),
        category="other",
        key=IrsGuidanceKey(kind_key, m.group("no")),
        display=display,
        sort_key=(alpha_key(display), "", natkey(m.group("no"))),
    )


def find(text: str, emphasis: Emphasis | None = None) -> list[Claim]:
    scans: list[tuple[prefilter.Pattern, Callable[[str, re.Match[str], Emphasis | None], Claim], bool]] = [
        (_ADMIN, _decision, True),
        (_SEC_RELEASE, _sec_release, "Release No." in text),
        (_ADMIN_SHORT, _decision_short, True),
        (_PTAB, _ptab, True),
        (_IRS, _irs_guidance, True),
    ]
    return [read(text, m, emphasis) for rx, read, worth_scanning in scans if worth_scanning for m in rx.finditer(text)]
