"""Legislative materials: committee reports and documents, the Congressional Record (and Globe,
Annals), bills and resolutions, hearings.

Keys (category "legislative"; see toa.keys):
    ReportKey("H.R. Rep.", "99-849")        number normalised to <congress>-<number> when the
                                            Congress is given ("No. 849, 99th Cong.")
    CongressionalRecordKey("142", "1234")   volume, page
    BillKey("S.", "1630", "97")             type, number, Congress; a section pin ("S. 1630,
                                            § 1615(a)(1), 97th Cong.") is kept in meta, not shown
    HearingKey("<title words>", "99")       normalised title, Congress
A report cited without Congress or year ("H.R. Rep. No. 849, at 12") is kind "short" with key
None and a ReportMeta (document, number); linking attaches it to the full cite.
Sort: (natural key of the display without leading articles,) — printed TOAs order this
category alphabetically.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..keys import (
    AnnalsKey,
    BallotPamphletKey,
    BillAnalysisKey,
    BillKey,
    CommitteePrintKey,
    CongressionalGlobeKey,
    CongressionalRecordKey,
    HearingKey,
    Key,
    LegislativeJournalKey,
    ReportKey,
    StateBillKey,
)
from ..meta import BillAnalysisMeta, BillMeta, ReportMeta, SeriesMeta
from ..model import CategoryKey, Occurrence
from . import prefilter
from .common import (
    RANK_FULL,
    Emphasis,
    SortKey,
    PAGE,
    RANK_SECONDARY,
    Claim,
    alpha_key,
    boundary_before,
    claim,
    claim_one,
    short_claim,
    short_occ,
    clean,
    natkey,
    occ,
    popular_name_before,
    STATE_RE,
    state_abbr,
)

CAT: CategoryKey = "legislative"
_ORD = r"(?:st|d|nd|rd|th)"
_CONG = rf"(?P<congno>\d+){_ORD}\sCong\.(?:,\s\d+{_ORD}\sSess\.)?"
# a pin page/at-cite, only when it ends the cite (followed by the year, punctuation or the end)
_PIN = r"(?P<pin>,?\s(?:at\s)?\d+(?:\s?-\s?\d+)?(?:,\s\d+(?:\s?-\s?\d+)?)*(?:\s?n\.\s?\d+)?(?=\s?\(|[.,;:]|$))?"
_YEAR = r"(?P<year>\s?\((?:[^()]{0,30}?\s)?\d{4}\))?"

_REPORT = prefilter.compile(
    r"(?<![\w.])(?P<house>H\.\s?R\.|S\.|H\.|Sen\.)\s?(?P<doc>Conf\.\sRep\.|Exec\.\sRep\.|Exec\.\sDoc\.|Rep\.|Doc\.|"
    r"Comm\.\sPrint|Prt\.)\s(?:No\.\s)?(?P<num>\d+(?:-\d+)?)(?P<pt>,\s[Pp]t\.\s\d+)?"
    rf"(?P<cong>,\s{_CONG})?{_PIN}{_YEAR}"
)
# A report named by its kind alone: "H.R. Rep., supra, at 7", "S. Rep. at 4" (kind "short").
_REPORT_SHORT = prefilter.compile(
    r"(?<![\w.])(?P<house>H\.\s?R\.|S\.)\s(?P<doc>Conf\.\sRep\.|Rep\.|Doc\.)"
    r"(?:,\ssupra,?\s(?:at\s)?|\sat\s)(?P<pin>\d+(?:\s?-\s?\d+)?)"
)
_CONG_REC = prefilter.compile(
    rf"(?<![\w.])(?P<vol>\d{{1,3}})\sCong\.\sRec\.\s(?P<page>[HSE]?\s?{PAGE})(?:\s?[-–]\s?[HSE]?\d+)?"
    rf"(?P<pin>,\s[HSE]?{PAGE}(?:\s?-\s?[HSE]?{PAGE})?(?=\s?\(|[.,;]|$))?"
    r"(?P<date>\s?\((?:daily\sed\.\s)?[^()]{0,25}\d{4}\))?"
)
# "167 Cong. Rec. at S1235": a short cite, attached to the Record's page cited before it.
_CONG_REC_SHORT = prefilter.compile(rf"(?<![\w.])(?P<vol>\d{{1,3}})\sCong\.\sRec\.\sat\s(?P<pin>[HSE]?\s?{PAGE})")
_CONG_GLOBE = prefilter.compile(
    rf"(?<![\w.])Cong\.\sGlobe,\s(?P<congno>\d+){_ORD}\sCong\.,\s(?P<sess>\d+){_ORD}\sSess\.\s"
    r"(?P<page>\d+)(?:\s?-\s?\d+)?(?P<year>\s?\(\d{4}\))?"
)
_ANNALS = prefilter.compile(
    r"(?<![\w.])(?P<vol>\d{1,2})\sAnnals\sof\sCong\.\s(?P<page>\d+)(?:\s?-\s?\d+)?(?P<year>\s?\(\d{4}\))?"
)
_BILL = prefilter.compile(
    r"(?<![\w.])(?P<type>H\.\s?R\.\s?J\.\s?Res\.|H\.\s?J\.\s?Res\.|S\.\s?J\.\s?Res\.|H\.\s?Con\.\s?Res\.|S\.\s?Con\.\s?Res\.|"
    r"H\.\s?Res\.|S\.\s?Res\.|H\.\s?R\.|S\.)\s(?P<num>\d+),\s"
    # a section pin may sit between the number and the Congress ("S. 1630, § 1615(a)(1), 97th
    # Cong.") or follow it; either way it is part of the bill cite, not a statute
    r"(?P<pin>§§?\s?\d+[\w.-]*(?:\(\s?\w{1,6}\s?\))*,\s)?"
    rf"(?P<cong>{_CONG})(?P<sec>\s§§?\s?\d+[\w()]*)?{_YEAR}"
)
# A state bill: "Tex. H.B. 4, 78th Leg., R.S. (2003)", "Cal. A.B. 5, 2019-2020 Reg. Sess. (2019)".
_STATE_BILL = prefilter.compile(
    rf"(?<![\w.])(?P<state>{STATE_RE})\s(?P<type>H\.\s?B\.|S\.\s?B\.|A\.\s?B\.|H\.\s?F\.|S\.\s?F\.)\s(?P<num>\d+),\s"
    rf"(?P<leg>\d+{_ORD}\sLeg\.(?:,\s(?:R\.S\.|\d+{_ORD}\sC\.S\.))?|\d{{4}}(?:-\d{{4}})?\s(?:Reg\.\s)?Sess\.){_YEAR}"
)
_HEARING = prefilter.compile(
    r"\b(?:Hearings?|Markup|Oversight)\b[^;()]{0,300}?\bBefore\s(?:the\s)?[^;()]{0,200}?,\s"
    rf"(?P<cong>{_CONG}){_PIN}{_YEAR}"
)


# A state bill written out ("Assembly Bill 977", "Assem. Bill No. 157", "Senate Bill No. 5"), and a
# committee's analysis of one ("Assem. Com. on Judiciary, Analysis of Assem. Bill No. 157 (1997-1998
# Reg. Sess.)"), as California briefs cite them.
_STATE_BILL_WRITTEN = prefilter.compile(
    r"(?<![\w.])(?P<house>Assembly|Assem\.|Senate|Sen\.|House)\sBill\s(?:No\.\s?)?"
    r"(?P<num>\d+)\b(?P<sess>\s\((?:\d{4}-\d{4}\s(?:Reg\.\s)?Sess\.|\d{4})\))?"
)
# California's Assembly or Senate bill by its number alone ("AB 1545", "A.B. No. 2273", "SB 976"), as
# California and amicus briefs name the bill a law came from; not a section of a bill cited before
# ("A.B. 12 § 3") nor a bill cited by its session (read in full by statutes.find_state_bills).
_BILL_BARE = prefilter.compile(
    r"(?<![\w.])(?P<house>AB|A\.\s?B\.|SB|S\.\s?B\.)\s(?:No\.\s?)?(?P<num>\d{1,5})(?![\w-]|\.\d|,?\s§)"
)
# A document about a California bill: a committee's analysis ("Assem. Com. on Judiciary, Analysis
# of Assem. Bill No. 157 (1997-1998 Reg. Sess.) as amended Apr. 14, 1997"), a floor analysis
# ("Sen. Rules Com., Off. of Sen. Floor Analyses, 3d reading analysis of Sen. Bill No. 1818 …"),
# an enrolled bill report, the Legislative Counsel's Digest ("Legis. Counsel's Dig., Assem. Bill
# No. 5 (2019-2020 Reg. Sess.)"). Its author is up to three capitalised segments; the document's
# own words ("3d reading analysis of", "Rep. on") may be in lower case.
_SEGMENT = r"(?:[A-Z][\w.'’&-]*(?:\s(?:[A-Z][\w.'’&-]*|on|of|the|and|for|&))*)"
_BILL_ANALYSIS = prefilter.compile(
    rf"(?<![\w.])(?P<head>(?:{_SEGMENT},\s){{0,3}}(?:[A-Z0-9][\w.'’-]*(?:\s[\w.'’-]+){{0,6}}?\s(?:of|on|to)\s)?)"
    r"(?P<bill>(?:Assem\.|Sen\.|Assembly|Senate|House)\sBill\s(?:No\.\s?)?(?P<num>\d+))"
    r"(?:,?\s\((?P<sess>[^()]*Sess\.)\))?"
    # the version analysed: "as amended Apr. 14, 2008", "as introduced Feb. 22, 2019"
    r"(?P<version>,?\sas\s(?:amended|introduced|passed|enrolled)(?:\sin\s(?:Assembly|Senate))?\s"
    r"[A-Z][a-z]{2,8}\.?\s\d{1,2},\s\d{4})?"
    r"(?P<supra>,\ssupra\b)?"
)
# What makes the words before a bill a document about it rather than prose ("the author of …").
_BILL_DOC_WORD = prefilter.compile(
    r"\b(?:[Aa]nalys[ie]s|Rep\.|[Rr]eport|Dig\.|Digest|Amends\.|[Ss]ummary|Com\.|Comm\.|"
    r"Committee)(?=[\s,]|$)"
)
_HEAD_SIGNAL = prefilter.compile(r"^(?:(?:See|see|also|Cf\.|cf\.|Compare|But|E\.g\.,?|Accord|and)\s)+")


# California's ballot materials, the legislative history of an initiative: "Voter Information Guide,
# Gen. Elec. (Nov. 8, 2016) text of Prop. 64, § 3, p. 178", "Ballot Pamp., Gen. Elec. (Nov. 4, 2008)
# argument in favor of Prop. 9, p. 62". The page is a pin.
_BALLOT = prefilter.compile(
    r"(?<![\w.])(?P<guide>Voter\sInformation\sGuide|Ballot\sPamp(?:\.|hlet)|Ballot\sPamphlet)"
    r",\s(?P<elec>(?:[A-Z][\w.]*\s){1,3}?Elec(?:\.|tion)\s\((?:[A-Z][a-z]+\.?\s\d{1,2},\s)?\d{4}\))"
    r"(?P<doc>\s[a-z][^;()]{2,120}?(?:Prop(?:\.|osition)\s\d+[A-Z]?(?:,\s§\s?\d+[\w.]*)?|Legislative\sAnalyst|"
    r"Legis\.\sAnalyst))?(?=[,;.)]|\s\(|\spp?\.\s\d|$)"
)
# A California initiative as the California Style Manual cites it, by the election that adopted it:
# "Prop. 57, as approved by voters, Gen. Elec. (Nov. 8, 2016)", "Proposition 47, approved by the
# voters at the Gen. Elec. (Nov. 4, 2014)". Named alone ("Proposition 57 changed ...") it is prose.
_PROPOSITION = prefilter.compile(
    r"(?<![\w.])Prop(?:\.|osition)\s(?P<num>\d+[A-Z]?),\s(?:as\s)?(?:approved|adopted|enacted)\sby\s(?:the\s)?voters,?\s"
    r"(?:at\sthe\s)?(?P<elec>(?:[A-Z][\w.]*\s){1,3}?Elec(?:\.|tion)\s\((?:[A-Z][a-z]+\.?\s\d{1,2},\s)?\d{4}\))"
)
# A state legislature's journal: "H.J. of Tex., 80th Leg., R.S. 1234 (2007)", "S.J. of Tex., 86th
# Leg., R.S. 55-56 (2019)" (the page locates the entry; a range after it is a pin).
_JOURNAL = prefilter.compile(
    rf"(?<![\w.])(?P<j>H\.\s?J\.|S\.\s?J\.|House\sJournal|Senate\sJournal)\sof\s(?P<state>{STATE_RE}),\s"
    rf"(?P<leg>\d+{_ORD}\sLeg\.,\s(?:R\.S\.|\d+{_ORD}\sC\.S\.))\s(?P<page>\d+)(?:\s?[-–]\s?\d+)?(?P<year>\s\(\d{{4}}\))?"
)
# A committee print: "Staff of S. Comm. on the Judiciary, 95th Cong., Report on the Bankruptcy Code 12
# (Comm. Print 1978)" (the page is a pin).
_COMMITTEE_PRINT = prefilter.compile(
    r"(?<![\w.])(?P<author>(?:Staff\sof\s(?:the\s)?)?(?:S\.|H\.|H\.R\.|Joint|Senate|House)\s(?:(?:Select|Special|Permanent)\s)?"
    r"(?:Comm\.|Subcomm\.|Committee)[^;()]{0,150}?),\s"
    rf"(?P<cong>{_CONG}),\s(?P<title>[A-Z][^;()]{{2,200}}?)(?P<pin>,?\s(?:at\s)?\d+(?:\s?[-–]\s?\d+)?)?"
    r"\s\((?P<print>(?:Joint\s)?Comm\.\sPrint\s\d{4})\)"
)
# A hearing cited without a Congress: a state legislature's ("Hearing on S.B. 5 Before the S. Comm. on
# State Affairs, 86th Leg., R.S. (Tex. 2019)") or one dated by its year alone.
_STATE_HEARING = prefilter.compile(
    r"\bHearings?\son\s(?P<subject>[^;()]{2,200}?)\sBefore\s(?:the\s)?[^;()]{0,100}?\b(?:Comm\.|Committee|Subcomm\.|"
    r"Subcommittee)[^;()]{0,100}?"
    r"(?:,\s(?:\d+"
    + _ORD
    + r"\sLeg\.(?:,\s(?:R\.S\.|\d+"
    + _ORD
    + r"\sC\.S\.))?|\d{4}(?:-\d{4})?\s(?:Reg\.\s)?Sess\.))?"
    r"(?P<pin>,?\s(?:at\s)?\d+(?:\s?-\s?\d+)?)?\s?\((?:[A-Z][A-Za-z.]*\s(?:\d{1,2},\s)?)?(?P<year>\d{4})\)"
)


def _leg_sort(display: str) -> SortKey:
    return (natkey(alpha_key(display)),)


def _house(h: str) -> str:
    h = h.replace(" ", "")
    return "H.R." if h in ("H.R.", "H.") else "S."


def _report(text: str, m: re.Match[str]) -> Occurrence:
    house = _house(m.group("house"))
    doc = clean(m.group("doc"))
    doctype = f"{house} {doc}"
    num = m.group("num")
    congno = m.group("congno")
    year = clean(m.group("year") or "")
    pt = clean(m.group("pt") or "")
    if "-" in num:
        ident = num
    elif congno:
        ident = f"{congno}-{num}"
    else:
        ident = None
    meta = ReportMeta(doctype, num)
    end = m.end()
    if ident is None and not year:
        return occ(text, m.start(), end, category=CAT, key=None, display=None, sort_key=None, kind="short", meta=meta)
    display = (
        f"{doctype} No. {num}{pt}" + (clean(m.group("cong")) if m.group("cong") else "") + (f" {year}" if year else "")
    )
    display = display.replace(f"{num}{pt},", f"{num}{pt},", 1)
    key = ReportKey(doctype, ident or num, pt)
    return occ(text, m.start(), end, category=CAT, key=key, display=display, sort_key=_leg_sort(display), meta=meta)


def _bill(text: str, m: re.Match[str]) -> Occurrence:
    btype = clean(m.group("type")).replace("H. R.", "H.R.")
    btype = re.sub(r"\.\s(?=[A-Z]\.)", ".", btype) if btype.startswith("H.") and "Res" not in btype else btype
    cite = f"{btype} {m.group('num')}, {clean(m.group('cong'))}" + (
        f" {clean(m.group('year'))}" if m.group("year") else ""
    )
    name_start = popular_name_before(text, m.start())
    name = clean(text[name_start : m.start()]).rstrip(", ") if name_start is not None else ""
    display = f"{name}, {cite}" if name else cite
    pin = clean(m.group("pin") or m.group("sec") or "").rstrip(", ")
    meta = BillMeta(section=pin.lstrip("§ "))
    return occ(
        text,
        name_start if name_start is not None else m.start(),
        m.end(),
        category=CAT,
        key=BillKey(btype, m.group("num"), m.group("congno")),
        display=display,
        sort_key=_leg_sort(display),
        meta=meta,
    )


def _hearing_start(text: str, pos: int, emphasis: Emphasis | None) -> int:
    """The hearing's title starts where the italic span holding "Hearing" starts; without
    italics, at the start of the citation sentence ("Title: Hearing on ...")."""
    for a, b in emphasis or ():
        if a <= pos < b or (a < pos and pos - b <= 2 and b > a):
            signal = _HEAD_SIGNAL.match(text[a:pos])  # an italic "See" before the title is no part of it
            return a + signal.end() if signal else a
    return boundary_before(text, pos)


def _entry(text: str, m: re.Match[str], key: Key, display: str, rank: int = RANK_FULL) -> Claim:
    """The claim of a document cited whole by the match `m`, its entry `display`."""
    return claim_one(
        text, m.start(), m.end(), category=CAT, key=key, display=display, sort_key=_leg_sort(display), rank=rank
    )


def _congressional_records(text: str) -> Iterator[Claim]:
    """Reports and documents of Congress, the Congressional Record, the Globe and the Annals."""
    for m in _REPORT.finditer(text):
        yield claim([_report(text, m)])
    for m in _REPORT_SHORT.finditer(text) if "Rep." in text or "Doc." in text else ():
        doctype = f"{_house(m.group('house'))} {clean(m.group('doc'))}"
        yield short_claim(text, m.start(), m.end(), ReportMeta(doctype, None))
    for m in _CONG_REC.finditer(text):
        date = clean(m.group("date") or "")
        page = re.sub(r"\s", "", m.group("page"))
        display = f"{m.group('vol')} Cong. Rec. {page}" + (f" {date}" if date else "")
        record = CongressionalRecordKey(m.group("vol"), page.replace(",", ""))
        meta = SeriesMeta("Cong. Rec.", m.group("vol"), page=page)
        yield claim_one(
            text, m.start(), m.end(), category=CAT, key=record, display=display, sort_key=_leg_sort(display), meta=meta
        )
    for m in _CONG_REC_SHORT.finditer(text) if "Rec. at" in text else ():
        pin = re.sub(r"[\s,]", "", m.group("pin"))
        yield short_claim(text, m.start(), m.end(), SeriesMeta("Cong. Rec.", m.group("vol"), pin=pin))
    for m in _CONG_GLOBE.finditer(text):
        key = CongressionalGlobeKey(m.group("congno"), m.group("sess"), m.group("page"))
        yield _entry(text, m, key, clean(m.group(0)))
    for m in _ANNALS.finditer(text):
        yield _entry(text, m, AnnalsKey(m.group("vol"), m.group("page")), clean(m.group(0)))


def _bills_and_hearings(text: str, emphasis: Emphasis | None) -> Iterator[Claim]:
    """Bills and hearings of Congress and of the states."""
    for m in _BILL.finditer(text):
        yield claim([_bill(text, m)])
    for m in _HEARING.finditer(text):
        start = min(_hearing_start(text, m.start(), emphasis), m.start())
        title = clean(text[start : m.start("cong")]).rstrip(", ")
        display = f"{title}, {clean(m.group('cong'))}" + (f" {clean(m.group('year'))}" if m.group("year") else "")
        head = title.split(":")[0] if ":" in title else title
        hearing = HearingKey(alpha_key(head), m.group("congno"))
        yield claim(
            [occ(text, start, m.end(), category=CAT, key=hearing, display=display, sort_key=_leg_sort(display))]
        )
    for m in _STATE_BILL.finditer(text):
        yield claim([_state_bill(text, m)])
    for m in _STATE_HEARING.finditer(text) if "Before" in text else ():
        display = clean(
            text[m.start() : m.start("pin")] + text[m.end("pin") : m.end()] if m.group("pin") else m.group(0)
        )
        yield _entry(text, m, HearingKey(alpha_key(m.group("subject")), m.group("year")), display)
    for m in _STATE_BILL_WRITTEN.finditer(text) if "Bill" in text else ():
        if m.group("house")[0] != "A" and not m.group("sess") and "No." not in m.group(0):
            continue  # "Senate Bill 346 changed the fee" tells a story; "Assembly Bill 977" is California's cite
        btype = {"a": "A.B.", "s": "S.B.", "h": "H.B."}[m.group("house")[0].lower()]
        key = StateBillKey("", btype, m.group("num"), "")
        yield _entry(text, m, key, clean(m.group(0)), RANK_SECONDARY)
    for m in _BILL_BARE.finditer(text) if "B" in text else ():
        key = StateBillKey("", f"{m['house'][0]}.B.", m.group("num"), "")
        yield _entry(text, m, key, clean(m.group(0)), RANK_SECONDARY)


def _other_documents(text: str) -> Iterator[Claim]:
    """Committee prints, legislative journals, ballot pamphlets and analyses of a bill."""
    for m in _COMMITTEE_PRINT.finditer(text) if "Print" in text else ():
        display = clean(text[m.start() : m.end("title")]) + f" ({clean(m.group('print'))})"
        key: Key = CommitteePrintKey(alpha_key(m.group("author")), m.group("congno"), alpha_key(m.group("title")))
        yield _entry(text, m, key, display)
    for m in _JOURNAL.finditer(text) if "J" in text else ():
        display = clean(text[m.start() : m.end("page")] + (m.group("year") or ""))
        key = LegislativeJournalKey(
            re.sub(r"\s", "", m.group("j"))[0],
            state_abbr(m.group("state")) or m.group("state"),
            m.group("leg"),
            m.group("page"),
        )
        yield _entry(text, m, key, display)
    for m in _PROPOSITION.finditer(text):
        key = StateBillKey("", "Prop.", m.group("num"), alpha_key(m.group("elec")))
        yield _entry(text, m, key, clean(m.group(0)))
    for m in _BALLOT.finditer(text) if "Elec" in text else ():
        key = BallotPamphletKey(alpha_key(m.group("elec")), alpha_key(m.group("doc") or ""))
        yield _entry(text, m, key, clean(m.group(0)))
    for m in _BILL_ANALYSIS.finditer(text) if "Bill" in text else ():
        bill_report = _bill_report(text, m)
        if bill_report is not None:
            yield claim([bill_report])


def find(text: str, emphasis: Emphasis | None = None) -> list[Claim]:
    return [*_congressional_records(text), *_bills_and_hearings(text, emphasis), *_other_documents(text)]


def _bill_report(text: str, m: re.Match[str]) -> Occurrence | None:
    """A document about a California bill, or None when the words before the bill are no title
    of one. Without the session or version, and with "supra", it is a short cite of the full one
    cited before (kind "short", its BillAnalysisMeta naming what the key's first parts do)."""
    head = m.group("head")
    lead = _HEAD_SIGNAL.match(head)
    start = m.start() + (lead.end() if lead else 0)
    head = head[lead.end() :] if lead else head
    if not head or not _BILL_DOC_WORD.search(head):
        return None
    author, _sep, doc = head.rstrip().rpartition(", ")
    if not doc:
        author, doc = "", head
    ident = (alpha_key(author or doc), alpha_key(doc if author else ""), m.group("num"))
    if m.group("supra") and not (m.group("sess") or m.group("version")):
        return short_occ(text, start, m.end(), BillAnalysisMeta(*ident))
    end = m.end("version") if m.group("version") else m.end("sess") + 1 if m.group("sess") else m.end("bill")
    display = clean(text[start:end])
    key = BillAnalysisKey(*ident, clean(m.group("sess") or ""), alpha_key(m.group("version") or ""))
    return occ(
        text,
        start,
        m.end(),
        category=CAT,
        key=key,
        display=display,
        sort_key=_leg_sort(display),
        meta=BillAnalysisMeta(*ident),
    )


def _state_bill(text: str, m: re.Match[str]) -> Occurrence:
    """ "House Comm. on Civil Practices, Bill Analysis, Tex. H.B. 4, 78th Leg., R.S. (2003)": the
    bill, with the document about it when its title is written before it."""
    abbr = state_abbr(m.group("state")) or clean(m.group("state"))
    btype = re.sub(r"\s", "", m.group("type"))
    start = boundary_before(text, m.start())
    before = text[start : m.start()]
    if not (
        before.endswith(", ")
        and re.fullmatch(r"(?:[A-Z][\w.'’&-]*(?:\s(?:[A-Z][\w.'’&-]*|on|of|the|and|for|&))*,\s)+", before)
    ):
        start = m.start()
    display = clean(text[start : m.end()])
    # two documents about one bill ("House Comm. on X, Bill Analysis" and "House Research Org., Bill
    # Analysis") are two entries; the bill itself is a third
    document = alpha_key(text[start : m.start()]) if start < m.start() else ""
    return occ(
        text,
        start,
        m.end(),
        category=CAT,
        key=StateBillKey(abbr, btype, m.group("num"), m.group("leg"), document),
        display=display,
        sort_key=_leg_sort(display),
    )
