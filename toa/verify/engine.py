"""verify(table, settings, progress) -> Verification: offline checks, then one CourtListener
pass for all cases and one concurrent pass over the unique provisions."""
from __future__ import annotations

from typing import Callable

from ..keys import Key
from ..model import Authority, Table
from .cache import Cache
from .cases import apply_answer, apply_history
from .cases_offline import Standard, first_full, history_standards, offline_case_record, unlinked_records
from .courtlistener import CourtListener
from .http import Http, exposes_token
from .provision_check import ProvisionChecker, summarize
from .provisions import Unit, classify, units_for
from .records import NOT_CHECKED, CaseRecord, ProvisionRecord, Verification
from .settings import Settings
from .throttle import Budget

Progress = Callable[[str, int, int], None]  # (stage, done, total)


def _is_case(authority: Authority) -> bool:
    if authority.category == "cases":
        return True
    if authority.category in ("other", "legislative"):
        return False  # an attorney general's opinion in a reporter ("82 Ops.Cal.Atty.Gen. 1") is no court's
    full = first_full(authority)
    return full is not None and classify(full.meta) is None


def verify(table: Table, settings: Settings | None = None, progress: Progress | None = None) -> Verification:
    settings = settings or Settings.from_env()
    progress = progress or (lambda *a: None)
    result = Verification(budget=settings.max_requests)
    budget = Budget(settings.max_requests)
    cache = Cache.for_settings(settings)
    http = Http(settings, budget)  # one client per run
    try:
        cases: list[tuple[CaseRecord, Standard | None]] = []
        history: dict[Key, list[Standard]] = {}  # authority key -> its subsequent history's cites
        provisions: list[tuple[ProvisionRecord, list[Unit]]] = []
        counter = [0]
        this_year = settings.today().year
        for category in table.categories:
            for authority in category.authorities:
                if _is_case(authority):
                    record, std = offline_case_record(authority, this_year)
                    cases.append((record, std))
                    history[authority.key] = history_standards(authority)
                    result.records[authority.key] = record
                else:
                    units = units_for(authority, counter)
                    kind = units[0].kind if units else "other"
                    prov = ProvisionRecord(key=authority.key, text=authority.text, kind=kind)
                    provisions.append((prov, units))
                    result.records[authority.key] = prov
        progress("offline", len(result.records), len(result.records))
        result.notes.extend(_check_cases(cases, history, settings, http, cache, progress))
        _check_provisions(provisions, settings, http, cache, progress)
        result.unlinked = unlinked_records(table)
    finally:
        http.close()
        cache.close()
    if cache.problem:
        result.notes.append(cache.problem)
    result.requests_made = budget.used
    result.budget_exhausted = budget.exhausted
    if budget.exhausted:
        result.notes.append(f"request budget of {budget.limit} reached: remaining authorities NOT_CHECKED")
    if settings.token and settings.network and settings.check_cases and exposes_token(settings.courtlistener_url):
        result.notes.append(f"the CourtListener token goes unencrypted to {settings.courtlistener_url} "
                            "(plain http): use an https URL")
    if not settings.token and settings.check_cases and any(std for _, std in cases):
        result.notes.append("no CourtListener token: cases were checked offline only")
    return result


def _check_cases(cases, history, settings: Settings, http: Http, cache: Cache, progress: Progress) -> list[str]:
    """Look the cases and their subsequent history up (one batch); returns the notes for the
    run (said once, not on every case)."""
    lookups = [std for _, std in cases if std is not None and std.coverage != "none"]
    lookups += [std for stds in history.values() for std in stds if std.coverage != "none"]
    if not settings.check_cases:
        answers = {}
    else:
        answers = CourtListener(http, settings, cache, progress).lookup([s.citation for s in lookups])
    notes: dict[str, int] = {}
    uncovered: dict[str, int] = {}
    for record, std in cases:
        if std is None:
            continue
        if std.coverage == "none":  # never sent: a 404 would say nothing about the decision
            record.verdict = NOT_CHECKED
            record.reason = f"CourtListener does not hold {std.reporter} ({std.reporter_name}); verify by hand"
            uncovered[std.reporter] = uncovered.get(std.reporter, 0) + 1
            continue
        answer = answers.get(std.citation)
        if answer is not None and answer.run_wide:
            reason = answer.unresolved or answer.not_checked
            notes[reason] = notes.get(reason, 0) + 1
        if answer is None:
            record.verdict, record.reason = NOT_CHECKED, "case lookup disabled"
            continue
        apply_answer(record, std, answer, settings)
        for later in history.get(record.key, []):
            apply_history(record, later, answers.get(later.citation))
    out = [f"{reason}: {n} {'case was' if n == 1 else 'cases were'} checked offline only"
           for reason, n in notes.items()]
    out += [f"{n} {'citation' if n == 1 else 'citations'} in {reporter}, which CourtListener does not hold, "
            "not looked up: verify by hand" for reporter, n in uncovered.items()]
    return out


def _check_provisions(provisions, settings: Settings, http: Http, cache: Cache, progress: Progress) -> None:
    all_units = [u for _, units in provisions for u in units]
    checker = ProvisionChecker(http, settings, cache, progress)
    evidence = checker.gather(all_units) if settings.check_provisions else {}
    for record, units in provisions:
        for unit in units:
            evs = evidence.get(checker.evidence_key(unit), []) if unit.fetch_key else []
            if unit.fetch_key and not evs:
                rec = checker.judge(unit, [])
                rec.unresolved_reason, rec.budget = "provision lookup disabled", True
            else:
                rec = checker.judge(unit, evs)
            record.units.append(rec)
        summarize(record)
