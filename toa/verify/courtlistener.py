"""CourtListener v4 client: citation lookup, search, opinions.

Privacy: what is sent is canonical "volume reporter page" strings (built from validated
components by cases_offline.standardize) joined by "; ", cluster and opinion ids, and, for a
citation CourtListener has no case at, the case name with a court id and years (a search). Never
brief prose, never a quotation: opinions are fetched by id and quotations compared here.

One lookup request carries up to 250 citations. Every request counts against CourtListener's
per-user quota (5 a minute for a new account): all requests of a run share one pacing window,
rate-limit answers (429) are waited out when the wait is short enough, and a request that would
start after the run's deadline is not sent.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any
from urllib.parse import urlencode

from .cache import Cache
from .http import Http, Reply, retry_after_seconds
from .settings import Settings
from .throttle import WindowLimiter

API = "/api/rest/v4"
LOOKUP_PATH = f"{API}/citation-lookup/"
MAX_PER_REQUEST = 250
MAX_THROTTLE_RETRIES = 3
CACHE_PREFIX = "cl4:"
SEARCH_PAGE = 20  # rows a search answers per page (its page_size is ignored)
# Search is Published-only unless told otherwise (courtlistener.md §7, #7049): ask for every status.
STATUSES = ("Published", "Unpublished", "Errata", "Separate", "In-chambers", "Relating-to", "Unknown")
OPINION_FIELDS = "id,type,html_with_citations,plain_text"
API_SOURCE = "CourtListener API"
# Why no case was asked of CourtListener in a run: the summary says how to fix each (engine.fixes).
OFFLINE = "offline mode (cache only)"
NO_TOKEN = "no CourtListener API token"


@dataclass
class Answer:
    """CourtListener's lookup answer for one citation, or why there is none."""

    status: int | None = None  # per-item status: 200, 300, 400, 404
    clusters: list[dict] = field(default_factory=list)
    normalized: list[str] = field(default_factory=list)
    error_message: str = ""
    unresolved: str | None = None  # network/protocol failure
    not_checked: str | None = None  # budget, rate limit, offline, no token
    cached: bool = False
    # The reason is the run's, not the citation's (token refused, service down): said once in
    # the summary rather than in a comment on every case.
    run_wide: bool = False
    source: str = API_SOURCE  # or the case index's snapshot ("CourtListener bulk snapshot of DATE")
    # From the case index: the first page of the next case in the volume, where the case ends at
    # the latest (its pinpoints' bound when no opinion text can be read).
    next_case_page: int | None = None
    # From the case index, for a citation with no case at its page: the volume's cases of the
    # brief's name, as search hits (caseName, citation, court_id, dateFiled), and its last page.
    near: list[dict] = field(default_factory=list)
    last_case_page: int | None = None

    def cacheable(self) -> dict:
        return {
            "status": self.status,
            "clusters": self.clusters,
            "normalized": self.normalized,
            "error_message": self.error_message,
        }


@dataclass
class Fetched:
    """The JSON of one GET, or why there is none (`problem`; `run_wide` when it is the run's)."""

    data: Any = None
    status: int | None = None
    problem: str | None = None
    run_wide: bool = False


class CourtListener:
    def __init__(
        self, http: Http, settings: Settings, cache: Cache, progress: Callable[[str, int, int], None] | None = None
    ):
        self.http = http
        self.settings = settings
        self.cache = cache
        self.progress = progress or (lambda *a: None)
        clock = settings.clock
        self.cite_window = WindowLimiter(settings.cl_citations_per_minute, 60.0, clock)
        self.request_window = WindowLimiter(settings.cl_requests_per_minute, 60.0, clock)
        self.base = settings.courtlistener_url.rstrip("/")
        # Why CourtListener cannot be asked any more in this run (down, token refused, out of
        # budget or time): later requests are not sent.
        self.stopped: Fetched | None = None

    def _auth(self) -> dict[str, str]:
        return {"Authorization": f"Token {self.settings.token}", "Accept": "application/json"}

    def _offline(self) -> str | None:
        if not self.settings.network:
            return OFFLINE
        if not self.settings.token:
            return NO_TOKEN
        return None

    def _waited(self, wait: float) -> str | None:
        """Sleep `wait` seconds of pacing, or say why not (too long, past the deadline)."""
        if wait > self.settings.max_wait:
            return (
                f"CourtListener rate limit ({self.settings.cl_requests_per_minute} requests a minute): "
                f"the next request would wait {wait:.0f} s"
            )
        deadline = self.settings.deadline
        if deadline is not None and self.settings.clock() + wait >= deadline:
            return (
                "the time for this check ran out (CourtListener allows "
                f"{self.settings.cl_requests_per_minute} requests a minute)"
            )
        if wait > 0:
            self.settings.sleep(wait)
        return None

    # -- citation lookup -------------------------------------------------------------------
    def lookup(self, citations: list[str]) -> dict[str, Answer]:
        answers, pending = self._cached(citations)
        total = len(pending)
        if not pending:
            return answers
        offline = self._offline()
        if offline:
            self.stopped = Fetched(problem=offline, run_wide=True)
            return answers | {c: Answer(not_checked=offline, run_wide=True) for c in pending}
        throttled = 0
        while pending:
            batch = pending[: min(self.settings.cl_batch_size, MAX_PER_REQUEST)]
            late = self._waited(max(self.cite_window.wait_for(len(batch)), self.request_window.wait_for(1)))
            if late:
                answers.update({c: Answer(not_checked=late, run_wide=True) for c in pending})
                break
            reply = self._post(batch)
            # The server counts a batch's citations only when it accepted the batch; a request
            # counts once it passed the per-user throttle (a citation-throttle 429 has).
            if reply.status == 200:
                self.cite_window.record(len(batch))
            if reply.status == 200 or (reply.status == 429 and '"wait_until"' in reply.text):
                self.request_window.record(1)
            outcome = self._handle(reply, batch, answers)
            if outcome == "retry":
                throttled += 1
                if throttled > MAX_THROTTLE_RETRIES:
                    answers.update(
                        {c: Answer(not_checked="CourtListener kept rate-limiting", run_wide=True) for c in pending}
                    )
                    break
                continue
            if outcome == "stop":
                first = answers[batch[0]]
                self.stopped = Fetched(problem=first.unresolved or first.not_checked, run_wide=True)
                for c in pending:
                    answers.setdefault(c, first)
                break
            requeued = outcome if isinstance(outcome, list) else []
            pending = requeued + pending[len(batch) :]
            self.progress("courtlistener", total - len(pending), total)
        self._keep(answers)
        return answers

    def _cached(self, citations: list[str]) -> tuple[dict[str, Answer], list[str]]:
        """The kept answers of `citations`, and the citations (each once, in order) still to ask."""
        answers: dict[str, Answer] = {}
        pending: list[str] = []
        for cite in dict.fromkeys(citations):
            hit = self.cache.get(self._key(cite))
            if hit is not None:
                answers[cite] = Answer(**hit, cached=True)
            else:
                pending.append(cite)
        return answers, pending

    def _keep(self, answers: dict[str, Answer]) -> None:
        """The new answers kept: a case found for its time, a citation found wanting for less."""
        for cite, answer in answers.items():
            if not answer.cached and answer.status in (200, 300):
                self.cache.put(self._key(cite), answer.cacheable(), self.settings.case_found_ttl)
            elif not answer.cached and answer.status in (400, 404):
                self.cache.put(self._key(cite), answer.cacheable(), self.settings.negative_ttl)

    def _key(self, cite: str) -> str:
        """The server's base URL is part of the key: a test server's answers stay its own."""
        return f"{CACHE_PREFIX}{self.base}:{cite}"

    def _post(self, batch: list[str]) -> Reply:
        return self.http.request("POST", self.base + LOOKUP_PATH, data={"text": "; ".join(batch)}, headers=self._auth())

    def _handle(self, reply: Reply, batch: list[str], answers: dict[str, Answer]):
        """Record answers for `batch`; returns "retry", "stop", or the citations to resend."""
        failed = _run_wide_failure(reply)
        if failed is None and reply.status == 429:
            wait = self._throttle_wait(reply)
            if wait is not None and not self._waited(wait):
                return "retry"
            until = f" for {wait:.0f} s" if wait is not None else ""
            failed = Answer(not_checked=f"CourtListener rate limit reached{until}", run_wide=True)
        if failed is not None:
            answers.update(dict.fromkeys(batch, failed))
            return "stop"
        if reply.status != 200:
            answers.update(dict.fromkeys(batch, Answer(unresolved=f"CourtListener answered HTTP {reply.status}")))
            return []
        try:
            items = json.loads(reply.text)
            if items == {}:  # CourtListener's answer when the text holds no citation
                items = []
            if not isinstance(items, list):
                raise ValueError("not a list")
        except ValueError:
            answers.update(dict.fromkeys(batch, Answer(unresolved="malformed response from CourtListener")))
            return []
        return self._read_items(items, batch, answers)

    def _read_items(self, items: list, batch: list[str], answers: dict[str, Answer]) -> list[str]:
        starts, pos = [], 0
        for cite in batch:
            starts.append(pos)
            pos += len(cite) + 2  # "; "
        requeue: list[str] = []
        for item in items:
            if not isinstance(item, dict):
                continue
            index = _which(starts, batch, item.get("start_index"))
            if index is None:
                continue
            cite = batch[index]
            status = item.get("status")
            if status == 429:  # over the per-request cap: resend in the next request
                requeue.append(cite)
                continue
            if cite in answers and answers[cite].status in (200, 300):
                continue  # an earlier item for the same span already answered
            answers[cite] = Answer(
                status=status if isinstance(status, int) else None,
                clusters=[c for c in item.get("clusters") or [] if isinstance(c, dict)],
                normalized=[str(n) for n in item.get("normalized_citations") or []],
                error_message=str(item.get("error_message") or ""),
            )
            if answers[cite].status not in (200, 300, 400, 404):
                answers[cite] = Answer(unresolved=f"unexpected per-citation status {status!r}")
        for cite in batch:
            if cite not in answers and cite not in requeue:
                answers[cite] = Answer(unresolved="CourtListener did not recognise this citation")
        return requeue

    def _throttle_wait(self, reply: Reply) -> float | None:
        """Seconds to wait from either 429 shape: citation throttle (`wait_until`, no
        Retry-After) or the general user throttle (`detail` + Retry-After)."""
        now = self.settings.clock()
        try:
            body = json.loads(reply.text)
        except ValueError:
            body = {}
        body = body if isinstance(body, dict) else {}
        if body.get("wait_until"):
            try:
                until = datetime.fromisoformat(str(body["wait_until"]).replace("Z", "+00:00"))
                return max(0.0, until.timestamp() - now)
            except ValueError:
                pass
        header = retry_after_seconds(reply.headers.get("retry-after"), now)
        if header is not None:
            return header
        match = re.search(r"available in (\d+) seconds", str(body.get("detail", "")))
        return float(match.group(1)) if match else None

    # -- GET endpoints -----------------------------------------------------------------------
    def get(self, path: str, params: dict[str, str], ttl: float) -> Fetched:
        """GET path?params as JSON, from the cache when it holds the answer."""
        url = f"{self.base}{path}?{urlencode(params)}"
        key = f"{CACHE_PREFIX}{url}"
        hit = self.cache.get(key)
        if hit is not None:
            return Fetched(data=hit, status=200)
        if self.stopped:
            return self.stopped
        offline = self._offline()
        if offline:
            self.stopped = Fetched(problem=offline, run_wide=True)
            return self.stopped
        for _ in range(MAX_THROTTLE_RETRIES + 1):
            late = self._waited(self.request_window.wait_for(1))
            if late:
                return Fetched(problem=late, run_wide=True)
            reply = self.http.get(url, headers=self._auth())
            if reply.status != 429:
                self.request_window.record(1)
                break
            wait = self._throttle_wait(reply)
            late = self._waited(wait) if wait is not None else "CourtListener rate limit reached"
            if late:
                return Fetched(problem=late, run_wide=True)
        else:
            return Fetched(problem="CourtListener kept rate-limiting", run_wide=True)
        fetched = self._read(reply)
        if fetched.status == 200:
            self.cache.put(key, fetched.data, ttl)
        return fetched

    def _read(self, reply: Reply) -> Fetched:
        if reply.budget:
            self.stopped = Fetched(problem=reply.error, run_wide=True)
            return self.stopped
        if reply.error and (reply.status is None or reply.status >= 500):
            self.stopped = Fetched(problem=f"CourtListener unreachable: {reply.error}", run_wide=True)
            return self.stopped
        if reply.error:
            self.stopped = Fetched(problem=f"CourtListener: {reply.error}", run_wide=True)
            return self.stopped
        if reply.status in (401, 403):
            self.stopped = Fetched(problem=f"CourtListener refused the API token (HTTP {reply.status})", run_wide=True)
            return self.stopped
        if reply.status == 404:
            return Fetched(status=404, problem="CourtListener has no such record")
        if reply.status != 200:
            return Fetched(status=reply.status, problem=f"CourtListener answered HTTP {reply.status}")
        try:
            return Fetched(data=json.loads(reply.text), status=200)
        except ValueError:
            return Fetched(problem="malformed response from CourtListener")

    def search(self, **params: str) -> Fetched:
        """One page of an opinion search (type o), every precedential status included."""
        query = {"type": "o", **params} | {f"stat_{s}": "on" for s in STATUSES}
        fetched = self.get(f"{API}/search/", query, self.settings.negative_ttl)
        results = fetched.data.get("results") if isinstance(fetched.data, dict) else None
        if fetched.status == 200 and not isinstance(results, list):
            return Fetched(problem="malformed response from CourtListener")
        return fetched

    def hits_by_cluster(self, cluster_ids: list[int]) -> tuple[dict[int, dict], str | None, bool]:
        """The search hit of each cluster (its court and its opinions' ids), asked SEARCH_PAGE at a
        time: (hits by cluster id, why some could not be had, whether that is the run's)."""
        hits: dict[int, dict] = {}
        for i in range(0, len(cluster_ids), SEARCH_PAGE):
            chunk = cluster_ids[i : i + SEARCH_PAGE]
            fetched = self.search(q="cluster_id:(" + " OR ".join(str(c) for c in chunk) + ")")
            if fetched.problem:
                return hits, fetched.problem, fetched.run_wide
            for hit in fetched.data["results"]:
                if isinstance(hit, dict) and hit.get("cluster_id") in chunk:
                    hits[hit["cluster_id"]] = hit
        return hits, None, False

    def search_name(self, name: str, court: str | None, year: int | None) -> Fetched:
        """Decisions by this name (in this court, filed within a year of `year`)."""
        params = {"case_name": name}
        if court:
            params["court"] = court
        if year:
            params |= {"filed_after": f"{year - 1}-01-01", "filed_before": f"{year + 1}-12-31"}
        return self.search(**params)

    def opinion(self, opinion_id: int) -> Fetched:
        return self.get(f"{API}/opinions/{opinion_id}/", {"fields": OPINION_FIELDS}, self.settings.case_found_ttl)


def opinion_ids(cluster: dict) -> list[int]:
    """The ids of a cluster's opinions, from its `sub_opinions` URLs (a cluster id is not one)."""
    out = []
    for url in cluster.get("sub_opinions") or []:
        m = re.search(r"/opinions/(\d+)/?$", str(url))
        if m:
            out.append(int(m.group(1)))
    return out


def _run_wide_failure(reply: Reply) -> Answer | None:
    """What a reply that ends the run's lookups says of every citation of its batch (the request
    budget spent, the service unreachable or failing, a redirect not followed, the token refused),
    or None when the reply answers."""
    if reply.budget:
        return Answer(not_checked=reply.error, run_wide=True)
    if reply.error and reply.status is None or (reply.status or 0) >= 500:
        return Answer(unresolved=f"CourtListener unreachable: {reply.error or f'HTTP {reply.status}'}", run_wide=True)
    if reply.error:  # a redirect that is not followed (another host, https to http, a loop)
        return Answer(unresolved=f"CourtListener: {reply.error}", run_wide=True)
    if reply.status in (401, 403):
        return Answer(unresolved=f"CourtListener refused the API token (HTTP {reply.status})", run_wide=True)
    return None


def _which(starts: list[int], batch: list[str], start_index) -> int | None:
    if not isinstance(start_index, int):
        return None
    for i, (s, cite) in enumerate(zip(starts, batch, strict=True)):
        if s <= start_index < s + len(cite):
            return i
    return None
