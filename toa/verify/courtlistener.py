"""CourtListener v4 citation-lookup client.

Privacy: the only text ever sent is canonical "volume reporter page" strings (built from
validated components by cases_offline.standardize) joined by "; " — never brief prose.
One request carries up to 250 citations; throttles are respected locally and on 429.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import Callable

from .cache import Cache
from .http import Http, Reply, retry_after_seconds
from .settings import Settings
from .throttle import WindowLimiter

LOOKUP_PATH = "/api/rest/v4/citation-lookup/"
MAX_PER_REQUEST = 250
MAX_THROTTLE_RETRIES = 3
CACHE_PREFIX = "cl4:"


@dataclass
class Answer:
    """CourtListener's answer for one citation, or why there is none."""

    status: int | None = None  # per-item status: 200, 300, 400, 404
    clusters: list[dict] = field(default_factory=list)
    normalized: list[str] = field(default_factory=list)
    error_message: str = ""
    unresolved: str | None = None  # network/protocol failure -> UNRESOLVED
    not_checked: str | None = None  # budget or rate limit -> NOT_CHECKED
    cached: bool = False
    # The reason is the run's, not the citation's (token refused, service down): said once in
    # the report's notes rather than in a comment on every case.
    run_wide: bool = False

    def cacheable(self) -> dict:
        return {"status": self.status, "clusters": self.clusters, "normalized": self.normalized,
                "error_message": self.error_message}


class CourtListener:
    def __init__(self, http: Http, settings: Settings, cache: Cache,
                 progress: Callable[[str, int, int], None] | None = None):
        self.http = http
        self.settings = settings
        self.cache = cache
        self.progress = progress or (lambda *a: None)
        clock = settings.clock
        self.cite_window = WindowLimiter(settings.cl_citations_per_minute, 60.0, clock)
        self.request_window = WindowLimiter(settings.cl_requests_per_minute, 60.0, clock)

    # -- public -------------------------------------------------------------------------
    def lookup(self, citations: list[str]) -> dict[str, Answer]:
        answers: dict[str, Answer] = {}
        pending: list[str] = []
        for cite in dict.fromkeys(citations):  # dedupe, keep order
            hit = self.cache.get(self._key(cite))
            if hit is not None:
                answers[cite] = Answer(**hit, cached=True)
            else:
                pending.append(cite)
        total = len(pending)
        if not pending:
            return answers
        if not self.settings.network:
            return answers | {c: Answer(not_checked="offline mode (cache only)") for c in pending}
        if not self.settings.token:
            return answers | {c: Answer(not_checked="no CourtListener API token") for c in pending}
        throttled = 0
        while pending:
            batch = pending[: min(self.settings.cl_batch_size, MAX_PER_REQUEST)]
            wait = max(self.cite_window.wait_for(len(batch)), self.request_window.wait_for(1))
            if wait > self.settings.max_wait:
                reason = f"CourtListener rate limit (60 citations/minute): next batch allowed in {wait:.0f} s"
                answers.update({c: Answer(not_checked=reason) for c in pending})
                break
            if wait > 0:
                self.settings.sleep(wait)
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
                    answers.update({c: Answer(not_checked="CourtListener kept rate-limiting") for c in pending})
                    break
                continue
            if outcome == "stop":
                for c in pending:
                    answers.setdefault(c, answers[batch[0]])
                break
            requeued = outcome if isinstance(outcome, list) else []
            pending = requeued + pending[len(batch):]
            self.progress("courtlistener", total - len(pending), total)
        for cite, answer in answers.items():
            if not answer.cached and answer.status in (200, 300):
                self.cache.put(self._key(cite), answer.cacheable(), self.settings.case_found_ttl)
            elif not answer.cached and answer.status in (400, 404):
                self.cache.put(self._key(cite), answer.cacheable(), self.settings.negative_ttl)
        return answers

    def _key(self, cite: str) -> str:
        """The server's base URL is part of the key: a test server's answers stay its own."""
        return f"{CACHE_PREFIX}{self.settings.courtlistener_url.rstrip('/')}:{cite}"

    # -- one request --------------------------------------------------------------------
    def _post(self, batch: list[str]) -> Reply:
        return self.http.request(
            "POST",
            self.settings.courtlistener_url.rstrip("/") + LOOKUP_PATH,
            data={"text": "; ".join(batch)},
            headers={"Authorization": f"Token {self.settings.token}", "Accept": "application/json"},
        )

    def _handle(self, reply: Reply, batch: list[str], answers: dict[str, Answer]):
        """Record answers for `batch`; returns "retry", "stop", or the citations to resend."""
        if reply.budget:
            for c in batch:
                answers[c] = Answer(not_checked=reply.error)
            return "stop"
        if reply.error and reply.status is None or (reply.status or 0) >= 500:
            reason = f"CourtListener unreachable: {reply.error or f'HTTP {reply.status}'}"
            for c in batch:
                answers[c] = Answer(unresolved=reason, run_wide=True)
            return "stop"
        if reply.error:  # a redirect that is not followed (another host, https to http, a loop)
            for c in batch:
                answers[c] = Answer(unresolved=f"CourtListener: {reply.error}", run_wide=True)
            return "stop"
        if reply.status in (401, 403):
            for c in batch:
                answers[c] = Answer(unresolved=f"CourtListener refused the API token (HTTP {reply.status})",
                                    run_wide=True)
            return "stop"
        if reply.status == 429:
            wait = self._throttle_wait(reply)
            if wait is not None and wait <= self.settings.max_wait:
                self.settings.sleep(wait)
                return "retry"
            until = f" for {wait:.0f} s" if wait is not None else ""
            for c in batch:
                answers[c] = Answer(not_checked=f"CourtListener rate limit reached{until}")
            return "stop"
        if reply.status != 200:
            for c in batch:
                answers[c] = Answer(unresolved=f"CourtListener answered HTTP {reply.status}")
            return []
        try:
            items = json.loads(reply.text)
            if items == {}:  # CourtListener's answer when the text holds no citation
                items = []
            if not isinstance(items, list):
                raise ValueError("not a list")
        except ValueError:
            for c in batch:
                answers[c] = Answer(unresolved="malformed response from CourtListener")
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


def _which(starts: list[int], batch: list[str], start_index) -> int | None:
    if not isinstance(start_index, int):
        return None
    for i, (s, cite) in enumerate(zip(starts, batch)):
        if s <= start_index < s + len(cite):
            return i
    return None
