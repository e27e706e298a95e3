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

from ..keys import AgencyDecisionKey, IrsGuidanceKey, PtabKey, SecReleaseKey
from ..meta import AgencyMeta
from ..model import CategoryKey
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
_ADMIN = re.compile(
    rf"(?<![\w.])(?P<vol>\d{{1,4}})\s(?:{_REPORTER_ALT})\s(?P<page>No\.\s\d+|{PAGE})"
    rf"(?P<pin>,\s(?:slip\sop\.\s)?(?:at\s)?{PAGE}(?:\s?-\s?\d+)?(?=\s?\(|[.,;]|$))?"
    r"(?P<paren>\s?\((?:[^()]{0,40}?)\d{4}\))?"
)
# An SEC release: "In re Kamerling, Exchange Act Release No. 93456 (Oct. 29, 2021)", "Securities Act Release
# No. 9689, 2014 WL 7145625 (Dec. 15, 2014)". One printed in the Federal Register is that notice's (rules.py).
_SEC_RELEASE = re.compile(
    r"(?<![\w.])(?P<kind>(?:(?:Securities\s)?Exchange|Securities|Investment\sCompany|Investment\sAdvisers|Advisers|"
    r"Trust\sIndenture)\sAct|SEC|Accounting\sand\sAuditing\sEnforcement|Litigation)\sRelease\sNo\.\s"
    r"(?P<no>\d[\d,-]*\d|\d)(?!,?\s\d{1,3}\sFed\.\s?Reg\.)"
    r"(?P<wl>,\s\d{4}\sWL\s\d+)?(?P<pin>,\s(?:at\s)?\*?\d+(?=\s?\(|[.,;]|$))?(?P<paren>\s?\([^()]{0,40}?\d{4}\))?"
)
# "Acosta, 19 I&N Dec. at 234": a short cite of a decision in an agency reporter
_ADMIN_SHORT = re.compile(rf"(?<![\w.])(?P<vol>\d{{1,4}})\s(?:{_REPORTER_ALT})\sat\s(?P<pin>\d[\d,]*)")
_PTAB = re.compile(
    r"(?<![\w])(?P<no>(?:IPR|PGR|CBM|DER)\d{4}-\d{5})(?P<paper>,\s(?:Paper|Paper\sNo\.)\s\d+)?"
    r"(?P<pin>,\s(?:at\s)?\d+(?=\s?\(|[.,;]|$))?(?P<paren>\s?\((?:[^()]{0,40}?)\d{4}\))?"
)
_IRS = re.compile(
    r"(?<![\w.])(?P<kind>Rev\.\sRul\.|Rev\.\sProc\.|(?:I\.\s?R\.\s?S\.\s|IRS\s)?Notice|(?:I\.\s?R\.\s?S\.\s)?Announcement|"
    r"Priv\.\sLtr\.\sRul\.|Tech\.\sAdv\.\sMem\.|Gen\.\sCouns\.\sMem\.|T\.D\.)\s(?P<no>\d{2,4}-\d+(?:-\d+)?)"
    r"(?P<bull>,\s\d{4}-\d+\s(?:I\.\s?R\.\s?B\.|C\.\s?B\.)\s\d+)?"
    r"(?P<pin>,\s(?:at\s)?\d+(?=\s?\(|[.,;]|$))?"
)
# A case-style name right before the cite: "Matter of X, ", "In re X, ", "A v. B, ", "Acme Corp., "
_NAME_END = re.compile(r",\s$")


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


def find(text: str, emphasis: Emphasis | None = None) -> list[Claim]:
    claims = []
    for m in _ADMIN.finditer(text):
        rep = next(_REPORTERS[i][1] for i in range(len(_REPORTERS)) if m.group(f"r{i}"))
        page = clean(m.group("page"))
        paren = clean(m.group("paren") or "")
        name_start = _name_before(text, m.start(), emphasis)
        name = clean(text[name_start : m.start()]).rstrip(", ") if name_start is not None else ""
        reporter = clean(m.group(0)[len(m.group("vol")) + 1 : m.start("page") - m.start()]).strip()
        cite = f"{m.group('vol')} {reporter} {page}"
        display = (f"{name}, " if name else "") + cite + (f" {paren}" if paren else "")
        key = AgencyDecisionKey(rep, m.group("vol"), page.replace(",", ""))
        claims.append(
            claim_one(
                text,
                name_start if name_start is not None else m.start(),
                m.end(),
                category=CAT,
                key=key,
                display=display,
                sort_key=admin_sort_key(name or rep, cite),
                meta=AgencyMeta(reporter=rep, volume=m.group("vol"), page=page),
                flags=None if name else ["uncertain_category"] if rep == "Op. O.L.C." else None,
            )
        )
    for m in _SEC_RELEASE.finditer(text) if "Release No." in text else ():
        name_start = _name_before(text, m.start(), emphasis)
        name = clean(text[name_start : m.start()]).rstrip(", ") if name_start is not None else ""
        cite = clean(
            m.group(0)[: m.start("pin") - m.start()]
            if m.group("pin")
            else m.group(0)[: m.end("wl" if m.group("wl") else "no") - m.start()]
        )
        display = (f"{name}, " if name else "") + cite + (f" {clean(m.group('paren'))}" if m.group("paren") else "")
        number = m.group("no").replace(",", "")
        # an adjudication is named for its respondent; a release without a name is guidance or a rule
        claims.append(
            claim_one(
                text,
                name_start if name_start is not None else m.start(),
                m.end(),
                category=CAT if name else "other",
                key=SecReleaseKey(number),
                display=display,
                sort_key=admin_sort_key(name, cite) if name else (alpha_key(cite), "", natkey(number)),
                meta=AgencyMeta(),
            )
        )
    for m in _ADMIN_SHORT.finditer(text):
        rep = next(_REPORTERS[i][1] for i in range(len(_REPORTERS)) if m.group(f"r{i}"))
        name_start = _name_before(text, m.start(), emphasis)
        claims.append(
            short_claim(
                text,
                name_start if name_start is not None else m.start(),
                m.end(),
                AgencyMeta(reporter=rep, volume=m.group("vol"), pin=m.group("pin").replace(",", "")),
                rank=RANK_REFERENCE,
            )
        )
    for m in _PTAB.finditer(text):
        name_start = _name_before(text, m.start(), emphasis)
        name = clean(text[name_start : m.start()]).rstrip(", ") if name_start is not None else ""
        display = (
            (f"{name}, " if name else "")
            + m.group("no")
            + clean(m.group("paper") or "")
            + (f" {clean(m.group('paren'))}" if m.group("paren") else "")
        )
        claims.append(
            claim_one(
                text,
                name_start if name_start is not None else m.start(),
                m.end(),
                category=CAT,
                key=PtabKey(m.group("no")),
                display=display,
                sort_key=admin_sort_key(name or m.group("no"), m.group("no")),
                meta=AgencyMeta(),
            )
        )
    for m in _IRS.finditer(text):
        kind = clean(m.group("kind"))
        kind_key = re.sub(r"^(?:I\.\s?R\.\s?S\.|IRS)\s", "", kind)
        display = f"{kind} {m.group('no')}" + clean(m.group("bull") or "")
        claims.append(
            claim_one(
                text,
                m.start(),
                m.end(),
                category="other",
                key=IrsGuidanceKey(kind_key, m.group("no")),
                display=display,
                sort_key=(alpha_key(display), "", natkey(m.group("no"))),
            )
        )
    return claims
