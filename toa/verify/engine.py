"""verify(table, settings, progress, document) -> Verification: offline checks, then CourtListener
for all cases (one lookup batch, then the searches and opinions the checks need) and one
concurrent pass over the unique provisions; every record settled to one verdict."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ..jurisdictions import NAME_BY_ABBREVIATION, NAME_BY_POSTAL_CODE
from ..meta import ProvisionMeta
from ..model import Authority, Document, Table
from . import case_index
from .cache import Cache
from .cases import CaseWork, check_cases
from .cases_offline import (
    first_full,
    history_standards,
    marked_unpublished,
    offline_case_record,
    parallel_standards,
    unlinked_records,
)
from .courtlistener import NO_TOKEN, OFFLINE, CourtListener
from .http import Http, exposes_token
from .links import drop_unsafe_links
from .provision_check import ProvisionChecker, settle_provision
from .provisions import Unit, classify, units_for
from .quoted import quotations
from .records import ProvisionRecord, Verification, unchecked
from .settings import Settings, config_path
from .states import STATE_NAMES
from .throttle import Budget

Progress = Callable[[str, int, int], None]  # (stage, done, total)


def _is_case(authority: Authority) -> bool:
    if authority.category == "cases":
        return True
    if authority.category in ("other", "legislative"):
        return False  # an attorney general's opinion in a reporter ("82 Ops.Cal.Atty.Gen. 1") is no court's
    full = first_full(authority)
    return full is not None and classify(full.meta) is None


def verify(
    table: Table,
    settings: Settings | None = None,
    progress: Progress | None = None,
    document: Document | None = None,
    index: case_index.CaseIndex | None = None,
) -> Verification:
    """`document`, when given, is read (here, never sent) for the quotations each citation vouches for.
    `index`: a case index the caller keeps open across checks (a batch's worker); without it the
    settings' index is opened for this check and closed at its end."""
    settings = settings or Settings.from_env()
    if settings.deadline is None:
        settings = replace(settings, deadline=settings.clock() + settings.run_timeout)
    shown = progress or (lambda *a: None)
    done: dict[str, tuple[int, int]] = {}  # stage -> (count, total): how far a stopped check got

    def counted(stage: str, count: int, total: int) -> None:
        done[stage] = (count, total)
        shown(stage, count, total)

    result = Verification(budget=settings.max_requests, as_of=settings.as_of)
    budget = Budget(settings.max_requests)
    cache = Cache.for_settings(settings)
    http = Http(settings, budget)  # one client per run
    quoted = quotations(document, table)
    try:
        works: list[CaseWork] = []
        provisions: list[tuple[ProvisionRecord, list[Unit]]] = []
        counter = [0]
        this_year = settings.today().year
        for category in table.categories:
            for authority in category.authorities:
                if _is_case(authority):
                    record, std = offline_case_record(authority, this_year, quoted)
                    work = CaseWork(record, authority, std, parallel_standards(authority), history_standards(authority))
                    work.marked_unpublished = marked_unpublished(authority, document)
                    works.append(work)
                    result.records[authority.key] = record
                else:
                    units = units_for(authority, counter, quoted)
                    kind = units[0].kind if units else "other"
                    prov = ProvisionRecord(key=authority.key, text=authority.text, kind=kind)
                    provisions.append((prov, units))
                    result.records[authority.key] = prov
        counted("offline", len(result.records), len(result.records))
        indexed = _check_cases(works, settings, http, cache, counted, result.notes, index)
        _check_provisions(
            provisions, {a.key: a for c in table.categories for a in c.authorities}, settings, http, cache, counted
        )
        result.unlinked = unlinked_records(table)
        drop_unsafe_links(result, settings)
    except KeyboardInterrupt as stop:  # a signal: whoever reports the stop says how far the check got
        stop.add_note(checked_before_stop(done))
        raise
    finally:
        http.close()
        cache.close()
    if cache.problem:
        result.notes.append(cache.problem)
    result.requests_made = budget.used
    result.budget_exhausted = budget.exhausted
    if budget.exhausted:
        result.notes.append(f"request budget of {budget.limit} reached: the authorities left were not verified")
    result.fixes = fixes(indexed)
    if settings.token and settings.network and exposes_token(settings.courtlistener_url):
        result.notes.append(
            f"the CourtListener token goes unencrypted to {settings.courtlistener_url} (plain http): use an https URL"
        )
    return result


INDEX_FIX = "build the offline case index: toa index download (or toa index build --from DIR)"


def fixes(indexed: bool) -> dict[str, str]:
    """How to fix the run-wide reasons nothing was looked up, one line each: the token (where it
    goes), the network, and the case index while the run had none (`indexed`: it had one)."""
    token = f"set a CourtListener token: COURTLISTENER_API_TOKEN, or api_token under [courtlistener] in {config_path()}"
    if indexed:
        return {NO_TOKEN: token, OFFLINE: "check without --offline"}
    return {NO_TOKEN: f"{token}; or {INDEX_FIX}", OFFLINE: f"check without --offline (cases: {INDEX_FIX})"}


# What each stage's progress counts, as the note of a stopped check says it.
STAGE_COUNTS = {"courtlistener": "case citations looked up", "provisions": "provisions looked up"}


def checked_before_stop(done: dict[str, tuple[int, int]]) -> str:
    """How far a stopped check got: "after 2 of 5 provisions looked up" (the stages' progress)."""
    parts = [f"{n} of {total} {STAGE_COUNTS[stage]}" for stage, (n, total) in done.items() if stage in STAGE_COUNTS]
    return "after " + " and ".join(parts) if parts else "before any authority was looked up"


def _check_cases(
    works: list[CaseWork],
    settings: Settings,
    http: Http,
    cache: Cache,
    progress: Progress,
    notes: list[str],
    kept: case_index.CaseIndex | None,
) -> bool:
    """The case index answers what it can; CourtListener's API is asked for the rest. `kept`: an
    index the caller opened and closes; otherwise this check opens the settings' own. True: there
    was an index to ask."""
    cl = CourtListener(http, settings, cache, progress)
    lookups = [c for w in works for c in w.lookups()]
    index, problem = (kept, None) if kept is not None else case_index.open_for(settings)
    if problem:
        notes.append(problem)
    if index is None:
        check_cases(works, cl, cl.lookup(lookups), settings)
        return False
    try:
        answers = case_index.answers(index, works, settings)
        check_cases(works, cl, answers | cl.lookup([c for c in lookups if c not in answers]), settings)
    finally:
        if kept is None:
            index.close()
    return True


def unsourced(authority: Authority) -> str:
    """Why an authority that is not a case is not looked up anywhere."""
    for occ in authority.occurrences:
        state = getattr(occ.meta, "jurisdiction", None) if isinstance(occ.meta, ProvisionMeta) else None
        if state and state != "US":
            name = NAME_BY_ABBREVIATION.get(state) or NAME_BY_POSTAL_CODE.get(state.lower(), state)
            if name in STATE_NAMES.values():
                return f"no official source wired for this kind of {name} provision (only its codes are looked up)"
            return f"no official source wired for {name} law"
    if authority.category in ("other", "legislative"):
        return "toa checks cases, federal provisions and the California and Texas codes, not this kind of authority"
    return "no source wired for this kind of provision"


def _check_provisions(
    provisions, authorities: dict, settings: Settings, http: Http, cache: Cache, progress: Progress
) -> None:
    all_units = [u for _, units in provisions for u in units]
    checker = ProvisionChecker(http, settings, cache, progress)
    evidence = checker.gather(all_units)
    for record, units in provisions:
        if not units:
            record.checks.append(unchecked("existence", unsourced(authorities[record.key]), summary_only=True))
        for unit in units:
            evs = evidence.get(checker.evidence_key(unit), []) if unit.fetch_key else []
            record.units.append(checker.judge(unit, evs))
        settle_provision(record)
