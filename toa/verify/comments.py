"""The Word comments of a check: one on each citation of an authority that needs attention (or
that could not be verified for a reason of its own), and one summary at the start of the
document: the verdicts counted, and what was not verified and why."""

from __future__ import annotations

from .courtlistener import API_SOURCE
from .records import MISMATCH, NEEDS_ATTENTION, UNCHECKED, VERIFIED, CaseRecord, ProvisionRecord, Verification

PREFIX = "TOA check"
SUMMARY_NAMES = 8  # authorities named per reason in the summary comment; the rest are counted


def _link(record) -> str:
    return f" ({record.evidence_url})" if record.evidence_url else ""


def _source(record) -> str:
    """Where a case's answer came from, when it is the local case index (a snapshot has a date)."""
    source = record.details.get("source") if isinstance(record, CaseRecord) else None
    return f" (per the {source})" if source and source != API_SOURCE else ""


def _advice(record) -> str:
    flags = set(record.flags)
    if isinstance(record, CaseRecord):
        if flags & {"not_found", "citation_mismatch", "first_page_mismatch", "unknown_reporter"}:
            return "Confirm the case exists and the citation is right."
        return "Check the citation against the opinion."
    if "not_found" in flags:
        return "Confirm the title and section: the provision may be mistyped, renumbered or invented."
    if flags & {"repealed", "transferred", "renumbered", "omitted", "reserved", "vacant", "removed"}:
        return "Cite the provision in force, or say in the brief why this one is cited."
    return "Check the provision's text and the pinpoint."


def comment_text(record: CaseRecord | ProvisionRecord) -> str | None:
    """The comment on every citation of `record`, or None: verified, or not verified only for
    reasons the summary states once (offline, no token, a source down, a reporter not held)."""
    if record.verdict == VERIFIED:
        return None
    checks = record.all_checks()
    bad = list(dict.fromkeys(c.detail for c in checks if c.status == MISMATCH))
    own = list(dict.fromkeys(c.detail for c in checks if c.status == UNCHECKED and not c.summary_only))
    if record.verdict == NEEDS_ATTENTION:
        also = f"; not verified: {'; '.join(own)}" if own else ""
        return f"{PREFIX}: needs attention{_source(record)} - {'; '.join(bad)}{also}{_link(record)}. {_advice(record)}"
    if not own:
        return None
    what = "citation" if isinstance(record, CaseRecord) else "provision"
    return f"{PREFIX}: not verified - {'; '.join(own)}{_link(record)}. Verify this {what} by hand."


def summary_text(verification: Verification) -> str | None:
    """One line for the start of the document, the terminal and the pane."""
    counts = verification.summary()
    total = sum(counts.values())
    if not total:
        return None
    parts = [
        f"{counts['VERIFIED']} verified",
        f"{counts['NEEDS_ATTENTION']} need attention (commented where cited)",
        f"{counts['NOT_VERIFIED']} not verified",
    ]
    text = f"{PREFIX} summary: {total} {'authority' if total == 1 else 'authorities'}: {', '.join(parts)}."
    groups = verification.not_verified()
    if groups:
        listed = []
        for group in groups:
            names = group["authorities"][:SUMMARY_NAMES]
            more = len(group["authorities"]) - len(names)
            tail = f"; and {more} more" if more else ""
            fix = f", to fix: {group['fix']}" if group["fix"] else ""
            listed.append(f"{group['reason']} ({'; '.join(names)}{tail}){fix}")
        text += " Not verified: " + " | ".join(listed) + "."
    return text
