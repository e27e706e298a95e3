"""Official fallbacks, asked only after LII fails: OLRC and GovInfo (U.S.C.), eCFR (C.F.R.),
GovInfo and the Federal Register API (Fed. Reg.). Only these give authoritative negatives.
Every query carries citation components (title, section, part, volume, page) or dates only."""

from __future__ import annotations

import html
import re
from dataclasses import asdict
from datetime import date, timedelta
from urllib.parse import quote

from lxml import etree

from ..oxml import safe_parser
from .effective import effects
from .evidence import (
    ABSENT,
    FOUND,
    Evidence,
    bot_wall,
    complete_html,
    digest,
    error,
    html_tree,
    month_dates,
    read_structure,
    squash,
    status_flags,
    text_of,
    transport_error,
)
from .http import Http, Reply
from .settings import Settings

FR_FIRST_VOLUME_YEAR = 1935  # volume 1 = 1936; volume N is year 1935 + N
FR_MAX_CALLS = 10


# -- OLRC (uscode.house.gov) ---------------------------------------------------------------
def fetch_olrc(http: Http, settings: Settings, title: str, section: str) -> Evidence:
    url = (
        f"{settings.uscode_url.rstrip('/')}/view.xhtml?req=granuleid:USC-prelim-title{quote(title)}"
        f"-section{quote(section)}&num=0&edition=prelim"
    )
    return _olrc(http, url, "current U.S. Code (OLRC, prelim)", title, section)


def fetch_olrc_edition(http: Http, settings: Settings, title: str, section: str, year: int) -> Evidence:
    """The section as OLRC's main edition of `year` prints it (editions from 1994)."""
    req = quote(f"(title:{title} section:{section} edition:{year})", safe="():")
    url = f"{settings.uscode_url.rstrip('/')}/view.xhtml?req={req}"
    return _olrc(http, url, f"U.S. Code, {year} main edition (OLRC)", title, section)


def _olrc(http: Http, url: str, scope: str, title: str, section: str) -> Evidence:
    reply = http.get(url)
    failed = transport_error(reply, "OLRC", url, scope)
    if failed:
        return failed
    text = reply.text
    faces = "javax.faces" in text
    if reply.status == 404 and not faces:
        # OLRC's own pages, its "not found" too, load javax.faces: this is a proxy's, a captive
        # portal's or another server's 404, which says nothing about the section
        return error("OLRC", url, scope, "HTTP 404 from a page that is not OLRC's (a proxy or a wrong address?)")
    if reply.status in (200, 404) and faces and (reply.status == 404 or "Document not found" in text):
        return Evidence(ABSENT, "OLRC", url, scope, reason="OLRC: document not found")
    if reply.status != 200:
        return error("OLRC", url, scope, f"HTTP {reply.status}")
    if "field-start:" not in text and not faces:
        # uscode.house.gov serves its maintenance notice as a 200
        return error("OLRC", url, scope, "uscode.house.gov is under maintenance")
    if not complete_html(text):
        return error("OLRC", url, scope, "partial page (truncated)")
    if f"documentid:{title}_{section}" not in text.replace("\u2013", "-"):
        return error("OLRC", url, scope, "OLRC served a different section than requested")
    m = re.search(r"<!--\s*field-start:statute\s*-->(.*?)<!--\s*field-end:statute\s*-->", text, re.S)
    if not m:
        return error("OLRC", url, scope, "no statute text on the page")
    body = html_tree(f"<div>{m.group(1)}</div>")
    paras = [text_of(p) for p in body.xpath(".//p")] or [text_of(body)]
    through = re.search(r"currentthrough:(\d{4})(\d{2})(\d{2})", text)
    current = f"{through.group(1)}-{through.group(2)}-{through.group(3)}" if through else None
    credit = re.search(r"<!--\s*field-start:sourcecredit\s*-->(.*?)<!--\s*field-end:sourcecredit\s*-->", text, re.S)
    credit_text = squash(html.unescape(re.sub(r"<[^>]+>", " ", credit.group(1)))) if credit else ""
    amended = sorted(month_dates(credit_text))
    subunits, read = read_structure(paras, "a1Ai")
    # "§1973. Transferred", "§79a. Repealed. Pub. L. ...": a section no longer law as cited
    head = re.search(r"<!--\s*field-start:head\s*-->(.*?)<!--\s*field-end:head\s*-->", text, re.S)
    heading = squash(re.sub(r"<[^>]+>", " ", head.group(1))) if head else ""
    heading = re.sub(r"^§\s*" + re.escape(section) + r"\.\s*", "", heading)
    return Evidence(
        FOUND,
        "OLRC",
        url,
        scope + (f" through {current}" if current else ""),
        text=" ".join(paras),
        subunits=subunits,
        pinpoints_authoritative=read,
        current_through=current,
        amended=amended,
        effective=[asdict(e) for e in effects(credit_text, _effective_notes(text))],
        notes_read=True,
        flags=status_flags(None, f" - {heading}"),
        sha256=digest(text),
    )


def _effective_notes(page: str) -> list[tuple[str, str]]:
    """The (heading, paragraph) pairs of a section's effective-date notes: the fields
    effectivedate-note (the section's own) and effectivedate-amendment-note ("Effective Date of
    2019 Amendment", then one paragraph per amending law)."""
    notes = []
    fields = r"<!--\s*field-start:(effectivedate-(?:amendment-)?note)\s*-->(.*?)<!--\s*field-end:\1\s*-->"
    for m in re.finditer(fields, page, re.S):
        heading = ""
        for el in html_tree(f"<div>{m.group(2)}</div>").iter("h3", "h4", "p"):
            if el.tag == "p":
                notes.append((heading, text_of(el)))
            else:
                heading = text_of(el)
    return notes


# -- GovInfo link service ---------------------------------------------------------------------
GOVINFO_ERRORS = ("Multiple Results Found", "Validation Failed", "Content File Not Found")


def _govinfo(http: Http, url: str, scope: str) -> tuple[Reply, Evidence | None]:
    reply = http.get(url)
    failed = transport_error(reply, "GovInfo", url, scope)
    if failed:
        return reply, failed
    if "No Results Found" in reply.text:
        return reply, Evidence(ABSENT, "GovInfo", url, scope, reason="GovInfo: no results found")
    for marker in GOVINFO_ERRORS:
        if marker in reply.text:
            return reply, error("GovInfo", url, scope, f"GovInfo: {marker}")
    if reply.status != 200:
        return reply, error("GovInfo", url, scope, f"HTTP {reply.status}")
    if bot_wall(reply.text) or not complete_html(reply.text):
        return reply, error("GovInfo", url, scope, "partial or bot-check page")
    return reply, None


def fetch_govinfo_usc(http: Http, settings: Settings, title: str, section: str) -> Evidence:
    return _govinfo_usc(http, settings, title, section, "mostrecent", "U.S. Code, most recent edition (GovInfo)")


def fetch_govinfo_usc_edition(http: Http, settings: Settings, title: str, section: str, year: int) -> Evidence:
    """The section as GovInfo's annual edition of `year` (the USCODE collection) prints it."""
    return _govinfo_usc(http, settings, title, section, str(year), f"U.S. Code, {year} edition (GovInfo)")


def _govinfo_usc(http: Http, settings: Settings, title: str, section: str, year: str, scope: str) -> Evidence:
    url = (
        f"{settings.govinfo_url.rstrip('/')}/link/uscode/{quote(title)}/{quote(section)}"
        f"?year={year}&type=usc&link-type=html"
    )
    reply, failed = _govinfo(http, url, scope)
    if failed:
        return failed
    doc = html_tree(reply.text)
    text = text_of(doc)
    if not re.search(rf"§\s?{re.escape(section)}\.", text):
        return error("GovInfo", url, scope, "GovInfo served a different section than requested")
    # the source credit dates the text (enactment and amendments); it is not the section's text
    credit = " ".join(text_of(p) for p in doc.xpath('//p[contains(@class,"source-credit")]'))
    paras = [text_of(p) for p in doc.xpath('//p[not(contains(@class,"source-credit"))]')]
    subunits, read = read_structure(paras, "a1Ai")
    return Evidence(
        FOUND,
        "GovInfo",
        url,
        scope,
        text=" ".join(paras) or text,
        subunits=subunits,
        pinpoints_authoritative=read,
        amended=sorted(month_dates(credit)),
        sha256=digest(reply.text),
    )


def fetch_govinfo_fr(http: Http, settings: Settings, volume: str, page: str) -> Evidence:
    url = f"{settings.govinfo_url.rstrip('/')}/link/fr/{quote(volume)}/{quote(page)}?link-type=html"
    scope = f"Federal Register vol. {volume} (GovInfo)"
    reply, failed = _govinfo(http, url, scope)
    if failed:
        return failed
    text = reply.text
    if f"[[Page {page}]]" not in text and not re.search(rf"\b{volume} FR {page}\b", text):
        # GovInfo returns the last granule on a shared page; without the page marker we cannot tell.
        return error("GovInfo", url, scope, "page marker not found in the returned document")
    date_m = re.search(r"publication[_ ]date[\"']?\s*(?:content=)?[\"']?(\d{4}-\d{2}-\d{2})", text, re.I)
    return Evidence(
        FOUND,
        "GovInfo",
        url,
        scope,
        text=squash(re.sub(r"<[^>]+>", " ", text)),
        published=date_m.group(1) if date_m else None,
        sha256=digest(text),
    )


# -- eCFR versioner --------------------------------------------------------------------------
ECFR_HISTORY_FROM = "2017-01-01"  # eCFR's point-in-time texts are reliable from this date (statutes.md §3)


def _ecfr_rows(http: Http, url: str, scope: str, key: str) -> tuple[list[dict], Evidence | None]:
    """The rows of the list `key` of an eCFR JSON answer ({"titles": [...]}, {"content_versions":
    [...]}), those that are objects. Any other JSON (`[]`, a list that is not one) is an error: it
    says nothing about the section."""
    reply = http.get(url)
    failed = transport_error(reply, "eCFR", url, scope)
    if failed:
        return [], failed
    if reply.status == 503:
        return [], error("eCFR", url, scope, "eCFR is processing (503)")
    if reply.status != 200 or not reply.text.strip():
        return [], error("eCFR", url, scope, f"HTTP {reply.status}" if reply.status != 200 else "empty body")
    try:
        answer = reply.json()
    except ValueError:
        return [], error("eCFR", url, scope, "malformed JSON")
    rows = answer.get(key) if isinstance(answer, dict) else None
    if not isinstance(rows, list):
        return [], error("eCFR", url, scope, f"eCFR answered without its list of {key}")
    return [row for row in rows if isinstance(row, dict)], None


def fetch_ecfr(http: Http, settings: Settings, title: str, section: str) -> Evidence:
    base = settings.ecfr_url.rstrip("/") + "/api/versioner/v1"
    part = section.split(".")[0]
    scope = "eCFR (current)"
    titles, failed = _ecfr_rows(http, f"{base}/titles.json", scope, "titles")
    if failed:
        return failed
    entry = next((t for t in titles if str(t.get("number")) == title), None)
    as_of = entry.get("up_to_date_as_of") if entry else None  # not today: eCFR lags the Federal Register
    if not isinstance(as_of, str) or not re.fullmatch(r"\d{4}-\d{2}-\d{2}", as_of):
        return error("eCFR", f"{base}/titles.json", scope, "title unknown to eCFR")
    wanted = settings.as_of.isoformat() if settings.as_of else None
    point_in_time = wanted is not None and ECFR_HISTORY_FROM <= wanted < as_of
    if point_in_time:  # the text in force on the date asked for (eCFR's history is reliable from 2017)
        as_of = wanted
    scope = f"eCFR as of {as_of} (point-in-time history from 2017)"
    query = f"part={quote(part)}&section={quote(section, safe='()')}"
    versions_url = f"{base}/versions/title-{title}.json?issue_date%5Bgte%5D=1900-01-01&{query}"
    full_url = f"{base}/full/{as_of}/title-{title}.xml?{query}"
    reply = http.get(full_url)
    failed = transport_error(reply, "eCFR", full_url, scope)
    if failed:
        return failed
    if reply.status == 404:
        versions, failed = _ecfr_rows(http, versions_url, scope, "content_versions")
        if failed:
            return failed
        rows = [v for v in versions if v.get("identifier") == section]
        if not rows or all(v.get("removed") for v in rows):
            ev = Evidence(ABSENT, "eCFR", full_url, scope, reason="eCFR: no such section, no version history")
            ev.flags = ["removed"] if rows else []
            return ev
        return error("eCFR", full_url, scope, "eCFR has history for the section but no current text")
    if reply.status != 200 or not reply.text.strip():
        return error("eCFR", full_url, scope, f"HTTP {reply.status}" if reply.status != 200 else "empty body")
    try:
        root = etree.fromstring(reply.text.encode("utf-8"), safe_parser())
    except (etree.XMLSyntaxError, ValueError):
        return error("eCFR", full_url, scope, "malformed or truncated XML")
    div = next((d for d in root.iter("DIV8") if d.get("TYPE") == "SECTION" and d.get("N") == section), None)
    if div is None:
        return error("eCFR", full_url, scope, "eCFR answered without the requested section")
    paras = [squash("".join(p.itertext())) for p in div.iter("P")]
    versions, failed = _ecfr_rows(http, versions_url, scope, "content_versions")
    amended = sorted(
        v["amendment_date"]
        for v in versions
        if v.get("identifier") == section and isinstance(v.get("amendment_date"), str)
    )
    subunits, read = read_structure(paras, "a1iA")
    return Evidence(
        FOUND,
        "eCFR",
        full_url,
        scope,
        text=" ".join(paras),
        subunits=subunits,
        pinpoints_authoritative=read,
        amended=amended,
        current_through=as_of,
        text_date=as_of if point_in_time else None,
        sha256=digest(reply.text),
        reason=None if not failed else f"version history unavailable: {failed.reason}",
    )


# -- Federal Register API ----------------------------------------------------------------------
def fetch_fedreg(http: Http, settings: Settings, volume: str, page: str) -> Evidence:
    """Find the document that covers `page` by bisecting the volume's year on publication
    dates, one week at a time (the API has no citation filter)."""
    base = settings.fedreg_url.rstrip("/") + "/api/v1/documents.json"
    year = FR_FIRST_VOLUME_YEAR + int(volume)
    scope = f"Federal Register {year} (federalregister.gov API, documents since 1994)"
    if year < 1994:
        return error("FederalRegister", None, scope, "the Federal Register API starts in 1994")
    target = int(page)
    lo, hi = date(year, 1, 1), date(year, 12, 31)
    fields = "".join(
        f"&fields%5B%5D={f}" for f in ("start_page", "end_page", "publication_date", "html_url", "volume", "citation")
    )
    for _ in range(FR_MAX_CALLS):
        if lo > hi:
            break
        mid = lo + (hi - lo) // 2
        end = min(mid + timedelta(days=6), date(year, 12, 31))
        url = (
            f"{base}?per_page=1000&conditions%5Bpublication_date%5D%5Bgte%5D={mid.isoformat()}"
            f"&conditions%5Bpublication_date%5D%5Blte%5D={end.isoformat()}{fields}"
        )
        reply = http.get(url)
        failed = transport_error(reply, "FederalRegister", url, scope)
        if failed:
            return failed
        if reply.status != 200:
            return error("FederalRegister", url, scope, f"HTTP {reply.status}")
        try:
            docs = [
                d
                for d in reply.json().get("results", [])
                if isinstance(d.get("start_page"), int) and str(d.get("volume", volume)) == volume
            ]
        except (ValueError, AttributeError):
            return error("FederalRegister", url, scope, "malformed JSON")
        if not docs:
            lo = end + timedelta(days=1)  # no issue that week (holidays): look later
            continue
        first, last = min(d["start_page"] for d in docs), max(d.get("end_page") or d["start_page"] for d in docs)
        if target < first:
            hi = mid - timedelta(days=1)
        elif target > last:
            lo = end + timedelta(days=1)
        else:
            covering = [d for d in docs if d["start_page"] <= target <= (d.get("end_page") or d["start_page"])]
            if not covering:
                return Evidence(
                    ABSENT,
                    "FederalRegister",
                    url,
                    scope,
                    reason=f"no document covers page {page} in the issues that span it",
                )
            best = next((d for d in covering if d["start_page"] == target), covering[0])
            flags = ["ambiguous_page"] if len(covering) > 1 else []
            return Evidence(
                FOUND,
                "FederalRegister",
                best.get("html_url") or url,
                scope,
                published=best.get("publication_date"),
                flags=flags,
                sha256=digest(reply.text),
            )
    return error("FederalRegister", None, scope, "could not locate the page in the volume")
