"""Cornell LII: the first source for U.S.C., C.F.R., federal rules and the Constitution.

LII is not official: its 404 or a chrome-only page is only a *candidate* negative, which
sends us to the official fallbacks; it never proves a section was made up."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from ..numbering import int_to_roman
from .evidence import (
    CANDIDATE_ABSENT,
    FOUND,
    Evidence,
    bot_wall,
    complete_html,
    digest,
    error,
    html_tree,
    month_dates,
    read_structure,
    status_flags,
    strip_noise,
    text_of,
    transport_error,
)
from .http import Http, Reply
from .settings import Settings

MIN_BODY = 80  # fewer characters of section text: chrome-only page (statutes.md §2)
CREDIT_LINE = re.compile(r"^\((As amended|As added|Pub\. ?L\.|Adopted)", re.I)
_CLASS = 'contains(concat(" ", normalize-space(@class), " "), " {} ")'


@dataclass
class _Page:
    """An LII page that answered 200 in full: the reply (for the digest), its tree, and the
    title bar, which names what LII actually served."""

    reply: Reply
    doc: Any
    heading: str
    section: Any = None  # the section div of a U.S.C. or C.F.R. page, noise stripped


def _candidate_absent(url: str, scope: str, reason: str) -> Evidence:
    return Evidence(CANDIDATE_ABSENT, "LII", url, scope, reason=reason)


def _wrong_page(url: str, scope: str) -> Evidence:
    return error("LII", url, scope, "LII served a different page than requested")


def _refusal(reply: Reply, url: str, scope: str) -> Evidence | None:
    """Why this answer is not an LII page we can read; None when it is one."""
    failed = transport_error(reply, "LII", url, scope)
    if failed:
        return failed
    if reply.status == 404:
        return _candidate_absent(url, scope, "LII has no such page (404)")
    if reply.status != 200:
        return error("LII", url, scope, f"HTTP {reply.status}")
    if bot_wall(reply.text):
        return error("LII", url, scope, "LII answered with a bot-check page")
    if not complete_html(reply.text):
        return error("LII", url, scope, "partial page (truncated)")
    return None


def _open(http: Http, url: str, scope: str, title_id: str = "page_title") -> tuple[_Page | None, Evidence | None]:
    reply = http.get(url)
    failed = _refusal(reply, url, scope)
    if failed:
        return None, failed
    doc = html_tree(reply.text)
    h1 = doc.xpath(f'//h1[@id="{title_id}"]')
    return _Page(reply, doc, text_of(h1[0]) if h1 else ""), None


def _open_section(
    http: Http, url: str, scope: str, served: str, headless_is_chrome: bool
) -> tuple[_Page | None, Evidence | None]:
    """A U.S.C. or C.F.R. page with its section div. `served` is the pattern the title bar
    must show, so that a redirect to a neighbouring section is not taken for the cited one;
    `headless_is_chrome`: a page without a title bar counts as chrome-only, not as another page."""
    page, failed = _open(http, url, scope)
    if failed:
        return None, failed
    sec = page.doc.xpath(f"//div[{_CLASS.format('section')}]")
    if not sec or (headless_is_chrome and not page.heading):
        return None, _candidate_absent(url, scope, "page without a section body (chrome only)")
    if not re.search(served, page.heading):
        return None, _wrong_page(url, scope)
    page.section = sec[0]
    strip_noise(page.section)
    return page, None


def _found(url: str, scope: str, text: str, page: _Page, **kw) -> Evidence:
    return Evidence(FOUND, "LII", url, scope, text=text, sha256=digest(page.reply.text), **kw)


def fetch_usc(http: Http, settings: Settings, title: str, section: str) -> Evidence:
    url = f"{settings.lii_url.rstrip('/')}/uscode/text/{quote(title)}/{quote(section)}"
    scope = "LII U.S. Code (current)"
    served = rf"\b{re.escape(title)} U\.S\. ?Code § {re.escape(section)}(?![\w.-])"
    page, failed = _open_section(http, url, scope, served, headless_is_chrome=False)
    if failed:
        return failed
    sec = page.section
    credit = sec.xpath(f".//div[{_CLASS.format('sourceCredit')}]")
    amended = sorted(d for c in credit for d in c.xpath('.//span[@class="date"]/@date'))
    for c in credit:
        c.drop_tree()
    body = text_of(sec)
    flags = status_flags(sec.get("status"), page.heading)
    if len(body) < MIN_BODY and not flags:
        return _candidate_absent(url, scope, "empty section body (chrome-only page)")
    subunits, paths = {}, {}
    for anchor in sec.xpath(".//a[@name]"):
        name = anchor.get("name")
        if not name:
            continue  # empty anchors occur in tables: a missing anchor is not a missing subsection
        key = "/".join(name.split("_"))
        subunits[key] = text_of(anchor.getparent())
        paths[key] = f"{url}#{name}"
    read = bool(subunits)
    if not subunits:  # no subsection anchors: read the structure from the text itself
        blocks = [text_of(b) for b in sec.xpath(".//*[self::p or self::div][not(.//p) and not(.//div)]")]
        subunits, read = read_structure([b for b in blocks if b] or [body], "a1Ai")
    return _found(
        url,
        scope,
        body,
        page,
        subunits=subunits,
        paths=paths,
        pinpoints_authoritative=read,
        amended=amended,
        flags=flags,
    )


def fetch_cfr(http: Http, settings: Settings, title: str, section: str) -> Evidence:
    url = f"{settings.lii_url.rstrip('/')}/cfr/text/{quote(title)}/{quote(section, safe='()')}"
    scope = "LII C.F.R. (current)"
    served = rf"§ {re.escape(section)}(?![\w.(-])"
    page, failed = _open_section(http, url, scope, served, headless_is_chrome=True)
    if failed:
        return failed
    sec, heading = page.section, page.heading
    paras = [text_of(p) for p in sec.xpath(".//p")]
    source = [p for p in paras if re.match(r"^\[\d+ FR \d+", p)]  # "[69 FR 39213, June 29, 2004, ...]"
    operative = [p for p in paras if p not in source]
    body = " ".join(operative)
    flags = status_flags(None, heading)
    if len(body) < MIN_BODY and not flags:
        return _candidate_absent(url, scope, "empty section body (chrome-only page)")
    subunits, read = read_structure(operative, "a1iA")
    return _found(
        url,
        scope,
        body,
        page,
        subunits=subunits,
        paths={k: f"{url} ({'(' + k.replace('/', ')(') + ')'})" for k in subunits},
        pinpoints_authoritative=read,
        amended=sorted(d for p in source for d in month_dates(p)),
        flags=flags,
    )


def fetch_rule(http: Http, settings: Settings, slug: str, rule: str) -> Evidence:
    url = f"{settings.lii_url.rstrip('/')}/rules/{slug}/rule_{quote(rule)}"
    scope = f"LII {slug.upper()} (current)"
    page, failed = _open(http, url, scope, "page-title")
    if failed:
        return failed
    if not page.heading:
        return _candidate_absent(url, scope, "page without a rule title (chrome only)")
    if not re.match(rf"^Rule {re.escape(rule)}\.", page.heading):
        return _wrong_page(url, scope)
    for node in page.doc.xpath("//nav | //aside | //footer"):
        node.drop_tree()
    operative, credit = [], []
    for p in page.doc.xpath("//article//p"):
        text = text_of(p)
        if CREDIT_LINE.match(text):
            credit.append(text)
            break  # advisory committee notes follow the credit line
        if text:
            operative.append(text)
    body = " ".join(operative)
    if len(body) < 40:
        return _candidate_absent(url, scope, "empty rule body (chrome-only page)")
    effective = [
        d for c in credit for d in month_dates(" ".join(re.findall(r"eff\. [A-Z][a-z]+\.? \d{1,2}, \d{4}", c)))
    ]
    subunits, read = read_structure(operative, "a1Ai")
    return _found(
        url,
        scope,
        body,
        page,
        subunits=subunits,
        paths={k: f"{url}#rule_{rule}_{k.replace('/', '_')}" for k in subunits},
        pinpoints_authoritative=read,
        amended=sorted(effective),
    )


def fetch_constitution(http: Http, settings: Settings, which: str, number: int) -> Evidence:
    """Text of an article or amendment, for quotations only (existence is offline)."""
    roman = int_to_roman(number).lower()
    url = f"{settings.lii_url.rstrip('/')}/constitution/{which}{roman}"
    scope = "LII U.S. Constitution"
    page, failed = _open(http, url, scope)
    if failed:
        return failed
    doc = page.doc
    for node in doc.xpath("//nav | //aside | //footer | //header"):
        node.drop_tree()
    main = (doc.xpath("//article") or doc.xpath("//main") or doc.xpath("//body"))[0]
    paras = [text_of(p) for p in main.xpath(".//p")]
    body = " ".join(paras)
    if len(body) < 20:
        return error("LII", url, scope, "empty page")
    subunits: dict[str, list[str]] = {}
    current = None
    for p in paras:
        m = re.match(r"^Section (\d+)\.", p)
        current = m.group(1) if m else current
        if current:
            subunits.setdefault(current, []).append(p)
    return _found(
        url, scope, body, page, subunits={k: " ".join(v) for k, v in subunits.items()}, pinpoints_authoritative=False
    )


__all__ = ["fetch_usc", "fetch_cfr", "fetch_rule", "fetch_constitution"]
