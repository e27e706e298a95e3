"""From authorities to provision units: what is cited, where it is fetched, what stays local.

A unit is one citation of a provision at one place in the brief. Units that need the same
page share a fetch key, so duplicates cost one request and keep their own unit ids."""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from ..model import Authority
from ..numbering import roman_to_int

RULE_SETS = {  # Bluebook abbreviation -> LII path segment
    "fed. r. civ. p.": "frcp",
    "fed. r. crim. p.": "frcrmp",
    "fed. r. evid.": "fre",
    "fed. r. app. p.": "frap",
    "fed. r. bankr. p.": "frbp",
}

_TITLE = re.compile(r"^\d{1,3}[A-Za-z]?$")
_SECTION = re.compile(r"^[0-9A-Za-z][0-9A-Za-z.\-\u2013()]{0,30}$")
_NUMBER = re.compile(r"^\d{1,6}$")
_RULE = re.compile(r"^\d{1,3}(?:\.\d{1,2})?$")


@dataclass
class Unit:
    unit_id: str
    key: tuple  # authority key
    kind: str  # usc | cfr | fr | rule | const
    canonical_id: str
    provision: str
    fetch_key: tuple | None  # None: nothing to fetch (offline answer or bad components)
    parts: tuple[str, ...]  # pinpoint enumerators, ("c", "2")
    quotation: str | None
    cite_year: int | None
    cite_date: str | None
    paragraph: int
    start: int
    error: str | None = None  # components we refuse to send
    meta: dict | None = None


def article_number(value: str) -> int | None:
    """An article's or amendment's number as the recognizer wrote it: "14" or "XIV"."""
    value = str(value).strip()
    return int(value) if value.isdigit() else roman_to_int(value)


def pinpoint_parts(subsection: str | None) -> tuple[str, ...]:
    return tuple(re.findall(r"\(([A-Za-z0-9]{1,6})\)", subsection or ""))


def _year(meta: dict) -> int | None:
    y = str(meta.get("year") or "")[:4]
    return int(y) if y.isdigit() else None


def const_fields(meta: dict) -> dict:
    """The extractor writes a constitution cite as part "art" | "amend" plus number ("XIV");
    accept that shape as well as article= / amendment=."""
    part = str(meta.get("part") or "").lower()
    if meta.get("number") and part in ("art", "amend") and not (meta.get("article") or meta.get("amendment")):
        return {**meta, ("article" if part == "art" else "amendment"): meta["number"]}
    return meta


def classify(meta: dict) -> str | None:
    meta = const_fields(meta)
    code = str(meta.get("code") or "").replace(" ", "").lower()
    if code == "u.s.c.":
        return "usc"
    if code == "c.f.r.":
        return "cfr"
    if code == "fed.reg.":
        return "fr"
    if meta.get("rule_set"):
        return "rule"
    if meta.get("jurisdiction") and (meta.get("article") or meta.get("amendment")):
        return "const"
    return None


def build_unit(unit_id: str, authority: Authority, occ_index: int) -> Unit | None:
    occ = authority.occurrences[occ_index]
    meta = const_fields(occ.meta or {})
    kind = classify(meta)
    if kind is None:
        return None
    common = dict(unit_id=unit_id, key=authority.key, kind=kind, quotation=meta.get("quotation") or None,
                  cite_year=_year(meta), cite_date=meta.get("date"), paragraph=occ.paragraph, start=occ.start,
                  meta=meta)
    sub = str(meta.get("subsection") or "")
    parts = pinpoint_parts(sub)
    if kind in ("usc", "cfr"):
        title, section = str(meta.get("title", "")).strip(), str(meta.get("section", "")).strip()
        label = "U.S.C." if kind == "usc" else "C.F.R."
        provision = f"{title} {label} § {section}{sub}"
        if not (_TITLE.match(title) and _SECTION.match(section)):
            return Unit(canonical_id=f"{kind}/?", provision=provision, fetch_key=None, parts=parts,
                        error="could not read title and section", **common)
        return Unit(canonical_id=f"{kind}/{title}/{section}", provision=provision,
                    fetch_key=(kind, title, section), parts=parts, **common)
    if kind == "fr":
        volume, page = str(meta.get("volume", "")).strip(), str(meta.get("page", "")).strip()
        provision = f"{volume} Fed. Reg. {page}"
        if not (_NUMBER.match(volume) and _NUMBER.match(page)):
            return Unit(canonical_id="fr/?", provision=provision, fetch_key=None, parts=(),
                        error="could not read volume and page", **common)
        return Unit(canonical_id=f"fr/{volume}/{page}", provision=provision, fetch_key=("fr", volume, page),
                    parts=(), **common)
    if kind == "rule":
        rule_set, rule = str(meta.get("rule_set")), str(meta.get("rule", "")).strip()
        slug = RULE_SETS.get(rule_set.lower().strip())
        provision = f"{rule_set} {rule}{sub}"
        if slug is None or not _RULE.match(rule):
            reason = "no source for this rule set" if slug is None else "could not read the rule number"
            return Unit(canonical_id=f"rule/{slug or rule_set}/{rule}", provision=provision, fetch_key=None,
                        parts=parts, error=reason, **common)
        return Unit(canonical_id=f"rule/{slug}/{rule}", provision=provision, fetch_key=("rule", slug, rule),
                    parts=parts, **common)
    # constitution
    jurisdiction = str(meta.get("jurisdiction")).upper()
    which = "amendment" if meta.get("amendment") else "article"
    number = article_number(str(meta.get(which)))
    section = meta.get("section")
    provision = f"{jurisdiction} Const. {'amend.' if which == 'amendment' else 'art.'} {meta.get(which)}"
    provision += f", § {section}" if section else ""
    provision += f", cl. {meta.get('clause')}" if meta.get("clause") else ""
    canonical = f"const/{jurisdiction.lower()}/{which}/{number}"
    if jurisdiction != "US" or number is None:
        reason = "only the U.S. Constitution is checked" if jurisdiction != "US" else "could not read the number"
        return Unit(canonical_id=canonical, provision=provision, fetch_key=None, parts=(), error=reason, **common)
    return Unit(canonical_id=canonical, provision=provision, fetch_key=("const", which, str(number)),
                parts=(str(section),) if section else (), **common)


def units_for(authority: Authority, counter: list[int]) -> list[Unit]:
    """Units of one authority: every occurrence that carries provision components."""
    units = []
    for i, occ in enumerate(authority.occurrences):
        if not occ.meta:
            continue
        unit = build_unit(f"u{counter[0] + 1}", authority, i)
        if unit is not None:
            counter[0] += 1
            units.append(unit)
    return units


def parse_date(value) -> date | None:
    try:
        return date.fromisoformat(str(value)[:10])
    except (TypeError, ValueError):
        return None
