"""Case citations eyecite does not find, each after a case name (in italics, or typed as one):
a reporter eyecite does not know ("Regina v. Marriott, (1838) 173 Eng. Rep. 559"), a year in
brackets ("R v. Smith [2004] 2 All ER 101"), a docket number ("Arkansas v. EPA, No. 23-1320 (8th
Cir. Apr. 25, 2023)") or a Bloomberg Law cite ("Ames v. Bo, 2021 BL 123456 (S.D.N.Y. 2021)").
Each finder is given the spans other citations took and finds nothing inside them.
"""

from __future__ import annotations

import re

from ..keys import CaseKey, DocketKey
from ..meta import CaseMeta
from ..model import Occurrence, Paragraph
from .cases import case_display, case_sort_key, end_of_cite, same_party_name
from .names import DOCKET_NO, NAME_PREFIX, italic_names_before


def _case(para: Paragraph, start: int, end: int, key: CaseKey | DocketKey, display: str, meta: CaseMeta) -> Occurrence:
    """A full case citation that runs from its name (at start) to end."""
    occ = Occurrence(
        paragraph=para.index,
        start=start,
        end=end,
        kind="full",
        story=para.story,
        text=para.text[start:end],
        category="cases",
        key=key,
        display=display,
        sort_key=case_sort_key(meta.case_name or ""),
    )
    occ.meta = meta
    return occ


# An italic case name, then a cite in a reporter eyecite does not know, e.g. English reports
# "Regina v. Marriott, (1838) 173 Eng. Rep. 559" or "Rex v. Friend, (1802) 10 Cox C.C. 547",
# or a known one mistyped ("493 S.W.29 206" for S.W.2d): listed, and flagged for review.
_UNKNOWN_CITE = re.compile(
    r",\s*(?P<year>\(\d{4}\)\s*)?(?P<volume>\d{1,4})\s+(?P<reporter>[A-Z][A-Za-z.&'’]*"
    r"(?:\s[A-Z][A-Za-z.&'’]*){0,3}(?:(?<=\.)\d{1,2}[a-z]{0,2})?)\s+(?P<page>\d{1,5})\b"
)


def unknown_reporter_cases(para: Paragraph, taken: list[tuple[int, int]]) -> list[Occurrence]:
    text = para.text
    out = []
    for start, b, name, m in italic_names_before(para, _UNKNOWN_CITE, "volume", taken):
        if " v. " not in name:
            continue
        end = end_of_cite(text, m.end())
        key = CaseKey(m.group("volume"), m.group("reporter"), m.group("page"))
        meta = CaseMeta(
            volume=key.volume, reporter=key.reporter, page=key.page, case_name=name, cite_end=m.end(), name_end=b
        )
        occ = _case(para, start, end, key, case_display(text, start, m.start("volume"), end), meta)
        occ.flags.append("unknown_reporter")
        out.append(occ)
    return out


# A case cited by the year in brackets, as English and Commonwealth reports and neutral
# citations are: "R v. Smith [2004] 2 All ER 101", "Doe v. Roe [2019] UKSC 12".
_NEUTRAL_CITE = re.compile(
    r"\s*,?\s*\[(?P<year>1[5-9]\d\d|20\d\d)\]\s+(?:(?P<volume>\d{1,3})\s+)?"
    r"(?P<reporter>[A-Z][A-Za-z.]*(?:\s(?!\d)[A-Z][A-Za-z.]*){0,2})\s+(?P<page>\d{1,5})(?![\d/])"
)


_FOREIGN_COURT = re.compile(r"\s*\((?:[A-Z]{2,5}|[A-Z][a-z]+\.?(?:\s[A-Z][a-z]*\.?){0,2})\)")


def neutral_cases(para: Paragraph, taken: list[tuple[int, int]]) -> list[Occurrence]:
    text = para.text
    out = []
    for start, b, name, m in italic_names_before(para, _NEUTRAL_CITE, "year", taken):
        if not re.search(r"\sv\.?\s", name):
            continue
        end = end_of_cite(text, m.end())
        court = _FOREIGN_COURT.match(text, end)  # "(HL)", "(PC)"
        end = court.end() if court else end
        key = CaseKey(
            m.group("year") + (" " + m.group("volume") if m.group("volume") else ""),
            m.group("reporter"),
            m.group("page"),
        )
        meta = CaseMeta(
            volume=key.volume,
            reporter=key.reporter,
            page=key.page,
            year=m.group("year"),
            case_name=name,
            cite_end=m.end(),
            name_end=b,
        )
        out.append(_case(para, start, end, key, case_display(text, start, m.start("year"), end), meta))
    return out


# An italic case name cited by docket number alone (an order, a slip opinion, a pending case):
# "Arkansas v. EPA, No. 23-1320 (8th Cir. Apr. 25, 2023)", "…, No. 22-451, slip op. 5 (U.S. 2024)".
_DOCKET_CITE = re.compile(
    r",\s*(?P<no>" + DOCKET_NO + r"(?P<docket>(?:[A-Z]{1,3}[\s-])?\d[\w:-]*"
    r"(?:(?:,\s*|\s*&\s*)\d[\w:-]*)*))"
    r"(?P<bl>,\s*\d{4}\sBL\s\d+)?"
    r"(?:,\s*(?:slip\s+op\.|[\w\s.]*?Order)(?:\s+at)?(?:\s+\d+(?:-\d+)?)?)?"
    r"(?:,\s*(?:at\s)?\*\d+(?:-\*?\d+)?)?"
    # without its court and date it ends the sentence, or (a district court's number) a clause:
    # "…, Case No. 4:23-cv-05448, Northern District of California at p. 25"
    # a state court's history after its date ("(Tex. App.—Austin May 1, 2020, pet. ref'd)") and the
    # opinion's weight after it ("(mem. op., not designated for publication)") are part of the entry
    r"(?:\s*\((?P<court>[^()]*?\b(?:1[89]\d\d|20\d\d)(?:,\s(?:no\s)?(?:pet|writ|rev|cert)\b[^()]*)?)\)"
    r"(?P<weight>\s\((?:mem\.\sop\.|not\sdesignated|op\.\son\sreh|per\scuriam)[^()]*\))?|(?=[.;,](?:\s|$)))"
)
# A federal district court's docket number ("4:22-cv-01111-XYZ", "21-md-02987"): a case cited by it
# alone, without court and date, as amicus briefs cite the cases of their members
_DISTRICT_DOCKET = re.compile(r"(?:\d:)?\d{2}-[a-z]{2,3}-\d{3,6}(?:-[A-Z]{2,4})*")
# A California opinion not published, in the California Style Manual's form: its name, then the date and
# docket number in parentheses and its status in brackets: "People v. Ruiz (Mar. 3, 2022, B301234)
# [nonpub. opn.]", "(Jan. 5, 2021, A123456) [unpub. opn.]", "[opn. ordered nonpub.]".
_UNPUBLISHED_CITE = re.compile(
    r"\s*\((?P<date>[A-Z][a-z]{2,8}\.?\s\d{1,2},\s(?:1[89]\d\d|20\d\d)),\s*(?P<docket>[A-Z]{0,2}\d{4,}[\w-]*)\)"
    r"\s*\[(?:non-?pub\.?|unpub\.?|opn\.\sordered\snon-?pub\.?|review\sgranted)[^\[\]]{0,40}\]"
)
# California's names of a matter with no adverse party: "In re Marriage of Tsai", "Estate of Ochoa"
_NAMED_MATTER = (
    r"(?:In\sre|Ex\sparte|In\sthe\sMatter\sof|Matter\sof|Estate\sof|Conservatorship\sof|Guardianship\sof|"
    r"Adoption\sof|Marriage\sof)\s"
)
# A Bloomberg Law cite without a number: "Ames v. Bo, 2021 BL 123456, at *3 (S.D.N.Y. Jan. 4, 2021)".
_BL_CITE = re.compile(
    r",\s*(?P<bl>(?P<year>\d{4})\sBL\s(?P<num>\d+))(?:,\s*(?:at\s)?\*\d+(?:-\*?\d+)?)?"
    r"\s*\((?P<court>[^()]*?\b(?:1[89]\d\d|20\d\d))\)"
)


def docket_cases(para: Paragraph, taken: list[tuple[int, int]]) -> list[Occurrence]:
    out = []
    for start, b, name, m in italic_names_before(para, _DOCKET_CITE, "no", taken):
        if " v. " not in name and not NAME_PREFIX.search(name + " ") and not name.startswith(("In re", "Ex parte")):
            continue
        docket = re.sub(r"\s+", "", m.group("docket"))
        if m.group("court") is None and not _DISTRICT_DOCKET.fullmatch(docket):
            continue
        decided = re.sub(r"\b(?:1[89]\d\d|20\d\d)\b(?!.*\b(?:1[89]\d\d|20\d\d)\b).*", "", m.group("court") or "")
        if re.search(r"\b(filed|argued|pending|petition|docketed)\b", decided, re.I):
            # a case not yet decided ("No. 23-1038 (filed Mar. 19, 2024)") is no authority; a
            # petition filed after the decision ("(Tex. App. 2020, pet. filed)") is its history
            continue
        court = " (" + re.sub(r"\s+", " ", m.group("court")) + ")" if m.group("court") else ""
        court += re.sub(r"\s+", " ", m.group("weight") or "")
        bl = re.sub(r"^[,\s]+", ", ", m.group("bl") or "")
        number = re.sub(r"\s+", " ", m.group("no").strip())
        docket_key = DocketKey(docket, same_party_name(name).lower())
        meta = CaseMeta(case_name=name, name_end=b)
        out.append(_case(para, start, m.end(), docket_key, f"{name}, {number}{bl}{court}", meta))
    taken = taken + [(o.start, o.end) for o in out]
    for start, b, name, m in italic_names_before(para, _UNPUBLISHED_CITE, "date", taken):
        if " v. " not in name and not re.match(_NAMED_MATTER, name):
            continue
        docket_key = DocketKey(m.group("docket"), same_party_name(name).lower())
        meta = CaseMeta(case_name=name, name_end=b)
        display = name + " " + re.sub(r"\s+", " ", para.text[b : m.end()].strip())
        out.append(_case(para, start, m.end(), docket_key, display, meta))
    taken = taken + [(o.start, o.end) for o in out]
    for start, b, name, m in italic_names_before(para, _BL_CITE, "bl", taken):
        if " v. " not in name and not NAME_PREFIX.search(name + " ") and not name.startswith(("In re", "Ex parte")):
            continue
        court = re.sub(r"\s+", " ", m.group("court"))
        meta = CaseMeta(case_name=name, volume=m.group("year"), reporter="BL", page=m.group("num"), name_end=b)
        key = CaseKey(m.group("year"), "BL", m.group("num"))
        out.append(_case(para, start, m.end(), key, f"{name}, {m.group('bl')} ({court})", meta))
    return out
