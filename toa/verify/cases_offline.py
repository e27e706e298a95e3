"""Offline case checks: no network, no token. The reporter is known; the year is inside the
reporter edition's dates and not in the future; the court is plausible for the reporter; a short
form names the case's volume and reporter. Also what each citation of a case pins and quotes,
for the checks against CourtListener."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache

from eyecite import get_citations
from eyecite.models import FullCaseCitation
from reporters_db import REPORTERS

from ..jurisdictions import NAME_BY_POSTAL_CODE
from ..keys import CaseKey
from ..meta import CaseMeta, DecisionMeta, IdMeta, ShortCiteMeta, SupraMeta
from .quoted import key as quoted_key
from ..model import Authority, Document, Occurrence, Table
from .records import CaseRecord, CitationRecord, UnlinkedRecord, mismatch, unchecked

YEAR_SLACK = 1  # reporter dates in reporters_db are coarse
_VOLUME = re.compile(r"^\d{1,5}[A-Z]?$", re.I)  # "576", "71A"
_PAGE = re.compile(r"^\d{1,7}$")  # a Westlaw number has seven digits: "2021 WL 1093217"

STATE_NAMES = NAME_BY_POSTAL_CODE


@dataclass(frozen=True)
class Standard:
    """A citation in CourtListener's canonical form, with what reporters_db knows of it."""

    citation: str  # "576 U.S. 155": with a case name for a search, all that is ever sent about a case
    volume: str
    reporter: str  # canonical edition short name
    page: str
    cite_type: str
    is_scotus: bool
    editions: tuple[tuple[int | None, int | None], ...]  # (start year or None, end year or None)
    jurisdictions: tuple[str, ...]
    reporter_name: str = ""  # "Decisions and Orders of the National Labor Relations Board"

    @property
    def coverage(self) -> str:
        """How far CourtListener's case law covers this reporter: "none" for agency decisions and
        database cites (WL, LEXIS), which it does not hold; "partial" for specialty reporters,
        where a 404 proves nothing; "full" for the courts' reporters (a 404 is a real warning)."""
        if self.cite_type in ("specialty_west", "specialty_lexis") or _AGENCY.search(self.reporter_name):
            return "none"
        return "partial" if self.cite_type.startswith("specialty") else "full"


# Reporters of agency decisions, named by their publisher (reporters_db files many as "federal").
_AGENCY = re.compile(
    r"\b(Board|Commission|Comptroller|Attorney General|Office|Authority|Administrative|"
    r"Decisions and Orders|Issuances|Secretary|Department|Bureau)\b"
)


@lru_cache(maxsize=4096)
def standardize(volume: str, reporter: str, page: str) -> Standard | None:
    """Canonical citation via local eyecite + reporters_db, or None when the reporter is unknown.

    Components are validated first so that nothing but a volume, a known reporter and a page
    can ever reach the string we send."""
    volume, reporter, page = str(volume).strip(), str(reporter).strip(), str(page).strip()
    if not (_VOLUME.match(volume) and _PAGE.match(page) and 0 < len(reporter) <= 40):
        return None
    found = [c for c in get_citations(f"{volume} {reporter} {page}") if isinstance(c, FullCaseCitation)]
    if len(found) != 1 or found[0].groups.get("page") != page or found[0].groups.get("volume") != volume:
        return None
    cite = found[0]
    editions = cite.all_editions or ([cite.edition_guess] if cite.edition_guess else [])
    if not editions:
        return None
    edition = cite.edition_guess or editions[0]
    entries = REPORTERS.get(edition.reporter.short_name, [])
    jurisdictions = tuple(
        j for e in entries if edition.short_name in e["editions"] for j in e.get("mlz_jurisdiction", [])
    )
    return Standard(
        citation=f"{volume} {edition.short_name} {page}",
        volume=volume,
        reporter=edition.short_name,
        page=page,
        cite_type=edition.reporter.cite_type,
        is_scotus=bool(getattr(edition.reporter, "is_scotus", False)),
        # reporters_db leaves the start of some series' editions unknown (Ops.Cal.Atty.Gen.)
        editions=tuple((e.start.year if e.start else None, e.end.year if e.end else None) for e in editions),
        jurisdictions=jurisdictions,
        reporter_name=str(getattr(edition.reporter, "name", "") or ""),
    )


def first_full(authority: Authority) -> Occurrence | None:
    """The full citation whose components identify the case (first one that has them)."""
    for occ in authority.occurrences:
        meta = occ.meta
        if occ.kind == "full" and isinstance(meta, DecisionMeta) and meta.volume and meta.reporter and meta.page:
            return occ
    return None


def _standards(authority: Authority, which: str) -> list[Standard]:
    out: dict[str, Standard] = {}
    for occ in authority.occurrences:
        keys = getattr(occ.meta, which) if occ.kind == "full" and isinstance(occ.meta, DecisionMeta) else []
        for key in keys:
            if isinstance(key, CaseKey):
                std = standardize(key.volume, key.reporter, key.page)
                if std is not None:
                    out.setdefault(std.citation, std)
    return list(out.values())


def history_standards(authority: Authority) -> list[Standard]:
    """The cites of the case's subsequent history (aff'd, cert. denied, enforced ...), as the
    extractor folded them into its full citations."""
    return _standards(authority, "history")


def parallel_standards(authority: Authority) -> list[Standard]:
    """The parallel cites the brief gives for the case ("576 U.S. 155, 135 S. Ct. 2218")."""
    return _standards(authority, "parallel")


def pin_pages(value: str | None) -> list[int]:
    """The reporter pages a pinpoint names: "163" -> [163]; "322-23", "322–323" -> [322, 323] (its
    first and last page); "170 n.3" -> [170]; a star page ("*3", a database's screen page) -> []."""
    text = str(value or "")
    if not text or "*" in text:
        return []
    m = re.match(r"\s*(?:at\s+)?(\d+)(?:\s*[-–—]\s*(\d+))?", text)
    if not m:
        return []
    first = int(m.group(1))
    if not m.group(2):
        return [first]
    tail = m.group(2)
    last = int(str(first)[: max(0, len(str(first)) - len(tail))] + tail)  # "322-23": 323
    return [first, last] if last > first else [first]


def as_year(value) -> int | None:
    try:
        return int(str(value)[:4]) if value not in (None, "") else None
    except ValueError:
        return None


@lru_cache(maxsize=1)
def courts() -> dict[str, dict]:
    from courts_db import courts as every

    return {c["id"]: c for c in every}


def court_label(court_id: str | None) -> str:
    """ "4th Cir." for "ca4": how a brief names the court, from courts-db."""
    court = courts().get(court_id or "")
    return str(court.get("citation_string") or court_id) if court else str(court_id)


def year_checks(std: Standard, year: int | None, this_year: int):
    if year is None:
        return []
    if year > this_year:
        return [mismatch("year", f"the year {year} is in the future", "future_year")]
    for start, end in std.editions:
        if (start is None or start - YEAR_SLACK <= year) and year <= (end + YEAR_SLACK if end else this_year):
            return []
    spans = ", ".join(f"{s or '?'}-{e or 'today'}" for s, e in std.editions)
    return [
        mismatch(
            "year", f"the year {year} is outside the years of {std.reporter} ({spans})", "year_outside_reporter_range"
        )
    ]


def court_is_plausible(std: Standard, court_id: str, year: int | None) -> bool:
    court = courts().get(court_id)
    if court is None:
        return True  # we cannot judge a court we do not know
    if std.is_scotus:
        return court_id == "scotus"
    if court_id == "scotus" and std.cite_type == "federal":
        return False  # the Supreme Court is not reported in F./F. Supp. and the like
    system = court.get("system")
    if std.cite_type == "federal" and system == "state":
        return False
    if std.cite_type in ("state", "state_regional") and system == "federal":
        return False
    if std.cite_type == "state" and system == "state":
        states = {
            STATE_NAMES.get(j.split(";")[0].split(":")[1])
            for j in std.jurisdictions
            if j.startswith("us:") and ":" in j.split(";")[0]
        }
        states.discard(None)
        if states and court.get("location") and court["location"] not in states:
            return False
    starts = [d.get("start") for d in court.get("dates") or [] if d.get("start")]
    if year is not None and starts:
        first = min(datetime.fromisoformat(str(s)[:10]).year for s in starts)
        if year < first - YEAR_SLACK:
            return False  # the court did not exist yet
    return True


def _pin_of(occ: Occurrence) -> str | None:
    """The pinpoint a citation of a case gives: a full cite's pin, a short cite's page ("576
    U.S. at 170"), an Id.'s or a supra's ("Id. at 170")."""
    meta = occ.meta
    if isinstance(meta, CaseMeta):
        return meta.pin_cite or (meta.page if occ.kind == "short" else None)
    if isinstance(meta, (ShortCiteMeta, IdMeta, SupraMeta)):
        return meta.pin or None
    return None


def citation_records(authority: Authority, std: Standard | None, quotations: dict) -> list[CitationRecord]:
    """One record per citation of the case, with the check a short form allows offline: that it
    names the case's volume and reporter."""
    out = []
    for occ in authority.occurrences:
        quoted = quotations.get(quoted_key(occ))
        rec = CitationRecord(
            occ.paragraph,
            occ.start,
            occ.text,
            occ.kind,
            pin=_pin_of(occ),
            quotations=quoted.words if quoted else [],
            quotation_omits=quoted.omitted if quoted else [],
        )
        meta = occ.meta
        if (
            std is not None
            and occ.kind == "short"
            and isinstance(meta, (CaseMeta, ShortCiteMeta))
            and meta.volume
            and meta.reporter
        ):
            pins = pin_pages(rec.pin)
            short = standardize(meta.volume, meta.reporter, str(pins[0]) if pins else std.page)
            if short is None or short.volume != std.volume or short.reporter != std.reporter:
                rec.checks.append(
                    mismatch(
                        "short form",
                        f"the short form cites {meta.volume} {meta.reporter}; "
                        f"the case is at {std.volume} {std.reporter}",
                        "short_form_mismatch",
                    )
                )
        out.append(rec)
    return out


def offline_case_record(authority: Authority, this_year: int, quotations: dict) -> tuple[CaseRecord, Standard | None]:
    """A case record with every offline check made; the Standard is what may be looked up."""
    record = CaseRecord(key=authority.key, text=authority.text)
    full = first_full(authority)
    if full is None:
        record.checks.append(unchecked("existence", "no volume-reporter-page citation to look up", summary_only=True))
        record.citations = citation_records(authority, None, quotations)
        return record, None
    meta = full.meta
    assert isinstance(meta, DecisionMeta)
    case = meta if isinstance(meta, CaseMeta) else None  # an agency decision has no case name, year or court read
    record.case_name = (case.case_name or None) if case is not None else None
    record.year = as_year(case.year) if case is not None else None
    record.court = case.court if case is not None and case.court else None
    std = standardize(meta.volume, meta.reporter, meta.page)
    record.citations = citation_records(authority, std, quotations)
    if std is None:
        record.citation = f"{meta.volume} {meta.reporter} {meta.page}"
        record.checks.append(
            mismatch(
                "existence",
                f"the reporter '{meta.reporter}' is not one reporters-db knows: check the abbreviation (Bluebook T1)",
                "unknown_reporter",
            )
        )
        return record, None
    record.citation = std.citation
    record.checks += year_checks(std, record.year, this_year)
    if record.court and not court_is_plausible(std, record.court, record.year):
        record.checks.append(
            mismatch(
                "court",
                f"the {court_label(record.court)} does not publish in {std.reporter} "
                f"(or did not exist in {record.year})",
                "implausible_court",
            )
        )
    return record, std


# How a brief says a decision is not precedent: a parenthetical of its cite, or one right after it,
# that begins so ("(unpublished)", "(mem. op., not designated for publication)", "(table)",
# "(nonprecedential)", California's "(nonpub. opn.)"), not an explanatory one that uses the words
# ("(holding that a table of fees ...)"); or the reporter of unpublished decisions.
_UNPUBLISHED_MARK = re.compile(
    r"\(\s*(?:[^()]{0,30}?(?:cir\.|ct\.|app\.|\d{4})[^()]{0,10}?,\s*)?"  # "(9th Cir. 2019, unpublished)"
    r"(?:unpublished|unpub\.|nonpub\.|not\s+(?:designated\s+)?for\s+publication|not\s+published|"
    r"non-?precedential|not\s+precedential|mem\.|table)",
    re.I,
)
_FOLLOWING_PARENS = re.compile(r"^(?:\s*\((?:[^()]|\([^()]*\))*\))+")  # "(9th Cir. 2019) (unpublished)"
UNPUBLISHED_REPORTERS = ("F. App'x",)  # the Federal Appendix prints only opinions not selected for publication


def marked_unpublished(authority: Authority, document: Document | None) -> bool:
    """Whether the brief says, at a full citation of the case, that the decision is not precedent:
    a parenthetical of its cite or the ones right after it (read in the brief's paragraph, when
    the document is at hand), or a reporter of unpublished decisions."""
    paragraphs = document.paragraphs if document is not None else []
    for occ in authority.occurrences:
        meta = occ.meta
        if occ.kind != "full" or not isinstance(meta, DecisionMeta):
            continue
        reporters = [meta.reporter, *(k.reporter for k in meta.parallel if isinstance(k, CaseKey))]
        if any(r.replace("’", "'") in UNPUBLISHED_REPORTERS for r in reporters):
            return True
        after = paragraphs[occ.paragraph].text[occ.end :] if 0 <= occ.paragraph < len(paragraphs) else ""
        parens = _FOLLOWING_PARENS.match(after)
        if _UNPUBLISHED_MARK.search(occ.text) or (parens and _UNPUBLISHED_MARK.search(parens.group())):
            return True
    return False


def unlinked_records(table: Table) -> list[UnlinkedRecord]:
    """Short forms, ids and supras that point at nothing."""
    return [UnlinkedRecord(o.paragraph, o.start, o.text, o.kind) for o in table.unlinked if o.kind != "full"]
