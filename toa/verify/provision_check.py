"""Verify statutes, regulations, rules and the Constitution: fetch each unique provision
once (LII first, then at most two official fallbacks), then judge every unit locally."""
from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import fields
from datetime import date
from typing import Callable

from . import constitution, fallbacks, lii, quotes
from .cache import Cache
from .evidence import ABSENT, CANDIDATE_ABSENT, ERROR, FOUND, Evidence
from .http import Http
from .provisions import Unit, parse_date
from .records import (CONFIRMED, EXISTS, FOR_DATE, NOT_CHECKED, NOT_FOUND, NOT_IN_SCOPE, OPEN, P_CONFIRMED,
                      P_NONE, P_NOT_FOUND, P_UNVERIFIED, Q_MATCHED, Q_MISMATCH, Q_NONE, Q_UNVERIFIED,
                      UNRESOLVED, WRONG_DATE, ProvisionRecord, UnitRecord)
from .settings import Settings

Tier = Callable[[Http, Settings, str, str], Evidence]
TIERS: dict[str, list[Tier]] = {
    "usc": [lii.fetch_usc, fallbacks.fetch_olrc, fallbacks.fetch_govinfo_usc],
    "cfr": [lii.fetch_cfr, fallbacks.fetch_ecfr],
    "rule": [lii.fetch_rule],  # no official fallback identified: LII failure -> unresolved
    "fr": [fallbacks.fetch_govinfo_fr, fallbacks.fetch_fedreg],
}
_EVIDENCE_FIELDS = {f.name for f in fields(Evidence)}
# A provision each authoritative source has: its "not found" counts only once it has found this
# one in the run (a proxy, a captive portal, a wrong base URL or a changed address scheme
# answers "not found" to everything).
KNOWN = {"fetch_olrc": (("1", "1"), "1 U.S.C. § 1"), "fetch_govinfo_usc": (("1", "1"), "1 U.S.C. § 1"),
         "fetch_ecfr": (("1", "1.1"), "1 C.F.R. § 1.1"), "fetch_govinfo_fr": (("85", "12345"), "85 Fed. Reg. 12345")}
_TIER_BY_NAME = {t.__name__: t for tiers in TIERS.values() for t in tiers}
# The service each tier asks: its base URL is part of the cache key, so an answer from one
# server (a test server, a mirror) is never shown as another's.
SERVICE = {"fetch_usc": "lii_url", "fetch_cfr": "lii_url", "fetch_rule": "lii_url", "const-text": "lii_url",
           "fetch_olrc": "uscode_url", "fetch_govinfo_usc": "govinfo_url", "fetch_govinfo_fr": "govinfo_url",
           "fetch_ecfr": "ecfr_url", "fetch_fedreg": "fedreg_url"}


class ProvisionChecker:
    def __init__(self, http: Http, settings: Settings, cache: Cache,
                 progress: Callable[[str, int, int], None] | None = None):
        self.http, self.settings, self.cache = http, settings, cache
        self.progress = progress or (lambda *a: None)
        self._sound: dict[str, Evidence] = {}  # tier -> what it answered for its KNOWN provision
        self._sound_lock = threading.Lock()

    # -- fetching -------------------------------------------------------------------------
    def gather(self, units: list[Unit]) -> dict[tuple, list[Evidence]]:
        """Evidence per unique fetch key (duplicates share one fetch), fetched concurrently."""
        keys = list(dict.fromkeys(self.evidence_key(u) for u in units if u.fetch_key))
        done = [0]

        def one(key):
            result = self._tiers(key)
            done[0] += 1
            self.progress("provisions", done[0], len(keys))
            return result

        with ThreadPoolExecutor(max_workers=max(1, self.settings.concurrency)) as pool:
            return dict(zip(keys, pool.map(one, keys)))

    @staticmethod
    def evidence_key(unit: Unit) -> tuple:
        """The key gather() files the evidence for `unit` under."""
        # The Constitution's text is needed only for quotations: existence is offline.
        if unit.kind == "const":
            return unit.fetch_key + (bool(unit.quotation),)
        return unit.fetch_key

    def _tiers(self, key: tuple) -> list[Evidence]:
        kind = key[0]
        if kind == "const":
            _, which, number, wants_text = key
            evs = [constitution.lookup(which, int(number), None)]
            if wants_text and evs[0].state == FOUND:
                evs.append(self._cached(("const-text", which, number),
                                        lambda: lii.fetch_constitution(self.http, self.settings, which, int(number))))
            return evs
        evs: list[Evidence] = []
        for tier in TIERS[kind]:
            ev = self._cached((tier.__name__,) + key[1:], lambda t=tier: t(self.http, self.settings, key[1], key[2]))
            evs.append(ev)
            if ev.state in (FOUND, ABSENT) or ev.budget:
                break
        return evs

    def _cached(self, key: tuple, fetch: Callable[[], Evidence]) -> Evidence:
        base = getattr(self.settings, SERVICE[key[0]]).rstrip("/")
        cache_key = f"src:{base}:" + ":".join(map(str, key))
        hit = self.cache.get(cache_key)
        if hit is not None:
            return Evidence(**{k: v for k, v in hit.items() if k in _EVIDENCE_FIELDS})
        if not self.settings.network:
            return Evidence(ERROR, key[0], None, "", reason="offline mode (cache only)", budget=True)
        ev = fetch()
        if ev.state == ABSENT:
            ev = self._believed(key[0], ev)
        ev.retrieved_at = self.settings.clock()
        if ev.state == FOUND:
            self.cache.put(cache_key, ev.to_cache(), self.settings.source_found_ttl)
        elif ev.state in (ABSENT, CANDIDATE_ABSENT):
            self.cache.put(cache_key, ev.to_cache(), self.settings.negative_ttl)
        return ev  # errors are never cached

    def _believed(self, tier: str, ev: Evidence) -> Evidence:
        """An authoritative negative, or an error when its source does not find what it has."""
        if tier not in KNOWN:
            return ev
        args, label = KNOWN[tier]
        with self._sound_lock:  # once per source and run
            if tier not in self._sound:
                self._sound[tier] = _TIER_BY_NAME[tier](self.http, self.settings, *args)
        check = self._sound[tier]
        if check.state == FOUND:
            return ev
        return Evidence(ERROR, ev.tier, ev.url, ev.scope, budget=check.budget,
                        reason=f"{ev.reason}, but {ev.tier} does not find {label} either ({check.reason}): "
                               "it is down or at a wrong address, and its negative is not believed")

    # -- judging --------------------------------------------------------------------------
    def judge(self, unit: Unit, evs: list[Evidence]) -> UnitRecord:
        requested = parse_date(unit.cite_date) or self.settings.requested_date()
        rec = UnitRecord(unit_id=unit.unit_id, canonical_instrument_id=unit.canonical_id,
                         requested_date=requested, provision=unit.provision,
                         quotation=Q_UNVERIFIED if unit.quotation else Q_NONE,
                         pinpoint=P_UNVERIFIED if unit.parts else P_NONE,
                         paragraph=unit.paragraph, start=unit.start)
        if unit.error:
            rec.unresolved_reason = unit.error
            return rec
        rec.coverage = "; ".join(dict.fromkeys(ev.scope for ev in evs if ev.scope))
        found = next((ev for ev in evs if ev.state == FOUND), None)
        absent = next((ev for ev in evs if ev.state == ABSENT), None)
        if found is None:
            if absent is not None:
                rec.existence, rec.source_url = NOT_IN_SCOPE, absent.url
                rec.retrieved_at, rec.sha256 = absent.retrieved_at, absent.sha256
                rec.flags.extend(absent.flags)
            else:
                rec.unresolved_reason = "; ".join(f"{ev.tier}: {ev.reason}" for ev in evs) or "not fetched"
                rec.budget = any(ev.budget for ev in evs)
            return rec
        rec.existence, rec.source_url = EXISTS, found.url
        rec.retrieved_at, rec.sha256 = found.retrieved_at, found.sha256
        for f in found.flags:
            rec.flag(f)
        text_ev = next((ev for ev in evs if ev.state == FOUND and ev.text), found)
        self._pinpoint(rec, unit, found)
        self._version(rec, unit, found, requested)
        self._quotation(rec, unit, text_ev)
        return rec

    @staticmethod
    def _pinpoint(rec: UnitRecord, unit: Unit, ev: Evidence) -> None:
        if not unit.parts:
            return
        key = "/".join(unit.parts)
        if key in ev.subunits:
            rec.pinpoint = P_CONFIRMED
            if key in ev.paths:
                rec.evidence_paths.append(ev.paths[key])
        elif ev.pinpoints_authoritative:
            # The section exists but this subsection is not on the page: a stale or invented pinpoint.
            rec.pinpoint = P_NOT_FOUND
            rec.flag("subsection_not_found")
            rec.pinpoint_note = _what_exists(unit, ev)
        if unit.kind == "const" and "section_not_in_constitution" in rec.flags:
            rec.pinpoint = P_NOT_FOUND
            rec.flag("subsection_not_found")

    @staticmethod
    def _version(rec: UnitRecord, unit: Unit, ev: Evidence, requested: date) -> None:
        amended = sorted(d for d in (parse_date(a) for a in ev.amended) if d)
        if unit.cite_year and unit.cite_year > requested.year:
            rec.version = WRONG_DATE  # an edition later than the date it must be valid on
        elif ev.published:
            pub = parse_date(ev.published)
            cited = parse_date(unit.cite_date)
            if cited and pub and cited != pub:
                rec.version = WRONG_DATE
            elif pub and pub <= requested:
                rec.version = FOR_DATE
        elif amended and amended[0] > requested:
            rec.version = WRONG_DATE  # enacted (or ratified) after the requested date
        elif amended and amended[-1] <= requested:
            rec.version = FOR_DATE  # no amendment after the date: current text is that day's text
        elif amended:
            rec.version = OPEN
            rec.unresolved_reason = f"amended after {requested.isoformat()}; historical text not fetched"
        elif ev.current_through and parse_date(ev.current_through) and parse_date(ev.current_through) <= requested:
            rec.version = FOR_DATE
        if rec.version == WRONG_DATE:
            rec.flag("wrong_date")

    @staticmethod
    def _quotation(rec: UnitRecord, unit: Unit, ev: Evidence) -> None:
        quote = unit.quotation
        if not quote:
            return
        key = "/".join(unit.parts)
        if not ev.text:
            rec.quotation = Q_UNVERIFIED
            return
        if rec.pinpoint == P_CONFIRMED and ev.subunits.get(key):
            if quotes.matches(quote, ev.subunits[key]):
                rec.quotation = Q_MATCHED if rec.version == FOR_DATE else Q_UNVERIFIED
                return
            if quotes.matches(quote, ev.text):
                rec.quotation = Q_UNVERIFIED
                rec.flag("quotation_in_other_subsection")
                return
        elif quotes.matches(quote, ev.text):
            pin_ok = rec.pinpoint in (P_NONE,)
            rec.quotation = Q_MATCHED if pin_ok and rec.version == FOR_DATE else Q_UNVERIFIED
            return
        rec.quotation = Q_MISMATCH
        rec.quotation_similarity = quotes.similarity(quote, ev.text)
        rec.flag("quotation_mismatch")


def _what_exists(unit: Unit, ev: Evidence) -> str:
    """"§ 230(c) has (1) and (2); the brief cites (c)(4)": the deepest cited level that exists
    and the subdivisions it has."""
    cited = "".join(f"({p})" for p in unit.parts)
    head = unit.provision[: len(unit.provision) - len(cited)] if unit.provision.endswith(cited) else unit.provision
    section = head[head.find("§"):] if "§" in head else head
    for depth in range(len(unit.parts) - 1, -1, -1):
        parent = "/".join(unit.parts[:depth])
        if depth and parent not in ev.subunits:
            continue
        prefix = parent + "/" if parent else ""
        children = [k[len(prefix):] for k in ev.subunits if k.startswith(prefix) and "/" not in k[len(prefix):]]
        if not children:
            continue
        listed = [f"({c})" for c in children]
        names = listed[0] if len(listed) == 1 else ", ".join(listed[:-1]) + " and " + listed[-1]
        where = section + "".join(f"({p})" for p in unit.parts[:depth])
        return f"{where} has {names}; the brief cites {''.join(f'({p})' for p in unit.parts)}"
    return f"{section} has no subdivision {cited}"


def summarize(record: ProvisionRecord) -> None:
    """Authority verdict from its units: any authoritative negative wins, then unresolved."""
    units = record.units
    if not units:
        record.verdict, record.reason = NOT_CHECKED, "no provision components to check"
        return
    for u in units:
        for f in u.flags:
            record.flag(f)
    if any(u.existence == NOT_IN_SCOPE for u in units):
        bad = next(u for u in units if u.existence == NOT_IN_SCOPE)
        record.verdict, record.evidence_url = NOT_FOUND, bad.source_url
        record.reason = f"not found in {bad.coverage}"
    elif any(u.existence == OPEN for u in units):
        open_units = [u for u in units if u.existence == OPEN]
        record.verdict = NOT_CHECKED if all(u.budget for u in open_units) else UNRESOLVED
        record.reason = open_units[0].unresolved_reason or "could not be verified"
    else:
        record.verdict = CONFIRMED
        record.evidence_url = next((u.evidence_paths[0] for u in units if u.evidence_paths), None) or units[0].source_url
        worst = next((u for u in units if u.flags), None)
        record.reason = f"{worst.provision}: {', '.join(worst.flags)}" if worst else ""
