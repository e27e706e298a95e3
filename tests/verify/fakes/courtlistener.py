"""Fake CourtListener v4: citation-lookup (both forms, statuses 200/300/400/404/429, star
pagination fallback, 250 cap, citation and user throttles), clusters, dockets, opinions (their
text with star pagination), and the opinion search (by case name, court and dates, or by
cluster ids; Published only unless stat_* flags ask for more; 20 rows a page).

Built from the documented behaviour (shared/reference/courtlistener.md), not from CL code.
Throttle arithmetic is modelled: a citation-window entry of n citations lasts
60 s * max(1, n / limit), and a request passes while the window is not full."""

from __future__ import annotations

import json
import re
import threading
from dataclasses import dataclass, field
from datetime import datetime, timezone

from eyecite import get_citations
from eyecite.models import FullCaseCitation, ShortCaseCitation
from flask import Flask, Response, request

from . import data
from .server import slow

MAX_CITATIONS = 250
MAX_TEXT = 64000
SEARCH_PAGE = 20


@dataclass
class CLState:
    clusters: list[dict]
    clock: object
    token: str = "0" * 40
    citation_limit: int = 60
    user_limits: tuple = ((5, 60), (50, 3600), (125, 86400))
    fault: str | None = None  # timeout | 500 | malformed | truncated
    redirect: tuple | None = None  # (status, location): the lookup answers this redirect instead
    finds_nothing: bool = False  # the lookup's eyecite finds no citation in the text
    fault_times: int = 10**6  # how many requests get the fault
    cite_window: list = field(default_factory=list)  # (expires, count)
    user_history: list = field(default_factory=list)  # request times
    lock: threading.Lock = field(default_factory=threading.Lock)
    lookups: list = field(default_factory=list)  # citations received per request
    opinions: dict = field(default_factory=lambda: data.OPINIONS)  # opinion id -> opinion

    def reset(self):
        self.citation_limit, self.user_limits = 60, ((5, 60), (50, 3600), (125, 86400))
        self.fault, self.fault_times = None, 10**6
        self.redirect, self.finds_nothing = None, False
        self.cite_window.clear(), self.user_history.clear(), self.lookups.clear()


def _json(data, status=200, headers=None) -> Response:
    return Response(json.dumps(data), status=status, mimetype="application/json", headers=headers or {})


def _iso(ts: float) -> str:
    return datetime.fromtimestamp(ts, tz=timezone.utc).isoformat().replace("+00:00", "Z")


def serialize(cluster: dict, fields: str | None = None, base: str = "") -> dict:
    """A cluster as the API shows it: no court (that is the docket's), its opinions as URLs."""
    out = {k: v for k, v in cluster.items() if k not in ("star_pages", "court_id", "pages", "opinion_ids")}
    out.setdefault("absolute_url", f"/opinion/{cluster['id']}/{cluster.get('slug', 'case')}/")
    out.setdefault("docket_id", cluster["id"] + 1000)
    out.setdefault("precedential_status", "Published")
    out["sub_opinions"] = [f"{base}/api/rest/v4/opinions/{oid}/" for oid in data.opinion_ids(cluster)]
    if fields:
        wanted = set(fields.split(","))
        out = {k: v for k, v in out.items() if k in wanted}
    return out


def _words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z0-9]+", text.lower()) if len(w) > 1 and w != "v"}


def search_row(cluster: dict) -> dict:
    """A search result as the v4 search API shows one (the fields the checks read, and a few more)."""
    court = data.COURTS.get(cluster["court_id"], (cluster["court_id"], cluster["court_id"]))
    return {
        "absolute_url": f"/opinion/{cluster['id']}/{cluster.get('slug', 'case')}/",
        "caseName": cluster["case_name"],
        "caseNameFull": cluster.get("case_name_full", ""),
        "citation": [f"{c['volume']} {c['reporter']} {c['page']}" for c in cluster["citations"]],
        "citeCount": 0,
        "cluster_id": cluster["id"],
        "court": court[0],
        "court_citation_string": court[1],
        "court_id": cluster["court_id"],
        "dateFiled": cluster["date_filed"],
        "docket_id": cluster["id"] + 1000,
        "docketNumber": "",
        "status": cluster.get("precedential_status", "Published"),
        "opinions": [{"id": oid, "type": "lead-opinion", "snippet": ""} for oid in data.opinion_ids(cluster)],
        "meta": {"score": {"bm25": 1.0}},
    }


def make_app(state: CLState) -> Flask:
    app = Flask("fake_courtlistener")

    def authenticated() -> Response | None:
        header = request.headers.get("Authorization", "")
        if not header:
            return _json({"detail": "Authentication credentials were not provided."}, 401)
        if header != f"Token {state.token}":
            return _json({"detail": "Invalid token."}, 401)
        return None

    def user_throttle() -> Response | None:
        # Like DRF: every exceeded rate is checked and the longest wait is reported.
        now = state.clock()
        exceeded = []
        for limit, period in state.user_limits:
            recent = [t for t in state.user_history if t > now - period]
            if len(recent) >= limit:
                exceeded.append((int(min(recent) + period - now) + 1, limit, period))
        if exceeded:
            wait, limit, period = max(exceeded)
            unit = {60: "min", 3600: "hour", 86400: "day"}[period]
            return _json(
                {"detail": f"Request was throttled. Rate limit exceeded: {limit}/{unit}."},
                429,
                {"Retry-After": str(wait)},
            )
        state.user_history.append(now)
        return None

    def citation_throttle(count: int) -> Response | None:
        now = state.clock()
        state.cite_window[:] = [e for e in state.cite_window if e[0] > now]
        live = sorted(state.cite_window)
        total = sum(c for _, c in live)
        if total >= state.citation_limit:  # check before add
            for expires, c in live:
                total -= c
                if total < state.citation_limit:
                    return _json(
                        {
                            "error_message": f"Too many requests (allowed rate: {state.citation_limit}/min).",
                            "wait_until": _iso(expires),
                        },
                        429,
                    )
        state.cite_window.append((now + 60.0 * max(1.0, count / state.citation_limit), count))
        return None

    def fault_response() -> Response | None:
        if not state.fault or state.fault_times <= 0:
            return None
        state.fault_times -= 1
        if state.fault == "timeout":
            slow(0.6)
            return _json([])
        if state.fault == "500":
            return Response("<h1>Server Error (500)</h1>", status=500)
        if state.fault == "502":
            return Response("Bad gateway", status=502)
        if state.fault == "malformed":
            return Response('[{"citation": "576 U.S. 155", "status": 2', status=200, mimetype="application/json")
        if state.fault == "truncated":
            body = b'[{"citation": "576 U.S. 155", "status": 200, "clusters": ['
            # An iterable body keeps our (too large) Content-Length: the connection closes early.
            return Response(
                iter([body]), status=200, headers={"Content-Length": str(len(body) + 500)}, mimetype="application/json"
            )
        return None

    def find(volume: str, editions: list[str], page: str) -> tuple[int, list[dict]]:
        def cites(c):
            return [(str(x["volume"]), x["reporter"], str(x["page"])) for x in c["citations"]]

        exact = [c for c in state.clusters if any((volume, e, page) in cites(c) for e in editions)]
        if exact:
            return (200 if len(exact) == 1 else 300), sorted(exact, key=lambda c: -c["id"])
        # Star pagination: the case just before the page in that volume, if it has *page.
        before = []
        for c in state.clusters:
            for v, r, p in cites(c):
                if v == volume and r in editions and p.isdigit() and page.isdigit() and int(p) < int(page):
                    before.append((int(p), c))
        if before:
            _, prior = max(before, key=lambda x: x[0])
            if int(page) in prior.get("star_pages", []):
                return 200, [prior]
        return 404, []

    def item(cite, index: int) -> dict:
        g = cite.groups
        volume, page, reporter = g.get("volume"), g.get("page"), g.get("reporter")
        editions = [e.short_name for e in cite.all_editions] or (
            [cite.edition_guess.short_name] if cite.edition_guess else []
        )
        base = {
            "citation": cite.matched_text(),
            "start_index": cite.span()[0],
            "end_index": cite.span()[1],
            "error_message": "",
            "clusters": [],
        }
        if not editions:
            return base | {
                "normalized_citations": [],
                "status": 400,
                "error_message": f"Unable to find reporter with abbreviation of '{reporter}'",
            }
        normalized = [f"{volume} {e} {page}" for e in editions]
        if index >= MAX_CITATIONS:
            return base | {
                "normalized_citations": [cite.corrected_citation()],
                "status": 429,
                "error_message": "Too many citations requested.",
            }
        status, found = find(volume, editions, page)
        base |= {
            "normalized_citations": normalized,
            "status": status,
            "clusters": [serialize(c, base=request.host_url.rstrip("/")) for c in found],
        }
        if status == 404:
            base["error_message"] = f"Citation not found: '{volume} {reporter} {page}'"
        return base

    @app.post("/api/rest/v4/citation-lookup/")
    def lookup():
        if state.redirect:  # e.g. a load balancer moving the API: 301/302/303/307/308
            status, location = state.redirect
            return Response("", status=status, headers={"Location": location})
        return lookup_here()

    @app.post("/api/rest/v4/citation-lookup-moved/")
    def lookup_here():
        with state.lock:
            denied = authenticated() or fault_response() or user_throttle()
            if denied:
                return denied
            data = request.get_json(silent=True) if request.is_json else request.form.to_dict()
            data = data or {}
            text, reporter = data.get("text"), data.get("reporter")
            if text and reporter:
                return _json(
                    {"non_field_errors": ["Invalid request. Provide either a 'text' or 'reporter', not both."]}, 400
                )
            if not text and not reporter:
                return _json({"non_field_errors": ["Either 'text' or 'reporter' is required."]}, 400)
            if reporter:
                missing = {k: ["This field is required."] for k in ("volume", "page") if not data.get(k)}
                if missing:
                    return _json(missing, 400)
                cites = [
                    c
                    for c in get_citations(f"{data['volume']} {reporter} {data['page']}")
                    if isinstance(c, FullCaseCitation)
                ]
                count = 1
            else:
                if len(text.strip()) > MAX_TEXT:
                    return _json({"text": [f"Ensure this field has no more than {MAX_TEXT} characters."]}, 400)
                cites = (
                    [
                        c
                        for c in get_citations(text)
                        if isinstance(c, (FullCaseCitation, ShortCaseCitation))
                        and c.groups.get("volume")
                        and c.groups.get("page")
                    ]
                    if not state.finds_nothing
                    else []
                )
                count = len(cites)
            if not cites:  # CourtListener's view answers an empty dict when the text holds no citation
                return _json({})
            limited = citation_throttle(count)
            if limited:
                return limited
            state.lookups.append([c.matched_text() for c in cites])
            items = [item(c, i) for i, c in enumerate(cites)]
            if reporter:
                items[0] |= {"citation": f"{data['volume']} {reporter} {data['page']}", "start_index": 0}
            return _json(items)

    def gated() -> Response | None:
        """Token-gated GETs count against the per-user quota as the lookup does."""
        with state.lock:
            return authenticated() or fault_response() or user_throttle()

    @app.get("/api/rest/v4/clusters/<int:cid>/")
    def cluster(cid: int):
        denied = gated()
        if denied:
            return denied
        found = next((c for c in state.clusters if c["id"] == cid), None)
        if found is None:
            return _json({"detail": "No OpinionCluster matches the given query."}, 404)
        return _json(serialize(found, request.args.get("fields"), request.host_url.rstrip("/")))

    @app.get("/api/rest/v4/opinions/<int:oid>/")
    def opinion(oid: int):
        denied = gated()
        if denied:
            return denied
        found = state.opinions.get(oid)
        if found is None:
            return _json({"detail": "No Opinion matches the given query."}, 404)
        out = {
            "id": oid,
            "cluster": f"{request.host_url.rstrip('/')}/api/rest/v4/clusters/{found['cluster_id']}/",
            "cluster_id": found["cluster_id"],
            "type": found["type"],
            "plain_text": found.get("plain_text", ""),
            "html_with_citations": found.get("html_with_citations", ""),
        }
        wanted = request.args.get("fields")
        if wanted:
            out = {k: v for k, v in out.items() if k in set(wanted.split(","))}
        return _json(out)

    @app.get("/api/rest/v4/search/")
    def search():
        """Opinion search (type o): fielded `cluster_id:(a OR b)` in q, or case_name (every word),
        court (ids, space separated), filed_after / filed_before (YYYY-MM-DD)."""
        with state.lock:  # anonymous allowed, at the same quota
            if request.headers.get("Authorization"):
                denied = authenticated()
                if denied:
                    return denied
            denied = fault_response() or user_throttle()
            if denied:
                return denied
        args = request.args
        if args.get("type", "o") != "o":
            return _json({"count": 0, "next": None, "previous": None, "results": []})
        statuses = {k[5:] for k, v in args.items() if k.startswith("stat_") and v == "on"} or {"Published"}
        rows = [c for c in state.clusters if c.get("precedential_status", "Published") in statuses]
        ids = re.match(r"^cluster_id:\(([\d OR]+)\)$", args.get("q", "").strip())
        if ids:
            wanted = {int(x) for x in ids.group(1).split(" OR ")}
            rows = [c for c in rows if c["id"] in wanted]
        elif args.get("q"):
            return _json({"detail": "the fake searches by cluster_id or case_name only"}, 400)
        if args.get("case_name"):
            words = _words(args["case_name"])
            rows = [c for c in rows if words <= _words(c["case_name"] + " " + c.get("case_name_full", ""))]
        if args.get("court"):
            rows = [c for c in rows if c["court_id"] in args["court"].split()]
        if args.get("filed_after"):
            rows = [c for c in rows if c["date_filed"] >= args["filed_after"]]
        if args.get("filed_before"):
            rows = [c for c in rows if c["date_filed"] <= args["filed_before"]]
        results = [search_row(c) for c in rows[:SEARCH_PAGE]]
        return _json({"count": len(rows), "next": None, "previous": None, "results": results})

    @app.get("/api/rest/v4/dockets/<int:did>/")
    def docket(did: int):
        denied = authenticated()
        if denied:
            return denied
        found = next((c for c in state.clusters if c["id"] + 1000 == did), None)
        if found is None:
            return _json({"detail": "Not found."}, 404)
        return _json({"id": did, "court_id": found["court_id"], "case_name": found["case_name"]})

    return app
