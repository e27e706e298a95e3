"""Turn CourtListener answers into case verdicts, with cross-checks on the found cluster:
name similarity, year vs date_filed, the page we sent among the cluster's citations (the
star-pagination trap), and pincites not before the real first page."""
from __future__ import annotations

from urllib.parse import quote

from .cases_offline import Standard, page_number
from .courtlistener import Answer
from .names import best_similarity
from .records import (FOUND, FOUND_MULTIPLE, NOT_CHECKED, NOT_FOUND, UNKNOWN_REPORTER, UNRESOLVED,
                      CaseRecord, Cluster)
from .settings import Settings


def citation_url(settings: Settings, std: Standard) -> str:
    """CourtListener's citation redirect page, for a human to click (never fetched by us)."""
    base = settings.courtlistener_url.rstrip("/")
    return f"{base}/c/{quote(std.reporter)}/{quote(std.volume)}/{quote(std.page)}/"


def _cluster(settings: Settings, raw: dict, brief_name: str | None) -> Cluster:
    cites = []
    for c in raw.get("citations") or []:
        if isinstance(c, dict):
            cites.append(f"{c.get('volume')} {c.get('reporter')} {c.get('page')}")
    url = raw.get("absolute_url")
    url = settings.courtlistener_url.rstrip("/") + url if isinstance(url, str) and url.startswith("/") else url
    sim = None
    if brief_name:
        sim = best_similarity(brief_name, raw.get("case_name"), raw.get("case_name_short"), raw.get("case_name_full"))
    return Cluster(id=raw.get("id"), case_name=str(raw.get("case_name") or ""),
                   date_filed=raw.get("date_filed"), citations=cites, url=url, name_similarity=sim)


def apply_answer(record: CaseRecord, std: Standard, answer: Answer, settings: Settings) -> None:
    record.evidence_url = citation_url(settings, std)
    if answer.cached:
        record.details["cached"] = True
    if answer.run_wide:
        record.details["run_wide"] = True  # the report's notes say it once; comments only for findings
    if answer.not_checked:
        record.verdict, record.reason = NOT_CHECKED, answer.not_checked
        return
    if answer.unresolved:
        record.verdict, record.reason = UNRESOLVED, answer.unresolved
        return
    record.normalized_citations = answer.normalized
    if answer.status == 404:
        record.verdict = NOT_FOUND
        record.reason = "CourtListener has no case at this citation"
        if std.coverage != "full":
            record.details["partial_coverage"] = True  # CourtListener holds only part of this reporter
        return
    if answer.status == 400:
        record.verdict = UNKNOWN_REPORTER
        record.flag("unknown_reporter")
        record.reason = answer.error_message or "reporter unknown to CourtListener"
        return
    record.clusters = [_cluster(settings, c, record.case_name) for c in answer.clusters]
    if not record.clusters:
        record.verdict, record.reason = UNRESOLVED, "CourtListener reported a match without a cluster"
        return
    record.verdict = FOUND if answer.status == 200 else FOUND_MULTIPLE
    best = max(record.clusters, key=lambda c: c.name_similarity or 0.0)
    record.evidence_url = best.url or record.evidence_url
    cross_check(record, std, best, answer, settings)


def apply_history(record: CaseRecord, std: Standard, answer: Answer | None) -> None:
    """A subsequent-history cite CourtListener has no case at, in a reporter it holds in full,
    is flagged as the case's own cite would be (an invented "cert. denied" is as bad)."""
    if answer is None or answer.status != 404 or std.coverage != "full":
        return
    record.flag("history_not_found")
    record.details.setdefault("history_not_found", []).append(std.citation)


def cross_check(record: CaseRecord, std: Standard, best: Cluster, answer: Answer, settings: Settings) -> None:
    if record.case_name and (best.name_similarity or 0.0) < settings.name_threshold:
        record.flag("name_mismatch")
        record.details["cluster_case_name"] = best.case_name
    filed = (best.date_filed or "")[:4]
    if record.year and filed.isdigit() and abs(int(filed) - record.year) > 1:
        record.flag("year_mismatch")
        record.details["date_filed"] = best.date_filed
    raw = next((c for c in answer.clusters if c.get("id") == best.id), answer.clusters[0])
    same_book = [c for c in raw.get("citations") or [] if isinstance(c, dict)
                 and str(c.get("volume")) == std.volume and _same_reporter(c.get("reporter"), std.reporter)]
    if not any(str(c.get("page")) == std.page for c in same_book):
        # CL matched via a star page inside an earlier case: the page we sent is not a first page.
        record.flag("first_page_mismatch")
        first = next((page_number(c.get("page")) for c in same_book), None)
        record.details["cluster_first_page"] = first
        if first is not None:
            # Judge pincites against the real first page: 318 is fine in a case that starts at 317.
            pins = [p for p in record.details.get("bad_pincites", []) + [page_number(record.pin_cite)] if p]
            bad = sorted({p for p in pins if p < first})
            if "pincite_before_first_page" in record.flags and not bad:
                record.flags.remove("pincite_before_first_page")
                record.details.pop("bad_pincites", None)
            elif bad:
                record.flag("pincite_before_first_page")
                record.details["bad_pincites"] = bad


def _same_reporter(a, b: str) -> bool:
    squash = lambda s: str(s or "").replace(" ", "").lower()  # noqa: E731 - "F. 3d" == "F.3d"
    return squash(a) == squash(b)
