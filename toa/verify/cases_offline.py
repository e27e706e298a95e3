"""Offline case checks: no network, no token. Reporter known, year inside the reporter
edition's dates, no future year, court plausible for the reporter, pincites and short forms."""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache

from eyecite import get_citations
from eyecite.models import FullCaseCitation
from reporters_db import REPORTERS

from ..keys import CaseKey
from ..meta import CaseMeta, DecisionMeta, ShortCiteMeta
from ..model import Authority, Occurrence, Table
from .records import CaseRecord, UNKNOWN_REPORTER, UnlinkedRecord
from ..jurisdictions import NAME_BY_POSTAL_CODE

YEAR_SLACK = 1  # reporter dates in reporters_db are coarse
_VOLUME = re.compile(r"^\d{1,5}[A-Z]?$", re.I)  # "576", "71A"
_PAGE = re.compile(r"^\d{1,6}$")

STATE_NAMES = NAME_BY_POSTAL_CODE


@dataclass(frozen=True)
class Standard:
    """A citation in CourtListener's canonical form, with what reporters_db knows of it."""

    citation: str  # "576 U.S. 155": the only thing about a case that is ever sent
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
_AGENCY = re.compile(r"\b(Board|Commission|Comptroller|Attorney General|Office|Authority|Administrative|"
                     r"Decisions and Orders|Issuances|Secretary|Department|Bureau)\b")


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
    jurisdictions = tuple(j for e in entries if edition.short_name in e["editions"] for j in e.get("mlz_jurisdiction", []))
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


def history_standards(authority: Authority) -> list[Standard]:
    """The cites of the case's subsequent history (aff'd, cert. denied, enforced ...) that can
    be looked up, as the extractor folded them into its full citations."""
    out: dict[str, Standard] = {}
    for occ in authority.occurrences:
        for key in occ.meta.history if occ.kind == "full" and isinstance(occ.meta, DecisionMeta) else []:
            if isinstance(key, CaseKey) and not key.party:
                std = standardize(key.volume, key.reporter, key.page)
                if std is not None:
                    out.setdefault(std.citation, std)
    return list(out.values())


def page_number(value) -> int | None:
    """First page number in a pincite ("at 170", "170-71", "170 n.3"); None for star pages."""
    if value is None:
        return None
    text = str(value)
    if "*" in text:
        return None
    match = re.search(r"\d+", text)
    return int(match.group()) if match else None


def as_year(value) -> int | None:
    try:
        return int(str(value)[:4]) if value not in (None, "") else None
    except ValueError:
        return None


@lru_cache(maxsize=1)
def _courts() -> dict[str, dict]:
    from courts_db import courts

    return {c["id"]: c for c in courts}


def check_year(record: CaseRecord, std: Standard, year: int | None, this_year: int) -> None:
    if year is None:
        return
    if year > this_year:
        record.flag("future_year")
        return
    for start, end in std.editions:
        if (start is None or start - YEAR_SLACK <= year) and year <= (end + YEAR_SLACK if end else this_year):
            return
    record.flag("year_outside_reporter_range")
    record.details["reporter_years"] = [[s, e] for s, e in std.editions]


def court_is_plausible(std: Standard, court_id: str, year: int | None) -> bool:
    court = _courts().get(court_id)
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
        states = {STATE_NAMES.get(j.split(";")[0].split(":")[1]) for j in std.jurisdictions if j.startswith("us:") and ":" in j.split(";")[0]}
        states.discard(None)
        if states and court.get("location") and court["location"] not in states:
            return False
    starts = [d.get("start") for d in court.get("dates") or [] if d.get("start")]
    if year is not None and starts:
        first = min(datetime.fromisoformat(str(s)[:10]).year for s in starts)
        if year < first - YEAR_SLACK:
            return False  # the court did not exist yet
    return True


def check_pincites(record: CaseRecord, authority: Authority, std: Standard) -> None:
    first_page = int(std.page)
    for occ in authority.occurrences:
        meta, pin = occ.meta, None
        if isinstance(meta, CaseMeta):
            pin = page_number(meta.pin_cite)
            if occ.kind == "short" and meta.page and not meta.pin_cite:
                pin = page_number(meta.page)  # "576 U.S. at 170": the page is the pincite
        if pin is not None and pin < first_page:
            record.flag("pincite_before_first_page")
            record.details.setdefault("bad_pincites", []).append(pin)
        if occ.kind == "short" and isinstance(meta, (CaseMeta, ShortCiteMeta)) and meta.volume and meta.reporter:
            short = standardize(meta.volume, meta.reporter, str(pin or std.page))
            if short is None or short.volume != std.volume or short.reporter != std.reporter:
                record.flag("short_form_mismatch")


def offline_case_record(authority: Authority, this_year: int) -> tuple[CaseRecord, Standard | None]:
    """A case record with every offline flag set; the Standard is what may be looked up."""
    record = CaseRecord(key=authority.key, text=authority.text)
    full = first_full(authority)
    if full is None:
        record.reason = "no volume-reporter-page citation to check"
        return record, None
    meta = full.meta
    assert isinstance(meta, DecisionMeta)
    case = meta if isinstance(meta, CaseMeta) else None  # an agency decision has no case name, year or court read
    record.case_name = case.case_name if case is not None else None
    record.year = as_year(case.year) if case is not None else None
    record.pin_cite = case.pin_cite if case is not None and case.pin_cite else None
    std = standardize(meta.volume, meta.reporter, meta.page)
    if std is None:
        record.verdict = UNKNOWN_REPORTER
        record.flag("unknown_reporter")
        record.citation = f"{meta.volume} {meta.reporter} {meta.page}"
        record.reason = f"reporter '{meta.reporter}' is not in reporters-db"
        return record, None
    record.citation = std.citation
    check_year(record, std, record.year, this_year)
    court = case.court if case is not None else None
    if court and not court_is_plausible(std, str(court), record.year):
        record.flag("implausible_court")
        record.details["court"] = court
    check_pincites(record, authority, std)
    return record, std


def unlinked_records(table: Table) -> list[UnlinkedRecord]:
    """Short forms, ids and supras that point at nothing."""
    return [UnlinkedRecord(o.paragraph, o.start, o.text, o.kind) for o in table.unlinked if o.kind != "full"]
