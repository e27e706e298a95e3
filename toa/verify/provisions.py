"""From authorities to provision units: what is cited, where it is fetched, what stays local.

A unit is one citation of a provision at one place in the brief. Units that need the same
page share a fetch key, so duplicates cost one request and keep their own unit ids."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date

from ..keys import Key
from ..meta import ConstitutionMeta, Meta, ProvisionMeta, SeriesMeta
from .quoted import key as quoted_key
from .states import ARTICLE_SECTION, article_and_section, readable_section, state_code
from ..model import Authority
from ..recognizers.rules import FEDERAL_SETS
from ..numbering import roman_to_int

# Bluebook abbreviation (lower case) -> LII path segment (data/federal_rule_sets.toml)
RULE_SETS = {entry["printed"].lower(): entry["lii"] for entry in FEDERAL_SETS if "lii" in entry}

_TITLE = re.compile(r"^\d{1,3}[A-Za-z]?$")
_SECTION = re.compile(r"^[0-9A-Za-z][0-9A-Za-z.\-\u2013()]{0,30}$")
_NUMBER = re.compile(r"^\d{1,6}$")
_RULE = re.compile(r"^\d{1,4}(?:\.\d{1,2})?$")  # four digits: Fed. R. Evid. 1001-1103, Bankruptcy Rule 7056


@dataclass
class Unit:
    unit_id: str
    key: Key  # authority key
    kind: str  # usc | cfr | fr | rule | const | ca | tx
    canonical_id: str
    provision: str
    fetch_key: tuple | None  # None: nothing to fetch (offline answer or bad components)
    parts: tuple[str, ...]  # pinpoint enumerators, ("c", "2")
    quotations: list[str]  # the words the brief quotes from the provision here
    cite_year: int | None
    cite_date: str | None
    paragraph: int
    start: int
    error: str | None = None  # components we refuse to send
    quotation_omits: list[str] = field(default_factory=list)  # what the brief says its quotations leave out


def cited_parts(parts: tuple[str, ...] | list[str]) -> str:
    """How the brief writes a pinpoint: "(c)(2)", or ", § 2(b)" for a section inside an article."""
    return "".join(f", § {p[len(ARTICLE_SECTION) :]}" if p.startswith(ARTICLE_SECTION) else f"({p})" for p in parts)


def article_number(value: str) -> int | None:
    """An article's or amendment's number as the recognizer wrote it: "14" or "XIV"."""
    value = str(value).strip()
    return int(value) if value.isdigit() else roman_to_int(value)


def pinpoint_parts(subsection: str | None) -> tuple[str, ...]:
    return tuple(re.findall(r"\(([A-Za-z0-9]{1,6})\)", subsection or ""))


def _year(meta: ProvisionMeta) -> int | None:
    """The year of the edition a citation names ("47 U.S.C. § 230 (2018)", "(Supp. IV 2022)")."""
    years = re.findall(r"\b\d{4}\b", meta.edition)
    return int(years[-1]) if years else None


def classify(meta: Meta | None) -> str | None:
    """Which source checks a citation: "usc", "cfr", "fr", "rule", "const", "ca" or "tx" (a
    California or Texas code), or None (not a provision a source is asked about)."""
    if isinstance(meta, ProvisionMeta):
        code = meta.code.replace(" ", "").lower()
        if code in ("u.s.c.", "c.f.r."):
            return "usc" if code == "u.s.c." else "cfr"
        if meta.rule_set:
            return "rule"
        state = state_code(meta.jurisdiction, meta.state_implied, meta.code) if meta.code else None
        return state[0] if state else None
    if isinstance(meta, SeriesMeta):
        return "fr" if meta.series == "Fed. Reg." else None
    if isinstance(meta, ConstitutionMeta) and meta.jurisdiction and meta.part in ("art", "amend") and meta.number:
        return "const"
    return None


def build_unit(unit_id: str, authority: Authority, occ_index: int, quotations: dict) -> Unit | None:
    occ = authority.occurrences[occ_index]
    meta = occ.meta
    kind = classify(meta)
    if kind is None:
        return None
    common = dict(
        unit_id=unit_id,
        key=authority.key,
        kind=kind,
        quotations=quoted.words if (quoted := quotations.get(quoted_key(occ))) else [],
        quotation_omits=quoted.omitted if quoted else [],
        cite_year=_year(meta) if isinstance(meta, ProvisionMeta) else None,
        cite_date=meta.date if isinstance(meta, SeriesMeta) else None,
        paragraph=occ.paragraph,
        start=occ.start,
    )
    if isinstance(meta, ProvisionMeta) and kind in ("usc", "cfr"):
        sub = meta.subsection
        parts = pinpoint_parts(sub)
        title, section = meta.title.strip(), meta.section.strip()
        label = "U.S.C." if kind == "usc" else "C.F.R."
        provision = f"{title} {label} § {section}{sub}"
        if not (_TITLE.match(title) and _SECTION.match(section)):
            return Unit(
                canonical_id=f"{kind}/?",
                provision=provision,
                fetch_key=None,
                parts=parts,
                error="could not read title and section",
                **common,
            )
        return Unit(
            canonical_id=f"{kind}/{title}/{section}",
            provision=provision,
            fetch_key=(kind, title, section),
            parts=parts,
            **common,
        )
    if isinstance(meta, ProvisionMeta) and kind in ("ca", "tx"):
        state = state_code(meta.jurisdiction, meta.state_implied, meta.code)
        assert state is not None  # classify() took the kind from this same code
        law = state[1]
        section, sub = meta.section.strip(), meta.subsection
        parts = pinpoint_parts(sub)
        provision = f"{meta.code} {meta.mark or '§'} {section}{sub}"
        inner = article_and_section(section) if kind == "tx" else None
        if inner:  # "art. 38.37, § 2(b)": the article is fetched, its section 2 is the first pinpoint
            section, parts = inner[0], (ARTICLE_SECTION + inner[1],) + parts
        if not readable_section(section):
            former = section.startswith("former ")  # repealed: today's section of that number is another
            return Unit(
                canonical_id=f"{kind}/{law}/?",
                provision=provision,
                fetch_key=None,
                parts=parts,
                error="a former section, which the code in force no longer holds"
                if former
                else f"could not read the section number {section!r}",
                **common,
            )
        return Unit(
            canonical_id=f"{kind}/{law}/{section}",
            provision=provision,
            fetch_key=(kind, law, section),
            parts=parts,
            **common,
        )
    if isinstance(meta, SeriesMeta):
        volume, page = meta.volume.strip(), meta.page.strip()
        provision = f"{volume} Fed. Reg. {page}"
        if not (_NUMBER.match(volume) and _NUMBER.match(page)):
            return Unit(
                canonical_id="fr/?",
                provision=provision,
                fetch_key=None,
                parts=(),
                error="could not read volume and page",
                **common,
            )
        return Unit(
            canonical_id=f"fr/{volume}/{page}", provision=provision, fetch_key=("fr", volume, page), parts=(), **common
        )
    if isinstance(meta, ProvisionMeta):  # a rule
        sub = meta.subsection
        parts = pinpoint_parts(sub)
        rule_set, rule = meta.rule_set, meta.rule.strip()
        slug = RULE_SETS.get(rule_set.lower().strip())
        provision = f"{rule_set} {rule}{sub}"
        if slug is None or not _RULE.match(rule):
            reason = "no source for this rule set" if slug is None else "could not read the rule number"
            return Unit(
                canonical_id=f"rule/{slug or rule_set}/{rule}",
                provision=provision,
                fetch_key=None,
                parts=parts,
                error=reason,
                **common,
            )
        return Unit(
            canonical_id=f"rule/{slug}/{rule}",
            provision=provision,
            fetch_key=("rule", slug, rule),
            parts=parts,
            **common,
        )
    assert isinstance(meta, ConstitutionMeta)
    jurisdiction = meta.jurisdiction.upper()
    which = "amendment" if meta.part == "amend" else "article"
    number = article_number(meta.number)
    section = meta.section
    provision = f"{jurisdiction} Const. {'amend.' if which == 'amendment' else 'art.'} {meta.number}"
    provision += f", § {section}" if section else ""
    provision += f", cl. {meta.clause}" if meta.clause else ""
    canonical = f"const/{jurisdiction.lower()}/{which}/{number}"
    if jurisdiction != "US" or number is None:
        reason = "only the U.S. Constitution is checked" if jurisdiction != "US" else "could not read the number"
        return Unit(canonical_id=canonical, provision=provision, fetch_key=None, parts=(), error=reason, **common)
    return Unit(
        canonical_id=canonical,
        provision=provision,
        fetch_key=("const", which, str(number)),
        parts=(str(section),) if section else (),
        **common,
    )


def units_for(authority: Authority, counter: list[int], quotations: dict) -> list[Unit]:
    """Units of one authority: every occurrence that carries provision components."""
    units = []
    for i in range(len(authority.occurrences)):
        unit = build_unit(f"u{counter[0] + 1}", authority, i, quotations)
        if unit is not None:
            counter[0] += 1
            units.append(unit)
    return units


def parse_date(value) -> date | None:
    try:
        return date.fromisoformat(str(value)[:10])
    except (TypeError, ValueError):
        return None
