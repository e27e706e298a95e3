"""Verify statutes, regulations, rules and the Constitution: fetch each unique provision
once (LII first, then at most two official fallbacks), then judge every unit locally."""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import fields, replace
from datetime import date
from functools import partial

from . import constitution, effective, fallbacks, lii, quotes, states
from .release_points import ReleasePoints
from .cache import Cache
from .evidence import ABSENT, CANDIDATE_ABSENT, ERROR, FOUND, Evidence, moved_to
from .http import Http
from .provisions import Unit, cited_parts, parse_date
from .records import (
    EXISTS,
    FOR_DATE,
    NEEDS_ATTENTION,
    NOT_IN_SCOPE,
    OPEN,
    P_CONFIRMED,
    P_NONE,
    P_NOT_FOUND,
    P_UNVERIFIED,
    Q_MATCHED,
    Q_MISMATCH,
    Q_NONE,
    Q_UNVERIFIED,
    WRONG_DATE,
    Check,
    ProvisionRecord,
    UnitRecord,
    match,
    mismatch,
    unchecked,
)
from .settings import Settings

Tier = Callable[[Http, Settings, str, str], Evidence]
TIERS: dict[str, list[Tier]] = {
    "usc": [lii.fetch_usc, fallbacks.fetch_olrc, fallbacks.fetch_govinfo_usc],
    "cfr": [lii.fetch_cfr, fallbacks.fetch_ecfr],
    "rule": [lii.fetch_rule],  # no official fallback identified: LII failure -> unresolved
    "fr": [fallbacks.fetch_govinfo_fr, fallbacks.fetch_fedreg],
    "ca": [states.fetch_california],  # the official site only: no other source has the current text
    # the Legislature's file server first: its statutes site may answer with a script application
    "tx": [states.fetch_texas_files, states.fetch_texas],
}
# With --as-of, the source that serves the text of a past date is asked first; for the U.S. Code,
# the one that prints when each amendment took effect (OLRC's notes), which enactment dates alone
# do not say.
DATED_FIRST: dict[str, Tier] = {"cfr": fallbacks.fetch_ecfr, "usc": fallbacks.fetch_olrc}
# A source that gives only enactment dates (LII, GovInfo) cannot date the text of a day that an
# amendment enacted this shortly before it may not yet have reached (most take effect within a year).
UNREAD_EFFECT_WINDOW = 365  # days
# The U.S. Code's annual editions, asked (OLRC's, else GovInfo's) for a section's text as of an
# --as-of date when the section was amended after it. Each prints the section with its source
# credit, which says which amendments its text holds: the edition whose latest amendment is the
# last one on or before the date holds that date's text.
EDITIONS = [fallbacks.fetch_olrc_edition, fallbacks.fetch_govinfo_usc_edition]
FIRST_EDITION = 1994  # the oldest edition both publish
EDITIONS_TIER = "U.S. Code editions"
# When no edition holds the date's text (amended twice between two editions, or the editions out
# of reach), OLRC's release points are read: the Code as it stood after each public law.
RELEASE_POINTS = "fetch_release_point"
OFFLINE = "offline"  # the tier of an answer not asked for: the run is offline and the cache had none
_EVIDENCE_FIELDS = {f.name for f in fields(Evidence)}
# A provision each authoritative source has: its "not found" counts only once it has found this
# one in the run (a proxy, a captive portal, a wrong base URL or a changed address scheme
# answers "not found" to everything).
KNOWN = {
    "fetch_olrc": (("1", "1"), "1 U.S.C. § 1"),
    "fetch_govinfo_usc": (("1", "1"), "1 U.S.C. § 1"),
    "fetch_ecfr": (("1", "1.1"), "1 C.F.R. § 1.1"),
    "fetch_govinfo_fr": (("85", "12345"), "85 Fed. Reg. 12345"),
    "fetch_california": (("CIV", "1"), "Civil Code section 1"),
    "fetch_texas_files": (("PE", "1.01"), "Penal Code § 1.01"),
    "fetch_texas": (("PE", "1.01"), "Penal Code § 1.01"),
}
_TIER_BY_NAME = {t.__name__: t for tiers in TIERS.values() for t in tiers}
# The service each tier asks: its base URL is part of the cache key, so an answer from one
# server (a test server, a mirror) is never shown as another's.
SERVICE = {
    "fetch_usc": "lii_url",
    "fetch_cfr": "lii_url",
    "fetch_rule": "lii_url",
    "const-text": "lii_url",
    "fetch_olrc": "uscode_url",
    "fetch_olrc_edition": "uscode_url",
    RELEASE_POINTS: "uscode_url",
    "fetch_govinfo_usc": "govinfo_url",
    "fetch_govinfo_usc_edition": "govinfo_url",
    "fetch_govinfo_fr": "govinfo_url",
    "fetch_ecfr": "ecfr_url",
    "fetch_fedreg": "fedreg_url",
    "fetch_california": "california_url",
    "fetch_texas_files": "texas_files_url",
    "fetch_texas": "texas_url",
}


class ProvisionChecker:
    def __init__(
        self, http: Http, settings: Settings, cache: Cache, progress: Callable[[str, int, int], None] | None = None
    ):
        self.http, self.settings, self.cache = http, settings, cache
        self.progress = progress or (lambda *a: None)
        self._sound: dict[str, Evidence] = {}  # tier -> what it answered for its KNOWN provision
        self._sound_lock = threading.Lock()
        self.release_points = ReleasePoints(http, settings, cache.folder)

    # -- fetching -------------------------------------------------------------------------
    def gather(self, units: list[Unit]) -> dict[tuple, list[Evidence]]:
        """Evidence per unique fetch key (duplicates share one fetch), fetched concurrently."""
        keys = list(dict.fromkeys(self.evidence_key(u) for u in units if u.fetch_key))
        done = [0]

        def one(key):
            result = self._tiers(key)
            if not self.http.stopped:  # one that the stop cut short was not looked up
                done[0] += 1
                self.progress("provisions", done[0], len(keys))
            return result

        pool = ThreadPoolExecutor(max_workers=max(1, self.settings.concurrency))
        try:
            return dict(zip(keys, pool.map(one, keys), strict=True))
        except BaseException:  # a signal (KeyboardInterrupt) in this thread: the others stop too
            self.http.stop()
            raise
        finally:
            pool.shutdown(cancel_futures=True)  # waits for the fetches under way, which stop ends at once

    @staticmethod
    def evidence_key(unit: Unit) -> tuple:
        """The key gather() files the evidence for `unit` under."""
        assert unit.fetch_key is not None  # asked only for a unit with something to fetch
        # The Constitution's text is needed only for quotations: existence is offline.
        if unit.kind == "const":
            return unit.fetch_key + (bool(unit.quotations),)
        return unit.fetch_key

    def _tiers(self, key: tuple) -> list[Evidence]:
        kind = key[0]
        if kind == "const":
            _, which, number, wants_text = key
            evs: list[Evidence] = [constitution.lookup(which, int(number), None)]
            if wants_text and evs[0].state == FOUND:
                evs.append(
                    self._cached(
                        ("const-text", which, number),
                        lambda: lii.fetch_constitution(self.http, self.settings, which, int(number)),
                    )
                )
            return evs
        evs = []
        tiers = TIERS[kind]
        if self.settings.as_of is not None and kind in DATED_FIRST:
            tiers = [DATED_FIRST[kind]] + [t for t in tiers if t is not DATED_FIRST[kind]]
        for tier in tiers:
            ev = self._cached((tier.__name__,) + key[1:], partial(tier, self.http, self.settings, key[1], key[2]))
            evs.append(ev)
            if ev.state in (FOUND, ABSENT) or ev.budget:
                break
        found = next((ev for ev in evs if ev.state == FOUND), None)
        if kind == "usc" and found is not None:
            dated = self._dated_usc(key[1], key[2], found)
            if dated is not None:
                evs.append(dated)
        return evs

    def _dated_usc(self, title: str, section: str, current: Evidence) -> Evidence | None:
        """The section's text as of --as-of from the annual edition that holds it (at most two
        editions: the one of the year before the date, then the next or the previous one), else
        from OLRC's release point that does, or an error saying why it was not found; None when
        the current text answers (no --as-of, enacted after the date, or not amended since)."""
        wanted = self.settings.as_of
        if wanted is None:
            return None
        day = wanted.isoformat()
        # an amendment counts from when it took effect: one enacted before the date and in force
        # after it is not in that date's text; one that cannot be placed leaves the version open
        dated = effective.dating(current.amended, [effective.Effect(**e) for e in current.effective], day)
        due = dated.in_force
        if dated.unsure or not due or len(due) == len(current.amended):
            return None
        if due != current.amended[: len(due)]:
            return Evidence(
                ERROR,
                EDITIONS_TIER,
                None,
                "",
                reason=f"the amendment of {dated.later[0]} takes effect after {day}, one enacted after it "
                "before: no edition prints that text",
            )
        tried: list[str] = []
        year = wanted.year - 1
        seen: set[int] = set()
        while FIRST_EDITION <= year <= wanted.year and year not in seen and len(seen) < 2:
            seen.add(year)
            ev = self._edition(title, section, year)
            if ev.state == ERROR:
                tried.append(f"the {year} edition: {ev.reason}")
                break
            if ev.state == ABSENT:
                tried.append(f"the {year} edition ({ev.tier}) does not have the section")
                year += 1
                continue
            if not ev.amended:
                tried.append(f"the {year} edition ({ev.tier}) has no source credit to date its text")
                break
            if ev.amended[-1] > due[-1]:
                tried.append(f"the {year} edition ({ev.tier}) holds the amendment of {ev.amended[-1]}")
                year -= 1
            elif ev.amended[-1] < due[-1]:
                tried.append(f"the {year} edition ({ev.tier}) predates the amendment of {due[-1]}")
                year += 1
            else:
                # dated by the current page's notes when it has them (they cover every amendment)
                notes = current if current.notes_read else ev
                return replace(ev, text_date=day, effective=notes.effective, notes_read=notes.notes_read)
        if not tried:
            tried.append(f"no edition before {FIRST_EDITION}")
        ev = self._cached(
            (RELEASE_POINTS, title, section), partial(self.release_points.section, title, section, wanted, due[-1])
        )
        if ev.state == FOUND:  # dated, like an edition, by the current page's notes when it has them
            notes = current if current.notes_read else ev
            return replace(ev, effective=notes.effective, notes_read=notes.notes_read)
        tried.append(f"OLRC's release points: {ev.reason}")
        return Evidence(ERROR, EDITIONS_TIER, None, "", reason="; ".join(tried))

    def _edition(self, title: str, section: str, year: int) -> Evidence:
        errors = []
        for tier in EDITIONS:
            ev = self._cached(
                (tier.__name__, title, section, year), partial(tier, self.http, self.settings, title, section, year)
            )
            if ev.state in (FOUND, ABSENT):
                return ev
            errors.append(_failure(ev))
            if ev.budget:
                break
        return Evidence(ERROR, EDITIONS_TIER, None, "", reason="; ".join(errors))

    def _cached(self, key: tuple, fetch: Callable[[], Evidence]) -> Evidence:
        # Keyed by the service that answers and the date the text is wanted for.
        base = getattr(self.settings, SERVICE[key[0]]).rstrip("/")
        as_of = self.settings.as_of.isoformat() if self.settings.as_of else "current"
        cache_key = f"src:{base}:{as_of}:" + ":".join(map(str, key))
        hit = self.cache.get(cache_key)
        if hit is not None:
            return Evidence(**{k: v for k, v in hit.items() if k in _EVIDENCE_FIELDS})
        if not self.settings.network:
            return Evidence(ERROR, OFFLINE, None, "", reason="offline mode (cache only)", budget=True)
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
        return Evidence(
            ERROR,
            ev.tier,
            ev.url,
            ev.scope,
            budget=check.budget,
            reason=f"{ev.reason}, but {ev.tier} does not find {label} either ({check.reason}): "
            "it is down or at a wrong address, and its negative is not believed",
        )

    # -- judging --------------------------------------------------------------------------
    def judge(self, unit: Unit, evs: list[Evidence]) -> UnitRecord:
        requested = parse_date(unit.cite_date) or self.settings.requested_date()
        rec = UnitRecord(
            unit_id=unit.unit_id,
            canonical_instrument_id=unit.canonical_id,
            requested_date=requested,
            provision=unit.provision,
            quotation=Q_UNVERIFIED if unit.quotations else Q_NONE,
            pinpoint=P_UNVERIFIED if unit.parts else P_NONE,
            paragraph=unit.paragraph,
            start=unit.start,
        )
        if unit.error:
            rec.unresolved_reason = unit.error
            rec.checks = unit_checks(rec, unit)
            return rec
        # The scope of a negative names only the sources that answered, not those that failed.
        rec.coverage = "; ".join(dict.fromkeys(ev.scope for ev in evs if ev.scope and ev.state != ERROR))
        found = next((ev for ev in evs if ev.state == FOUND), None)
        absent = next((ev for ev in evs if ev.state == ABSENT), None)
        if found is None:
            if absent is not None:
                rec.existence, rec.source_url = NOT_IN_SCOPE, absent.url
                rec.retrieved_at, rec.sha256 = absent.retrieved_at, absent.sha256
                rec.flags.extend(absent.flags)
            else:
                rec.unresolved_reason = "; ".join(dict.fromkeys(map(_failure, evs))) or "not fetched"
                rec.budget = any(ev.budget for ev in evs)
            rec.checks = unit_checks(rec, unit)
            return rec
        # The text of the date asked for (an edition of the U.S. Code), when one was fetched, is the
        # one its pinpoint, version and quotations are checked against.
        dated = next((ev for ev in evs if ev.state == FOUND and ev.text_date and ev is not found), None)
        basis, rec.text_version = _in_version(unit, dated or found)
        rec.existence, rec.source_url = EXISTS, basis.url
        rec.retrieved_at, rec.sha256 = basis.retrieved_at, basis.sha256
        for f in found.flags:
            rec.flag(f)
        text_ev = basis if dated or basis.text else next((ev for ev in evs if ev.state == FOUND and ev.text), found)
        self._pinpoint(rec, unit, basis)
        self._version(rec, unit, basis, requested, current=self.settings.as_of is None and not unit.cite_date)
        undated = next((ev for ev in evs if ev.tier == EDITIONS_TIER), None)
        if rec.version == OPEN and undated is not None:
            rec.unresolved_reason = f"{rec.unresolved_reason}: {undated.reason}"
        self._quotation(rec, unit, text_ev)
        rec.checks = unit_checks(rec, unit, found)
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
            # The section's structure was read and this subsection is not in it: a stale or invented pinpoint.
            rec.pinpoint = P_NOT_FOUND
            rec.flag("subsection_not_found")
            rec.pinpoint_note = _what_exists(unit, ev)
        if unit.kind == "const" and "section_not_in_constitution" in rec.flags:
            rec.pinpoint = P_NOT_FOUND
            rec.flag("subsection_not_found")

    @staticmethod
    def _version(rec: UnitRecord, unit: Unit, ev: Evidence, requested: date, current: bool) -> None:
        """`current`: the text is wanted as of the day of the run, which a current source's text is.
        An amendment counts from the day it took effect, when the source's notes say it."""
        day = requested.isoformat()
        # today's text is wanted as the source prints it; a text of a date, with what was in force then
        known = [] if current else [effective.Effect(**e) for e in ev.effective]
        dated = effective.dating(ev.amended, known, day)
        if unit.cite_year and unit.cite_year > requested.year:
            rec.version = WRONG_DATE  # an edition later than the date it must be valid on
        elif ev.text_date and parse_date(ev.text_date) == requested:
            rec.version = FOR_DATE  # the text of that very day (eCFR's point in time)
        elif ev.published:
            pub = parse_date(ev.published)
            cited = parse_date(unit.cite_date)
            if cited and pub and cited != pub:
                rec.version = WRONG_DATE
            elif pub and pub <= requested:
                rec.version = FOR_DATE
        elif ev.amended and min(ev.amended) in dated.later:
            rec.version = WRONG_DATE  # enacted (or ratified), or in force, only after the requested date
        elif dated.unsure:
            rec.version = OPEN
            rec.unresolved_reason = "; ".join(dated.unsure)
        elif ev.amended and not dated.later:
            rec.version = FOR_DATE  # no amendment in force after the date: current text is that day's text
        elif ev.amended:
            rec.version = OPEN
            pending = [a for a in dated.later if a <= day]
            rec.unresolved_reason = (
                f"amended on {pending[0]}, in force only after {day}" if pending else f"amended after {day}"
            ) + "; the text of that date was not fetched"
        elif ev.current_through and (through := parse_date(ev.current_through)) and through <= requested:
            rec.version = FOR_DATE
        elif current:
            rec.version = FOR_DATE  # the current text, wanted as of today
        recent = [a for a in dated.in_force if (d := parse_date(a)) and (requested - d).days < UNREAD_EFFECT_WINDOW]
        if rec.version == FOR_DATE and unit.kind == "usc" and not ev.notes_read and recent and not current:
            rec.version = OPEN
            rec.unresolved_reason = (
                f"amended on {recent[-1]}, within the year before {day}, and {ev.tier} gives only enactment "
                "dates: effective date not read"
            )
        if rec.version == WRONG_DATE:
            rec.flag("wrong_date")

    @staticmethod
    def _quotation(rec: UnitRecord, unit: Unit, ev: Evidence) -> None:
        """Each quotation in the pinpoint's text (or the section's, without a pinpoint)."""
        if not unit.quotations:
            return
        if not ev.text:
            rec.quotation = Q_UNVERIFIED
            return
        key = "/".join(unit.parts)
        where = ev.subunits.get(key) if rec.pinpoint == P_CONFIRMED else None
        results = []
        left_out = unit.quotation_omits
        for quote in unit.quotations:
            in_section = quotes.matches(quote, ev.text, left_out)
            if where and quotes.matches(quote, where, left_out) or not unit.parts and in_section:
                results.append(Q_MATCHED)
            elif in_section:
                results.append(Q_UNVERIFIED)
                if rec.pinpoint == P_CONFIRMED:
                    rec.flag("quotation_in_other_subsection")
            elif rec.version != FOR_DATE:
                results.append(Q_UNVERIFIED)  # not in a text of another date: that says nothing of the date's
            else:
                results.append(Q_MISMATCH)
                rec.quotation_similarity = quotes.similarity(quote, ev.text, left_out)
                rec.flag("quotation_mismatch")
        if Q_MISMATCH in results:
            rec.quotation = Q_MISMATCH
        elif Q_UNVERIFIED in results or rec.version != FOR_DATE:
            rec.quotation = Q_UNVERIFIED
        else:
            rec.quotation = Q_MATCHED


def _in_version(unit: Unit, ev: Evidence) -> tuple[Evidence, str | None]:
    """Of a section printed with several texts under one number, the text the citation is checked
    against: the first that has both its pinpoint and its quotations, else its pinpoint, else its
    quotations, else the first; with that text's note when the texts differ in having them."""
    if not ev.versions:
        return ev, None
    key = "/".join(unit.parts)
    texts = [
        replace(
            ev,
            text=v["text"],
            subunits=v["subunits"],
            pinpoints_authoritative=v["pinpoints_authoritative"],
            amended=v["amended"],
            versions=[],
        )
        for v in ev.versions
    ]

    def fit(text: Evidence) -> tuple[bool, bool, bool]:
        pinned = not unit.parts or key in text.subunits
        where = text.subunits.get(key, "") if unit.parts and pinned else text.text
        quoted = all(quotes.matches(q, where, unit.quotation_omits) for q in unit.quotations)
        return pinned and quoted, pinned, quoted

    fits = [fit(t) for t in texts]
    best = fits.index(max(fits))
    if len(set(fits)) == 1:
        return texts[best], None
    note = ev.versions[best]["note"]
    return texts[best], note[:1].lower() + note[1:] if note else f"text {best + 1} of {len(texts)} under the number"


# Flags of a provision's status on its source: found, and yet no longer law as cited.
STATUS_TEXT = {
    "repealed": "is repealed",
    "transferred": "was transferred",
    "renumbered": "was renumbered",
    "omitted": "is omitted from the Code",
    "reserved": "is reserved",
    "vacant": "is vacant",
    "removed": "was removed",
    "section_not_in_constitution": "has no such section",
}


def unit_checks(rec: UnitRecord, unit: Unit, ev: Evidence | None = None) -> list[Check]:
    """The checks of one cited provision, from its axes (statutes.md §5)."""
    name = unit.provision
    if rec.existence == NOT_IN_SCOPE:
        return [
            mismatch("existence", f"{name} was not found in {' nor in '.join(rec.coverage.split('; '))}", "not_found")
        ]
    if rec.existence == OPEN:
        # a failed fetch or a kind with no source: said in the summary, never evidence of invention
        reason = rec.unresolved_reason or "not fetched"
        if reason.startswith("could not read"):  # this citation's own trouble: said where it stands
            return [unchecked("existence", f"{name}: {reason}")]
        return [unchecked("existence", reason, summary_only=True)]  # the summary names the provisions
    checks = [match("existence", f"{name} exists ({rec.coverage})")]
    in_version = f" (in the {rec.text_version})" if rec.text_version else ""
    for flag, text in STATUS_TEXT.items():
        if flag in rec.flags and flag != "section_not_in_constitution":
            target = moved_to(ev.text) if ev is not None and flag in ("transferred", "renumbered") else None
            checks.append(mismatch("existence", f"{name} {text}" + (f" (now {target})" if target else ""), flag))
    if unit.parts:
        cited = cited_parts(unit.parts).lstrip(", ")
        if rec.pinpoint == P_CONFIRMED:
            checks.append(match("pinpoint", f"{name}: {cited} exists{in_version}"))
        elif rec.pinpoint == P_NOT_FOUND:
            note = rec.pinpoint_note or f"no subdivision {cited}"
            checks.append(
                mismatch("pinpoint", f"{name}: the cited subdivision does not exist ({note})", "subsection_not_found")
            )
        else:
            source = ev.tier if ev else "the source"
            checks.append(
                unchecked(
                    "pinpoint",
                    f"{name}: pinpoint not verified ({source} shows no structure of the section to find {cited} in)",
                )
            )
    on = rec.requested_date.isoformat() if rec.requested_date else "the date"
    if rec.version == FOR_DATE:
        checks.append(match("version", f"{name} in force on {on}"))
    elif rec.version == WRONG_DATE:
        checks.append(mismatch("version", f"{name}: the cited edition or date does not match {on}", "wrong_date"))
    else:
        checks.append(
            unchecked(
                "version",
                f"{name}: version for {on} not verified ({rec.unresolved_reason or 'no date of the text known'})",
            )
        )
    if unit.quotations:
        if rec.quotation == Q_MATCHED:
            checks.append(match("quotation", f"{name}: the quotation is in its text{in_version}"))
        elif rec.quotation == Q_MISMATCH:
            checks.append(
                mismatch(
                    "quotation",
                    f"{name}: a quotation does not appear in its text (the closest "
                    f"passage shares {round(100 * (rec.quotation_similarity or 0))}% "
                    "of it)",
                    "quotation_mismatch",
                )
            )
        elif "quotation_in_other_subsection" in rec.flags:
            checks.append(
                mismatch(
                    "quotation",
                    f"{name}: the quotation is in another subdivision, not {cited_parts(unit.parts).lstrip(', ')}",
                    "quotation_in_other_subsection",
                )
            )
        else:
            checks.append(
                unchecked(
                    "quotation",
                    f"{name}: quotation not verified (no text of the "
                    f"{'subdivision' if unit.parts else 'provision'} for {on})",
                )
            )
    return checks


def _what_exists(unit: Unit, ev: Evidence) -> str:
    """ "§ 230(c) has (1) and (2); the brief cites (c)(4)": the deepest cited level that exists
    and the subdivisions it has."""
    cited = cited_parts(unit.parts)
    head = unit.provision[: len(unit.provision) - len(cited)] if unit.provision.endswith(cited) else unit.provision
    where_from = re.search(r"(?:§|art\.)\s.*$", head)
    section = where_from.group() if where_from else head
    brief_cites = cited.lstrip(", ")
    for depth in range(len(unit.parts) - 1, -1, -1):
        parent = "/".join(unit.parts[:depth])
        if depth and parent not in ev.subunits:
            continue
        prefix = parent + "/" if parent else ""
        children = [k[len(prefix) :] for k in ev.subunits if k.startswith(prefix) and "/" not in k[len(prefix) :]]
        if not children:
            continue
        listed = [cited_parts((c,)).lstrip(", ") for c in children]
        names = listed[0] if len(listed) == 1 else ", ".join(listed[:-1]) + " and " + listed[-1]
        where = section + cited_parts(unit.parts[:depth])
        return f"{where} has {names}; the brief cites {brief_cites}"
    return f"{section} has no subdivision {brief_cites}"


def _failure(ev: Evidence) -> str:
    """Why a source gave no answer, with the source's name ("LII: connection failed"); offline, the
    same words as the cases' ("offline mode (cache only)"), so the summary says it once."""
    return (ev.reason or "no answer") if ev.tier == OFFLINE else f"{ev.tier}: {ev.reason}"


def settle_provision(record: ProvisionRecord) -> None:
    """The authority's verdict from its units'; the evidence link is the first mismatch's source
    (else the pinpoint's anchor, else the section's page)."""
    record.settle()
    bad = next((u for u in record.units if u.verdict == NEEDS_ATTENTION), None)
    record.evidence_url = (
        (bad.source_url if bad else None)
        or next((u.evidence_paths[0] for u in record.units if u.evidence_paths), None)
        or next((u.source_url for u in record.units if u.source_url), None)
    )
