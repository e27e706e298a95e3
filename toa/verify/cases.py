"""Cases against CourtListener: which case is at the citation, and is it the one the brief names?

Per case, the dimensions checked are: existence (a case begins at the cited page; before "may be
invented", a search by the case's name, court and year), name (parties, against the cluster's
`case_name` and `case_name_full`), year (against `date_filed`), precedential status (a decision
listed as unpublished, cited without saying so), court (the parenthetical's court
against the cluster's, which only a search answers), parallel citations (looked up in the same
batch, against the cluster's `citations`), subsequent history, and per citation the pinpoint
(inside the opinion, from the star pagination of its text) and the quotations (in the opinion's
text, matched here).

A citation in a reporter CourtListener does not hold (WL, LEXIS, agency decisions) is never
sent; one in a reporter or volume where CourtListener has documented gaps is "not verified" when
it is not found, never "may be invented".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from urllib.parse import quote

from ..model import Authority
from . import opinions
from .cases_offline import Standard, court_label, courts, pin_pages, standardize
from .courtlistener import API_SOURCE, Answer, CourtListener, Fetched, opinion_ids
from .links import safe_link, source_bases
from .names import matches_any, same_case_name
from .records import CaseRecord, Check, CitationRecord, Cluster, match, mismatch, unchecked
from .settings import Settings

RECENT_US_VOLUME = 570  # from here on CourtListener lacks the U.S. Reports pages of many decisions
US_VOLUMES_2015, US_VOLUMES_A_YEAR = 576, 5  # volume 576 holds the decisions of June 2015; about 4-5 a year


def gap(std: Standard, this_year: int) -> str | None:
    """A documented hole in CourtListener's case law that covers this citation, or None. (A U.S.
    volume beyond any the Court can have filled by now is no gap: it does not exist.)"""
    newest = US_VOLUMES_2015 + US_VOLUMES_A_YEAR * (this_year - 2015)
    if std.reporter == "U.S." and std.volume.isdigit() and RECENT_US_VOLUME <= int(std.volume) <= newest:
        return (
            "CourtListener lacks the U.S. Reports pages of many recent Supreme Court decisions "
            "(its issues #4290, #6889)"
        )
    if std.reporter in ("F.2d", "F.3d"):
        return f"CourtListener is missing some cases reported in {std.reporter} (its issue #339)"
    if std.reporter.startswith("F. Supp."):
        return "CourtListener holds many district court opinions only in its dockets (its issues #6963, #7596)"
    return None


def citation_url(settings: Settings, std: Standard) -> str:
    """CourtListener's citation redirect page, for a human to click (never fetched by us)."""
    base = settings.courtlistener_url.rstrip("/")
    return f"{base}/c/{quote(std.reporter)}/{quote(std.volume)}/{quote(std.page)}/"


@dataclass
class CaseWork:
    """One case on its way through the checks."""

    record: CaseRecord
    authority: Authority
    std: Standard | None
    parallel: list[Standard] = field(default_factory=list)
    history: list[Standard] = field(default_factory=list)
    cluster: dict | None = None  # the cluster the citation is taken to be
    first_page: int | None = None  # the case's first page in the cited reporter, as CourtListener has it
    not_found: bool = False  # CourtListener has no case at the citation: a search by name follows
    opinions: list[int] = field(default_factory=list)  # the ids of its opinions, from a search
    source: str = ""  # what answered its lookup: CourtListener's API or the case index's snapshot
    next_case_page: int | None = None  # from the case index: where the case ends at the latest
    near: list[dict] = field(default_factory=list)  # from the case index: the volume's cases of its name
    last_case_page: int | None = None  # from the case index: the first page of the volume's last case
    marked_unpublished: bool = False  # the brief says the decision is not precedent ("(unpublished)")

    def lookups(self) -> list[str]:
        stds = ([self.std] if self.std else []) + self.parallel + self.history
        return [s.citation for s in stds if s.coverage != "none"]


def _reason(answer: Answer | None) -> tuple[str, bool]:
    if answer is None:
        return "case lookup disabled", True
    return (answer.unresolved or answer.not_checked or "not looked up"), answer.run_wide


def _cites(cluster: dict) -> list[tuple[str, str, str]]:
    return [
        (str(c.get("volume")), str(c.get("reporter")), str(c.get("page")))
        for c in cluster.get("citations") or []
        if isinstance(c, dict)
    ]


def _same_reporter(a: str, b: str) -> bool:
    return a.replace(" ", "").lower() == b.replace(" ", "").lower()


def _evidence(settings: Settings, cluster: dict) -> Cluster:
    url = cluster.get("absolute_url")
    url = settings.courtlistener_url.rstrip("/") + url if isinstance(url, str) and url.startswith("/") else url
    cites = [" ".join(c) for c in _cites(cluster)]
    return Cluster(
        id=cluster.get("id"),
        case_name=str(cluster.get("case_name") or ""),
        date_filed=cluster.get("date_filed"),
        citations=cites,
        url=url,
    )


def _named(cluster: dict) -> str:
    name = cluster.get("case_name") or cluster.get("caseName") or "a case"
    date = str(cluster.get("date_filed") or cluster.get("dateFiled") or "")[:10]
    return f"{name} ({date})" if date else str(name)


# -- existence and the cluster -------------------------------------------------------------------
def resolve(work: CaseWork, answer: Answer | None, settings: Settings) -> None:
    """Which cluster the citation is (existence, and the name when several share the page)."""
    rec, std = work.record, work.std
    assert std is not None
    rec.evidence_url = citation_url(settings, std)
    if std.coverage == "none":  # never sent: a 404 would say nothing about the decision
        rec.checks.append(
            unchecked(
                "existence",
                f"CourtListener does not hold {std.reporter} ({std.reporter_name}): verify by hand",
                summary_only=True,
            )
        )
        return
    if answer is None or answer.unresolved or answer.not_checked:
        reason, run_wide = _reason(answer)
        rec.checks.append(unchecked("existence", reason, summary_only=run_wide))
        return
    work.source = rec.details["source"] = answer.source  # what answered: the API or the case index
    work.next_case_page, work.near, work.last_case_page = answer.next_case_page, answer.near, answer.last_case_page
    if answer.cached:
        rec.details["cached"] = True
    if answer.status == 404:
        work.not_found = True
        return
    if answer.status == 400 or not answer.clusters:
        rec.checks.append(unchecked("existence", answer.error_message or "CourtListener does not know this reporter"))
        return
    clusters = answer.clusters
    rec.clusters = [_evidence(settings, c) for c in clusters]
    chosen = clusters[0]
    if len(clusters) > 1 and not all(same_case_name(c.get("case_name"), chosen.get("case_name")) for c in clusters):
        # several cases on one page (an orders list): the brief's name says which
        named = [
            c
            for c in clusters
            if rec.case_name and matches_any(rec.case_name, c.get("case_name"), c.get("case_name_full"))
        ]
        names = ", ".join(_named(c) for c in clusters)
        if not named:
            if rec.case_name:
                rec.checks.append(
                    mismatch(
                        "name",
                        f"at {std.citation} CourtListener has {names}; none of them is {rec.case_name}",
                        "name_mismatch",
                    )
                )
            else:
                rec.checks.append(
                    unchecked("existence", f"several cases at {std.citation} ({names}): the brief names none of them")
                )
            return
        chosen = named[0]
    work.cluster = chosen
    url = _evidence(settings, chosen).url
    if url and safe_link(url, source_bases(settings)):  # else the citation page stays the link
        rec.evidence_url = url
    same_book = [c for c in _cites(chosen) if c[0] == std.volume and _same_reporter(c[1], std.reporter)]
    first = next((int(c[2]) for c in same_book if c[2].isdigit()), None)
    if any(c[2] == std.page for c in same_book):
        work.first_page = int(std.page)
        rec.checks.append(match("existence", f"CourtListener has {_named(chosen)} at {std.citation}"))
    else:
        # CourtListener matched through a star page inside an earlier case: not a first page
        work.first_page = first
        begins = f"{std.volume} {std.reporter} {first}" if first else "another page"
        rec.details["cluster_first_page"] = first
        rec.checks.append(
            mismatch(
                "existence",
                f"{std.citation} is not the first page of a case: {chosen.get('case_name')} begins at {begins}",
                "first_page_mismatch",
            )
        )


def identity_checks(work: CaseWork) -> None:
    """Name and year of the case found, against the brief's."""
    rec, cluster = work.record, work.cluster
    if cluster is None:
        return
    if rec.case_name:
        if matches_any(rec.case_name, cluster.get("case_name"), cluster.get("case_name_full")):
            rec.checks.append(match("name", f"the name matches {cluster.get('case_name')}"))
        else:
            rec.details["cluster_case_name"] = cluster.get("case_name")
            rec.checks.append(
                mismatch(
                    "name",
                    f"the case at {rec.citation} is {cluster.get('case_name')}, not {rec.case_name}",
                    "name_mismatch",
                )
            )
    filed = str(cluster.get("date_filed") or "")
    if rec.year and filed[:4].isdigit():
        slack = 1 if cluster.get("date_filed_is_approximate") else 0
        if abs(int(filed[:4]) - rec.year) <= slack:
            rec.checks.append(match("year", f"decided {filed}"))
        else:
            rec.details["date_filed"] = filed
            rec.checks.append(mismatch("year", f"the case was decided on {filed}, not in {rec.year}", "year_mismatch"))


# CourtListener's precedential statuses (courtlistener.STATUSES) of decisions that are no precedent;
# "Published" is, and "Unknown" says nothing.
NOT_PRECEDENT = {
    "Unpublished": "an unpublished (non-precedential) opinion",
    "Errata": "an errata sheet",
    "Separate": "a separate opinion",
    "In-chambers": "an in-chambers opinion",
    "Relating-to": "an order relating to another case",
}


def precedential_check(work: CaseWork) -> None:
    """A decision CourtListener lists as no precedent, cited without saying so ("(unpublished)",
    a reporter of unpublished decisions): many courts' rules require the brief to say it, and
    some forbid the citation. Said so, it matches; a published (or unknown) one adds no check."""
    rec, cluster = work.record, work.cluster
    status = cluster.get("precedential_status") if cluster is not None else None
    what = NOT_PRECEDENT.get(str(status))
    if what is None:
        return
    rec.details["precedential_status"] = status
    if work.marked_unpublished:
        rec.checks.append(match("precedential", f"CourtListener lists it as {what}, as the brief says"))
    else:
        rec.checks.append(
            mismatch(
                "precedential",
                f"CourtListener lists {cluster.get('case_name') if cluster else 'it'} as {what}; "
                "the brief cites it as precedent: say so (“(unpublished)”) if the court's rules allow the citation",
                "not_precedential",
            )
        )


def parallel_checks(work: CaseWork, answers: dict[str, Answer]) -> None:
    """Each parallel cite of the brief names the same case: it leads to the same cluster, or the
    cluster lists it."""
    rec, cluster = work.record, work.cluster
    for std in work.parallel:
        answer = answers.get(std.citation)
        if std.coverage == "none" or answer is None or answer.unresolved or answer.not_checked:
            reason = f"CourtListener does not hold {std.reporter}" if std.coverage == "none" else _reason(answer)[0]
            rec.checks.append(unchecked("parallel", f"parallel citation {std.citation}: {reason}", summary_only=True))
            continue
        if cluster is None:
            continue
        ids = {c.get("id") for c in answer.clusters}
        listed = [c for c in _cites(cluster) if _same_reporter(c[1], std.reporter)]
        if answer.status in (200, 300) and cluster.get("id") in ids:
            rec.checks.append(match("parallel", f"{std.citation} is the same case"))
        elif answer.status in (200, 300) and not any((c[0], c[2]) == (std.volume, std.page) for c in listed):
            rec.checks.append(
                mismatch(
                    "parallel",
                    f"the parallel citation {std.citation} is another case ({_named(answer.clusters[0])})",
                    "parallel_mismatch",
                )
            )
        elif any((c[0], c[2]) == (std.volume, std.page) for c in listed):
            rec.checks.append(match("parallel", f"CourtListener lists {std.citation} for the case"))
        elif listed:
            rec.checks.append(
                mismatch(
                    "parallel",
                    f"the parallel citation {std.citation} does not match the case's {' '.join(listed[0])}",
                    "parallel_mismatch",
                )
            )
        else:
            rec.checks.append(
                unchecked(
                    "parallel",
                    f"parallel citation {std.citation}: CourtListener has no {std.reporter} citation for the case",
                )
            )


def history_checks(work: CaseWork, answers: dict[str, Answer], this_year: int) -> None:
    """A subsequent-history cite (aff'd, cert. denied, enforced ...) leads to a case."""
    rec = work.record
    for std in work.history:
        answer = answers.get(std.citation)
        if std.coverage == "none":
            rec.checks.append(
                unchecked(
                    "history",
                    f"subsequent history {std.citation}: CourtListener does not hold {std.reporter}",
                    summary_only=True,
                )
            )
        elif answer is None or answer.unresolved or answer.not_checked:
            reason, run_wide = _reason(answer)
            rec.checks.append(
                unchecked("history", f"subsequent history {std.citation}: {reason}", summary_only=run_wide)
            )
        elif answer.status in (200, 300):
            rec.checks.append(match("history", f"CourtListener has {_named(answer.clusters[0])} at {std.citation}"))
        elif std.coverage == "full" and not gap(std, this_year):
            rec.details.setdefault("history_not_found", []).append(std.citation)
            rec.checks.append(
                mismatch(
                    "history",
                    f"CourtListener has no case at the subsequent-history cite {std.citation}",
                    "history_not_found",
                )
            )
        else:
            why = gap(std, this_year) or f"CourtListener holds only part of {std.reporter}"
            rec.checks.append(
                unchecked("history", f"subsequent history {std.citation} is not on CourtListener ({why})")
            )


# -- the court ---------------------------------------------------------------------------------
def same_court(a: str, b: str) -> bool:
    if a == b:
        return True
    known = courts()
    return known.get(a, {}).get("parent") == b or known.get(b, {}).get("parent") == a


def court_checks(works: list[CaseWork], cl: CourtListener) -> None:
    """The court of the brief's parenthetical against the court that decided the case found.
    A cluster has no court: a search by cluster ids answers it, twenty clusters a request. A
    Supreme Court reporter (U.S., S. Ct., L. Ed.) needs no search: its cases are the Court's."""
    searched: list[tuple[CaseWork, int, str]] = []  # a case, its cluster's id, the court the brief names
    for w in works:
        if w.cluster is None or not w.record.court:
            continue
        assert w.std is not None  # a cluster is chosen only for a case looked up by its citation
        if w.cluster.get("court_id"):  # the case index has the docket's court
            _court_check(w, w.cluster["id"], w.record.court, w.cluster["court_id"])
        elif not w.std.is_scotus:
            searched.append((w, w.cluster["id"], w.record.court))
        elif w.record.court == "scotus":  # another court on a Supreme Court reporter is an offline finding already
            w.record.checks.append(match("court", "the Supreme Court, as the reporter shows"))
    if not searched:
        return
    hits, problem, run_wide = cl.hits_by_cluster(list(dict.fromkeys(cluster_id for _, cluster_id, _ in searched)))
    for w, cluster_id, cited_court in searched:
        hit = hits.get(cluster_id) or {}
        court = hit.get("court_id")
        if not court:
            why = problem or "CourtListener's search does not show the case"
            w.record.checks.append(unchecked("court", f"court not verified: {why}", summary_only=run_wide))
            continue
        w.opinions = [
            o["id"] for o in hit.get("opinions") or [] if isinstance(o, dict) and isinstance(o.get("id"), int)
        ]
        _court_check(w, cluster_id, cited_court, court)


def _court_check(w: CaseWork, cluster_id: int, cited_court: str, court: str) -> None:
    for c in w.record.clusters:
        if c.id == cluster_id:
            c.court = court
    if same_court(cited_court, court):
        w.record.checks.append(match("court", f"decided by the {court_label(court)}"))
    else:
        w.record.checks.append(
            mismatch(
                "court",
                f"the case was decided by the {court_label(court)}, not the {court_label(cited_court)}",
                "court_mismatch",
            )
        )


# -- not found: a search by name ---------------------------------------------------------------
def not_found_checks(work: CaseWork, cl: CourtListener, this_year: int) -> None:
    """CourtListener has no case at the citation. Before "may be invented", a search by the
    case's name (with its court and year): the case may be there under another citation, or
    without this reporter's."""
    rec, std = work.record, work.std
    assert std is not None  # only a case looked up by its citation can be not found there
    searched, found, problem = "", [], None
    if work.source != API_SOURCE:  # the case index: the volume's cases, read here
        searched = f"the cases of {std.volume} {std.reporter} there" if rec.case_name else ""
        found = work.near
    elif rec.case_name:
        fetched: Fetched = cl.search_name(rec.case_name, rec.court, rec.year)
        where = " ".join(x for x in (court_label(rec.court) if rec.court else "", str(rec.year or "")) if x)
        searched = f"a search for “{rec.case_name}”{f' ({where})' if where else ''}"
        if fetched.problem:
            problem = fetched.problem
        else:
            found = [
                h
                for h in fetched.data["results"]
                if isinstance(h, dict) and matches_any(rec.case_name, h.get("caseName"), h.get("caseNameFull"))
            ]
    absent = f"CourtListener has no case at {std.citation}"
    if work.source != API_SOURCE:  # the case index: what it says holds as of its snapshot
        absent = f"the {work.source} has no case at {std.citation}"
        last = work.last_case_page
        if last is not None and std.page.isdigit() and int(std.page) > last:
            absent += f" (the last case of the volume there begins at page {last})"
    if found:
        hit = found[0]
        cites = [str(c) for c in hit.get("citation") or []]
        ours = [c for c in cites if (s := _standard(c)) and s.reporter == std.reporter]
        seen = (
            f"{hit.get('caseName')} ({hit.get('court_citation_string') or hit.get('court_id')}, "
            f"{str(hit.get('dateFiled') or '')[:10]})"
        )
        if ours:
            rec.checks.append(
                mismatch("existence", f"{absent}; it has {seen} at {', '.join(ours)}", "citation_mismatch")
            )
        else:
            rec.checks.append(
                unchecked(
                    "existence",
                    f"{absent}, but has {seen} without a {std.reporter} citation: check the citation by hand",
                )
            )
        return
    # a search that failed searched nothing: it is not named as searched
    tried = (
        (
            f", and {searched} found no such decision"
            if not problem
            else f" (a search by its name could not be made: {problem})"
        )
        if searched
        else ""
    )
    hole = gap(std, this_year)
    if hole:
        rec.checks.append(unchecked("existence", f"{absent} ({hole}){tried}: check the citation by hand"))
    elif std.coverage != "full":
        rec.details["partial_coverage"] = True
        rec.checks.append(
            unchecked(
                "existence",
                f"{std.citation} is not in CourtListener's database, which holds only "
                f"part of {std.reporter}{tried}: verify this citation by hand",
            )
        )
    else:
        rec.checks.append(mismatch("existence", f"{absent}{tried}: it may be mistyped or invented", "not_found"))


def _standard(cite: str) -> Standard | None:
    parts = cite.split(" ")
    return standardize(parts[0], " ".join(parts[1:-1]), parts[-1]) if len(parts) >= 3 else None


# -- pinpoints and quotations, in the opinion's text ----------------------------------------------
def _wanted(rec: CaseRecord) -> bool:
    return any(pin_pages(c.pin) or c.quotations for c in rec.citations)


def early_pins(work: CaseWork) -> None:
    """Pinpoints before the case's first page (CourtListener's, else the one cited)."""
    first = work.first_page or (int(work.std.page) if work.std else None)
    for cit in work.record.citations:
        early = [p for p in pin_pages(cit.pin) if first is not None and p < first]
        if early:
            cit.checks.append(
                mismatch(
                    "pinpoint",
                    f"{cit.text}: page {early[0]} comes before the first page ({first})",
                    "pincite_before_first_page",
                )
            )


def opinion_checks(work: CaseWork, cl: CourtListener) -> None:
    """Each citation's pinpoint inside the opinion's pages and its quotations in its words. The
    opinions are fetched by id, one after the other, until every pinpoint and quotation is
    placed (a pinpoint in a dissent needs the dissent)."""
    rec, first = work.record, work.first_page
    if work.cluster is None or first is None or not _wanted(rec):
        return  # a case not found (or not found at its first page) is flagged already
    ids = opinion_ids(work.cluster) or work.opinions
    text, last, problem, run_wide, complete = opinions.OpinionText(), None, None, False, True
    for n, oid in enumerate(ids):
        fetched = cl.opinion(oid)
        if fetched.problem:
            problem, run_wide, complete = fetched.problem, fetched.run_wide, False
            break
        text.add(opinions.read(fetched.data))
        last = opinions.span(text, first)
        if n + 1 < len(ids) and _placed(rec, text, first, last):
            complete = False  # the rest is not needed
            break
    if not ids and work.source != API_SOURCE:
        _bounded_checks(work, first)
        return
    if not ids:
        problem, complete = "CourtListener lists no opinion text for the case", False
    reporter = work.std.reporter if work.std else ""
    for cit in rec.citations:
        _pin_check(cit, first, last, problem, run_wide, reporter, complete)
        for q in cit.quotations:
            cit.checks.append(_quote_check(cit, q, text, first, last, problem, run_wide, complete))


def _bounded_checks(work: CaseWork, first: int) -> None:
    """A case found in the case index, whose opinion text is not there: each pinpoint against
    the next case's first page in the volume (a case may end on the page the next one starts
    on), each quotation not verified."""
    bound, no_text = work.next_case_page, "the case index holds no opinion text"
    for cit in work.record.citations:
        pages = pin_pages(cit.pin)
        if pages and not any(c.flag == "pincite_before_first_page" for c in cit.checks):
            past = [p for p in pages if bound is not None and p > bound]
            if bound is None:
                cit.checks.append(
                    unchecked(
                        "pinpoint", f"{cit.text}: pinpoint not verified ({no_text}, nor a later case of the volume)"
                    )
                )
            elif past:
                cit.checks.append(
                    mismatch(
                        "pinpoint",
                        f"{cit.text}: page {past[0]} is past the next case in the volume, which begins at {bound}",
                        "pinpoint_past_end",
                    )
                )
            else:
                cit.checks.append(
                    match("pinpoint", f"page {cit.pin} is before the next case in the volume ({first}-{bound})")
                )
        for _ in cit.quotations:
            cit.checks.append(unchecked("quotation", f"quotation not verified: {no_text}", summary_only=True))


def _placed(rec: CaseRecord, text: opinions.OpinionText, first: int, last: int | None) -> bool:
    """Every pinpoint inside the pages read so far, and every quotation found in the text."""
    for cit in rec.citations:
        if any(p > (last or first) for p in pin_pages(cit.pin)):
            return False
        if any(opinions.find_quote(q, text, cit.quotation_omits).start is None for q in cit.quotations):
            return False
    return True


def _pin_check(
    cit: CitationRecord,
    first: int,
    last: int | None,
    problem: str | None,
    run_wide: bool,
    reporter: str,
    complete: bool,
) -> None:
    pages = pin_pages(cit.pin)
    if not pages or any(c.flag == "pincite_before_first_page" for c in cit.checks):
        return
    beyond = [p for p in pages if p > (last if last is not None else first)]
    if not beyond:
        span = f"{first}-{last}" if last is not None else f"it begins at {first}"
        read = "" if complete else " of the pages read"
        cit.checks.append(match("pinpoint", f"page {cit.pin} is within the opinion ({span}{read})"))
    elif last is not None and complete:
        cit.checks.append(
            mismatch(
                "pinpoint",
                f"{cit.text}: page {beyond[0]} is past the end of the opinion ({first}-{last})",
                "pinpoint_past_end",
            )
        )
    elif problem:
        cit.checks.append(unchecked("pinpoint", f"pinpoint not verified: {problem}", summary_only=run_wide))
    else:
        cit.checks.append(
            unchecked(
                "pinpoint",
                f"{cit.text}: pinpoint not verified (the opinion's text on "
                f"CourtListener has no {reporter} page numbers)",
            )
        )


def _quote_check(
    cit: CitationRecord,
    quote: str,
    text: opinions.OpinionText,
    first: int,
    last: int | None,
    problem: str | None,
    run_wide: bool,
    complete: bool,
) -> Check:
    shown = quote if len(quote) <= 60 else quote[:57] + "..."
    if not text.text:
        return unchecked("quotation", f"quotation not verified: {problem or 'no opinion text'}", summary_only=run_wide)
    found = opinions.find_quote(quote, text, cit.quotation_omits)
    if found.start is None:
        if not complete:
            return unchecked(
                "quotation",
                f"{cit.text}: quotation “{shown}” not found in the part of the opinion "
                f"fetched ({problem or 'the rest was not fetched'})",
            )
        closest = f"; the closest passage reads “{found.closest}”" if found.closest else ""
        return mismatch(
            "quotation", f"{cit.text}: the quotation “{shown}” is not in the opinion{closest}", "quotation_mismatch"
        )
    if last is None:
        return match("quotation", "the quotation is in the opinion (its page is not known)")
    assert found.end is not None  # find_quote sets start and end together
    page = opinions.page_at(text, found.start, first, last)
    end_page = opinions.page_at(text, found.end - 1, first, last)
    pins = pin_pages(cit.pin)
    if pins and not (min(pins) <= end_page and page <= max(pins)):
        return mismatch(
            "quotation",
            f"{cit.text}: the quotation “{shown}” is on page {page}, not at {cit.pin}",
            "quotation_page_mismatch",
        )
    return match("quotation", f"the quotation is on page {page}")


def check_cases(works: list[CaseWork], cl: CourtListener, answers: dict[str, Answer], settings: Settings) -> None:
    """Every online check of every case, then each record's verdict."""
    looked = [w for w in works if w.std is not None]
    for work in looked:
        assert work.std is not None  # looked holds the cases with a citation to look up
        resolve(work, answers.get(work.std.citation), settings)
        identity_checks(work)
        precedential_check(work)
        parallel_checks(work, answers)
        history_checks(work, answers, settings.today().year)
    court_checks(looked, cl)
    for work in looked:
        if work.not_found:
            not_found_checks(work, cl, settings.today().year)
    for work in works:  # pinpoints and quotations of a case not found, or not looked up, wait on its existence
        early_pins(work)
        opinion_checks(work, cl)
        work.record.settle()
