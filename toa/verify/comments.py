"""One-line comment text for a verification record: verdict, evidence link, what to do.
None means the authority needs no comment (verified and clean, or simply not checked)."""
from __future__ import annotations

from .records import (CONFIRMED, FOUND, FOUND_MULTIPLE, NOT_CHECKED, NOT_FOUND, UNKNOWN_REPORTER, UNRESOLVED,
                      CaseRecord, ProvisionRecord)

PREFIX = "TOA check"

FLAG_TEXT = {
    "future_year": "the year is in the future",
    "year_outside_reporter_range": "the year is outside the years this reporter covers",
    "unknown_reporter": "the reporter abbreviation is not recognised",
    "implausible_court": "the court does not publish in this reporter (or did not exist that year)",
    "pincite_before_first_page": "a pincite comes before the first page",
    "short_form_mismatch": "a short form uses a different volume or reporter",
    "name_mismatch": "the case name does not match the case at this citation",
    "year_mismatch": "the year differs from the decision date",
    "first_page_mismatch": "this is not the first page of the case",
    "subsection_not_found": "the cited subsection does not exist in the current text",
    "quotation_mismatch": "the quotation does not appear in the provision",
    "quotation_in_other_subsection": "the quotation is in a different subsection",
    "wrong_date": "the cited edition or date does not match",
    "repealed": "the provision is repealed",
    "omitted": "the section is omitted from the Code",
    "reserved": "the section is reserved",
    "removed": "the section was removed",
    "ambiguous_page": "several documents share this page",
    "history_not_found": "CourtListener has no case at a subsequent-history cite",
}


def _flags(record) -> str:
    return "; ".join(_flag_text(record, f) for f in record.flags)


def _flag_text(record, flag: str) -> str:
    text = FLAG_TEXT.get(flag, flag.replace("_", " "))
    missing = getattr(record, "details", {}).get("history_not_found") if flag == "history_not_found" else None
    return f"{text} ({', '.join(missing)})" if missing else text


def _link(record) -> str:
    return f" ({record.evidence_url})" if record.evidence_url else ""


def _could_not_verify(record, flags_intro: str, what: str) -> str:
    """UNRESOLVED reads alike for cases and provisions: the reason, any flags found anyway,
    and a request to check by hand."""
    flags = _flags(record)
    extra = f"; {flags_intro} {flags}" if flags else ""
    return f"{PREFIX}: could not verify ({record.reason}){extra}. Verify this {what} by hand."


def comment_text(record: CaseRecord | ProvisionRecord) -> str | None:
    if isinstance(record, CaseRecord):
        return _case_comment(record)
    return _provision_comment(record)


def _case_comment(r: CaseRecord) -> str | None:
    flags = _flags(r)
    if r.verdict == FOUND and not r.flags:
        return None
    if r.verdict in (FOUND, FOUND_MULTIPLE):
        found = r.clusters[0] if r.clusters else None
        name = next((c.case_name for c in r.clusters if c.url == r.evidence_url), found.case_name if found else "")
        if "first_page_mismatch" in r.flags and r.details.get("cluster_first_page"):
            flags += f" (the case found, {name}, begins at page {r.details['cluster_first_page']})"
        elif "name_mismatch" in r.flags:
            flags = flags.replace("this citation", f"this citation ({name})")
        if r.verdict == FOUND_MULTIPLE and not r.flags:
            return (f"{PREFIX}: {r.citation} matches several cases on CourtListener{_link(r)}. "
                    "Check that the intended case is the one cited.")
        return f"{PREFIX}: found on CourtListener, but {flags}{_link(r)}. Check the citation against the opinion."
    if r.details.get("run_wide") and r.verdict in (UNRESOLVED, NOT_CHECKED):
        # Token refused or service down: said once in the report, not on every case.
        return f"{PREFIX} (offline checks only): {flags}{_link(r)}. Check this citation." if r.flags else None
    if r.verdict == NOT_FOUND and r.details.get("partial_coverage"):
        extra = f"; also {flags}" if flags else ""
        return (f"{PREFIX}: {r.citation} is not in CourtListener's database, which holds only part of this "
                f"reporter{extra}{_link(r)}. Verify this citation by hand.")
    if r.verdict == NOT_FOUND:
        extra = f"; also {flags}" if flags else ""
        return (f"{PREFIX}: NOT FOUND - CourtListener has no case at {r.citation}{extra}{_link(r)}. "
                "Confirm the case exists and the citation is right; it may be mistyped or invented.")
    if r.verdict == UNKNOWN_REPORTER:
        return (f"{PREFIX}: unknown reporter in {r.citation}. "
                "Check the reporter abbreviation (Bluebook T1) or cite a recognised reporter.")
    if r.verdict == UNRESOLVED:
        return _could_not_verify(r, "offline checks:", "citation")
    if r.flags:  # NOT_CHECKED online, but the offline checks found something
        return f"{PREFIX} (offline checks only): {flags}{_link(r)}. Check this citation."
    return None


def _provision_comment(r: ProvisionRecord) -> str | None:
    flags = _flags(r)
    if r.verdict == CONFIRMED and not r.flags:
        return None
    notes = [u.pinpoint_note for u in r.units if u.pinpoint_note]
    if notes:  # name the pinpoint and what exists instead
        flags = flags.replace(FLAG_TEXT["subsection_not_found"],
                              f"{FLAG_TEXT['subsection_not_found']} ({'; '.join(dict.fromkeys(notes))})")
    if r.verdict == CONFIRMED:
        return f"{PREFIX}: the provision exists, but {flags}{_link(r)}. Check the pinpoint and quotation."
    if r.verdict == NOT_FOUND:
        return (f"{PREFIX}: NOT FOUND - {r.reason}{_link(r)}. "
                "Confirm the title and section; the provision may be mistyped, renumbered or invented.")
    if r.verdict == UNRESOLVED:
        return _could_not_verify(r, "also", "provision")
    if r.verdict == NOT_CHECKED and r.flags:
        return f"{PREFIX}: {flags}. Check this provision."
    return None
